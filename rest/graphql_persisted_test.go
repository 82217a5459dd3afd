package rest_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"folio/graph"
	"folio/rest"
	"folio/rest/resttest"
)

// gqlCall is one raw request to /graphql, for what resttest's client does
// not set: other methods, Accept, If-None-Match, cookies.
type gqlCall struct {
	method, query string // query: the URL's query string (GET)
	body          any    // JSON-encoded unless a string
	token         string
	header        map[string]string
}

type gqlAnswer struct {
	status int
	header http.Header
	body   []byte
	// The body decoded: data is absent (nil) or raw JSON, null included.
	data   *json.RawMessage
	errors []struct {
		Message    string
		Extensions map[string]any
	}
}

func (a gqlAnswer) code() string {
	if len(a.errors) == 0 {
		return ""
	}
	c, _ := a.errors[0].Extensions["code"].(string)
	return c
}

func callGraphQL(t *testing.T, srv *resttest.Server, c gqlCall) gqlAnswer {
	t.Helper()
	var body io.Reader
	switch b := c.body.(type) {
	case nil:
	case string:
		body = strings.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		body = strings.NewReader(string(raw))
	}
	if c.method == "" {
		c.method = http.MethodPost
	}
	u := srv.URL + "/graphql"
	if c.query != "" {
		u += "?" + c.query
	}
	req, err := http.NewRequest(c.method, u, body)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	for k, v := range c.header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	a := gqlAnswer{status: resp.StatusCode, header: resp.Header}
	a.body, _ = io.ReadAll(resp.Body)
	if len(a.body) > 0 {
		var v struct {
			Data   *json.RawMessage `json:"data"`
			Errors json.RawMessage  `json:"errors"`
		}
		if err := json.Unmarshal(a.body, &v); err != nil {
			t.Fatalf("%s %s: not JSON: %s", c.method, u, a.body)
		}
		// A "data": null entry decodes to a nil pointer too: tell it apart.
		var keys map[string]json.RawMessage
		json.Unmarshal(a.body, &keys)
		if raw, ok := keys["data"]; ok {
			a.data = &raw
		}
		if len(v.Errors) > 0 {
			json.Unmarshal(v.Errors, &a.errors)
		}
	}
	return a
}

func sha256Hex(doc string) string {
	sum := sha256.Sum256([]byte(doc))
	return hex.EncodeToString(sum[:])
}

func apq(hash string) map[string]any {
	return map[string]any{"persistedQuery": map[string]any{"version": 1, "sha256Hash": hash}}
}

// getParams is the URL query of a GET request.
func getParams(kv ...string) string {
	v := url.Values{}
	for i := 0; i < len(kv); i += 2 {
		v.Set(kv[i], kv[i+1])
	}
	return v.Encode()
}

const orgsQuery = `query Orgs { organizations(limit: 10) { count items { id title } } }`

