package rest_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"folio/domain"
	"folio/rest/resttest"
)

// createSpace creates a space as c in org and returns its body.
func createSpace(t *testing.T, c *resttest.Client, org string, body map[string]any) map[string]any {
	t.Helper()
	return c.Post("/v1/orgs/"+org+"/spaces", body).Expect(http.StatusCreated).JSON()
}

func createSpaceID(t *testing.T, c *resttest.Client, org string, body map[string]any) string {
	t.Helper()
	return resttest.Str(createSpace(t, c, org, body), "id")
}

// createCollection creates a collection as c in org and returns its id.
func createCollection(t *testing.T, c *resttest.Client, org string, body map[string]any) string {
	t.Helper()
	return resttest.Str(c.Post("/v1/orgs/"+org+"/collections", body).Expect(http.StatusCreated).JSON(), "id")
}

// member adds a user to org with a role (nil: guest) and returns their client.
func member(t *testing.T, srv *resttest.Server, org, email string, role *domain.Role) *resttest.Client {
	t.Helper()
	c := srv.User(email)
	if _, err := srv.Store.AddMember(context.Background(), srv.Store.DB, org, c.UserID, role); err != nil {
		t.Fatal(err)
	}
	return c
}

func rolePtr(r domain.Role) *domain.Role { return &r }

// ids lists the ids of a list body's items, in order.
func ids(list map[string]any) []string {
	var out []string
	for _, it := range list["items"].([]any) {
		out = append(out, it.(map[string]any)["id"].(string))
	}
	return out
}

func expectFields(t *testing.T, body map[string]any, want map[string]string) {
	t.Helper()
	for path, w := range want {
		if got := resttest.Str(body, path); got != w {
			t.Errorf("%s = %q, want %q", path, got, w)
		}
	}
}

