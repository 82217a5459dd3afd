package rest_test

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"folio/bench/staticpage"
	"folio/internal/logs"
	"folio/rest/resttest"
	"folio/store"
)

// BenchmarkReaderStack measures a cached page view and its revalidation
// (304) in-process, through Folio's whole handler (request id, logger and
// access line, statement counter, metrics, CORS, body limit, session
// check, rate limit, input checks, host routing, the reader), against Go's
// http.FileServer serving the same bytes with the same headers, as make
// bench's static server does (bench/cmd/bench/static.go). No socket: the
// figures are the handlers' own CPU and allocations per request, which a
// loaded machine does not change. "ratelimited" is Folio with a rate limit
// on (counted in memory, added to the database every 100 ms: no statement
// in the request; its limit so high that no request is refused).
func BenchmarkReaderStack(b *testing.B) {
	srv := resttest.New(b, resttest.WithLogger(logs.New(io.Discard, slog.LevelInfo)))
	limited := resttest.New(b, resttest.SharingDatabase(srv), resttest.WithLogger(logs.New(io.Discard, slog.LevelInfo)),
		resttest.WithRateLimit(1<<30, 60e9))
	alice := srv.User("alice@example.com")
	org := createOrgB(b, alice, "Acme")
	page := "/sites/" + publishedSite(b, srv, org, 10, 10) + "/section-9/page-2/page-2-1"
	folioReq := readerRequest(resttest.PublicURL[len("http://"):], page)
	// The page as Folio answers it, twice: the second from the caches.
	serve(srv.Handler, folioReq)
	first := serveKept(srv.Handler, folioReq)
	if first.status != http.StatusOK || first.h.Get("X-Folio-Statements") != "0" {
		b.Fatalf("cached view: %d, %s statements", first.status, first.h.Get("X-Folio-Statements"))
	}
	etag := first.h.Get("ETag")
	dir := b.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "page.html"), first.body, 0o644); err != nil {
		b.Fatal(err)
	}
	static := staticpage.Handler(dir, staticpage.Headers(first.h))
	staticReq := readerRequest("127.0.0.1", "/page.html")
	if got := serveKept(static, staticReq); got.status != http.StatusOK || !bytes.Equal(got.body, first.body) {
		b.Fatalf("file server: %d", got.status)
	}
	for _, c := range []struct {
		name string
		h    http.Handler
		req  *http.Request
	}{{"folio", srv.Handler, folioReq}, {"folio-ratelimited", limited.Handler, folioReq}, {"fileserver", static, staticReq}} {
		serve(c.h, c.req)
		b.Run("cached/"+c.name, func(b *testing.B) {
			b.ReportAllocs()
			cpu := cpuTime()
			for b.Loop() {
				if w := serve(c.h, c.req); w.status != http.StatusOK || w.n != len(first.body) {
					b.Fatalf("status %d, %d bytes", w.status, w.n)
				}
			}
			b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
		})
		revalidate := c.req.Clone(c.req.Context())
		revalidate.Header.Set("If-None-Match", etag)
		b.Run("not-modified/"+c.name, func(b *testing.B) {
			b.ReportAllocs()
			cpu := cpuTime()
			for b.Loop() {
				if w := serve(c.h, revalidate); w.status != http.StatusNotModified {
					b.Fatalf("status %d", w.status)
				}
			}
			b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
		})
	}
}

// readerRequest is a GET as a browser's (or make bench's client's) comes
// out of net/http's server.
func readerRequest(host, path string) *http.Request {
	r, _ := http.NewRequest(http.MethodGet, "http://"+host+path, nil)
	r.RequestURI, r.RemoteAddr = path, "127.0.0.1:40000"
	r.Header.Set("User-Agent", "Go-http-client/1.1")
	r.Header.Set("Accept-Encoding", "gzip")
	return r
}

// sink is a response as net/http's server keeps it (a new header map per
// request); its body is counted, and kept when keep is set.
type sink struct {
	h      http.Header
	status int
	n      int
	keep   bool
	body   []byte
}

func (w *sink) Header() http.Header { return w.h }
func (w *sink) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}

func (w *sink) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	w.n += len(p)
	if w.keep {
		w.body = append(w.body, p...)
	}
	return len(p), nil
}

// serve runs one request: a shallow copy of req, as net/http makes a new
// one per request (handlers replace its body and context).
func serve(h http.Handler, req *http.Request) *sink {
	r := *req
	w := &sink{h: http.Header{}}
	h.ServeHTTP(w, &r)
	return w
}

// serveKept is serve, keeping the body.
func serveKept(h http.Handler, req *http.Request) *sink {
	r := *req
	w := &sink{h: http.Header{}, keep: true}
	h.ServeHTTP(w, &r)
	return w
}

// BenchmarkReaderBigSpace measures page views of a published space of
// 10,000 pages (make bench's big space, at /s/{spaceId}) that miss the
// rendered-page cache: every view in turn is of another page (a prime
// stride over them), so each reads the page and the space's page tree
// (the tree from the page-tree cache after the first) and renders it,
// sidebar of every page included. In-process, through the whole handler.
func BenchmarkReaderBigSpace(b *testing.B) {
	srv := resttest.New(b, resttest.WithLogger(logs.New(io.Discard, slog.LevelInfo)))
	alice := srv.User("alice@example.com")
	org := createOrgB(b, alice, "Acme")
	sp := bigSpace(b, srv, alice, org, store.VisibilityPublic)
	path := func(i int) string {
		i = i * 7919 % 10000
		if i < 100 {
			return fmt.Sprintf("/s/%s/topic-%d", sp.ID, i)
		}
		return fmt.Sprintf("/s/%s/topic-%d/topic-%d", sp.ID, i%100, i)
	}
	host := resttest.PublicURL[len("http://"):]
	w := serve(srv.Handler, readerRequest(host, path(0))) // the tree, read and cached once
	if w.status != http.StatusOK {
		b.Fatalf("status %d", w.status)
	}
	i, statements, size := 1, 0, 0
	b.ReportAllocs()
	cpu := cpuTime()
	for b.Loop() {
		w := serve(srv.Handler, readerRequest(host, path(i)))
		if w.status != http.StatusOK || w.h.Get("X-Folio-Cache") != "miss" {
			b.Fatalf("%s: status %d, cache %q", path(i), w.status, w.h.Get("X-Folio-Cache"))
		}
		statements, _ = strconv.Atoi(w.h.Get("X-Folio-Statements"))
		size = w.n
		i++
	}
	b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(statements), "statements/op")
	b.ReportMetric(float64(size), "resp-bytes")
}
