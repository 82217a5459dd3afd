package rest_test

import (
	"net/http"
	"strings"
	"testing"

	"folio/rest/resttest"
)

// createOrg creates an organization as c and returns its id.
func createOrg(t *testing.T, c *resttest.Client, title string) string {
	t.Helper()
	return resttest.Str(c.Post("/v1/orgs", map[string]any{"title": title}).Expect(http.StatusCreated).JSON(), "id")
}

func TestOrganizationLifecycle(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")

	r := alice.Post("/v1/orgs", map[string]any{"title": "Acme", "emailDomains": []string{"Acme.com"}}).Expect(http.StatusCreated)
	org := r.JSON()
	id := resttest.Str(org, "id")
	if got := r.Header.Get("Location"); got != "http://folio.test/v1/orgs/"+id {
		t.Errorf("Location = %q", got)
	}
	for path, want := range map[string]string{
		"object": "organization", "title": "Acme", "type": "business", "plan": "free",
		"inviteLinks": "true", "permissions.admin": "true", "urls.location": "http://folio.test/v1/orgs/" + id,
		"internal_isOnNewTrial": "true",
	} {
		if got := resttest.Str(org, path); got != want {
			t.Errorf("%s = %q, want %q", path, got, want)
		}
	}
	if _, ok := org["defaultRole"]; !ok {
		t.Error("defaultRole must be present (null) in the body")
	}
	if _, ok := org["hostname"]; ok {
		t.Error("absent hostname must be omitted")
	}
	if got := org["emailDomains"].([]any); len(got) != 1 || got[0] != "acme.com" {
		t.Errorf("emailDomains = %v", got)
	}

	list := alice.Get("/v1/orgs").Expect(http.StatusOK).JSON()
	if resttest.Str(list, "count") != "1" || len(list["items"].([]any)) != 1 {
		t.Fatalf("list = %v", list)
	}
	if _, ok := list["next"]; ok {
		t.Error("next must be omitted on the last page")
	}

	got := alice.Patch("/v1/orgs/"+id, map[string]any{
		"title": "Acme Inc", "hostname": "acme", "defaultRole": "read", "sso": true,
		"defaultContent": map[string]any{"type": "site", "site": "site1"}, "logo": "https://acme.com/logo.png",
	}).Expect(http.StatusOK).JSON()
	for path, want := range map[string]string{
		"title": "Acme Inc", "hostname": "acme", "defaultRole": "read", "sso": "true",
		"defaultContent.site": "site1", "urls.logo": "https://acme.com/logo.png",
	} {
		if got := resttest.Str(got, path); got != want {
			t.Errorf("after patch %s = %q, want %q", path, got, want)
		}
	}
	// null clears a nullable field; an omitted field stays.
	got = alice.Patch("/v1/orgs/"+id, map[string]any{"defaultRole": nil, "logo": nil}).Expect(http.StatusOK).JSON()
	if v, ok := got["defaultRole"]; !ok || v != nil {
		t.Errorf("defaultRole after null = %v (present %v)", v, ok)
	}
	if resttest.Str(got, "title") != "Acme Inc" || resttest.Str(got, "urls.logo") != "" {
		t.Errorf("after clearing: %v", got)
	}
	// Read back from the database, not from the response.
	if resttest.Str(alice.Get("/v1/orgs/"+id).Expect(http.StatusOK).JSON(), "hostname") != "acme" {
		t.Error("hostname not stored")
	}

	domains := alice.Get("/v1/email-domains/acme.com/orgs").Expect(http.StatusOK).JSON()
	if n := len(domains["organizations"].([]any)); n != 1 {
		t.Errorf("email-domain orgs = %d, want 1", n)
	}
	if n := len(alice.Get("/v1/email-domains/other.com/orgs").Expect(http.StatusOK).JSON()["organizations"].([]any)); n != 0 {
		t.Errorf("other domain orgs = %d, want 0", n)
	}
}

