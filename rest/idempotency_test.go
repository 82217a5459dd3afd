package rest_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"folio/rest/resttest"
	"folio/store"
)

// answer is a raw HTTP answer.
type answer struct {
	status int
	header http.Header
	body   []byte
}

// send sends a JSON request with an Idempotency-Key (none when key is "").
func send(t *testing.T, srv *resttest.Server, c *resttest.Client, method, path, key, body string) answer {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+c.Token)
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return answer{resp.StatusCode, resp.Header, b}
}

func spaceCount(t *testing.T, c *resttest.Client, org string) string {
	t.Helper()
	return resttest.Str(c.Get("/v1/orgs/"+org+"/spaces").Expect(http.StatusOK).JSON(), "count")
}

func TestIdempotencyKeyReplays(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("admin@example.com")
	other := srv.User("other@example.com")
	org := createOrg(t, admin, "Acme")
	addMember(t, admin, org, other, "admin")
	path := "/v1/orgs/" + org + "/spaces"

	first := send(t, srv, admin, "POST", path, "k-1", `{"title":"Once"}`)
	if first.status != http.StatusCreated || first.header.Get("Location") == "" {
		t.Fatalf("first = %d %s", first.status, first.body)
	}
	again := send(t, srv, admin, "POST", path, "k-1", `{"title":"Once"}`)
	if again.status != first.status || !bytes.Equal(again.body, first.body) ||
		again.header.Get("Location") != first.header.Get("Location") || again.header.Get("Content-Type") != first.header.Get("Content-Type") {
		t.Errorf("replay = %d %v %s\nfirst = %d %v %s", again.status, again.header, again.body, first.status, first.header, first.body)
	}
	if again.header.Get("Idempotent-Replayed") != "true" || first.header.Get("Idempotent-Replayed") != "" {
		t.Errorf("Idempotent-Replayed: first %q, replay %q", first.header.Get("Idempotent-Replayed"), again.header.Get("Idempotent-Replayed"))
	}
	if n := spaceCount(t, admin, org); n != "1" {
		t.Errorf("spaces = %s, want 1 (the retry wrote nothing)", n)
	}
	if got := types(feed(t, admin, org, "types=space.created")); got != "space.created" {
		t.Errorf("space.created events: %s", got)
	}

	// The same key with another body, path or method is 422, and writes nothing.
	for _, c := range []struct{ method, path, body string }{
		{"POST", path, `{"title":"Twice"}`},
		{"POST", path + "?x=1", `{"title":"Once"}`},
	} {
		if a := send(t, srv, admin, c.method, c.path, "k-1", c.body); a.status != http.StatusUnprocessableEntity || !strings.Contains(string(a.body), `"code":422`) {
			t.Errorf("%s %s %s: %d %s", c.method, c.path, c.body, a.status, a.body)
		}
	}
	// Keys belong to a token: another token's k-1 is a request of its own.
	if a := send(t, srv, other, "POST", path, "k-1", `{"title":"Once"}`); a.status != http.StatusCreated || a.header.Get("Idempotent-Replayed") != "" {
		t.Errorf("other token: %d %s", a.status, a.body)
	}
	// Without a key, every request runs.
	send(t, srv, admin, "POST", path, "", `{"title":"Once"}`)
	if n := spaceCount(t, admin, org); n != "3" {
		t.Errorf("spaces = %s, want 3", n)
	}
	// Errors are answers too: a 4xx is replayed as it was.
	bad := send(t, srv, admin, "POST", path, "k-bad", `{"title":"`+strings.Repeat("x", 300)+`"}`)
	if bad.status != http.StatusBadRequest {
		t.Fatalf("long title = %d", bad.status)
	}
	if a := send(t, srv, admin, "POST", path, "k-bad", `{"title":"`+strings.Repeat("x", 300)+`"}`); a.status != 400 || !bytes.Equal(a.body, bad.body) || a.header.Get("Idempotent-Replayed") != "true" {
		t.Errorf("4xx replay = %d %s", a.status, a.body)
	}
	// PATCH and PUT are covered; an answer without a body replays as one.
	var created map[string]any
	if err := json.Unmarshal(first.body, &created); err != nil {
		t.Fatal(err)
	}
	sp := resttest.Str(created, "id")
	p1 := send(t, srv, admin, "PATCH", "/v1/spaces/"+sp, "k-patch", `{"title":"Renamed"}`)
	p2 := send(t, srv, admin, "PATCH", "/v1/spaces/"+sp, "k-patch", `{"title":"Renamed"}`)
	if p1.status != 200 || p2.status != 200 || !bytes.Equal(p1.body, p2.body) || p2.header.Get("Idempotent-Replayed") != "true" {
		t.Errorf("patch: %d %s / %d %s", p1.status, p1.body, p2.status, p2.body)
	}
	if got := types(feed(t, admin, org, "types=space.updated")); got != "space.updated" {
		t.Errorf("space.updated events: %s (the replayed PATCH wrote again)", got)
	}

	// Bad keys are 400.
	for _, k := range []string{strings.Repeat("k", 256), "tab\tkey", "ключ"} {
		if a := send(t, srv, admin, "POST", path, k, `{"title":"x"}`); a.status != http.StatusBadRequest {
			t.Errorf("key %q: %d %s", k, a.status, a.body)
		}
	}

	// After 24 hours a key is forgotten: it may name a new request.
	later := time.Now().Add(25 * time.Hour)
	srv.Store.SetClock(func() time.Time { return later })
	defer srv.Store.SetClock(time.Now)
	if a := send(t, srv, admin, "POST", path, "k-1", `{"title":"Twice"}`); a.status != http.StatusCreated || a.header.Get("Idempotent-Replayed") != "" {
		t.Errorf("expired key: %d %s", a.status, a.body)
	}
}

