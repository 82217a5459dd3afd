package rest_test

import (
	"encoding/json"
	"testing"

	"folio/rest/resttest"
)

// TestGraphQLDefer: objects with a deferred fragment, at the root and in a
// list, answer every field they select. graph/generated's newDeferredGroup
// gives such objects gqlgen's own @defer group and every other object an
// empty one; gqlgen's POST transport answers deferred fields inline.
func TestGraphQLDefer(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	alice.Post("/v1/orgs/"+org+"/spaces", map[string]any{"title": "Docs"}).Expect(201)
	res := alice.GraphQL(`query($id: ID!) { organization(id: $id) {
		id ... @defer(label: "title") { title }
		spaces(limit: 5) { items { id ... @defer { title } } }
	} }`, map[string]any{"id": org})
	if len(res.Errors) != 0 {
		t.Fatalf("errors: %+v", res.Errors)
	}
	var data struct {
		Organization struct {
			ID, Title string
			Spaces    struct{ Items []struct{ ID, Title string } }
		}
	}
	if err := json.Unmarshal(res.Data, &data); err != nil {
		t.Fatal(err)
	}
	o := data.Organization
	if o.ID != org || o.Title != "Acme" || len(o.Spaces.Items) != 1 || o.Spaces.Items[0].Title != "Docs" || o.Spaces.Items[0].ID == "" {
		t.Errorf("data: %s", res.Data)
	}
}
