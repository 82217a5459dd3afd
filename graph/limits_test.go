package graph_test

import (
	"fmt"
	"math"
	"net/http"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2"

	"folio/graph"
	"folio/rest/resttest"
)

func TestMeasure(t *testing.T) {
	schema := graph.Schema(&graph.Resolver{}).Schema()
	cases := []struct {
		name  string
		query string
		vars  map[string]any
		want  graph.Cost
	}{
		{"leaf-costs-nothing", `{ apiInformation { version } }`, nil, graph.Cost{Complexity: 1, Depth: 2}},
		{"list-costs-its-limit", `{ organizations(limit: 10) { items { id } } }`, nil, graph.Cost{Complexity: 20, Depth: 3}},
		{"list-default-limit", `{ organizations { items { id } } }`, nil, graph.Cost{Complexity: 100, Depth: 3}},
		{"limit-from-variable", `query($n: Int) { organizations(limit: $n) { items { id } } }`, map[string]any{"n": int64(3)}, graph.Cost{Complexity: 6, Depth: 3}},
		{"null-variable-takes-default", `query($n: Int) { organizations(limit: $n) { count } }`, map[string]any{}, graph.Cost{Complexity: 50, Depth: 2}},
		{"nested-lists-multiply", `{ organizations(limit: 10) { items { members(limit: 20) { items { user { id } } } } } }`, nil,
			graph.Cost{Complexity: 10 * (1 + 1 + 20*(1+1+1)), Depth: 6}},
		{"fragments-measured-where-spread", `{ a: apiInformation { ...V } b: apiInformation { ...V } } fragment V on ApiInformation { version }`, nil,
			graph.Cost{Complexity: 2, Depth: 2, Aliases: 2}},
		{"introspection-free", `{ __schema { types { name fields { name type { ofType { ofType { name } } } } } } }`, nil, graph.Cost{}},
		{"alias-equal-to-the-name-not-counted", `{ apiInformation: apiInformation { version } }`, nil, graph.Cost{Complexity: 1, Depth: 2}},
		{"inline-fragment-adds-no-depth", `{ apiInformation { ... on ApiInformation { ... on ApiInformation { version } } } }`, nil, graph.Cost{Complexity: 1, Depth: 2}},
		{"aliases-inside-fragments-counted-where-spread", `{ apiInformation { ...V ...V } } fragment V on ApiInformation { v: version }`, nil,
			graph.Cost{Complexity: 1, Depth: 2, Aliases: 2}},
		{"limit-zero-costs-one-page", `{ organizations(limit: 0) { items { id } } }`, nil, graph.Cost{Complexity: 2, Depth: 3}},
		{"page-over-the-max-flagged", `{ organizations(limit: 1001) { count } }`, nil, graph.Cost{Complexity: 1001, Depth: 2, OverMaxLimit: true}},
		{"page-over-the-max-from-a-variable-flagged", `query($n: Int) { organizations(limit: $n) { count } }`, map[string]any{"n": int64(5000)},
			graph.Cost{Complexity: 5000, Depth: 2, OverMaxLimit: true}},
		// Lists without a limit are charged their real length as they
		// resolve (budget.go): statically they cost nothing, though their
		// depth counts.
		{"unbounded-lists-priced-as-they-resolve", `{ space(id: "s") { revision { pages { id pages { id } } files { id } } } }`, nil,
			graph.Cost{Complexity: 2, Depth: 5}},
		{"huge-nesting-saturates", `{ a: organizations(limit: 1000) { ...Deep } b: organizations(limit: 1000) { ...Deep } c: organizations(limit: 1000) { ...Deep } }
			fragment Deep on OrganizationList { items { spaces(limit: 1000) { items { changeRequestList(limit: 1000) { items { id } } } } } }`, nil,
			graph.Cost{Complexity: math.MaxInt32, Depth: 7, Aliases: 3}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc, errs := gqlparser.LoadQuery(schema, c.query)
			if errs != nil {
				t.Fatal(errs)
			}
			if got := graph.Measure(doc.Operations[0], c.vars); got != c.want {
				t.Errorf("cost %+v, want %+v", got, c.want)
			}
		})
	}
}

// aliases builds a query asking for the same field under n aliases.
func aliases(n int) string {
	var b strings.Builder
	b.WriteString("{")
	for i := range n {
		fmt.Fprintf(&b, " a%d: apiInformation { version }", i)
	}
	b.WriteString(" }")
	return b.String()
}

