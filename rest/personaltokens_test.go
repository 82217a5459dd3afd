package rest_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"folio/domain"
	"folio/rest/resttest"
)

// createToken makes a personal token through POST /v1/user/tokens and
// returns its body (with the secret, "token").
func createToken(t *testing.T, c *resttest.Client, body map[string]any) map[string]any {
	t.Helper()
	return c.Post("/v1/user/tokens", body).Expect(http.StatusCreated).JSON()
}

// asToken is a client of the same user with another token.
func asToken(c *resttest.Client, token string) *resttest.Client {
	cp := *c
	cp.Token = token
	return &cp
}

// listTokens reads GET /v1/user/tokens.
func listTokens(t *testing.T, c *resttest.Client) []map[string]any {
	t.Helper()
	var list struct {
		Items []map[string]any `json:"items"`
		Count int              `json:"count"`
	}
	c.Get("/v1/user/tokens").Expect(http.StatusOK).Decode(&list)
	if list.Count != len(list.Items) {
		t.Fatalf("count %d, %d items", list.Count, len(list.Items))
	}
	return list.Items
}

func tokenByID(items []map[string]any, id string) map[string]any {
	for _, it := range items {
		if it["id"] == id {
			return it
		}
	}
	return nil
}

// TestPersonalTokens: a token made through the API answers its secret
// once, works at once, is listed (with the token of `folio token create`)
// without its secret, records its last use, and stops working the moment
// it is revoked.
func TestPersonalTokens(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com") // a token of `folio token create`
	r := alice.Post("/v1/user/tokens", map[string]any{"name": "  CI deploys  "}).Expect(http.StatusCreated)
	if cc := r.Header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("Cache-Control %q on the answer carrying the secret, want no-store", cc)
	}
	made := r.JSON()
	secret, id := resttest.Str(made, "token"), resttest.Str(made, "id")
	if !strings.HasPrefix(secret, "gb_api_") || id == "" || made["object"] != "token" || made["name"] != "CI deploys" ||
		made["readOnly"] != false || made["commandLine"] != false || made["expired"] != false {
		t.Fatalf("created: %v", made)
	}
	for _, absent := range []string{"expiresAt", "lastUsedAt", "tokenHash"} {
		if _, ok := made[absent]; ok {
			t.Errorf("created: %s present: %v", absent, made)
		}
	}

	// The new token works at once, as alice.
	ci := asToken(alice, secret)
	if u := ci.Get("/v1/user").Expect(http.StatusOK).JSON(); u["id"] != alice.UserID {
		t.Fatalf("the new token is %v", u)
	}

	// Listed with the command line's token, never with a secret.
	raw := alice.Get("/v1/user/tokens").Expect(http.StatusOK).Body
	if strings.Contains(string(raw), secret) || strings.Contains(string(raw), alice.Token) || strings.Contains(string(raw), `"token":`) {
		t.Fatalf("the list shows a secret: %s", raw)
	}
	items := listTokens(t, alice)
	if len(items) != 2 {
		t.Fatalf("%d tokens listed, want 2: %v", len(items), items)
	}
	mine := tokenByID(items, id)
	if mine == nil || mine["name"] != "CI deploys" || mine["lastUsedAt"] == nil {
		t.Errorf("the API's token after a use: %v (want its name and lastUsedAt)", mine)
	}
	for _, it := range items {
		if it["id"] != id && (it["name"] != "" || it["commandLine"] != true || it["readOnly"] != false) {
			t.Errorf("the command line's token: %v", it)
		}
	}
	// Same list through GraphQL, and the secret is nowhere in the schema.
	res := alice.GraphQL(`{ personalTokens { count items { id name commandLine lastUsedAt } } }`, nil)
	if len(res.Errors) > 0 || !strings.Contains(string(res.Data), `"count":2`) || strings.Contains(string(res.Data), secret) {
		t.Fatalf("personalTokens: %s %v", res.Data, res.Errors)
	}
	if res := alice.GraphQL(`{ personalTokens { items { token } } }`, nil); len(res.Errors) == 0 {
		t.Errorf("PersonalToken has a token field: %s", res.Data)
	}

	// Last use is recorded: a token never used has none until it is used.
	fresh := createToken(t, alice, map[string]any{"name": "Fresh"})
	if it := tokenByID(listTokens(t, alice), resttest.Str(fresh, "id")); it == nil || it["lastUsedAt"] != nil {
		t.Fatalf("unused token: %v", it)
	}
	before := srv.Store.Now()
	asToken(alice, resttest.Str(fresh, "token")).Get("/v1/user").Expect(http.StatusOK)
	used := tokenByID(listTokens(t, alice), resttest.Str(fresh, "id"))
	at, err := time.Parse(time.RFC3339Nano, resttest.Str(used, "lastUsedAt"))
	if err != nil || at.Before(before.Add(-time.Second)) {
		t.Fatalf("lastUsedAt after a use: %v (%v)", used["lastUsedAt"], err)
	}

	// Revoked, it stops working at once; revoking it again finds nothing.
	alice.Delete("/v1/user/tokens/" + id).Expect(http.StatusNoContent)
	ci.Get("/v1/user").ExpectError(http.StatusUnauthorized)
	if tokenByID(listTokens(t, alice), id) != nil {
		t.Errorf("a revoked token is still listed")
	}
	alice.Delete("/v1/user/tokens/" + id).ExpectError(http.StatusNotFound)

	// A token may revoke itself (through GraphQL too).
	self := createToken(t, alice, map[string]any{"name": "Self"})
	selfClient := asToken(alice, resttest.Str(self, "token"))
	res = selfClient.GraphQL(`mutation($id: ID!) { revokePersonalToken(id: $id) }`, map[string]any{"id": resttest.Str(self, "id")})
	if len(res.Errors) > 0 || string(res.Data) != `{"revokePersonalToken":true}` {
		t.Fatalf("revoke itself: %s %v", res.Data, res.Errors)
	}
	selfClient.Get("/v1/user").ExpectError(http.StatusUnauthorized)
}

