package rest_test

import (
	"net/http"
	"strings"
	"testing"

	"folio/rest/resttest"
)

func TestSAMLProviders(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("admin@example.com")
	reader := srv.User("reader@example.com")
	outsider := srv.User("outsider@example.com")
	org := createOrg(t, admin, "Acme")
	foreign := createOrg(t, outsider, "Elsewhere")
	addMember(t, admin, org, reader, "read")
	team := resttest.Str(admin.Put("/v1/orgs/"+org+"/teams", map[string]any{"title": "SSO"}).Expect(http.StatusCreated).JSON(), "id")
	foreignTeam := resttest.Str(outsider.Put("/v1/orgs/"+foreign+"/teams", map[string]any{"title": "X"}).Expect(http.StatusCreated).JSON(), "id")
	base := "/v1/orgs/" + org + "/saml"

	p := admin.Post(base, map[string]any{"label": "Okta"}).Expect(http.StatusCreated).JSON()
	id := resttest.Str(p, "id")
	for path, want := range map[string]string{
		"object": "saml-provider", "label": "Okta", "status": "pending", "ssoURL": "",
		"urls.location":  "http://folio.test/v1/orgs/" + org + "/saml/" + id,
		"service.acsURL": "http://folio.test/sso/saml/" + org + "/" + id + "/acs",
	} {
		if got := resttest.Str(p, path); got != want {
			t.Errorf("%s = %q, want %q", path, got, want)
		}
	}
	if v, ok := p["defaultRole"]; !ok || v != nil {
		t.Error("defaultRole must be null")
	}
	p = admin.Patch(base+"/"+id, map[string]any{
		"ssoURL": "https://idp.example.com/sso", "entityID": "urn:idp", "certificate": "MIIC...",
		"defaultTeam": team, "defaultRole": "read",
	}).Expect(http.StatusOK).JSON()
	if resttest.Str(p, "status") != "active" || resttest.Str(p, "defaultTeam.id") != team || resttest.Str(p, "defaultRole") != "read" || resttest.Str(p, "label") != "Okta" {
		t.Errorf("patched = %v", p)
	}
	if resttest.Str(admin.Get(base+"/"+id).Expect(http.StatusOK).JSON(), "entityID") != "urn:idp" {
		t.Error("not stored")
	}
	if resttest.Str(admin.Get(base).Expect(http.StatusOK).JSON(), "count") != "1" {
		t.Error("list")
	}
	// Any member can see how to sign in.
	var sso struct {
		Items []struct{ ID, Label, StartURL string }
	}
	reader.Get("/v1/orgs/" + org + "/sso").Expect(http.StatusOK).Decode(&sso)
	if len(sso.Items) != 1 || sso.Items[0].Label != "Okta" || !strings.HasSuffix(sso.Items[0].StartURL, "/start") {
		t.Errorf("sso = %+v", sso)
	}

	cases := []struct {
		name   string
		c      *resttest.Client
		method string
		path   string
		body   any
		status int
	}{
		{"list-reader-403", reader, "GET", base, nil, 403},
		{"create-reader-403", reader, "POST", base, map[string]any{"label": "X"}, 403},
		{"create-label-missing-400", admin, "POST", base, map[string]any{}, 400},
		{"create-label-long-400", admin, "POST", base, map[string]any{"label": strings.Repeat("l", 31)}, 400},
		{"create-url-400", admin, "POST", base, map[string]any{"label": "X", "ssoURL": "ftp://x"}, 400},
		{"create-entity-long-400", admin, "POST", base, map[string]any{"label": "X", "entityID": strings.Repeat("e", 1025)}, 400},
		{"create-cert-long-400", admin, "POST", base, map[string]any{"label": "X", "certificate": strings.Repeat("c", 10001)}, 400},
		{"create-foreign-team-400", admin, "POST", base, map[string]any{"label": "X", "defaultTeam": foreignTeam}, 400},
		{"create-role-400", admin, "POST", base, map[string]any{"label": "X", "defaultRole": "boss"}, 400},
		{"get-unknown-404", admin, "GET", base + "/nope", nil, 404},
		{"get-foreign-404", outsider, "GET", base + "/" + id, nil, 404},
		{"get-other-org-404", outsider, "GET", "/v1/orgs/" + foreign + "/saml/" + id, nil, 404},
		{"patch-label-empty-400", admin, "PATCH", base + "/" + id, map[string]any{"label": ""}, 400},
		{"delete-reader-403", reader, "DELETE", base + "/" + id, nil, 403},
		{"sso-outsider-404", outsider, "GET", "/v1/orgs/" + org + "/sso", nil, 404},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { c.c.In(t).Do(c.method, c.path, c.body).ExpectError(c.status) })
	}
	if resttest.Str(admin.Get(base).JSON(), "count") != "1" {
		t.Error("rejected creates must not add providers")
	}
	// Deleting the default team leaves the provider without one.
	admin.Delete("/v1/orgs/" + org + "/teams/" + team).Expect(http.StatusNoContent)
	if _, ok := admin.Get(base + "/" + id).JSON()["defaultTeam"]; ok {
		t.Error("defaultTeam must be gone with its team")
	}
	admin.Patch(base+"/"+id, map[string]any{"defaultRole": nil}).Expect(http.StatusOK)
	admin.Delete(base + "/" + id).Expect(http.StatusNoContent)
	admin.Get(base + "/" + id).ExpectError(http.StatusNotFound)
	admin.Delete(base + "/" + id).ExpectError(http.StatusNotFound)
}
