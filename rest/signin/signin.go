// Package signin serves the pages people sign in with: sign-in, sign-up
// (with its confirmation link), invitations by e-mail, forgotten and reset
// passwords, the single sign-on choice, sign-out and the account page
// ("signed in, now what": organizations, personal API tokens, sessions,
// password change). They are rendered on the server in the layout of
// package pages, have no script at all, and post forms: before sign-in a
// form must come from this site (session.Manager.CheckOrigin), after it
// it also carries the session's CSRF token.
//
// No answer, and no answer's time, tells whether an address has an
// account: an unknown address costs a password hash like a known one
// (password.Dummy), and the pages that send mail say the same whoever
// the address belongs to.
package signin

import (
	"embed"
	"errors"
	"html/template"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"folio/domain"
	"folio/graph"
	"folio/internal/logs"
	"folio/rest/pages"
	"folio/rest/session"
	"folio/store"
)

// Sign-up modes (FOLIO_SIGNUP).
const (
	// SignupOpen lets anyone with an e-mail address create an account.
	SignupOpen = "open"
	// SignupInvite lets only invited addresses (and the first user)
	// create an account; the default.
	SignupInvite = "invite"
	// SignupOff leaves accounts to the command line (folio user create)
	// and to the first user.
	SignupOff = "off"
)

// ParseSignup checks a FOLIO_SIGNUP value; "" is SignupInvite.
func ParseSignup(v string) (string, error) {
	switch v = strings.ToLower(strings.TrimSpace(v)); v {
	case "":
		return SignupInvite, nil
	case SignupOpen, SignupInvite, SignupOff:
		return v, nil
	}
	return "", errors.New(`want "open", "invite" or "off"`)
}

// Config is what the pages need.
type Config struct {
	Store    *store.Store
	Sessions *session.Manager
	// Signup is SignupOpen, SignupInvite or SignupOff ("" is invite).
	Signup string
	// MailEnabled says whether mail is sent: without it, the pages that
	// would send a link say to ask an administrator instead.
	MailEnabled bool
	// OIDCName names the server's OpenID Connect provider on the "Sign
	// in with ..." links; "" when none is configured.
	OIDCName string
	// ClientAddr names a request's client (behind trusted proxies), for
	// the throttle of password guessing.
	ClientAddr func(*http.Request) string
}

// Paths of the pages.
const (
	SignInPath         = "/signin"
	SignOutPath        = "/signout"
	SignUpPath         = "/signup"
	SignUpConfirmPath  = "/signup/confirm"
	InvitationPath     = "/invitation"
	ForgotPasswordPath = "/forgot-password"
	ResetPasswordPath  = "/reset-password"
	AccountPath        = "/account"
	SSOPath            = "/sso"
	// OIDCStartPath starts a sign-in with the OpenID Connect provider.
	OIDCStartPath = "/sso/oidc/start"
)

//go:embed templates
var files embed.FS

// handler serves the pages.
type handler struct {
	cfg Config
	tpl map[string]*template.Template
}

// Mount serves the pages on mux.
func Mount(mux *http.ServeMux, cfg Config) {
	if cfg.Signup == "" {
		cfg.Signup = SignupInvite
	}
	if cfg.ClientAddr == nil {
		cfg.ClientAddr = func(r *http.Request) string { return r.RemoteAddr }
	}
	h := &handler{cfg: cfg, tpl: map[string]*template.Template{}}
	for _, name := range []string{"signin", "signup", "signup-sent", "signup-confirm", "invitation",
		"forgot", "forgot-sent", "reset", "account", "sso", "message"} {
		h.tpl[name] = pages.Parse(files, "templates/"+name+".html", "templates/parts.html")
	}
	mux.HandleFunc("GET "+SignInPath, h.signInPage)
	mux.HandleFunc("POST "+SignInPath, h.signIn)
	mux.HandleFunc("POST "+SignOutPath, h.signOut)
	mux.HandleFunc("GET "+SignUpPath, h.signUpPage)
	mux.HandleFunc("POST "+SignUpPath, h.signUp)
	mux.HandleFunc("GET "+SignUpConfirmPath, h.confirmPage)
	mux.HandleFunc("POST "+SignUpConfirmPath, h.confirm)
	mux.HandleFunc("GET "+InvitationPath, h.invitationPage)
	mux.HandleFunc("POST "+InvitationPath, h.invitation)
	mux.HandleFunc("GET "+ForgotPasswordPath, h.forgotPage)
	mux.HandleFunc("POST "+ForgotPasswordPath, h.forgot)
	mux.HandleFunc("GET "+ResetPasswordPath, h.resetPage)
	mux.HandleFunc("POST "+ResetPasswordPath, h.reset)
	mux.HandleFunc("GET "+SSOPath, h.ssoPage)
	mux.HandleFunc("GET "+AccountPath, h.accountPage)
	mux.HandleFunc("POST "+AccountPath+"/invitations/{id}/accept", h.acceptInvitation)
	mux.HandleFunc("POST "+AccountPath+"/invitations/{id}/decline", h.declineInvitation)
	mux.HandleFunc("POST "+AccountPath+"/tokens", h.createToken)
	mux.HandleFunc("POST "+AccountPath+"/tokens/{id}/revoke", h.revokeToken)
	mux.HandleFunc("POST "+AccountPath+"/sessions/{id}/end", h.endSession)
	mux.HandleFunc("POST "+AccountPath+"/sessions/end-others", h.endOtherSessions)
	mux.HandleFunc("POST "+AccountPath+"/password", h.changePassword)
}

