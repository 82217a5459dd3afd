package rest_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"folio/rest/resttest"
)

// frozen is a fixed clock inside one rate-limit window, so a test never
// straddles two windows.
var frozen = time.Date(2026, 11, 22, 10, 0, 30, 0, time.UTC)

// burst sends n GET requests at once and counts the statuses.
func burst(c *resttest.Client, path string, n int) map[int]int {
	var mu sync.Mutex
	counts := map[int]int{}
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := c.Get(path)
			mu.Lock()
			counts[r.Status]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	return counts
}

func TestRateLimitExactUnderConcurrency(t *testing.T) {
	const limit = 20
	srv := resttest.New(t, resttest.WithRateLimit(limit, time.Minute))
	srv.Store.SetClock(func() time.Time { return frozen })
	alice := srv.User("alice@example.com")

	got := burst(alice, "/v1/user", limit+50)
	if got[http.StatusOK] != limit || got[http.StatusTooManyRequests] != 50 {
		t.Fatalf("concurrent: statuses %v, want %d OK and 50 too many", got, limit)
	}
	bob := srv.User("bob@example.com")
	sequential := map[int]int{}
	for range limit + 50 {
		sequential[bob.Get("/v1/user").Status]++
	}
	if sequential[http.StatusOK] != limit || sequential[http.StatusTooManyRequests] != 50 {
		t.Fatalf("one after another: statuses %v, want %d OK and 50 too many", sequential, limit)
	}

	r := alice.Get("/v1/user")
	msg := r.ExpectError(http.StatusTooManyRequests)
	reset := frozen.Truncate(time.Minute).Add(time.Minute)
	for h, want := range map[string]string{
		"X-RateLimit-Limit":     strconv.Itoa(limit),
		"X-RateLimit-Remaining": "0",
		"X-RateLimit-Reset":     strconv.FormatInt(reset.Unix(), 10),
		"Retry-After":           "30",
	} {
		if got := r.Header.Get(h); got != want {
			t.Errorf("%s = %q, want %q", h, got, want)
		}
	}
	if msg == "" {
		t.Error("429 without a message")
	}
	if m := srv.Metrics(); !strings.Contains(m, `folio_http_rate_limited_total{bucket="token"} 101`) {
		t.Errorf("refusals not counted in the metrics")
	}
}

func TestRateLimitHeadersOnEveryResponse(t *testing.T) {
	srv := resttest.New(t, resttest.WithRateLimit(10, time.Minute))
	srv.Store.SetClock(func() time.Time { return frozen })
	alice := srv.User("alice@example.com")
	cases := []struct {
		name      string
		do        func() *resttest.Response
		status    int
		remaining string
	}{
		{"rest-200", func() *resttest.Response { return alice.Get("/v1/user") }, http.StatusOK, "9"},
		{"rest-404", func() *resttest.Response { return alice.Get("/v1/orgs/unknown") }, http.StatusNotFound, "8"},
		{"graphql-200", func() *resttest.Response {
			return alice.Post("/graphql", map[string]any{"query": "{ apiInformation { version } }"})
		}, http.StatusOK, "7"},
		{"unknown-route-404", func() *resttest.Response { return alice.Get("/nowhere") }, http.StatusNotFound, "6"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := c.do().Expect(c.status)
			if r.Header.Get("X-RateLimit-Limit") != "10" || r.Header.Get("X-RateLimit-Remaining") != c.remaining || r.Header.Get("X-RateLimit-Reset") == "" {
				t.Errorf("headers %v, want limit 10, remaining %s and a reset", r.Header, c.remaining)
			}
		})
	}
	if r := alice.Get("/healthz").Expect(http.StatusOK); r.Header.Get("X-RateLimit-Limit") != "" {
		t.Error("health checks must not be counted")
	}
}

