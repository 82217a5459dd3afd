package rest_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"folio/graph"
	"folio/rest/resttest"
)

// TestGraphQLOverHTTPStatuses: the statuses and media types of /graphql
// beyond what graphql-http's audit checks (TestGraphQLOverHTTPAudit).
func TestGraphQLOverHTTPStatuses(t *testing.T) {
	srv := resttest.New(t, resttest.WithRateLimit(100, 60e9))
	alice := srv.User("alice@example.com")
	const gqlJSON = "application/graphql-response+json"
	typename := map[string]any{"query": "{ __typename }"}

	for _, c := range []struct {
		name, accept, want string
		status             int
	}{
		{"none", "", "application/json", 200},
		{"json", "application/json", "application/json", 200},
		{"graphql-response", gqlJSON, gqlJSON, 200},
		{"first-listed-on-a-tie", gqlJSON + ", application/json", gqlJSON, 200},
		{"spec-recommended", gqlJSON + ", application/json;q=0.9", gqlJSON, 200},
		{"higher-q-wins", "application/json;q=0.5, " + gqlJSON + ";q=0.8", gqlJSON, 200},
		{"json-over-wildcard", "*/*;q=0.1, application/json", "application/json", 200},
		{"wildcard", "*/*", "application/json", 200},
		{"application-wildcard", "application/*", "application/json", 200},
		{"q-zero-refuses", "application/json;q=0", "application/json", 406},
		{"nothing-acceptable", "text/plain", "application/json", 406},
	} {
		a := callGraphQL(t, srv, gqlCall{token: alice.Token, body: typename, header: map[string]string{"Accept": c.accept}})
		if a.status != c.status || a.header.Get("Content-Type") != c.want {
			t.Errorf("Accept %q: %d %s, want %d %s; %s", c.accept, a.status, a.header.Get("Content-Type"), c.status, c.want, a.body)
		}
	}

	// Request errors: no data entry; 200 for application/json, 4xx for
	// application/graphql-response+json.
	for _, c := range []struct {
		name        string
		call        gqlCall
		json, gql   int
		code, allow string
	}{
		{"parse", gqlCall{token: alice.Token, body: map[string]any{"query": "{"}}, 200, 400, "GRAPHQL_PARSE_FAILED", ""},
		{"validation", gqlCall{token: alice.Token, body: map[string]any{"query": "{ nope }"}}, 200, 400, "GRAPHQL_VALIDATION_FAILED", ""},
		{"coercion", gqlCall{token: alice.Token, body: map[string]any{"query": "query($id: ID!) { organization(id: $id) { id } }", "variables": map[string]any{"id": nil}}}, 200, 400, "GRAPHQL_VALIDATION_FAILED", ""},
		{"unknown-operation", gqlCall{token: alice.Token, body: map[string]any{"query": "query A { __typename }", "operationName": "B"}}, 200, 400, "GRAPHQL_VALIDATION_FAILED", ""},
		{"anonymous-introspection", gqlCall{body: map[string]any{"query": "{ __schema { queryType { name } } }"}}, 200, 401, "UNAUTHENTICATED", ""},
		{"get-mutation", gqlCall{method: "GET", token: alice.Token, query: getParams("query", `mutation { createOrganization(input: {title: "Over GET"}) { id } }`)}, 405, 405, graph.CodeMethodNotAllowed, "POST"},
		{"get-mutation-by-name", gqlCall{method: "GET", token: alice.Token, query: getParams("query", `query Q { __typename } mutation M { __typename }`, "operationName", "M")}, 405, 405, graph.CodeMethodNotAllowed, "POST"},
		{"missing-query", gqlCall{token: alice.Token, body: map[string]any{"qeury": "{ __typename }"}}, 400, 400, graph.CodeBadRequest, ""},
		{"query-not-a-string", gqlCall{token: alice.Token, body: map[string]any{"query": 1}}, 400, 400, graph.CodeBadRequest, ""},
		{"variables-not-an-object", gqlCall{token: alice.Token, body: map[string]any{"query": "{ __typename }", "variables": []int{7}}}, 400, 400, graph.CodeBadRequest, ""},
		{"body-not-json", gqlCall{token: alice.Token, body: `{"query": `}, 400, 400, graph.CodeBadRequest, ""},
		{"get-variables-not-json", gqlCall{method: "GET", token: alice.Token, query: getParams("query", "{ __typename }", "variables", "{")}, 400, 400, graph.CodeBadRequest, ""},
		{"put", gqlCall{method: "PUT", token: alice.Token, body: typename}, 405, 405, graph.CodeMethodNotAllowed, "GET, HEAD, POST, OPTIONS"},
		{"delete", gqlCall{method: "DELETE", token: alice.Token}, 405, 405, graph.CodeMethodNotAllowed, "GET, HEAD, POST, OPTIONS"},
		{"post-text", gqlCall{token: alice.Token, body: "{ __typename }", header: map[string]string{"Content-Type": "text/plain"}}, 415, 415, graph.CodeUnsupportedMediaType, ""},
	} {
		for _, accept := range []string{"application/json", gqlJSON} {
			call := c.call
			call.header = map[string]string{"Accept": accept}
			for k, v := range c.call.header {
				call.header[k] = v
			}
			a := callGraphQL(t, srv, call)
			want := c.json
			if accept == gqlJSON {
				want = c.gql
			}
			if a.status != want || a.code() != c.code || a.data != nil || a.header.Get("Allow") != c.allow {
				t.Errorf("%s, Accept %s: %d Allow %q %s; want %d %s, Allow %q and no data", c.name, accept, a.status, a.header.Get("Allow"), a.body, want, c.code, c.allow)
			}
		}
	}
	if n := resttest.Str(alice.Get("/v1/orgs").Expect(http.StatusOK).JSON(), "count"); n != "0" {
		t.Errorf("%s organizations: a mutation over GET ran", n)
	}
	if a := callGraphQL(t, srv, gqlCall{method: "OPTIONS"}); a.status != http.StatusNoContent || a.header.Get("Allow") != "GET, HEAD, POST, OPTIONS" {
		t.Errorf("OPTIONS: %d Allow %q", a.status, a.header.Get("Allow"))
	}

	// A mutation over GET is refused before the rate limit counts its
	// fields: thirty aliased mutations cost one request, not thirty.
	var fields []string
	for i := range 30 {
		fields = append(fields, "m"+string(rune('a'+i%26))+string(rune('a'+i/26))+`: createOrganization(input: {title: "Many"}) { id }`)
	}
	before := callGraphQL(t, srv, gqlCall{token: alice.Token, body: typename}).header.Get("X-RateLimit-Remaining")
	a := callGraphQL(t, srv, gqlCall{method: "GET", token: alice.Token, query: getParams("query", "mutation { "+strings.Join(fields, " ")+" }")})
	after := callGraphQL(t, srv, gqlCall{token: alice.Token, body: typename}).header.Get("X-RateLimit-Remaining")
	if a.status != http.StatusMethodNotAllowed || before == "" || after == "" {
		t.Fatalf("GET of 30 mutations: %d; remaining %q then %q", a.status, before, after)
	}
	b, _ := strconv.Atoi(before)
	if n, _ := strconv.Atoi(after); b != n+2 {
		t.Errorf("remaining %s before and %s after a GET of 30 mutations and one query: it was charged more than one request", before, after)
	}
}

