package rest_test

import (
	"net/http"
	"net/url"
	"testing"

	"folio/rest/resttest"
)

// GitBook's organization-wide list of change requests: every space the
// caller can access, newest first, filtered by status, creator and space.
func TestOrganizationChangeRequests(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	bob := srv.User("bob@example.com")
	org := createOrg(t, alice, "Acme")
	invite := resttest.Str(alice.Post("/v1/orgs/"+org+"/link-invites", map[string]any{"role": "edit"}).Expect(http.StatusCreated).JSON(), "id")
	bob.Post("/v1/orgs/"+org+"/invites/"+invite, nil).Expect(http.StatusOK)
	docs := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})
	api := createSpaceID(t, alice, org, map[string]any{"title": "API"})

	open := func(c *resttest.Client, space, subject string) string {
		id := resttest.Str(newCR(t, c, space, subject), "id")
		c.Patch("/v1/spaces/"+space+"/change-requests/"+id, map[string]any{"status": "open"}).Expect(http.StatusOK)
		return id
	}
	a1 := open(alice, docs, "a1")
	draft := resttest.Str(newCR(t, alice, api, "draft"), "id")
	b1 := open(bob, api, "b1")

	list := func(c *resttest.Client, query string) []string {
		t.Helper()
		var out struct {
			Items []struct{ ID, Space string }
			Count int
		}
		c.Get("/v1/orgs/" + org + "/change-requests" + query).Expect(http.StatusOK).Decode(&out)
		ids := make([]string, len(out.Items))
		for i, it := range out.Items {
			ids[i] = it.ID
		}
		if out.Count != len(ids) && query != "?limit=1" {
			t.Errorf("%s: count %d for %d items", query, out.Count, len(ids))
		}
		return ids
	}
	eq := func(what string, got []string, want ...string) {
		t.Helper()
		if len(got) != len(want) {
			t.Errorf("%s = %v, want %v", what, got, want)
			return
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s = %v, want %v", what, got, want)
				return
			}
		}
	}
	eq("open (default), newest first", list(alice, ""), b1, a1)
	eq("drafts", list(alice, "?status=draft"), draft)
	eq("open and drafts", list(bob, "?status=open&status=draft"), b1, draft, a1)
	eq("by creator", list(alice, "?creator="+url.QueryEscape(bob.UserID)), b1)
	eq("in a space", list(alice, "?space="+docs), a1)
	eq("first page", list(alice, "?limit=1"), b1)

	// A deleted space takes its change requests out of the list.
	alice.Delete("/v1/spaces/" + docs).Expect(http.StatusResetContent)
	eq("after deleting a space", list(alice, ""), b1)

	alice.Get("/v1/orgs/" + org + "/change-requests?status=closed").ExpectError(http.StatusBadRequest)
	srv.User("eve@example.com").Get("/v1/orgs/" + org + "/change-requests").ExpectError(http.StatusNotFound)
	srv.Anonymous().Get("/v1/orgs/" + org + "/change-requests").ExpectError(http.StatusUnauthorized)
}
