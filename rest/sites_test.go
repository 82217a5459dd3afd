package rest_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"folio/domain"
	"folio/rest/resttest"
)

// createSite creates a site as c in org and returns its body.
func createSite(t *testing.T, c *resttest.Client, org string, body map[string]any) map[string]any {
	t.Helper()
	return c.Post("/v1/orgs/"+org+"/sites", body).Expect(http.StatusCreated).JSON()
}

func sitesPath(org string) string { return "/v1/orgs/" + org + "/sites" }

// items returns the items of a list body.
func items(list map[string]any) []map[string]any {
	var out []map[string]any
	for _, it := range list["items"].([]any) {
		out = append(out, it.(map[string]any))
	}
	return out
}

// field lists one field of every item, in order.
func field(list []map[string]any, name string) []string {
	var out []string
	for _, it := range list {
		out = append(out, resttest.Str(it, name))
	}
	return out
}

func TestSiteLifecycle(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	guide := createSpaceID(t, alice, org, map[string]any{"title": "User Guide"})
	api := createSpaceID(t, alice, org, map[string]any{"title": "API"})

	r := alice.Post(sitesPath(org), map[string]any{"title": "Docs", "visibility": "share-link", "spaces": []string{guide, api}}).Expect(http.StatusCreated)
	site := r.JSON()
	id := resttest.Str(site, "id")
	if got := r.Header.Get("Location"); got != "http://folio.test/v1/orgs/"+org+"/sites/"+id {
		t.Errorf("Location = %q", got)
	}
	expectFields(t, site, map[string]string{
		"object": "site", "type": "basic", "title": "Docs", "visibility": "share-link", "published": "false",
		"siteSpaces": "2", "adaptiveContent.enabled": "false", "ads.status": "pending", "permissions.admin": "true",
		"urls.location": "http://folio.test/v1/orgs/" + org + "/sites/" + id, "urls.published": "",
	})

	// Defaults and filters.
	def := createSite(t, alice, org, map[string]any{})
	expectFields(t, def, map[string]string{"title": "Untitled site", "type": "basic", "visibility": "public", "siteSpaces": "0"})
	withNew := createSite(t, alice, org, map[string]any{"title": "Fresh", "spaces": "new"})
	expectFields(t, withNew, map[string]string{"siteSpaces": "1"})
	list := alice.Get(sitesPath(org) + "?space=" + guide).Expect(http.StatusOK).JSON()
	if got := ids(list); !slices.Equal(got, []string{id}) {
		t.Errorf("space filter = %v", got)
	}
	if got := ids(alice.Get(sitesPath(org) + "?title=fre").Expect(http.StatusOK).JSON()); !slices.Equal(got, []string{resttest.Str(withNew, "id")}) {
		t.Errorf("title filter = %v", got)
	}

	// Publish and unpublish are the only way published changes.
	pub := alice.Post(sitesPath(org)+"/"+id+"/publish", nil).Expect(http.StatusOK).JSON()
	expectFields(t, pub, map[string]string{"published": "true", "urls.published": "http://folio.test/sites/" + id})
	if got := ids(alice.Get(sitesPath(org) + "?published=true").Expect(http.StatusOK).JSON()); !slices.Equal(got, []string{id}) {
		t.Errorf("published filter = %v", got)
	}
	expectFields(t, alice.Post(sitesPath(org)+"/"+id+"/unpublish", nil).Expect(http.StatusOK).JSON(), map[string]string{"published": "false"})

	// Patch: title, basename, adaptive content, proxy and its removal, hostname.
	p := alice.Patch(sitesPath(org)+"/"+id, map[string]any{"title": "Handbook", "basename": "docs", "adaptiveContent": map[string]any{"enabled": true},
		"proxy": "company.com/docs", "hostname": "docs.acme.example"}).Expect(http.StatusOK).JSON()
	expectFields(t, p, map[string]string{"title": "Handbook", "basename": "docs", "adaptiveContent.enabled": "true",
		"proxy.origin": "company.com/docs", "hostname": "docs.acme.example"})
	p = alice.Patch(sitesPath(org)+"/"+id, map[string]any{"proxy": nil}).Expect(http.StatusOK).JSON()
	if _, ok := p["proxy"]; ok || resttest.Str(p, "basename") != "docs" {
		t.Errorf("proxy not removed or basename lost: %v", p)
	}
	other := resttest.Str(def, "id")
	alice.Patch(sitesPath(org)+"/"+other, map[string]any{"hostname": "docs.acme.example"}).ExpectError(http.StatusConflict)

	// shareKey is accepted on the structure lists.
	alice.Get(sitesPath(org) + "/" + id + "/sections?shareKey=x").Expect(http.StatusOK)
	alice.Get(sitesPath(org) + "/" + id + "/site-spaces?shareKey=x&default=false").Expect(http.StatusOK)

	// Delete: 205, then 404.
	alice.Delete(sitesPath(org) + "/" + other).Expect(http.StatusResetContent)
	alice.Get(sitesPath(org) + "/" + other).ExpectError(http.StatusNotFound)
}

