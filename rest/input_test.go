package rest_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/gorilla/websocket"

	"folio/rest/resttest"
)

// inputFixture is an organization with a space, a select custom field and
// an open change request, for requests that carry bad text everywhere.
type inputFixture struct {
	srv            *resttest.Server
	alice          *resttest.Client
	org, space, cr string
}

func newInputFixture(t *testing.T) *inputFixture {
	t.Helper()
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})
	alice.Post("/v1/orgs/"+org+"/custom-fields", map[string]any{"name": "stage", "type": "single-select", "options": []string{"draft", "final"}}).Expect(http.StatusCreated)
	cr := resttest.Str(newCR(t, alice, space, "Edits"), "number")
	return &inputFixture{srv: srv, alice: alice, org: org, space: space, cr: cr}
}

const createOrgMutation = `mutation($input: CreateOrganizationInput!) { createOrganization(input: $input) { id title } }`

// gqlBody is a /graphql POST body whose variables are the raw JSON vars.
func gqlBody(query, vars string) string {
	q, _ := json.Marshal(query)
	if vars == "" {
		return `{"query":` + string(q) + `}`
	}
	return `{"query":` + string(q) + `,"variables":` + vars + `}`
}

// TestInputRefusesBadText: NUL, invalid UTF-8 and unpaired surrogate
// escapes are refused with 400 wherever they are (JSON body, query
// parameter, path segment; REST and GraphQL), naming where, and nothing
// is stored (they were 500s, or silently stored altered).
func TestInputRefusesBadText(t *testing.T) {
	f := newInputFixture(t)
	orgPath, spacePath := "/v1/orgs/"+f.org, "/v1/spaces/"+f.space
	crPath := spacePath + "/change-requests/" + f.cr
	getQuery := func(params ...string) string {
		v := url.Values{}
		for i := 0; i+1 < len(params); i += 2 {
			v.Set(params[i], params[i+1])
		}
		return "/graphql?" + v.Encode()
	}

	cases := []struct {
		name, method, path, body string
		want                     string // in the error message
	}{
		// JSON bodies, REST.
		{"org-create-nul-escape", "POST", "/v1/orgs", `{"title":"a\u0000b"}`, "title: must not contain NUL"},
		{"org-create-nul-raw", "POST", "/v1/orgs", "{\"title\":\"a\x00b\"}", "title: must not contain NUL"},
		{"org-create-invalid-utf8", "POST", "/v1/orgs", "{\"title\":\"a\xffb\"}", "title: invalid UTF-8"},
		{"org-create-utf8-encoded-surrogate", "POST", "/v1/orgs", "{\"title\":\"a\xed\xa0\x80b\"}", "title: invalid UTF-8"},
		{"org-create-lone-high-surrogate", "POST", "/v1/orgs", `{"title":"ab\ud800cd"}`, "title: unpaired UTF-16 surrogate"},
		{"org-create-lone-low-surrogate", "POST", "/v1/orgs", `{"title":"ab\udc00cd"}`, "title: unpaired UTF-16 surrogate"},
		{"org-create-high-then-not-low", "POST", "/v1/orgs", `{"title":"ab\ud83d\u0041"}`, "title: unpaired UTF-16 surrogate"},
		{"org-create-high-at-end", "POST", "/v1/orgs", `{"title":"abc\ud83d"}`, "title: unpaired UTF-16 surrogate"},
		{"org-create-member-name", "POST", "/v1/orgs", `{"title":"Fine","x\u0000":1}`, "member name: must not contain NUL"},
		{"org-create-list-item", "POST", "/v1/orgs", `{"title":"Fine","emailDomains":["a.com","b\u0000.com"]}`, "emailDomains[1]: must not contain NUL"},
		{"org-update-nul", "PATCH", orgPath, `{"title":"Acme\u0000"}`, "title: must not contain NUL"},
		{"custom-field-option-nul", "POST", orgPath + "/custom-fields", `{"name":"area","type":"multi-select","options":["api","u\u0000i"]}`, "options[1]: must not contain NUL"},
		{"custom-field-update-option-surrogate", "PATCH", orgPath + "/custom-fields/stage", `{"options":["draft","\udfff"]}`, "options[1]: unpaired UTF-16 surrogate"},
		{"space-custom-field-value-nul", "PATCH", spacePath + "/custom-fields", `{"values":{"stage":{"value":"dr\u0000aft"}}}`, "values.stage.value: must not contain NUL"},
		{"comment-body-nul", "POST", spacePath + "/comments", `{"body":{"markdown":"Typo\u0000?"}}`, "body.markdown: must not contain NUL"},
		{"cr-content-markdown-nul", "POST", crPath + "/content",
			`{"changes":[{"operation":"insert_page","ref":"p","document":{"markdown":"# Page\n\nText\u0000"}}]}`, "changes[0].document.markdown: must not contain NUL"},
		{"cr-content-markdown-surrogate", "POST", crPath + "/content",
			`{"changes":[{"operation":"insert_page","ref":"p","document":{"markdown":"# Page \ud800"}}]}`, "changes[0].document.markdown: unpaired UTF-16 surrogate"},
		// Path segments.
		{"space-path-nul", "GET", "/v1/spaces/%00", "", `path parameter "spaceId": must not contain NUL`},
		{"space-path-invalid-utf8", "GET", "/v1/spaces/%FF", "", `path parameter "spaceId": invalid UTF-8`},
		{"page-path-wildcard-nul", "GET", spacePath + "/content/path/guide/a%00b", "", `path parameter "pagePath": must not contain NUL`},
		{"unrouted-path-nul", "GET", "/v1/nowhere/%00", "", "path: must not contain NUL"},
		// Query parameters.
		{"org-search-query-nul", "GET", orgPath + "/search?query=%00", "", `query parameter "query": must not contain NUL`},
		{"space-search-query-invalid-utf8", "GET", spacePath + "/search?query=caf%C3", "", `query parameter "query": invalid UTF-8`},
		{"members-search-nul", "GET", orgPath + "/members?search=al%00ice", "", `query parameter "search": must not contain NUL`},
		{"list-page-invalid-utf8", "GET", "/v1/orgs?page=%FE", "", `query parameter "page": invalid UTF-8`},
		{"query-parameter-name-nul", "GET", "/v1/orgs?a%00=1", "", "query parameter name: must not contain NUL"},
		// GraphQL over HTTP: variables, document, operation name.
		{"graphql-variable-nul", "POST", "/graphql", gqlBody(createOrgMutation, `{"input":{"title":"a\u0000b"}}`), "variables.input.title: must not contain NUL"},
		{"graphql-variable-lone-surrogate", "POST", "/graphql", gqlBody(createOrgMutation, `{"input":{"title":"ab\ud800"}}`), "variables.input.title: unpaired UTF-16 surrogate"},
		{"graphql-variable-invalid-utf8", "POST", "/graphql", gqlBody(createOrgMutation, "{\"input\":{\"title\":\"a\xc0b\"}}"), "variables.input.title: invalid UTF-8"},
		{"graphql-query-text-nul", "POST", "/graphql", `{"query":"{ viewer { id } }\u0000"}`, "query: must not contain NUL"},
		{"graphql-operation-name-nul", "POST", "/graphql", `{"query":"query A { viewer { id } }","operationName":"A\u0000"}`, "operationName: must not contain NUL"},
		{"graphql-get-variables-nul", "GET", getQuery("query", createOrgMutation, "variables", `{"input":{"title":"a\u0000b"}}`), "", "variables.input.title: must not contain NUL"},
		{"graphql-get-query-nul", "GET", "/graphql?query=%7B%20viewer%20%7B%20id%20%7D%20%7D%00", "", `query parameter "query": must not contain NUL`},
		// GraphQL string literals: inside the document, past the HTTP check.
		{"graphql-literal-nul", "POST", "/graphql", gqlBody(`mutation { createOrganization(input: {title: "a\u0000b"}) { id } }`, ""), "query: must not contain NUL"},
		{"graphql-literal-surrogate", "POST", "/graphql", gqlBody(`mutation { createOrganization(input: {title: "a\ud83d\ude00"}) { id } }`, ""), "query: string literals cannot carry UTF-16 surrogate escapes"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var body any
			if c.body != "" {
				body = c.body
			}
			r := f.alice.In(t).Do(c.method, c.path, body)
			if !strings.HasPrefix(c.path, "/graphql") {
				if msg := r.ExpectError(http.StatusBadRequest); !strings.Contains(msg, c.want) {
					t.Errorf("message %q, want it to contain %q", msg, c.want)
				}
				return
			}
			// GraphQL's error shape: 400 when the request's bytes are bad,
			// as for a body that is not JSON; a literal of the document is
			// refused like any invalid input of an operation.
			want := http.StatusBadRequest
			if strings.HasPrefix(c.name, "graphql-literal") {
				want = http.StatusOK
			}
			r.Expect(want)
			var res resttest.GraphQLResult
			r.Decode(&res)
			if len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Message, c.want) || res.Errors[0].Extensions["code"] != "INVALID" {
				t.Errorf("errors = %+v, want one INVALID error with %q", res.Errors, c.want)
			}
			if d := string(res.Data); d != "" {
				t.Errorf("data = %s, want no data entry (nothing ran)", d)
			}
		})
	}

	// Nothing was stored: one organization, one custom field, no page.
	if n := resttest.Str(f.alice.Get("/v1/orgs").Expect(http.StatusOK).JSON(), "count"); n != "1" {
		t.Errorf("organizations = %s, want 1", n)
	}
	fields := f.alice.Get(orgPath + "/custom-fields").Expect(http.StatusOK).JSON()
	if n := resttest.Str(fields, "count"); n != "1" {
		t.Errorf("custom fields = %s, want 1", n)
	}
	if opts := items(fields)[0]["options"].([]any); len(opts) != 2 || opts[0] != "draft" || opts[1] != "final" {
		t.Errorf("options = %v", opts)
	}
	if got := pagesAt(t, f.alice, crPath+"/content/pages"); len(got) != 0 {
		t.Errorf("change request pages = %v, want none", outline(got))
	}
}

