package rest_test

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/golang-jwt/jwt/v5"

	"folio/rest/resttest"
)

// publishedEntryQuery reads a published site found by id, with its view
// and the content of one site space of it.
const publishedEntryQuery = `query($id: ID!, $key: String, $token: String, $claims: JSON, $ss: ID!, $path: String!) {
  publishedSiteById(id: $id) {
    id visibility basename hostname
    view(shareKey: $key, visitorToken: $token, unsignedClaims: $claims) {
      site { id title }
      unsignedClaimsAccepted
      siteSpaceContents { siteSpaceId }
      siteSpaceContent(siteSpaceId: $ss) {
        siteSpaceId spaceId revisionId
        pages { id title hidden path pages { id title } }
        page(path: $path, format: markdown) { id title markdown }
        files { id name contentType size sha256 }
        search(query: "zebra") { count items { title path sections { id title body } } }
      }
    }
  }
}`

type publishedEntryData struct {
	PublishedSiteByID *struct {
		ID, Visibility     string
		Basename, Hostname *string
		View               *struct {
			Site                   struct{ ID, Title string }
			UnsignedClaimsAccepted bool
			SiteSpaceContents      []struct{ SiteSpaceID string }
			SiteSpaceContent       *struct {
				SiteSpaceID, SpaceID, RevisionID string
				Pages                            []struct {
					ID, Title, Path string
					Hidden          bool
					Pages           []struct{ ID, Title string }
				}
				Page  *struct{ ID, Title, Markdown string }
				Files []struct {
					ID, Name, ContentType, Sha256 string
					Size                          int
				}
				Search struct {
					Count int
					Items []struct{ Title, Path string }
				}
			}
		}
	}
}

