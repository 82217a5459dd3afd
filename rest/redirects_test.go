package rest_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"folio/domain"
	"folio/rest/resttest"
	"folio/store"
)

// pageIDs maps the page paths of a space's current revision to page ids.
func pageIDs(t *testing.T, srv *resttest.Server, sp *store.Space) map[string]string {
	t.Helper()
	cur, err := srv.Store.Space(t.Context(), sp.ID)
	if err != nil {
		t.Fatal(err)
	}
	_, paths, err := srv.Store.RevisionPagePaths(t.Context(), sp.OrganizationID, cur.RevisionID)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for id, p := range paths {
		out[p] = id
	}
	return out
}

// siteSpaceIDs maps the site spaces' paths to their ids.
func siteSpaceIDs(t *testing.T, c *resttest.Client, site string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, ss := range items(c.Get(site + "/site-spaces").Expect(http.StatusOK).JSON()) {
		out[ss["path"].(string)] = ss["id"].(string)
	}
	return out
}

func TestSiteRedirects(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	id, guide, _ := readerSite(t, srv, alice, org, "public")
	site := sitesPath(org) + "/" + id
	redirects := site + "/redirects"
	ss := siteSpaceIDs(t, alice, site)
	pages := pageIDs(t, srv, guide)
	deep := map[string]any{"kind": "site-page", "siteSpaceId": ss["guide-v1"], "pageId": pages["setup/deep-dive"]}

	// Create, read back, look up by source.
	r := alice.Post(redirects, map[string]any{"source": "/old-deep", "destination": deep}).Expect(http.StatusCreated).JSON()
	rid := resttest.Str(r, "id")
	if r["object"] != "site-redirect" || r["draft"] != false || r["automatic"] != false || r["permanent"] != false {
		t.Errorf("created: %v", r)
	}
	alice.Post(redirects, map[string]any{"source": "/old-deep", "destination": deep}).Expect(http.StatusConflict)
	got := alice.Get(site + "/redirect?source=/old-deep").Expect(http.StatusOK).JSON()
	if got["target"] != "http://folio.test/sites/"+id+"/docs/guide-v1/setup/deep-dive" {
		t.Errorf("target = %v", got["target"])
	}
	alice.Get(site + "/redirect?source=/nothing").Expect(http.StatusNotFound)

	// Update (source and destination), list, search, delete.
	ext := map[string]any{"kind": "external", "url": "https://example.com/docs"}
	up := alice.Patch(redirects+"/"+rid, map[string]any{"source": "/legacy/*", "destination": ext, "captureWildcard": true}).Expect(http.StatusOK).JSON()
	if up["source"] != "/legacy/*" || up["updatedAt"] == nil || up["destination"].(map[string]any)["url"] != "https://example.com/docs" {
		t.Errorf("updated: %v", up)
	}
	alice.Post(redirects, map[string]any{"source": "/docs/guide-v1/old-setup",
		"destination": map[string]any{"kind": "path", "spaceId": guide.ID, "path": "setup"}}).Expect(http.StatusCreated)
	list := alice.Get(redirects).Expect(http.StatusOK).JSON()
	if n := list["count"]; n != float64(2) {
		t.Errorf("count = %v", n)
	}
	if src := field(items(alice.Get(redirects+"?search=LEGACY").Expect(http.StatusOK).JSON()), "source"); len(src) != 1 || src[0] != "/legacy/*" {
		t.Errorf("search: %v", src)
	}
	gone := alice.Post(redirects, map[string]any{"source": "/gone", "destination": ext}).Expect(http.StatusCreated).JSON()
	alice.Delete(redirects + "/" + resttest.Str(gone, "id")).Expect(http.StatusResetContent)
	alice.Delete(redirects + "/" + resttest.Str(gone, "id")).Expect(http.StatusNoContent)
	alice.Patch(redirects+"/"+resttest.Str(gone, "id"), map[string]any{"draft": true}).Expect(http.StatusNotFound)

	// Validation: clear 400s, never a 500.
	for name, body := range map[string]map[string]any{
		"no-slash":          {"source": "old", "destination": ext},
		"space-in-source":   {"source": "/a b", "destination": ext},
		"star-inside":       {"source": "/a*/b", "destination": ext},
		"only-star":         {"source": "/*", "destination": ext},
		"too-long":          {"source": "/" + strings.Repeat("a", 600), "destination": ext},
		"relative-url":      {"source": "/x", "destination": map[string]any{"kind": "external", "url": "/elsewhere"}},
		"javascript-url":    {"source": "/x", "destination": map[string]any{"kind": "external", "url": "javascript:alert(1)"}},
		"unknown-kind":      {"source": "/x", "destination": map[string]any{"kind": "moon"}},
		"foreign-siteSpace": {"source": "/x", "destination": map[string]any{"kind": "site-space", "siteSpaceId": "nope"}},
		"unknown-page":      {"source": "/x", "destination": map[string]any{"kind": "site-page", "siteSpaceId": ss["guide-v1"], "pageId": "nope"}},
		"missing-page":      {"source": "/x", "destination": map[string]any{"kind": "site-page", "siteSpaceId": ss["guide-v1"]}},
		"unknown-path":      {"source": "/x", "destination": map[string]any{"kind": "path", "spaceId": guide.ID, "path": "nowhere"}},
		"loop":              {"source": "/docs/guide-v1/setup/deep-dive", "destination": deep},
		"loop-no-prefix":    {"source": "/setup/deep-dive", "destination": deep},
		"no-destination":    {"source": "/x"},
	} {
		t.Run(name, func(t *testing.T) {
			msg := alice.In(t).Post(redirects, body).ExpectError(http.StatusBadRequest)
			if msg == "" {
				t.Errorf("no message")
			}
		})
	}

	// The same in GraphQL: the chain source's look-up and a mutation's refusal.
	res := alice.GraphQL(`query($org: ID!, $site: ID!) { organization(id: $org) { site(id: $site) {
		redirect(source: "/docs/guide-v1/old-setup") { target redirect { automatic destination { kind pageId } } } } } }`,
		map[string]any{"org": org, "site": id})
	if want := `{"organization":{"site":{"redirect":{"target":"http://folio.test/sites/` + id + `/docs/guide-v1/setup","redirect":{"automatic":false,"destination":{"kind":"site-page","pageId":"` + pages["setup"] + `"}}}}}}`; string(res.Data) != want {
		t.Errorf("GraphQL look-up = %s (%v)", res.Data, res.Errors)
	}
	res = alice.GraphQL(`mutation($org: ID!, $site: ID!) { createSiteRedirect(organizationId: $org, siteId: $site,
		input: {source: "/y", destination: {kind: "external", url: "ftp://example.com"}}) { id } }`, map[string]any{"org": org, "site": id})
	if len(res.Errors) != 1 || res.Errors[0].Extensions["code"] != "INVALID" {
		t.Errorf("GraphQL refusal: %s %v", res.Data, res.Errors)
	}

	// Chains resolve in one hop: a path destination that is itself a
	// redirect's source takes that redirect's destination.
	hop := alice.Post(redirects, map[string]any{"source": "/chain",
		"destination": map[string]any{"kind": "path", "spaceId": guide.ID, "path": "old-setup"}}).Expect(http.StatusCreated).JSON()
	if d := hop["destination"].(map[string]any); d["kind"] != "site-page" || d["pageId"] != pages["setup"] {
		t.Errorf("chain not resolved: %v", d)
	}
}