func TestRateLimitBuckets(t *testing.T) {
	const limit = 5
	srv := resttest.New(t, resttest.WithRateLimit(limit, time.Minute))
	srv.Store.SetClock(func() time.Time { return frozen })
	alice := srv.User("alice@example.com")
	anon := srv.Anonymous()
	forged := srv.Anonymous()
	forged.Token = "gb_api_forged0000000000000000000000000000000"

	for range 3 {
		anon.Get("/v1/").Expect(http.StatusOK)
	}
	// A forged token is no way out of the address's bucket: it counts there.
	forged.Get("/v1/user").ExpectError(http.StatusUnauthorized)
	r := forged.Get("/v1/user")
	r.ExpectError(http.StatusUnauthorized)
	if r.Header.Get("X-RateLimit-Remaining") != "0" {
		t.Errorf("forged token: remaining %q, want 0 (the address's bucket)", r.Header.Get("X-RateLimit-Remaining"))
	}
	forged.Get("/v1/user").ExpectError(http.StatusTooManyRequests)
	anon.Get("/v1/").ExpectError(http.StatusTooManyRequests)
	// A valid token has its own bucket, whatever the address.
	if r := alice.Get("/v1/user").Expect(http.StatusOK); r.Header.Get("X-RateLimit-Remaining") != "4" {
		t.Errorf("token bucket: remaining %q, want 4", r.Header.Get("X-RateLimit-Remaining"))
	}
	bob := srv.User("bob@example.com")
	if r := bob.Get("/v1/user").Expect(http.StatusOK); r.Header.Get("X-RateLimit-Remaining") != "4" {
		t.Errorf("another token shares a bucket: remaining %q, want 4", r.Header.Get("X-RateLimit-Remaining"))
	}
}

func TestRateLimitSharedByServersOnOneDatabase(t *testing.T) {
	const limit = 20
	a := resttest.New(t, resttest.WithRateLimit(limit, time.Minute))
	b := resttest.New(t, resttest.WithRateLimit(limit, time.Minute), resttest.SharingDatabase(a))
	for _, s := range []*resttest.Server{a, b} {
		s.Store.SetClock(func() time.Time { return frozen })
	}
	alice := a.User("alice@example.com")
	aliceOnB := b.User("bob@example.com") // a client of b ...
	aliceOnB.Token = alice.Token          // ... with alice's token

	var wg sync.WaitGroup
	var onA, onB map[int]int
	wg.Add(2)
	go func() { defer wg.Done(); onA = burst(alice, "/v1/user", 35) }()
	go func() { defer wg.Done(); onB = burst(aliceOnB, "/v1/user", 35) }()
	wg.Wait()
	if ok := onA[http.StatusOK] + onB[http.StatusOK]; ok != limit {
		t.Fatalf("%d requests succeeded across two servers (%v, %v), want %d", ok, onA, onB, limit)
	}
}

func TestRateLimitNextWindow(t *testing.T) {
	srv := resttest.New(t, resttest.WithRateLimit(2, time.Minute))
	now := frozen
	srv.Store.SetClock(func() time.Time { return now })
	alice := srv.User("alice@example.com")
	alice.Get("/v1/user").Expect(http.StatusOK)
	alice.Get("/v1/user").Expect(http.StatusOK)
	alice.Get("/v1/user").ExpectError(http.StatusTooManyRequests)

	now = frozen.Add(time.Minute)
	r := alice.Get("/v1/user").Expect(http.StatusOK)
	if r.Header.Get("X-RateLimit-Remaining") != "1" {
		t.Errorf("new window: remaining %q, want 1", r.Header.Get("X-RateLimit-Remaining"))
	}
	var windows int
	if err := srv.Store.DB.NewRaw("SELECT count(*) FROM rate_limits").Scan(context.Background(), &windows); err != nil {
		t.Fatal(err)
	}
	if windows != 1 {
		t.Errorf("%d windows stored, want 1: the ended window must be pruned", windows)
	}
}

func TestRateLimitOff(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	if r := alice.Get("/v1/user").Expect(http.StatusOK); r.Header.Get("X-RateLimit-Limit") != "" {
		t.Error("a disabled limit sends no headers")
	}
}

