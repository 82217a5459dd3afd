package rest_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"folio/domain"
	"folio/rest/resttest"
	"folio/store"
)

const orgTreeQuery = `query($id: ID!) { organization(id: $id) {
  collections(limit: 50) { count items {
    id defaultLevel permissions { view admin viewInviteLinks create }
    collections { count items { id } }
    spaces(limit: 50) { count items {
      id comments changeRequests changeRequestsOpen changeRequestsDraft
      permissions { view access admin edit comment merge review }
    } }
  } }
  spaces(limit: 1000) { count items {
    id comments changeRequests changeRequestsOpen changeRequestsDraft
    permissions { view access admin edit comment merge review }
  } }
} }`

// TestOrganizationTreeStatements checks that reading an organization's
// collections and spaces, each with counts and permissions, runs a number of
// SQL statements that does not grow with the number of them.
func TestOrganizationTreeStatements(t *testing.T) {
	run := func(collections, spaces int) int {
		srv := resttest.New(t)
		alice := srv.User("alice@example.com")
		org := createOrg(t, alice, "Acme")
		reader := member(t, srv, org, "reader@example.com", rolePtr(domain.RoleRead))
		var cols []string
		for i := range collections {
			c, err := srv.Store.CreateCollection(t.Context(), org, store.NewCollection{Title: fmt.Sprint("C", i)})
			if err != nil {
				t.Fatal(err)
			}
			cols = append(cols, c.ID)
		}
		for i := range spaces {
			parent := cols[i%len(cols)]
			if _, err := srv.Store.CreateSpace(t.Context(), org, store.NewSpace{Title: fmt.Sprint("S", i), Visibility: store.VisibilityInCollection, ParentID: &parent}); err != nil {
				t.Fatal(err)
			}
		}
		res := reader.GraphQL(orgTreeQuery, map[string]any{"id": org})
		if len(res.Errors) > 0 {
			t.Fatalf("errors: %v", res.Errors)
		}
		var data struct {
			Organization struct {
				Collections struct {
					Count int
					Items []struct {
						Spaces struct {
							Count int
							Items []struct {
								Permissions struct{ View, Edit bool }
							}
						}
					}
				}
				Spaces struct{ Count int }
			}
		}
		if err := json.Unmarshal(res.Data, &data); err != nil {
			t.Fatal(err)
		}
		o := data.Organization
		inCollections := 0
		for _, c := range o.Collections.Items {
			inCollections += len(c.Spaces.Items)
			for _, s := range c.Spaces.Items {
				if !s.Permissions.View || s.Permissions.Edit {
					t.Fatalf("reader permissions = %+v", s.Permissions)
				}
			}
		}
		if o.Collections.Count != collections || o.Spaces.Count != spaces || inCollections != spaces {
			t.Fatalf("read %d collections, %d spaces, %d in collections; want %d, %d", o.Collections.Count, o.Spaces.Count, inCollections, collections, spaces)
		}
		return res.Statements
	}
	small := run(2, 10)
	large := run(20, 500)
	t.Logf("statements: %d for 2 collections and 10 spaces, %d for 20 collections and 500 spaces", small, large)
	if small != large || large > 12 {
		t.Errorf("statements: %d (small) vs %d (large); want the same small constant", small, large)
	}
}
