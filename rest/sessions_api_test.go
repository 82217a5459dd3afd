package rest_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"folio/domain"
	"folio/graph"
	"folio/internal/password"
	"folio/rest"
	"folio/rest/resttest"
	"folio/rest/session"
	"folio/rest/signin"
)

// listSessions reads GET /v1/user/sessions.
func listSessions(t *testing.T, c *resttest.Client) []map[string]any {
	t.Helper()
	var list struct {
		Items []map[string]any `json:"items"`
		Count int              `json:"count"`
	}
	c.Get("/v1/user/sessions").Expect(http.StatusOK).Decode(&list)
	if list.Count != len(list.Items) {
		t.Fatalf("count %d, %d items", list.Count, len(list.Items))
	}
	return list.Items
}

// orgCount is how many organizations the database holds.
func orgCount(t *testing.T, srv *resttest.Server) int {
	t.Helper()
	var n int
	if err := srv.Store.DB.QueryRowContext(context.Background(), `SELECT count(*) FROM organizations`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestSessionCookieSignsIn: a session cookie is a viewer like a token, for
// REST and GraphQL reads, with no CSRF token needed to read.
func TestSessionCookieSignsIn(t *testing.T) {
	srv := resttest.New(t)
	b := srv.Browser("alice@example.com")
	reads := b.WithHeader(func(h http.Header) { h.Del(session.CSRFHeader); h.Del("Origin") })
	if u := reads.Get("/v1/user").Expect(http.StatusOK).JSON(); u["id"] != b.UserID {
		t.Fatalf("GET /v1/user by cookie: %v", u)
	}
	q := "/graphql?query=" + url.QueryEscape(`{ viewer { id } }`)
	if body := string(reads.Get(q).Expect(http.StatusOK).Body); !strings.Contains(body, b.UserID) {
		t.Fatalf("GET /graphql by cookie: %s", body)
	}
	// A POST is a write to the CSRF check, even for a query: it needs the
	// token (the app posts its queries with it).
	if res := b.GraphQL(`{ viewer { id } sessions { items { id current } } }`, nil); len(res.Errors) > 0 ||
		!strings.Contains(string(res.Data), `{"id":"`+b.SessionID+`","current":true}`) {
		t.Fatalf("POST /graphql by cookie: %s %v", res.Data, res.Errors)
	}
	reads.Post("/graphql", map[string]any{"query": `{ viewer { id } }`}).ExpectError(http.StatusForbidden)
	// A cookie that names no session is no viewer.
	srv.Anonymous().WithHeader(func(h http.Header) { h.Set("Cookie", session.CookieName+"=fs_"+strings.Repeat("a", 43)) }).
		Get("/v1/user").ExpectError(http.StatusUnauthorized)
}

// TestSessionCSRF: a write signed in by cookie (REST and GraphQL) needs
// the session's CSRF token and must come from this site; refused, nothing
// is written. Bearer requests need neither: the Authorization header wins
// over any cookie.
func TestSessionCSRF(t *testing.T) {
	srv := resttest.New(t)
	b := srv.Browser("alice@example.com")
	other := srv.Browser("mallory@example.com")
	alice := srv.User(b.Email)
	org := createOrg(t, alice, "Acme")
	token := resttest.Str(createToken(t, alice, map[string]any{"name": "CI"}), "id")

	writes := []struct {
		name, method, path string
		body               any
	}{
		{"rest-post", "POST", "/v1/orgs", map[string]any{"title": "Forged"}},
		{"rest-patch", "PATCH", "/v1/orgs/" + org, map[string]any{"title": "Forged"}},
		{"rest-delete", "DELETE", "/v1/user/tokens/" + token, nil},
		{"graphql-mutation", "POST", "/graphql", map[string]any{"query": `mutation { createOrganization(input: {title: "Forged"}) { id } }`}},
	}
	refusals := []struct {
		name   string
		change func(http.Header)
	}{
		{"no-token-403", func(h http.Header) { h.Del(session.CSRFHeader) }},
		{"wrong-token-403", func(h http.Header) { h.Set(session.CSRFHeader, strings.Repeat("A", 43)) }},
		{"other-session-token-403", func(h http.Header) { h.Set(session.CSRFHeader, other.CSRF) }},
		{"cross-site-403", func(h http.Header) { h.Set("Sec-Fetch-Site", "cross-site") }},
		{"same-site-other-origin-403", func(h http.Header) { h.Set("Sec-Fetch-Site", "same-site") }},
		{"foreign-origin-403", func(h http.Header) { h.Set("Origin", "https://evil.example") }},
		{"foreign-referer-403", func(h http.Header) { h.Del("Origin"); h.Set("Referer", "https://evil.example/page") }},
		{"null-origin-403", func(h http.Header) { h.Set("Origin", "null") }},
	}
	for _, w := range writes {
		for _, r := range refusals {
			t.Run(w.name+"/"+r.name, func(t *testing.T) {
				b.Client.In(t).WithHeader(r.change).Do(w.method, w.path, w.body).ExpectError(http.StatusForbidden)
			})
		}
	}
	if n := orgCount(t, srv); n != 1 {
		t.Fatalf("%d organizations after the refusals, want 1", n)
	}
	if o := alice.Get("/v1/orgs/" + org).JSON(); o["title"] != "Acme" {
		t.Fatalf("organization after the refusals: %v", o)
	}
	if len(listTokens(t, alice)) != 2 { // alice's own and CI
		t.Fatalf("a token was revoked by a refused write")
	}

	// With the token, from this site: each write works.
	sameOrigin := b.WithHeader(func(h http.Header) { h.Set("Sec-Fetch-Site", "same-origin") })
	sameOrigin.Post("/v1/orgs", map[string]any{"title": "Second"}).Expect(http.StatusCreated)
	b.Patch("/v1/orgs/"+org, map[string]any{"title": "Renamed"}).Expect(http.StatusOK)
	b.Delete("/v1/user/tokens/" + token).Expect(http.StatusNoContent)
	if res := b.GraphQL(`mutation { createOrganization(input: {title: "Third"}) { id } }`, nil); len(res.Errors) > 0 {
		t.Fatalf("mutation with the CSRF token: %v", res.Errors)
	}
	// A program's request (no Origin, no Sec-Fetch-Site) with the token passes.
	b.WithHeader(func(h http.Header) { h.Del("Origin") }).Post("/v1/orgs", map[string]any{"title": "Fourth"}).Expect(http.StatusCreated)
	if n := orgCount(t, srv); n != 4 {
		t.Fatalf("%d organizations, want 4", n)
	}

	// Bearer wins: with a token, another user's stray session cookie is
	// ignored, and no CSRF token or origin is asked for.
	bob := srv.User("bob@example.com")
	stray := bob.WithHeader(func(h http.Header) {
		h.Set("Cookie", session.CookieName+"="+other.Secret+"; "+session.CSRFCookieName+"="+other.CSRF)
		h.Set("Origin", "https://evil.example")
	})
	made := stray.Post("/v1/orgs", map[string]any{"title": "Bob's"}).Expect(http.StatusCreated).JSON()
	if u := stray.Get("/v1/user").JSON(); u["id"] != bob.UserID {
		t.Fatalf("bearer with a stray cookie is %v, want bob", u)
	}
	bob.Get("/v1/orgs/" + resttest.Str(made, "id")).Expect(http.StatusOK)
	// A bad bearer token is refused, never made up for by the cookie.
	anon := srv.Anonymous().WithHeader(func(h http.Header) {
		h.Set("Authorization", "Bearer gb_api_forged")
		h.Set("Cookie", session.CookieName+"="+b.Secret)
	})
	anon.Get("/v1/user").ExpectError(http.StatusUnauthorized)
}

// TestSessionLifetimes: a session unused for the idle lifetime, or past
// its absolute lifetime, no longer signs in; a session used within both
// still does.
func TestSessionLifetimes(t *testing.T) {
	srv := resttest.NewWith(t, func(cfg *rest.Config) { cfg.Accounts.SessionIdle = time.Hour })
	ctx := context.Background()
	set := func(b *resttest.Browser, sql string) {
		t.Helper()
		if _, err := srv.Store.DB.ExecContext(ctx, `UPDATE sessions SET `+sql+` WHERE id = ?`, b.SessionID); err != nil {
			t.Fatal(err)
		}
	}
	recent, idle, old := srv.Browser("alice@example.com"), srv.Browser("alice@example.com"), srv.Browser("alice@example.com")
	set(recent, "last_seen_at = now() - interval '50 minutes'")
	set(idle, "last_seen_at = now() - interval '61 minutes'")
	set(old, "expires_at = now() - interval '1 second'")
	// The list shows only the live one (and the caller's token has none).
	alice := srv.User("alice@example.com")
	if items := listSessions(t, alice); len(items) != 1 || items[0]["id"] != recent.SessionID || items[0]["current"] != false {
		t.Fatalf("sessions: %v", items)
	}
	recent.Get("/v1/user").Expect(http.StatusOK)
	idle.Get("/v1/user").ExpectError(http.StatusUnauthorized)
	old.Get("/v1/user").ExpectError(http.StatusUnauthorized)
	// Ended sessions are deleted when met.
	var n int
	if err := srv.Store.DB.QueryRowContext(ctx, `SELECT count(*) FROM sessions`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("%d sessions left (%v), want 1", n, err)
	}
	// Use refreshes the idle clock: the recent session was just seen.
	var seen time.Time
	if err := srv.Store.DB.QueryRowContext(ctx, `SELECT last_seen_at FROM sessions WHERE id = ?`, recent.SessionID).Scan(&seen); err != nil ||
		time.Since(seen) > time.Minute {
		t.Fatalf("last_seen_at %s after a use (%v)", seen, err)
	}
}

// TestSessionsEnd: sessions are listed to their owner only and end through
// the API: one by id (its cookie stops working at once, the caller's own
// included), or all but the caller's; with a token, all of them.
func TestSessionsEnd(t *testing.T) {
	srv := resttest.New(t)
	a, b2 := srv.Browser("alice@example.com"), srv.Browser("alice@example.com")
	bob := srv.Browser("bob@example.com")
	items := listSessions(t, a.Client)
	if len(items) != 2 {
		t.Fatalf("alice's sessions: %v", items)
	}
	for _, it := range items {
		if (it["id"] == a.SessionID) != (it["current"] == true) || it["method"] != "password" || it["object"] != "session" ||
			it["userAgent"] != "resttest browser" || it["client"] != "127.0.0.1" {
			t.Errorf("session %v (current is %s)", it, a.SessionID)
		}
		if _, ok := it["provider"]; ok {
			t.Errorf("a password session has a provider: %v", it)
		}
	}

	// Owners only: bob can neither end nor see alice's sessions.
	bob.Delete("/v1/user/sessions/" + b2.SessionID).ExpectError(http.StatusNotFound)
	bob.Delete("/v1/user/sessions/" + domain.NewID()).ExpectError(http.StatusNotFound)
	b2.Get("/v1/user").Expect(http.StatusOK)
	_, unknown := nodeBody(t, bob.Client, domain.NewID())
	if _, body := nodeBody(t, bob.Client, b2.SessionID); body != unknown {
		t.Errorf("bob's node(alice's session) = %s, want %s", body, unknown)
	}
	if res := a.GraphQL(`query($id: ID!) { node(id: $id) { __typename ... on Session { current method } } }`, map[string]any{"id": b2.SessionID}); string(res.Data) !=
		`{"node":{"__typename":"Session","current":false,"method":"password"}}` {
		t.Errorf("alice's node(her other session) = %s %v", res.Data, res.Errors)
	}

	// One by id: its cookie stops working at once.
	a.Delete("/v1/user/sessions/" + b2.SessionID).Expect(http.StatusNoContent)
	b2.Get("/v1/user").ExpectError(http.StatusUnauthorized)
	a.Delete("/v1/user/sessions/" + b2.SessionID).ExpectError(http.StatusNotFound)

	// Everywhere else: the caller's session stays.
	c, d := srv.Browser("alice@example.com"), srv.Browser("alice@example.com")
	if got := a.Delete("/v1/user/sessions").Expect(http.StatusOK).JSON(); got["ended"] != float64(2) {
		t.Fatalf("sign out everywhere else: %v, want 2 ended", got)
	}
	c.Get("/v1/user").ExpectError(http.StatusUnauthorized)
	d.Get("/v1/user").ExpectError(http.StatusUnauthorized)
	a.Get("/v1/user").Expect(http.StatusOK)
	bob.Get("/v1/user").Expect(http.StatusOK) // another user's are left alone
	if res := a.GraphQL(`mutation { endOtherSessions { ended } }`, nil); string(res.Data) != `{"endOtherSessions":{"ended":0}}` {
		t.Errorf("again: %s %v", res.Data, res.Errors)
	}

	// With a token there is no current session: every one ends.
	alice := srv.User("alice@example.com")
	e := srv.Browser("alice@example.com")
	if got := alice.Delete("/v1/user/sessions").Expect(http.StatusOK).JSON(); got["ended"] != float64(2) {
		t.Fatalf("sign out everywhere by token: %v, want 2", got)
	}
	a.Get("/v1/user").ExpectError(http.StatusUnauthorized)
	e.Get("/v1/user").ExpectError(http.StatusUnauthorized)
	alice.Get("/v1/user").Expect(http.StatusOK) // tokens are left as they are

	// Ending one's own session signs out.
	f := srv.Browser("alice@example.com")
	f.Delete("/v1/user/sessions/" + f.SessionID).Expect(http.StatusNoContent)
	f.Get("/v1/user").ExpectError(http.StatusUnauthorized)
	srv.Anonymous().Get("/v1/user/sessions").ExpectError(http.StatusUnauthorized)
	srv.Anonymous().Delete("/v1/user/sessions").ExpectError(http.StatusUnauthorized)
}

// TestSessionStreamEndsWithSession: a subscription stream signed in by
// cookie checks its session at every keep-alive: once the session is
// ended, the stream gets UNAUTHENTICATED and ends.
func TestSessionStreamEndsWithSession(t *testing.T) {
	srv := resttest.New(t, resttest.WithSubscriptionLimits(graph.SubscriptionLimits{KeepAlive: 200 * time.Millisecond}))
	b := srv.Browser("alice@example.com")
	org := createOrg(t, srv.User(b.Email), "Acme")
	// As EventSource does: a GET with the cookie and nothing else.
	q := url.Values{"query": {`subscription($org: ID!) { organizationEvents(organizationId: $org) { id } }`},
		"variables": {`{"org":"` + org + `"}`}}
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/graphql?"+q.Encode(), nil)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Cookie", session.CookieName+"="+b.Secret)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	resp, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("stream: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	waitFor(t, "the stream to open", func() bool { return srv.Subscriptions.Open() == 1 })
	if err := srv.Store.EndSession(context.Background(), b.UserID, b.SessionID); err != nil {
		t.Fatal(err)
	}
	// Read to the end: a result with UNAUTHENTICATED, then complete.
	var events []string
	buf := make([]byte, 4096)
	var all strings.Builder
	for {
		n, err := resp.Body.Read(buf)
		all.Write(buf[:n])
		if err != nil {
			break
		}
	}
	for _, block := range strings.Split(all.String(), "\n\n") {
		if ev, ok := strings.CutPrefix(block, "event: "); ok {
			events = append(events, ev)
		}
	}
	if !strings.Contains(all.String(), `"code":"UNAUTHENTICATED"`) || len(events) < 2 || !strings.HasPrefix(events[len(events)-1], "complete") {
		t.Fatalf("stream after the session ended: %q", all.String())
	}
	waitFor(t, "the stream to end", func() bool { return srv.Subscriptions.Open() == 0 })
}

// TestSessionReadStatements: reading with a session cookie costs no more
// statements than with a token (one to find the viewer, one to read).
func TestSessionReadStatements(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	b := srv.Browser("alice@example.com")
	org := createOrg(t, alice, "Acme")
	for _, path := range []string{"/v1/user", "/v1/orgs/" + org} {
		// The first use of each writes its last-use time (not counted).
		alice.Get(path).Expect(http.StatusOK)
		b.Get(path).Expect(http.StatusOK)
		byToken := alice.Get(path).Expect(http.StatusOK).Statements
		byCookie := b.Get(path).Expect(http.StatusOK).Statements
		if byToken == 0 || byCookie > byToken {
			t.Errorf("GET %s: %d statements by cookie, %d by token", path, byCookie, byToken)
		}
	}
}

// TestChangePassword: the current password is checked (attempts are
// limited), the new one must be a good one; a change by cookie keeps the
// browser signed in and ends every other session, a change by token ends
// them all. An account without a password cannot get one this way.
func TestChangePassword(t *testing.T) {
	srv := resttest.New(t)
	ctx := context.Background()
	const old, fresh = "correct horse battery", "staple lantern orbit velvet"
	b := srv.Browser("alice@example.com")
	hash, err := password.Hash(old)
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Store.SetPassword(ctx, srv.Store.DB, b.UserID, hash); err != nil {
		t.Fatal(err)
	}
	b = srv.Browser("alice@example.com") // SetPassword signed the first one out
	other := srv.Browser("alice@example.com")
	alice := srv.User("alice@example.com")

	resttest.ExpectErrors(t, []resttest.Case{
		resttest.Fail("wrong-current-400", b.Client, "POST", "/v1/user/password", map[string]any{"current": "not it at all", "new": fresh}, 400),
		resttest.Fail("common-new-400", b.Client, "POST", "/v1/user/password", map[string]any{"current": old, "new": "password1234"}, 400),
		resttest.Fail("short-new-400", b.Client, "POST", "/v1/user/password", map[string]any{"current": old, "new": "short"}, 400),
		resttest.Fail("email-new-400", b.Client, "POST", "/v1/user/password", map[string]any{"current": old, "new": "alice@example.com1"}, 400),
		resttest.Fail("no-new-400", b.Client, "POST", "/v1/user/password", map[string]any{"current": old}, 400),
		resttest.Fail("anonymous-401", srv.Anonymous(), "POST", "/v1/user/password", map[string]any{"current": old, "new": fresh}, 401),
		resttest.Fail("no-csrf-403", b.WithHeader(func(h http.Header) { h.Del(session.CSRFHeader) }), "POST", "/v1/user/password",
			map[string]any{"current": old, "new": fresh}, 403),
	})
	other.Get("/v1/user").Expect(http.StatusOK) // refusals end nothing

	// By cookie: the browser stays signed in, the others are signed out.
	b.Post("/v1/user/password", map[string]any{"current": old, "new": fresh}).Expect(http.StatusNoContent)
	b.Get("/v1/user").Expect(http.StatusOK)
	other.Get("/v1/user").ExpectError(http.StatusUnauthorized)
	alice.Get("/v1/user").Expect(http.StatusOK) // tokens are left as they are
	var stored string
	if err := srv.Store.DB.QueryRowContext(ctx, `SELECT password_hash FROM users WHERE id = ?`, b.UserID).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if password.Verify(stored, fresh) != nil || password.Verify(stored, old) == nil {
		t.Fatalf("the stored password is not the new one")
	}
	// The old password no longer passes.
	b.Post("/v1/user/password", map[string]any{"current": old, "new": "another fine sentence"}).ExpectError(http.StatusBadRequest)

	// By token (GraphQL): every session ends.
	res := alice.GraphQL(`mutation($in: ChangePasswordInput!) { changePassword(input: $in) }`,
		map[string]any{"in": map[string]any{"current": fresh, "new": old}})
	if string(res.Data) != `{"changePassword":true}` {
		t.Fatalf("changePassword by token: %s %v", res.Data, res.Errors)
	}
	b.Get("/v1/user").ExpectError(http.StatusUnauthorized)

	// An account that signs in only by single sign-on has no password to
	// change, and cannot get one here.
	sso := srv.User("sso@example.com")
	msg := sso.Post("/v1/user/password", map[string]any{"current": "", "new": fresh}).ExpectError(http.StatusBadRequest)
	if !strings.Contains(msg, "no password") {
		t.Errorf("no password: %q", msg)
	}

	// Guessing is limited per account: 10 attempts per window, then 429.
	guesser := srv.User("alice@example.com")
	limited := false
	for i := 0; i < 12 && !limited; i++ {
		r := guesser.Post("/v1/user/password", map[string]any{"current": "guess number " + string(rune('a'+i)), "new": fresh})
		limited = r.Status == http.StatusTooManyRequests
	}
	if !limited {
		t.Fatalf("12 wrong guesses were never limited")
	}
	// Once limited, even the right password waits (a guesser learns nothing).
	r := guesser.Post("/v1/user/password", map[string]any{"current": old, "new": fresh})
	r.ExpectError(http.StatusTooManyRequests)
	if secs, err := strconv.Atoi(r.Header.Get("Retry-After")); err != nil || secs < 1 || secs > 15*60 {
		t.Errorf("Retry-After %q, want 1 to 900 seconds", r.Header.Get("Retry-After"))
	}
}

// TestAccountsGraphQLShapes: the GraphQL side of the routes, with its
// lists' envelopes and the secret shown once.
func TestAccountsGraphQLShapes(t *testing.T) {
	srv := resttest.New(t)
	b := srv.Browser("alice@example.com")
	res := b.GraphQL(`mutation { createPersonalToken(input: {name: "Laptop", readOnly: true}) { id token name readOnly commandLine expiresAt } }`, nil)
	var made struct {
		CreatePersonalToken struct {
			ID, Token, Name       string
			ReadOnly, CommandLine bool
			ExpiresAt             *string
		}
	}
	if err := json.Unmarshal(res.Data, &made); err != nil || len(res.Errors) > 0 {
		t.Fatalf("createPersonalToken: %s %v", res.Data, res.Errors)
	}
	if c := made.CreatePersonalToken; !strings.HasPrefix(c.Token, "gb_api_") || c.Name != "Laptop" || !c.ReadOnly || c.CommandLine || c.ExpiresAt != nil {
		t.Fatalf("created %+v", c)
	}
	res = b.GraphQL(`{ personalTokens(limit: 1) { count items { id } next { page } } sessions { count items { id current } } }`, nil)
	want := `{"personalTokens":{"count":1,"items":[{"id":"` + made.CreatePersonalToken.ID + `"}],"next":null},` +
		`"sessions":{"count":1,"items":[{"id":"` + b.SessionID + `","current":true}]}}`
	if string(res.Data) != want {
		t.Fatalf("lists: %s %v\nwant %s", res.Data, res.Errors, want)
	}
}

// TestChangePasswordSharesTheSignInThrottle: wrong current passwords sent
// to the API count against the account's sign-in throttle, so the API is
// no way around the sign-in page's limit (nor the page around the API's).
func TestChangePasswordSharesTheSignInThrottle(t *testing.T) {
	srv := resttest.New(t)
	account(t, srv, "alice@example.com", goodPassword)
	alice := srv.User("alice@example.com")
	for range signin.AccountGuesses {
		alice.Post("/v1/user/password", map[string]any{"current": "not the password", "new": "staple lantern orbit velvet"}).
			ExpectError(http.StatusBadRequest)
	}
	newPerson(t, srv).post("/signin", url.Values{"email": {"alice@example.com"}, "password": {goodPassword}}).
		expect(http.StatusTooManyRequests)
	alice.Post("/v1/user/password", map[string]any{"current": goodPassword, "new": "staple lantern orbit velvet"}).
		ExpectError(http.StatusTooManyRequests)

	// A right password gives its attempt back: successes never lock anyone out.
	account(t, srv, "carol@example.com", goodPassword)
	carol := srv.User("carol@example.com")
	for range signin.AccountGuesses + 2 {
		carol.Post("/v1/user/password", map[string]any{"current": goodPassword, "new": "x"}).ExpectError(http.StatusBadRequest) // new too short
	}
	newPerson(t, srv).signIn("carol@example.com", goodPassword)
}