// TestGraphQLGetIsCacheable: the answer to a GET query carries a strong
// ETag of its body, and If-None-Match with it answers 304 without a body.
// It is public for a short while to anonymous callers, private to
// authenticated ones (a token, or any cookie), never stored with errors;
// POST answers carry no ETag.
func TestGraphQLGetIsCacheable(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	public := getParams("query", "{ apiInformation { version } }")

	anon := callGraphQL(t, srv, gqlCall{method: "GET", query: public})
	etag := anon.header.Get("ETag")
	if anon.status != http.StatusOK || anon.header.Get("Cache-Control") != "public, max-age=60" || !strings.HasPrefix(etag, `"`) || len(etag) < 20 {
		t.Fatalf("anonymous GET: %d Cache-Control %q ETag %q %s", anon.status, anon.header.Get("Cache-Control"), etag, anon.body)
	}
	if v := anon.header.Get("Vary"); !strings.Contains(v, "Authorization") || !strings.Contains(v, "Cookie") || !strings.Contains(v, "Accept") {
		t.Errorf("Vary %q", v)
	}
	if again := callGraphQL(t, srv, gqlCall{method: "GET", query: public}); again.header.Get("ETag") != etag {
		t.Errorf("the same answer has another ETag: %q, %q", again.header.Get("ETag"), etag)
	}
	for _, inm := range []string{etag, "W/" + etag, `"other", ` + etag, "*"} {
		a := callGraphQL(t, srv, gqlCall{method: "GET", query: public, header: map[string]string{"If-None-Match": inm}})
		if a.status != http.StatusNotModified || len(a.body) != 0 || a.header.Get("ETag") != etag || a.header.Get("Cache-Control") != "public, max-age=60" {
			t.Errorf("If-None-Match %s: %d ETag %q %s", inm, a.status, a.header.Get("ETag"), a.body)
		}
	}
	if a := callGraphQL(t, srv, gqlCall{method: "GET", query: public, header: map[string]string{"If-None-Match": `"other"`}}); a.status != http.StatusOK || len(a.body) == 0 {
		t.Errorf("another ETag: %d", a.status)
	}
	// Another media type is another body, with another tag.
	gql := callGraphQL(t, srv, gqlCall{method: "GET", query: public, header: map[string]string{"Accept": "application/graphql-response+json"}})
	if gql.status != http.StatusOK || gql.header.Get("Content-Type") != "application/graphql-response+json" || gql.header.Get("ETag") == "" {
		t.Errorf("graphql-response+json GET: %d %v", gql.status, gql.header)
	}
	// HEAD answers the same headers.
	if h := callGraphQL(t, srv, gqlCall{method: "HEAD", query: public}); h.status != http.StatusOK || h.header.Get("ETag") != etag {
		t.Errorf("HEAD: %d ETag %q", h.status, h.header.Get("ETag"))
	}

	// Authenticated: private, revalidated with the tag.
	mine := getParams("query", "{ organizations { items { title } } }")
	a := callGraphQL(t, srv, gqlCall{method: "GET", query: mine, token: alice.Token})
	if a.status != http.StatusOK || a.header.Get("Cache-Control") != "private, no-cache" || !strings.Contains(string(a.body), "Acme") {
		t.Fatalf("authenticated GET: %d %q %s", a.status, a.header.Get("Cache-Control"), a.body)
	}
	if r := callGraphQL(t, srv, gqlCall{method: "GET", query: mine, token: alice.Token, header: map[string]string{"If-None-Match": a.header.Get("ETag")}}); r.status != http.StatusNotModified {
		t.Errorf("authenticated If-None-Match: %d", r.status)
	}
	// Renaming the organization changes the body, and so the tag.
	alice.Patch("/v1/orgs/"+org, map[string]any{"title": "Acme Renamed"}).Expect(http.StatusOK)
	if r := callGraphQL(t, srv, gqlCall{method: "GET", query: mine, token: alice.Token, header: map[string]string{"If-None-Match": a.header.Get("ETag")}}); r.status != http.StatusOK || !strings.Contains(string(r.body), "Acme Renamed") || r.header.Get("ETag") == a.header.Get("ETag") {
		t.Errorf("after a rename: %d ETag %q %s", r.status, r.header.Get("ETag"), r.body)
	}
	if c := callGraphQL(t, srv, gqlCall{method: "GET", query: public, header: map[string]string{"Cookie": "session=x"}}); c.header.Get("Cache-Control") != "private, no-cache" {
		t.Errorf("GET with a cookie: Cache-Control %q", c.header.Get("Cache-Control"))
	}
	if c := callGraphQL(t, srv, gqlCall{method: "GET", query: public, token: alice.Token}); c.header.Get("Cache-Control") != "private, no-cache" {
		t.Errorf("GET with a token: Cache-Control %q", c.header.Get("Cache-Control"))
	}

	// Errors are never stored.
	for name, q := range map[string]string{
		"field-error": getParams("query", "{ viewer { id } }"),
		"validation":  getParams("query", "{ nope }"),
	} {
		a := callGraphQL(t, srv, gqlCall{method: "GET", query: q})
		if len(a.errors) == 0 || a.header.Get("Cache-Control") != "no-store" || a.header.Get("ETag") != "" {
			t.Errorf("%s: Cache-Control %q ETag %q %s", name, a.header.Get("Cache-Control"), a.header.Get("ETag"), a.body)
		}
	}
	if p := callGraphQL(t, srv, gqlCall{body: map[string]any{"query": "{ apiInformation { version } }"}}); p.header.Get("ETag") != "" || p.header.Get("Cache-Control") != "" {
		t.Errorf("POST: ETag %q Cache-Control %q", p.header.Get("ETag"), p.header.Get("Cache-Control"))
	}
}
