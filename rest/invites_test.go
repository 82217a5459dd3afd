package rest_test

import (
	"net/http"
	"testing"

	"folio/rest/resttest"
)

func TestInviteLinks(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("admin@example.com")
	joiner := srv.User("joiner@example.com")
	reader := srv.User("reader@example.com")
	outsider := srv.User("outsider@example.com")
	org := createOrg(t, admin, "Acme")
	foreign := createOrg(t, outsider, "Elsewhere")
	addMember(t, admin, org, reader, "read")
	base := "/v1/orgs/" + org + "/link-invites"

	inv := admin.Post(base, map[string]any{"role": "edit"}).Expect(http.StatusCreated).JSON()
	id := resttest.Str(inv, "id")
	if resttest.Str(inv, "object") != "invite" || resttest.Str(inv, "role") != "edit" || resttest.Str(inv, "redundant") != "true" {
		t.Errorf("invite = %v", inv)
	}
	guestInvite := admin.Post(base, map[string]any{"role": nil}).Expect(http.StatusCreated).JSON()
	if v, ok := guestInvite["role"]; !ok || v != nil {
		t.Errorf("guest invite role = %v (present %v)", v, ok)
	}
	if resttest.Str(admin.Get(base).Expect(http.StatusOK).JSON(), "count") != "2" {
		t.Error("list count")
	}
	if resttest.Str(admin.Get(base+"/"+id).Expect(http.StatusOK).JSON(), "role") != "edit" {
		t.Error("get")
	}
	if resttest.Str(admin.Patch(base+"/"+id, map[string]any{"role": "comment"}).Expect(http.StatusOK).JSON(), "role") != "comment" {
		t.Error("patch")
	}

	// Joining with the invite gives its role; joining again keeps membership.
	joiner.Get("/v1/orgs/" + org).ExpectError(http.StatusNotFound)
	if body := joiner.Post("/v1/orgs/"+org+"/invites/"+id, nil).Expect(http.StatusOK).JSON(); len(body) != 0 {
		t.Errorf("join body = %v", body)
	}
	if resttest.Str(admin.Get("/v1/orgs/"+org+"/members/"+joiner.UserID).JSON(), "role") != "comment" {
		t.Error("joined with the wrong role")
	}
	joiner.Post("/v1/orgs/"+org+"/invites/"+id, nil).Expect(http.StatusOK)
	joiner.Post("/v1/orgs/"+org+"/invites/nope", nil).ExpectError(http.StatusNotFound)
	joiner.Post("/v1/orgs/"+foreign+"/invites/"+id, nil).ExpectError(http.StatusNotFound)

	resttest.ExpectErrors(t, []resttest.Case{
		resttest.Fail("list-reader-403", reader, "GET", base, nil, 403),
		resttest.Fail("create-reader-403", reader, "POST", base, map[string]any{"role": "admin"}, 403),
		resttest.Fail("create-role-enum-400", admin, "POST", base, map[string]any{"role": "boss"}, 400),
		resttest.Fail("create-role-missing-400", admin, "POST", base, map[string]any{}, 400),
		resttest.Fail("get-unknown-404", admin, "GET", base+"/nope", nil, 404),
		resttest.Fail("get-foreign-404", outsider, "GET", base+"/"+id, nil, 404),
		resttest.Fail("get-other-org-404", outsider, "GET", "/v1/orgs/"+foreign+"/link-invites/"+id, nil, 404),
		resttest.Fail("patch-reader-403", reader, "PATCH", base+"/"+id, map[string]any{"role": "admin"}, 403),
		resttest.Fail("delete-reader-403", reader, "DELETE", base+"/"+id, nil, 403),
		resttest.Fail("invite-users-unknown-400", admin, "POST", "/v1/orgs/"+org+"/invites", map[string]any{"emails": []string{"nobody@example.com"}}, 400),
		resttest.Fail("invite-users-empty-400", admin, "POST", "/v1/orgs/"+org+"/invites", map[string]any{"emails": []string{}}, 400),
		resttest.Fail("invite-users-reader-403", reader, "POST", "/v1/orgs/"+org+"/invites", map[string]any{"emails": []string{"x@example.com"}}, 403),
	})

	admin.Delete(base + "/" + id).Expect(http.StatusResetContent)
	admin.Get(base + "/" + id).ExpectError(http.StatusNotFound)
	srv.User("late@example.com").Post("/v1/orgs/"+org+"/invites/"+id, nil).ExpectError(http.StatusNotFound)

	// Turning invite links off refuses joins.
	gid := resttest.Str(guestInvite, "id")
	admin.Patch("/v1/orgs/"+org, map[string]any{"inviteLinks": false}).Expect(http.StatusOK)
	srv.User("late2@example.com").Post("/v1/orgs/"+org+"/invites/"+gid, nil).ExpectError(http.StatusNotFound)
}

func TestInviteUsersByEmail(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("admin@example.com")
	a := srv.User("a@example.com")
	b := srv.User("b@example.com")
	org := createOrg(t, admin, "Acme")
	res := admin.Post("/v1/orgs/"+org+"/invites", map[string]any{
		"emails": []any{"A@example.com", map[string]any{"email": "b@example.com", "role": "admin"}},
		"role":   "comment", "sso": true,
	}).Expect(http.StatusOK).JSON()
	if resttest.Str(res, "invited") != "2" {
		t.Errorf("invited = %v", res)
	}
	ma := admin.Get("/v1/orgs/" + org + "/members/" + a.UserID).JSON()
	if resttest.Str(ma, "role") != "comment" || resttest.Str(ma, "sso") != "true" {
		t.Errorf("a = %v", ma)
	}
	if resttest.Str(admin.Get("/v1/orgs/"+org+"/members/"+b.UserID).JSON(), "role") != "admin" {
		t.Error("b's own role must win")
	}
}
