package rest_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"folio/bench/baseline"
	"folio/rest"
	"folio/rest/resttest"
)

// BenchmarkSingleRead compares a REST single read through its GraphQL
// operation with the direct baseline handler (bench/baseline), in process.
func BenchmarkSingleRead(b *testing.B) {
	srv := resttest.New(b)
	alice := srv.User("alice@example.com")
	org := resttest.Str(alice.Post("/v1/orgs", map[string]any{"title": "Acme"}).Expect(http.StatusCreated).JSON(), "id")
	folio, err := rest.NewHandler(rest.Config{Store: srv.Store, PublicURL: "http://folio.test"})
	if err != nil {
		b.Fatal(err)
	}
	direct := baseline.Handler(srv.Store, "http://folio.test")
	for name, h := range map[string]http.Handler{"folio": folio, "baseline": direct} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				req := httptest.NewRequest(http.MethodGet, "/v1/orgs/"+org, nil)
				req.Header.Set("Authorization", "Bearer "+alice.Token)
				w := httptest.NewRecorder()
				h.ServeHTTP(w, req)
				if w.Code != http.StatusOK {
					b.Fatalf("%d %s", w.Code, w.Body)
				}
			}
		})
	}
}