// TestGraphQLAutomaticPersistedQueries: Apollo's protocol over POST and
// GET, and documentId. An unknown hash is PersistedQueryNotFound; the
// document sent with its hash runs and is kept; then the hash alone runs
// it. A hash that is not the document's, and a document that does not
// validate, are refused and not kept.
func TestGraphQLAutomaticPersistedQueries(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	createOrg(t, alice, "Acme")
	hash := sha256Hex(orgsQuery)

	// Unknown: the error Apollo's clients look for, no data.
	a := callGraphQL(t, srv, gqlCall{token: alice.Token, body: map[string]any{"extensions": apq(hash)}})
	if a.status != http.StatusOK || a.code() != graph.CodePersistedQueryNotFound || a.errors[0].Message != "PersistedQueryNotFound" || a.data != nil {
		t.Fatalf("unknown hash: %d %s", a.status, a.body)
	}
	a = callGraphQL(t, srv, gqlCall{token: alice.Token, body: map[string]any{"extensions": apq(hash)},
		header: map[string]string{"Accept": "application/graphql-response+json"}})
	if a.status != http.StatusNotFound || a.code() != graph.CodePersistedQueryNotFound {
		t.Fatalf("unknown hash, graphql-response+json: %d %s", a.status, a.body)
	}
	a = callGraphQL(t, srv, gqlCall{method: "GET", token: alice.Token, query: getParams("extensions", `{"persistedQuery":{"version":1,"sha256Hash":"`+hash+`"}}`)})
	if a.code() != graph.CodePersistedQueryNotFound || a.header.Get("Cache-Control") != "no-store" {
		t.Fatalf("unknown hash over GET: %d %v %s", a.status, a.header, a.body)
	}

	// A hash that is not the document's is refused, and keeps nothing.
	wrong := sha256Hex(orgsQuery + " ")
	a = callGraphQL(t, srv, gqlCall{token: alice.Token, body: map[string]any{"query": orgsQuery, "extensions": apq(wrong)}})
	if a.code() != "INVALID" || !strings.Contains(a.errors[0].Message, "not the SHA-256") || a.data != nil {
		t.Fatalf("wrong hash: %s", a.body)
	}
	if a := callGraphQL(t, srv, gqlCall{token: alice.Token, body: map[string]any{"extensions": apq(wrong)}}); a.code() != graph.CodePersistedQueryNotFound {
		t.Fatalf("the wrong hash was kept: %s", a.body)
	}
	// A document that does not validate is not kept either.
	bad := `{ organizations { nope } }`
	if a := callGraphQL(t, srv, gqlCall{token: alice.Token, body: map[string]any{"query": bad, "extensions": apq(sha256Hex(bad))}}); a.code() != "GRAPHQL_VALIDATION_FAILED" {
		t.Fatalf("invalid document: %s", a.body)
	}
	if a := callGraphQL(t, srv, gqlCall{token: alice.Token, body: map[string]any{"extensions": apq(sha256Hex(bad))}}); a.code() != graph.CodePersistedQueryNotFound {
		t.Fatalf("an invalid document was kept: %s", a.body)
	}
	// A version or hash Folio does not know is bad input; an extension
	// of another shape is not a request.
	for _, c := range []struct {
		ext    map[string]any
		status int
		code   string
	}{
		{map[string]any{"persistedQuery": map[string]any{"version": 2, "sha256Hash": hash}}, 200, "INVALID"},
		{map[string]any{"persistedQuery": map[string]any{"version": 1, "sha256Hash": "abc"}}, 200, "INVALID"},
		{map[string]any{"persistedQuery": map[string]any{"sha256Hash": hash}}, 200, "INVALID"},
		{map[string]any{"persistedQuery": "yes"}, 400, graph.CodeBadRequest},
		{map[string]any{"persistedQuery": map[string]any{"version": "1", "sha256Hash": hash}}, 400, graph.CodeBadRequest},
	} {
		if a := callGraphQL(t, srv, gqlCall{token: alice.Token, body: map[string]any{"extensions": c.ext}}); a.status != c.status || a.code() != c.code {
			t.Errorf("extensions %v: %d %s, want %d %s", c.ext, a.status, a.body, c.status, c.code)
		}
	}

	// The document with its hash runs, and is kept.
	full := callGraphQL(t, srv, gqlCall{token: alice.Token, body: map[string]any{"query": orgsQuery, "extensions": apq(hash)}})
	if full.status != http.StatusOK || len(full.errors) != 0 || !strings.Contains(string(*full.data), "Acme") {
		t.Fatalf("document with its hash: %d %s", full.status, full.body)
	}
	for name, c := range map[string]gqlCall{
		"post-hash":         {body: map[string]any{"extensions": apq(hash)}},
		"post-hash-upper":   {body: map[string]any{"extensions": apq(strings.ToUpper(hash))}},
		"post-documentId":   {body: map[string]any{"documentId": "sha256:" + hash}},
		"post-bare-id":      {body: map[string]any{"documentId": hash}},
		"get-hash":          {method: "GET", query: getParams("extensions", `{"persistedQuery":{"version":1,"sha256Hash":"`+hash+`"}}`)},
		"get-documentId":    {method: "GET", query: getParams("documentId", "sha256:"+hash, "operationName", "Orgs")},
		"post-both-agree":   {body: map[string]any{"documentId": "sha256:" + hash, "extensions": apq(hash)}},
		"post-id-and-query": {body: map[string]any{"documentId": "sha256:" + hash, "query": orgsQuery}},
	} {
		c.token = alice.Token
		a := callGraphQL(t, srv, c)
		if a.status != http.StatusOK || a.data == nil || string(*a.data) != string(*full.data) {
			t.Errorf("%s: %d %s, want the same data as the document", name, a.status, a.body)
		}
	}
	if a := callGraphQL(t, srv, gqlCall{token: alice.Token, body: map[string]any{"documentId": "sha256:" + hash, "extensions": apq(wrong)}}); a.code() != "INVALID" {
		t.Errorf("documentId and persistedQuery disagreeing: %s", a.body)
	}
	if a := callGraphQL(t, srv, gqlCall{token: alice.Token, body: map[string]any{"documentId": "md5:abc"}}); a.code() != "INVALID" {
		t.Errorf("a documentId that is not sha256: %s", a.body)
	}

	// A persisted mutation runs over POST, never over GET.
	mutation := `mutation New { createOrganization(input: {title: "Persisted"}) { id } }`
	mhash := sha256Hex(mutation)
	if a := callGraphQL(t, srv, gqlCall{token: alice.Token, body: map[string]any{"query": mutation, "extensions": apq(mhash)}}); len(a.errors) != 0 {
		t.Fatalf("mutation with its hash: %s", a.body)
	}
	for _, q := range []string{
		getParams("extensions", `{"persistedQuery":{"version":1,"sha256Hash":"`+mhash+`"}}`),
		getParams("documentId", "sha256:"+mhash),
		getParams("query", mutation),
	} {
		a := callGraphQL(t, srv, gqlCall{method: "GET", token: alice.Token, query: q})
		if a.status != http.StatusMethodNotAllowed || a.header.Get("Allow") != "POST" || a.code() != graph.CodeMethodNotAllowed || a.data != nil {
			t.Errorf("GET of a mutation (%s): %d Allow %q %s", q, a.status, a.header.Get("Allow"), a.body)
		}
	}
	if n := resttest.Str(alice.Get("/v1/orgs").Expect(http.StatusOK).JSON(), "count"); n != "2" {
		t.Errorf("%s organizations, want 2: a GET ran the mutation", n)
	}
}