func TestSiteRedirectsBulk(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	id, _, _ := readerSite(t, srv, alice, org, "public")
	redirects := sitesPath(org) + "/" + id + "/redirects"
	ext := map[string]any{"kind": "external", "url": "https://example.com/"}

	items1000 := make([]map[string]any, 1000)
	for i := range items1000 {
		items1000[i] = map[string]any{"source": fmt.Sprintf("/old/%d", i), "destination": ext}
	}
	res := alice.Put(redirects, map[string]any{"redirects": items1000}).Expect(http.StatusOK).JSON()
	results := toMaps(res["results"])
	if len(results) != 1000 || results[999]["status"] != "created" || results[0]["id"] == nil {
		t.Fatalf("bulk of 1000: %d results, last %v", len(results), results[len(results)-1])
	}
	if n := alice.Get(redirects + "?limit=1").Expect(http.StatusOK).JSON()["count"]; n != float64(1000) {
		t.Errorf("count = %v", n)
	}
	over := append(items1000, map[string]any{"source": "/one-more", "destination": ext})
	if msg := alice.Put(redirects, map[string]any{"redirects": over}).ExpectError(http.StatusBadRequest); !strings.Contains(msg, "1000") {
		t.Errorf("1001 items: %q", msg)
	}
	alice.Put(redirects, map[string]any{"redirects": []any{}}).Expect(http.StatusBadRequest)
	dup := []map[string]any{{"source": "/a", "destination": ext}, {"source": "/a", "destination": ext}}
	alice.Put(redirects, map[string]any{"redirects": dup}).Expect(http.StatusBadRequest)
	// A source that is no path refuses the request (results echo sources,
	// which must be paths).
	if msg := alice.Put(redirects, map[string]any{"redirects": []map[string]any{{"source": "bad", "destination": ext}}}).ExpectError(http.StatusBadRequest); !strings.Contains(msg, "redirects[0].source") {
		t.Errorf("bad source: %q", msg)
	}

	// Update, delete (null destination), a draft then published, and
	// per-item errors that leave the others applied.
	res = alice.Put(redirects, map[string]any{"redirects": []map[string]any{
		{"source": "/old/1", "destination": map[string]any{"kind": "external", "url": "https://example.org/"}},
		{"source": "/old/2", "destination": nil},
		{"source": "/draft-one", "intent": "draft", "destination": ext},
		{"source": "/bad-destination", "destination": map[string]any{"kind": "site-space", "siteSpaceId": "nope"}},
		{"source": "/never", "destination": nil},
	}}).Expect(http.StatusOK).JSON()
	statuses := field(toMaps(res["results"]), "status")
	if strings.Join(statuses, ",") != "updated,deleted,created,error,error" {
		t.Errorf("statuses = %v", statuses)
	}
	res = alice.Put(redirects, map[string]any{"redirects": []map[string]any{{"source": "/draft-one", "intent": "publish"}}}).Expect(http.StatusOK).JSON()
	if r := toMaps(res["results"])[0]; r["status"] != "published" || r["draft"] != false {
		t.Errorf("publish: %v", r)
	}
	if n := alice.Get(redirects + "?limit=1").Expect(http.StatusOK).JSON()["count"]; n != float64(1000) {
		t.Errorf("count after = %v", n)
	}
}