// TestIdempotencyKeyConcurrentRetries: many retries of one request at once
// run it once; each other retry is a replay of its answer or 409.
func TestIdempotencyKeyConcurrentRetries(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("admin@example.com")
	org := createOrg(t, admin, "Acme")
	path := "/v1/orgs/" + org + "/spaces"
	const n = 12
	answers := make([]answer, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			answers[i] = send(t, srv, admin, "POST", path, "same", `{"title":"Race"}`)
		}()
	}
	close(start)
	wg.Wait()
	var created []answer
	conflicts := 0
	for _, a := range answers {
		switch a.status {
		case http.StatusCreated:
			created = append(created, a)
		case http.StatusConflict:
			conflicts++
		default:
			t.Errorf("answer %d %s", a.status, a.body)
		}
	}
	if len(created) == 0 {
		t.Fatal("no request was served")
	}
	for _, a := range created[1:] {
		if !bytes.Equal(a.body, created[0].body) {
			t.Errorf("answers differ:\n%s\n%s", a.body, created[0].body)
		}
	}
	if got := spaceCount(t, admin, org); got != "1" {
		t.Errorf("spaces = %s, want 1", got)
	}
	// Once answered, every retry is a replay.
	if a := send(t, srv, admin, "POST", path, "same", `{"title":"Race"}`); a.status != http.StatusCreated || !bytes.Equal(a.body, created[0].body) {
		t.Errorf("retry after the race: %d %s", a.status, a.body)
	}
	t.Logf("%d served or replayed, %d in flight (409)", len(created), conflicts)
}

