package rest_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"folio/internal/password"
	"folio/rest/resttest"
	"folio/store"
)

// The token cache (store/tokencache.go, FOLIO_TOKEN_CACHE_TTL).

// warmOn reads path with c until a read runs one statement fewer than
// cold (the token's came from the cache): a loaded machine may let the
// TTL pass between two reads, so it tries a few times.
func warmOn(t *testing.T, c *resttest.Client, path string, want int) {
	t.Helper()
	for range 5 {
		if c.Get(path).Expect(http.StatusOK).Statements == want {
			return
		}
	}
	t.Fatalf("GET %s: never %d statements: the token is not cached", path, want)
}

// refusedWithin polls get (a request's status) until it answers 401. The
// cache's bound: a request that begins 1 s after the change (made before
// since) is refused on every server; one that begins earlier may pass.
func refusedWithin(t *testing.T, what string, since time.Time, get func() int) {
	t.Helper()
	for {
		start := time.Now()
		switch status := get(); status {
		case http.StatusUnauthorized:
			t.Logf("%s: refused by the other server after %v", what, time.Since(since).Round(time.Millisecond))
			return
		case http.StatusOK:
		default:
			t.Fatalf("%s: status %d", what, status)
		}
		if start.Sub(since) > time.Second {
			t.Fatalf("%s: a request begun %v after it was still accepted by the other server", what, start.Sub(since).Round(time.Millisecond))
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestTokenCacheAcrossServers: two servers on one database, each with the
// token cache `folio serve` has. A token b has cached is refused by b
// within 1 s of each change made through a: a personal token revoked
// through the API, a token revoked by `folio token revoke`, and a user's
// new password (the cached user's hash, which changePassword checks). An
// expiry is the clock's: refused at once, from the cache. Memberships and
// roles are not cached: their changes are seen at once.
func TestTokenCacheAcrossServers(t *testing.T) {
	a := resttest.New(t, resttest.WithTokenCache(store.DefaultTokenCacheTTL))
	b := resttest.New(t, resttest.SharingDatabase(a))
	alice := a.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	path := "/v1/orgs/" + org

	t.Run("personal token revoked", func(t *testing.T) {
		made := createToken(t, alice.In(t), map[string]any{"name": "ci"})
		ci := asToken(alice.In(t), resttest.Str(made, "token"))
		warmOn(t, ci, path, 1)
		warmOn(t, ci.On(b), path, 1)
		alice.In(t).Delete("/v1/user/tokens/" + resttest.Str(made, "id")).Expect(http.StatusNoContent)
		since := time.Now()
		// On the server that revoked it: at once.
		ci.Get(path).ExpectError(http.StatusUnauthorized)
		refusedWithin(t, "a personal token revoked", since, func() int { return ci.On(b).Get(path).Status })
	})

	t.Run("token revoked by folio token revoke", func(t *testing.T) {
		bob := a.User("bob@example.com").In(t)
		bobOrg := createOrg(t, bob, "Bob's")
		warmOn(t, bob.On(b), "/v1/orgs/"+bobOrg, 1)
		if err := a.Store.RevokeToken(t.Context(), bob.Token); err != nil {
			t.Fatal(err)
		}
		since := time.Now()
		bob.Get("/v1/orgs/" + bobOrg).ExpectError(http.StatusUnauthorized)
		refusedWithin(t, "folio token revoke", since, func() int { return bob.On(b).Get("/v1/orgs/" + bobOrg).Status })
	})

	t.Run("expired", func(t *testing.T) {
		expires := time.Now().Add(time.Hour).UTC().Truncate(time.Second)
		made := createToken(t, alice.In(t), map[string]any{"name": "hour", "expiresAt": expires.Format(time.RFC3339)})
		hour := asToken(alice.In(t), resttest.Str(made, "token")).On(b)
		warmOn(t, hour, path, 1)
		b.Store.SetClock(func() time.Time { return time.Now().Add(2 * time.Hour) })
		defer b.Store.SetClock(time.Now)
		r := hour.Get(path)
		if r.Status != http.StatusUnauthorized || r.Statements != 0 {
			t.Fatalf("an expired token, cached: %d with %d statements, want 401 from the cache (0)", r.Status, r.Statements)
		}
	})

	t.Run("new password", func(t *testing.T) {
		carol := a.User("carol@example.com").In(t)
		createOrg(t, carol, "Carol's")
		old, next := "old horse battery staple 17", "new horse battery staple 42"
		hash, err := password.Hash(old)
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Store.ChangePassword(t.Context(), carol.UserID, hash); err != nil {
			t.Fatal(err)
		}
		const change = `mutation($current: String!, $new: String!) { changePassword(input: {current: $current, new: $new}) }`
		warmOn(t, carol.On(b), "/v1/user", 1)
		if r := carol.GraphQL(change, map[string]any{"current": old, "new": next}); len(r.Errors) > 0 {
			t.Fatalf("change the password: %v", r.Errors)
		}
		since := time.Now()
		// The old password is no longer the current one on b: its cached
		// user (with the old hash) is not trusted past the TTL.
		refusedWithin(t, "a new password", since, func() int {
			r := carol.On(b).GraphQL(change, map[string]any{"current": old, "new": "third horse battery staple 9"})
			if len(r.Errors) > 0 && strings.Contains(r.Errors[0].Message, "does not match") {
				return http.StatusUnauthorized
			}
			if len(r.Errors) == 0 {
				t.Fatalf("the old password changed the password again")
			}
			return http.StatusOK // CONFLICT: checked against the cached hash
		})
	})

	t.Run("membership and role", func(t *testing.T) {
		dave := a.User("dave@example.com").In(t)
		addMember(t, alice.In(t), org, dave, "create")
		onB := dave.On(b)
		warmOn(t, onB, path, 1)
		onB.Post(path+"/spaces", map[string]any{"title": "Dave's"}).Expect(http.StatusCreated)
		// Made read-only on a: b refuses the next write, with the token cached.
		alice.In(t).Patch(path+"/members/"+dave.UserID, map[string]any{"role": "read"}).Expect(http.StatusOK)
		onB.Post(path+"/spaces", map[string]any{"title": "Dave's again"}).ExpectError(http.StatusForbidden)
		// Removed on a: b answers as to a stranger, at once.
		alice.In(t).Delete(path + "/members/" + dave.UserID).Expect(http.StatusNoContent)
		r := onB.Get(path)
		if r.Status != http.StatusNotFound || r.Statements != 1 {
			t.Fatalf("a removed member's read on b: %d with %d statements, want 404 with the token cached (1)", r.Status, r.Statements)
		}
	})
}

// TestTokenCacheStatements: with the token cache warm, the single reads
// (REST organization and space, GraphQL space by id) run one statement;
// a token's first use runs two; an unknown token is never cached; and
// last_used_at is written at most once a minute, as without the cache.
func TestTokenCacheStatements(t *testing.T) {
	srv := resttest.New(t, resttest.WithTokenCache(time.Minute))
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Guide"})
	made := createToken(t, alice, map[string]any{"name": "fresh"})
	fresh := asToken(alice, resttest.Str(made, "token"))
	if n := fresh.Get("/v1/orgs/" + org).Expect(http.StatusOK).Statements; n != 2 {
		t.Errorf("a token's first use: %d statements, want 2 (token, organization)", n)
	}
	for _, path := range []string{"/v1/orgs/" + org, "/v1/spaces/" + space} {
		if n := fresh.Get(path).Expect(http.StatusOK).Statements; n != 1 {
			t.Errorf("GET %s, token cached: %d statements, want 1", path, n)
		}
	}
	r := fresh.GraphQL(`query($id: ID!) { space(id: $id) { id title } }`, map[string]any{"id": space})
	if len(r.Errors) > 0 || r.Statements != 1 {
		t.Errorf("GraphQL space by id, token cached: %d statements (%v), want 1", r.Statements, r.Errors)
	}
	// A token nobody issued runs its lookup every time.
	unknown := asToken(alice, store.TokenPrefix+strings.Repeat("x", 40))
	for range 2 {
		if r := unknown.Get("/v1/orgs/" + org); r.Status != http.StatusUnauthorized || r.Statements != 1 {
			t.Errorf("unknown token: %d with %d statements, want 401 with 1", r.Status, r.Statements)
		}
	}
	entries, bytes := srv.Store.TokenCacheStats()
	if entries < 2 || bytes <= 0 {
		t.Errorf("token cache: %d entries, %d B", entries, bytes)
	}

	// last_used_at: written by the first use, not by the next ones within
	// a minute; a use a minute later writes it again, from the cache.
	lastUsed := func() time.Time {
		t.Helper()
		var at time.Time
		if err := srv.Store.DB.NewRaw(`SELECT last_used_at FROM api_tokens WHERE id = ?`, resttest.Str(made, "id")).Scan(context.Background(), &at); err != nil {
			t.Fatal(err)
		}
		return at
	}
	first := lastUsed()
	fresh.Get("/v1/orgs/" + org).Expect(http.StatusOK)
	if got := lastUsed(); !got.Equal(first) {
		t.Errorf("last_used_at moved from %v to %v within a minute", first, got)
	}
	srv.Store.SetClock(func() time.Time { return time.Now().Add(2 * time.Minute) })
	defer srv.Store.SetClock(time.Now)
	if n := fresh.Get("/v1/orgs/" + org).Expect(http.StatusOK).Statements; n != 1 {
		t.Errorf("a use that writes last_used_at: %d statements counted, want 1", n)
	}
	if got := lastUsed(); got.Sub(first) < time.Minute {
		t.Errorf("last_used_at %v, two minutes after %v: not written", got, first)
	}
}
