package rest_test

import (
	"fmt"
	"io"
	"net/http"
	"strconv"
	"testing"

	"folio/rest/resttest"
	"folio/store"
)

// BenchmarkReaderPageUncached measures page views of published sites that
// miss the reader's cache (BenchmarkReaderPage measures the hits): make
// bench's sites (10 sites x 10 sections x 10 site spaces, one 30-page
// space per site) read 3000 distinct pages in turn, more than the cache's
// 2048 entries, so every view reads its page tree and markdown and renders
// the page. The statements/op metric is the SQL statements of a view.
func BenchmarkReaderPageUncached(b *testing.B) {
	srv := resttest.New(b)
	alice := srv.User("alice@example.com")
	org := createOrgB(b, alice, "Acme")
	seedSitesPages(b, srv, org, 10, 10, 10, 15)
	sites, err := srv.Store.ListSites(b.Context(), org, store.SiteFilter{}, store.PageArgs{Limit: 10})
	if err != nil {
		b.Fatal(err)
	}
	var pages []string
	for _, s := range sites.Items {
		if _, err := srv.Store.SetSitePublished(b.Context(), &s, true); err != nil {
			b.Fatal(err)
		}
		for sec := range 10 {
			for p := range 15 {
				base := fmt.Sprintf("/sites/%s/section-%d/page-%d", s.ID, sec, p)
				pages = append(pages, base, fmt.Sprintf("%s/page-%d-1", base, p))
			}
		}
	}
	get := func(b *testing.B, path string) (int, int) {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			b.Fatal(err)
		}
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			b.Fatalf("GET %s: %d %.500s", path, resp.StatusCode, raw)
		}
		n, _ := strconv.Atoi(resp.Header.Get("X-Folio-Statements"))
		return len(raw), n
	}
	n, statements, i := 0, 0, 0
	cpu := cpuTime()
	for b.Loop() {
		n, statements = get(b, pages[i%len(pages)])
		i++
	}
	b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(n), "resp-bytes")
	b.ReportMetric(float64(statements), "statements/op")
}