func TestSpaceLifecycle(t *testing.T) {
	srv := resttest.New(t)
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	srv.Store.SetClock(func() time.Time { return now })
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")

	r := alice.Post("/v1/orgs/"+org+"/spaces", map[string]any{"title": "Guide", "emoji": "🎉", "visibility": "public"}).Expect(http.StatusCreated)
	sp := r.JSON()
	id := resttest.Str(sp, "id")
	if got := r.Header.Get("Location"); got != "http://folio.test/v1/spaces/"+id {
		t.Errorf("Location = %q", got)
	}
	expectFields(t, sp, map[string]string{
		"object": "space", "title": "Guide", "emoji": "🎉", "visibility": "public", "editMode": "live",
		"organization": org, "comments": "0", "changeRequests": "0", "changeRequestsOpen": "0", "changeRequestsDraft": "0",
		"urls.location": "http://folio.test/v1/spaces/" + id, "urls.public": "http://folio.test/s/" + id,
		"permissions.admin": "true", "permissions.edit": "true", "createdAt": "2026-03-01T12:00:00Z",
	})
	if v, ok := sp["defaultLevel"]; !ok || v != nil {
		t.Errorf("defaultLevel must be present and null, got %v (%v)", v, ok)
	}
	for _, absent := range []string{"parent", "deletedAt"} {
		if _, ok := sp[absent]; ok {
			t.Errorf("%s must be omitted", absent)
		}
	}
	if resttest.Str(sp, "revision") == "" {
		t.Error("revision missing")
	}
	private := createSpace(t, alice, org, map[string]any{})
	expectFields(t, private, map[string]string{"title": "Untitled", "visibility": "private", "urls.published": ""})

	got := alice.Patch("/v1/spaces/"+id, map[string]any{"title": "Handbook", "emoji": "1f4d8", "defaultLevel": "read", "visibility": "unlisted"}).Expect(http.StatusOK).JSON()
	expectFields(t, got, map[string]string{"title": "Handbook", "emoji": "1f4d8", "defaultLevel": "read", "visibility": "unlisted", "urls.public": ""})
	got = alice.Patch("/v1/spaces/"+id, map[string]any{"defaultLevel": nil, "emoji": nil}).Expect(http.StatusOK).JSON()
	if v, ok := got["defaultLevel"]; !ok || v != nil || resttest.Str(got, "emoji") != "" || resttest.Str(got, "title") != "Handbook" {
		t.Errorf("after clearing: %v", got)
	}
	expectFields(t, alice.Get("/v1/spaces/"+id).Expect(http.StatusOK).JSON(), map[string]string{"title": "Handbook", "visibility": "unlisted"})

	// A share-link space is read through its sites: no address of its own
	// (it could not check the key), whatever shareKey says.
	alice.Patch("/v1/spaces/"+id, map[string]any{"visibility": "share-link"}).Expect(http.StatusOK)
	expectFields(t, alice.Get("/v1/spaces/"+id+"?shareKey=s3cret").Expect(http.StatusOK).JSON(),
		map[string]string{"urls.published": ""})

	list := alice.Get("/v1/orgs/" + org + "/spaces").Expect(http.StatusOK).JSON()
	if got := ids(list); len(got) != 2 || !slices.Contains(got, id) || resttest.Str(list, "count") != "2" {
		t.Fatalf("list = %v", list)
	}
	page := alice.Get("/v1/orgs/" + org + "/spaces?limit=1").Expect(http.StatusOK).JSON()
	next := resttest.Str(page, "next.page")
	if second := ids(alice.Get("/v1/orgs/" + org + "/spaces?limit=1&page=" + next).Expect(http.StatusOK).JSON()); next == "" || len(second) != 1 || second[0] == ids(page)[0] {
		t.Errorf("paging broken: %v", page)
	}

	// Delete: 205, then reads answer 404 and lists leave it out.
	alice.Delete("/v1/spaces/" + id).Expect(http.StatusResetContent)
	alice.Get("/v1/spaces/" + id).ExpectError(http.StatusNotFound)
	alice.Patch("/v1/spaces/"+id, map[string]any{"title": "x"}).ExpectError(http.StatusNotFound)
	alice.Delete("/v1/spaces/" + id).ExpectError(http.StatusNotFound)
	if got := ids(alice.Get("/v1/orgs/" + org + "/spaces").JSON()); slices.Contains(got, id) {
		t.Error("deleted space still listed")
	}
	row, err := srv.Store.SpaceAny(t.Context(), id)
	if err != nil || row.DeletedAt == nil || !row.DeletedAt.Equal(now) {
		t.Fatalf("deletedAt = %v, %v", row.DeletedAt, err)
	}

	// Restore within 7 days.
	now = now.Add(6 * 24 * time.Hour)
	restored := alice.Post("/v1/spaces/"+id+"/restore", nil).Expect(http.StatusOK).JSON()
	if resttest.Str(restored, "id") != id || resttest.Str(restored, "deletedAt") != "" {
		t.Errorf("restored = %v", restored)
	}
	alice.Get("/v1/spaces/" + id).Expect(http.StatusOK)

	// Past the window restore is refused, and the purge removes it for good.
	alice.Delete("/v1/spaces/" + id).Expect(http.StatusResetContent)
	now = now.Add(7*24*time.Hour + time.Second)
	msg := alice.Post("/v1/spaces/"+id+"/restore", nil).ExpectError(http.StatusNotFound)
	if !strings.Contains(msg, "7 days") {
		t.Errorf("restore past the window: %q", msg)
	}
	young := createSpaceID(t, alice, org, map[string]any{"title": "Young"})
	alice.Delete("/v1/spaces/" + young).Expect(http.StatusResetContent)
	n, err := srv.Store.PurgeDeletedSpaces(t.Context())
	if err != nil || n != 1 {
		t.Fatalf("purge = %d, %v; want 1", n, err)
	}
	if _, err := srv.Store.SpaceAny(t.Context(), id); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Errorf("purged space still stored: %v", err)
	}
	if _, err := srv.Store.SpaceAny(t.Context(), young); err != nil {
		t.Errorf("a space deleted just now was purged: %v", err)
	}
	alice.Post("/v1/spaces/"+young+"/restore", nil).Expect(http.StatusOK)
}