func TestSiteValidation(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	id := resttest.Str(createSite(t, alice, org, map[string]any{"title": "Docs"}), "id")
	cases := []struct {
		name, method, path string
		body               map[string]any
		field              string
	}{
		{"create-title-short-400", post, sitesPath(org), map[string]any{"title": "D"}, "title"},
		{"create-title-long-400", post, sitesPath(org), map[string]any{"title": repeat("a", 129)}, "title"},
		{"create-type-400", post, sitesPath(org), map[string]any{"type": "gold"}, "type"},
		{"create-visibility-400", post, sitesPath(org), map[string]any{"visibility": "private"}, "visibility"},
		{"create-spaces-enum-400", post, sitesPath(org), map[string]any{"spaces": "old"}, "spaces"},
		{"create-spaces-foreign-400", post, sitesPath(org), map[string]any{"spaces": []string{"nope"}}, "spaces"},
		{"patch-hostname-400", patch, sitesPath(org) + "/" + id, map[string]any{"hostname": "Docs.Example.com"}, "hostname"},
		{"patch-hostname-two-labels-400", patch, sitesPath(org) + "/" + id, map[string]any{"hostname": "example.com"}, "hostname"},
		{"patch-proxy-no-path-400", patch, sitesPath(org) + "/" + id, map[string]any{"proxy": "company.com"}, "proxy"},
		{"patch-proxy-long-400", patch, sitesPath(org) + "/" + id, map[string]any{"proxy": "company.com/" + repeat("a", 510)}, "proxy"},
		{"patch-basename-empty-400", patch, sitesPath(org) + "/" + id, map[string]any{"basename": ""}, "basename"},
		{"patch-basename-long-400", patch, sitesPath(org) + "/" + id, map[string]any{"basename": repeat("a", 101)}, "basename"},
		{"patch-default-section-400", patch, sitesPath(org) + "/" + id, map[string]any{"defaultSiteSection": "nope"}, "defaultSiteSection"},
		{"share-link-name-400", post, sitesPath(org) + "/" + id + "/share-links", map[string]any{"name": repeat("n", 51)}, "name"},
		{"group-title-400", post, sitesPath(org) + "/" + id + "/section-groups", map[string]any{"title": ""}, "title"},
		{"limit-400", get, sitesPath(org) + "?limit=1001", nil, "limit"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			msg := alice.In(t).Do(c.method, c.path, c.body).ExpectError(http.StatusBadRequest)
			if !startsWith(msg, c.field) {
				t.Errorf("message %q does not name %s", msg, c.field)
			}
		})
	}
}

const (
	get, post, put, patch, del = http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete
)

func repeat(s string, n int) string { return strings.Repeat(s, n) }

func startsWith(s, prefix string) bool { return strings.HasPrefix(s, prefix) }

