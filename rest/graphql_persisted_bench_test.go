package rest_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"folio/rest/resttest"
)

// BenchmarkGraphQLPersistedQuery compares a POST of a whole document with
// a POST naming the same document by its hash (automatic persisted
// queries, after the document was sent once), through the whole handler:
// the hash costs no more than the document. "people" is an organization
// with its members and teams (a document of 700 bytes, at most 17 SQL
// statements); "tiny" reads no table, so the transport's own cost shows,
// with a document shorter than the extension that names it: the worst case
// for the hash, whose nested JSON objects take a few more allocations to
// decode than the document's one string.
func BenchmarkGraphQLPersistedQuery(b *testing.B) {
	srv := resttest.New(b)
	alice := srv.User("alice@example.com")
	org := createOrgB(b, alice, "Acme")
	seedPeople(b, srv, org, 5, 2)
	h := benchHandler(b, srv.Store)
	tiny := `query Tiny { apiInformation { version build commit } a: __typename b: __typename c: __typename }`
	for _, w := range []struct {
		name, query string
		vars        map[string]any
	}{
		{"people", orgPeopleQuery, map[string]any{"id": org}},
		{"tiny", tiny, nil},
	} {
		hash := sha256Hex(w.query)
		bodies := map[string][]byte{}
		bodies["document"], _ = json.Marshal(map[string]any{"query": w.query, "variables": w.vars})
		bodies["hash"], _ = json.Marshal(map[string]any{"variables": w.vars, "extensions": apq(hash)})
		// Sent once in full, as an Apollo client does after PersistedQueryNotFound.
		register, _ := json.Marshal(map[string]any{"query": w.query, "variables": w.vars, "extensions": apq(hash)})
		if code, body := postTo(h, alice.Token, register); code != http.StatusOK {
			b.Fatalf("register: %d %s", code, body)
		}
		for _, kind := range []string{"document", "hash"} {
			b.Run(w.name+"/"+kind, func(b *testing.B) {
				b.ReportAllocs()
				cpu, n := cpuTime(), 0
				for b.Loop() {
					n++
					if code, body := postTo(h, alice.Token, bodies[kind]); code != http.StatusOK || bytes.Contains(body, []byte(`"errors"`)) {
						b.Fatalf("%d %.300s", code, body)
					}
				}
				b.ReportMetric(float64(cpuTime()-cpu)/float64(n), "cpu-ns/op")
				b.ReportMetric(float64(len(bodies[kind])), "request-bytes")
			})
		}
	}
}

func postTo(h http.Handler, token string, body []byte) (int, []byte) {
	req := httptest.NewRequest(http.MethodPost, "/graphql", bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w.Code, w.Body.Bytes()
}
