package rest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/golang-jwt/jwt/v5"
	"github.com/oauth2-proxy/mockoidc"

	"folio/domain"
	"folio/internal/logs"
	"folio/rest"
	"folio/rest/resttest"
	"folio/rest/session"
	"folio/rest/sso"
	"folio/store"
)

// folioOrigin is the public URL of every test server (resttest): the
// test's browsers reach it by name, as the identity provider's redirects
// name it.
const folioOrigin = "http://folio.test"

// oidcEnv is a Folio server configured with a real OpenID provider
// (mockoidc) running in the test process, whose answers a test may bend:
// an ID token with edited claims or signed by another key, or an error
// redirect instead of a code.
type oidcEnv struct {
	t   *testing.T
	srv *resttest.Server
	op  *mockoidc.MockOIDC
	log *lockedBuffer

	mu sync.Mutex
	// editToken changes the claims of the next ID tokens and returns the
	// key to sign them with (nil: the provider's own).
	editToken func(jwt.MapClaims) *mockoidc.Keypair
	// deny, when set, answers authorization requests with this error.
	deny string
	// authorize is the query of the last authorization request.
	authorize url.Values
}

// newOIDCEnv starts a provider and a Folio server using it, allowing
// addresses at allowed (any when none).
func newOIDCEnv(t *testing.T, allowed ...string) *oidcEnv {
	t.Helper()
	e := &oidcEnv{t: t, log: &lockedBuffer{}}
	e.op = startOP(t, e.middleware)
	cfg := e.op.Config()
	e.srv = resttest.NewWith(t, func(c *rest.Config) {
		c.Logger = logs.New(io.MultiWriter(e.log, testWriter{t}), slog.LevelDebug)
		c.Accounts.OIDC = sso.OIDCConfig{Issuer: cfg.Issuer, ClientID: cfg.ClientID, ClientSecret: cfg.ClientSecret,
			AllowedDomains: allowed}
	})
	return e
}

// startOP starts a mockoidc provider with middleware, stopped with the test.
func startOP(t *testing.T, middleware func(http.Handler) http.Handler) *mockoidc.MockOIDC {
	t.Helper()
	op, err := mockoidc.NewServer(nil)
	if err != nil {
		t.Fatal(err)
	}
	if middleware != nil {
		if err := op.AddMiddleware(middleware); err != nil {
			t.Fatal(err)
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if err := op.Start(ln, nil); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { op.Shutdown() })
	return op
}

// middleware bends the provider's answers as the test asked.
func (e *oidcEnv) middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		e.mu.Lock()
		deny, edit := e.deny, e.editToken
		if r.URL.Path == mockoidc.AuthorizationEndpoint {
			e.authorize = r.URL.Query()
		}
		e.mu.Unlock()
		switch {
		case r.URL.Path == mockoidc.AuthorizationEndpoint && deny != "":
			back, _ := url.Parse(r.URL.Query().Get("redirect_uri"))
			q := back.Query()
			q.Set("error", deny)
			q.Set("error_description", "the person declined")
			q.Set("state", r.URL.Query().Get("state"))
			back.RawQuery = q.Encode()
			http.Redirect(w, r, back.String(), http.StatusFound)
		case r.URL.Path == mockoidc.TokenEndpoint && edit != nil:
			rec := httptest.NewRecorder()
			next.ServeHTTP(rec, r)
			var body map[string]any
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err == nil {
				if raw, ok := body["id_token"].(string); ok {
					claims := jwt.MapClaims{}
					if _, _, err := jwt.NewParser().ParseUnverified(raw, claims); err != nil {
						panic(err)
					}
					key := edit(claims)
					if key == nil {
						key = e.op.Keypair
					}
					signed, err := key.SignJWT(claims)
					if err != nil {
						panic(err)
					}
					body["id_token"] = signed
				}
			}
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(rec.Code)
			json.NewEncoder(w).Encode(body)
		default:
			next.ServeHTTP(w, r)
		}
	})
}

func (e *oidcEnv) setEdit(edit func(jwt.MapClaims) *mockoidc.Keypair) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.editToken = edit
}

