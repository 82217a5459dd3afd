package rest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"folio/bench/baseline"
	"folio/bench/queries"
	"folio/internal/logs"
	"folio/rest"
	"folio/rest/resttest"
	"folio/store"
)

// benchHandler is Folio's handler as `make bench` runs it: access lines
// below the error level are not written (FOLIO_LOG_LEVEL=error), and each
// answer carries its statement count.
func benchHandler(b *testing.B, s *store.Store) http.Handler {
	b.Helper()
	h, err := rest.NewHandler(rest.Config{Store: s, PublicURL: "http://folio.test", StatementHeader: true,
		Logger: logs.New(io.Discard, slog.LevelError)})
	if err != nil {
		b.Fatal(err)
	}
	return h
}

// runRead serves GET path with token until the benchmark ends and reports
// the SQL statements of one request (when the handler counts them) and the
// CPU time of the process per request (collector included, the database
// not), and what the collector cost (reportGC): on a machine shared with
// other work, wall time per request says more about the neighbours than
// about the handler.
func runRead(b *testing.B, h http.Handler, path, token string) {
	runReads(b, h, func() string { return path }, token)
}

// runReads is runRead with the path of each request from next.
func runReads(b *testing.B, h http.Handler, next func() string, token string) {
	b.ReportAllocs()
	statements := ""
	body := 0
	cpu, gc := cpuTime(), readGC()
	n := 0
	for b.Loop() {
		n++
		req := httptest.NewRequest(http.MethodGet, next(), nil)
		req.Header.Set("Authorization", "Bearer "+token)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			b.Fatalf("%d %s", w.Code, w.Body)
		}
		statements = w.Header().Get("X-Folio-Statements")
		body = w.Body.Len()
	}
	b.ReportMetric(float64(body), "body-B")
	b.ReportMetric(float64(cpuTime()-cpu)/float64(n), "cpu-ns/op")
	reportGC(b, gc, n)
	if n, err := strconv.Atoi(statements); err == nil {
		b.ReportMetric(float64(n), "statements/op")
	}
}

// TestBaselineBodies: the direct baseline answers Folio's bytes, so that
// make bench compares the same work (it had no mergeRules).
func TestBaselineBodies(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := resttest.Str(alice.Post("/v1/orgs", map[string]any{"title": "Acme"}).Expect(http.StatusCreated).JSON(), "id")
	space := resttest.Str(alice.Post("/v1/orgs/"+org+"/spaces", map[string]any{"title": "Docs", "visibility": "public"}).Expect(http.StatusCreated).JSON(), "id")
	folio, err := rest.NewHandler(rest.Config{Store: srv.Store, PublicURL: "http://folio.test"})
	if err != nil {
		t.Fatal(err)
	}
	direct := baseline.Handler(srv.Store, "http://folio.test")
	for _, path := range []string{"/v1/orgs/" + org, "/v1/spaces/" + space} {
		var bodies [2]string
		for i, h := range []http.Handler{folio, direct} {
			req := httptest.NewRequest(http.MethodGet, path, nil)
			req.Header.Set("Authorization", "Bearer "+alice.Token)
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			if w.Code != http.StatusOK {
				t.Fatalf("GET %s: %d %s", path, w.Code, w.Body)
			}
			bodies[i] = w.Body.String()
		}
		if bodies[0] != bodies[1] {
			t.Errorf("GET %s:\nfolio:    %s\nbaseline: %s", path, bodies[0], bodies[1])
		}
	}
}