func TestSiteRedirectsAccess(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	id, _, _ := readerSite(t, srv, alice, org, "public")
	site := sitesPath(org) + "/" + id
	redirects := site + "/redirects"
	ext := map[string]any{"kind": "external", "url": "https://example.com/"}
	rid := resttest.Str(alice.Post(redirects, map[string]any{"source": "/a", "destination": ext}).Expect(http.StatusCreated).JSON(), "id")
	reader := member(t, srv, org, "reader@example.com", rolePtr(domain.RoleRead))
	editor := member(t, srv, org, "editor@example.com", rolePtr(domain.RoleEdit))
	creator := member(t, srv, org, "creator@example.com", rolePtr(domain.RoleCreate))
	guest := member(t, srv, org, "guest@example.com", nil)
	stranger := srv.User("stranger@example.com")
	otherOrg := createOrg(t, stranger, "Other")
	body := map[string]any{"source": "/b", "destination": ext}
	bulk := map[string]any{"redirects": []map[string]any{{"source": "/c", "destination": ext}}}
	cases := []struct {
		name   string
		c      *resttest.Client
		method string
		path   string
		body   any
		status int
	}{
		{"list-reader-200", reader, get, redirects, nil, http.StatusOK},
		{"lookup-reader-200", reader, get, site + "/redirect?source=/a", nil, http.StatusOK},
		{"list-guest-404", guest, get, redirects, nil, http.StatusNotFound},
		{"list-stranger-404", stranger, get, redirects, nil, http.StatusNotFound},
		{"list-foreign-org-404", stranger, get, sitesPath(otherOrg) + "/" + id + "/redirects", nil, http.StatusNotFound},
		{"create-reader-403", reader, post, redirects, body, http.StatusForbidden},
		{"create-edit-role-403", editor, post, redirects, body, http.StatusForbidden},
		{"bulk-reader-403", reader, put, redirects, bulk, http.StatusForbidden},
		{"patch-reader-403", reader, patch, redirects + "/" + rid, map[string]any{"draft": true}, http.StatusForbidden},
		{"delete-reader-403", reader, del, redirects + "/" + rid, nil, http.StatusForbidden},
		{"create-stranger-404", stranger, post, redirects, body, http.StatusNotFound},
		{"create-foreign-org-404", stranger, post, sitesPath(otherOrg) + "/" + id + "/redirects", body, http.StatusNotFound},
		{"patch-foreign-org-404", stranger, patch, sitesPath(otherOrg) + "/" + id + "/redirects/" + rid, map[string]any{"draft": true}, http.StatusNotFound},
		{"create-creator-201", creator, post, redirects, body, http.StatusCreated},
		{"bulk-creator-200", creator, put, redirects, bulk, http.StatusOK},
		{"patch-creator-200", creator, patch, redirects + "/" + rid, map[string]any{"permanent": true}, http.StatusOK},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.c.In(t).Do(c.method, c.path, c.body).Expect(c.status)
		})
	}
}

