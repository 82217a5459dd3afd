package sso

import (
	"context"
	"crypto/subtle"
	"embed"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"strings"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"folio/domain"
	"folio/internal/logs"
	"folio/rest/pages"
	"folio/rest/session"
	"folio/store"
)

//go:embed oidc_refused.html
var oidcFiles embed.FS

var oidcRefusedPage = pages.Parse(oidcFiles, "oidc_refused.html")

// browserSecretLen is the length of the browser cookie's secret.
const browserSecretLen = 43

// start sends the browser to the provider: an authorization code request
// with PKCE (S256), a state naming the request we record, and a nonce the
// ID token must carry back.
func (o *OIDC) start(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	next := oidcRedirect(r.URL.Query().Get("next"))
	p, err := o.discover(ctx)
	if err != nil {
		o.refuse(w, r, http.StatusBadGateway, "The identity provider cannot be reached",
			"Folio could not reach the identity provider. Try again in a moment; if it keeps failing, tell the server's operator.",
			next, "discovery failed: "+err.Error())
		return
	}
	// A browser keeps its secret across sign-ins started in several tabs;
	// each start records a request of its own under it.
	browser := ""
	if c, err := r.Cookie(OIDCBrowserCookie); err == nil && validBrowserSecret(c.Value) {
		browser = c.Value
	} else {
		browser = domain.RandomString(browserSecretLen)
	}
	state, nonce, verifier := domain.RandomString(43), domain.RandomString(43), oauth2.GenerateVerifier()
	req := store.SSORequest{ID: state, Kind: store.SignInOIDC, Nonce: nonce, Verifier: verifier, Redirect: next}
	if err := o.store.CreateSSORequest(ctx, req, browser); err != nil {
		o.fail(w, r, err)
		return
	}
	http.SetCookie(w, &http.Cookie{Name: OIDCBrowserCookie, Value: browser, Path: oidcCookiePath,
		MaxAge: int(store.SSORequestLifetime.Seconds()), HttpOnly: true, Secure: o.secure, SameSite: http.SameSiteLaxMode})
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	http.Redirect(w, r, o.oauth2Config(p).AuthCodeURL(state, oidc.Nonce(nonce), oauth2.S256ChallengeOption(verifier)), http.StatusFound)
}