// TestPersonalTokenOwnersOnly: a token is its owner's alone: another user
// can neither see it (list, node) nor revoke it, and learns nothing an
// unknown id would not tell them.
func TestPersonalTokenOwnersOnly(t *testing.T) {
	srv := resttest.New(t)
	alice, bob := srv.User("alice@example.com"), srv.User("bob@example.com")
	made := createToken(t, alice, map[string]any{"name": "Alice's"})
	id := resttest.Str(made, "id")

	bob.Delete("/v1/user/tokens/" + id).ExpectError(http.StatusNotFound)
	bob.Delete("/v1/user/tokens/" + domain.NewID()).ExpectError(http.StatusNotFound)
	if tokenByID(listTokens(t, bob), id) != nil {
		t.Errorf("bob lists alice's token")
	}
	asToken(alice, resttest.Str(made, "token")).Get("/v1/user").Expect(http.StatusOK) // still works

	q := `query($id: ID!) { node(id: $id) { __typename id ... on PersonalToken { name } } }`
	if res := alice.GraphQL(q, map[string]any{"id": id}); !strings.Contains(string(res.Data), `"__typename":"PersonalToken"`) ||
		!strings.Contains(string(res.Data), `"name":"Alice's"`) {
		t.Errorf("owner's node(id): %s %v", res.Data, res.Errors)
	}
	_, unknown := nodeBody(t, bob, domain.NewID())
	if _, body := nodeBody(t, bob, id); body != unknown {
		t.Errorf("bob's node(alice's token) = %s, want the unknown id's %s", body, unknown)
	}
	// Revoked, it is gone for its owner's node too.
	alice.Delete("/v1/user/tokens/" + id).Expect(http.StatusNoContent)
	if _, body := nodeBody(t, alice, id); body != unknown {
		t.Errorf("node(revoked token) = %s", body)
	}
	srv.Anonymous().Get("/v1/user/tokens").ExpectError(http.StatusUnauthorized)
	srv.Anonymous().Post("/v1/user/tokens", map[string]any{"name": "x"}).ExpectError(http.StatusUnauthorized)
}

