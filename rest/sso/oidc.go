package sso

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"folio/rest/session"
	"folio/store"
)

// OIDCConfig is the server's OpenID Connect provider (FOLIO_OIDC_*). A
// zero Issuer turns OpenID Connect sign-in off.
type OIDCConfig struct {
	// Issuer is the provider's issuer URL: its discovery document is at
	// Issuer + "/.well-known/openid-configuration", and every ID token
	// must name it exactly.
	Issuer string
	// ClientID and ClientSecret are this server's client at the provider;
	// ID tokens must be for ClientID (their audience).
	ClientID, ClientSecret string
	// Name labels the sign-in button ("OpenID Connect" when empty).
	Name string
	// AllowedDomains, when not empty, are the only e-mail domains (lower
	// case) whose verified addresses may sign in, and the domains whose
	// addresses join the organizations that claim them (emailDomains).
	// Empty: any verified address signs in, and nobody joins an
	// organization by domain (any user may claim any domain for an
	// organization; only the operator can say which ones the provider
	// speaks for).
	AllowedDomains []string
	// HTTPClient talks to the provider (discovery, keys, the token
	// endpoint); nil is a client with a 10-second timeout.
	HTTPClient *http.Client
}

// Enabled reports whether OpenID Connect sign-in is configured.
func (c OIDCConfig) Enabled() bool { return c.Issuer != "" }

// Label is the sign-in button's label.
func (c OIDCConfig) Label() string {
	if c.Name == "" {
		return DefaultOIDCName
	}
	return c.Name
}

// DefaultOIDCName is the button's label when FOLIO_OIDC_NAME is unset.
const DefaultOIDCName = "OpenID Connect"

// The addresses of OpenID Connect sign-in: start sends the browser to the
// provider, which sends it back to the callback (register
// PublicURL + OIDCCallbackPath as the client's redirect URI).
const (
	OIDCStartPath    = "/sso/oidc/start"
	OIDCCallbackPath = "/sso/oidc/callback"
	// oidcCookiePath scopes the browser cookie to these two addresses.
	oidcCookiePath = "/sso/oidc"
	// OIDCBrowserCookie binds a sign-in under way to the browser that
	// started it: a callback from any other browser is refused (so nobody
	// can sign a victim in as themselves by sending them a callback link).
	OIDCBrowserCookie = "folio_oidc"
)

// oidcScopes are what the server asks of the provider: an ID token
// (openid), the address and whether it is verified (email), the name
// (profile).
var oidcScopes = []string{oidc.ScopeOpenID, "email", "profile"}

// discoveryRetry is how long a failed discovery is remembered: sign-ins
// meanwhile are refused at once instead of each waiting for the provider.
const discoveryRetry = 10 * time.Second

// OIDC serves OpenID Connect sign-in.
type OIDC struct {
	cfg         OIDCConfig
	store       *store.Store
	sessions    *session.Manager
	redirectURL string
	secure      bool
	domains     map[string]bool

	// The provider is discovered at the first sign-in, not when the server
	// starts: a server does not refuse to start because its identity
	// provider is down, and a failed discovery is tried again later.
	mu        sync.Mutex
	provider  *oidc.Provider
	failedAt  time.Time
	failedErr error
}

// NewOIDC makes the OpenID Connect handlers of a server whose public base
// URL is publicURL. It reaches no network.
func NewOIDC(cfg OIDCConfig, s *store.Store, sessions *session.Manager, publicURL string) (*OIDC, error) {
	u, err := url.Parse(cfg.Issuer)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, fmt.Errorf("OpenID Connect issuer %q: want an http(s) URL", cfg.Issuer)
	}
	if cfg.ClientID == "" || cfg.ClientSecret == "" {
		return nil, errors.New("OpenID Connect needs a client id and a client secret")
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	}
	base := strings.TrimRight(publicURL, "/")
	o := &OIDC{cfg: cfg, store: s, sessions: sessions, redirectURL: base + OIDCCallbackPath,
		secure: strings.HasPrefix(base, "https://"), domains: map[string]bool{}}
	for _, d := range cfg.AllowedDomains {
		o.domains[strings.ToLower(d)] = true
	}
	return o, nil
}

// Mount serves start and callback on mux.
func (o *OIDC) Mount(mux *http.ServeMux) {
	mux.HandleFunc("GET "+OIDCStartPath, o.start)
	mux.HandleFunc("GET "+OIDCCallbackPath, o.callback)
}

// discover returns the provider, fetching its discovery document the
// first time (and again after a failure, once discoveryRetry has passed).
func (o *OIDC) discover(ctx context.Context) (*oidc.Provider, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.provider != nil {
		return o.provider, nil
	}
	if o.failedErr != nil && time.Since(o.failedAt) < discoveryRetry {
		return nil, o.failedErr
	}
	// Not the request's context: the provider keeps this one's client for
	// fetching its keys later.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	p, err := oidc.NewProvider(oidc.ClientContext(ctx, o.cfg.HTTPClient), o.cfg.Issuer)
	if err != nil {
		o.failedAt, o.failedErr = time.Now(), fmt.Errorf("discovery of %s: %w", o.cfg.Issuer, err)
		return nil, o.failedErr
	}
	o.provider, o.failedErr = p, nil
	return p, nil
}

// oauth2Config is the authorization code flow with provider p.
func (o *OIDC) oauth2Config(p *oidc.Provider) *oauth2.Config {
	return &oauth2.Config{ClientID: o.cfg.ClientID, ClientSecret: o.cfg.ClientSecret, Endpoint: p.Endpoint(),
		RedirectURL: o.redirectURL, Scopes: oidcScopes}
}

// oidcRedirect is where the browser goes after signing in: next when it
// is a path on this site, else the account page. Anything that a browser
// could read as another site (//host, /\host, a scheme) is refused: the
// sign-in must not be a redirector.
func oidcRedirect(next string) string {
	const fallback = "/account"
	if next == "" || len(next) > 2000 || next[0] != '/' || strings.HasPrefix(next, "//") || strings.ContainsAny(next, "\\") {
		return fallback
	}
	for _, r := range next {
		if r < 0x20 || r == 0x7f {
			return fallback
		}
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil {
		return fallback
	}
	return next
}