// TestBaselineGraphQL: the direct baseline answers the site tree and the
// list of spaces as Folio's GraphQL server does, byte for byte, and runs
// the very statements Folio runs for them (their texts, in any order:
// Folio's loaders run side by side), so that make bench compares GraphQL's
// own cost and nothing else.
func TestBaselineGraphQL(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := resttest.Str(alice.Post("/v1/orgs", map[string]any{"title": "Acme"}).Expect(http.StatusCreated).JSON(), "id")
	seedSites(t, srv, org, 3, 3, 2)
	alice.Post("/v1/orgs/"+org+"/spaces", map[string]any{"title": "Emoji", "emoji": "1f600"}).Expect(http.StatusCreated)
	folio, err := rest.NewHandler(rest.Config{Store: srv.Store, PublicURL: "http://folio.test"})
	if err != nil {
		t.Fatal(err)
	}
	direct := baseline.Handler(srv.Store, "http://folio.test")
	for _, doc := range []struct{ name, query string }{{"site tree", queries.SiteTreeToSpace}, {"1,000 spaces", queries.SpaceList}} {
		var bodies [2]string
		var statements [2][]string
		for i, h := range []http.Handler{folio, direct} {
			var mu sync.Mutex
			ctx := store.WithStatementLog(t.Context(), func(q string) {
				mu.Lock()
				defer mu.Unlock()
				statements[i] = append(statements[i], q)
			})
			body, _ := json.Marshal(map[string]any{"query": doc.query, "variables": map[string]any{"id": org}})
			req := httptest.NewRequestWithContext(ctx, http.MethodPost, "/graphql", bytes.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+alice.Token)
			req.Header.Set("Content-Type", "application/json")
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			if w.Code != http.StatusOK || strings.Contains(w.Body.String(), `"errors"`) {
				t.Fatalf("%s: %d %s", doc.name, w.Code, w.Body)
			}
			bodies[i] = w.Body.String()
			mu.Lock()
			slices.Sort(statements[i])
			mu.Unlock()
		}
		if bodies[0] != bodies[1] {
			t.Errorf("%s:\nfolio:    %s\nbaseline: %s", doc.name, bodies[0], bodies[1])
		}
		if !slices.Equal(statements[0], statements[1]) || len(statements[0]) == 0 {
			t.Errorf("%s: statements differ:\nfolio:    %q\nbaseline: %q", doc.name, statements[0], statements[1])
		}
		t.Logf("%s: %d statements, %d bytes", doc.name, len(statements[0]), len(bodies[0]))
	}
}

// cpuTime is the CPU time this process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru) //nolint:errcheck
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkSingleRead compares REST single reads through their GraphQL
// operations with the direct baseline handler (bench/baseline), in process:
// an organization ("folio", "baseline") and a space ("folio-space",
// "baseline-space"); "-tokencache" is Folio with its token cache warm
// (the baseline, as bench/cmd/baseline, reads the token each time).
func BenchmarkSingleRead(b *testing.B) {
	srv := resttest.New(b)
	alice := srv.User("alice@example.com")
	org := resttest.Str(alice.Post("/v1/orgs", map[string]any{"title": "Acme"}).Expect(http.StatusCreated).JSON(), "id")
	space := resttest.Str(alice.Post("/v1/orgs/"+org+"/spaces", map[string]any{"title": "Docs"}).Expect(http.StatusCreated).JSON(), "id")
	folio := benchHandler(b, srv.Store)
	direct := baseline.Handler(srv.Store, "http://folio.test")
	// Folio with the token cache `folio serve` has (FOLIO_TOKEN_CACHE_TTL):
	// another server over the same database.
	cached := benchHandler(b, resttest.New(b, resttest.SharingDatabase(srv), resttest.WithTokenCache(store.DefaultTokenCacheTTL)).Store)
	for _, t := range []struct {
		name string
		h    http.Handler
		path string
	}{
		{"folio", folio, "/v1/orgs/" + org},
		{"folio-tokencache", cached, "/v1/orgs/" + org},
		{"baseline", direct, "/v1/orgs/" + org},
		{"folio-space", folio, "/v1/spaces/" + space},
		{"folio-space-tokencache", cached, "/v1/spaces/" + space},
		{"baseline-space", direct, "/v1/spaces/" + space},
	} {
		b.Run(t.name, func(b *testing.B) { runRead(b, t.h, t.path, alice.Token) })
	}
}