func TestOrganizationValidation(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	id := createOrg(t, alice, "Acme")
	other := createOrg(t, srv.User("bob@example.com"), "Other")
	alice.Patch("/v1/orgs/"+other, map[string]any{"hostname": "taken"}).ExpectError(http.StatusNotFound)
	srv.User("bob@example.com").Patch("/v1/orgs/"+other, map[string]any{"hostname": "taken"}).Expect(http.StatusOK)

	cases := []struct {
		name   string
		method string
		path   string
		body   any
		status int
		msg    string
	}{
		{"create-title-short-400", "POST", "/v1/orgs", map[string]any{"title": "A"}, 400, "title"},
		{"create-title-long-400", "POST", "/v1/orgs", map[string]any{"title": strings.Repeat("a", 256)}, 400, "title"},
		{"create-title-space-400", "POST", "/v1/orgs", map[string]any{"title": " Acme"}, 400, "title"},
		{"create-title-missing-400", "POST", "/v1/orgs", map[string]any{}, 400, "title"},
		{"create-title-type-400", "POST", "/v1/orgs", map[string]any{"title": 12}, 400, "title"},
		{"create-malformed-400", "POST", "/v1/orgs", `{"title":`, 400, "JSON"},
		{"create-array-400", "POST", "/v1/orgs", `[1]`, 400, "object"},
		{"create-domain-400", "POST", "/v1/orgs", map[string]any{"title": "Acme", "emailDomains": []string{"not a domain"}}, 400, "emailDomains"},
		{"create-unknown-field-400", "POST", "/v1/orgs", map[string]any{"title": "Acme", "color": "red"}, 400, "color"},
		{"patch-hostname-short-400", "PATCH", "/v1/orgs/" + id, map[string]any{"hostname": "ab"}, 400, "hostname"},
		{"patch-hostname-pattern-400", "PATCH", "/v1/orgs/" + id, map[string]any{"hostname": "Acme!"}, 400, "hostname"},
		{"patch-hostname-taken-409", "PATCH", "/v1/orgs/" + id, map[string]any{"hostname": "taken"}, 409, "hostname"},
		{"patch-role-enum-400", "PATCH", "/v1/orgs/" + id, map[string]any{"defaultRole": "owner"}, 400, "defaultRole"},
		{"patch-logo-url-400", "PATCH", "/v1/orgs/" + id, map[string]any{"logo": "not a url"}, 400, "logo"},
		{"patch-logo-long-400", "PATCH", "/v1/orgs/" + id, map[string]any{"logo": "https://x.com/" + strings.Repeat("a", 2048)}, 400, "logo"},
		{"patch-content-400", "PATCH", "/v1/orgs/" + id, map[string]any{"defaultContent": map[string]any{"type": "space"}}, 400, "defaultContent"},
		{"patch-bool-type-400", "PATCH", "/v1/orgs/" + id, map[string]any{"sso": "yes"}, 400, "sso"},
		{"list-limit-high-400", "GET", "/v1/orgs?limit=1001", nil, 400, "limit"},
		{"list-limit-negative-400", "GET", "/v1/orgs?limit=-1", nil, 400, "limit"},
		{"list-limit-type-400", "GET", "/v1/orgs?limit=ten", nil, 400, "limit"},
		{"list-page-tampered-400", "GET", "/v1/orgs?page=abc.def", nil, 400, "page"},
		{"unknown-route-404", "GET", "/v1/nothing", nil, 404, ""},
		{"unknown-method-404", "DELETE", "/v1/orgs", nil, 404, ""},
		{"unknown-org-404", "GET", "/v1/orgs/nope", nil, 404, ""},
		{"foreign-org-404", "GET", "/v1/orgs/" + other, nil, 404, ""},
		{"too-large-413", "POST", "/v1/orgs", `{"title":"` + strings.Repeat("a", 1<<20) + `"}`, 413, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			msg := alice.In(t).Do(c.method, c.path, c.body).ExpectError(c.status)
			if !strings.Contains(msg, c.msg) {
				t.Errorf("message %q does not name %q", msg, c.msg)
			}
		})
	}
	// Nothing above changed the organization.
	org := alice.Get("/v1/orgs/" + id).Expect(http.StatusOK).JSON()
	if resttest.Str(org, "title") != "Acme" || resttest.Str(org, "hostname") != "" {
		t.Errorf("organization changed by rejected requests: %v", org)
	}
}

func TestAuthentication(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	createOrg(t, alice, "Acme")

	srv.Anonymous().Get("/v1/orgs").ExpectError(http.StatusUnauthorized)
	info := srv.Anonymous().Get("/v1/").Expect(http.StatusOK).JSON()
	for _, k := range []string{"version", "build", "commit"} {
		if resttest.Str(info, k) == "" {
			t.Errorf("GET /v1/: no %s in %v", k, info)
		}
	}

	forged := srv.User("carol@example.com")
	forged.Token = "gb_api_" + strings.Repeat("x", 40)
	forged.Get("/v1/orgs").ExpectError(http.StatusUnauthorized)
	forged.Token = "Basic abc"
	forged.Get("/v1/orgs").ExpectError(http.StatusUnauthorized)

	if err := srv.Store.RevokeToken(t.Context(), alice.Token); err != nil {
		t.Fatal(err)
	}
	alice.Get("/v1/orgs").ExpectError(http.StatusUnauthorized)

	srv.Anonymous().Get("/healthz").Expect(http.StatusOK)
	srv.Anonymous().Get("/readyz").Expect(http.StatusOK)
}