func TestSiteAccess(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	sp := createSpaceID(t, alice, org, map[string]any{"title": "Guide"})
	id := resttest.Str(createSite(t, alice, org, map[string]any{"title": "Docs", "spaces": []string{sp}}), "id")
	reader := member(t, srv, org, "reader@example.com", rolePtr(domain.RoleRead))
	creator := member(t, srv, org, "creator@example.com", rolePtr(domain.RoleCreate))
	guest := member(t, srv, org, "guest@example.com", nil)
	stranger := srv.User("stranger@example.com")
	otherOrg := createOrg(t, stranger, "Other")
	site := sitesPath(org) + "/" + id

	cases := []struct {
		name   string
		c      *resttest.Client
		method string
		path   string
		body   any
		status int
	}{
		{"get-reader-200", reader, get, site, nil, http.StatusOK},
		{"get-guest-404", guest, get, site, nil, http.StatusNotFound},
		{"get-stranger-404", stranger, get, site, nil, http.StatusNotFound},
		{"get-foreign-org-404", stranger, get, sitesPath(otherOrg) + "/" + id, nil, http.StatusNotFound},
		{"list-guest-403", guest, get, sitesPath(org), nil, http.StatusForbidden},
		{"list-anonymous-401", srv.Anonymous(), get, sitesPath(org), nil, http.StatusUnauthorized},
		{"create-reader-403", reader, post, sitesPath(org), map[string]any{}, http.StatusForbidden},
		{"create-creator-403", creator, post, sitesPath(org), map[string]any{}, http.StatusForbidden},
		{"patch-reader-403", reader, patch, site, map[string]any{"title": "No"}, http.StatusForbidden},
		{"publish-creator-403", creator, post, site + "/publish", nil, http.StatusForbidden},
		{"section-reader-403", reader, post, site + "/sections", map[string]any{"spaceId": sp}, http.StatusForbidden},
		{"section-creator-201", creator, post, site + "/sections", map[string]any{"spaceId": sp}, http.StatusCreated},
		{"share-links-creator-403", creator, get, site + "/share-links", nil, http.StatusForbidden},
		{"schema-put-creator-403", creator, put, site + "/adaptive-schema", map[string]any{"jsonSchema": map[string]any{"type": "object"}}, http.StatusForbidden},
		{"delete-stranger-404", stranger, del, site, nil, http.StatusNotFound},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.c.In(t).Do(c.method, c.path, c.body).Expect(c.status)
		})
	}
}

