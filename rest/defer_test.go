package rest_test

import (
	"encoding/json"
	"testing"

	"folio/rest/resttest"
)

// TestGraphQLDefer: objects with a deferred fragment, at the root and in a
// list, answer every field they select. gqlruntime.NewDeferredGroup
// gives such objects gqlgen's own @defer group and every other object an
// empty one. Plain fields of a deferred fragment are answered inline; a
// deferred resolver (sites) goes to the group, and POST, which sends one
// response, answers it null with hasNext, as gqlgen's POST transport does.
func TestGraphQLDefer(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	alice.Post("/v1/orgs/"+org+"/spaces", map[string]any{"title": "Docs"}).Expect(201)
	r := alice.Post("/graphql", map[string]any{"query": `query($id: ID!) { organization(id: $id) {
		id ... @defer(label: "title") { title }
		... @defer(label: "sites") { sites(limit: 5) { count } }
		spaces(limit: 5) { items { id ... @defer { title } } }
	} }`, "variables": map[string]any{"id": org}}).Expect(200)
	var res struct {
		Data struct {
			Organization struct {
				ID, Title string
				Sites     *struct{ Count int }
				Spaces    struct{ Items []struct{ ID, Title string } }
			}
		}
		Errors  []any
		HasNext *bool
	}
	if err := json.Unmarshal(r.Body, &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) != 0 || res.HasNext == nil || !*res.HasNext {
		t.Fatalf("errors or no hasNext: %s", r.Body)
	}
	o := res.Data.Organization
	if o.ID != org || o.Title != "Acme" || o.Sites != nil || len(o.Spaces.Items) != 1 || o.Spaces.Items[0].Title != "Docs" || o.Spaces.Items[0].ID == "" {
		t.Errorf("data: %s", r.Body)
	}
}
