package rest_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"folio/domain"
	"folio/rest/resttest"
	"folio/store"
)

func languagesOf(v map[string]any) string {
	var out []string
	for _, l := range v["languages"].([]any) {
		out = append(out, l.(string))
	}
	return strings.Join(out, ",")
}

func TestTranslationSettingsLifecycle(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	base := "/v1/orgs/" + org + "/translations"

	r := alice.Post(base, map[string]any{"title": "Europe", "languages": []string{"fr", "DE", "pt-br", "fr"}}).Expect(http.StatusCreated)
	tr := r.JSON()
	id := resttest.Str(tr, "id")
	for path, want := range map[string]string{
		"object": "translation-settings", "title": "Europe", "permissions.view": "true", "permissions.edit": "true",
		"urls.location": "http://folio.test" + base + "/" + id,
	} {
		if got := resttest.Str(tr, path); got != want {
			t.Errorf("%s = %q, want %q", path, got, want)
		}
	}
	if got := languagesOf(tr); got != "fr,de,pt-br" {
		t.Errorf("languages = %q, want fr,de,pt-br (lower case, each once, in order)", got)
	}
	if resttest.Str(tr, "createdAt") == "" || resttest.Str(tr, "updatedAt") == "" {
		t.Errorf("timestamps missing: %v", tr)
	}
	if got := r.Header.Get("Location"); got != "http://folio.test"+base+"/"+id {
		t.Errorf("Location = %q", got)
	}

	// Without languages: an empty list.
	bare := alice.Post(base, map[string]any{"title": "Bare"}).Expect(http.StatusCreated).JSON()
	if langs, ok := bare["languages"].([]any); !ok || len(langs) != 0 {
		t.Errorf("languages of bare settings = %v", bare["languages"])
	}

	got := alice.Get(base + "/" + id).Expect(http.StatusOK).JSON()
	if resttest.Str(got, "title") != "Europe" || languagesOf(got) != "fr,de,pt-br" {
		t.Errorf("get = %v", got)
	}

	// PUT replaces the title; languages when given, kept when absent, cleared by [] or null.
	updated := alice.Put(base+"/"+id, map[string]any{"title": "Europe and Asia", "languages": []string{"ja", "zh-tw"}}).Expect(http.StatusOK).JSON()
	if resttest.Str(updated, "title") != "Europe and Asia" || languagesOf(updated) != "ja,zh-tw" {
		t.Errorf("put = %v", updated)
	}
	kept := alice.Put(base+"/"+id, map[string]any{"title": "Asia"}).Expect(http.StatusOK).JSON()
	if resttest.Str(kept, "title") != "Asia" || languagesOf(kept) != "ja,zh-tw" {
		t.Errorf("put without languages = %v", kept)
	}
	if got := languagesOf(alice.Get(base + "/" + id).Expect(http.StatusOK).JSON()); got != "ja,zh-tw" {
		t.Errorf("stored languages = %q", got)
	}
	cleared := alice.Put(base+"/"+id, map[string]any{"title": "Asia", "languages": nil}).Expect(http.StatusOK).JSON()
	if got := languagesOf(cleared); got != "" {
		t.Errorf("languages after null = %q", got)
	}

	// Lists page with a cursor.
	page1 := alice.Get(base + "?limit=1").Expect(http.StatusOK).JSON()
	if resttest.Str(page1, "count") != "2" || len(page1["items"].([]any)) != 1 || resttest.Str(page1, "next.page") == "" {
		t.Fatalf("page 1 = %v", page1)
	}
	page2 := alice.Get(base + "?limit=1&page=" + resttest.Str(page1, "next.page")).Expect(http.StatusOK).JSON()
	if len(page2["items"].([]any)) != 1 || page2["next"] != nil ||
		resttest.Str(page2["items"].([]any)[0].(map[string]any), "id") != resttest.Str(bare, "id") {
		t.Errorf("page 2 = %v", page2)
	}

	alice.Delete(base + "/" + id).Expect(http.StatusResetContent)
	alice.Get(base + "/" + id).ExpectError(http.StatusNotFound)
	alice.Delete(base + "/" + id).ExpectError(http.StatusNotFound)
	if n := count(t, alice, base); n != 1 {
		t.Errorf("after delete: %d settings", n)
	}
}