func TestSpaceDuplicate(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	col := createCollection(t, alice, org, map[string]any{"title": "Docs"})
	a := createSpaceID(t, alice, org, map[string]any{"title": "A", "parent": col})
	b := createSpaceID(t, alice, org, map[string]any{"title": "B", "parent": col})
	alice.Patch("/v1/spaces/"+a, map[string]any{"emoji": "🎉", "defaultLevel": "comment", "editMode": "locked"}).Expect(http.StatusOK)
	alice.Post("/v1/orgs/"+org+"/custom-fields", map[string]any{"name": "team", "type": "text"}).Expect(http.StatusCreated)
	alice.Patch("/v1/spaces/"+a, map[string]any{"editMode": "live"}).Expect(http.StatusOK)
	alice.Patch("/v1/spaces/"+a+"/custom-fields", map[string]any{"values": map[string]any{"team": map[string]any{"value": "docs"}}}).Expect(http.StatusNoContent)

	r := alice.Post("/v1/spaces/"+a+"/duplicate", nil).Expect(http.StatusCreated)
	cp := r.JSON()
	cpID := resttest.Str(cp, "id")
	if cpID == a || cpID == "" || resttest.Str(cp, "revision") == "" {
		t.Fatalf("copy = %v", cp)
	}
	expectFields(t, cp, map[string]string{"title": "A", "emoji": "🎉", "defaultLevel": "comment", "visibility": "in-collection", "parent": col, "editMode": "live"})
	// The copy sits just after the original.
	if got := ids(alice.Get("/v1/collections/" + col + "/spaces").JSON()); !slices.Equal(got, []string{a, cpID, b}) {
		t.Errorf("order after duplicate = %v", got)
	}
	values := alice.Get("/v1/spaces/" + cpID + "/custom-fields").Expect(http.StatusOK).Body
	if !strings.Contains(string(values), `"value":"docs"`) {
		t.Errorf("custom values not copied: %s", values)
	}
	reader := member(t, srv, org, "reader@example.com", rolePtr(domain.RoleRead))
	reader.Post("/v1/spaces/"+a+"/duplicate", nil).ExpectError(http.StatusForbidden)
}

