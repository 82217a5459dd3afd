package rest_test

import (
	"net/http"
	"sort"
	"strings"
	"testing"

	"folio/rest/resttest"
)

// teamMemberIDs lists the user ids of a team's members, sorted.
func teamMemberIDs(t *testing.T, c *resttest.Client, org, team string) []string {
	t.Helper()
	var body struct {
		Items []struct {
			Organization struct {
				ID string `json:"id"`
			} `json:"organization"`
			Team struct {
				Role string `json:"role"`
			} `json:"team"`
		} `json:"items"`
	}
	c.Get("/v1/orgs/" + org + "/teams/" + team + "/members").Expect(http.StatusOK).Decode(&body)
	var ids []string
	for _, it := range body.Items {
		ids = append(ids, it.Organization.ID)
	}
	sort.Strings(ids)
	return ids
}

func sorted(ids ...string) []string {
	out := append([]string{}, ids...)
	sort.Strings(out)
	return out
}

func TestTeams(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("admin@example.com")
	ann := srv.User("ann@example.com")
	ben := srv.User("ben@example.com")
	cat := srv.User("cat@example.com")
	guest := srv.User("guest@example.com")
	outsider := srv.User("outsider@example.com")
	org := createOrg(t, admin, "Acme")
	foreign := createOrg(t, outsider, "Elsewhere")
	for _, u := range []*resttest.Client{ann, ben, cat} {
		addMember(t, admin, org, u, "edit")
	}
	addMember(t, admin, org, guest, nil)
	base := "/v1/orgs/" + org + "/teams"

	team := admin.Put(base, map[string]any{"title": "Writers", "members": []string{ann.UserID, ben.UserID}}).Expect(http.StatusCreated).JSON()
	id := resttest.Str(team, "id")
	for path, want := range map[string]string{"object": "team", "title": "Writers", "members": "2", "spaces": "0", "permissions.admin": "true", "permissions.view": "true"} {
		if got := resttest.Str(team, path); got != want {
			t.Errorf("team %s = %q, want %q", path, got, want)
		}
	}
	other := resttest.Str(admin.Put(base, map[string]any{"title": "Reviewers"}).Expect(http.StatusCreated).JSON(), "id")

	if got := admin.Get(base + "?title=WRIT").Expect(http.StatusOK).JSON(); resttest.Str(got, "count") != "1" {
		t.Errorf("title filter = %v", got)
	}
	if resttest.Str(admin.Get(base).JSON(), "count") != "2" {
		t.Error("list count")
	}
	if got := resttest.Str(admin.Patch(base+"/"+id, map[string]any{"title": "Authors"}).Expect(http.StatusOK).JSON(), "title"); got != "Authors" {
		t.Errorf("rename = %q", got)
	}
	if resttest.Str(ann.Get(base+"/"+id).Expect(http.StatusOK).JSON(), "permissions.admin") != "false" {
		t.Error("a plain member cannot manage the team")
	}

	// Bulk update: add by id and e-mail, remove; a user in both lists is removed.
	admin.Put(base+"/"+id+"/members", map[string]any{
		"add":    []string{"cat@example.com", ben.UserID},
		"remove": []string{ann.UserID, ben.UserID},
	}).Expect(http.StatusNoContent)
	if got, want := teamMemberIDs(t, admin, org, id), sorted(cat.UserID); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("after bulk update: %v, want %v", got, want)
	}
	admin.Put(base+"/"+id+"/members", map[string]any{
		"add": []string{ann.UserID}, "remove": []string{"ANN@example.com"},
	}).Expect(http.StatusNoContent)
	if got := teamMemberIDs(t, admin, org, id); len(got) != 1 {
		t.Errorf("add and remove by e-mail: %v", got)
	}
	// memberships set roles; an owner can then manage the team.
	admin.Put(base+"/"+id+"/members", map[string]any{
		"memberships": map[string]any{ann.UserID: map[string]any{"role": "owner"}},
	}).Expect(http.StatusNoContent)
	if resttest.Str(ann.Get(base+"/"+id).JSON(), "permissions.admin") != "true" {
		t.Error("an owner manages the team")
	}
	owned := ann.Get(base + "?owner=" + ann.UserID).Expect(http.StatusOK).JSON()
	if resttest.Str(owned, "count") != "1" {
		t.Errorf("owner filter = %v", owned)
	}
	if resttest.Str(admin.Get(base+"?owner="+admin.UserID).JSON(), "count") != "2" {
		t.Error("an admin can manage every team")
	}
	ann.Put(base+"/"+id+"/members/"+ben.UserID, map[string]any{"role": "member"}).Expect(http.StatusNoContent)
	ann.Put(base+"/"+id+"/members/"+ben.UserID, nil).Expect(http.StatusNoContent)
	if got := teamMemberIDs(t, admin, org, id); len(got) != 3 {
		t.Errorf("after adding ben: %v", got)
	}
	ann.Delete(base + "/" + id + "/members/" + cat.UserID).Expect(http.StatusNoContent)
	ann.Delete(base + "/" + id + "/members/" + cat.UserID).ExpectError(http.StatusNotFound)

	// The member's teams, with their role.
	var mt struct {
		Items []struct {
			Team   struct{ ID, Title string }
			Member struct{ Role string }
		}
		Count int
	}
	admin.Get("/v1/orgs/" + org + "/members/" + ann.UserID + "/teams").Expect(http.StatusOK).Decode(&mt)
	if mt.Count != 1 || mt.Items[0].Team.ID != id || mt.Items[0].Member.Role != "owner" {
		t.Errorf("member teams = %+v", mt)
	}
	// Putting a member without a role keeps their role: an owner stays one.
	admin.Put(base+"/"+id+"/members/"+ann.UserID, map[string]any{}).Expect(http.StatusNoContent)
	admin.Get("/v1/orgs/" + org + "/members/" + ann.UserID + "/teams").Expect(http.StatusOK).Decode(&mt)
	if mt.Count != 1 || mt.Items[0].Member.Role != "owner" {
		t.Errorf("after a put without a role: %+v", mt)
	}
	if resttest.Str(admin.Get("/v1/orgs/"+org+"/members/"+ann.UserID+"/teams?title=zzz").JSON(), "count") != "0" {
		t.Error("member teams title filter")
	}
	if resttest.Str(admin.Get("/v1/orgs/"+org+"/members/"+ann.UserID).JSON(), "teams") != "1" {
		t.Error("member teams count")
	}

	resttest.ExpectErrors(t, []resttest.Case{
		resttest.Fail("create-401", srv.Anonymous(), "PUT", base, map[string]any{"title": "X"}, 401),
		resttest.Fail("create-member-403", ben, "PUT", base, map[string]any{"title": "X"}, 403),
		resttest.Fail("create-title-empty-400", admin, "PUT", base, map[string]any{"title": ""}, 400),
		resttest.Fail("create-title-long-400", admin, "PUT", base, map[string]any{"title": strings.Repeat("t", 65)}, 400),
		resttest.Fail("create-title-missing-400", admin, "PUT", base, map[string]any{}, 400),
		resttest.Fail("create-member-outsider-400", admin, "PUT", base, map[string]any{"title": "X", "members": []string{outsider.UserID}}, 400),
		resttest.Fail("list-guest-403", guest, "GET", base, nil, 403),
		resttest.Fail("list-outsider-404", outsider, "GET", base, nil, 404),
		resttest.Fail("get-unknown-404", admin, "GET", base+"/nope", nil, 404),
		resttest.Fail("get-via-foreign-org-404", outsider, "GET", "/v1/orgs/"+foreign+"/teams/"+id, nil, 404),
		resttest.Fail("rename-member-403", ben, "PATCH", base+"/"+id, map[string]any{"title": "Mine"}, 403),
		resttest.Fail("rename-owner-of-other-403", ann, "PATCH", base+"/"+other, map[string]any{"title": "Mine"}, 403),
		resttest.Fail("rename-title-long-400", admin, "PATCH", base+"/"+id, map[string]any{"title": strings.Repeat("t", 65)}, 400),
		resttest.Fail("bulk-outsider-400", admin, "PUT", base+"/"+id+"/members", map[string]any{"add": []string{outsider.Email}}, 400),
		resttest.Fail("bulk-role-400", admin, "PUT", base+"/"+id+"/members", map[string]any{"memberships": map[string]any{ben.UserID: map[string]any{"role": "boss"}}}, 400),
		resttest.Fail("bulk-member-403", ben, "PUT", base+"/"+id+"/members", map[string]any{"add": []string{cat.UserID}}, 403),
		resttest.Fail("add-one-role-400", admin, "PUT", base+"/"+id+"/members/"+cat.UserID, map[string]any{"role": "boss"}, 400),
		resttest.Fail("add-one-outsider-400", admin, "PUT", base+"/"+id+"/members/"+outsider.UserID, nil, 400),
		resttest.Fail("delete-member-403", ben, "DELETE", base+"/"+id, nil, 403),
	})
	// Rejected bulk updates changed nothing.
	if got := teamMemberIDs(t, admin, org, id); len(got) != 2 {
		t.Errorf("members after rejected updates: %v", got)
	}

	// Removing a member from the organization removes them from its teams.
	admin.Delete("/v1/orgs/" + org + "/members/" + ben.UserID).Expect(http.StatusNoContent)
	if got := teamMemberIDs(t, admin, org, id); len(got) != 1 {
		t.Errorf("after removing ben from the organization: %v", got)
	}
	ann.Delete(base + "/" + id).Expect(http.StatusNoContent)
	admin.Get(base + "/" + id).ExpectError(http.StatusNotFound)
}
