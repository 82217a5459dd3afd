package rest_test

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"folio/graph"
	"folio/rest/resttest"
)

// cachedTreeQuery asks for a page tree the way frontends do, with an alias, a
// fragment, __typename, a nested list and a variable.
const cachedTreeQuery = `query($id: ID!, $urls: Boolean!) { space(id: $id) { revision { id
  tree: pages { ...page __typename urls @include(if: $urls) { app } pages { ...page pages { id } } }
  md: pages(format: markdown) { id markdown }
} } }
fragment page on RevisionPage { id title path kind emoji }`

// TestPageTreeCache: a page tree answered from the cache is byte for byte
// the one the resolvers made, reads nothing, follows the selection's
// variables and the space's new revisions, and costs the result budget
// what it cost the first time.
func TestPageTreeCache(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})
	publish(t, alice, space, insert("a", "", "# Alpha\n\nText a."), insert("b", "a", "# Beta\n\nText b."),
		insert("c", "b", "# Gamma\n\n<b>&</b> c."))
	post := func(vars map[string]any) *resttest.Response {
		t.Helper()
		return postTree(t, alice, cachedTreeQuery, vars)
	}
	withURLs := map[string]any{"id": space, "urls": true}
	first, second := post(withURLs), post(withURLs)
	if !bytes.Equal(first.Body, second.Body) {
		t.Fatalf("cached tree differs:\n%s\n%s", first.Body, second.Body)
	}
	if second.Statements >= first.Statements {
		t.Errorf("statements: %d, then %d from the cache; want fewer", first.Statements, second.Statements)
	}
	for _, want := range []string{`"title":"Beta"`, `"urls":{"app":`, `"markdown":"# Alpha`, `"__typename":"RevisionPage"`} {
		if !strings.Contains(string(second.Body), want) {
			t.Errorf("tree lacks %s: %s", want, second.Body)
		}
	}

	// Another value of the variable is another rendering.
	if noURLs := post(map[string]any{"id": space, "urls": false}); strings.Contains(string(noURLs.Body), `"urls"`) {
		t.Errorf("@include(if: false) answered from the cache: %s", noURLs.Body)
	}

	// A merge makes a new revision, so a new tree.
	publish(t, alice, space, insert("d", "", "# Delta\n\nNew."))
	if after := post(withURLs); !strings.Contains(string(after.Body), `"title":"Delta"`) {
		t.Errorf("tree after a merge lacks the new page: %s", after.Body)
	}

	// The budget: ten trees over the object limit fail the first time and
	// the second, when the trees rendered before the overdraft are cached.
	small := resttest.New(t, resttest.WithGraphQLLimits(graph.Limits{MaxResultObjects: 1_000}))
	bob := small.User("bob@example.com")
	big := createSpaceID(t, bob, createOrg(t, bob, "Bee"), map[string]any{"title": "Docs"})
	addPages(t, small, bob, big, 120)
	for i := range 2 {
		if one := bob.GraphQL(pageTrees(1), map[string]any{"id": big}); len(one.Errors) > 0 {
			t.Fatalf("round %d: one tree: %+v", i, one.Errors)
		}
		ten := bob.GraphQL(pageTrees(10), map[string]any{"id": big})
		if len(ten.Errors) != 1 || ten.Errors[0].Extensions["code"] != graph.CodeTooComplex {
			t.Fatalf("round %d: ten trees: errors %+v, want one %s", i, ten.Errors, graph.CodeTooComplex)
		}
	}
}

// TestRevisionCache: a space's revision asked only for what a revision
// never changes is answered from the cache without reading the revision,
// byte for byte; asked for more (its urls follow the space), it is read.
func TestRevisionCache(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})
	publish(t, alice, space, insert("a", "", "# Alpha\n\nText a."), insert("b", "a", "# Beta\n\nText b."))
	twice := func(query string) (first, second *resttest.Response) {
		t.Helper()
		vars := map[string]any{"id": space}
		return postTree(t, alice, query, vars), postTree(t, alice, query, vars)
	}
	const unchanging = `query($id: ID!) { space(id: $id) { title revision { __typename id type parents createdAt
  ... on Revision { pages { id title pages { id } } } } } }`
	first, cached := twice(unchanging)
	if !bytes.Equal(first.Body, cached.Body) {
		t.Fatalf("cached revision differs:\n%s\n%s", first.Body, cached.Body)
	}
	for _, want := range []string{`"__typename":"Revision"`, `"type":"`, `"title":"Alpha"`} {
		if !strings.Contains(string(cached.Body), want) {
			t.Errorf("revision lacks %s: %s", want, cached.Body)
		}
	}
	_, read := twice(`query($id: ID!) { space(id: $id) { title revision { __typename id type parents createdAt
  urls { app } ... on Revision { pages { id title pages { id } } } } } }`)
	if cached.Statements != read.Statements-1 {
		t.Errorf("statements: %d for an unchanging revision from the cache, %d with its urls; want one fewer", cached.Statements, read.Statements)
	}

	// A merge gives the space a new revision, answered anew.
	publish(t, alice, space, insert("c", "", "# Gamma\n\nNew."))
	if _, after := twice(unchanging); !strings.Contains(string(after.Body), `"title":"Gamma"`) || bytes.Equal(after.Body, cached.Body) {
		t.Errorf("revision after a merge: %s", after.Body)
	}
}

// postTree posts a GraphQL document that must answer without errors.
func postTree(t *testing.T, c *resttest.Client, query string, vars map[string]any) *resttest.Response {
	t.Helper()
	r := c.Post("/graphql", map[string]any{"query": query, "variables": vars}).Expect(http.StatusOK)
	if bytes.Contains(r.Body, []byte(`"errors"`)) {
		t.Fatalf("errors: %s", r.Body)
	}
	return r
}