// TestGraphQLPersistedQueriesKeepLimits: a persisted document goes through
// the same operation limits as any other, when it is sent to be kept and
// when it is named by its hash, with automatic persisted queries and with
// trusted documents.
func TestGraphQLPersistedQueriesKeepLimits(t *testing.T) {
	deep := `{ organizations(limit: 1) { items { members(limit: 1) { items { user { id } } } } } }`
	shallow := `{ organizations(limit: 1) { count } }`
	limits := graph.Limits{MaxDepth: 3}

	srv := resttest.New(t, resttest.WithGraphQLLimits(limits))
	alice := srv.User("alice@example.com")
	if a := callGraphQL(t, srv, gqlCall{token: alice.Token, body: map[string]any{"query": deep, "extensions": apq(sha256Hex(deep))}}); a.code() != graph.CodeTooDeep {
		t.Fatalf("deep document with its hash: %s", a.body)
	}
	if a := callGraphQL(t, srv, gqlCall{token: alice.Token, body: map[string]any{"extensions": apq(sha256Hex(deep))}}); a.code() != graph.CodePersistedQueryNotFound {
		t.Fatalf("a document over the limits was kept: %s", a.body)
	}

	trusted := resttest.NewWith(t, func(c *rest.Config) {
		c.GraphQL = limits
		c.TrustedDocuments = graph.TrustedDocuments{sha256Hex(deep): deep, sha256Hex(shallow): shallow}
	})
	bob := trusted.User("bob@example.com")
	for name, body := range map[string]map[string]any{
		"hash":       {"extensions": apq(sha256Hex(deep))},
		"documentId": {"documentId": "sha256:" + sha256Hex(deep)},
		"document":   {"query": deep},
	} {
		if a := callGraphQL(t, trusted, gqlCall{token: bob.Token, body: body}); a.code() != graph.CodeTooDeep {
			t.Errorf("trusted deep document by %s: %s", name, a.body)
		}
	}
	if a := callGraphQL(t, trusted, gqlCall{token: bob.Token, body: map[string]any{"extensions": apq(sha256Hex(shallow))}}); len(a.errors) != 0 {
		t.Errorf("trusted shallow document: %s", a.body)
	}
}

