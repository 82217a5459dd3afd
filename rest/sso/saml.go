package sso

// SAML 2.0 sign-in with the identity providers of each organization.

import (
	"context"
	"encoding/xml"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/crewjam/saml"

	"folio/domain"
	"folio/internal/logs"
	"folio/rest/session"
	"folio/store"
)

// SAMLConfig is what SAML sign-in needs.
type SAMLConfig struct {
	Store *store.Store
	// PublicURL is the server's public base URL: the service provider's
	// entity id and addresses are built from it.
	PublicURL string
	// Sessions starts the browser's session once the response is verified.
	Sessions *session.Manager
}

// SAMLPath is where every provider's endpoints live:
// SAMLPath/{organization id}/{provider id} is its entity id and metadata,
// .../start starts a sign-in, .../acs receives the response.
const SAMLPath = "/sso/saml/"

// MountSAML serves SAML sign-in for every organization's providers.
func MountSAML(mux *http.ServeMux, cfg SAMLConfig) {
	h := &samlHandler{cfg: cfg, base: strings.TrimRight(cfg.PublicURL, "/")}
	mux.HandleFunc("GET "+SAMLPath+"{orgId}/{providerId}", h.metadata)
	mux.HandleFunc("GET "+SAMLPath+"{orgId}/{providerId}/start", h.start)
	mux.HandleFunc("POST "+SAMLPath+"{orgId}/{providerId}/acs", h.acs)
}

type samlHandler struct {
	cfg  SAMLConfig
	base string
}

// provider loads the provider the path names; it answers 404 (or 500) and
// returns nil when there is none. A provider id under another
// organization's path is unknown.
func (h *samlHandler) provider(w http.ResponseWriter, r *http.Request) *store.SAMLProvider {
	p, err := h.cfg.Store.SAMLProvider(r.Context(), r.PathValue("orgId"), r.PathValue("providerId"))
	if err == nil {
		return p
	}
	if domain.ErrorCode(err) == domain.CodeNotFound {
		samlRefuse(w, r, nil, http.StatusNotFound, "no such sign-in provider", samlNotFound)
		return nil
	}
	samlFail(w, r, "load SAML provider", err)
	return nil
}

// metadata answers the service provider's metadata: what an admin gives
// the identity provider (entity id, assertion consumer service, NameID
// format). It is served before the provider is set up: the identity
// provider needs it first.
func (h *samlHandler) metadata(w http.ResponseWriter, r *http.Request) {
	p := h.provider(w, r)
	if p == nil {
		return
	}
	sp, _ := h.serviceProvider(p)
	body, err := xml.MarshalIndent(sp.Metadata(), "", "  ")
	if err != nil {
		samlFail(w, r, "SAML metadata", err)
		return
	}
	w.Header().Set("Content-Type", "application/samlmetadata+xml")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Write([]byte(xml.Header))
	w.Write(body)
}

