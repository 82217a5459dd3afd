package rest_test

import (
	"net/http"
	"testing"

	"folio/rest/resttest"
	"folio/store"
	"folio/store/pgtest"
)

// TestWritesRecordReadAfter: with read replicas configured, a token's
// write request records the primary's WAL position for it (the position
// its later replica reads wait for), a read request records nothing, and
// a refused write records nothing. The "replica" here is the primary
// itself, which is not in recovery: never usable, so every read, the
// search's included, answers from the primary.
func TestWritesRecordReadAfter(t *testing.T) {
	base := pgtest.New(t)
	s, err := store.OpenOptions(t.Context(), base.DSN(), store.Options{ReplicaURLs: []string{base.DSN()}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if err := s.LoadSecrets(t.Context()); err != nil {
		t.Fatal(err)
	}
	if usable := s.Replicas(); len(usable) != 1 || usable[0] {
		t.Fatalf("a primary used as a replica: usable %v", usable)
	}
	srv := resttest.New(t, resttest.OnStore(s))
	alice, bob := srv.User("alice@example.com"), srv.User("bob@example.com")
	recorded := func() map[string]bool {
		t.Helper()
		var creds []string
		if err := s.DB.NewRaw(`SELECT credential FROM read_after`).Scan(t.Context(), &creds); err != nil {
			t.Fatal(err)
		}
		out := map[string]bool{}
		for _, c := range creds {
			out[c] = true
		}
		return out
	}
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})
	bob.Get("/v1/user").Expect(http.StatusOK)
	bob.Post("/v1/orgs/"+org+"/spaces", map[string]any{"title": "Not his"}).ExpectError(http.StatusNotFound)
	alice.Get("/v1/spaces/" + space + "/search?query=docs").Expect(http.StatusOK)
	var writers []string
	if err := s.DB.NewRaw(`SELECT u.email FROM read_after AS r JOIN api_tokens AS t ON r.credential = 'token:' || t.id
		JOIN users AS u ON u.id = t.user_id`).Scan(t.Context(), &writers); err != nil {
		t.Fatal(err)
	}
	if n := len(recorded()); n != 1 || len(writers) != 1 || writers[0] != "alice@example.com" {
		t.Errorf("read_after: %d rows, of tokens of %v; want one, alice's", n, writers)
	}
}
