package rest_test

import (
	"fmt"
	"net/http"
	"testing"

	"folio/rest/resttest"
)

// addMember adds user to the organization with role (nil for a guest),
// through the API: admin invites the user's address, the user accepts.
func addMember(t *testing.T, admin *resttest.Client, orgID string, user *resttest.Client, role any) {
	t.Helper()
	admin.Post("/v1/orgs/"+orgID+"/invites", map[string]any{
		"emails": []any{map[string]any{"email": user.Email, "role": role}},
	}).Expect(http.StatusOK)
	id := invitationTo(t, user, orgID)
	if id == "" {
		t.Fatalf("%s has no invitation to %s", user.Email, orgID)
	}
	user.Post("/v1/orgs/"+orgID+"/invites/"+id, nil).Expect(http.StatusOK)
}

// invitationTo returns the id of user's pending invitation to the
// organization, "" when there is none.
func invitationTo(t *testing.T, user *resttest.Client, orgID string) string {
	t.Helper()
	var list struct {
		Items []struct {
			ID           string
			Organization struct{ ID string }
		}
	}
	user.Get("/v1/user/invitations?limit=1000").Expect(http.StatusOK).Decode(&list)
	for _, i := range list.Items {
		if i.Organization.ID == orgID {
			return i.ID
		}
	}
	return ""
}

func TestMembers(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("admin@example.com")
	editor := srv.User("editor@example.com")
	reader := srv.User("reader@example.com")
	guest := srv.User("guest@example.com")
	outsider := srv.User("outsider@example.com")
	org := createOrg(t, admin, "Acme")
	addMember(t, admin, org, editor, "edit")
	addMember(t, admin, org, reader, "read")
	addMember(t, admin, org, guest, nil)
	foreign := createOrg(t, outsider, "Elsewhere")
	base := "/v1/orgs/" + org + "/members"

	list := admin.Get(base).Expect(http.StatusOK).JSON()
	if resttest.Str(list, "count") != "4" {
		t.Fatalf("count = %s", resttest.Str(list, "count"))
	}
	// Default order: most recent joiner first.
	if first := list["items"].([]any)[0].(map[string]any); resttest.Str(first, "user.email") != "guest@example.com" {
		t.Errorf("first member = %v", first)
	} else if v, ok := first["role"]; !ok || v != nil {
		t.Errorf("a guest's role must be null, got %v (present %v)", v, ok)
	}
	asc := admin.Get(base + "?order=asc").Expect(http.StatusOK).JSON()
	if resttest.Str(asc["items"].([]any)[0].(map[string]any), "user.email") != "admin@example.com" {
		t.Error("order=asc must list the first joiner first")
	}
	for query, want := range map[string]int{
		"?role=edit": 1, "?role=guest": 1, "?role=admin": 1, "?search=READ": 1, "?search=example.com": 4,
		"?search=nobody": 0, "?sort=lastSeenAt": 0, "?sort=name&order=asc": 4,
	} {
		if n := len(admin.Get(base + query).Expect(http.StatusOK).JSON()["items"].([]any)); n != want {
			t.Errorf("%s: %d members, want %d", query, n, want)
		}
	}
	// ping sets lastSeenAt, so sorting by it lists only that member.
	if body := reader.Post("/v1/orgs/"+org+"/ping", nil).Expect(http.StatusOK).JSON(); len(body) != 0 {
		t.Errorf("ping body = %v, want {}", body)
	}
	seen := admin.Get(base + "?sort=lastSeenAt").Expect(http.StatusOK).JSON()["items"].([]any)
	if len(seen) != 1 || resttest.Str(seen[0].(map[string]any), "id") != reader.UserID {
		t.Errorf("sort=lastSeenAt = %v", seen)
	}

	m := admin.Get(base + "/" + editor.UserID).Expect(http.StatusOK).JSON()
	for path, want := range map[string]string{
		"object": "member", "id": editor.UserID, "role": "edit", "user.object": "user",
		"user.email": "editor@example.com", "user.urls.location": "http://folio.test/v1/users/" + editor.UserID,
		"sso": "false", "disabled": "false", "teams": "0", "spaces": "0",
	} {
		if got := resttest.Str(m, path); got != want {
			t.Errorf("member %s = %q, want %q", path, got, want)
		}
	}
	if resttest.Str(admin.Post(base+"/"+editor.UserID+"/sso", nil).Expect(http.StatusOK).JSON(), "sso") != "true" {
		t.Error("sso not set")
	}
	if resttest.Str(admin.Get(base+"/"+editor.UserID).JSON(), "sso") != "true" {
		t.Error("sso not stored")
	}
	if resttest.Str(admin.Patch(base+"/"+editor.UserID, map[string]any{"role": "create"}).Expect(http.StatusOK).JSON(), "role") != "create" {
		t.Error("role not changed")
	}
	if v, ok := admin.Patch(base+"/"+editor.UserID, map[string]any{"role": nil}).Expect(http.StatusOK).JSON()["role"]; !ok || v != nil {
		t.Error("role null must make a guest")
	}

	resttest.ExpectErrors(t, []resttest.Case{
		resttest.Fail("list-401", srv.Anonymous(), "GET", base, nil, 401),
		resttest.Fail("list-guest-403", guest, "GET", base, nil, 403),
		resttest.Fail("list-outsider-404", outsider, "GET", base, nil, 404),
		resttest.Fail("get-unknown-404", admin, "GET", base+"/nobody", nil, 404),
		resttest.Fail("get-foreign-member-404", admin, "GET", "/v1/orgs/"+foreign+"/members/"+outsider.UserID, nil, 404),
		resttest.Fail("get-outsider-404", admin, "GET", base+"/"+outsider.UserID, nil, 404),
		resttest.Fail("patch-reader-403", reader, "PATCH", base+"/"+guest.UserID, map[string]any{"role": "admin"}, 403),
		resttest.Fail("patch-role-enum-400", admin, "PATCH", base+"/"+reader.UserID, map[string]any{"role": "boss"}, 400),
		resttest.Fail("patch-unknown-404", admin, "PATCH", base+"/nobody", map[string]any{"role": "read"}, 404),
		resttest.Fail("delete-reader-403", reader, "DELETE", base+"/"+guest.UserID, nil, 403),
		resttest.Fail("sso-reader-403", reader, "POST", base+"/"+guest.UserID+"/sso", nil, 403),
		resttest.Fail("ping-outsider-404", outsider, "POST", "/v1/orgs/"+org+"/ping", nil, 404),
		resttest.Fail("list-order-enum-400", admin, "GET", base+"?order=sideways", nil, 400),
		resttest.Fail("list-sort-enum-400", admin, "GET", base+"?sort=age", nil, 400),
		resttest.Fail("list-role-enum-400", admin, "GET", base+"?role=boss", nil, 400),
		resttest.Fail("list-limit-400", admin, "GET", base+"?limit=5000", nil, 400),
	})

	// A removed member loses access at once.
	reader.Get("/v1/orgs/" + org).Expect(http.StatusOK)
	admin.Delete(base + "/" + reader.UserID).Expect(http.StatusNoContent)
	reader.Get("/v1/orgs/" + org).ExpectError(http.StatusNotFound)
	admin.Get(base + "/" + reader.UserID).ExpectError(http.StatusNotFound)
	admin.Delete(base + "/" + reader.UserID).ExpectError(http.StatusNotFound)
}

