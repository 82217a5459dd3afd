package rest

import (
	"net/http"
	"time"

	"folio/rest/pages"
	"folio/rest/session"
	"folio/rest/signin"
	"folio/rest/sso"
)

// Accounts configures how people sign in: sign-up, browser sessions, mail
// and single sign-on.
type Accounts struct {
	// Signup is who may create an account from the sign-up page: "open"
	// (anyone), "invite" (an invited address, or the first user; the
	// default), or "off" (signin.ParseSignup reads FOLIO_SIGNUP).
	Signup string
	// SessionIdle and SessionMax are the idle and absolute lifetimes of a
	// browser session; zero takes session.DefaultIdle and DefaultMax.
	SessionIdle, SessionMax time.Duration
	// MailEnabled says whether mail is sent (FOLIO_SMTP_URL is set): pages
	// that promise a mail say otherwise when it is not.
	MailEnabled bool
	// OIDC is the server's OpenID Connect provider (FOLIO_OIDC_*); a zero
	// Issuer turns OpenID Connect sign-in off.
	OIDC sso.OIDCConfig
	// OIDCName labels the sign-in page's OpenID Connect button; "" when
	// OpenID Connect is off.
	OIDCName string
}

// newSessions makes the session manager of a handler.
func newSessions(cfg Config) *session.Manager {
	return session.New(session.Config{Store: cfg.Store, PublicURL: cfg.PublicURL,
		Idle: cfg.Accounts.SessionIdle, Max: cfg.Accounts.SessionMax,
		ClientAddr: func(r *http.Request) string { return clientAddr(r, cfg.TrustedProxies) }})
}

// mountAccounts serves the pages people sign in with, and single sign-on.
func mountAccounts(mux *http.ServeMux, cfg Config, sessions *session.Manager) error {
	mux.Handle("GET "+pages.AssetsPath, pages.Assets())
	sso.MountSAML(mux, sso.SAMLConfig{Store: cfg.Store, PublicURL: cfg.PublicURL, Sessions: sessions})
	signin.Mount(mux, signin.Config{Store: cfg.Store, Sessions: sessions, Signup: cfg.Accounts.Signup,
		MailEnabled: cfg.Accounts.MailEnabled, OIDCName: cfg.Accounts.OIDCName,
		ClientAddr: func(r *http.Request) string { return clientAddr(r, cfg.TrustedProxies) }})
	if cfg.Accounts.OIDC.Enabled() {
		o, err := sso.NewOIDC(cfg.Accounts.OIDC, cfg.Store, sessions, cfg.PublicURL)
		if err != nil {
			return err
		}
		o.Mount(mux)
	}
	return nil
}
