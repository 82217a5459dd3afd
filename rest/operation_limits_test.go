package rest_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"folio/graph"
	"folio/graph/gqlruntime"
	"folio/rest/resttest"
)

// pageTrees asks for a space's page tree (with markdown, three levels)
// under n aliases.
func pageTrees(n int) string {
	var b strings.Builder
	b.WriteString("query($id: ID!) {")
	for i := range n {
		fmt.Fprintf(&b, ` s%d: space(id: $id) { revision { pages(format: markdown) { id title markdown pages { id markdown pages { id } } } } }`, i)
	}
	b.WriteString(" }")
	return b.String()
}

// TestResultBudget: lists without a limit (a page tree) are priced by
// their real length as they resolve, the text a result carries is capped,
// and an operation over either limit answers one error and no data.
func TestResultBudget(t *testing.T) {
	limits := graph.Limits{MaxResultObjects: 1_000}
	srv := resttest.New(t, resttest.WithGraphQLLimits(limits))
	alice := srv.User("alice@example.com")
	space := createSpaceID(t, alice, createOrg(t, alice, "Acme"), map[string]any{"title": "Docs"})
	addPages(t, srv, alice, space, 120)
	vars := map[string]any{"id": space}

	one := alice.GraphQL(pageTrees(1), vars)
	if len(one.Errors) > 0 {
		t.Fatalf("one tree of 120 pages: %+v", one.Errors)
	}
	// 10 trees of 120 pages: over 1,000 objects, though the static
	// estimate (which cannot know a tree's size) is small.
	ten := alice.GraphQL(pageTrees(10), vars)
	if len(ten.Errors) != 1 || ten.Errors[0].Extensions["code"] != graph.CodeTooComplex || !strings.Contains(ten.Errors[0].Message, "real length") {
		t.Fatalf("ten trees: errors %+v, want one %s", ten.Errors, graph.CodeTooComplex)
	}
	if d := string(ten.Data); d != "" && d != "null" {
		t.Errorf("ten trees: data %.200s, want none", d)
	}

	// Text: 3 pages of 1,500 bytes of markdown, twice, are more than 6,000
	// bytes; once, they are not.
	small := resttest.New(t, resttest.WithGraphQLLimits(graph.Limits{MaxResultBytes: 6_000}))
	bob := small.User("bob@example.com")
	space2 := createSpaceID(t, bob, createOrg(t, bob, "Bee"), map[string]any{"title": "Docs"})
	long := "# Long\n\n" + strings.Repeat("Some words of text. ", 75) + "\n"
	publish(t, bob, space2, insert("a", "", long), insert("b", "", long), insert("c", "", long))
	if once := bob.GraphQL(pageTrees(1), map[string]any{"id": space2}); len(once.Errors) > 0 {
		t.Fatalf("one tree of 4,500 bytes: %+v", once.Errors)
	}
	big := bob.GraphQL(pageTrees(2), map[string]any{"id": space2})
	if len(big.Errors) != 1 || big.Errors[0].Extensions["code"] != graph.CodeResultTooLarge {
		t.Fatalf("2 trees of markdown: errors %+v, want one %s", big.Errors, graph.CodeResultTooLarge)
	}
	// The REST routes run the same engine: the page tree of four such
	// pages with their documents.
	publish(t, bob, space2, insert("d", "", long))
	msg := bob.Get("/v1/spaces/" + space2 + "/content/pages").ExpectError(http.StatusBadRequest)
	if !strings.Contains(msg, "bytes of text") {
		t.Errorf("REST page tree over the text limit: %q", msg)
	}
}

// TestErrorsCapped: a response lists at most graph.MaxErrors errors.
func TestErrorsCapped(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	q := "{ apiInformation { version" + strings.Repeat(" @nope", 300) + " } }"
	r := alice.Post("/graphql", map[string]any{"query": q})
	var res resttest.GraphQLResult
	r.Decode(&res)
	if len(res.Errors) != graph.MaxErrors {
		t.Fatalf("%d errors, want %d", len(res.Errors), graph.MaxErrors)
	}
	last := res.Errors[len(res.Errors)-1]
	if !strings.HasSuffix(last.Message, " more errors not shown") || last.Extensions["code"] != "TOO_MANY_ERRORS" {
		t.Errorf("last error %q", last.Message)
	}
	if len(r.Body) > 20_000 {
		t.Errorf("body of %d bytes", len(r.Body))
	}
	if !json.Valid(r.Body) {
		t.Errorf("not JSON: %.200s", r.Body)
	}
}

// TestGraphQLBodyLimit: /graphql refuses a body over rest.MaxBody with 413,
// in GraphQL's error shape, as the REST routes do.
func TestGraphQLBodyLimit(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	big := `{"query":"{ apiInformation { version } }","variables":{"pad":"` + strings.Repeat("x", 2<<20) + `"}}`
	r := alice.Post("/graphql", big).Expect(http.StatusRequestEntityTooLarge)
	var res resttest.GraphQLResult
	r.Decode(&res)
	if len(res.Errors) != 1 || res.Errors[0].Extensions["code"] != "PAYLOAD_TOO_LARGE" || !strings.Contains(res.Errors[0].Message, "larger than") {
		t.Fatalf("errors %+v", res.Errors)
	}
	alice.Post("/graphql", `{"query":"{ apiInformation { version } }"}`).Expect(http.StatusOK)
}

// TestResultBudgetPlainFields: text read straight from an object (a title)
// is charged from gqlruntime.MinChargedText bytes on, like any other, though
// shorter text of such fields skips the field middleware.
func TestResultBudgetPlainFields(t *testing.T) {
	srv := resttest.New(t, resttest.WithGraphQLLimits(graph.Limits{MaxResultBytes: 500}))
	alice := srv.User("alice@example.com")
	query := func(n int) string {
		var b strings.Builder
		b.WriteString("query($a: ID!, $b: ID!) {")
		for i := range n {
			fmt.Fprintf(&b, " a%d: organization(id: $a) { title } b%d: organization(id: $b) { title }", i, i)
		}
		return b.String() + " }"
	}
	long := createOrg(t, alice, strings.Repeat("L", gqlruntime.MinChargedText))
	short := createOrg(t, alice, strings.Repeat("s", gqlruntime.MinChargedText-1))
	// 5 titles of 64 bytes: 320 bytes, charged; with 5 of 63, not.
	if r := alice.GraphQL(query(5), map[string]any{"a": long, "b": short}); len(r.Errors) > 0 {
		t.Fatalf("320 bytes of charged titles: %+v", r.Errors)
	}
	// 10 of 64 bytes: 640, over the limit, the second time too.
	for round := range 2 {
		r := alice.GraphQL(query(10), map[string]any{"a": long, "b": short})
		if len(r.Errors) != 1 || r.Errors[0].Extensions["code"] != graph.CodeResultTooLarge {
			t.Fatalf("round %d, 640 bytes of titles: errors %+v, want one %s", round, r.Errors, graph.CodeResultTooLarge)
		}
	}
	// 28 of 63 bytes: 1,764 bytes, none of it charged.
	if r := alice.GraphQL(query(14), map[string]any{"a": short, "b": short}); len(r.Errors) > 0 {
		t.Fatalf("titles shorter than %d bytes: %+v", gqlruntime.MinChargedText, r.Errors)
	}
}
