package rest_test

import (
	"net/http"
	"strings"
	"testing"

	"folio/rest/resttest"
)

// TestShareKeyInListedURLs checks that the shareKey parameter of the section
// and site-space lists puts the key into the published URLs of a share-link
// site, and leaves other sites' URLs alone.
func TestShareKeyInListedURLs(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	guide := createSpaceID(t, alice, org, map[string]any{"title": "Guide"})
	for _, c := range []struct {
		visibility string
		shared     bool
	}{{"share-link", true}, {"public", false}} {
		site := resttest.Str(createSite(t, alice, org, map[string]any{"title": "Docs", "visibility": c.visibility, "spaces": []string{guide}}), "id")
		base := sitesPath(org) + "/" + site
		alice.Post(base+"/sections", map[string]any{"spaceId": guide, "title": "Guides"}).Expect(http.StatusCreated)
		alice.Post(base+"/publish", nil).Expect(http.StatusOK)
		for _, list := range []string{"/sections", "/site-spaces"} {
			withKey := items(alice.Get(base + list + "?shareKey=k%261").Expect(http.StatusOK).JSON())
			without := items(alice.Get(base + list).Expect(http.StatusOK).JSON())
			if len(withKey) == 0 || len(withKey) != len(without) {
				t.Fatalf("%s %s: %d items with the key, %d without", c.visibility, list, len(withKey), len(without))
			}
			for i := range withKey {
				got, plain := resttest.Str(withKey[i], "urls.published"), resttest.Str(without[i], "urls.published")
				if plain == "" || strings.Contains(plain, "share=") {
					t.Errorf("%s %s without the key: published %q", c.visibility, list, plain)
				}
				if want := plain + "?share=k%261"; c.shared && got != want {
					t.Errorf("%s %s with the key: published %q, want %q", c.visibility, list, got, want)
				}
				if !c.shared && got != plain {
					t.Errorf("%s %s: a key changed the URL of a site that is not share-link: %q", c.visibility, list, got)
				}
			}
		}
	}
}