// TestInputKeepsGoodText: what the rule must not touch. A surrogate pair is
// one character, U+FFFD sent as itself is text, and escapes in GraphQL
// comments and block strings are not escapes.
func TestInputKeepsGoodText(t *testing.T) {
	f := newInputFixture(t)
	for _, c := range []struct{ body, want string }{
		{`{"title":"Smile \ud83d\ude00"}`, "Smile \U0001F600"},
		{`{"title":"Odd \uFFFD char"}`, "Odd \uFFFD char"},
		{"{\"title\":\"Caf\xc3\xa9 \xef\xbf\xbd\"}", "Café \uFFFD"},
		{`{"title":"Back\\u0000slash"}`, `Back\u0000slash`},
	} {
		org := f.alice.Post("/v1/orgs", c.body).Expect(http.StatusCreated).JSON()
		if got := resttest.Str(f.alice.Get("/v1/orgs/"+resttest.Str(org, "id")).Expect(http.StatusOK).JSON(), "title"); got != c.want {
			t.Errorf("%s: title read back %q, want %q", c.body, got, c.want)
		}
	}
	for _, c := range []struct{ name, query, vars, want string }{
		{"variable-pair", createOrgMutation, `{"input":{"title":"Pair \ud83d\ude00"}}`, "Pair \U0001F600"},
		{"comment-escape", createOrgMutation + "\n# \\u0000 \\ud800", `{"input":{"title":"Commented"}}`, "Commented"},
		{"block-string", `mutation { createOrganization(input: {title: """Block \u0000 \ud800"""}) { id title } }`, "", `Block \u0000 \ud800`},
	} {
		r := f.alice.Post("/graphql", gqlBody(c.query, c.vars)).Expect(http.StatusOK)
		var res struct {
			Data struct {
				CreateOrganization struct{ Title string } `json:"createOrganization"`
			} `json:"data"`
			Errors []any `json:"errors"`
		}
		r.Decode(&res)
		if len(res.Errors) > 0 || res.Data.CreateOrganization.Title != c.want {
			t.Errorf("%s: %s, want title %q", c.name, r.Body, c.want)
		}
	}
}

// TestNoWebSocketTransport: /graphql has no WebSocket transport, so no
// operation can reach the engine around the HTTP limits (rate limit, body
// size, input checks): an upgrade is refused and nothing runs.
func TestNoWebSocketTransport(t *testing.T) {
	f := newInputFixture(t)
	header := http.Header{"Authorization": {"Bearer " + f.alice.Token}, "Sec-WebSocket-Protocol": {"graphql-transport-ws"}}
	conn, resp, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(f.srv.URL, "http")+"/graphql", header)
	if err == nil {
		conn.Close()
		t.Fatal("the WebSocket upgrade succeeded, want it refused")
	}
	if resp == nil || resp.StatusCode == http.StatusSwitchingProtocols {
		t.Fatalf("dial: %v (%v), want an HTTP error answer", err, resp)
	}
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("status %d, want 400", resp.StatusCode)
	}
}
