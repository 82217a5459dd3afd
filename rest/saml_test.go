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
	if _, ok := p["ssoURL"]; ok {
		t.Errorf("ssoURL present before it is set: %v", p["ssoURL"])
	}
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

	resttest.ExpectErrors(t, []resttest.Case{
		resttest.Fail("list-reader-403", reader, "GET", base, nil, 403),
		resttest.Fail("create-reader-403", reader, "POST", base, map[string]any{"label": "X"}, 403),
		resttest.Fail("create-label-missing-400", admin, "POST", base, map[string]any{}, 400),
		resttest.Fail("create-label-long-400", admin, "POST", base, map[string]any{"label": strings.Repeat("l", 31)}, 400),
		resttest.Fail("create-url-400", admin, "POST", base, map[string]any{"label": "X", "ssoURL": "ftp://x"}, 400),
		resttest.Fail("create-entity-long-400", admin, "POST", base, map[string]any{"label": "X", "entityID": strings.Repeat("e", 1025)}, 400),
		resttest.Fail("create-cert-long-400", admin, "POST", base, map[string]any{"label": "X", "certificate": strings.Repeat("c", 10001)}, 400),
		resttest.Fail("create-foreign-team-400", admin, "POST", base, map[string]any{"label": "X", "defaultTeam": foreignTeam}, 400),
		resttest.Fail("create-role-400", admin, "POST", base, map[string]any{"label": "X", "defaultRole": "boss"}, 400),
		resttest.Fail("get-unknown-404", admin, "GET", base+"/nope", nil, 404),
		resttest.Fail("get-foreign-404", outsider, "GET", base+"/"+id, nil, 404),
		resttest.Fail("get-other-org-404", outsider, "GET", "/v1/orgs/"+foreign+"/saml/"+id, nil, 404),
		resttest.Fail("patch-label-empty-400", admin, "PATCH", base+"/"+id, map[string]any{"label": ""}, 400),
		resttest.Fail("delete-reader-403", reader, "DELETE", base+"/"+id, nil, 403),
		resttest.Fail("sso-outsider-404", outsider, "GET", "/v1/orgs/"+org+"/sso", nil, 404),
	})
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
