package rest_test

import (
	"net/http"
	"strings"
	"testing"

	"folio/rest"
	"folio/rest/resttest"
)

// Every list route must fit the default GraphQL limits at its largest page,
// or REST clients asking for limit=1000 would be refused.
func TestListRoutesFitTheLimitsAtFullPages(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	team := resttest.Str(alice.Put("/v1/orgs/"+org+"/teams", map[string]any{"title": "Docs"}).Expect(http.StatusCreated).JSON(), "id")
	collection := resttest.Str(alice.Post("/v1/orgs/"+org+"/collections", map[string]any{"title": "Guides"}).Expect(http.StatusCreated).JSON(), "id")
	space := resttest.Str(alice.Post("/v1/orgs/"+org+"/spaces", map[string]any{"title": "Guide"}).Expect(http.StatusCreated).JSON(), "id")
	// A page and a file, merged, so the content routes have something to name.
	first := resttest.Str(newCR(t, alice, space, "content"), "id")
	var content struct {
		InsertedFiles []struct{ ID string }
	}
	alice.Post("/v1/spaces/"+space+"/change-requests/"+first+"/content", map[string]any{"changes": []any{
		insert("p", "", "# Page\n"),
		map[string]any{"operation": "insert_files", "files": []any{map[string]any{"name": "n.txt", "contentType": "text/plain", "base64": "aGk="}}},
	}}).Expect(http.StatusOK).Decode(&content)
	alice.Post("/v1/spaces/"+space+"/change-requests/"+first+"/merge", nil).Expect(http.StatusOK)
	var pages struct{ Pages []struct{ ID string } }
	alice.Get("/v1/spaces/" + space + "/content/pages").Expect(http.StatusOK).Decode(&pages)
	cr := resttest.Str(alice.Post("/v1/spaces/"+space+"/change-requests", map[string]any{"subject": "Edit"}).Expect(http.StatusCreated).JSON(), "id")
	comment := resttest.Str(alice.Post("/v1/spaces/"+space+"/comments", map[string]any{"body": map[string]any{"markdown": "Hi"}}).Expect(http.StatusOK).JSON(), "id")
	crComment := resttest.Str(alice.Post("/v1/spaces/"+space+"/change-requests/"+cr+"/comments", map[string]any{"body": map[string]any{"markdown": "Hi"}}).Expect(http.StatusOK).JSON(), "id")
	site := resttest.Str(alice.Post("/v1/orgs/"+org+"/sites", map[string]any{"title": "Docs"}).Expect(http.StatusCreated).JSON(), "id")
	alice.Post("/v1/orgs/"+org+"/openapi", map[string]any{"slug": "petstore", "source": map[string]any{"text": "openapi: 3.0.0"}}).Expect(http.StatusCreated)
	hook := resttest.Str(alice.Post("/v1/orgs/"+org+"/webhooks", map[string]any{"url": "https://hooks.example.com/folio"}).Expect(http.StatusCreated).JSON(), "id")
	ids := map[string]string{"{organizationId}": org, "{teamId}": team, "{userId}": alice.UserID,
		"{pageId}": pages.Pages[0].ID, "{fileId}": content.InsertedFiles[0].ID,
		"{collectionId}": collection, "{spaceId}": space, "{changeRequestId}": cr, "{siteId}": site, "{specSlug}": "petstore",
		"{webhookId}": hook}
	tested := 0
	for _, r := range rest.Routes() {
		if r.Method != http.MethodGet || !hasParam(r.Query, "limit") {
			continue
		}
		path := r.Path
		for k, v := range ids {
			path = strings.ReplaceAll(path, k, v)
		}
		if strings.Contains(r.Path, "/change-requests/{changeRequestId}/comments/{commentId}") {
			path = strings.ReplaceAll(path, "{commentId}", crComment)
		}
		path = strings.ReplaceAll(path, "{commentId}", comment)
		query := "?limit=1000"
		if hasParam(r.Query, "query") {
			query += "&query=guide" // search needs words to look for
		}
		if strings.Contains(path, "{") {
			t.Errorf("%s: add its path parameters to this test", r.Path)
			continue
		}
		t.Run(r.Op, func(t *testing.T) {
			alice.In(t).Get(path + query).Expect(http.StatusOK)
		})
		tested++
	}
	if tested == 0 {
		t.Fatal("no list route found")
	}
}

func hasParam(ps []rest.Param, name string) bool {
	for _, p := range ps {
		if p.Name == name {
			return true
		}
	}
	return false
}