func TestLastAdminIsProtected(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("admin@example.com")
	other := srv.User("other@example.com")
	org := createOrg(t, admin, "Acme")
	base := "/v1/orgs/" + org + "/members/"

	admin.Patch(base+admin.UserID, map[string]any{"role": "edit"}).ExpectError(http.StatusConflict)
	admin.Delete(base + admin.UserID).ExpectError(http.StatusConflict)
	if resttest.Str(admin.Get(base+admin.UserID).JSON(), "role") != "admin" {
		t.Fatal("the last admin was demoted")
	}

	// With a second admin, the first may step down, and then the second is the last.
	addMember(t, admin, org, other, "admin")
	admin.Patch(base+admin.UserID, map[string]any{"role": "edit"}).Expect(http.StatusOK)
	other.Delete(base + other.UserID).ExpectError(http.StatusConflict)
	other.Patch(base+other.UserID, map[string]any{"role": nil}).ExpectError(http.StatusConflict)

	// Two admins demoting each other at the same time: one must fail.
	admin2 := srv.User("admin2@example.com")
	addMember(t, other, org, admin2, "admin")
	results := make(chan int, 2)
	go func() { results <- other.Patch(base+admin2.UserID, map[string]any{"role": "read"}).Status }()
	go func() { results <- admin2.Patch(base+other.UserID, map[string]any{"role": "read"}).Status }()
	a, b := <-results, <-results
	admins := other.Get("/v1/orgs/" + org + "/members?role=admin").JSON()
	if resttest.Str(admins, "count") == "0" {
		t.Fatalf("no admin left after concurrent demotions (statuses %d, %d)", a, b)
	}
	_ = fmt.Sprint(a, b)
}

func TestUsers(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	bob := srv.User("bob@example.com")
	stranger := srv.User("stranger@example.com")
	org := createOrg(t, alice, "Acme")
	addMember(t, alice, org, bob, "read")

	me := alice.Get("/v1/user").Expect(http.StatusOK).JSON()
	if resttest.Str(me, "id") != alice.UserID || resttest.Str(me, "object") != "user" || resttest.Str(me, "displayName") != "alice" {
		t.Errorf("user = %v", me)
	}
	if resttest.Str(alice.Get("/v1/users/"+bob.UserID).Expect(http.StatusOK).JSON(), "email") != "bob@example.com" {
		t.Error("a fellow member must be visible")
	}
	alice.Get("/v1/users/" + stranger.UserID).ExpectError(http.StatusNotFound)
	alice.Get("/v1/users/nobody").ExpectError(http.StatusNotFound)
	srv.Anonymous().Get("/v1/user").ExpectError(http.StatusUnauthorized)
}
