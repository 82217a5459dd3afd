package rest_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"folio/internal/fetch"
	"folio/rest"
	"folio/rest/resttest"
	"folio/service/siteimport"
)

// docSite serves a small documentation site: nested pages, images, cross
// links, a broken link, an off-site link, a link out of the imported path
// and a PDF.
func docSite(t *testing.T) *httptest.Server {
	t.Helper()
	png := pngBytes(t, 4, 3)
	page := func(title, body string) string {
		return "<!doctype html><html><head><title>" + title + " | Acme</title><script>var x = 1;</script></head><body>" +
			`<nav><a href="/docs/nav-only.html">Menu</a></nav><header>Acme header</header>` + body + "<footer>Footer text</footer></body></html>"
	}
	pages := map[string]string{
		"/docs/": page("Home", `<main><h1>Welcome</h1><p>Start with the <a href="guide/">guide</a> or the <a href="faq.html#why">FAQ</a>.</p>`+
			`<p><img src="/static/logo.png" alt="Logo"></p>`+
			`<p><a href="missing.html">Broken</a>, <a href="https://example.com/elsewhere">Elsewhere</a>, <a href="manual.pdf">Manual</a>, <a href="/blog/post.html">Blog</a>.</p></main>`),
		"/docs/guide/":             page("Guide", `<main><h1>Guide</h1><p>Read <a href="install.html">how to install</a>.</p></main>`),
		"/docs/guide/install.html": page("Install", `<article><h1>Install</h1><p>Run <code>make</code>. Back to the <a href="./">guide</a>.</p><img src="shot.png" alt="Shot"></article>`),
		"/docs/faq.html":           page("FAQ", `<main><h1>FAQ</h1><h2 id="why">Why?</h2><p>Because it works.</p></main>`),
		"/blog/post.html":          page("Post", `<main><h1>Post</h1></main>`),
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch p := r.URL.Path; {
		case p == "/docs":
			http.Redirect(w, r, "/docs/", http.StatusMovedPermanently)
		case pages[p] != "":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write([]byte(pages[p]))
		case p == "/static/logo.png" || p == "/docs/guide/shot.png":
			w.Header().Set("Content-Type", "image/png")
			w.Write(png)
		case p == "/docs/manual.pdf":
			w.Header().Set("Content-Type", "application/pdf")
			w.Write([]byte("%PDF-1.4"))
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// allowLocal lets imports reach the local test site.
func allowLocal(cfg *rest.Config) {
	cfg.Import = siteimport.Config{Fetch: fetch.Config{AllowPrivate: true, Timeout: 10 * time.Second}}
}

type importResult struct {
	Revision                          string
	ImportedResources, TotalResources int
}

func TestImportWebsite(t *testing.T) {
	site := docSite(t)
	srv := resttest.NewWith(t, allowLocal)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})
	base := "/v1/spaces/" + space

	var res importResult
	alice.Post(base+"/content/import", map[string]any{"url": site.URL + "/docs", "source": "website"}).Expect(http.StatusCreated).Decode(&res)
	// 4 pages and 2 images imported; also found: the missing page and the PDF.
	if res.ImportedResources != 6 || res.TotalResources != 8 {
		t.Errorf("resources: %+v", res)
	}
	content := alice.Get(base + "/content").Expect(http.StatusOK).JSON()
	if resttest.Str(content, "id") != res.Revision {
		t.Errorf("current revision %s, import wrote %s", resttest.Str(content, "id"), res.Revision)
	}
	ps := pagesAt(t, alice, base+"/content/pages")
	if got := outline(ps); got != "Welcome(welcome) Guide(guide)[Install(guide/install)] FAQ(faq)" {
		t.Fatalf("tree: %s", got)
	}
	id := map[string]string{}
	for _, p := range ps {
		id[p.Title] = p.ID
		for _, c := range p.Pages {
			id[c.Title] = c.ID
			if c.Path != "guide/install" {
				t.Errorf("install path = %s", c.Path)
			}
		}
	}
	var files struct {
		Items []struct{ ID, Name, ContentType string }
	}
	alice.Get(base + "/content/files").Expect(http.StatusOK).Decode(&files)
	fileID := map[string]string{}
	for _, f := range files.Items {
		fileID[f.Name] = f.ID
		if f.ContentType != "image/png" {
			t.Errorf("file %+v", f)
		}
	}
	if len(fileID) != 2 {
		t.Fatalf("files: %+v", files)
	}
	markdown := func(pageID string) string {
		return resttest.Str(alice.Get(base+"/content/page/"+pageID+"?format=markdown").Expect(http.StatusOK).JSON(), "markdown")
	}
	home := markdown(id["Welcome"])
	for _, want := range []string{
		"# Welcome",
		"[guide](/pages/" + id["Guide"] + ")",
		"[FAQ](/pages/" + id["FAQ"] + "#why)",
		"![Logo](/files/" + fileID["logo.png"] + ")",
		"[Broken](" + site.URL + "/docs/missing.html)",
		"[Elsewhere](https://example.com/elsewhere)",
		"[Manual](" + site.URL + "/docs/manual.pdf)",
		"[Blog](" + site.URL + "/blog/post.html)",
	} {
		if !strings.Contains(home, want) {
			t.Errorf("home markdown lacks %q:\n%s", want, home)
		}
	}
	for _, unwanted := range []string{"Menu", "Acme header", "Footer text", "var x"} {
		if strings.Contains(home, unwanted) {
			t.Errorf("home markdown keeps %q:\n%s", unwanted, home)
		}
	}
	install := markdown(id["Install"])
	if !strings.Contains(install, "[guide](/pages/"+id["Guide"]+")") || !strings.Contains(install, "![Shot](/files/"+fileID["shot.png"]+")") ||
		!strings.Contains(install, "Run `make`.") {
		t.Errorf("install markdown:\n%s", install)
	}
	// Imported content is linked, searchable and has backlinks like any other.
	var links linkList
	alice.Get(base + "/links?status=broken").Expect(http.StatusOK).Decode(&links)
	if links.Stats.Total == 0 || len(links.Items) != 0 {
		t.Errorf("imported links: %+v", links)
	}
	if got := titles(searchSpace(t, alice, space, "works").Items); got != "FAQ" {
		t.Errorf("search imported: %s", got)
	}

	// Into a change request: its head moves, the space does not.
	cr := resttest.Str(newCR(t, alice, space, "import"), "id")
	var crRes importResult
	alice.Post(base+"/change-requests/"+cr+"/content/import", map[string]any{"url": site.URL + "/docs/guide/", "source": "website"}).
		Expect(http.StatusCreated).Decode(&crRes)
	if got := resttest.Str(alice.Get(base+"/change-requests/"+cr).Expect(http.StatusOK).JSON(), "revision"); got != crRes.Revision {
		t.Errorf("change request revision %s, import wrote %s", got, crRes.Revision)
	}
	if got := outline(pagesAt(t, alice, base+"/change-requests/"+cr+"/content/pages")); got != "Welcome(welcome) Guide(guide)[Install(guide/install)] FAQ(faq) Guide(guide-2) Install(install)" {
		t.Errorf("change request tree: %s", got)
	}
	if resttest.Str(alice.Get(base+"/content").Expect(http.StatusOK).JSON(), "id") != res.Revision {
		t.Error("the space moved")
	}

	// Bad input, roles and a locked space.
	alice.Post(base+"/content/import", map[string]any{"url": site.URL + "/docs/", "source": "github"}).ExpectError(http.StatusBadRequest)
	alice.Post(base+"/content/import", map[string]any{"url": "ftp://example.com/", "source": "website"}).ExpectError(http.StatusBadRequest)
	alice.Post(base+"/content/import", map[string]any{"url": site.URL + "/docs/manual.pdf", "source": "website"}).ExpectError(http.StatusBadRequest)
	alice.Post(base+"/content/import", map[string]any{"url": site.URL + "/nothing-here", "source": "website"}).ExpectError(http.StatusBadRequest)
	reader := member(t, srv, org, "reader@example.com", rolePtr("read"))
	reader.Post(base+"/content/import", map[string]any{"url": site.URL + "/docs/", "source": "website"}).ExpectError(http.StatusForbidden)
	alice.Patch(base, map[string]any{"editMode": "locked"}).Expect(http.StatusOK)
	alice.Post(base+"/content/import", map[string]any{"url": site.URL + "/docs/", "source": "website"}).ExpectError(http.StatusConflict)
	if resttest.Str(alice.Get(base+"/content").Expect(http.StatusOK).JSON(), "id") != res.Revision {
		t.Error("a refused import wrote a revision")
	}
}

func TestImportPageLimit(t *testing.T) {
	site := docSite(t)
	srv := resttest.NewWith(t, func(cfg *rest.Config) {
		allowLocal(cfg)
		cfg.Import.MaxPages = 2
	})
	alice := srv.User("alice@example.com")
	space := createSpaceID(t, alice, createOrg(t, alice, "Acme"), map[string]any{"title": "Docs"})
	var res importResult
	alice.Post("/v1/spaces/"+space+"/content/import", map[string]any{"url": site.URL + "/docs/", "source": "website"}).Expect(http.StatusCreated).Decode(&res)
	if got := outline(pagesAt(t, alice, "/v1/spaces/"+space+"/content/pages")); got != "Welcome(welcome) Guide(guide)" {
		t.Errorf("tree: %s", got)
	}
	// Two pages and the logo imported; the other pages found are counted.
	if res.ImportedResources != 3 || res.TotalResources != 7 {
		t.Errorf("resources: %+v", res)
	}
}

// TestImportPrivateAddressRefused: without the setting, a loopback address
// is refused, whether written as an IP or as a name that resolves to one
// (localhost: the check runs on the address dialled, after resolution, so
// it holds for any name, DNS rebinding included). Nothing is written.
func TestImportPrivateAddressRefused(t *testing.T) {
	site := docSite(t)
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	space := createSpaceID(t, alice, createOrg(t, alice, "Acme"), map[string]any{"title": "Docs"})
	before := resttest.Str(alice.Get("/v1/spaces/"+space+"/content").Expect(http.StatusOK).JSON(), "id")
	named := strings.Replace(site.URL, "127.0.0.1", "localhost", 1)
	for _, u := range []string{site.URL + "/docs/", named + "/docs/", "http://169.254.169.254/latest/meta-data/"} {
		msg := alice.Post("/v1/spaces/"+space+"/content/import", map[string]any{"url": u, "source": "website"}).ExpectError(http.StatusBadRequest)
		if !strings.Contains(msg, "not an address Folio may fetch") {
			t.Errorf("%s: %q", u, msg)
		}
	}
	if got := resttest.Str(alice.Get("/v1/spaces/"+space+"/content").Expect(http.StatusOK).JSON(), "id"); got != before {
		t.Error("a refused import wrote a revision")
	}
}
