package rest_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"folio/domain"
	"folio/rest/resttest"
)

func TestCustomFields(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	other := createOrg(t, srv.User("bob@example.com"), "Other")
	base := "/v1/orgs/" + org + "/custom-fields"

	r := alice.Post(base, map[string]any{"name": "team", "type": "text", "title": "Team", "description": "Owner", "placeholder": "e.g. docs"}).Expect(http.StatusCreated)
	f := r.JSON()
	expectFields(t, f, map[string]string{"name": "team", "type": "text", "title": "Team", "description": "Owner", "placeholder": "e.g. docs",
		"urls.location": "http://folio.test" + base + "/team", "permissions.edit": "true", "permissions.view": "true"})
	if r.Header.Get("Location") != "http://folio.test"+base+"/team" {
		t.Errorf("Location = %q", r.Header.Get("Location"))
	}
	for _, def := range []map[string]any{
		{"name": "stars", "type": "number"},
		{"name": "public-api", "type": "boolean"},
		{"name": "stage", "type": "single-select", "options": []string{"draft", "final"}},
		{"name": "areas", "type": "multi-select", "options": []string{"api", "ui", "ops"}},
		{"name": "tags_1", "type": "tags"},
	} {
		alice.Post(base, def).Expect(http.StatusCreated)
	}
	if n := resttest.Str(alice.Get(base).Expect(http.StatusOK).JSON(), "count"); n != "6" {
		t.Errorf("count = %s", n)
	}
	expectFields(t, alice.Get(base+"/stage").Expect(http.StatusOK).JSON(), map[string]string{"type": "single-select"})
	got := alice.Patch(base+"/stage", map[string]any{"title": "Stage", "options": []string{"draft", "review", "final"}}).Expect(http.StatusOK).JSON()
	if resttest.Str(got, "title") != "Stage" || len(got["options"].([]any)) != 3 {
		t.Errorf("patched = %v", got)
	}

	sp := createSpaceID(t, alice, org, map[string]any{})
	values := map[string]any{
		"team": map[string]any{"value": "docs"}, "stars": map[string]any{"value": 4.5}, "public-api": map[string]any{"value": true},
		"stage": map[string]any{"value": "review"}, "areas": map[string]any{"value": []string{"api", "ops"}}, "tags_1": map[string]any{"value": []string{"x", "y"}},
	}
	alice.Patch("/v1/spaces/"+sp+"/custom-fields", map[string]any{"values": values}).Expect(http.StatusNoContent)
	var read []struct {
		CustomField struct{ Name string } `json:"customField"`
		Value       json.RawMessage       `json:"value"`
	}
	alice.Get("/v1/spaces/" + sp + "/custom-fields").Expect(http.StatusOK).Decode(&read)
	gotValues := map[string]string{}
	for _, v := range read {
		var compact bytes.Buffer
		json.Compact(&compact, v.Value)
		gotValues[v.CustomField.Name] = compact.String()
	}
	want := map[string]string{"team": `"docs"`, "stars": `4.5`, "public-api": `true`, "stage": `"review"`, "areas": `["api","ops"]`, "tags_1": `["x","y"]`}
	for k, v := range want {
		if gotValues[k] != v {
			t.Errorf("value %s = %s, want %s", k, gotValues[k], v)
		}
	}
	// null clears one value.
	alice.Patch("/v1/spaces/"+sp+"/custom-fields", map[string]any{"values": map[string]any{"team": map[string]any{"value": nil}}}).Expect(http.StatusNoContent)
	if strings.Contains(string(alice.Get("/v1/spaces/"+sp+"/custom-fields").Body), `"docs"`) {
		t.Error("value not cleared")
	}

	long := strings.Repeat("a", 51)
	cases := []struct {
		name, method, path string
		body               any
		status             int
		msg                string
	}{
		{"create-name-missing-400", "POST", base, map[string]any{"type": "text"}, 400, "name"},
		{"create-name-empty-400", "POST", base, map[string]any{"name": "", "type": "text"}, 400, "name"},
		{"create-name-long-400", "POST", base, map[string]any{"name": long, "type": "text"}, 400, "name"},
		{"create-name-pattern-400", "POST", base, map[string]any{"name": "Team Name", "type": "text"}, 400, "name"},
		{"create-type-missing-400", "POST", base, map[string]any{"name": "x"}, 400, "type"},
		{"create-type-enum-400", "POST", base, map[string]any{"name": "x", "type": "date"}, 400, "type"},
		{"create-title-long-400", "POST", base, map[string]any{"name": "x", "type": "text", "title": strings.Repeat("a", 101)}, 400, "title"},
		{"create-description-long-400", "POST", base, map[string]any{"name": "x", "type": "text", "description": strings.Repeat("a", 201)}, 400, "description"},
		{"create-placeholder-long-400", "POST", base, map[string]any{"name": "x", "type": "text", "placeholder": strings.Repeat("a", 101)}, 400, "placeholder"},
		{"create-options-empty-400", "POST", base, map[string]any{"name": "x", "type": "single-select", "options": []string{}}, 400, "options"},
		{"create-options-missing-400", "POST", base, map[string]any{"name": "x", "type": "multi-select"}, 400, "options"},
		{"create-options-many-400", "POST", base, map[string]any{"name": "x", "type": "single-select", "options": make51()}, 400, "options"},
		{"create-options-for-text-400", "POST", base, map[string]any{"name": "x", "type": "text", "options": []string{"a"}}, 400, "options"},
		{"create-options-duplicate-400", "POST", base, map[string]any{"name": "x", "type": "single-select", "options": []string{"a", "a"}}, 400, "options"},
		{"create-name-taken-409", "POST", base, map[string]any{"name": "team", "type": "text"}, 409, "team"},
		{"create-foreign-404", "POST", "/v1/orgs/" + other + "/custom-fields", map[string]any{"name": "x", "type": "text"}, 404, ""},
		{"get-unknown-404", "GET", base + "/nope", nil, 404, ""},
		{"get-foreign-404", "GET", "/v1/orgs/" + other + "/custom-fields/team", nil, 404, ""},
		{"patch-options-many-400", "PATCH", base + "/stage", map[string]any{"options": make51()}, 400, "options"},
		{"patch-options-for-number-400", "PATCH", base + "/stars", map[string]any{"options": []string{"1"}}, 400, "options"},
		{"patch-type-400", "PATCH", base + "/stars", map[string]any{"type": "text"}, 400, "type"},
		{"patch-unknown-404", "PATCH", base + "/nope", map[string]any{"title": "x"}, 404, ""},
		{"values-unknown-field-400", "PATCH", "/v1/spaces/" + sp + "/custom-fields", vals("nope", "x"), 400, "values.nope"},
		{"values-text-long-400", "PATCH", "/v1/spaces/" + sp + "/custom-fields", vals("team", strings.Repeat("a", 257)), 400, "values.team"},
		{"values-text-type-400", "PATCH", "/v1/spaces/" + sp + "/custom-fields", vals("team", 3), 400, "values.team"},
		{"values-number-type-400", "PATCH", "/v1/spaces/" + sp + "/custom-fields", vals("stars", "many"), 400, "values.stars"},
		{"values-boolean-type-400", "PATCH", "/v1/spaces/" + sp + "/custom-fields", vals("public-api", "yes"), 400, "values.public-api"},
		{"values-option-unknown-400", "PATCH", "/v1/spaces/" + sp + "/custom-fields", vals("stage", "gone"), 400, "values.stage"},
		{"values-multi-unknown-400", "PATCH", "/v1/spaces/" + sp + "/custom-fields", vals("areas", []string{"api", "gone"}), 400, "values.areas"},
		{"values-multi-type-400", "PATCH", "/v1/spaces/" + sp + "/custom-fields", vals("areas", "api"), 400, "values.areas"},
		{"values-tags-type-400", "PATCH", "/v1/spaces/" + sp + "/custom-fields", vals("tags_1", []any{1, 2}), 400, "values.tags_1"},
		{"values-entry-shape-400", "PATCH", "/v1/spaces/" + sp + "/custom-fields", map[string]any{"values": map[string]any{"team": "docs"}}, 400, "values.team"},
		{"values-not-object-400", "PATCH", "/v1/spaces/" + sp + "/custom-fields", map[string]any{"values": []string{"x"}}, 400, "values"},
		// All or nothing: a good value next to a bad one is not written.
		{"values-partial-400", "PATCH", "/v1/spaces/" + sp + "/custom-fields", map[string]any{"values": map[string]any{
			"team": map[string]any{"value": "changed"}, "stars": map[string]any{"value": "bad"}}}, 400, "values.stars"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			msg := alice.In(t).Do(c.method, c.path, c.body).ExpectError(c.status)
			if !strings.Contains(msg, c.msg) {
				t.Errorf("message %q does not name %q", msg, c.msg)
			}
		})
	}
	if strings.Contains(string(alice.Get("/v1/spaces/"+sp+"/custom-fields").Body), "changed") {
		t.Error("a rejected PATCH wrote a value")
	}

	// Roles: readers read, editors write values, admins define fields.
	reader := member(t, srv, org, "reader@example.com", rolePtr(domain.RoleRead))
	editor := member(t, srv, org, "editor@example.com", rolePtr(domain.RoleEdit))
	reader.Get("/v1/spaces/" + sp + "/custom-fields").Expect(http.StatusOK)
	expectFields(t, reader.Get(base+"/team").Expect(http.StatusOK).JSON(), map[string]string{"permissions.edit": "false"})
	reader.Patch("/v1/spaces/"+sp+"/custom-fields", vals("team", "x")).ExpectError(http.StatusForbidden)
	editor.Patch("/v1/spaces/"+sp+"/custom-fields", vals("team", "x")).Expect(http.StatusNoContent)
	editor.Patch(base+"/team", map[string]any{"title": "x"}).ExpectError(http.StatusForbidden)
	editor.Delete(base + "/team").ExpectError(http.StatusForbidden)

	// Locked edit mode refuses content writes until it is live again.
	alice.Patch("/v1/spaces/"+sp, map[string]any{"editMode": "locked"}).Expect(http.StatusOK)
	expectFields(t, editor.Get("/v1/spaces/"+sp).JSON(), map[string]string{"permissions.edit": "false", "editMode": "locked"})
	msg := editor.Patch("/v1/spaces/"+sp+"/custom-fields", vals("team", "y")).ExpectError(http.StatusConflict)
	if !strings.Contains(msg, "locked") {
		t.Errorf("locked message = %q", msg)
	}
	alice.Patch("/v1/spaces/"+sp+"/custom-fields", vals("team", "y")).ExpectError(http.StatusConflict)
	alice.Patch("/v1/spaces/"+sp, map[string]any{"editMode": "live"}).Expect(http.StatusOK)
	editor.Patch("/v1/spaces/"+sp+"/custom-fields", vals("team", "y")).Expect(http.StatusNoContent)

	// Delete removes the definition and its values.
	alice.Delete(base + "/team").Expect(http.StatusNoContent)
	alice.Get(base + "/team").ExpectError(http.StatusNotFound)
	if strings.Contains(string(alice.Get("/v1/spaces/"+sp+"/custom-fields").Body), `"team"`) {
		t.Error("deleted field still listed on the space")
	}
}