// TestPublishedContent reads published content as any client would,
// through /graphql: a published site found by id or hostname, the view its
// audience is admitted to (public, share-link, visitor-auth, conditions,
// unsigned claims), the content of the site spaces that view shows (page
// tree, a page's markdown, files, search), and spaces published on their
// own. What the view does not show, and what an outsider may not read of
// a space, stays out of reach.
func TestPublishedContent(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	stranger := srv.User("stranger@example.com")
	anon := srv.Anonymous()

	guide := createSpaceID(t, alice, org, map[string]any{"title": "Guide"})
	cr := resttest.Str(newCR(t, alice, guide, "pages"), "id")
	var files contentUpdate
	alice.Post("/v1/spaces/"+guide+"/change-requests/"+cr+"/content", map[string]any{"changes": []any{
		map[string]any{"operation": "insert_files", "files": []any{
			map[string]any{"name": "dot.png", "contentType": "image/png", "base64": base64.StdEncoding.EncodeToString(pngBytes(t, 2, 2))},
		}},
	}}).Expect(http.StatusOK).Decode(&files)
	secret := insert("secret", "", "# Secret\n\nHidden first page.\n")
	secret["hidden"] = true
	ids := edit(t, alice, guide, cr, secret, insert("start", "", "# Start\n\nStart here with the zebra.\n"),
		insert("deep", "start", "# Deep\n\nBelow.\n"))
	alice.Post("/v1/spaces/"+guide+"/change-requests/"+cr+"/merge", nil).Expect(http.StatusOK)
	beta := createSpaceID(t, alice, org, map[string]any{"title": "Beta"})

	siteID := resttest.Str(createSite(t, alice, org, map[string]any{"title": "Docs", "visibility": "public"}), "id")
	site := sitesPath(org) + "/" + siteID
	docs := resttest.Str(alice.Post(site+"/sections", map[string]any{"spaceId": guide, "title": "Docs"}).Expect(http.StatusCreated).JSON(), "id")
	betaSec := resttest.Str(alice.Post(site+"/sections", map[string]any{"spaceId": beta, "title": "Beta"}).Expect(http.StatusCreated).JSON(), "id")
	alice.Patch(site+"/sections/"+betaSec, map[string]any{"condition": "visitor.claims.unsigned.beta == true"}).Expect(http.StatusOK)
	alice.Put(site+"/adaptive-schema", map[string]any{"jsonSchema": map[string]any{
		"type": "object", "additionalProperties": false,
		"properties": map[string]any{"unsigned": map[string]any{"type": "object", "description": "Unsigned claims of the site visitor.", "additionalProperties": false,
			"properties": map[string]any{"beta": map[string]any{"type": "boolean", "description": "Beta tester"}}}},
	}}).Expect(http.StatusOK)
	siteSpaceOf := func(section string) string {
		for _, ss := range items(alice.Get(site + "/site-spaces").Expect(http.StatusOK).JSON()) {
			if resttest.Str(ss, "section") == section {
				return resttest.Str(ss, "id")
			}
		}
		t.Fatalf("no site space in section %s", section)
		return ""
	}
	docsSS, betaSS := siteSpaceOf(docs), siteSpaceOf(betaSec)

	read := func(c *resttest.Client, vars map[string]any) (publishedEntryData, resttest.GraphQLResult) {
		t.Helper()
		all := map[string]any{"id": siteID, "ss": docsSS, "path": ""}
		for k, v := range vars {
			all[k] = v
		}
		res := c.GraphQL(publishedEntryQuery, all)
		var d publishedEntryData
		if err := json.Unmarshal(res.Data, &d); err != nil {
			t.Fatalf("%v: %s", err, res.Data)
		}
		return d, res
	}

	// Unpublished, the site is found by nobody, its admin included.
	for _, c := range []*resttest.Client{alice, stranger} {
		if d, res := read(c, nil); d.PublishedSiteByID != nil || len(res.Errors) > 0 {
			t.Errorf("an unpublished site was found: %s %v", res.Data, res.Errors)
		}
	}
	alice.Post(site+"/publish", nil).Expect(http.StatusOK)
	if res := anon.GraphQL(publishedEntryQuery, map[string]any{"id": siteID, "ss": docsSS, "path": ""}); !hasCode(res, "UNAUTHENTICATED") {
		t.Errorf("anonymous: %s %v", res.Data, res.Errors)
	}
	if d, res := read(stranger, map[string]any{"id": "nope"}); d.PublishedSiteByID != nil || len(res.Errors) > 0 {
		t.Errorf("an unknown id was found: %s", res.Data)
	}

	// A stranger reads the public site's visible content.
	d, res := read(stranger, nil)
	if len(res.Errors) > 0 {
		t.Fatalf("errors: %v", res.Errors)
	}
	e := d.PublishedSiteByID
	if e.ID != siteID || e.Visibility != "public" || e.Basename != nil || e.Hostname != nil || e.View.Site.Title != "Docs" || e.View.UnsignedClaimsAccepted {
		t.Errorf("entry: %s", res.Data)
	}
	c := e.View.SiteSpaceContent
	if c == nil || c.SiteSpaceID != docsSS || c.SpaceID != guide || c.RevisionID == "" {
		t.Fatalf("content: %s", res.Data)
	}
	if len(c.Pages) != 2 || !c.Pages[0].Hidden || c.Pages[1].Path != "start" || len(c.Pages[1].Pages) != 1 || c.Pages[1].Pages[0].Title != "Deep" {
		t.Errorf("pages: %+v", c.Pages)
	}
	// The empty path is the first page a reader opens: not the hidden one.
	if c.Page == nil || c.Page.ID != ids["start"] || !strings.Contains(c.Page.Markdown, "Start here with the zebra.") {
		t.Errorf("first page: %+v", c.Page)
	}
	if len(c.Files) != 1 || c.Files[0].Name != "dot.png" || c.Files[0].ContentType != "image/png" || len(c.Files[0].Sha256) != 64 || c.Files[0].Size == 0 {
		t.Errorf("files: %+v", c.Files)
	}
	if c.Search.Count != 1 || c.Search.Items[0].Title != "Start" {
		t.Errorf("search: %+v", c.Search)
	}
	if got := e.View.SiteSpaceContents; len(got) != 1 || got[0].SiteSpaceID != docsSS {
		t.Errorf("visible contents without claims: %+v", got)
	}
	for path, want := range map[string]string{"start/deep": ids["deep"], "/start/": ids["start"], "secret": ids["secret"], "nope": "", "start/nope": ""} {
		d, _ := read(stranger, map[string]any{"path": path})
		got := d.PublishedSiteByID.View.SiteSpaceContent.Page
		if want == "" && got != nil || want != "" && (got == nil || got.ID != want) {
			t.Errorf("page(path: %q) = %+v, want %q", path, got, want)
		}
	}

	// A conditional site space: out of reach until the claims it needs are
	// given and the adaptive schema keeps them.
	if d, res := read(stranger, map[string]any{"ss": betaSS}); d.PublishedSiteByID.View.SiteSpaceContent != nil {
		t.Errorf("a hidden site space's content was read: %s", res.Data)
	}
	d, res = read(stranger, map[string]any{"ss": betaSS, "claims": map[string]any{"beta": true}})
	if v := d.PublishedSiteByID.View; !v.UnsignedClaimsAccepted || v.SiteSpaceContent == nil || v.SiteSpaceContent.SpaceID != beta || len(v.SiteSpaceContents) != 2 {
		t.Errorf("with the claims: %s %v", res.Data, res.Errors)
	}
	if d, res := read(stranger, map[string]any{"ss": betaSS, "claims": map[string]any{"beta": "yes"}}); d.PublishedSiteByID.View.UnsignedClaimsAccepted ||
		d.PublishedSiteByID.View.SiteSpaceContent != nil {
		t.Errorf("claims the schema refuses were kept: %s", res.Data)
	}
	// The check of one site space agrees with the whole structure's.
	all := items(alice.Get(site + "/site-spaces").Expect(http.StatusOK).JSON())
	for _, claims := range []any{nil, map[string]any{"beta": true}, map[string]any{"beta": false}} {
		d, _ := read(stranger, map[string]any{"claims": claims})
		visible := map[string]bool{}
		for _, c := range d.PublishedSiteByID.View.SiteSpaceContents {
			visible[c.SiteSpaceID] = true
		}
		for _, ss := range all {
			id := resttest.Str(ss, "id")
			d, _ := read(stranger, map[string]any{"claims": claims, "ss": id})
			if got := d.PublishedSiteByID.View.SiteSpaceContent != nil; got != visible[id] {
				t.Errorf("claims %v: site space %s readable %v, in the structure %v", claims, id, got, visible[id])
			}
		}
	}
	if _, res := read(stranger, map[string]any{"claims": "beta"}); !hasCode(res, "INVALID") {
		t.Errorf("claims that are not an object: %v", res.Errors)
	}

	// The view does not loosen what an outsider may read of a space.
	spaceRev := `query($id: ID!) { publishedSiteById(id: $id) { view { structure { structure { ... on SiteSection { siteSpaces { space { revision { id } } } } } } } } }`
	if res := stranger.GraphQL(spaceRev, map[string]any{"id": siteID}); !hasCode(res, "FORBIDDEN") {
		t.Errorf("a stranger read a space's revision: %s", res.Data)
	}
	// publishedSite answers the same content to its audience.
	viaOrg := `query($org: ID!, $id: ID!, $ss: ID!) { publishedSite(organizationId: $org, siteId: $id) { unsignedClaimsAccepted siteSpaceContent(siteSpaceId: $ss) { page(path: "start") { id } } } }`
	if res := stranger.GraphQL(viaOrg, map[string]any{"org": org, "id": siteID, "ss": docsSS}); len(res.Errors) > 0 || !strings.Contains(string(res.Data), ids["start"]) {
		t.Errorf("publishedSite: %s %v", res.Data, res.Errors)
	}

	// By hostname, without regard to case; not once unpublished.
	alice.Patch(site, map[string]any{"hostname": "docs.acme.example", "basename": "handbook"}).Expect(http.StatusOK)
	byHost := `query($h: String!) { publishedSiteByHostname(hostname: $h) { id basename hostname } }`
	if res := stranger.GraphQL(byHost, map[string]any{"h": "Docs.ACME.example"}); !strings.Contains(string(res.Data), `"id":"`+siteID+`","basename":"handbook","hostname":"docs.acme.example"`) {
		t.Errorf("by hostname: %s %v", res.Data, res.Errors)
	}
	if res := stranger.GraphQL(byHost, map[string]any{"h": "other.acme.example"}); string(res.Data) != `{"publishedSiteByHostname":null}` {
		t.Errorf("an unknown hostname: %s", res.Data)
	}
	alice.Post(site+"/unpublish", nil).Expect(http.StatusOK)
	if res := alice.GraphQL(byHost, map[string]any{"h": "docs.acme.example"}); string(res.Data) != `{"publishedSiteByHostname":null}` {
		t.Errorf("an unpublished site by hostname: %s", res.Data)
	}
}