// start sends the browser to the identity provider with an AuthnRequest
// (HTTP-Redirect binding). The request's id is recorded, bound to no
// browser: the response comes back as a cross-site POST, which carries no
// SameSite=Lax cookie. Where to land afterwards (next) is kept with it.
func (h *samlHandler) start(w http.ResponseWriter, r *http.Request) {
	p := h.provider(w, r)
	if p == nil {
		return
	}
	sp, err := h.serviceProvider(p)
	if err != nil {
		samlRefuse(w, r, p, http.StatusConflict, err.Error(), samlNotReady(err))
		return
	}
	req, err := sp.MakeAuthenticationRequest(p.SSOURL, saml.HTTPRedirectBinding, saml.HTTPPostBinding)
	if err != nil {
		samlFail(w, r, "make AuthnRequest", err)
		return
	}
	org, id := p.OrganizationID, p.ID
	next := h.next(r.URL.Query().Get("next"))
	err = h.cfg.Store.CreateSSORequest(r.Context(), store.SSORequest{ID: req.ID, Kind: store.SignInSAML,
		OrganizationID: &org, ProviderID: &id, Redirect: next}, "")
	if err != nil {
		samlFail(w, r, "record AuthnRequest", err)
		return
	}
	to, err := req.Redirect("", sp)
	if err != nil {
		samlFail(w, r, "AuthnRequest redirect", err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	http.Redirect(w, r, to.String(), http.StatusFound)
}

// acs receives the identity provider's response (HTTP-POST binding),
// verifies it, provisions the member and signs the browser in. A response
// that fails verification writes nothing: the request is used up and the
// assertion remembered only once the response has passed every check (a
// genuine response for someone who may not sign in uses them up too, and
// creates nothing).
func (h *samlHandler) acs(w http.ResponseWriter, r *http.Request) {
	p := h.provider(w, r)
	if p == nil {
		return
	}
	ctx := r.Context()
	sp, err := h.serviceProvider(p)
	if err != nil {
		samlRefuse(w, r, p, http.StatusForbidden, err.Error(), samlNotReady(err))
		return
	}
	if err := r.ParseForm(); err != nil {
		samlRefuse(w, r, p, http.StatusBadRequest, "unreadable form: "+err.Error(), samlMalformed)
		return
	}
	if r.Form.Has("SAMLart") {
		// Resolving an artifact would make this server call the identity
		// provider; the metadata offers HTTP-POST only.
		samlRefuse(w, r, p, http.StatusBadRequest, "artifact binding not supported", samlMalformed)
		return
	}
	inResponseTo, err := samlInResponseTo(r.PostForm.Get("SAMLResponse"))
	if err != nil {
		samlRefuse(w, r, p, http.StatusBadRequest, err.Error(), samlMalformed)
		return
	}
	// Which request the response answers decides what the library must
	// check it against; it checks that the (signed) response says so.
	var requestIDs []string
	switch {
	case inResponseTo != "":
		if err := h.cfg.Store.SAMLRequestPending(ctx, p.ID, inResponseTo); err != nil {
			samlRefuseErr(w, r, p, "InResponseTo "+inResponseTo+" is no pending request of this provider", err, samlUnknownRequest)
			return
		}
		requestIDs = []string{inResponseTo}
	case !p.IdPInitiated:
		samlRefuse(w, r, p, http.StatusForbidden, "unsolicited response and the provider does not allow IdP-initiated sign-in", samlUnsolicited)
		return
	}
	sp.AllowIDPInitiated = p.IdPInitiated && inResponseTo == ""
	// The library records the assertion's id once every other check has
	// passed, until the assertion would have expired anyway.
	cache := &samlReplayCache{ctx: ctx, store: h.cfg.Store, providerID: p.ID}
	sp.ReplayCache = cache
	assertion, err := sp.ParseResponse(r, requestIDs)
	if cache.failed != nil {
		samlFail(w, r, "remember assertion", cache.failed)
		return
	}
	if err != nil {
		reason, page := samlRejection(err)
		samlRefuse(w, r, p, http.StatusForbidden, reason, page)
		return
	}
	next := ""
	if inResponseTo != "" {
		req, err := h.cfg.Store.TakeSSORequest(ctx, store.SignInSAML, inResponseTo, "")
		if err != nil || req.ProviderID == nil || *req.ProviderID != p.ID {
			samlRefuseErr(w, r, p, "request "+inResponseTo+" was used meanwhile", err, samlUnknownRequest)
			return
		}
		next = req.Redirect
	} else {
		next = h.next(r.PostForm.Get("RelayState"))
	}
	email, name := samlIdentity(assertion)
	if email == "" {
		samlRefuse(w, r, p, http.StatusForbidden, "no e-mail address in the assertion", samlNoEmail)
		return
	}
	user, err := h.cfg.Store.SAMLSignIn(ctx, p, email, name)
	if err != nil {
		if code := domain.ErrorCode(err); code == domain.CodeForbidden || code == domain.CodeInvalid {
			samlRefuse(w, r, p, http.StatusForbidden, err.Error(), samlPage{Title: "Sign-in refused", Message: samlSentence(domain.ErrorMessage(err))})
			return
		}
		samlFail(w, r, "SAML provisioning", err)
		return
	}
	if err := h.cfg.Sessions.SignIn(w, r, user, session.Method{Kind: store.SignInSAML, ProviderID: p.ID}); err != nil {
		samlFail(w, r, "start session", err)
		return
	}
	logs.From(ctx).LogAttrs(ctx, slog.LevelInfo, "SAML sign-in", slog.String("organization_id", p.OrganizationID),
		slog.String("provider_id", p.ID), slog.String("user_id", user.ID), slog.Bool("idp_initiated", inResponseTo == ""))
	if next == "" {
		next = "/account"
	}
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, next, http.StatusSeeOther)
}

// samlReplayCache remembers, per provider, the assertions already used
// (store.RememberAssertion): a replayed one is refused.
type samlReplayCache struct {
	ctx        context.Context
	store      *store.Store
	providerID string
	// failed is an error of the database (not a replay): the response
	// is then not the person's fault.
	failed error
}

func (c *samlReplayCache) Consume(assertionID string, expires time.Time) error {
	err := c.store.RememberAssertion(c.ctx, c.providerID, assertionID, expires)
	if err != nil && domain.ErrorCode(err) == domain.CodeConflict {
		return saml.ErrAssertionReplayed
	}
	c.failed = err
	return err
}

// samlRejection turns the library's refusal into the reason logged and
// the page shown. The library's own message names no reason
// ("Authentication failed"); its private error does.
func samlRejection(err error) (string, samlPage) {
	reason := err.Error()
	var ire *saml.InvalidResponseError
	if errors.As(err, &ire) && ire.PrivateErr != nil {
		err = ire.PrivateErr
		reason = err.Error()
	}
	var status saml.ErrBadStatus
	switch {
	case errors.As(err, &status):
		return reason, samlPage{Title: "Sign-in refused", Message: "The identity provider did not sign you in (status " + status.Status + ")."}
	case errors.Is(err, saml.ErrAssertionReplayed):
		return reason, samlPage{Title: "Sign-in refused", Message: "This sign-in response was used already. Start again.", Retry: true}
	case errors.Is(err, saml.ErrExpired), errors.Is(err, saml.ErrNotYetValid), errors.Is(err, saml.ErrCertificateNotValidNow):
		return reason, samlPage{Title: "Sign-in refused", Message: "The identity provider's response is outside its time window: it has expired, " +
			"or is not valid yet (check the clocks of the identity provider and of this server). Start again.", Retry: true}
	case errors.Is(err, saml.ErrAudienceMismatch), errors.Is(err, saml.ErrDestinationMismatch):
		return reason, samlPage{Title: "Sign-in refused", Message: "The identity provider's response was made for another service " +
			"(its audience or recipient is not this provider's entity id and ACS URL)."}
	case errors.Is(err, saml.ErrRequestIDMismatch):
		return reason, samlUnknownRequest
	case errors.Is(err, saml.ErrIssuerMismatch):
		return reason, samlPage{Title: "Sign-in refused", Message: "The response comes from another identity provider than the one set up for this organization (its issuer is not the provider's entity id)."}
	case errors.Is(err, saml.ErrDecryptionFailed):
		return reason, samlPage{Title: "Sign-in refused", Message: "The identity provider encrypted the assertion: this server has no " +
			"decryption key, so turn assertion encryption off for this application at the identity provider."}
	case errors.Is(err, saml.ErrMalformedMessage):
		return reason, samlMalformed
	}
	// Everything else is a signature that is missing, invalid, made with
	// another key, or does not cover what would be read.
	return reason, samlPage{Title: "Sign-in refused", Message: "The identity provider's response is not signed by the certificate set up for " +
		"this organization's provider, or the signature does not cover the assertion."}
}