func validBrowserSecret(s string) bool {
	if len(s) != browserSecretLen {
		return false
	}
	for _, c := range []byte(s) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// oidcClaims are the claims of an ID token the server reads.
type oidcClaims struct {
	Email         string   `json:"email"`
	EmailVerified oidcBool `json:"email_verified"`
	Name          string   `json:"name"`
	GivenName     string   `json:"given_name"`
	FamilyName    string   `json:"family_name"`
	// AuthorizedParty must be this client when the token has several
	// audiences (OpenID Connect Core 3.1.3.7).
	AuthorizedParty string `json:"azp"`
}

// oidcBool is true only for JSON true or "true" (some providers send
// the string): anything else, or nothing, is not verified.
type oidcBool bool

func (b *oidcBool) UnmarshalJSON(raw []byte) error {
	*b = string(raw) == "true" || string(raw) == `"true"`
	return nil
}

// callback finishes a sign-in: the request must be one this browser
// started, the code is exchanged with its PKCE verifier, the ID token is
// verified (signature by the provider's keys, issuer, audience, expiry)
// and must carry the request's nonce and a verified address, in an
// allowed domain. Then the account is found or made, joins organizations
// by domain, and the browser is signed in.
func (o *OIDC) callback(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	// The address carries a code: no page reached from here names it.
	w.Header().Set("Referrer-Policy", "no-referrer")
	q := r.URL.Query()
	browser := ""
	if c, err := r.Cookie(OIDCBrowserCookie); err == nil {
		browser = c.Value
	}
	if code := q.Get("error"); code != "" {
		// The provider's answer used up the request, whatever it says.
		if state := q.Get("state"); state != "" {
			_, _ = o.store.TakeSSORequest(ctx, store.SignInOIDC, state, browser)
		}
		o.refuse(w, r, http.StatusForbidden, "You were not signed in", providerErrorText(code), "",
			"the provider answered "+clip(code, 60)+": "+clip(q.Get("error_description"), 200))
		return
	}
	state, code := q.Get("state"), q.Get("code")
	if state == "" || code == "" {
		o.refuse(w, r, http.StatusBadRequest, "This sign-in cannot go on",
			"This address is where the identity provider sends you back, with a code and a state; this request had neither. Start again.",
			"", "callback without a code or a state")
		return
	}
	req, err := o.store.TakeSSORequest(ctx, store.SignInOIDC, state, browser)
	if err != nil {
		if domain.ErrorCode(err) != domain.CodeNotFound {
			o.fail(w, r, err)
			return
		}
		o.refuse(w, r, http.StatusBadRequest, "This sign-in cannot go on",
			"This sign-in was not started in this browser, was used already, or took too long. Start again.",
			"", "unknown, used, expired or other browser's state")
		return
	}
	next := req.Redirect
	p, err := o.discover(ctx)
	if err != nil {
		o.refuse(w, r, http.StatusBadGateway, "The identity provider cannot be reached",
			"Folio could not reach the identity provider. Try again in a moment.", next, "discovery failed: "+err.Error())
		return
	}
	claims, err := o.verify(ctx, p, code, req)
	if err != nil {
		var refusal *oidcRefusal
		if errors.As(err, &refusal) {
			o.refuse(w, r, refusal.status, "You were not signed in", refusal.message, next, refusal.reason)
			return
		}
		o.fail(w, r, err)
		return
	}
	email := strings.TrimSpace(claims.Email)
	at := strings.LastIndexByte(email, '@')
	if !claims.EmailVerified || at <= 0 || at == len(email)-1 {
		o.refuse(w, r, http.StatusForbidden, "You were not signed in",
			"Your identity provider did not confirm that your e-mail address is yours. Verify it there, then sign in again.",
			next, "no verified e-mail address in the ID token")
		return
	}
	emailDomain := strings.ToLower(email[at+1:])
	if len(o.domains) > 0 && !o.domains[emailDomain] {
		o.refuse(w, r, http.StatusForbidden, "You were not signed in",
			"Addresses at "+emailDomain+" may not sign in to this server.", next, "e-mail domain not allowed: "+emailDomain)
		return
	}
	name := claims.Name
	if name == "" {
		name = strings.TrimSpace(claims.GivenName + " " + claims.FamilyName)
	}
	signed, err := o.store.SignInOIDC(ctx, store.OIDCIdentity{Email: email, Name: name, JoinByDomain: o.domains[emailDomain]})
	if err != nil {
		switch domain.ErrorCode(err) {
		case domain.CodeForbidden:
			o.refuse(w, r, http.StatusForbidden, "Sign in through your organization", domain.ErrorMessage(err), "",
				"member of an organization that requires SAML")
			return
		case domain.CodeInvalid:
			o.refuse(w, r, http.StatusForbidden, "You were not signed in",
				"The e-mail address your identity provider gave is not one Folio can use.", next, "unusable e-mail address")
			return
		}
		o.fail(w, r, err)
		return
	}
	for _, m := range signed.Joined {
		logs.From(ctx).LogAttrs(ctx, slog.LevelInfo, "oidc sign-in joined an organization by e-mail domain",
			slog.String("organization_id", m.OrganizationID), slog.String("user_id", m.UserID), slog.String("domain", emailDomain))
	}
	if err := o.sessions.SignIn(w, r, signed.User, session.Method{Kind: store.SignInOIDC}); err != nil {
		o.fail(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, next, http.StatusSeeOther)
}

// oidcRefusal is a sign-in the provider's answer does not allow.
type oidcRefusal struct {
	status          int
	message, reason string
}

func (e *oidcRefusal) Error() string { return e.reason }

// verify exchanges the code and checks the ID token it brings; a refusal
// is an *oidcRefusal, any other error the server's own.
func (o *OIDC) verify(ctx context.Context, p *oidc.Provider, code string, req *store.SSORequest) (*oidcClaims, error) {
	ctx = context.WithValue(ctx, oauth2.HTTPClient, o.cfg.HTTPClient)
	tok, err := o.oauth2Config(p).Exchange(ctx, code, oauth2.VerifierOption(req.Verifier))
	if err != nil {
		var re *oauth2.RetrieveError
		if errors.As(err, &re) {
			return nil, &oidcRefusal{http.StatusForbidden, "The identity provider refused to finish this sign-in. Start again.",
				"token endpoint refused the code: " + clip(re.ErrorCode, 60) + " " + clip(re.ErrorDescription, 200)}
		}
		return nil, &oidcRefusal{http.StatusBadGateway, "Folio could not reach the identity provider. Try again in a moment.",
			"token exchange failed: " + err.Error()}
	}
	raw, _ := tok.Extra("id_token").(string)
	if raw == "" {
		return nil, &oidcRefusal{http.StatusForbidden, "The identity provider sent no ID token.", "token response without an id_token"}
	}
	bad := "The identity provider's answer could not be trusted. Start again; if it keeps failing, tell the server's operator."
	idt, err := p.Verifier(&oidc.Config{ClientID: o.cfg.ClientID}).Verify(ctx, raw)
	if err != nil {
		return nil, &oidcRefusal{http.StatusForbidden, bad, "ID token refused: " + err.Error()}
	}
	if subtle.ConstantTimeCompare([]byte(idt.Nonce), []byte(req.Nonce)) != 1 {
		return nil, &oidcRefusal{http.StatusForbidden, bad, "ID token nonce does not match the request's"}
	}
	if idt.AccessTokenHash != "" {
		if err := idt.VerifyAccessToken(tok.AccessToken); err != nil {
			return nil, &oidcRefusal{http.StatusForbidden, bad, "ID token at_hash: " + err.Error()}
		}
	}
	var claims oidcClaims
	if err := idt.Claims(&claims); err != nil {
		return nil, &oidcRefusal{http.StatusForbidden, bad, "ID token claims: " + err.Error()}
	}
	if len(idt.Audience) > 1 && claims.AuthorizedParty != o.cfg.ClientID {
		return nil, &oidcRefusal{http.StatusForbidden, bad, "ID token for several audiences without this client as azp"}
	}
	return &claims, nil
}

// providerErrorText says what an error answer from the provider means to a
// person. The code comes from the URL, which anyone can write: only codes
// we know are shown, and never the description.
func providerErrorText(code string) string {
	switch code {
	case "access_denied":
		return "The identity provider did not allow this sign-in (you, or a rule of theirs, declined it)."
	case "login_required", "interaction_required", "consent_required", "account_selection_required":
		return "The identity provider needs you to sign in there first. Start again."
	case "temporarily_unavailable", "server_error":
		return "The identity provider could not sign you in just now. Try again in a moment."
	}
	return "The identity provider did not sign you in. Start again; if it keeps failing, tell the server's operator."
}

// refuse answers a sign-in that does not go on: a page for the person
// (status 400, 403 or 502), a warning with the reason for the operator,
// and no session.
func (o *OIDC) refuse(w http.ResponseWriter, r *http.Request, status int, title, message, next, reason string) {
	ctx := r.Context()
	logs.From(ctx).LogAttrs(ctx, slog.LevelWarn, "oidc sign-in refused", slog.Int("status", status), slog.String("reason", reason))
	again := OIDCStartPath
	if next != "" {
		again += "?" + url.Values{"next": {next}}.Encode()
	}
	pages.Write(w, status, oidcRefusedPage, map[string]string{"Title": title, "Message": message, "Again": again,
		"Provider": o.cfg.Label()})
}

// fail answers an error of the server's own (the database): 500, logged.
func (o *OIDC) fail(w http.ResponseWriter, r *http.Request, err error) {
	ctx := r.Context()
	logs.From(ctx).LogAttrs(ctx, slog.LevelError, "oidc sign-in failed", slog.String("error", err.Error()))
	pages.Write(w, http.StatusInternalServerError, oidcRefusedPage, map[string]string{"Title": "Something went wrong",
		"Message": "Folio could not finish signing you in. Try again in a moment.", "Again": OIDCStartPath, "Provider": o.cfg.Label()})
}

// clip shortens text from a URL or a provider for the log.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "") + "…"
}