// TestIdempotencyKeyInFlight: an attempt that never committed leaves no
// trace (its retry runs); one that committed is never run again: a retry
// while it is being answered is 409 with Retry-After, and one after it
// failed to answer (or whose server stopped touching its row, for
// IdempotencyStale: it died) is 409 saying the answer is lost.
func TestIdempotencyKeyInFlight(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("admin@example.com")
	org := createOrg(t, admin, "Acme")
	path := "/v1/orgs/" + org + "/spaces"
	body := `{"title":"Slow"}`
	scope := sha256.Sum256([]byte(admin.Token))
	fp := sha256.Sum256([]byte("POST " + path + "?\napplication/json\n" + body))
	ctx := context.Background()
	begin := func(key string) *store.IdempotentAttempt {
		t.Helper()
		claim, _, att, err := srv.Store.BeginIdempotent(ctx, scope[:], key, fp[:])
		if err != nil || claim != store.IdemOwned {
			t.Fatalf("claim %s = %v, %v", key, claim, err)
		}
		return att
	}
	// write is an attempt's write, as another server runs it.
	write := func(att *store.IdempotentAttempt) error {
		_, err := srv.Store.CreateSpace(store.WithIdempotentAttempt(ctx, att), org, store.NewSpace{Title: "Slow", Visibility: store.VisibilityPrivate, EditMode: store.EditLive})
		return err
	}
	commit := func(att *store.IdempotentAttempt) {
		t.Helper()
		if err := write(att); err != nil || !att.Marked() {
			t.Fatalf("commit: %v (marked %v)", err, att.Marked())
		}
	}

	// Claimed by an attempt that died before committing: nothing to wait for.
	begin("never-committed")
	if a := send(t, srv, admin, "POST", path, "never-committed", body); a.status != http.StatusCreated {
		t.Errorf("uncommitted attempt: %d %s", a.status, a.body)
	}

	// Committed by another server, which is still answering.
	slow := begin("slow")
	commit(slow)
	a := send(t, srv, admin, "POST", path, "slow", body)
	if a.status != http.StatusConflict || !strings.Contains(string(a.body), `"code":409`) || a.header.Get("Retry-After") == "" {
		t.Errorf("in flight: %d %v %s", a.status, a.header, a.body)
	}
	// Of two attempts at once, the one that commits second rolls back.
	first, second := begin("race"), begin("race")
	commit(first)
	if err := write(second); !errors.Is(err, store.ErrIdempotencyTaken) {
		t.Errorf("second attempt committed: %v", err)
	}
	if n := spaceCount(t, admin, org); n != "3" {
		t.Errorf("spaces = %s, want 3 (one request, two other servers' writes)", n)
	}
	// Its server still answers, touching its row: still in flight past
	// IdempotencyStale from the commit.
	at := func(d time.Duration) {
		later := time.Now().Add(d)
		srv.Store.SetClock(func() time.Time { return later })
	}
	at(store.IdempotencyStale - time.Second)
	if err := srv.Store.TouchIdempotent(ctx, slow); err != nil {
		t.Fatal(err)
	}
	at(store.IdempotencyStale + store.IdempotencyTouch)
	a = send(t, srv, admin, "POST", path, "slow", body)
	if a.status != http.StatusConflict || a.header.Get("Retry-After") == "" {
		t.Errorf("touched key: %d %v %s", a.status, a.header, a.body)
	}
	// Its server died (no more touches): IdempotencyStale after the last,
	// the answer is lost, and the request still does not run again.
	at(2*store.IdempotencyStale + time.Second)
	a = send(t, srv, admin, "POST", path, "slow", body)
	srv.Store.SetClock(time.Now)
	if a.status != http.StatusConflict || a.header.Get("Retry-After") != "" || !strings.Contains(string(a.body), "carried out") {
		t.Errorf("abandoned key: %d %v %s", a.status, a.header, a.body)
	}
	// Committed, then failed before answering: lost at once.
	failed := begin("failed")
	commit(failed)
	if err := srv.Store.LoseIdempotent(ctx, failed); err != nil {
		t.Fatal(err)
	}
	if a := send(t, srv, admin, "POST", path, "failed", body); a.status != http.StatusConflict || !strings.Contains(string(a.body), "carried out") {
		t.Errorf("lost answer: %d %s", a.status, a.body)
	}
	if n := spaceCount(t, admin, org); n != "4" {
		t.Errorf("spaces = %s, want 4 (no retry ran again)", n)
	}
}