// sessions counts the sessions of the whole server.
func (e *oidcEnv) sessions() int {
	e.t.Helper()
	n, err := e.srv.Store.DB.NewSelect().Table("sessions").Count(context.Background())
	if err != nil {
		e.t.Fatal(err)
	}
	return int(n)
}

// oidcBrowser is a browser: a cookie jar, redirects followed one by one
// by the test, folio.test reaching the test server.
type oidcBrowser struct {
	t *testing.T
	c *http.Client
}

func (e *oidcEnv) browser() *oidcBrowser {
	jar, _ := cookiejar.New(nil)
	addr := strings.TrimPrefix(e.srv.URL, "http://")
	tr := &http.Transport{DialContext: func(ctx context.Context, network, a string) (net.Conn, error) {
		if a == "folio.test:80" {
			a = addr
		}
		return (&net.Dialer{}).DialContext(ctx, network, a)
	}}
	e.t.Cleanup(tr.CloseIdleConnections)
	return &oidcBrowser{t: e.t, c: &http.Client{Jar: jar, Transport: tr,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// oidcPage is a response read in full.
type oidcPage struct {
	*http.Response
	body string
}

func (b *oidcBrowser) get(u string) oidcPage {
	b.t.Helper()
	resp, err := b.c.Get(u)
	if err != nil {
		b.t.Fatalf("GET %s: %v", u, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return oidcPage{resp, string(body)}
}

// toProvider starts a sign-in and returns the provider's address it
// redirects to.
func (b *oidcBrowser) toProvider(next string) string {
	b.t.Helper()
	start := folioOrigin + sso.OIDCStartPath
	if next != "" {
		start += "?" + url.Values{"next": {next}}.Encode()
	}
	p := b.get(start)
	if p.StatusCode != http.StatusFound {
		b.t.Fatalf("start: %d %s", p.StatusCode, p.body)
	}
	return p.Header.Get("Location")
}

// toCallback starts a sign-in, goes through the provider (which signs in
// at once) and returns the callback address it sends the browser back
// to, not yet visited.
func (b *oidcBrowser) toCallback(next string) string {
	b.t.Helper()
	p := b.get(b.toProvider(next))
	cb := p.Header.Get("Location")
	if p.StatusCode != http.StatusFound || !strings.HasPrefix(cb, folioOrigin+sso.OIDCCallbackPath+"?") {
		b.t.Fatalf("provider: %d, Location %q: %s", p.StatusCode, cb, p.body)
	}
	return cb
}

// viewer is the signed-in user's e-mail by the session cookie, or "" when
// /v1/user refuses the browser.
func (b *oidcBrowser) viewer() string {
	b.t.Helper()
	p := b.get(folioOrigin + "/v1/user")
	if p.StatusCode == http.StatusUnauthorized {
		return ""
	}
	var u struct{ Email string }
	if p.StatusCode != http.StatusOK || json.Unmarshal([]byte(p.body), &u) != nil {
		b.t.Fatalf("/v1/user: %d %s", p.StatusCode, p.body)
	}
	return u.Email
}

// cookie is the browser's cookie of that name for path, or "".
func (b *oidcBrowser) cookie(path, name string) string {
	u, _ := url.Parse(folioOrigin + path)
	for _, c := range b.c.Jar.Cookies(u) {
		if c.Name == name {
			return c.Value
		}
	}
	return ""
}

// refused checks that a callback was refused with a page for a person,
// the reason logged at warn, no session cookie set, the browser not
// signed in, and no session in the database.
func (e *oidcEnv) refused(b *oidcBrowser, p oidcPage, status int, reason string) {
	e.t.Helper()
	if p.StatusCode != status || !strings.HasPrefix(p.Header.Get("Content-Type"), "text/html") {
		e.t.Fatalf("status %d (%s), want a %d page: %s", p.StatusCode, p.Header.Get("Content-Type"), status, p.body)
	}
	if p.Header.Get("Content-Security-Policy") == "" || !strings.Contains(p.body, "<h1>") {
		e.t.Errorf("not a page of rest/pages: %v\n%s", p.Header, p.body)
	}
	for _, c := range p.Cookies() {
		if c.Name == session.CookieName {
			e.t.Errorf("a refusal set a session cookie")
		}
	}
	if got := b.viewer(); got != "" {
		e.t.Errorf("signed in as %s after a refusal", got)
	}
	if n := e.sessions(); n != 0 {
		e.t.Errorf("%d sessions after a refusal", n)
	}
	// Only the lines since the last check count.
	var found bool
	for _, line := range strings.Split(e.log.Take(), "\n") {
		if strings.Contains(line, `"msg":"oidc sign-in refused"`) && strings.Contains(line, `"level":"WARN"`) &&
			strings.Contains(line, reason) {
			found = true
		}
	}
	if !found {
		e.t.Errorf("no warning with reason %q in the log", reason)
	}
}

// TestOIDCSignIn: the whole flow over real HTTP with a cookie jar lands
// signed in, as the provider's verified address, with an authorization
// request that uses PKCE (S256), a state and a nonce; the browser cookie
// is HttpOnly, SameSite=Lax and scoped to /sso/oidc.
func TestOIDCSignIn(t *testing.T) {
	e := newOIDCEnv(t)
	e.op.QueueUser(&mockoidc.MockUser{Subject: "s-1", Email: "Jane.Doe@Example.com", EmailVerified: true})
	e.setEdit(func(c jwt.MapClaims) *mockoidc.Keypair { c["name"] = "Jane\x00 Doe\x07"; return nil })
	b := e.browser()

	start := b.get(folioOrigin + sso.OIDCStartPath + "?next=" + url.QueryEscape("/v1/user?x=1"))
	if start.StatusCode != http.StatusFound {
		t.Fatalf("start: %d %s", start.StatusCode, start.body)
	}
	var bc *http.Cookie
	for _, c := range start.Cookies() {
		if c.Name == sso.OIDCBrowserCookie {
			bc = c
		}
	}
	if bc == nil || !bc.HttpOnly || bc.SameSite != http.SameSiteLaxMode || bc.Path != "/sso/oidc" || bc.Secure || bc.MaxAge != 600 {
		t.Fatalf("browser cookie: %+v", bc)
	}
	cb := b.get(start.Header.Get("Location")).Header.Get("Location")
	e.mu.Lock()
	q := e.authorize
	e.mu.Unlock()
	if q.Get("code_challenge_method") != "S256" || len(q.Get("code_challenge")) != 43 || len(q.Get("state")) < 32 ||
		len(q.Get("nonce")) < 32 || q.Get("redirect_uri") != folioOrigin+sso.OIDCCallbackPath ||
		q.Get("scope") != "openid email profile" || q.Get("response_type") != "code" {
		t.Fatalf("authorization request: %v", q)
	}
	done := b.get(cb)
	if done.StatusCode != http.StatusSeeOther || done.Header.Get("Location") != "/v1/user?x=1" {
		t.Fatalf("callback: %d %q %s", done.StatusCode, done.Header.Get("Location"), done.body)
	}
	if got := b.viewer(); !strings.EqualFold(got, "jane.doe@example.com") {
		t.Fatalf("signed in as %q", got)
	}
	u, err := e.srv.Store.UserByEmail(context.Background(), "jane.doe@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if u.DisplayName != "Jane Doe" { // from the token, without its control characters
		t.Errorf("name %q", u.DisplayName)
	}
	sessions, err := e.srv.Store.Sessions(context.Background(), u.ID)
	if err != nil || len(sessions) != 1 || sessions[0].Method != store.SignInOIDC {
		t.Fatalf("sessions: %+v, %v", sessions, err)
	}

	// Signing in again finds the same account; with no next, or a next
	// that leads off the site, the browser lands on /account.
	for _, next := range []string{"", "https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"} {
		p := b.get(b.toCallback(next))
		if p.StatusCode != http.StatusSeeOther || p.Header.Get("Location") != "/account" {
			t.Errorf("next %q: %d %q", next, p.StatusCode, p.Header.Get("Location"))
		}
	}
	again, _ := e.srv.Store.UserByEmail(context.Background(), "jane.doe@example.com")
	if again.ID != u.ID {
		t.Errorf("a second account: %s, %s", u.ID, again.ID)
	}
}

// TestOIDCJoinsOrganizationsByDomain: a verified address in an allowed
// domain joins each organization that claims the domain, with its
// default role (null: a guest), unless it is a member already (its role
// stays) or the organization requires SAML. Without allowed domains,
// nobody joins by domain. A member of an organization that requires SAML
// is refused.
func TestOIDCJoinsOrganizationsByDomain(t *testing.T) {
	ctx := context.Background()
	e := newOIDCEnv(t, "acme.test")
	s := e.srv.Store
	admin := e.srv.User("admin@elsewhere.test")
	editor := domain.RoleEdit
	orgWith := func(title string, domains []string, role *domain.Role) string {
		t.Helper()
		o, err := s.CreateOrganization(ctx, admin.UserID, title, domains)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.UpdateOrganization(ctx, o.ID, store.OrganizationPatch{SetDefaultRole: true, DefaultRole: role}); err != nil {
			t.Fatal(err)
		}
		return o.ID
	}
	acme := orgWith("Acme", []string{"acme.test"}, &editor)
	guests := orgWith("Acme guests", []string{"other.test", "acme.test"}, nil)
	other := orgWith("Other", []string{"other.test"}, &editor)
	enforced := orgWith("Acme SAML", []string{"acme.test"}, &editor)
	if _, err := s.UpdateOrganization(ctx, enforced, store.OrganizationPatch{SSO: new(true)}); err != nil {
		t.Fatal(err)
	}
	label := "Acme IdP"
	if _, err := s.CreateSAMLProvider(ctx, enforced, store.SAMLPatch{Label: &label}); err != nil {
		t.Fatal(err)
	}

	e.op.QueueUser(&mockoidc.MockUser{Subject: "bob", Email: "bob@ACME.test", EmailVerified: true})
	b := e.browser()
	if p := b.get(b.toCallback("")); p.StatusCode != http.StatusSeeOther {
		t.Fatalf("callback: %d %s", p.StatusCode, p.body)
	}
	bob, err := s.UserByEmail(ctx, "bob@acme.test")
	if err != nil {
		t.Fatal(err)
	}
	roles := func(userID string) map[string]string {
		t.Helper()
		ms, err := s.MembersByKey(ctx, []store.MemberKey{{OrganizationID: acme, UserID: userID}, {OrganizationID: guests, UserID: userID}, {OrganizationID: other, UserID: userID}, {OrganizationID: enforced, UserID: userID}})
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]string{}
		for _, m := range ms {
			out[m.OrganizationID] = "guest"
			if m.Role != nil {
				out[m.OrganizationID] = string(*m.Role)
			}
			if m.SSO {
				t.Errorf("member of %s marked SSO", m.OrganizationID)
			}
		}
		return out
	}
	if got := roles(bob.ID); len(got) != 2 || got[acme] != "edit" || got[guests] != "guest" {
		t.Fatalf("bob's memberships: %v (acme %s, guests %s)", got, acme, guests)
	}
	// The join is in the organization's change feed, made by bob.
	var feed struct {
		Items []struct {
			Type, Actor, ObjectID string
			Payload               map[string]any
		}
	}
	admin.Get("/v1/orgs/" + acme + "/events?types=member.created").Expect(http.StatusOK).Decode(&feed)
	if n := len(feed.Items); n != 2 || feed.Items[1].ObjectID != bob.ID || feed.Items[1].Actor != bob.ID ||
		feed.Items[1].Payload["role"] != "edit" {
		t.Errorf("change feed: %+v", feed.Items)
	}

	// A member already keeps their role.
	reader := domain.RoleRead
	carol, err := s.EnsureUser(ctx, "carol@acme.test", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddMember(ctx, s.DB, acme, carol.ID, &reader); err != nil {
		t.Fatal(err)
	}
	e.op.QueueUser(&mockoidc.MockUser{Subject: "carol", Email: "carol@acme.test", EmailVerified: true})
	c := e.browser()
	if p := c.get(c.toCallback("")); p.StatusCode != http.StatusSeeOther {
		t.Fatalf("carol: %d %s", p.StatusCode, p.body)
	}
	if got := roles(carol.ID); got[acme] != "read" || got[guests] != "guest" || len(got) != 2 {
		t.Fatalf("carol's memberships: %v", got)
	}

	// A member of an organization that requires SAML is sent there.
	dave, err := s.EnsureUser(ctx, "dave@acme.test", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddMember(ctx, s.DB, enforced, dave.ID, &reader); err != nil {
		t.Fatal(err)
	}
	before := e.sessions()
	e.op.QueueUser(&mockoidc.MockUser{Subject: "dave", Email: "dave@acme.test", EmailVerified: true})
	d := e.browser()
	p := d.get(d.toCallback(""))
	if p.StatusCode != http.StatusForbidden || !strings.Contains(p.body, "Acme SAML") || !strings.Contains(p.body, "Acme IdP") {
		t.Fatalf("dave: %d %s", p.StatusCode, p.body)
	}
	if d.viewer() != "" || e.sessions() != before {
		t.Errorf("dave signed in")
	}
	if got := roles(dave.ID); len(got) != 1 {
		t.Errorf("dave joined: %v", got)
	}
}

// TestOIDCJoinsNothingWithoutAllowedDomains: with any verified address
// allowed, nobody joins an organization by domain (any user may claim
// any domain for an organization they create).
func TestOIDCJoinsNothingWithoutAllowedDomains(t *testing.T) {
	ctx := context.Background()
	e := newOIDCEnv(t)
	admin := e.srv.User("admin@elsewhere.test")
	o, err := e.srv.Store.CreateOrganization(ctx, admin.UserID, "Example", []string{"example.com"})
	if err != nil {
		t.Fatal(err)
	}
	b := e.browser()
	if p := b.get(b.toCallback("")); p.StatusCode != http.StatusSeeOther {
		t.Fatalf("callback: %d %s", p.StatusCode, p.body)
	}
	jane, err := e.srv.Store.UserByEmail(ctx, "jane.doe@example.com")
	if err != nil {
		t.Fatal(err)
	}
	ms, err := e.srv.Store.MembersByKey(ctx, []store.MemberKey{{OrganizationID: o.ID, UserID: jane.ID}})
	if err != nil || len(ms) != 0 {
		t.Fatalf("joined: %+v, %v", ms, err)
	}
}

// TestOIDCRefusesWrongState: a callback whose state is no request of ours.
func TestOIDCRefusesWrongState(t *testing.T) {
	e := newOIDCEnv(t)
	b := e.browser()
	cb, _ := url.Parse(b.toCallback(""))
	q := cb.Query()
	q.Set("state", "not-a-state-we-made")
	cb.RawQuery = q.Encode()
	e.refused(b, b.get(cb.String()), http.StatusBadRequest, "unknown, used, expired or other browser's state")
	// Nor without any state or code.
	e.refused(b, b.get(folioOrigin+sso.OIDCCallbackPath), http.StatusBadRequest, "callback without a code or a state")
}

// TestOIDCRefusesStateFromAnotherBrowser: a callback made for one browser
// (its state, its code) delivered to another, with its own sign-in under
// way or none: login CSRF.
func TestOIDCRefusesStateFromAnotherBrowser(t *testing.T) {
	e := newOIDCEnv(t)
	attacker := e.browser()
	victim := e.browser()
	victim.toProvider("") // the victim has a browser cookie of their own
	if victim.cookie(sso.OIDCCallbackPath, sso.OIDCBrowserCookie) == "" {
		t.Fatal("no browser cookie")
	}
	e.refused(victim, victim.get(attacker.toCallback("")), http.StatusBadRequest, "other browser's state")
	fresh := e.browser()
	e.refused(fresh, fresh.get(attacker.toCallback("")), http.StatusBadRequest, "other browser's state")
}

// TestOIDCRefusesWrongNonce: an ID token whose nonce is not the request's.
func TestOIDCRefusesWrongNonce(t *testing.T) {
	e := newOIDCEnv(t)
	e.setEdit(func(c jwt.MapClaims) *mockoidc.Keypair { c["nonce"] = "another-nonce"; return nil })
	b := e.browser()
	e.refused(b, b.get(b.toCallback("")), http.StatusForbidden, "nonce does not match")
	e.setEdit(func(c jwt.MapClaims) *mockoidc.Keypair { delete(c, "nonce"); return nil })
	e.refused(b, b.get(b.toCallback("")), http.StatusForbidden, "nonce does not match")
}

// TestOIDCRefusesUnverifiedEmail: the address is taken only when
// email_verified is true; false, absent, or anything else is refused, as
// is a token without an address.
func TestOIDCRefusesUnverifiedEmail(t *testing.T) {
	e := newOIDCEnv(t)
	const unverified = "no verified e-mail address"
	for name, c := range map[string]struct {
		edit   func(jwt.MapClaims)
		reason string
	}{
		"false":    {func(c jwt.MapClaims) { c["email_verified"] = false }, unverified},
		"absent":   {func(c jwt.MapClaims) { delete(c, "email_verified") }, unverified},
		"string":   {func(c jwt.MapClaims) { c["email_verified"] = "yes" }, unverified},
		"no-email": {func(c jwt.MapClaims) { delete(c, "email") }, unverified},
		"no-at":    {func(c jwt.MapClaims) { c["email"] = "jane.doe" }, unverified},
		"nul":      {func(c jwt.MapClaims) { c["email"] = "jane\x00@example.com" }, "unusable e-mail address"},
	} {
		t.Run(name, func(t *testing.T) {
			e.t = t
			e.setEdit(func(claims jwt.MapClaims) *mockoidc.Keypair { c.edit(claims); return nil })
			b := e.browser()
			e.refused(b, b.get(b.toCallback("")), http.StatusForbidden, c.reason)
		})
	}
	// "true" as a string, as some providers send it, is verified.
	e.t = t
	e.setEdit(func(c jwt.MapClaims) *mockoidc.Keypair { c["email_verified"] = "true"; return nil })
	b := e.browser()
	if p := b.get(b.toCallback("")); p.StatusCode != http.StatusSeeOther || b.viewer() != "jane.doe@example.com" {
		t.Fatalf(`"true": %d %s`, p.StatusCode, p.body)
	}
}

// TestOIDCRefusesAnotherIssuer: an ID token from another provider (its
// issuer, its key) for our client.
func TestOIDCRefusesAnotherIssuer(t *testing.T) {
	e := newOIDCEnv(t)
	other := startOP(t, nil)
	e.setEdit(func(c jwt.MapClaims) *mockoidc.Keypair { c["iss"] = other.Issuer(); return other.Keypair })
	b := e.browser()
	e.refused(b, b.get(b.toCallback("")), http.StatusForbidden, "ID token refused: oidc: id token issued by a different provider")
}

// TestOIDCRefusesForeignSignature: an ID token naming our provider but
// signed by another key; and one for another client.
func TestOIDCRefusesForeignSignature(t *testing.T) {
	e := newOIDCEnv(t)
	other, err := mockoidc.RandomKeypair(2048)
	if err != nil {
		t.Fatal(err)
	}
	e.setEdit(func(jwt.MapClaims) *mockoidc.Keypair { return other })
	b := e.browser()
	e.refused(b, b.get(b.toCallback("")), http.StatusForbidden, "ID token refused: failed to verify signature")
	e.setEdit(func(c jwt.MapClaims) *mockoidc.Keypair { c["aud"] = "another-client"; return nil })
	e.refused(b, b.get(b.toCallback("")), http.StatusForbidden, "ID token refused: oidc: expected audience")
}

// TestOIDCRefusesDomainNotAllowed: a verified address outside the allowed
// domains.
func TestOIDCRefusesDomainNotAllowed(t *testing.T) {
	e := newOIDCEnv(t, "acme.test")
	b := e.browser() // mockoidc's default user is jane.doe@example.com
	e.refused(b, b.get(b.toCallback("")), http.StatusForbidden, "e-mail domain not allowed: example.com")
	if _, err := e.srv.Store.UserByEmail(context.Background(), "jane.doe@example.com"); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Errorf("an account was made: %v", err)
	}
}

// TestOIDCRefusesProviderError: the provider sends the browser back with
// an error instead of a code; the request is used up.
func TestOIDCRefusesProviderError(t *testing.T) {
	e := newOIDCEnv(t)
	e.mu.Lock()
	e.deny = "access_denied"
	e.mu.Unlock()
	b := e.browser()
	p := b.get(b.toCallback(""))
	e.refused(b, p, http.StatusForbidden, "the provider answered access_denied: the person declined")
	if !strings.Contains(p.body, "did not allow this sign-in") || strings.Contains(p.body, "the person declined") {
		t.Errorf("page: %s", p.body)
	}
	n, err := e.srv.Store.DB.NewSelect().Table("sso_requests").Count(context.Background())
	if err != nil || n != 0 {
		t.Errorf("%d requests left, %v", n, err)
	}
}

// TestOIDCRefusesReplayedCallback: a callback works once; the same
// address again starts no session, neither in the browser that used it
// nor in another holding a copy of its cookie.
func TestOIDCRefusesReplayedCallback(t *testing.T) {
	ctx := context.Background()
	e := newOIDCEnv(t)
	b := e.browser()
	cb := b.toCallback("")
	if p := b.get(cb); p.StatusCode != http.StatusSeeOther || e.sessions() != 1 {
		t.Fatalf("first: %d %s", p.StatusCode, p.body)
	}
	p := b.get(cb)
	if p.StatusCode != http.StatusBadRequest || e.sessions() != 1 {
		t.Fatalf("replay: %d, %d sessions: %s", p.StatusCode, e.sessions(), p.body)
	}
	for _, c := range p.Cookies() {
		if c.Name == session.CookieName {
			t.Errorf("the replay set a session cookie")
		}
	}
	// Signed out everywhere, then replayed by whoever copied the address
	// and the browser cookie.
	if _, err := e.srv.Store.DB.NewDelete().Table("sessions").Where("true").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	e.log.Take()
	thief := e.browser()
	u, _ := url.Parse(folioOrigin + sso.OIDCCallbackPath)
	thief.c.Jar.SetCookies(u, []*http.Cookie{{Name: sso.OIDCBrowserCookie, Value: b.cookie(sso.OIDCCallbackPath, sso.OIDCBrowserCookie)}})
	e.refused(thief, thief.get(cb), http.StatusBadRequest, "unknown, used, expired or other browser's state")
}

// TestOIDCProviderUnreachable: the server starts with a provider that is
// down (discovery waits for the first sign-in); a sign-in is then refused
// with a page (502), leaving nothing behind.
func TestOIDCProviderUnreachable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	srv := resttest.NewWith(t, func(c *rest.Config) {
		c.Accounts.OIDC = sso.OIDCConfig{Issuer: "http://" + addr + "/oidc", ClientID: "folio", ClientSecret: "secret"}
	})
	e := &oidcEnv{t: t, srv: srv, log: &lockedBuffer{}}
	b := e.browser()
	p := b.get(folioOrigin + sso.OIDCStartPath)
	if p.StatusCode != http.StatusBadGateway || !strings.Contains(p.body, "cannot be reached") {
		t.Fatalf("start: %d %s", p.StatusCode, p.body)
	}
	n, err := srv.Store.DB.NewSelect().Table("sso_requests").Count(context.Background())
	if err != nil || n != 0 || b.cookie(sso.OIDCCallbackPath, sso.OIDCBrowserCookie) != "" {
		t.Errorf("sign-in state left behind: %d requests, %v", n, err)
	}
}

// lockedBuffer collects the server's log lines.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// Take returns what was written since the last Take.
func (b *lockedBuffer) Take() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := b.buf.String()
	b.buf.Reset()
	return s
}

// testWriter shows log lines in the test's output (on failure, or -v).
type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSuffix(string(p), "\n"))
	return len(p), nil
}