func vals(name string, v any) map[string]any {
	return map[string]any{"values": map[string]any{name: map[string]any{"value": v}}}
}

func make51() []string {
	out := make([]string, 51)
	for i := range out {
		out[i] = strings.Repeat("o", i+1)
	}
	return out
}

func TestMemberSpaces(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	reader := member(t, srv, org, "reader@example.com", rolePtr(domain.RoleRead))
	guest := member(t, srv, org, "guest@example.com", nil)
	col := createCollection(t, alice, org, map[string]any{})
	open := createSpaceID(t, alice, org, map[string]any{"parent": col})
	closed := createSpaceID(t, alice, org, map[string]any{})
	alice.Patch("/v1/collections/"+col, map[string]any{"defaultLevel": "comment"}).Expect(http.StatusOK)
	alice.Patch("/v1/spaces/"+closed, map[string]any{"defaultLevel": "edit"}).Expect(http.StatusOK)
	third := createSpaceID(t, alice, org, map[string]any{})

	list := alice.Get("/v1/orgs/" + org + "/members/" + reader.UserID + "/spaces?order=asc").Expect(http.StatusOK).JSON()
	items := list["items"].([]any)
	if len(items) != 3 || resttest.Str(list, "count") != "3" {
		t.Fatalf("reader spaces = %v", list)
	}
	perm := map[string]string{}
	for _, it := range items {
		m := it.(map[string]any)
		perm[resttest.Str(m, "space.id")] = resttest.Str(m, "permission")
	}
	if perm[open] != "comment" || perm[closed] != "edit" || perm[third] != "read" {
		t.Errorf("reader permissions = %v", perm)
	}
	gl := alice.Get("/v1/orgs/" + org + "/members/" + guest.UserID + "/spaces").Expect(http.StatusOK).JSON()
	if resttest.Str(gl, "count") != "2" {
		t.Errorf("guest spaces = %v", gl)
	}
	guest.Get("/v1/orgs/" + org + "/members/" + reader.UserID + "/spaces").ExpectError(http.StatusForbidden)
	alice.Get("/v1/orgs/" + org + "/members/nope/spaces").ExpectError(http.StatusNotFound)
	alice.Get("/v1/orgs/" + org + "/members/" + reader.UserID + "/spaces?order=up").ExpectError(http.StatusBadRequest)
	// Access comes from roles and defaults, never from per-member grants: spaces stays 0.
	expectFields(t, alice.Get("/v1/orgs/"+org+"/members/"+reader.UserID).JSON(), map[string]string{"spaces": "0"})
}