// thousandSpaces starts a server with an organization of 1,000 spaces and
// returns its owner, the organization and the spaces' ids.
func thousandSpaces(b *testing.B) (*resttest.Server, *resttest.Client, string, []string) {
	srv := resttest.New(b)
	alice := srv.User("alice@example.com")
	org := resttest.Str(alice.Post("/v1/orgs", map[string]any{"title": "Acme"}).Expect(http.StatusCreated).JSON(), "id")
	const spaces, workers = 1000, 8
	ids := make([]string, spaces)
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := range workers {
		wg.Go(func() {
			for i := range spaces / workers {
				sp, err := srv.Store.CreateSpace(context.Background(), org, store.NewSpace{
					Title: fmt.Sprintf("Space %d-%d", w, i), Visibility: store.VisibilityPrivate})
				if err != nil {
					errs <- err
					return
				}
				ids[w*spaces/workers+i] = sp.ID
			}
		})
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		b.Fatal(err)
	}
	return srv, alice, org, ids
}

// BenchmarkSpaceList is the REST list of 1,000 spaces (33 fields each) that
// make bench compares with PostGraphile: GET /v1/orgs/{id}/spaces?limit=1000.
func BenchmarkSpaceList(b *testing.B) {
	srv, alice, org, _ := thousandSpaces(b)
	runRead(b, benchHandler(b, srv.Store), "/v1/orgs/"+org+"/spaces?limit=1000", alice.Token)
}

// BenchmarkSpaceReadsInTurn reads 1,000 spaces one after the other, as
// clients reading many objects do: each statement's text is new to the
// connection (bun writes the ids into it), unlike BenchmarkSingleRead's.
func BenchmarkSpaceReadsInTurn(b *testing.B) {
	srv, alice, _, ids := thousandSpaces(b)
	h := benchHandler(b, srv.Store)
	i := 0
	runReads(b, h, func() string { i++; return "/v1/spaces/" + ids[i%len(ids)] }, alice.Token)
}

// BenchmarkGraphQLBaseline compares Folio's GraphQL server with the direct
// baseline (bench/baseline/graphql.go) in process, on the documents make
// bench compares them on: the site tree to the space over 10 x 10 x 10
// ("tree-folio", "tree-baseline") and the list of 1,000 spaces
// ("list-folio", "list-baseline"), with the CPU time of a request (the
// database's excepted).
func BenchmarkGraphQLBaseline(b *testing.B) {
	srv, alice, org, _ := thousandSpaces(b)
	seedSites(b, srv, org, 10, 10, 10)
	folio := benchHandler(b, srv.Store)
	direct := baseline.Handler(srv.Store, "http://folio.test")
	for _, w := range []struct {
		name, query string
		h           http.Handler
	}{
		{"tree-folio", queries.SiteTreeToSpace, folio},
		{"tree-baseline", queries.SiteTreeToSpace, direct},
		{"list-folio", queries.SpaceList, folio},
		{"list-baseline", queries.SpaceList, direct},
	} {
		body, _ := json.Marshal(map[string]any{"query": w.query, "variables": map[string]any{"id": org}})
		b.Run(w.name, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			cpu := cpuTime()
			for b.Loop() {
				n++
				req := httptest.NewRequest(http.MethodPost, "/graphql", bytes.NewReader(body))
				req.Header.Set("Authorization", "Bearer "+alice.Token)
				req.Header.Set("Content-Type", "application/json")
				rec := httptest.NewRecorder()
				w.h.ServeHTTP(rec, req)
				if rec.Code != http.StatusOK || bytes.Contains(rec.Body.Bytes(), []byte(`"errors"`)) {
					b.Fatalf("%d %.500s", rec.Code, rec.Body)
				}
			}
			b.ReportMetric(float64(cpuTime()-cpu)/float64(n), "cpu-ns/op")
		})
	}
}