// view is what every page template may read.
type view struct {
	// Error and Notice are shown above the page's form.
	Error, Notice string
	// CSRF is the session's CSRF token (signed-in pages' forms).
	CSRF string
	// Next is where a sign-in leads (a safe local path).
	Next string
	// Email fills the e-mail field again.
	Email string
	// Name fills the name field again.
	Name string
	// Token is the one-time link's secret the form posts back.
	Token string
	// OIDCName names the OpenID Connect provider, if any.
	OIDCName string
	// SSO lists single sign-on choices.
	SSO []ssoChoice
	// Page holds what one page alone shows.
	Page any
}

// render writes a page.
func (h *handler) render(w http.ResponseWriter, status int, name string, v *view) {
	if v.OIDCName == "" {
		v.OIDCName = h.cfg.OIDCName
	}
	pages.Write(w, status, h.tpl[name], v)
}

// message is a page that only says something, with a link onward.
type message struct {
	Title, Text string
	// Link and LinkText lead on; none when Link is "".
	Link, LinkText string
}

func (h *handler) message(w http.ResponseWriter, status int, m message) {
	h.render(w, status, "message", &view{Page: m})
}

// fail answers an unexpected error: logged, shown as nothing but a failure.
func (h *handler) fail(w http.ResponseWriter, r *http.Request, err error) {
	ctx := r.Context()
	logs.From(ctx).LogAttrs(ctx, slog.LevelError, "sign-in page failed", slog.String("path", r.URL.Path),
		slog.String("error", err.Error()))
	// Back to a page that shows the form again (a form's own address
	// answers GET, except the account page's actions and sign-out).
	again := r.URL.RequestURI()
	if r.Method != http.MethodGet {
		again = r.URL.Path
		if strings.HasPrefix(again, AccountPath+"/") || again == SignOutPath {
			again = AccountPath
		}
	}
	h.message(w, http.StatusInternalServerError, message{Title: "Something went wrong",
		Text: "The server could not finish this. Try again in a moment.", Link: again, LinkText: "Try again"})
}

// sameSite refuses a form that another site made the browser send (a
// sign-in or sign-up forged by another site). It reports whether the
// request may go on.
func (h *handler) sameSite(w http.ResponseWriter, r *http.Request) bool {
	if err := h.cfg.Sessions.CheckOrigin(r); err != nil {
		h.message(w, http.StatusForbidden, message{Title: "Refused",
			Text: "This form was sent from another site. Open the page on this site and send it again.",
			Link: SignInPath, LinkText: "Go to sign-in"})
		return false
	}
	return true
}

// signedIn is the user and session of a browser's request, or nil when it
// holds no live session (an API token is not a browser's sign-in).
func signedIn(r *http.Request) (*store.User, string) {
	c, ok := graph.CredentialOf(r.Context())
	u := graph.Viewer(r.Context())
	if !ok || c.Kind != graph.CredentialSession || u == nil {
		return nil, ""
	}
	return u, c.ID
}

// csrfChecked is the signed-in user and session of a form post, once its
// CSRF token and origin are checked; nil (and answered) otherwise.
func (h *handler) csrfChecked(w http.ResponseWriter, r *http.Request) (*store.User, string) {
	u, sid := signedIn(r)
	if u == nil {
		http.Redirect(w, r, signInLink(AccountPath), http.StatusSeeOther)
		return nil, ""
	}
	if err := h.cfg.Sessions.CheckCSRF(r, sid); err != nil {
		h.message(w, http.StatusForbidden, message{Title: "Refused",
			Text: "This form was not sent from this site's own page, or the page is older than your session. Open it again and send it from there.",
			Link: AccountPath, LinkText: "Go to your account"})
		return nil, ""
	}
	return u, sid
}

// SafeNext returns next when it is a path on this site ("/..." but not
// "//..." or "/\...", which browsers take for another host, nor anything
// with a control character, which browsers drop), else AccountPath.
func SafeNext(next string) string {
	if next == "" || next[0] != '/' || len(next) > 2000 {
		return AccountPath
	}
	if len(next) > 1 && (next[1] == '/' || next[1] == '\\') {
		return AccountPath
	}
	for _, c := range next {
		if c < 0x20 || c == 0x7f || c == '\\' {
			return AccountPath
		}
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil {
		return AccountPath
	}
	return next
}

// emailOK is a quick check of an address typed into a form: something@
// something, no spaces, not absurdly long. The mail that follows is the
// real check.
func emailOK(s string) bool {
	at := strings.LastIndexByte(s, '@')
	return at > 0 && at < len(s)-1 && len(s) <= 320 && !strings.ContainsAny(s, " \t\r\n<>,;\"")
}

// formTime shows a time to people: UTC, to the minute.
func formTime(t time.Time) string { return t.UTC().Format("2 Jan 2006 15:04 UTC") }

// userMessage is what a store error tells a person: the domain message of
// invalid input or a refused state, else nothing (fail it).
func userMessage(err error) (string, bool) {
	switch domain.ErrorCode(err) {
	case domain.CodeInvalid, domain.CodeConflict, domain.CodeNotFound:
		return domain.ErrorMessage(err), true
	}
	return "", false
}