func TestReaderRedirects(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	id, guide, _ := readerSite(t, srv, alice, org, "public")
	site := sitesPath(org) + "/" + id
	redirects := site + "/redirects"
	ss := siteSpaceIDs(t, alice, site)
	pages := pageIDs(t, srv, guide)
	base := "/sites/" + id
	b := newBrowser(t, srv)
	deep := map[string]any{"kind": "site-page", "siteSpaceId": ss["guide-v1"], "pageId": pages["setup/deep-dive"]}
	alice.Put(redirects, map[string]any{"redirects": []map[string]any{
		{"source": "/old-deep", "destination": deep},
		{"source": "/docs/guide-v1/prefixed", "destination": deep},
		{"source": "/unprefixed", "destination": map[string]any{"kind": "site-space", "siteSpaceId": ss["guide-v2"]}},
		{"source": "/ext/*", "destination": map[string]any{"kind": "external", "url": "https://example.com/new"}, "captureWildcard": true},
		{"source": "/docs/guide-v1/setup", "destination": map[string]any{"kind": "external", "url": "https://example.com/shadowed"}},
		{"source": "/later", "intent": "draft", "destination": deep},
	}}).Expect(http.StatusOK)

	want := func(path, location string) {
		t.Helper()
		p := b.get(base+path).expect(t, http.StatusMovedPermanently)
		if got := p.Header.Get("Location"); got != location {
			t.Errorf("%s → %q, want %q", path, got, location)
		}
	}
	want("/old-deep", base+"/docs/guide-v1/setup/deep-dive")
	want("/docs/guide-v1/prefixed", base+"/docs/guide-v1/setup/deep-dive")
	// Without the source's prefix; and a prefix-less source reached
	// through a site space's prefix.
	want("/prefixed", base+"/docs/guide-v1/setup/deep-dive")
	want("/docs/guide-v1/unprefixed", base+"/docs/guide-v2")
	want("/ext/a/b", "https://example.com/new/a/b")
	// Followed, the destination is a page.
	b.get(base+"/docs/guide-v1/setup/deep-dive").expect(t, http.StatusOK).has(t, "Deep dive")
	// A page is never hidden by a redirect; unknown paths and drafts 404.
	b.get(base+"/docs/guide-v1/setup").expect(t, http.StatusOK).has(t, "Configure the server")
	b.get(base+"/nowhere").expect(t, http.StatusNotFound)
	b.get(base+"/later").expect(t, http.StatusNotFound)

	// The destination follows its page when a merge moves it.
	mergeMove(t, srv, guide, alice.UserID, pages["setup/deep-dive"], "")
	want("/old-deep", base+"/docs/guide-v1/deep-dive")

	// The merge left an automatic redirect from the page's old path (in
	// the one site space that shows the space), listed with its flag.
	want("/docs/guide-v1/setup/deep-dive", base+"/docs/guide-v1/deep-dive")
	var auto map[string]any
	for _, r := range items(alice.Get(redirects + "?search=setup/deep").Expect(http.StatusOK).JSON()) {
		if r["automatic"] == true {
			if auto != nil {
				t.Errorf("two automatic redirects: %v, %v", auto, r)
			}
			auto = r
		}
	}
	if auto == nil || auto["source"] != "/docs/guide-v1/setup/deep-dive" || auto["destination"].(map[string]any)["pageId"] != pages["setup/deep-dive"] {
		t.Fatalf("automatic redirect: %v", auto)
	}
	// Editable (then no longer automatic) and removable.
	autoPath := redirects + "/" + resttest.Str(auto, "id")
	edited := alice.Patch(autoPath, map[string]any{"destination": map[string]any{"kind": "external", "url": "https://example.com/moved"}}).Expect(http.StatusOK).JSON()
	if edited["automatic"] != false {
		t.Errorf("edited redirect still automatic")
	}
	want("/docs/guide-v1/setup/deep-dive", "https://example.com/moved")
	alice.Delete(autoPath).Expect(http.StatusResetContent)
	b.get(base+"/docs/guide-v1/setup/deep-dive").expect(t, http.StatusNotFound)
	// A rename (a new slug) makes one too.
	mergeRename(t, srv, guide, alice.UserID, pages["introduction"], "welcome")
	want("/docs/guide-v1/introduction", base+"/docs/guide-v1/welcome")
	// A redirect someone made from an old path is kept over the automatic one.
	mergeRename(t, srv, guide, alice.UserID, pages["setup"], "configuration")
	want("/docs/guide-v1/setup", "https://example.com/shadowed")
}

