package rest_test

import (
	"fmt"
	"net/http"
	"path/filepath"
	"sort"
	"testing"

	"folio/graph"
	"folio/rest/app/appbuild"
	"folio/rest/resttest"
	"folio/store"
)

// appDocuments are the Folio app's operations (app/src/**/*.graphql) as
// the app sends them, by name.
func appDocuments(t *testing.T) map[string]string {
	t.Helper()
	docs, err := appbuild.Documents(graph.Schema(&graph.Resolver{}).Schema(), filepath.Join("..", "app", "src"))
	if err != nil {
		t.Fatal(err)
	}
	return docs
}

// appStatements runs the app's operation name as the app does (POST
// /graphql, by name) and answers its SQL statement count; any error fails.
func appStatements(t *testing.T, c *resttest.Client, docs map[string]string, name string, vars map[string]any) int {
	t.Helper()
	doc, ok := docs[name]
	if !ok {
		t.Fatalf("the app has no operation %s", name)
	}
	r := c.Post("/graphql", map[string]any{"query": doc, "operationName": name, "variables": vars}).Expect(http.StatusOK)
	var out resttest.GraphQLResult
	r.Decode(&out)
	if len(out.Errors) > 0 {
		t.Fatalf("%s: %v", name, out.Errors)
	}
	return r.Statements
}

// appScreenStatements are the SQL statements each screen's operation runs,
// exactly (a change either way is news: update the number knowingly). The
// count must not grow with the number of spaces, collections or pages
// either (TestAppScreenStatements reads a small and a large organization).
var appScreenStatements = map[string]int{
	"Start":               3,
	"Shell":               8,
	"OrgHome":             7,
	"OrgSearch":           4,
	"CollectionScreen":    5,
	"SpaceScreen":         10,
	"EditorScreen":        6,
	"RenderPreview":       2,
	"RevisionScreen":      5,
	"HistoryScreen":       14,
	"ChangeRequestScreen": 6,
	"SiteScreen":          4,
	"OpenAPIScreen":       3,
}

// TestAppScreenStatements runs every screen's operation of the Folio app
// against a small organization and a large one (more spaces, collections
// and pages): each runs the same number of statements in both, the number in
// appScreenStatements.
func TestAppScreenStatements(t *testing.T) {
	docs := appDocuments(t)
	measure := func(spaces, pages int) map[string]int {
		srv := resttest.New(t)
		ada := srv.User("ada@example.com")
		org := createOrg(t, ada, "Acme")
		var docsIn []readerDoc
		for i := range pages {
			docsIn = append(docsIn, readerDoc{fmt.Sprint("p", i), "", fmt.Sprintf("# Page %d\n\nWords about tools %d.\n", i, i)})
		}
		var sp *store.Space
		var coll string
		for i := range spaces {
			sp = spaceWithDocs(t, srv, org, fmt.Sprint("Space ", i), store.VisibilityPrivate, docsIn)
			coll = resttest.Str(ada.Post("/v1/orgs/"+org+"/collections", map[string]any{"title": fmt.Sprint("C", i)}).Expect(http.StatusCreated).JSON(), "id")
			ada.Post("/v1/spaces/"+sp.ID+"/move", map[string]any{"parent": coll}).Expect(http.StatusOK)
		}
		content := ada.Get("/v1/spaces/" + sp.ID + "/content").Expect(http.StatusOK).JSON()
		page := resttest.Str(content["pages"].([]any)[0].(map[string]any), "id")
		ada.Post("/v1/spaces/"+sp.ID+"/change-requests", map[string]any{"subject": "Fix"}).Expect(http.StatusCreated)
		site := resttest.Str(ada.Post("/v1/orgs/"+org+"/sites", map[string]any{"title": "Docs"}).Expect(http.StatusCreated).JSON(), "id")
		ada.Post("/v1/orgs/"+org+"/openapi", map[string]any{"slug": "petstore", "source": map[string]any{"text": petstore("Petstore")}}).Expect(http.StatusCreated)
		rev := resttest.Str(content, "id")
		return map[string]int{
			"Start":               appStatements(t, ada, docs, "Start", nil),
			"Shell":               appStatements(t, ada, docs, "Shell", map[string]any{"org": org}),
			"OrgHome":             appStatements(t, ada, docs, "OrgHome", map[string]any{"org": org}),
			"OrgSearch":           appStatements(t, ada, docs, "OrgSearch", map[string]any{"org": org, "query": "tools"}),
			"CollectionScreen":    appStatements(t, ada, docs, "CollectionScreen", map[string]any{"id": coll}),
			"SpaceScreen":         appStatements(t, ada, docs, "SpaceScreen", map[string]any{"org": org, "space": sp.ID, "page": page, "withPage": true}),
			"EditorScreen":        appStatements(t, ada, docs, "EditorScreen", map[string]any{"space": sp.ID, "number": "1", "page": page, "withPage": true}),
			"RenderPreview":       appStatements(t, ada, docs, "RenderPreview", map[string]any{"markdown": "# T\n\n![x](/files/f) [a](/pages/p)", "space": sp.ID}),
			"RevisionScreen":      appStatements(t, ada, docs, "RevisionScreen", map[string]any{"space": sp.ID, "revision": rev, "page": page, "withPage": true}),
			"HistoryScreen":       appStatements(t, ada, docs, "HistoryScreen", map[string]any{"space": sp.ID, "revision": rev, "withRevision": true}),
			"ChangeRequestScreen": appStatements(t, ada, docs, "ChangeRequestScreen", map[string]any{"space": sp.ID, "number": "1"}),
			"SiteScreen":          appStatements(t, ada, docs, "SiteScreen", map[string]any{"org": org, "site": site}),
			"OpenAPIScreen":       appStatements(t, ada, docs, "OpenAPIScreen", map[string]any{"org": org, "slug": "petstore"}),
		}
	}
	small, large := measure(1, 2), measure(4, 12)
	var names []string
	for name := range small {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		t.Logf("%s: %d statements (small), %d (large)", name, small[name], large[name])
		if small[name] != large[name] {
			t.Errorf("%s: %d statements for a small organization, %d for a large one", name, small[name], large[name])
		}
		if budget, ok := appScreenStatements[name]; !ok {
			t.Errorf("%s has no statement budget in appScreenStatements", name)
		} else if large[name] != budget {
			t.Errorf("%s: %d statements, not %d as appScreenStatements says", name, large[name], budget)
		}
	}
}
