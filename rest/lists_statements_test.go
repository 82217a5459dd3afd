package rest_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"folio/rest/resttest"
	"folio/store"
)

// TestListLoadsNotAnnouncedStillBatch covers lists resolved element after
// element (graph/gqlruntime/slice.go): a load that no list announced, here
// each space's current revision, must not turn into one statement per
// element. The list goes back to resolving its elements concurrently, so
// the statements stay about the same however many spaces there are, and
// each element still gets its own revision.
func TestListLoadsNotAnnouncedStillBatch(t *testing.T) {
	const query = `query($id: ID!) { organization(id: $id) {
  spaces(limit: 100) { items { id revision { id } } }
} }`
	run := func(spaces int) int {
		srv := resttest.New(t)
		alice := srv.User("alice@example.com")
		org := createOrg(t, alice, "Acme")
		want := map[string]string{}
		for i := range spaces {
			sp, err := srv.Store.CreateSpace(t.Context(), org, store.NewSpace{Title: fmt.Sprint("S", i), Visibility: store.VisibilityPrivate})
			if err != nil {
				t.Fatal(err)
			}
			want[sp.ID] = sp.RevisionID
		}
		res := alice.GraphQL(query, map[string]any{"id": org})
		if len(res.Errors) > 0 {
			t.Fatalf("errors: %v", res.Errors)
		}
		var data struct {
			Organization struct {
				Spaces struct {
					Items []struct {
						ID       string
						Revision struct{ ID string }
					}
				}
			}
		}
		if err := json.Unmarshal(res.Data, &data); err != nil {
			t.Fatal(err)
		}
		items := data.Organization.Spaces.Items
		if len(items) != spaces {
			t.Fatalf("listed %d spaces, want %d", len(items), spaces)
		}
		for _, s := range items {
			if s.Revision.ID != want[s.ID] {
				t.Fatalf("space %s: revision %+v, want %s", s.ID, s.Revision, want[s.ID])
			}
		}
		return res.Statements
	}
	small, large := run(3), run(40)
	t.Logf("statements: %d for 3 spaces, %d for 40", small, large)
	// The rest of the list loads through the loader's time window, which a
	// busy machine (the race detector, or make test's packages running side
	// by side, with the whole suite on a fresh 2-core machine) may split
	// in up to four or five; a load per space would add 37.
	if large > small+6 {
		t.Errorf("statements: %d for 3 spaces, %d for 40; want the same, give or take six", small, large)
	}
}
