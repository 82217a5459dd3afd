package rest_test

import (
	"net/http"
	"strings"
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
	// role is required: an empty change is refused and the link keeps its role.
	admin.Patch(base+"/"+id, map[string]any{}).ExpectError(http.StatusBadRequest)
	if resttest.Str(admin.Get(base+"/"+id).Expect(http.StatusOK).JSON(), "role") != "comment" {
		t.Error("an empty patch changed the link's role")
	}
	if v, ok := admin.Patch(base+"/"+resttest.Str(guestInvite, "id"), map[string]any{"role": nil}).Expect(http.StatusOK).JSON()["role"]; !ok || v != nil {
		t.Errorf("patch to a guest link: role = %v (present %v)", v, ok)
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

// An invitation by e-mail is pending until the owner of the address
// accepts it: the answer is the same for every address (a user's, a
// stranger's, a member's), nobody is added, and only that user sees and
// may accept the invitation.
func TestInviteUsersByEmail(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("admin@example.com")
	a := srv.User("a@example.com")
	b := srv.User("b@example.com")
	reader := srv.User("reader@example.com")
	outsider := srv.User("outsider@example.com")
	org := createOrg(t, admin, "Acme")
	foreign := createOrg(t, outsider, "Elsewhere")
	addMember(t, admin, org, reader, "read")
	invite := func(body map[string]any) string {
		t.Helper()
		return string(admin.Post("/v1/orgs/"+org+"/invites", body).Expect(http.StatusOK).Body)
	}

	// The same answer for a user, an unknown address and a member.
	known := invite(map[string]any{"emails": []any{"a@example.com"}, "role": "edit"})
	unknown := invite(map[string]any{"emails": []any{"nobody@example.com"}, "role": "edit"})
	member := invite(map[string]any{"emails": []any{"reader@example.com"}, "role": "edit"})
	if known != unknown || known != member || known != `{"users":[],"invited":1}` {
		t.Errorf("answers differ or add users:\nknown   %s\nunknown %s\nmember  %s", known, unknown, member)
	}
	mixed := invite(map[string]any{
		"emails": []any{"A@example.com", map[string]any{"email": "b@example.com", "role": "admin"}, "carol@example.com", "a@example.com"},
		"role":   "comment", "sso": true,
	})
	if mixed != `{"users":[],"invited":3}` {
		t.Errorf("mixed answer = %s", mixed)
	}

	// Nobody was added: no membership, no shared profile, no organization.
	admin.Get("/v1/orgs/" + org + "/members/" + a.UserID).ExpectError(http.StatusNotFound)
	admin.Get("/v1/users/" + a.UserID).ExpectError(http.StatusNotFound)
	a.Get("/v1/orgs/" + org).ExpectError(http.StatusNotFound)
	if resttest.Str(a.Get("/v1/orgs").Expect(http.StatusOK).JSON(), "count") != "0" {
		t.Error("a pending invitation lists the organization")
	}
	if got := resttest.Str(admin.Get("/v1/orgs/"+org+"/members/"+reader.UserID).JSON(), "role"); got != "read" {
		t.Errorf("inviting a member changed their role to %s", got)
	}

	// The invitee sees the invitation: the organization, the role, who invited.
	mine := a.Get("/v1/user/invitations").Expect(http.StatusOK).JSON()
	if resttest.Str(mine, "count") != "1" {
		t.Fatalf("a's invitations = %v", mine)
	}
	inv := mine["items"].([]any)[0].(map[string]any)
	for path, want := range map[string]string{
		"object": "invitation", "email": "a@example.com", "role": "comment", "organization.id": org,
		"organization.title": "Acme", "invitedBy.id": admin.UserID, "invitedBy.email": "admin@example.com",
	} {
		if got := resttest.Str(inv, path); got != want {
			t.Errorf("invitation %s = %q, want %q", path, got, want)
		}
	}
	id := resttest.Str(inv, "id")
	if resttest.Str(outsider.Get("/v1/user/invitations").Expect(http.StatusOK).JSON(), "count") != "0" {
		t.Error("an outsider sees invitations to others")
	}

	// Admins list and revoke pending invitations; members are not invited.
	pending := admin.Get("/v1/orgs/" + org + "/invitations").Expect(http.StatusOK).JSON()
	var emails []string
	for _, it := range pending["items"].([]any) {
		emails = append(emails, resttest.Str(it.(map[string]any), "email"))
	}
	if strings.Join(emails, ",") != "a@example.com,nobody@example.com,b@example.com,carol@example.com" {
		t.Errorf("pending invitations = %v", emails)
	}
	carol := resttest.Str(pending["items"].([]any)[3].(map[string]any), "id")

	resttest.ExpectErrors(t, []resttest.Case{
		resttest.Fail("accept-other-address-404", b, "POST", "/v1/orgs/"+org+"/invites/"+id, nil, 404),
		resttest.Fail("accept-member-404", reader, "POST", "/v1/orgs/"+org+"/invites/"+id, nil, 404),
		resttest.Fail("accept-admin-404", admin, "POST", "/v1/orgs/"+org+"/invites/"+id, nil, 404),
		resttest.Fail("accept-other-org-404", a, "POST", "/v1/orgs/"+foreign+"/invites/"+id, nil, 404),
		resttest.Fail("decline-other-address-404", b, "DELETE", "/v1/user/invitations/"+id, nil, 404),
		resttest.Fail("list-reader-403", reader, "GET", "/v1/orgs/"+org+"/invitations", nil, 403),
		resttest.Fail("list-outsider-404", outsider, "GET", "/v1/orgs/"+org+"/invitations", nil, 404),
		resttest.Fail("revoke-reader-403", reader, "DELETE", "/v1/orgs/"+org+"/invitations/"+id, nil, 403),
		resttest.Fail("revoke-other-org-404", outsider, "DELETE", "/v1/orgs/"+foreign+"/invitations/"+id, nil, 404),
		resttest.Fail("list-anonymous-401", srv.Anonymous(), "GET", "/v1/user/invitations", nil, 401),
	})

	// Accepting joins with the invited role (and SSO); the invitation is gone.
	// Invite links being off does not matter: this is no link.
	admin.Patch("/v1/orgs/"+org, map[string]any{"inviteLinks": false}).Expect(http.StatusOK)
	if body := a.Post("/v1/orgs/"+org+"/invites/"+id, nil).Expect(http.StatusOK).JSON(); len(body) != 0 {
		t.Errorf("accept body = %v", body)
	}
	ma := admin.Get("/v1/orgs/" + org + "/members/" + a.UserID).Expect(http.StatusOK).JSON()
	if resttest.Str(ma, "role") != "comment" || resttest.Str(ma, "sso") != "true" {
		t.Errorf("a = %v", ma)
	}
	a.Get("/v1/orgs/" + org).Expect(http.StatusOK)
	a.Post("/v1/orgs/"+org+"/invites/"+id, nil).ExpectError(http.StatusNotFound)
	if resttest.Str(a.Get("/v1/user/invitations").JSON(), "count") != "0" {
		t.Error("an accepted invitation stays pending")
	}

	// Inviting a member again: the same answer, nothing changes.
	if again := invite(map[string]any{"emails": []any{"a@example.com"}, "role": "admin"}); again != known {
		t.Errorf("inviting a member again = %s", again)
	}
	if resttest.Str(admin.Get("/v1/orgs/"+org+"/members/"+a.UserID).JSON(), "role") != "comment" {
		t.Error("inviting a member again changed their role")
	}
	if resttest.Str(a.Get("/v1/user/invitations").JSON(), "count") != "0" {
		t.Error("inviting a member made an invitation")
	}

	// b's own role won; b declines, then cannot accept.
	bInv := b.Get("/v1/user/invitations").JSON()["items"].([]any)[0].(map[string]any)
	if resttest.Str(bInv, "role") != "admin" {
		t.Errorf("b's invitation = %v", bInv)
	}
	b.Delete("/v1/user/invitations/" + resttest.Str(bInv, "id")).Expect(http.StatusNoContent)
	b.Post("/v1/orgs/"+org+"/invites/"+resttest.Str(bInv, "id"), nil).ExpectError(http.StatusNotFound)
	admin.Get("/v1/orgs/" + org + "/members/" + b.UserID).ExpectError(http.StatusNotFound)

	// A revoked invitation cannot be accepted, even by its address's later user.
	admin.Delete("/v1/orgs/" + org + "/invitations/" + carol).Expect(http.StatusNoContent)
	admin.Delete("/v1/orgs/" + org + "/invitations/" + carol).ExpectError(http.StatusNotFound)
	c := srv.User("CAROL@example.com")
	if resttest.Str(c.Get("/v1/user/invitations").JSON(), "count") != "0" {
		t.Error("a revoked invitation is still pending")
	}
	c.Post("/v1/orgs/"+org+"/invites/"+carol, nil).ExpectError(http.StatusNotFound)

	// An address without a user when invited: its user, once there, accepts
	// (addresses compare without case), here as the guest the last role says.
	invite(map[string]any{"emails": []any{"Late@Example.com"}, "role": nil})
	late := srv.User("late@example.com")
	lateID := invitationTo(t, late, org)
	if lateID == "" {
		t.Fatal("the later user has no invitation")
	}
	late.Post("/v1/orgs/"+org+"/invites/"+lateID, nil).Expect(http.StatusOK)
	if v, ok := admin.Get("/v1/orgs/" + org + "/members/" + late.UserID).Expect(http.StatusOK).JSON()["role"]; !ok || v != nil {
		t.Errorf("late's role = %v (present %v), want a guest", v, ok)
	}
}

// The GraphQL side: inviteUsers answers the same for every address, and
// the caller's invitations are a root field.
func TestInviteUsersByEmailGraphQL(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("admin@example.com")
	a := srv.User("a@example.com")
	org := createOrg(t, admin, "Acme")
	const m = `mutation($org: ID!, $emails: JSON!) { inviteUsers(organizationId: $org, input: {emails: $emails, role: edit}) { users invited } }`
	known := admin.GraphQL(m, map[string]any{"org": org, "emails": []string{"a@example.com"}})
	unknown := admin.GraphQL(m, map[string]any{"org": org, "emails": []string{"zed@example.com"}})
	if len(known.Errors) > 0 || string(known.Data) != string(unknown.Data) {
		t.Fatalf("known %s %v, unknown %s %v", known.Data, known.Errors, unknown.Data, unknown.Errors)
	}
	res := a.GraphQL(`{ invitations { count items { role organization { title } } } }`, nil)
	if len(res.Errors) > 0 || string(res.Data) != `{"invitations":{"count":1,"items":[{"role":"edit","organization":{"title":"Acme"}}]}}` {
		t.Errorf("invitations = %s %v", res.Data, res.Errors)
	}
}