func TestOperationLimits(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	deep := `{ organizations { items { members { items { user { id } } } } } }`
	cases := []struct {
		name  string
		limit graph.Limits
		query string
		code  string
		msg   string
	}{
		{"too-complex", graph.Limits{}, `{ organizations(limit: 1000) { items { members(limit: 1000) { items { user { id } } } } } }`, graph.CodeTooComplex, "complexity"},
		{"too-deep", graph.Limits{MaxDepth: 5}, deep, graph.CodeTooDeep, "deep"},
		{"too-many-aliases", graph.Limits{}, aliases(31), graph.CodeTooManyAliases, "aliases"},
		{"too-many-tokens", graph.Limits{}, "{ apiInformation { " + strings.Repeat("version ", 5000) + "} }", "GRAPHQL_PARSE_FAILED", "token limit"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := srv
			if c.limit != (graph.Limits{}) {
				s = resttest.New(t, resttest.WithGraphQLLimits(c.limit))
			}
			a := s.User("alice@example.com").In(t)
			res := a.GraphQL(c.query, nil)
			if len(res.Errors) != 1 || res.Errors[0].Extensions["code"] != c.code || !strings.Contains(res.Errors[0].Message, c.msg) {
				t.Fatalf("errors %+v, want one %s mentioning %q", res.Errors, c.code, c.msg)
			}
			if string(res.Data) != "" && string(res.Data) != "null" {
				t.Errorf("data %s: nothing may run", res.Data)
			}
		})
	}
	t.Run("page-over-max-limit", func(t *testing.T) {
		// A page of 5,000 is refused for its size, not for the
		// complexity it would bring, as 1,001 is.
		for _, q := range []string{`{ organizations(limit: 5000) { items { id } } }`,
			`{ organizations(limit: 1000) { items { members(limit: 5000) { items { user { id } } } } } }`} {
			res := alice.In(t).GraphQL(q, nil)
			if len(res.Errors) != 1 || res.Errors[0].Message != "limit: must be at most 1000" || res.Errors[0].Extensions["code"] != "INVALID" {
				t.Errorf("%s: errors %+v", q, res.Errors)
			}
		}
		msg := alice.In(t).Get("/v1/orgs?limit=5000").ExpectError(http.StatusBadRequest)
		if msg != "limit: must be at most 1000" {
			t.Errorf("REST limit=5000: %q", msg)
		}
	})
	t.Run("at-the-limits-ok", func(t *testing.T) {
		res := alice.In(t).GraphQL(aliases(30), nil)
		if len(res.Errors) != 0 {
			t.Fatalf("30 aliases refused: %+v", res.Errors)
		}
		res = alice.In(t).GraphQL(deep, nil)
		if len(res.Errors) != 0 {
			t.Fatalf("depth 6 refused by default: %+v", res.Errors)
		}
	})
}

func TestRefusedBeforeAnyResolverRuns(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	var b strings.Builder
	b.WriteString("mutation {")
	for i := range 31 {
		fmt.Fprintf(&b, ` o%d: createOrganization(input: {title: "Org %d"}) { id }`, i, i)
	}
	b.WriteString(" }")
	res := alice.GraphQL(b.String(), nil)
	if len(res.Errors) != 1 || res.Errors[0].Extensions["code"] != graph.CodeTooManyAliases {
		t.Fatalf("errors %+v, want %s", res.Errors, graph.CodeTooManyAliases)
	}
	if list := alice.Get("/v1/orgs").Expect(http.StatusOK).JSON(); resttest.Str(list, "count") != "0" {
		t.Fatalf("a refused mutation created organizations: %v", list)
	}
}

func TestRESTSharesTheLimits(t *testing.T) {
	srv := resttest.New(t, resttest.WithGraphQLLimits(graph.Limits{MaxComplexity: 100}))
	alice := srv.User("alice@example.com")
	alice.Get("/v1/orgs?limit=10").Expect(http.StatusOK)
	msg := alice.Get("/v1/orgs?limit=1000").ExpectError(http.StatusBadRequest)
	if !strings.Contains(msg, "complexity") {
		t.Errorf("message %q does not say why", msg)
	}
}

func TestIntrospectionForViewersOnly(t *testing.T) {
	srv := resttest.New(t)
	q := `{ __schema { queryType { name } } }`
	anon := srv.Anonymous().GraphQL(q, nil)
	if len(anon.Errors) != 1 || anon.Errors[0].Extensions["code"] != "UNAUTHENTICATED" || !strings.Contains(anon.Errors[0].Message, "introspection") {
		t.Errorf("anonymous introspection: %+v %s, want refused", anon.Errors, anon.Data)
	}
	viewer := srv.User("alice@example.com").GraphQL(q, nil)
	if len(viewer.Errors) != 0 || !strings.Contains(string(viewer.Data), `"Query"`) {
		t.Errorf("authenticated introspection: %+v %s, want the schema", viewer.Errors, viewer.Data)
	}
}