// TestGraphQLTrustedDocuments: with a manifest, /graphql runs its documents
// only, named by hash or sent in full; anything else is refused with
// PERSISTED_QUERY_NOT_ALLOWED (403 for application/graphql-response+json)
// and learns nothing. REST routes run their own operations as before.
func TestGraphQLTrustedDocuments(t *testing.T) {
	viewerQuery := `query Me { viewer { id } }`
	manifest := graph.TrustedDocuments{sha256Hex(orgsQuery): orgsQuery, sha256Hex(viewerQuery): viewerQuery}
	srv := resttest.NewWith(t, func(c *rest.Config) { c.TrustedDocuments = manifest })
	alice := srv.User("alice@example.com")
	createOrg(t, alice, "Acme") // REST: always trusted

	for name, c := range map[string]gqlCall{
		"document":   {body: map[string]any{"query": orgsQuery}},
		"hash":       {body: map[string]any{"extensions": apq(sha256Hex(orgsQuery))}},
		"with-hash":  {body: map[string]any{"query": orgsQuery, "extensions": apq(sha256Hex(orgsQuery))}},
		"documentId": {body: map[string]any{"documentId": "sha256:" + sha256Hex(orgsQuery)}},
		"get":        {method: "GET", query: getParams("documentId", "sha256:"+sha256Hex(orgsQuery))},
	} {
		c.token = alice.Token
		if a := callGraphQL(t, srv, c); a.status != http.StatusOK || len(a.errors) != 0 || !strings.Contains(string(*a.data), "Acme") {
			t.Errorf("trusted %s: %d %s", name, a.status, a.body)
		}
	}

	other := `{ organizations(limit: 5) { count } }`
	for name, c := range map[string]gqlCall{
		"document":      {body: map[string]any{"query": other}},
		"unknown-hash":  {body: map[string]any{"extensions": apq(sha256Hex(other))}},
		"to-be-kept":    {body: map[string]any{"query": other, "extensions": apq(sha256Hex(other))}},
		"documentId":    {body: map[string]any{"documentId": "sha256:" + sha256Hex(other)}},
		"introspection": {body: map[string]any{"query": `{ __schema { queryType { name } } }`}},
		"whitespace":    {body: map[string]any{"query": orgsQuery + "\n"}},
		"get":           {method: "GET", query: getParams("query", other)},
	} {
		c.token = alice.Token
		a := callGraphQL(t, srv, c)
		if a.status != http.StatusOK || a.code() != graph.CodePersistedQueryNotAllowed || a.data != nil ||
			!strings.Contains(a.errors[0].Message, "FOLIO_GRAPHQL_TRUSTED_DOCUMENTS") {
			t.Errorf("untrusted %s: %d %s", name, a.status, a.body)
		}
	}
	// Sent with its hash, it was not kept.
	if a := callGraphQL(t, srv, gqlCall{token: alice.Token, body: map[string]any{"extensions": apq(sha256Hex(other))}}); a.code() != graph.CodePersistedQueryNotAllowed {
		t.Errorf("an untrusted document was kept: %s", a.body)
	}
	a := callGraphQL(t, srv, gqlCall{token: alice.Token, body: map[string]any{"query": other},
		header: map[string]string{"Accept": "application/graphql-response+json"}})
	if a.status != http.StatusForbidden || a.code() != graph.CodePersistedQueryNotAllowed {
		t.Errorf("untrusted, graphql-response+json: %d %s", a.status, a.body)
	}
	// A hash that is not the document sent with it is refused before the
	// manifest is asked.
	if a := callGraphQL(t, srv, gqlCall{token: alice.Token, body: map[string]any{"query": other, "extensions": apq(sha256Hex(orgsQuery))}}); a.code() != "INVALID" {
		t.Errorf("trusted hash with another document: %s", a.body)
	}
	// REST runs its own operations, which are in no manifest.
	alice.Get("/v1/orgs").Expect(http.StatusOK)
	alice.Get("/v1/user").Expect(http.StatusOK)
}