// TestPublishedContentAudience: the content of a share-link or visitor-auth
// site is read only by the audience the site's view admits; unsigned
// claims open nothing.
func TestPublishedContentAudience(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	stranger := srv.User("stranger@example.com")
	guide := spaceWithDocs(t, srv, org, "Guide", "private", []readerDoc{{"start", "", "# Start\n\nThe zebra.\n"}})
	const query = `query($id: ID!, $key: String, $token: String, $claims: JSON) {
  publishedSiteById(id: $id) { visibility view(shareKey: $key, visitorToken: $token, unsignedClaims: $claims) { siteSpaceContents { page(path: "", format: markdown) { markdown } } } }
}`
	open := func(visibility string) string {
		id := resttest.Str(createSite(t, alice, org, map[string]any{"title": "Docs", "visibility": visibility, "spaces": []string{guide.ID}}), "id")
		alice.Post(sitesPath(org)+"/"+id+"/publish", nil).Expect(http.StatusOK)
		return id
	}
	check := func(name, id string, vars map[string]any, wantCode string) {
		t.Helper()
		all := map[string]any{"id": id}
		for k, v := range vars {
			all[k] = v
		}
		res := stranger.GraphQL(query, all)
		read := strings.Contains(string(res.Data), "The zebra.")
		switch {
		case wantCode == "" && (!read || len(res.Errors) > 0):
			t.Errorf("%s: refused: %s %v", name, res.Data, res.Errors)
		case wantCode != "" && (read || !hasCode(res, wantCode) || !strings.Contains(string(res.Data), `"view":null`)):
			t.Errorf("%s: want %s, got %s %v", name, wantCode, res.Data, res.Errors)
		}
	}

	shared := open("share-link")
	link := alice.Post(sitesPath(org)+"/"+shared+"/share-links", map[string]any{"name": "Partners"}).Expect(http.StatusCreated).JSON()
	published := resttest.Str(link, "urls.published")
	key := published[strings.Index(published, "?share=")+len("?share="):]
	check("share-link/no-key", shared, nil, "FORBIDDEN")
	check("share-link/wrong-key", shared, map[string]any{"key": "nope"}, "FORBIDDEN")
	check("share-link/claims", shared, map[string]any{"claims": map[string]any{"x": 1}}, "FORBIDDEN")
	check("share-link/key", shared, map[string]any{"key": key}, "")
	check("share-link/long-key", shared, map[string]any{"key": strings.Repeat("k", 257)}, "INVALID")
	alice.Patch(sitesPath(org)+"/"+shared+"/share-links/"+resttest.Str(link, "id"), map[string]any{"active": false}).Expect(http.StatusOK)
	check("share-link/inactive-key", shared, map[string]any{"key": key}, "FORBIDDEN")

	// A share key means nothing to a public site, however long.
	public := open("public")
	check("public/long-key", public, map[string]any{"key": strings.Repeat("k", 300)}, "")
	// A site without sections shows its root site spaces.
	root := resttest.Str(items(alice.Get(sitesPath(org) + "/" + public + "/site-spaces").Expect(http.StatusOK).JSON())[0], "id")
	one := `query($id: ID!, $ss: ID!) { publishedSiteById(id: $id) { view { siteSpaceContent(siteSpaceId: $ss) { spaceId } } } }`
	if res := stranger.GraphQL(one, map[string]any{"id": public, "ss": root}); !strings.Contains(string(res.Data), guide.ID) {
		t.Errorf("a root site space: %s %v", res.Data, res.Errors)
	}
	// Another site's site space is not this site's.
	other := open("public")
	if res := stranger.GraphQL(one, map[string]any{"id": other, "ss": root}); len(res.Errors) > 0 || strings.Contains(string(res.Data), guide.ID) {
		t.Errorf("a site space of another site: %s %v", res.Data, res.Errors)
	}

	visitors := open("visitor-auth")
	secret := []byte(strings.Repeat("s", 40))
	alice.Put(sitesPath(org)+"/"+visitors+"/visitor-key", map[string]any{"algorithm": "HS256", "key": string(secret)}).Expect(http.StatusOK)
	check("visitor-auth/no-token", visitors, nil, "FORBIDDEN")
	check("visitor-auth/claims", visitors, map[string]any{"claims": map[string]any{"beta": true}}, "FORBIDDEN")
	check("visitor-auth/bad-token", visitors, map[string]any{"token": sign(t, jwt.SigningMethodHS256, []byte(strings.Repeat("x", 40)), fresh(jwt.MapClaims{}))}, "FORBIDDEN")
	check("visitor-auth/token", visitors, map[string]any{"token": sign(t, jwt.SigningMethodHS256, secret, fresh(jwt.MapClaims{"sub": "v"}))}, "")
}

