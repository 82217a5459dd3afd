package rest_test

import (
	"net/http"
	"strings"
	"testing"

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