func TestSiteSpacePlacementAndDefaults(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	a := createSpaceID(t, alice, org, map[string]any{"title": "Alpha Guide"})
	b := createSpaceID(t, alice, org, map[string]any{"title": "Beta"})
	c := createSpaceID(t, alice, org, map[string]any{"title": "Gamma"})
	id := resttest.Str(createSite(t, alice, org, map[string]any{"title": "Docs"}), "id")
	site := sitesPath(org) + "/" + id
	count := func() string { return resttest.Str(alice.Get(site).Expect(http.StatusOK).JSON(), "siteSpaces") }

	// No sections: site spaces go to the root; the first is the default;
	// paths come from the space titles and never clash.
	ssA := alice.Post(site+"/site-spaces", map[string]any{"spaceId": a}).Expect(http.StatusCreated).JSON()
	expectFields(t, ssA, map[string]string{"object": "site-space", "path": "alpha-guide", "default": "true", "section": "", "space.id": a, "title": "Alpha Guide"})
	ssA2 := alice.Post(site+"/site-spaces", map[string]any{"spaceId": a}).Expect(http.StatusCreated).JSON()
	expectFields(t, ssA2, map[string]string{"path": "alpha-guide-2", "default": "false"})
	if got := count(); got != "2" {
		t.Errorf("siteSpaces = %s, want 2", got)
	}
	alice.Patch(site+"/site-spaces/"+resttest.Str(ssA2, "id"), map[string]any{"path": "alpha-guide"}).ExpectError(http.StatusConflict)
	expectFields(t, alice.Patch(site+"/site-spaces/"+resttest.Str(ssA2, "id"), map[string]any{"path": "v2"}).Expect(http.StatusOK).JSON(),
		map[string]string{"path": "v2"})

	// Deleting the default promotes the next one.
	alice.Delete(site + "/site-spaces/" + resttest.Str(ssA, "id")).Expect(http.StatusResetContent)
	if got := count(); got != "1" {
		t.Errorf("siteSpaces = %s, want 1", got)
	}
	def := alice.Get(site + "/site-spaces?default=true").Expect(http.StatusOK).JSON()
	if got := ids(def); !slices.Equal(got, []string{resttest.Str(ssA2, "id")}) {
		t.Errorf("default after delete = %v", got)
	}

	// The first section takes in the root site spaces and becomes the default.
	s1 := alice.Post(site+"/sections", map[string]any{"spaceId": b, "title": "Start Here"}).Expect(http.StatusCreated).JSON()
	s1ID := resttest.Str(s1, "id")
	expectFields(t, s1, map[string]string{"object": "site-section", "path": "start-here", "default": "true", "title": "Start Here"})
	if got := field(toMaps(s1["siteSpaces"]), "space.id"); !slices.Equal(got, []string{a, b}) {
		t.Errorf("first section site spaces = %v", got)
	}
	s2 := alice.Post(site+"/sections", map[string]any{"spaceId": c}).Expect(http.StatusCreated).JSON()
	s2ID := resttest.Str(s2, "id")
	expectFields(t, s2, map[string]string{"path": "gamma", "default": "false", "title": "Gamma", "siteSpaces.0": ""})
	if got := count(); got != "3" {
		t.Errorf("siteSpaces = %s, want 3", got)
	}
	// Section path clash is 409; a duplicate title derives a free path.
	alice.Patch(site+"/sections/"+s2ID, map[string]any{"path": "start-here"}).ExpectError(http.StatusConflict)
	expectFields(t, alice.Post(site+"/sections", map[string]any{"spaceId": c, "title": "Gamma"}).Expect(http.StatusCreated).JSON(),
		map[string]string{"path": "gamma-2"})

	// Without sectionId a space goes to the default section, not the root.
	added := alice.Post(site+"/site-spaces", map[string]any{"spaceId": c}).Expect(http.StatusCreated).JSON()
	expectFields(t, added, map[string]string{"section": s1ID, "default": "false"})
	inS2 := alice.Post(site+"/site-spaces", map[string]any{"spaceId": a, "sectionId": s2ID}).Expect(http.StatusCreated).JSON()
	expectFields(t, inS2, map[string]string{"section": s2ID, "default": "false"})

	// Site patch: defaultSiteSection, then defaultSiteSpace in the default section only.
	expectFields(t, alice.Patch(site, map[string]any{"defaultSiteSection": s2ID}).Expect(http.StatusOK).JSON(), map[string]string{"id": id})
	sections := items(alice.Get(site + "/sections").Expect(http.StatusOK).JSON())
	if got := field(sections, "default"); !slices.Equal(got, []string{"false", "true", "false"}) {
		t.Errorf("defaults after patch = %v", got)
	}
	alice.Patch(site, map[string]any{"defaultSiteSpace": resttest.Str(added, "id")}).ExpectError(http.StatusBadRequest)
	alice.Patch(site, map[string]any{"defaultSiteSpace": resttest.Str(inS2, "id")}).Expect(http.StatusOK)
	expectFields(t, alice.Get(site+"/sections").Expect(http.StatusOK).JSON(), map[string]string{})
	s2Spaces := toMaps(items(alice.Get(site + "/sections").Expect(http.StatusOK).JSON())[1]["siteSpaces"])
	if got := field(s2Spaces, "default"); !slices.Equal(got, []string{"false", "true"}) {
		t.Errorf("s2 defaults = %v", got)
	}
	// Section patch defaultSiteSpace: only one of its own.
	alice.Patch(site+"/sections/"+s1ID, map[string]any{"defaultSiteSpace": resttest.Str(inS2, "id")}).ExpectError(http.StatusBadRequest)
	alice.Patch(site+"/sections/"+s1ID, map[string]any{"defaultSiteSpace": resttest.Str(added, "id")}).Expect(http.StatusOK)

	// Deleting the default section promotes the next section, and its site spaces go with it.
	alice.Delete(site + "/sections/" + s2ID).Expect(http.StatusResetContent)
	sections = items(alice.Get(site + "/sections").Expect(http.StatusOK).JSON())
	if got := field(sections, "default"); !slices.Equal(got, []string{"false", "true"}) {
		t.Errorf("defaults after deleting the default section = %v (%v)", got, field(sections, "path"))
	}
	if got := count(); got != "4" {
		t.Errorf("siteSpaces = %s, want 4", got)
	}

	// A deleted space leaves the count and the lists.
	alice.Delete("/v1/spaces/" + c).Expect(http.StatusResetContent)
	if got := count(); got != "2" {
		t.Errorf("siteSpaces after space delete = %s, want 2", got)
	}
	if got := resttest.Str(alice.Get(site+"/site-spaces").Expect(http.StatusOK).JSON(), "count"); got != "2" {
		t.Errorf("site-spaces count = %s", got)
	}
	alice.Post(site+"/site-spaces", map[string]any{"spaceId": c}).ExpectError(http.StatusBadRequest)
}

func toMaps(v any) []map[string]any {
	var out []map[string]any
	for _, it := range v.([]any) {
		out = append(out, it.(map[string]any))
	}
	return out
}