func TestSpaceValidation(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	other := createOrg(t, srv.User("bob@example.com"), "Other")
	foreignCol := createCollection(t, srv.User("bob@example.com"), other, map[string]any{})
	foreignSpace := createSpaceID(t, srv.User("bob@example.com"), other, map[string]any{})
	col := createCollection(t, alice, org, map[string]any{})
	sp := createSpaceID(t, alice, org, map[string]any{})
	long := strings.Repeat("a", 51)
	cases := []struct {
		name, method, path string
		body               any
		status             int
		msg                string
	}{
		{"create-title-long-400", "POST", "/v1/orgs/" + org + "/spaces", map[string]any{"title": long}, 400, "title"},
		{"create-emoji-long-400", "POST", "/v1/orgs/" + org + "/spaces", map[string]any{"emoji": strings.Repeat("🎉", 51)}, 400, "emoji"},
		{"create-emoji-text-400", "POST", "/v1/orgs/" + org + "/spaces", map[string]any{"emoji": "smile"}, 400, "emoji"},
		{"create-visibility-enum-400", "POST", "/v1/orgs/" + org + "/spaces", map[string]any{"visibility": "secret"}, 400, "visibility"},
		{"create-in-collection-root-400", "POST", "/v1/orgs/" + org + "/spaces", map[string]any{"visibility": "in-collection"}, 400, "in-collection"},
		{"create-parent-unknown-400", "POST", "/v1/orgs/" + org + "/spaces", map[string]any{"parent": "nope"}, 400, "parent"},
		{"create-parent-foreign-400", "POST", "/v1/orgs/" + org + "/spaces", map[string]any{"parent": foreignCol}, 400, "parent"},
		{"create-editmode-enum-400", "POST", "/v1/orgs/" + org + "/spaces", map[string]any{"editMode": "frozen"}, 400, "editMode"},
		{"create-unknown-field-400", "POST", "/v1/orgs/" + org + "/spaces", map[string]any{"colour": "red"}, 400, "colour"},
		{"create-foreign-org-404", "POST", "/v1/orgs/" + other + "/spaces", map[string]any{}, 404, ""},
		{"patch-title-long-400", "PATCH", "/v1/spaces/" + sp, map[string]any{"title": long}, 400, "title"},
		{"patch-in-collection-root-400", "PATCH", "/v1/spaces/" + sp, map[string]any{"visibility": "in-collection"}, 400, "in-collection"},
		{"patch-level-enum-400", "PATCH", "/v1/spaces/" + sp, map[string]any{"defaultLevel": "owner"}, 400, "defaultLevel"},
		{"get-unknown-404", "GET", "/v1/spaces/nope", nil, 404, ""},
		{"get-foreign-404", "GET", "/v1/spaces/" + foreignSpace, nil, 404, ""},
		{"patch-foreign-404", "PATCH", "/v1/spaces/" + foreignSpace, map[string]any{"title": "x"}, 404, ""},
		{"delete-foreign-404", "DELETE", "/v1/spaces/" + foreignSpace, nil, 404, ""},
		{"restore-foreign-404", "POST", "/v1/spaces/" + foreignSpace + "/restore", nil, 404, ""},
		{"duplicate-foreign-404", "POST", "/v1/spaces/" + foreignSpace + "/duplicate", nil, 404, ""},
		{"move-foreign-404", "POST", "/v1/spaces/" + foreignSpace + "/move", map[string]any{"parent": nil}, 404, ""},
		{"list-foreign-404", "GET", "/v1/orgs/" + other + "/spaces", nil, 404, ""},
		{"list-limit-400", "GET", "/v1/orgs/" + org + "/spaces?limit=1001", nil, 400, "limit"},
		{"collection-create-title-long-400", "POST", "/v1/orgs/" + org + "/collections", map[string]any{"title": long}, 400, "title"},
		{"collection-create-description-long-400", "POST", "/v1/orgs/" + org + "/collections", map[string]any{"description": strings.Repeat("a", 101)}, 400, "description"},
		{"collection-create-parent-foreign-400", "POST", "/v1/orgs/" + org + "/collections", map[string]any{"parent": foreignCol}, 400, "parent"},
		{"collection-patch-title-long-400", "PATCH", "/v1/collections/" + col, map[string]any{"title": long}, 400, "title"},
		{"collection-patch-level-enum-400", "PATCH", "/v1/collections/" + col, map[string]any{"defaultLevel": "boss"}, 400, "defaultLevel"},
		{"collection-get-foreign-404", "GET", "/v1/collections/" + foreignCol, nil, 404, ""},
		{"collection-delete-foreign-404", "DELETE", "/v1/collections/" + foreignCol, nil, 404, ""},
		{"collection-spaces-foreign-404", "GET", "/v1/collections/" + foreignCol + "/spaces", nil, 404, ""},
		{"collection-list-foreign-404", "GET", "/v1/orgs/" + other + "/collections", nil, 404, ""},
		{"collection-list-nested-type-400", "GET", "/v1/orgs/" + org + "/collections?nested=maybe", nil, 400, "nested"},
		{"move-empty-400", "POST", "/v1/spaces/" + sp + "/move", map[string]any{}, 400, "parent"},
		{"move-parent-foreign-400", "POST", "/v1/spaces/" + sp + "/move", map[string]any{"parent": foreignCol}, 400, "parent"},
		{"move-pointer-type-400", "POST", "/v1/spaces/" + sp + "/move", map[string]any{"position": map[string]any{"before": map[string]any{"type": "page", "space": sp}}}, 400, "position.before"},
		{"move-pointer-self-400", "POST", "/v1/spaces/" + sp + "/move", map[string]any{"parent": nil, "position": map[string]any{"before": map[string]any{"type": "space", "space": sp}}}, 400, "itself"},
		{"move-pointer-foreign-400", "POST", "/v1/spaces/" + sp + "/move", map[string]any{"position": map[string]any{"after": map[string]any{"type": "space", "space": foreignSpace}}}, 400, "position"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			msg := alice.In(t).Do(c.method, c.path, c.body).ExpectError(c.status)
			if !strings.Contains(msg, c.msg) {
				t.Errorf("message %q does not name %q", msg, c.msg)
			}
		})
	}
	expectFields(t, alice.Get("/v1/spaces/"+sp).Expect(http.StatusOK).JSON(), map[string]string{"title": "Untitled", "visibility": "private"})
}