// TestPublishedSpace: a public or unlisted space is published on its own,
// content included; no other space is.
func TestPublishedSpace(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	stranger := srv.User("stranger@example.com")
	const query = `query($id: ID!) { publishedSpace(id: $id) { id title emoji visibility content { siteSpaceId spaceId page(path: "start", format: markdown) { markdown } search(query: "zebra") { count } } } }`
	for _, vis := range []string{"public", "unlisted", "private", "share-link", "visitor-auth"} {
		sp := spaceWithDocs(t, srv, org, "Space "+vis, "private", []readerDoc{{"start", "", "# Start\n\nThe zebra.\n"}})
		alice.Patch("/v1/spaces/"+sp.ID, map[string]any{"visibility": vis}).Expect(http.StatusOK)
		res := stranger.GraphQL(query, map[string]any{"id": sp.ID})
		var d struct {
			PublishedSpace *struct {
				ID, Title, Visibility string
				Content               struct {
					SiteSpaceID *string
					SpaceID     string
					Page        struct{ Markdown string }
					Search      struct{ Count int }
				}
			}
		}
		if err := json.Unmarshal(res.Data, &d); err != nil || len(res.Errors) > 0 {
			t.Fatalf("%s: %s %v", vis, res.Data, res.Errors)
		}
		p := d.PublishedSpace
		if !slices.Contains([]string{"public", "unlisted"}, vis) {
			if p != nil {
				t.Errorf("a %s space was published: %s", vis, res.Data)
			}
			continue
		}
		if p == nil || p.ID != sp.ID || p.Visibility != vis || p.Content.SiteSpaceID != nil || p.Content.SpaceID != sp.ID ||
			!strings.Contains(p.Content.Page.Markdown, "The zebra.") || p.Content.Search.Count != 1 {
			t.Errorf("%s: %s", vis, res.Data)
		}
	}
	if res := srv.Anonymous().GraphQL(query, map[string]any{"id": "x"}); !hasCode(res, "UNAUTHENTICATED") {
		t.Errorf("anonymous: %v", res.Errors)
	}
}