func TestRateLimitClientAddressBehindProxies(t *testing.T) {
	status := func(srv *resttest.Server, forwarded string) int {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/v1/", nil)
		if forwarded != "" {
			req.Header.Set("X-Forwarded-For", forwarded)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	// The test's requests come from 127.0.0.1, the proxy here.
	behind := resttest.New(t, resttest.WithRateLimit(2, time.Minute), resttest.WithTrustedProxies("127.0.0.0/8", "10.0.0.0/8"))
	direct := resttest.New(t, resttest.WithRateLimit(2, time.Minute))
	for _, s := range []*resttest.Server{behind, direct} {
		s.Store.SetClock(func() time.Time { return frozen })
	}
	cases := []struct {
		name      string
		srv       *resttest.Server
		forwarded string
		want      int
	}{
		{"trusted-proxy-first-client-200", behind, "203.0.113.1", http.StatusOK},
		{"trusted-proxy-same-client-through-inner-proxy-200", behind, "203.0.113.1, 10.1.2.3", http.StatusOK},
		{"trusted-proxy-same-client-429", behind, "203.0.113.1", http.StatusTooManyRequests},
		{"trusted-proxy-other-client-200", behind, "203.0.113.2", http.StatusOK},
		{"spoofed-left-hop-ignored-429", behind, "198.51.100.9, 203.0.113.1", http.StatusTooManyRequests},
		{"untrusted-peer-first-200", direct, "203.0.113.1", http.StatusOK},
		{"untrusted-peer-second-200", direct, "203.0.113.2", http.StatusOK},
		{"untrusted-peer-header-ignored-429", direct, "203.0.113.3", http.StatusTooManyRequests},
	}
	for _, c := range cases {
		if got := status(c.srv, c.forwarded); got != c.want {
			t.Errorf("%s: status %d, want %d", c.name, got, c.want)
		}
	}
}

func TestRateLimitWindowsAlignedOnTheEpoch(t *testing.T) {
	srv := resttest.New(t, resttest.WithRateLimit(3, 7*time.Second))
	srv.Store.SetClock(func() time.Time { return frozen })
	r := srv.User("alice@example.com").Get("/v1/user").Expect(http.StatusOK)
	want := (frozen.Unix()/7 + 1) * 7
	if got := r.Header.Get("X-RateLimit-Reset"); got != strconv.FormatInt(want, 10) {
		t.Errorf("X-RateLimit-Reset = %s, want %d (the end of the 7 s window counted from the epoch)", got, want)
	}
}

// TestRateLimitCountsEachMutationField: aliased mutations in one /graphql
// request count one request each, so they cannot multiply a bucket's
// writes; a mutation over the limit runs nothing and answers 429.
func TestRateLimitCountsEachMutationField(t *testing.T) {
	const limit = 20
	srv := resttest.New(t, resttest.WithRateLimit(limit, time.Minute))
	srv.Store.SetClock(func() time.Time { return frozen })
	alice := srv.User("alice@example.com")

	mutation := func(n int) string {
		var b strings.Builder
		b.WriteString("mutation {")
		for i := range n {
			b.WriteString(" o" + strconv.Itoa(i) + `: createOrganization(input: {title: "Org"}) { id }`)
		}
		b.WriteString(" }")
		return b.String()
	}
	r := alice.Post("/graphql", map[string]any{"query": mutation(5)}).Expect(http.StatusOK)
	if got := r.Header.Get("X-RateLimit-Remaining"); got != strconv.Itoa(limit-5) {
		t.Errorf("after 5 mutation fields: remaining %s, want %d", got, limit-5)
	}
	r = alice.Post("/graphql", map[string]any{"query": mutation(30)}).Expect(http.StatusTooManyRequests)
	var res resttest.GraphQLResult
	r.Decode(&res)
	if len(res.Errors) != 1 || res.Errors[0].Extensions["code"] != "RATE_LIMITED" ||
		!strings.Contains(res.Errors[0].Message, "each mutation field counts as a request") || r.Header.Get("Retry-After") == "" {
		t.Errorf("30 mutation fields: %s, Retry-After %q", r.Body, r.Header.Get("Retry-After"))
	}
	if n, err := srv.Store.DB.NewSelect().Table("organizations").Count(context.Background()); err != nil || n != 5 {
		t.Errorf("organizations = %d (%v), want the first 5 only", n, err)
	}
	// Queries are one request whatever their fields.
	bob := srv.User("bob@example.com")
	r = bob.Post("/graphql", map[string]any{"query": "{ a: viewer { id } b: viewer { id } c: viewer { id } }"}).Expect(http.StatusOK)
	if got := r.Header.Get("X-RateLimit-Remaining"); got != strconv.Itoa(limit-1) {
		t.Errorf("a query of 3 fields: remaining %s, want %d", got, limit-1)
	}
}

// TestRateLimitSkipsStaticFiles: the static files of the playground and of
// published sites are not counted (a page view fetches several).
func TestRateLimitSkipsStaticFiles(t *testing.T) {
	srv := resttest.New(t, resttest.WithRateLimit(2, time.Minute))
	srv.Store.SetClock(func() time.Time { return frozen })
	anon := srv.Anonymous()
	for range 5 {
		anon.Get("/_folio/reader/theme-346ddb-346ddb-rounded-Inter.css").Expect(http.StatusOK)
		anon.Get("/healthz").Expect(http.StatusOK)
	}
	anon.Get("/v1/").Expect(http.StatusOK)
	anon.Get("/v1/").Expect(http.StatusOK)
	anon.Get("/v1/").Expect(http.StatusTooManyRequests)
}
