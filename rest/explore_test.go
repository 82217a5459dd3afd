package rest_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"folio/rest/resttest"
)

func TestSchemaSDL(t *testing.T) {
	srv := resttest.New(t)
	r := srv.Anonymous().Get("/graphql/schema.graphql").Expect(http.StatusOK)
	if _, err := gqlparser.LoadSchema(&ast.Source{Name: "schema.graphql", Input: string(r.Body)}); err != nil {
		t.Fatalf("the SDL does not load back: %v", err)
	}
	for _, want := range []string{"type Organization implements Node {", "interface Node {", "type Query {", "directive @keepNull"} {
		if !strings.Contains(string(r.Body), want) {
			t.Errorf("SDL lacks %q", want)
		}
	}
}

func TestPlaygroundServedFromTheBinary(t *testing.T) {
	srv := resttest.New(t)
	page := func(accept string) *http.Response {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/graphql", nil)
		req.Header.Set("Accept", accept)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	browser := page("text/html,application/xhtml+xml,*/*;q=0.8")
	if browser.StatusCode != http.StatusOK || !strings.HasPrefix(browser.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("browser: status %d, %s", browser.StatusCode, browser.Header.Get("Content-Type"))
	}
	if csp := browser.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "connect-src 'self'") || !strings.Contains(csp, "script-src 'self'") {
		t.Errorf("the page may reach other origins: CSP %q", csp)
	}
	if client := page("application/json"); strings.HasPrefix(client.Header.Get("Content-Type"), "text/html") {
		t.Error("a GraphQL client asking for JSON got the page")
	}
	for _, asset := range []string{"graphiql.min.js", "graphiql.min.css", "react.production.min.js", "react-dom.production.min.js", "playground.js"} {
		r := srv.Anonymous().Get("/graphql/assets/" + asset).Expect(http.StatusOK)
		if len(r.Body) < 100 {
			t.Errorf("%s: %d bytes", asset, len(r.Body))
		}
	}
	srv.Anonymous().Get("/graphql/assets/").Expect(http.StatusNotFound)
	srv.Anonymous().Get("/graphql/assets/THIRD_PARTY.md").Expect(http.StatusNotFound)
}