func TestTranslationSettingsRulesAndRoles(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	other := createOrg(t, srv.User("bob@example.com"), "Other")
	base := "/v1/orgs/" + org + "/translations"
	id := resttest.Str(alice.Post(base, map[string]any{"title": "Europe", "languages": []string{"fr"}}).Expect(http.StatusCreated).JSON(), "id")
	foreign := resttest.Str(srv.User("bob@example.com").Post("/v1/orgs/"+other+"/translations", map[string]any{"title": "Theirs"}).Expect(http.StatusCreated).JSON(), "id")

	member := func(email string, role *domain.Role) *resttest.Client {
		c := srv.User(email)
		if _, err := srv.Store.AddMember(context.Background(), srv.Store.DB, org, c.UserID, role); err != nil {
			t.Fatal(err)
		}
		return c
	}
	create := domain.RoleCreate
	creator := member("creator@example.com", &create)
	guest := member("guest@example.com", nil)

	all := make([]string, len(store.TranslationLanguages))
	copy(all, store.TranslationLanguages)
	cases := []struct {
		name   string
		c      *resttest.Client
		method string
		path   string
		body   any
		status int
		msg    string
	}{
		{"create-title-missing-400", alice, "POST", base, map[string]any{}, 400, "title"},
		{"create-title-empty-400", alice, "POST", base, map[string]any{"title": ""}, 400, "title"},
		{"create-title-long-400", alice, "POST", base, map[string]any{"title": strings.Repeat("é", 101)}, 400, "title"},
		{"create-title-type-400", alice, "POST", base, map[string]any{"title": 5}, 400, "title"},
		{"create-language-unknown-400", alice, "POST", base, map[string]any{"title": "T", "languages": []string{"fr", "klingon"}}, 400, "klingon"},
		{"create-languages-too-many-400", alice, "POST", base, map[string]any{"title": "T", "languages": append(all, "fr")}, 400, "languages"},
		{"create-unknown-field-400", alice, "POST", base, map[string]any{"title": "T", "language": "fr"}, 400, "language"},
		{"put-title-missing-400", alice, "PUT", base + "/" + id, map[string]any{"languages": []string{"fr"}}, 400, "title"},
		{"put-title-long-400", alice, "PUT", base + "/" + id, map[string]any{"title": strings.Repeat("a", 101)}, 400, "title"},
		{"put-language-unknown-400", alice, "PUT", base + "/" + id, map[string]any{"title": "T", "languages": []string{"xx"}}, 400, "xx"},
		{"put-unknown-404", alice, "PUT", base + "/nope", map[string]any{"title": "T"}, 404, ""},
		{"get-unknown-404", alice, "GET", base + "/nope", nil, 404, ""},
		{"list-limit-400", alice, "GET", base + "?limit=1001", nil, 400, "limit"},
		{"list-page-tampered-400", alice, "GET", base + "?page=abc.def", nil, 400, "page"},
		{"anonymous-401", srv.Anonymous(), "GET", base, nil, 401, ""},
		{"foreign-org-list-404", alice, "GET", "/v1/orgs/" + other + "/translations", nil, 404, ""},
		{"foreign-settings-get-404", alice, "GET", base + "/" + foreign, nil, 404, ""},
		{"foreign-settings-put-404", alice, "PUT", base + "/" + foreign, map[string]any{"title": "Mine"}, 404, ""},
		{"foreign-settings-delete-404", alice, "DELETE", base + "/" + foreign, nil, 404, ""},
		{"guest-list-403", guest, "GET", base, nil, 403, ""},
		{"guest-get-403", guest, "GET", base + "/" + id, nil, 403, ""},
		{"creator-create-403", creator, "POST", base, map[string]any{"title": "T"}, 403, "admin"},
		{"creator-put-403", creator, "PUT", base + "/" + id, map[string]any{"title": "T"}, 403, "admin"},
		{"creator-delete-403", creator, "DELETE", base + "/" + id, nil, 403, "admin"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			msg := c.c.In(t).Do(c.method, c.path, c.body).ExpectError(c.status)
			if !strings.Contains(msg, c.msg) {
				t.Errorf("message %q does not name %q", msg, c.msg)
			}
		})
	}

	// Every reference language is accepted; limits at their edges pass.
	alice.Post(base, map[string]any{"title": strings.Repeat("é", 100), "languages": all}).Expect(http.StatusCreated)
	alice.Post(base, map[string]any{"title": "a"}).Expect(http.StatusCreated)

	// Members with a role read without edit.
	tr := creator.Get(base + "/" + id).Expect(http.StatusOK).JSON()
	if resttest.Str(tr, "permissions.view") != "true" || resttest.Str(tr, "permissions.edit") != "false" {
		t.Errorf("creator permissions = %v", tr["permissions"])
	}
	if n := count(t, creator, base); n != 3 {
		t.Errorf("list = %d settings, want 3", n)
	}
	// Nothing rejected changed the settings.
	tr = alice.Get(base + "/" + id).Expect(http.StatusOK).JSON()
	if resttest.Str(tr, "title") != "Europe" || languagesOf(tr) != "fr" {
		t.Errorf("settings changed by rejected requests: %v", tr)
	}
	bob := srv.User("bob@example.com")
	if got := resttest.Str(bob.Get("/v1/orgs/"+other+"/translations/"+foreign).Expect(http.StatusOK).JSON(), "title"); got != "Theirs" {
		t.Errorf("foreign settings changed: %q", got)
	}
}