// mergeRename gives a page a new slug through a merged change request.
func mergeRename(t *testing.T, srv *resttest.Server, sp *store.Space, userID, pageID, slug string) {
	t.Helper()
	ctx := t.Context()
	cr, err := srv.Store.CreateChangeRequest(ctx, sp, userID, "rename")
	if err != nil {
		t.Fatal(err)
	}
	c := store.PageChange{Operation: store.OpUpdatePage, Page: pageID, Slug: &slug}
	if _, err := srv.Store.UpdateChangeRequestContent(ctx, sp.ID, cr.ID, userID, []store.PageChange{c}); err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Store.MergeChangeRequest(ctx, sp.ID, cr.ID, userID); err != nil {
		t.Fatal(err)
	}
}

// mergeMove moves a page to the top level (into "") through a merged
// change request.
func mergeMove(t *testing.T, srv *resttest.Server, sp *store.Space, userID, pageID, into string) {
	t.Helper()
	ctx := t.Context()
	cr, err := srv.Store.CreateChangeRequest(ctx, sp, userID, "move")
	if err != nil {
		t.Fatal(err)
	}
	c := store.PageChange{Operation: store.OpUpdatePage, Page: pageID, SetInto: true}
	if into != "" {
		c.Into = &into
	}
	if _, err := srv.Store.UpdateChangeRequestContent(ctx, sp.ID, cr.ID, userID, []store.PageChange{c}); err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Store.MergeChangeRequest(ctx, sp.ID, cr.ID, userID); err != nil {
		t.Fatal(err)
	}
}
