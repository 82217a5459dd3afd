package rest_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"testing"

	"folio/bench/queries"
	"folio/rest/resttest"
)

// BenchmarkSiteTree measures the server's side of make bench's site tree
// (10 sites x 10 sections x 10 site spaces, one 30-page space per site),
// with and without the page trees: the body is read and dropped, not
// decoded.
func BenchmarkSiteTree(b *testing.B) {
	srv := resttest.New(b)
	alice := srv.User("alice@example.com")
	org := createOrgB(b, alice, "Acme")
	seedSitesPages(b, srv, org, 10, 10, 10, 15)
	for _, w := range []struct{ name, query string }{
		{"pages", queries.SiteTree},
		{"nopages", queries.SiteTreeToSpace},
	} {
		body, _ := json.Marshal(map[string]any{"query": w.query, "variables": map[string]any{"id": org}})
		b.Run(w.name, func(b *testing.B) {
			n, statements := 0, 0
			cpu := cpuTime()
			for b.Loop() {
				req, _ := http.NewRequest(http.MethodPost, srv.URL+"/graphql", bytes.NewReader(body))
				req.Header.Set("Authorization", "Bearer "+alice.Token)
				req.Header.Set("Content-Type", "application/json")
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					b.Fatal(err)
				}
				raw, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 || bytes.Contains(raw, []byte(`"errors"`)) {
					b.Fatalf("%d %.500s", resp.StatusCode, raw)
				}
				n = len(raw)
				statements, _ = strconv.Atoi(resp.Header.Get("X-Folio-Statements"))
			}
			b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
			b.ReportMetric(float64(n), "resp-bytes")
			b.ReportMetric(float64(statements), "statements/op")
		})
	}
}
