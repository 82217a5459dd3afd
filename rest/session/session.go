// Package session keeps browsers signed in: an opaque cookie backed by a
// session row (store.Session), rotated at every sign-in, with idle and
// absolute lifetimes, and the CSRF checks that writes made with it pass.
// API tokens are the programs' way in; a session is the people's, and both
// become the same viewer.
package session

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"folio/domain"
	"folio/internal/logs"
	"folio/store"
)

// Cookie names and the CSRF token's header and form field.
const (
	// CookieName holds the session's secret (HttpOnly).
	CookieName = "folio_session"
	// CSRFCookieName holds the session's CSRF token, readable by the app's
	// own script, which sends it back in CSRFHeader (double submit, and
	// the token is bound to the session by an HMAC).
	CSRFCookieName = "folio_csrf"
	// DeviceCookieName recognizes a browser across sessions, to tell the
	// user about sign-ins from new ones.
	DeviceCookieName = "folio_device"
	CSRFHeader       = "X-CSRF-Token"
	CSRFField        = "csrf_token"
)

// Default lifetimes (FOLIO_SESSION_IDLE, FOLIO_SESSION_MAX).
const (
	DefaultIdle = 7 * 24 * time.Hour
	DefaultMax  = 30 * 24 * time.Hour
)

// Config is what a Manager needs.
type Config struct {
	Store *store.Store
	// PublicURL is the server's public base URL: its origin is the only
	// one a cookie write may come from, and cookies are Secure when it is
	// https.
	PublicURL string
	// Idle ends a session unused for that long; Max ends any session that
	// old. Zero takes DefaultIdle and DefaultMax.
	Idle, Max time.Duration
	// ClientAddr names the client of a request (as the rate limit sees it,
	// behind trusted proxies); nil takes the connection's address.
	ClientAddr func(*http.Request) string
}

// Manager starts, reads and ends sessions.
type Manager struct {
	cfg    Config
	origin string
	secure bool
}

// New makes a Manager.
func New(cfg Config) *Manager {
	if cfg.Idle <= 0 {
		cfg.Idle = DefaultIdle
	}
	if cfg.Max <= 0 {
		cfg.Max = DefaultMax
	}
	if cfg.ClientAddr == nil {
		cfg.ClientAddr = func(r *http.Request) string { return r.RemoteAddr }
	}
	m := &Manager{cfg: cfg}
	if u, err := url.Parse(cfg.PublicURL); err == nil {
		m.origin = u.Scheme + "://" + u.Host
		m.secure = u.Scheme == "https"
	}
	return m
}

// Idle is the idle lifetime of sessions.
func (m *Manager) Idle() time.Duration { return m.cfg.Idle }

// Method is how a person signed in.
type Method struct {
	// Kind is store.SignInPassword, store.SignInSAML or store.SignInOIDC.
	Kind string
	// ProviderID is the SAML provider, if any.
	ProviderID string
}

// SignIn starts a session for u and sets its cookies on w. Whatever session
// the browser held before ends (a session id planted before sign-in is
// never honoured after), and a browser the user never signed in from
// before gets them a mail.
func (m *Manager) SignIn(w http.ResponseWriter, r *http.Request, u *store.User, how Method) error {
	ctx := r.Context()
	n := store.NewSession{UserID: u.ID, Method: how.Kind, UserAgent: r.UserAgent(), Client: m.cfg.ClientAddr(r), MaxAge: m.cfg.Max}
	if how.ProviderID != "" {
		n.ProviderID = &how.ProviderID
	}
	if c, err := r.Cookie(CookieName); err == nil {
		n.Replaces = c.Value
	}
	secret, sess, err := m.cfg.Store.CreateSession(ctx, n)
	if err != nil {
		return err
	}
	m.setCookie(w, CookieName, secret, m.cfg.Max, true)
	m.setCookie(w, CSRFCookieName, m.CSRFToken(sess.ID), m.cfg.Max, false)
	m.noticeDevice(ctx, w, r, u, sess)
	return nil
}

// noticeDevice remembers the browser and mails the user when it is new to
// them. A failure here fails no sign-in: it is logged.
func (m *Manager) noticeDevice(ctx context.Context, w http.ResponseWriter, r *http.Request, u *store.User, sess *store.Session) {
	device := ""
	if c, err := r.Cookie(DeviceCookieName); err == nil && len(c.Value) == 43 {
		device = c.Value
	} else {
		device = domain.RandomString(43)
	}
	m.setCookie(w, DeviceCookieName, device, 400*24*time.Hour, true)
	news, err := m.cfg.Store.SeeDevice(ctx, u.ID, device)
	if err == nil && news {
		err = m.cfg.Store.SendMail(ctx, store.Mail{Template: store.MailNewSignIn, To: u.Email, UserID: u.ID,
			Data: map[string]string{"userAgent": sess.UserAgent, "client": sess.Client, "method": sess.Method,
				"at": sess.CreatedAt.Format(time.RFC3339)}})
	}
	if err != nil {
		logs.From(ctx).LogAttrs(ctx, slog.LevelWarn, "sign-in device check failed", slog.String("error", err.Error()))
	}
}