// TestPersonalTokenExpiry: an expiry in the past is refused at creation; a
// token past its expiry is refused (401) and listed as expired.
func TestPersonalTokenExpiry(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	resttest.ExpectErrors(t, []resttest.Case{
		resttest.Fail("past-expiry-400", alice, "POST", "/v1/user/tokens",
			map[string]any{"name": "Old", "expiresAt": time.Now().Add(-time.Minute).UTC().Format(time.RFC3339)}, 400),
		resttest.Fail("expiry-now-400", alice, "POST", "/v1/user/tokens",
			map[string]any{"name": "Now", "expiresAt": srv.Store.Now().Format(time.RFC3339Nano)}, 400),
		resttest.Fail("not-a-time-400", alice, "POST", "/v1/user/tokens", map[string]any{"name": "Bad", "expiresAt": "tomorrow"}, 400),
		resttest.Fail("no-name-400", alice, "POST", "/v1/user/tokens", map[string]any{}, 400),
		resttest.Fail("empty-name-400", alice, "POST", "/v1/user/tokens", map[string]any{"name": ""}, 400),
		resttest.Fail("blank-name-400", alice, "POST", "/v1/user/tokens", map[string]any{"name": "   "}, 400),
		resttest.Fail("long-name-400", alice, "POST", "/v1/user/tokens", map[string]any{"name": strings.Repeat("n", 101)}, 400),
		resttest.Fail("read-only-not-boolean-400", alice, "POST", "/v1/user/tokens", map[string]any{"name": "x", "readOnly": "yes"}, 400),
	})
	if n := len(listTokens(t, alice)); n != 1 {
		t.Fatalf("%d tokens after refusals, want the command line's only", n)
	}
	createToken(t, alice, map[string]any{"name": strings.Repeat("n", 100)}) // 100 is fine

	expires := time.Now().Add(24 * time.Hour).UTC().Truncate(time.Second)
	made := createToken(t, alice, map[string]any{"name": "Tomorrow", "expiresAt": expires.Format(time.RFC3339)})
	if got, _ := time.Parse(time.RFC3339, resttest.Str(made, "expiresAt")); !got.Equal(expires) {
		t.Fatalf("expiresAt %v, want %s", made["expiresAt"], expires)
	}
	tomorrow := asToken(alice, resttest.Str(made, "token"))
	tomorrow.Get("/v1/user").Expect(http.StatusOK)

	// Time passes (the row's expiry moves into the past).
	if _, err := srv.Store.DB.ExecContext(context.Background(), `UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = ?`,
		resttest.Str(made, "id")); err != nil {
		t.Fatal(err)
	}
	msg := tomorrow.Get("/v1/user").ExpectError(http.StatusUnauthorized)
	if !strings.Contains(msg, "expired") {
		t.Errorf("expired token: %q", msg)
	}
	tomorrow.Post("/graphql", map[string]any{"query": `{ viewer { id } }`}).ExpectError(http.StatusUnauthorized)
	if it := tokenByID(listTokens(t, alice), resttest.Str(made, "id")); it == nil || it["expired"] != true {
		t.Errorf("expired token listed as %v, want expired: true", it)
	}
}

// TestPersonalTokenSecretsAreNeverRecorded: routes whose request or answer
// carries a secret refuse an Idempotency-Key (its answers are stored), so
// the secret never reaches the database; nothing is made.
func TestPersonalTokenSecretsAreNeverRecorded(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	withKey := alice.WithHeader(func(h http.Header) { h.Set("Idempotency-Key", "k1") })
	msg := withKey.Post("/v1/user/tokens", map[string]any{"name": "CI"}).ExpectError(http.StatusBadRequest)
	if !strings.Contains(msg, "Idempotency-Key") {
		t.Errorf("refusal: %q", msg)
	}
	withKey.Post("/v1/user/password", map[string]any{"current": "x", "new": "y"}).ExpectError(http.StatusBadRequest)
	if n := len(listTokens(t, alice)); n != 1 {
		t.Errorf("%d tokens, want the command line's only", n)
	}
	var keys int
	if err := srv.Store.DB.QueryRowContext(context.Background(), `SELECT count(*) FROM idempotency_keys`).Scan(&keys); err != nil || keys != 0 {
		t.Errorf("%d idempotency keys recorded (%v)", keys, err)
	}
	// The OpenAPI document offers no Idempotency-Key on them.
	var doc struct {
		Paths map[string]map[string]struct {
			Parameters []struct{ Name string } `json:"parameters"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(openAPIDocument(t, srv), &doc); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/v1/user/tokens", "/v1/user/password"} {
		for _, param := range doc.Paths[p]["post"].Parameters {
			if param.Name == "Idempotency-Key" {
				t.Errorf("POST %s offers an Idempotency-Key", p)
			}
		}
	}
}
