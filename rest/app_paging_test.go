package rest_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"folio/domain"
	"folio/rest/resttest"
)

// appPagingStatements are the statements of each "Show more" operation of
// the app (a long list's next page, by its page token), exactly.
var appPagingStatements = map[string]int{
	"OrgHomeMoreSpaces":         4,
	"OrgHomeMoreChangeRequests": 5,
	"MembersMore":               5,
	"InvitationsMore":           5,
}

// TestAppPaging: the app's long lists (the home's spaces and open change
// requests, the members and the invitations) read their next pages through
// the API's page tokens: each "Show more" operation follows the list page
// by page (a page of one here) to its end, every item once, and runs the
// same statements on every page.
func TestAppPaging(t *testing.T) {
	docs := appDocuments(t)
	srv := resttest.New(t)
	ada := srv.User("ada@example.com")
	org := createOrg(t, ada, "Acme")
	var space string
	for i := range 3 {
		space = resttest.Str(ada.Post("/v1/orgs/"+org+"/spaces", map[string]any{"title": fmt.Sprint("Space ", i)}).Expect(http.StatusCreated).JSON(), "id")
	}
	for i := range 3 {
		newCR(t, ada, space, fmt.Sprint("Change ", i))
		u := account(t, srv, fmt.Sprintf("m%d@example.com", i), "tulip orbit canyon 42")
		if _, err := srv.Store.AddMember(t.Context(), srv.Store.DB, org, u.ID, rolePtr(domain.RoleRead)); err != nil {
			t.Fatal(err)
		}
	}
	ada.Post("/v1/orgs/"+org+"/invites", map[string]any{"emails": []any{"x@example.com", "y@example.com", "z@example.com"}, "role": "read"}).Expect(http.StatusOK)

	lists := []struct {
		op, first, list string
		want            int
	}{
		{"OrgHomeMoreSpaces", `spaces(limit: 1) { next { page } }`, "spaces", 3},
		{"OrgHomeMoreChangeRequests", `changeRequests(limit: 1, status: [open, draft]) { next { page } }`, "changeRequests", 3},
		{"MembersMore", `members(limit: 1, sort: name, order: asc) { next { page } }`, "members", 4},
		{"InvitationsMore", `invitations(limit: 1) { next { page } }`, "invitations", 3},
	}
	for _, l := range lists {
		var first struct {
			Organization map[string]struct{ Next *struct{ Page string } }
		}
		r := ada.GraphQL(`query($org: ID!) { organization(id: $org) { `+l.first+` } }`, map[string]any{"org": org})
		if len(r.Errors) > 0 {
			t.Fatalf("%s: %v", l.list, r.Errors)
		}
		if err := json.Unmarshal(r.Data, &first); err != nil {
			t.Fatal(err)
		}
		next, seen := first.Organization[l.list].Next, 1
		var counts []int
		for next != nil {
			doc := docs[l.op]
			res := ada.Post("/graphql", map[string]any{"query": doc, "operationName": l.op, "variables": map[string]any{"org": org, "page": next.Page, "limit": 1}}).Expect(http.StatusOK)
			var out struct {
				Data struct {
					Organization map[string]any
				}
				Errors []any
			}
			res.Decode(&out)
			if len(out.Errors) > 0 {
				t.Fatalf("%s: %v", l.op, out.Errors)
			}
			page := out.Data.Organization[l.list].(map[string]any)
			seen += len(page["items"].([]any))
			counts = append(counts, res.Statements)
			next = nil
			if n, ok := page["next"].(map[string]any); ok {
				next = &struct{ Page string }{n["page"].(string)}
			}
		}
		t.Logf("%s: %d items, statements per page %v", l.op, seen, counts)
		if seen != l.want {
			t.Errorf("%s read %d items, want %d", l.op, seen, l.want)
		}
		for _, n := range counts {
			if n != appPagingStatements[l.op] {
				t.Errorf("%s: %d statements, not %d as appPagingStatements says", l.op, n, appPagingStatements[l.op])
			}
		}
	}
}