// SignOut ends the browser's session, if any, and clears its cookies.
func (m *Manager) SignOut(w http.ResponseWriter, r *http.Request) error {
	m.clear(w)
	if c, err := r.Cookie(CookieName); err == nil {
		return m.cfg.Store.EndSessionByToken(r.Context(), c.Value)
	}
	return nil
}

// Authenticate reads the browser's session: (nil, nil, nil) when the
// request carries no session cookie, UNAUTHENTICATED when the session has
// ended.
func (m *Manager) Authenticate(r *http.Request) (*store.Session, *store.User, error) {
	c, err := r.Cookie(CookieName)
	if err != nil || c.Value == "" {
		return nil, nil, nil
	}
	return m.cfg.Store.SessionByToken(r.Context(), c.Value, m.cfg.Idle)
}

// Recheck is a session's graph.Credential recheck: UNAUTHENTICATED once it
// has ended.
func (m *Manager) Recheck(id string) func(context.Context) error {
	return func(ctx context.Context) error { return m.cfg.Store.SessionAlive(ctx, id, m.cfg.Idle) }
}

// CSRFToken is the CSRF token of a session: an HMAC of its id under the
// server's session key, so it needs no storage and is worthless for any
// other session.
func (m *Manager) CSRFToken(sessionID string) string {
	mac := hmac.New(sha256.New, m.cfg.Store.SessionKey())
	mac.Write([]byte("csrf\x00" + sessionID))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// ErrCrossSite refuses a cookie write from another site.
var ErrCrossSite = domain.Errorf(domain.CodeForbidden, "a request signed in by cookie must come from this site's own pages")

// ErrCSRF refuses a cookie write without the session's CSRF token.
var ErrCSRF = domain.Errorf(domain.CodeForbidden,
	"a request signed in by cookie needs the session's CSRF token (the "+CSRFHeader+" header, from the "+CSRFCookieName+" cookie)")

// CheckOrigin refuses a request a browser sent from another site: by
// Sec-Fetch-Site when the browser sends it, else by Origin, else by
// Referer. A request naming none (not a browser's) passes; the CSRF token
// still protects it.
func (m *Manager) CheckOrigin(r *http.Request) error {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "same-origin", "none":
		return nil
	case "":
	default: // cross-site, same-site (another origin of the site)
		return ErrCrossSite
	}
	if o := r.Header.Get("Origin"); o != "" {
		if o != m.origin {
			return ErrCrossSite
		}
		return nil
	}
	if ref := r.Header.Get("Referer"); ref != "" {
		u, err := url.Parse(ref)
		if err != nil || u.Scheme+"://"+u.Host != m.origin {
			return ErrCrossSite
		}
	}
	return nil
}

// CheckCSRF checks a write authenticated by the session sessionID: it must
// come from this site (CheckOrigin) and carry the session's CSRF token in
// the CSRFHeader header or, for a form, the CSRFField field.
func (m *Manager) CheckCSRF(r *http.Request, sessionID string) error {
	if err := m.CheckOrigin(r); err != nil {
		return err
	}
	got := r.Header.Get(CSRFHeader)
	if got == "" && strings.HasPrefix(r.Header.Get("Content-Type"), "application/x-www-form-urlencoded") {
		got = r.PostFormValue(CSRFField)
	}
	want := m.CSRFToken(sessionID)
	if got == "" || subtle.ConstantTimeCompare([]byte(got), []byte(want)) != 1 {
		return ErrCSRF
	}
	return nil
}

func (m *Manager) setCookie(w http.ResponseWriter, name, value string, maxAge time.Duration, httpOnly bool) {
	http.SetCookie(w, &http.Cookie{Name: name, Value: value, Path: "/", MaxAge: int(maxAge / time.Second),
		HttpOnly: httpOnly, Secure: m.secure, SameSite: http.SameSiteLaxMode})
}

// clear removes the session's cookies (the device cookie stays: it names
// the browser, not the person).
func (m *Manager) clear(w http.ResponseWriter) {
	for _, name := range []string{CookieName, CSRFCookieName} {
		http.SetCookie(w, &http.Cookie{Name: name, Value: "", Path: "/", MaxAge: -1, HttpOnly: name == CookieName,
			Secure: m.secure, SameSite: http.SameSiteLaxMode})
	}
}

// Unsafe reports whether a method may change something (needs CSRF checks).
func Unsafe(method string) bool {
	return method != http.MethodGet && method != http.MethodHead && method != http.MethodOptions
}
