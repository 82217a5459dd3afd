package rest_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"folio/rest/resttest"
)

// TestSiteVisitorKeyRead: Site.visitorKey says whether a visitor key is
// set (algorithm, audience, when), never the key, and only to the site's
// admins, who alone may set it (PUT .../visitor-key, setSiteVisitorKey).
func TestSiteVisitorKeyRead(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	editor := srv.User("editor@example.com")
	org := createOrg(t, alice, "Acme")
	addMember(t, alice, org, editor, "create")
	id := resttest.Str(createSite(t, alice, org, map[string]any{"title": "Docs", "visibility": "visitor-auth"}), "id")

	const q = `query($org: ID!, $id: ID!) { organization(id: $org) { site(id: $id) { visibility visitorKey { algorithm audience updatedAt } } } }`
	read := func(c *resttest.Client) (key *struct {
		Algorithm string  `json:"algorithm"`
		Audience  *string `json:"audience"`
		UpdatedAt string  `json:"updatedAt"`
	}) {
		t.Helper()
		res := c.GraphQL(q, map[string]any{"org": org, "id": id})
		if len(res.Errors) != 0 {
			t.Fatalf("%s: %+v", c.Email, res.Errors)
		}
		var out struct {
			Organization struct {
				Site struct {
					VisitorKey *struct {
						Algorithm string  `json:"algorithm"`
						Audience  *string `json:"audience"`
						UpdatedAt string  `json:"updatedAt"`
					} `json:"visitorKey"`
				} `json:"site"`
			} `json:"organization"`
		}
		if err := json.Unmarshal(res.Data, &out); err != nil {
			t.Fatal(err)
		}
		return out.Organization.Site.VisitorKey
	}
	if k := read(alice); k != nil {
		t.Fatalf("before any key: %+v", k)
	}
	secret := strings.Repeat("s", 40)
	alice.Put(sitesPath(org)+"/"+id+"/visitor-key", map[string]any{"algorithm": "HS256", "key": secret, "audience": "docs"}).Expect(http.StatusOK)
	k := read(alice)
	if k == nil || k.Algorithm != "HS256" || k.Audience == nil || *k.Audience != "docs" || k.UpdatedAt == "" {
		t.Fatalf("after the key: %+v", k)
	}
	// Another change of the site leaves the key's time as it was.
	alice.Patch(sitesPath(org)+"/"+id, map[string]any{"title": "Docs 2"}).Expect(http.StatusOK)
	if k2 := read(alice); k2 == nil || k2.UpdatedAt != k.UpdatedAt {
		t.Errorf("after a title change: %+v, want updatedAt %s", k2, k.UpdatedAt)
	}
	// A member who may not set the key does not see it either.
	if k := read(editor); k != nil {
		t.Errorf("an editor sees the key: %+v", k)
	}
	// The key itself is in no answer.
	res := alice.Post("/graphql", map[string]any{"query": q, "variables": map[string]any{"org": org, "id": id}}).Expect(http.StatusOK)
	if strings.Contains(string(res.Body), secret) {
		t.Error("the answer holds the key")
	}
}
