package rest_test

import (
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"folio/internal/password"
	"folio/rest"
	"folio/rest/resttest"
	"folio/rest/session"
	"folio/rest/signin"
	"folio/store"
)

// A person at a browser without a browser: a cookie jar, forms posted as a
// browser posts them, redirects not followed (the tests look at them).
type person struct {
	t   testing.TB
	srv *resttest.Server
	c   *http.Client
}

func newPerson(t testing.TB, srv *resttest.Server) *person {
	jar, _ := cookiejar.New(nil)
	return &person{t: t, srv: srv, c: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}}
}

// on is the same person (the same cookies) talking to another server (one
// sharing the database).
func (p *person) on(srv *resttest.Server) *person {
	u, _ := url.Parse(srv.URL)
	old, _ := url.Parse(p.srv.URL)
	for _, c := range p.c.Jar.Cookies(old) {
		p.c.Jar.SetCookies(u, []*http.Cookie{c})
	}
	return &person{t: p.t, srv: srv, c: p.c}
}

type webResponse struct {
	t      testing.TB
	req    string
	Status int
	Header http.Header
	Body   string
}

func (p *person) do(method, path string, form url.Values, header ...string) *webResponse {
	p.t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, p.srv.URL+path, body)
	if err != nil {
		p.t.Fatal(err)
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	req.Header.Set("Accept", "text/html")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := p.c.Do(req)
	if err != nil {
		p.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return &webResponse{t: p.t, req: method + " " + path, Status: resp.StatusCode, Header: resp.Header, Body: string(raw)}
}

func (p *person) get(path string, header ...string) *webResponse {
	return p.do(http.MethodGet, path, nil, header...)
}
func (p *person) post(path string, form url.Values, header ...string) *webResponse {
	return p.do(http.MethodPost, path, form, header...)
}

// postCSRF posts a signed-in form with the session's CSRF field, as the
// page's own form does.
func (p *person) postCSRF(path string, form url.Values) *webResponse {
	p.t.Helper()
	if form == nil {
		form = url.Values{}
	}
	form.Set(session.CSRFField, p.cookie(session.CSRFCookieName))
	return p.post(path, form)
}

func (p *person) cookie(name string) string {
	u, _ := url.Parse(p.srv.URL)
	for _, c := range p.c.Jar.Cookies(u) {
		if c.Name == name {
			return c.Value
		}
	}
	return ""
}

func (p *person) setCookie(name, value string) {
	u, _ := url.Parse(p.srv.URL)
	p.c.Jar.SetCookies(u, []*http.Cookie{{Name: name, Value: value, Path: "/"}})
}

// signIn signs in with a password and expects to land on next.
func (p *person) signIn(email, pw string) {
	p.t.Helper()
	r := p.post("/signin", url.Values{"email": {email}, "password": {pw}}).expect(http.StatusSeeOther)
	if loc := r.Header.Get("Location"); loc != "/account" {
		p.t.Fatalf("sign-in led to %q", loc)
	}
}

// apiStatus is the status of GET /v1/user with the person's cookies.
func (p *person) apiStatus() int {
	p.t.Helper()
	return p.get("/v1/user", "Accept", "application/json").Status
}

func (r *webResponse) expect(status int) *webResponse {
	r.t.Helper()
	if r.Status != status {
		r.t.Fatalf("%s: status %d, want %d\n%.3000s", r.req, r.Status, status, r.Body)
	}
	return r
}

func (r *webResponse) has(texts ...string) *webResponse {
	r.t.Helper()
	for _, s := range texts {
		if !strings.Contains(r.Body, s) {
			r.t.Errorf("%s: the page lacks %q\n%.3000s", r.req, s, r.Body)
		}
	}
	return r
}

func (r *webResponse) hasNot(texts ...string) *webResponse {
	r.t.Helper()
	for _, s := range texts {
		if strings.Contains(r.Body, s) {
			r.t.Errorf("%s: the page shows %q", r.req, s)
		}
	}
	return r
}

const goodPassword = "tulip orbit canyon 42"

// account makes a user with a password.
func account(t testing.TB, srv *resttest.Server, email, pw string) *store.User {
	t.Helper()
	hash, err := password.Hash(pw)
	if err != nil {
		t.Fatal(err)
	}
	u, err := srv.Store.AddAccount(context.Background(), store.NewAccount{Email: email, Name: strings.Split(email, "@")[0], PasswordHash: hash})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// withAccounts starts a server with these account settings.
func withAccounts(t testing.TB, a rest.Accounts) *resttest.Server {
	return resttest.NewWith(t, func(cfg *rest.Config) { cfg.Accounts = a })
}

// mails counts the mail jobs queued for an address with a template.
func mails(t testing.TB, srv *resttest.Server, template, to string) int {
	t.Helper()
	var n int
	err := srv.Store.DB.NewRaw(`SELECT count(*) FROM river_job WHERE kind = 'mail_send' AND args->>'template' = ? AND args->>'to' = ?`,
		template, to).Scan(context.Background(), &n)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// withoutEmail removes an address from a page, to compare the pages of
// two addresses.
func withoutEmail(body, email string) string { return strings.ReplaceAll(body, email, "EMAIL") }

func TestSignInWithPassword(t *testing.T) {
	srv := resttest.New(t)
	account(t, srv, "alice@example.com", goodPassword)
	p := newPerson(t, srv)

	page := p.get("/signin").expect(http.StatusOK).has(`action="/signin"`, `name="password"`, `href="/forgot-password"`, `href="/sso"`)
	if csp := page.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'none'") {
		t.Errorf("CSP = %q", csp)
	}

	// A wrong password and an unknown address get the same page.
	wrong := p.post("/signin", url.Values{"email": {"alice@example.com"}, "password": {"not the password"}}).
		expect(http.StatusUnprocessableEntity).has("Wrong e-mail or password.")
	unknown := p.post("/signin", url.Values{"email": {"nobody@example.com"}, "password": {"not the password"}}).
		expect(http.StatusUnprocessableEntity)
	if a, b := withoutEmail(wrong.Body, "alice@example.com"), withoutEmail(unknown.Body, "nobody@example.com"); a != b {
		t.Errorf("a wrong password and an unknown address answer differently:\n%s\n---\n%s", a, b)
	}
	if p.cookie(session.CookieName) != "" {
		t.Fatal("a failed sign-in set a session cookie")
	}
	p.post("/signin", url.Values{"email": {"alice@example.com"}}).expect(http.StatusUnprocessableEntity)

	// The address is matched without case; the default next is /account.
	p.signIn("Alice@Example.com", goodPassword)
	if p.apiStatus() != http.StatusOK {
		t.Fatal("the session cookie does not authenticate /v1/user")
	}
	p.get("/account").expect(http.StatusOK).has("alice@example.com", "Personal API tokens", "Sessions", "(this one)")
	// Signed in, the sign-in page leads on.
	if loc := p.get("/signin?next=/o/x").expect(http.StatusSeeOther).Header.Get("Location"); loc != "/o/x" {
		t.Errorf("signed-in /signin led to %q", loc)
	}
}

func TestSignInNext(t *testing.T) {
	srv := resttest.New(t)
	account(t, srv, "alice@example.com", goodPassword)
	for next, want := range map[string]string{
		"/o/abc/s/def":         "/o/abc/s/def",
		"/account?notice=x":    "/account?notice=x",
		"":                     "/account",
		"//evil.example/":      "/account",
		"/\\evil.example/":     "/account",
		"https://evil.example": "/account",
		"/\t/evil.example":     "/account",
		"javascript:alert(1)":  "/account",
		"evil":                 "/account",
	} {
		p := newPerson(t, srv)
		r := p.post("/signin", url.Values{"email": {"alice@example.com"}, "password": {goodPassword}, "next": {next}}).expect(http.StatusSeeOther)
		if loc := r.Header.Get("Location"); loc != want {
			t.Errorf("next %q led to %q, want %q", next, loc, want)
		}
	}
	// The page carries next into its form, escaped.
	newPerson(t, srv).get("/signin?next=" + url.QueryEscape(`/o/x"><b>`)).expect(http.StatusOK).
		has(`value="/o/x&#34;&gt;&lt;b&gt;"`).hasNot(`"><b>`)
}

// Password guessing is throttled per account and per address, counted in
// the database: two servers sharing it share the count, and once over,
// even the right password is refused (before it is checked).
func TestSignInThrottled(t *testing.T) {
	srv := resttest.New(t)
	other := resttest.New(t, resttest.SharingDatabase(srv))
	account(t, srv, "alice@example.com", goodPassword)
	account(t, srv, "bob@example.com", goodPassword)
	p := newPerson(t, srv)

	// Successes do not count.
	for range 3 {
		newPerson(t, srv).signIn("alice@example.com", goodPassword)
	}
	wrong := url.Values{"email": {"alice@example.com"}, "password": {"wrong password!"}}
	for i := range signin.AccountGuesses {
		on := p
		if i%2 == 1 {
			on = p.on(other)
		}
		on.post("/signin", wrong).expect(http.StatusUnprocessableEntity)
	}
	var counted int
	if err := srv.Store.DB.NewRaw(`SELECT coalesce(sum(n), 0) FROM rate_limits WHERE bucket LIKE 'signin:account:%'`).
		Scan(context.Background(), &counted); err != nil {
		t.Fatal(err)
	}
	if counted != signin.AccountGuesses {
		t.Errorf("the database counts %d failures, want %d", counted, signin.AccountGuesses)
	}
	for _, s := range []*resttest.Server{srv, other} {
		r := p.on(s).post("/signin", url.Values{"email": {"alice@example.com"}, "password": {goodPassword}}).
			expect(http.StatusTooManyRequests).has("Too many attempts", "Try again after")
		secs, err := strconv.Atoi(r.Header.Get("Retry-After"))
		if err != nil || secs < 1 || secs > int(signin.GuessWindow.Seconds()) {
			t.Errorf("Retry-After = %q", r.Header.Get("Retry-After"))
		}
	}
	// An unknown address is throttled alike (its count tells nothing).
	ghost := url.Values{"email": {"ghost@example.com"}, "password": {"wrong password!"}}
	for range signin.AccountGuesses {
		p.post("/signin", ghost).expect(http.StatusUnprocessableEntity)
	}
	p.post("/signin", ghost).expect(http.StatusTooManyRequests)
	// Another account from the same address is not locked.
	newPerson(t, other).signIn("bob@example.com", goodPassword)

	// Per address: failures across many addresses add up.
	_, err := srv.Store.DB.NewRaw(`DELETE FROM rate_limits`).Exec(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for i := range signin.AddressGuesses {
		p.post("/signin", url.Values{"email": {"guess" + strconv.Itoa(i%5) + "@example.com"}, "password": {"wrong"}}).
			expect(http.StatusUnprocessableEntity)
	}
	p.on(other).post("/signin", url.Values{"email": {"bob@example.com"}, "password": {goodPassword}}).expect(http.StatusTooManyRequests)
}

// A session id planted in a browser before sign-in (another's, or a made
// up one) is never the session after it, and a planted real one ends.
func TestSignInSessionFixation(t *testing.T) {
	srv := resttest.New(t)
	account(t, srv, "alice@example.com", goodPassword)
	account(t, srv, "mallory@example.com", goodPassword)
	mallory := newPerson(t, srv)
	mallory.signIn("mallory@example.com", goodPassword)
	planted := mallory.cookie(session.CookieName)

	victim := newPerson(t, srv)
	victim.setCookie(session.CookieName, planted)
	victim.signIn("alice@example.com", goodPassword)
	got := victim.cookie(session.CookieName)
	if got == "" || got == planted {
		t.Fatalf("the session after sign-in is the planted one")
	}
	if mallory.apiStatus() != http.StatusUnauthorized {
		t.Error("the planted session still works after the victim signed in over it")
	}
	r := victim.get("/v1/user", "Accept", "application/json")
	if r.Status != http.StatusOK || !strings.Contains(r.Body, "alice@example.com") {
		t.Errorf("victim's session: %d %s", r.Status, r.Body)
	}

	made := store.SessionTokenPrefix + strings.Repeat("a", 43)
	other := newPerson(t, srv)
	other.setCookie(session.CookieName, made)
	other.signIn("alice@example.com", goodPassword)
	if other.cookie(session.CookieName) == made {
		t.Fatal("a made-up session id was kept")
	}
}

func TestSignInCookieFlags(t *testing.T) {
	for _, tc := range []struct {
		public string
		secure bool
	}{{"", false}, {"https://docs.example.com", true}} {
		srv := resttest.NewWith(t, func(cfg *rest.Config) { cfg.PublicURL = tc.public })
		account(t, srv, "alice@example.com", goodPassword)
		r := newPerson(t, srv).post("/signin", url.Values{"email": {"alice@example.com"}, "password": {goodPassword}}).expect(http.StatusSeeOther)
		cookies := map[string]*http.Cookie{}
		for _, c := range (&http.Response{Header: r.Header}).Cookies() {
			cookies[c.Name] = c
		}
		for name, httpOnly := range map[string]bool{session.CookieName: true, session.CSRFCookieName: false} {
			c := cookies[name]
			if c == nil {
				t.Fatalf("%s: no %s cookie set", tc.public, name)
			}
			if c.HttpOnly != httpOnly || c.SameSite != http.SameSiteLaxMode || c.Secure != tc.secure || c.Path != "/" {
				t.Errorf("%s: cookie %s: HttpOnly %v SameSite %v Secure %v Path %q", tc.public, name, c.HttpOnly, c.SameSite, c.Secure, c.Path)
			}
		}
	}
}

func TestSignOutEndsTheSession(t *testing.T) {
	srv := resttest.New(t)
	account(t, srv, "alice@example.com", goodPassword)
	p := newPerson(t, srv)
	p.signIn("alice@example.com", goodPassword)
	old := p.cookie(session.CookieName)

	// Without the CSRF field, or from another site: refused, still signed in.
	p.post("/signout", url.Values{}).expect(http.StatusForbidden)
	p.post("/signout", url.Values{session.CSRFField: {p.cookie(session.CSRFCookieName)}}, "Origin", "https://evil.example").
		expect(http.StatusForbidden)
	p.post("/signout", url.Values{session.CSRFField: {p.cookie(session.CSRFCookieName)}}, "Sec-Fetch-Site", "cross-site").
		expect(http.StatusForbidden)
	if p.apiStatus() != http.StatusOK {
		t.Fatal("a refused sign-out signed out")
	}

	if loc := p.postCSRF("/signout", nil).expect(http.StatusSeeOther).Header.Get("Location"); loc != "/signin" {
		t.Errorf("sign-out led to %q", loc)
	}
	if p.cookie(session.CookieName) != "" {
		t.Error("the session cookie was not cleared")
	}
	// The old cookie no longer authenticates: the session ended on the server.
	stale := newPerson(t, srv)
	stale.setCookie(session.CookieName, old)
	if s := stale.apiStatus(); s != http.StatusUnauthorized {
		t.Errorf("the signed-out cookie gets %d from /v1/user", s)
	}
	if loc := stale.get("/account").expect(http.StatusSeeOther).Header.Get("Location"); loc != "/signin?next=%2Faccount" {
		t.Errorf("/account signed out led to %q", loc)
	}
}

// Forms are refused when another site makes the browser send them: the
// sign-in by its origin, signed-in forms by origin and CSRF token.
func TestSignInFormsCSRF(t *testing.T) {
	srv := resttest.New(t)
	account(t, srv, "alice@example.com", goodPassword)
	p := newPerson(t, srv)
	form := url.Values{"email": {"alice@example.com"}, "password": {goodPassword}}
	p.post("/signin", form, "Origin", "https://evil.example").expect(http.StatusForbidden)
	p.post("/signin", form, "Sec-Fetch-Site", "cross-site").expect(http.StatusForbidden)
	p.post("/signin", form, "Referer", "https://evil.example/page").expect(http.StatusForbidden)
	if p.cookie(session.CookieName) != "" {
		t.Fatal("a cross-site sign-in signed in")
	}
	p.post("/signin", form, "Origin", "http://folio.test", "Sec-Fetch-Site", "same-origin").expect(http.StatusSeeOther)

	tokens := func() int {
		var n int
		if err := srv.Store.DB.NewRaw(`SELECT count(*) FROM api_tokens WHERE name = 'ci'`).Scan(context.Background(), &n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	p.post("/account/tokens", url.Values{"name": {"ci"}}).expect(http.StatusForbidden)
	p.post("/account/tokens", url.Values{"name": {"ci"}, session.CSRFField: {"forged"}}).expect(http.StatusForbidden)
	p.post("/account/tokens", url.Values{"name": {"ci"}, session.CSRFField: {p.cookie(session.CSRFCookieName)}},
		"Origin", "https://evil.example").expect(http.StatusForbidden)
	p.post("/account/password", url.Values{"current": {goodPassword}, "password": {"a brand new passphrase"},
		"confirm": {"a brand new passphrase"}}).expect(http.StatusForbidden)
	if tokens() != 0 {
		t.Fatal("a refused form created a token")
	}
	p.postCSRF("/account/tokens", url.Values{"name": {"ci"}}).expect(http.StatusCreated)
	if tokens() != 1 {
		t.Fatal("the token form created no token")
	}
}

// A member of an organization that signs in through SAML only is refused
// a password sign-in, with its provider named; but only once the password
// is right: a wrong one answers like any other.
func TestSignInRefusedForSSOOrganizations(t *testing.T) {
	srv := resttest.New(t)
	alice := account(t, srv, "alice@example.com", goodPassword)
	admin := srv.User("admin@example.com")
	org := createOrg(t, admin, "Acme")
	ctx := context.Background()
	if _, err := srv.Store.AddMember(ctx, srv.Store.DB, org, alice.ID, nil); err != nil {
		t.Fatal(err)
	}
	label, ssoURL, entity, cert := "Okta", "https://idp.example/sso", "https://idp.example", "MIIC"
	sp, err := srv.Store.CreateSAMLProvider(ctx, org, store.SAMLPatch{Label: &label, SSOURL: &ssoURL, EntityID: &entity, Certificate: &cert})
	if err != nil {
		t.Fatal(err)
	}
	// sso: false: a password still works.
	newPerson(t, srv).signIn("alice@example.com", goodPassword)
	on := true
	if _, err := srv.Store.UpdateOrganization(ctx, org, store.OrganizationPatch{SSO: &on}); err != nil {
		t.Fatal(err)
	}
	p := newPerson(t, srv)
	p.post("/signin", url.Values{"email": {"alice@example.com"}, "password": {goodPassword}}).expect(http.StatusForbidden).
		has("Sign in with Okta", "Acme", `href="/sso/saml/`+org+`/`+sp.ID+`/start"`)
	if p.cookie(session.CookieName) != "" {
		t.Fatal("a member of an SSO-only organization got a session by password")
	}
	wrong := p.post("/signin", url.Values{"email": {"alice@example.com"}, "password": {"wrong password!"}}).expect(http.StatusUnprocessableEntity)
	unknown := p.post("/signin", url.Values{"email": {"nobody@example.com"}, "password": {"wrong password!"}}).expect(http.StatusUnprocessableEntity)
	if withoutEmail(wrong.Body, "alice@example.com") != withoutEmail(unknown.Body, "nobody@example.com") || strings.Contains(wrong.Body, "Okta") {
		t.Error("a wrong password of an SSO member answers differently from an unknown address")
	}
	// Nor does a password reset sign such a member in.
	secret, err := srv.Store.IssueAuthLink(ctx, store.AuthLink{Purpose: store.LinkPasswordReset, Email: alice.Email, UserID: &alice.ID})
	if err != nil {
		t.Fatal(err)
	}
	p.post("/reset-password", url.Values{"token": {secret}, "password": {"another long passphrase"}, "confirm": {"another long passphrase"}}).
		expect(http.StatusForbidden).has("Sign in with Okta")
	if p.cookie(session.CookieName) != "" {
		t.Fatal("a password reset signed an SSO-only member in")
	}
}

func TestSSOChoicePage(t *testing.T) {
	srv := resttest.NewWith(t, func(cfg *rest.Config) { cfg.Accounts.OIDCName = "Google" })
	admin := srv.User("admin@example.com")
	org := resttest.Str(admin.Post("/v1/orgs", map[string]any{"title": "Acme", "emailDomains": []string{"acme.com"}}).Expect(http.StatusCreated).JSON(), "id")
	ctx := context.Background()
	label, ssoURL, entity, cert := "Acme Okta", "https://idp.example/sso", "https://idp.example", "MIIC"
	sp, err := srv.Store.CreateSAMLProvider(ctx, org, store.SAMLPatch{Label: &label, SSOURL: &ssoURL, EntityID: &entity, Certificate: &cert})
	if err != nil {
		t.Fatal(err)
	}
	pending := "Not ready"
	if _, err := srv.Store.CreateSAMLProvider(ctx, org, store.SAMLPatch{Label: &pending}); err != nil {
		t.Fatal(err)
	}
	p := newPerson(t, srv)
	p.get("/sso").expect(http.StatusOK).has(`method="get"`, `name="email"`, `href="/sso/oidc/start"`, "Sign in with Google")
	p.get("/sso?email=someone@ACME.com").expect(http.StatusOK).
		has("Sign in with Acme Okta", `href="/sso/saml/`+org+`/`+sp.ID+`/start"`).hasNot("Not ready")
	p.get("/sso?email=someone@other.com").expect(http.StatusOK).has("No organization uses single sign-on for other.com")
	p.get("/sso?email=nonsense").expect(http.StatusUnprocessableEntity)
	p.get("/signin").has("Sign in with Google")
	newPerson(t, resttest.New(t)).get("/sso").expect(http.StatusOK).hasNot("/sso/oidc/start")
}

func TestSignUpFirstUser(t *testing.T) {
	srv := resttest.New(t) // invite mode, no mail: the first user still signs up
	p := newPerson(t, srv)
	p.get("/signin").has("Create the first account")
	p.get("/signup").expect(http.StatusOK).has("Create the first account", `name="password"`)
	p.post("/signup", url.Values{"email": {"ada@example.com"}, "name": {"Ada"}, "password": {"short"}, "confirm": {"short"}}).
		expect(http.StatusUnprocessableEntity).has("at least 12 characters")
	p.post("/signup", url.Values{"email": {"ada@example.com"}, "name": {"Ada"}, "password": {goodPassword}, "confirm": {goodPassword + "x"}}).
		expect(http.StatusUnprocessableEntity).has("The two passwords differ")
	r := p.post("/signup", url.Values{"email": {"ada@example.com"}, "name": {"Ada"}, "password": {goodPassword}, "confirm": {goodPassword}}).
		expect(http.StatusSeeOther)
	if r.Header.Get("Location") != "/account" {
		t.Errorf("led to %q", r.Header.Get("Location"))
	}
	p.get("/account").expect(http.StatusOK).has("Ada", "an administrator of this server")
	u, err := srv.Store.UserByEmail(context.Background(), "ada@example.com")
	if err != nil || !u.ServerAdmin {
		t.Fatalf("first user: %+v %v", u, err)
	}
	// The second is no admin: without mail, sign-up is closed.
	q := newPerson(t, srv)
	q.get("/signup").expect(http.StatusOK).has("Sign-up is closed", "folio user create").hasNot(`name="password"`)
	q.post("/signup", url.Values{"email": {"eve@example.com"}, "password": {goodPassword}, "confirm": {goodPassword}}).
		expect(http.StatusForbidden)
	if _, err := srv.Store.UserByEmail(context.Background(), "eve@example.com"); err == nil {
		t.Fatal("a second account was made at once")
	}
}

func TestSignUpByMail(t *testing.T) {
	for _, mode := range []string{signin.SignupOpen, signin.SignupInvite} {
		t.Run(mode, func(t *testing.T) {
			srv := withAccounts(t, rest.Accounts{Signup: mode, MailEnabled: true})
			admin := srv.User("admin@example.com")
			account(t, srv, "taken@example.com", goodPassword)
			org := createOrg(t, admin, "Acme")
			admin.Post("/v1/orgs/"+org+"/invites", map[string]any{"emails": []string{"invited@example.com"}}).Expect(http.StatusOK)
			p := newPerson(t, srv)
			page := p.get("/signup").expect(http.StatusOK).has("Send me a link").hasNot(`name="password"`)
			if mode == signin.SignupInvite {
				page.has("by invitation")
			}
			// The same page whoever the address belongs to, and a mail queued
			// each time (the worker writes what fits).
			var bodies []string
			for _, email := range []string{"new@example.com", "taken@example.com", "invited@example.com"} {
				r := p.post("/signup", url.Values{"email": {email}}).expect(http.StatusOK).has("Check your e-mail")
				bodies = append(bodies, withoutEmail(r.Body, email))
				if n := mails(t, srv, store.MailSignup, email); n != 1 {
					t.Errorf("%s: %d sign-up mails queued", email, n)
				}
			}
			if bodies[0] != bodies[1] || bodies[1] != bodies[2] {
				t.Error("the sign-up page answers differently for different addresses")
			}
			p.post("/signup", url.Values{"email": {"not an address"}}).expect(http.StatusUnprocessableEntity)
			// A flood of sign-ups to one address sends a few mails.
			for range 10 {
				p.post("/signup", url.Values{"email": {"flood@example.com"}}).expect(http.StatusOK)
			}
			if n := mails(t, srv, store.MailSignup, "flood@example.com"); n != 5 {
				t.Errorf("%d mails queued to one address in an hour", n)
			}

			// The link of the mail: name and password, then signed in.
			email := "new@example.com"
			if mode == signin.SignupInvite {
				email = "invited@example.com"
			}
			secret, err := srv.Store.IssueAuthLink(context.Background(), store.AuthLink{Purpose: store.LinkSignup, Email: email})
			if err != nil {
				t.Fatal(err)
			}
			p.get("/signup/confirm?token="+secret).expect(http.StatusOK).has(email, `name="token"`)
			p.post("/signup/confirm", url.Values{"token": {secret}, "name": {"Newt"}, "password": {"password1234"}, "confirm": {"password1234"}}).
				expect(http.StatusUnprocessableEntity).has("most common passwords")
			p.post("/signup/confirm", url.Values{"token": {secret}, "name": {"Newt"}, "password": {goodPassword}, "confirm": {goodPassword}}).
				expect(http.StatusSeeOther)
			p.get("/account").expect(http.StatusOK).has(email, "Newt")
			newPerson(t, srv).get("/signup/confirm?token=" + secret).expect(http.StatusNotFound).has("This link does not work")
			newPerson(t, srv).post("/signup/confirm", url.Values{"token": {secret}, "password": {goodPassword}, "confirm": {goodPassword}}).
				expect(http.StatusNotFound)

			// In invite mode a link to an address nobody invited makes no account.
			if mode == signin.SignupInvite {
				stray, err := srv.Store.IssueAuthLink(context.Background(), store.AuthLink{Purpose: store.LinkSignup, Email: "stray@example.com"})
				if err != nil {
					t.Fatal(err)
				}
				newPerson(t, srv).post("/signup/confirm", url.Values{"token": {stray}, "password": {goodPassword}, "confirm": {goodPassword}}).
					expect(http.StatusForbidden)
			}
		})
	}
	t.Run("off", func(t *testing.T) {
		srv := withAccounts(t, rest.Accounts{Signup: signin.SignupOff, MailEnabled: true})
		srv.User("admin@example.com")
		p := newPerson(t, srv)
		p.get("/signup").expect(http.StatusOK).has("Sign-up is closed")
		p.get("/signin").hasNot(`href="/signup"`)
		p.post("/signup", url.Values{"email": {"new@example.com"}}).expect(http.StatusForbidden)
		if n := mails(t, srv, store.MailSignup, "new@example.com"); n != 0 {
			t.Errorf("sign-up off queued %d mails", n)
		}
	})
}

func TestForgotAndResetPassword(t *testing.T) {
	srv := withAccounts(t, rest.Accounts{MailEnabled: true})
	alice := account(t, srv, "alice@example.com", goodPassword)
	p := newPerson(t, srv)
	p.get("/forgot-password").expect(http.StatusOK).has(`name="email"`)
	known := p.post("/forgot-password", url.Values{"email": {"alice@example.com"}}).expect(http.StatusOK).has("Check your e-mail")
	unknown := p.post("/forgot-password", url.Values{"email": {"nobody@example.com"}}).expect(http.StatusOK)
	if withoutEmail(known.Body, "alice@example.com") != withoutEmail(unknown.Body, "nobody@example.com") {
		t.Error("the forgot-password page answers differently for an unknown address")
	}
	for _, to := range []string{"alice@example.com", "nobody@example.com"} {
		if n := mails(t, srv, store.MailPasswordReset, to); n != 1 {
			t.Errorf("%s: %d reset mails queued", to, n)
		}
	}

	// Signed in elsewhere before the reset: that session ends.
	elsewhere := newPerson(t, srv)
	elsewhere.signIn("alice@example.com", goodPassword)

	secret, err := srv.Store.IssueAuthLink(context.Background(), store.AuthLink{Purpose: store.LinkPasswordReset, Email: alice.Email, UserID: &alice.ID})
	if err != nil {
		t.Fatal(err)
	}
	p.get("/reset-password?token="+secret).expect(http.StatusOK).has("Set a new password", "alice@example.com")
	p.get("/reset-password?token=nope").expect(http.StatusNotFound)
	const next = "a fresh long passphrase"
	p.post("/reset-password", url.Values{"token": {secret}, "password": {"alice@example.com"}, "confirm": {"alice@example.com"}}).
		expect(http.StatusUnprocessableEntity)
	r := p.post("/reset-password", url.Values{"token": {secret}, "password": {next}, "confirm": {next}}).expect(http.StatusSeeOther)
	if !strings.HasPrefix(r.Header.Get("Location"), "/account") {
		t.Errorf("reset led to %q", r.Header.Get("Location"))
	}
	if p.apiStatus() != http.StatusOK {
		t.Error("not signed in after the reset")
	}
	if elsewhere.apiStatus() != http.StatusUnauthorized {
		t.Error("a session from before the reset still works")
	}
	p.post("/reset-password", url.Values{"token": {secret}, "password": {next}, "confirm": {next}}).expect(http.StatusNotFound)
	newPerson(t, srv).post("/signin", url.Values{"email": {"alice@example.com"}, "password": {goodPassword}}).expect(http.StatusUnprocessableEntity)
	newPerson(t, srv).signIn("alice@example.com", next)

	// Without mail, the page says whom to ask.
	newPerson(t, resttest.New(t)).get("/forgot-password").expect(http.StatusOK).has("folio user reset-password").hasNot(`name="email"`)
}

// invitationLink invites an address to org through the API and returns
// the link the invitation's mail carries.
func invitationLink(t *testing.T, srv *resttest.Server, admin *resttest.Client, org, email string) string {
	t.Helper()
	admin.Post("/v1/orgs/"+org+"/invites", map[string]any{"emails": []string{email}, "role": "edit"}).Expect(http.StatusOK)
	var id string
	for _, it := range admin.Get("/v1/orgs/" + org + "/invitations").Expect(http.StatusOK).JSON()["items"].([]any) {
		if inv := it.(map[string]any); inv["email"] == email {
			id, _ = inv["id"].(string)
		}
	}
	if id == "" {
		t.Fatalf("no invitation for %s", email)
	}
	secret, err := srv.Store.IssueAuthLink(context.Background(), store.AuthLink{Purpose: store.LinkInvitation, Email: email, InvitationID: &id})
	if err != nil {
		t.Fatal(err)
	}
	return secret
}

func TestInvitationLink(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("admin@example.com")
	org := createOrg(t, admin, "Acme")
	members := func() string { return string(admin.Get("/v1/orgs/" + org + "/members").Expect(http.StatusOK).Body) }

	// A new address: name and password, then a member, signed in.
	secret := invitationLink(t, srv, admin, org, "carol@example.com")
	p := newPerson(t, srv)
	p.get("/invitation?token="+secret).expect(http.StatusOK).has("Join Acme", "carol@example.com", `name="password"`)
	p.post("/invitation", url.Values{"token": {secret}, "name": {"Carol"}, "password": {"short"}, "confirm": {"short"}}).
		expect(http.StatusUnprocessableEntity).has("Join Acme", "at least 12")
	p.post("/invitation", url.Values{"token": {secret}, "name": {"Carol"}, "password": {goodPassword}, "confirm": {goodPassword}},
		"Origin", "https://evil.example").expect(http.StatusForbidden)
	r := p.post("/invitation", url.Values{"token": {secret}, "name": {"Carol"}, "password": {goodPassword}, "confirm": {goodPassword}}).
		expect(http.StatusSeeOther)
	if r.Header.Get("Location") != "/account" {
		t.Errorf("led to %q", r.Header.Get("Location"))
	}
	p.get("/account").expect(http.StatusOK).has("Carol", `href="/app/o/`+org+`"`, "Acme")
	if !strings.Contains(members(), "carol@example.com") {
		t.Error("carol is not a member")
	}
	newPerson(t, srv).get("/invitation?token=" + secret).expect(http.StatusNotFound)

	// An address with an account: sign in, then accept.
	account(t, srv, "dave@example.com", goodPassword)
	secret = invitationLink(t, srv, admin, org, "dave@example.com")
	d := newPerson(t, srv)
	page := d.get("/invitation?token=" + secret).expect(http.StatusOK).has("Sign in to accept").hasNot(`name="password"`)
	m := regexp.MustCompile(`href="(/signin\?next=[^"]+)"`).FindStringSubmatch(page.Body)
	if m == nil {
		t.Fatalf("no sign-in link: %s", page.Body)
	}
	d.post("/invitation", url.Values{"token": {secret}, "password": {goodPassword}, "confirm": {goodPassword}}).expect(http.StatusConflict)
	signInURL, _ := url.Parse(strings.ReplaceAll(m[1], "&amp;", "&"))
	next := signInURL.Query().Get("next")
	r = d.post("/signin", url.Values{"email": {"dave@example.com"}, "password": {goodPassword}, "next": {next}}).expect(http.StatusSeeOther)
	if loc := r.Header.Get("Location"); loc != "/invitation?token="+secret {
		t.Fatalf("sign-in led to %q", loc)
	}
	d.get("/invitation?token=" + secret).expect(http.StatusOK).has("Accept the invitation")
	d.post("/invitation", url.Values{"token": {secret}}).expect(http.StatusForbidden) // no CSRF field
	if loc := d.postCSRF("/invitation", url.Values{"token": {secret}}).expect(http.StatusSeeOther).Header.Get("Location"); loc != "/account?notice=joined" {
		t.Errorf("accepting led to %q", loc)
	}
	if !strings.Contains(members(), "dave@example.com") {
		t.Error("dave is not a member")
	}

	// Signed in as someone else: the page says so and accepts nothing.
	secret = invitationLink(t, srv, admin, org, "erin@example.com")
	d.get("/invitation?token=" + secret).expect(http.StatusOK).has("You are signed in as dave@example.com").hasNot("Accept the invitation")
	d.postCSRF("/invitation", url.Values{"token": {secret}}).expect(http.StatusNotFound)
	if strings.Contains(members(), "erin@example.com") {
		t.Error("dave accepted erin's invitation")
	}
}

func TestAccountPage(t *testing.T) {
	srv := resttest.New(t)
	account(t, srv, "alice@example.com", goodPassword)
	p := newPerson(t, srv)
	if loc := p.get("/account").expect(http.StatusSeeOther).Header.Get("Location"); loc != "/signin?next=%2Faccount" {
		t.Errorf("/account signed out led to %q", loc)
	}
	p.signIn("alice@example.com", goodPassword)
	p.get("/account").expect(http.StatusOK).has("You have no token", "not a member of any organization")

	// A token, shown once.
	p.postCSRF("/account/tokens", url.Values{"name": {""}}).expect(http.StatusUnprocessableEntity).has("Name the token")
	p.postCSRF("/account/tokens", url.Values{"name": {"old"}, "expires": {"2001-01-01"}}).expect(http.StatusUnprocessableEntity).
		has("must be in the future")
	p.postCSRF("/account/tokens", url.Values{"name": {"bad"}, "expires": {"soon"}}).expect(http.StatusUnprocessableEntity)
	page := p.postCSRF("/account/tokens", url.Values{"name": {"CI deploy"}, "read_only": {"1"}, "expires": {"2999-12-31"}}).
		expect(http.StatusCreated).has("shown only this once", "CI deploy", "read-only")
	m := regexp.MustCompile(`id="new-token">([^<]+)<`).FindStringSubmatch(page.Body)
	if m == nil {
		t.Fatalf("no token on the page: %s", page.Body)
	}
	token := m[1]
	p.get("/account").expect(http.StatusOK).has("CI deploy", "1 Jan 3000", "read-only").hasNot(token)
	api := srv.Anonymous()
	api.Token = token
	api.Get("/v1/user").Expect(http.StatusOK)
	api.Post("/v1/orgs", map[string]any{"title": "Nope"}).Expect(http.StatusForbidden)
	id := regexp.MustCompile(`action="/account/tokens/([^/]+)/revoke"`).FindStringSubmatch(page.Body)[1]
	if loc := p.postCSRF("/account/tokens/"+id+"/revoke", nil).expect(http.StatusSeeOther).Header.Get("Location"); loc != "/account?notice=token-revoked" {
		t.Errorf("revoke led to %q", loc)
	}
	api.Get("/v1/user").Expect(http.StatusUnauthorized)
	p.get("/account?notice=token-revoked").has("The token was revoked", "You have no token")
	p.postCSRF("/account/tokens/"+id+"/revoke", nil).expect(http.StatusSeeOther)

	// Sessions: this one marked; end another; end every other.
	b, c := newPerson(t, srv), newPerson(t, srv)
	b.signIn("alice@example.com", goodPassword)
	c.signIn("alice@example.com", goodPassword)
	page = p.get("/account").expect(http.StatusOK)
	if n := strings.Count(page.Body, `/end"`); n != 3 {
		t.Errorf("%d sessions listed, want 3", n)
	}
	if n := strings.Count(page.Body, "(this one)"); n != 1 {
		t.Errorf("%d sessions marked as this one", n)
	}
	bSession := sessionIDOf(t, srv, b)
	p.postCSRF("/account/sessions/"+bSession+"/end", nil).expect(http.StatusSeeOther)
	if b.apiStatus() != http.StatusUnauthorized || c.apiStatus() != http.StatusOK {
		t.Error("ending one session did not end exactly that one")
	}
	p.postCSRF("/account/sessions/end-others", nil).expect(http.StatusSeeOther)
	if c.apiStatus() != http.StatusUnauthorized || p.apiStatus() != http.StatusOK {
		t.Error("sign out everywhere else did not end exactly the others")
	}

	// The password: the current one is checked; a change ends every
	// session and starts a new one here.
	c.signIn("alice@example.com", goodPassword)
	before := p.cookie(session.CookieName)
	const next = "another long passphrase"
	p.postCSRF("/account/password", url.Values{"current": {"wrong password!"}, "password": {next}, "confirm": {next}}).
		expect(http.StatusUnprocessableEntity).has("The current password is wrong")
	p.postCSRF("/account/password", url.Values{"current": {goodPassword}, "password": {"alice alice alice"}, "confirm": {"alice alice alice"}}).
		expect(http.StatusUnprocessableEntity)
	if loc := p.postCSRF("/account/password", url.Values{"current": {goodPassword}, "password": {next}, "confirm": {next}}).
		expect(http.StatusSeeOther).Header.Get("Location"); loc != "/account?notice=password" {
		t.Errorf("password change led to %q", loc)
	}
	if after := p.cookie(session.CookieName); after == "" || after == before {
		t.Error("the session was not rotated on password change")
	}
	if p.apiStatus() != http.StatusOK || c.apiStatus() != http.StatusUnauthorized {
		t.Error("after a password change: this browser must stay signed in (anew), the others not")
	}
	stale := newPerson(t, srv)
	stale.setCookie(session.CookieName, before)
	if stale.apiStatus() != http.StatusUnauthorized {
		t.Error("the session from before the password change still works")
	}
	newPerson(t, srv).signIn("alice@example.com", next)

	// Ending this session signs out.
	mine := sessionIDOf(t, srv, p)
	if loc := p.postCSRF("/account/sessions/"+mine+"/end", nil).expect(http.StatusSeeOther).Header.Get("Location"); loc != "/signin" {
		t.Errorf("ending this session led to %q", loc)
	}
	if p.apiStatus() != http.StatusUnauthorized {
		t.Error("still signed in")
	}
}

// sessionIDOf finds the id of a person's session.
func sessionIDOf(t *testing.T, srv *resttest.Server, p *person) string {
	t.Helper()
	s, _, err := srv.Store.SessionByToken(context.Background(), p.cookie(session.CookieName), 0)
	if err != nil {
		t.Fatal(err)
	}
	return s.ID
}

// The urls.app pages send a browser without credentials to sign in, and
// back (to the Folio app); an API client still gets 401. The addresses of
// earlier releases (/o/...) redirect to /app/o/....
func TestAppPagesSignIn(t *testing.T) {
	srv := resttest.New(t)
	u := account(t, srv, "alice@example.com", goodPassword)
	tok, err := srv.Store.CreateToken(context.Background(), u.ID)
	if err != nil {
		t.Fatal(err)
	}
	alice := srv.Anonymous()
	alice.Token = tok
	org := createOrg(t, alice, "Acme")
	path := "/app/o/" + org
	p := newPerson(t, srv)
	loc := p.get(path, "Accept", "text/html,application/xhtml+xml").expect(http.StatusSeeOther).Header.Get("Location")
	if loc != "/signin?next="+url.QueryEscape(path) {
		t.Fatalf("app page led to %q", loc)
	}
	p.get(path, "Accept", "application/json").expect(http.StatusUnauthorized)
	p.get(path, "Accept", "text/html", "Authorization", "Bearer nonsense").expect(http.StatusUnauthorized)
	r := p.post("/signin", url.Values{"email": {"alice@example.com"}, "password": {goodPassword}, "next": {path}}).expect(http.StatusSeeOther)
	if r.Header.Get("Location") != path {
		t.Fatalf("sign-in led to %q", r.Header.Get("Location"))
	}
	// Signed in, every app address answers the app's page; the app says
	// itself when an object is not found (the page looks nothing up).
	p.get(path).expect(http.StatusOK).has(`<div id="app">`, `<script type="module" src="/app/assets/main-`)
	p.get("/app/o/" + org + "/s/nope").expect(http.StatusOK).has(`<div id="app">`)
	if loc := p.get("/o/" + org + "/s/x?y=1").expect(http.StatusMovedPermanently).Header.Get("Location"); loc != "/app/o/"+org+"/s/x?y=1" {
		t.Fatalf("an old app address led to %q", loc)
	}
}

// Pending invitations to a signed-in user's address are on the account
// page, to accept or decline (the mail to an address with an account leads
// there).
func TestAccountInvitations(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("admin@example.com")
	acme, globex := createOrg(t, admin, "Acme"), createOrg(t, admin, "Globex")
	account(t, srv, "dave@example.com", goodPassword)
	for _, org := range []string{acme, globex} {
		admin.Post("/v1/orgs/"+org+"/invites", map[string]any{"emails": []string{"dave@example.com"}, "role": "edit"}).Expect(http.StatusOK)
	}
	p := newPerson(t, srv)
	p.signIn("dave@example.com", goodPassword)
	page := p.get("/account").expect(http.StatusOK).has("Invitations", "Acme", "Globex", "(as edit)")
	ids := regexp.MustCompile(`action="/account/invitations/([^/]+)/accept"`).FindAllStringSubmatch(page.Body, -1)
	if len(ids) != 2 {
		t.Fatalf("%d invitations listed", len(ids))
	}
	p.post("/account/invitations/"+ids[0][1]+"/accept", url.Values{}).expect(http.StatusForbidden) // no CSRF field
	if loc := p.postCSRF("/account/invitations/"+ids[0][1]+"/accept", nil).expect(http.StatusSeeOther).Header.Get("Location"); loc != "/account?notice=joined" {
		t.Errorf("accept led to %q", loc)
	}
	if loc := p.postCSRF("/account/invitations/"+ids[1][1]+"/decline", nil).expect(http.StatusSeeOther).Header.Get("Location"); loc != "/account?notice=declined" {
		t.Errorf("decline led to %q", loc)
	}
	p.get("/account").expect(http.StatusOK).has(`href="/app/o/`+acme+`"`).hasNot("Invitations", `href="/app/o/`+globex+`"`)
	// Another user's invitation id is not theirs to accept.
	admin.Post("/v1/orgs/"+globex+"/invites", map[string]any{"emails": []string{"erin@example.com"}}).Expect(http.StatusOK)
	var erin string
	for _, it := range admin.Get("/v1/orgs/" + globex + "/invitations").Expect(http.StatusOK).JSON()["items"].([]any) {
		erin, _ = it.(map[string]any)["id"].(string)
	}
	if loc := p.postCSRF("/account/invitations/"+erin+"/accept", nil).expect(http.StatusSeeOther).Header.Get("Location"); loc != "/account?notice=nothing-changed" {
		t.Errorf("accepting another's invitation led to %q", loc)
	}
	if strings.Contains(string(admin.Get("/v1/orgs/"+globex+"/members").Body), "dave@example.com") {
		t.Error("dave joined through erin's invitation")
	}
}
