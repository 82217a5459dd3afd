package rest_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"folio/rest/resttest"
	"folio/store"
)

const treeQuery = `query($id: ID!) { space(id: $id) { revision { id
  pages { id title path pages { id title path pages { id title path } } }
  files { id name }
} } }`

// addPages inserts n pages into a space (a top level of 40, the rest under
// them) through a merged change request.
func addPages(t *testing.T, srv *resttest.Server, c *resttest.Client, space string, n int) {
	t.Helper()
	ctx := t.Context()
	sp, err := srv.Store.Space(ctx, space)
	if err != nil {
		t.Fatal(err)
	}
	cr, err := srv.Store.CreateChangeRequest(ctx, sp, c.UserID, "bulk")
	if err != nil {
		t.Fatal(err)
	}
	top := min(40, n)
	var parents []string
	// The top-level pages come in a batch of their own, so children find them.
	for start, end := 0, top; start < n; start, end = end, min(end+store.MaxChanges, n) {
		var batch []store.PageChange
		for i := start; i < end; i++ {
			md := fmt.Sprintf("# Page %d\n", i)
			ch := store.PageChange{Operation: store.OpInsertPage, Markdown: &md}
			if i >= top {
				ch.Into = &parents[i%top]
			}
			batch = append(batch, ch)
		}
		res, err := srv.Store.UpdateChangeRequestContent(ctx, space, cr.ID, c.UserID, batch)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range res.Changes {
			if len(parents) < top {
				parents = append(parents, o.Page)
			}
		}
	}
	if _, err := srv.Store.MergeChangeRequest(ctx, space, cr.ID, c.UserID); err != nil {
		t.Fatal(err)
	}
}

// TestPageTreeStatements checks that reading a space's page tree runs the
// same number of SQL statements for 40 pages as for 2,000, through REST and
// GraphQL.
func TestPageTreeStatements(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})

	measure := func(want, top int) (rest, graph int) {
		r := alice.Get("/v1/spaces/" + space + "/content/pages").Expect(http.StatusOK)
		var body struct{ Pages []page }
		r.Decode(&body)
		n := 0
		var walk func([]page)
		walk = func(ps []page) {
			for _, p := range ps {
				n++
				walk(p.Pages)
			}
		}
		walk(body.Pages)
		if n != want {
			t.Fatalf("REST read %d pages, want %d", n, want)
		}
		g := alice.GraphQL(treeQuery, map[string]any{"id": space})
		if len(g.Errors) > 0 {
			t.Fatalf("errors: %v", g.Errors)
		}
		var data struct {
			Space struct{ Revision struct{ Pages []page } }
		}
		if err := json.Unmarshal(g.Data, &data); err != nil || len(data.Space.Revision.Pages) != top {
			t.Fatalf("GraphQL pages: %v %d", err, len(data.Space.Revision.Pages))
		}
		return r.Statements, g.Statements
	}
	addPages(t, srv, alice, space, 40)
	smallREST, smallGraph := measure(40, 40)
	addPages(t, srv, alice, space, 1960)
	bigREST, bigGraph := measure(2000, 80)
	if smallREST == 0 || bigREST != smallREST || bigGraph != smallGraph {
		t.Errorf("statements: REST %d for 40 pages, %d for 2000; GraphQL %d and %d", smallREST, bigREST, smallGraph, bigGraph)
	}
	t.Logf("statements for a 2000-page tree: REST %d, GraphQL %d", bigREST, bigGraph)
}
