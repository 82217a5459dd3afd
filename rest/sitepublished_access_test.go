package rest_test

import (
	"bytes"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/golang-jwt/jwt/v5"

	"folio/rest/resttest"
)

// TestPublishedSiteShowsOnlyItsView: publishedSite hands a public site's
// whole audience the site and its structure, but nothing a member would
// need a role for is reachable below them: the site's other lists, its
// adaptive schema, and its spaces' change requests, comments, content,
// search and custom fields. Admins keep reading them through the same
// document.
func TestPublishedSiteShowsOnlyItsView(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	stranger := srv.User("stranger@example.com")
	sp := createSpaceID(t, alice, org, map[string]any{"title": "Guide"})
	alice.Post("/v1/spaces/"+sp+"/change-requests", map[string]any{"subject": "Secret plans"}).Expect(http.StatusCreated)
	id := resttest.Str(createSite(t, alice, org, map[string]any{"title": "Docs", "visibility": "public", "spaces": []string{sp}}), "id")
	alice.Post(sitesPath(org)+"/"+id+"/publish", nil).Expect(http.StatusOK)

	// The REST published view still answers the stranger in full.
	stranger.Get(sitesPath(org) + "/" + id + "/published").Expect(http.StatusOK)

	vars := map[string]any{"org": org, "site": id}
	fields := map[string]string{
		"site.sections":        `site { sections { count } }`,
		"site.sectionGroups":   `site { sectionGroups { count } }`,
		"site.siteSpaceList":   `site { siteSpaceList { count } }`,
		"site.shareLinks":      `site { shareLinks { count } }`,
		"site.adaptiveSchema":  `site { adaptiveSchema { jsonSchema } }`,
		"space.changeRequests": `structure { structure { ... on SiteSpace { space { changeRequestList(status: open) { items { subject } } } } } }`,
		"space.changeRequest":  `structure { structure { ... on SiteSpace { space { changeRequest(id: "x") { subject } } } } }`,
		"space.comments":       `structure { structure { ... on SiteSpace { space { commentList { count } } } } }`,
		"space.comment":        `structure { structure { ... on SiteSpace { space { comment(id: "x") { id } } } } }`,
		"space.revision":       `structure { structure { ... on SiteSpace { space { revision { id } } } } }`,
		"space.revisionById":   `structure { structure { ... on SiteSpace { space { revisionById(id: "x") { id } } } } }`,
		"space.search":         `structure { structure { ... on SiteSpace { space { search(query: "plans") { count } } } } }`,
		"space.customFields":   `structure { structure { ... on SiteSpace { space { customFields { value } } } } }`,
		"site.ownFields":       `site { id title siteSpaces } structure { structure { ... on SiteSpace { space { id title } } } }`,
		"space.revisionCached": `structure { structure { ... on SiteSpace { space { revision { id pages { id } } } } } }`,
		"site.structure":       `structure { type }`,
	}
	for name, sel := range fields {
		doc := `query($org: ID!, $site: ID!) { publishedSite(organizationId: $org, siteId: $site) { ` + sel + ` } }`
		// An admin reads every field (and fills the revision cache first).
		if res := alice.GraphQL(doc, vars); hasCode(res, "FORBIDDEN") {
			t.Errorf("%s: a reader was refused: %s", name, res.Errors[0].Message)
		}
		res := stranger.GraphQL(doc, vars)
		own := strings.HasPrefix(name, "site.ownFields") || strings.HasPrefix(name, "site.structure")
		switch {
		case own && len(res.Errors) > 0:
			t.Errorf("%s: the stranger was refused the published view: %s", name, res.Errors[0].Message)
		case !own && !hasCode(res, "FORBIDDEN"):
			t.Errorf("%s: the stranger read %s (errors %v)", name, res.Data, res.Errors)
		case !own && strings.Contains(string(res.Data), "Secret plans"):
			t.Errorf("%s: the stranger read a change request: %s", name, res.Data)
		}
	}
}

func hasCode(res resttest.GraphQLResult, code string) bool {
	for _, e := range res.Errors {
		if e.Extensions["code"] == code {
			return true
		}
	}
	return false
}

// TestPublishedSiteHiddenFromOutsiders: a published share-link or
// visitor-auth site answers an outsider who may not read it exactly as an
// unknown site does (status and body, byte for byte), as the reader does,
// with or without a wrong key or token; its admins read it whole, and the
// holders of a key or token read it.
func TestPublishedSiteHiddenFromOutsiders(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	stranger := srv.User("stranger@example.com")
	sp := createSpaceID(t, alice, org, map[string]any{"title": "Guide"})
	secret := []byte(strings.Repeat("s", 40))
	unknown := stranger.Get(sitesPath(org) + "/site_doesnotexist/published")
	unknown.ExpectError(http.StatusNotFound)

	for _, vis := range []string{"share-link", "visitor-auth"} {
		t.Run(vis, func(t *testing.T) {
			alice, stranger := alice.In(t), stranger.In(t)
			id := resttest.Str(createSite(t, alice, org, map[string]any{"title": "Docs " + vis, "visibility": vis, "spaces": []string{sp}}), "id")
			site := sitesPath(org) + "/" + id
			alice.Put(site+"/visitor-key", map[string]any{"algorithm": "HS256", "key": string(secret)}).Expect(http.StatusOK)
			link := resttest.Str(alice.Post(site+"/share-links", map[string]any{"name": "Partners"}).Expect(http.StatusCreated).JSON(), "urls.published")
			key := link[strings.Index(link, "?share=")+len("?share="):]
			alice.Post(site+"/publish", nil).Expect(http.StatusOK)
			token := sign(t, jwt.SigningMethodHS256, secret, fresh(jwt.MapClaims{"sub": "v"}))
			wrongToken := sign(t, jwt.SigningMethodHS256, []byte(strings.Repeat("x", 40)), fresh(jwt.MapClaims{"sub": "v"}))

			refused := []string{"", "?shareKey=nope", "?jwt_token=x.y.z", "?jwt_token=" + url.QueryEscape(wrongToken)}
			admitted := "?shareKey=" + url.QueryEscape(key)
			if vis == "visitor-auth" {
				refused = append(refused, "?shareKey="+url.QueryEscape(key)) // a share key opens no visitor-auth site
				admitted = "?jwt_token=" + url.QueryEscape(token)
			}
			for _, q := range refused {
				got := stranger.Get(site + "/published" + q)
				if got.Status != unknown.Status || !bytes.Equal(got.Body, unknown.Body) {
					t.Errorf("stranger %q: %d %s; an unknown site: %d %s", q, got.Status, got.Body, unknown.Status, unknown.Body)
				}
			}
			// The reader: a share-link site is an unknown one there too; a
			// visitor-auth site sends its visitors to sign in.
			want := map[string]int{"share-link": http.StatusNotFound, "visitor-auth": http.StatusUnauthorized}[vis]
			if r := srv.Anonymous().Get("/sites/" + id); r.Status != want {
				t.Errorf("reader: %d, want %d", r.Status, want)
			}
			// The admin reads it whole, without key or token; the holder of
			// one reads it.
			full := alice.Get(site + "/published").Expect(http.StatusOK).JSON()
			expectFields(t, full, map[string]string{"object": "published-content-site", "site.id": id, "site.visibility": vis})
			expectFields(t, stranger.Get(site+"/published"+admitted).Expect(http.StatusOK).JSON(), map[string]string{"site.id": id})
		})
	}
}
