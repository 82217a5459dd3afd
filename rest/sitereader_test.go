package rest_test

import (
	"encoding/base64"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/golang-jwt/jwt/v5"

	"folio/rest/resttest"
	"folio/store"
)

// readerDoc is a page to seed: its ref, its parent's ref ("" top level) and
// its markdown.
type readerDoc struct{ ref, into, md string }

// spaceWithDocs makes a space of this visibility whose current revision
// holds docs, in order.
func spaceWithDocs(t testing.TB, srv *resttest.Server, org, title string, vis store.Visibility, docs []readerDoc) *store.Space {
	t.Helper()
	ctx := t.Context()
	s := srv.Store
	u, err := s.EnsureUser(ctx, "seed@example.com", "")
	if err != nil {
		t.Fatal(err)
	}
	sp, err := s.CreateSpace(ctx, org, store.NewSpace{Title: title, Visibility: vis})
	if err != nil {
		t.Fatal(err)
	}
	mergeDocs(t, srv, sp, u.ID, docs)
	sp, err = s.Space(ctx, sp.ID)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

// mergeDocs adds docs to a space through a merged change request.
func mergeDocs(t testing.TB, srv *resttest.Server, sp *store.Space, userID string, docs []readerDoc) {
	t.Helper()
	ctx := t.Context()
	s := srv.Store
	cr, err := s.CreateChangeRequest(ctx, sp, userID, "pages")
	if err != nil {
		t.Fatal(err)
	}
	var changes []store.PageChange
	for _, d := range docs {
		md := d.md
		c := store.PageChange{Operation: store.OpInsertPage, Ref: d.ref, Markdown: &md}
		if d.into != "" {
			into := d.into
			c.Into = &into
		}
		changes = append(changes, c)
	}
	if _, err := s.UpdateChangeRequestContent(ctx, sp.ID, cr.ID, userID, changes); err != nil {
		t.Fatal(err)
	}
	if _, err := s.MergeChangeRequest(ctx, sp.ID, cr.ID, userID); err != nil {
		t.Fatal(err)
	}
}

// browser is an HTTP client with cookies that does not follow redirects,
// speaking to a server as a reader's browser would (no API token).
type browser struct {
	t    testing.TB
	base string
	c    *http.Client
}

func newBrowser(t testing.TB, srv *resttest.Server) *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{t: t, base: srv.URL, c: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}}
}

type webPage struct {
	Status     int
	Header     http.Header
	Body       string
	Statements int
}

func (b *browser) get(path string, header ...string) webPage {
	b.t.Helper()
	req, err := http.NewRequest(http.MethodGet, b.base+path, nil)
	if err != nil {
		b.t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := b.c.Do(req)
	if err != nil {
		b.t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	n, _ := strconv.Atoi(resp.Header.Get("X-Folio-Statements"))
	return webPage{Status: resp.StatusCode, Header: resp.Header, Body: string(raw), Statements: n}
}

// expect fails unless the page has this status.
func (p webPage) expect(t testing.TB, status int) webPage {
	t.Helper()
	if p.Status != status {
		t.Fatalf("status %d, want %d: %.1500s", p.Status, status, p.Body)
	}
	return p
}

func (p webPage) has(t testing.TB, parts ...string) {
	t.Helper()
	for _, s := range parts {
		if !strings.Contains(p.Body, s) {
			t.Errorf("page lacks %q:\n%.6000s", s, p.Body)
		}
	}
}

func (p webPage) hasNot(t testing.TB, parts ...string) {
	t.Helper()
	for _, s := range parts {
		if strings.Contains(p.Body, s) {
			t.Errorf("page has %q:\n%.6000s", s, p.Body)
		}
	}
}

const guideIntro = "# Introduction\n\nWelcome to **Folio**. <script>alert('x')</script><img src=x onerror=alert(1)> <b>bold</b>\n\n" +
	"## Getting started\n\nInstall it:\n\n```go\nfunc main() { fmt.Println(\"hi\") }\n```\n\n" +
	"| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n[bad](javascript:alert(1)) ~~old~~\n\n" +
	"### Details & more\n\nText.\n\n## Getting started\n\nAgain.\n\n<iframe src=\"https://evil.example\"></iframe>\n"

const setupDoc = "# Setup\n\nConfigure the server, start it, and publish your first site.\n\n" +
	"## Install\n\nBuild the binary and start it on an embedded database:\n\n" +
	"```sh\nmake build\n./bin/folio serve --addr :8080\n```\n\n" +
	"## Configure\n\n| Variable | Default | Meaning |\n|---|---|---|\n| `DATABASE_URL` | embedded | The PostgreSQL to use |\n| `FOLIO_PUBLIC_URL` | `http://localhost:8080` | The base of every URL |\n\n" +
	"> Sites are served at their `urls.published`: `/sites/{siteId}`.\n\n" +
	"### From Go\n\n```go\nresp, err := http.Get(base + \"/v1/orgs\")\nif err != nil {\n\treturn err\n}\n```\n\n## Next steps\n\nRead on, or see [the GitBook API](https://gitbook.com/docs/developers).\n"

// readerSite makes a published site with two sections (one in a group),
// the first holding two variants, and returns its id and spaces.
func readerSite(t *testing.T, srv *resttest.Server, alice *resttest.Client, org, visibility string) (string, *store.Space, *store.Space) {
	t.Helper()
	guide := spaceWithDocs(t, srv, org, "Guide <v1>", store.VisibilityPrivate, []readerDoc{
		{"intro", "", guideIntro},
		{"setup", "", setupDoc},
		{"deep", "setup", "# Deep dive\n\nThe hidden details of setup.\n"},
	})
	v2 := spaceWithDocs(t, srv, org, "Guide v2", store.VisibilityPrivate, []readerDoc{
		{"new", "", "# What is new\n\nZebra features.\n"},
	})
	api := spaceWithDocs(t, srv, org, "API", store.VisibilityPrivate, []readerDoc{
		{"ref", "", "# Reference\n\nEndpoints.\n"},
	})
	id := resttest.Str(createSite(t, alice, org, map[string]any{"title": "Acme <Docs>", "visibility": visibility}), "id")
	site := sitesPath(org) + "/" + id
	docs := resttest.Str(alice.Post(site+"/sections", map[string]any{"spaceId": guide.ID, "title": "Docs"}).Expect(http.StatusCreated).JSON(), "id")
	alice.Post(site+"/site-spaces", map[string]any{"spaceId": v2.ID, "sectionId": docs}).Expect(http.StatusCreated)
	ref := resttest.Str(alice.Post(site+"/sections", map[string]any{"spaceId": api.ID, "title": "API"}).Expect(http.StatusCreated).JSON(), "id")
	alice.Post(site+"/section-groups", map[string]any{"title": "Developers", "sections": []string{ref}}).Expect(http.StatusCreated)
	alice.Post(site+"/publish", nil).Expect(http.StatusOK)
	return id, guide, v2
}

func TestReaderRendersSite(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	id, guide, _ := readerSite(t, srv, alice, org, "public")
	b := newBrowser(t, srv)
	base := "/sites/" + id

	home := b.get(base).expect(t, http.StatusOK)
	// Navigation: sections on top (the group as a menu), the variants of
	// the section, the page tree, the first page rendered.
	home.has(t, "<title>Introduction · Acme &lt;Docs&gt;</title>", `href="`+base+`/docs"`, "<summary>Developers</summary>", `href="`+base+`/api"`,
		`<details class="variants"><summary>Guide &lt;v1&gt;</summary>`, `href="`+base+`/docs/guide-v2"`,
		`href="`+base+`/docs/guide-v1/setup"`, `href="`+base+`/docs/guide-v1/setup/deep-dive"`,
		`<h1 class="title">Introduction</h1>`, `rel="next" href="`+base+`/docs/guide-v1/setup"`)
	// Escaping and sanitizing: no script, no handler, no javascript: URL, no iframe.
	home.hasNot(t, "<script", "onerror", "javascript:", "<iframe", "alert('x')</script>", "<Docs>", "<v1>")
	home.has(t, "<b>bold</b>", "<strong>Folio</strong>", `<table tabindex="0">`, `type="checkbox"`, "<del>old</del>")
	// Heading anchors (unique, as the search index makes them) and the table of contents.
	home.has(t, `<h2 id="getting-started">`, `<h2 id="getting-started-1">`, `<h3 id="details-more">`, `href="#getting-started"`,
		`<li class="l3"><a href="#details-more">Details &amp; more</a>`)
	// Code highlighted into classes.
	if !regexp.MustCompile(`<pre tabindex="0" class="chroma"><code>.*<span class="kd">func</span>`).MatchString(home.Body) {
		t.Errorf("code is not highlighted: %s", home.Body)
	}
	// Headers: a strict policy, an ETag; a public site is indexable.
	if csp := home.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") || !strings.Contains(csp, "script-src 'none'") {
		t.Errorf("CSP = %q", csp)
	}
	if home.Header.Get("X-Robots-Tag") != "" || strings.Contains(home.Body, "noindex") {
		t.Errorf("a public site is noindex")
	}
	for _, m := range regexp.MustCompile(`(?:href|src)="([^"]+)"`).FindAllStringSubmatch(home.Body, -1) {
		if u := m[1]; strings.HasPrefix(u, "http") || strings.HasPrefix(u, "//") {
			t.Errorf("the page links off the server: %s", u)
		}
	}
	for _, m := range regexp.MustCompile(`<link rel="stylesheet" href="([^"]+)"`).FindAllStringSubmatch(home.Body, -1) {
		css := b.get(m[1]).expect(t, http.StatusOK)
		if !strings.HasPrefix(css.Header.Get("Content-Type"), "text/css") {
			t.Errorf("%s: %s", m[1], css.Header.Get("Content-Type"))
		}
	}

	// Following navigation: a nested page, with previous and next; the
	// other variant; the API section in its group.
	deep := b.get(base+"/docs/guide-v1/setup/deep-dive").expect(t, http.StatusOK)
	deep.has(t, "<h1 class=\"title\">Deep dive</h1>", `rel="prev" href="`+base+`/docs/guide-v1/setup"`, `aria-current="page"`)
	deep.hasNot(t, `rel="next"`)
	b.get(base+"/docs/guide-v2").expect(t, http.StatusOK).has(t, "What is new", "Zebra features")
	b.get(base+"/api").expect(t, http.StatusOK).has(t, "Endpoints", `<details class="current"><summary>Developers</summary>`)
	b.get(base+"/docs/guide-v1/nope").expect(t, http.StatusNotFound)
	b.get("/sites/nope").expect(t, http.StatusNotFound)

	// Search, backed by the space search; hits link to their headings.
	found := b.get(base+"/docs/guide-v1/~search?q=hidden+details").expect(t, http.StatusOK)
	found.has(t, `href="`+base+`/docs/guide-v1/setup/deep-dive"`, "Deep dive")
	b.get(base+"/docs/guide-v1/~search?q=%3Cscript%3E").expect(t, http.StatusOK).hasNot(t, "<script>")

	// robots.txt and sitemap.xml.
	robots := b.get(base+"/robots.txt").expect(t, http.StatusOK)
	if !strings.Contains(robots.Body, "Allow: /") || !strings.Contains(robots.Body, "Sitemap: http://folio.test"+base+"/sitemap.xml") {
		t.Errorf("robots.txt: %s", robots.Body)
	}
	sm := b.get(base+"/sitemap.xml").expect(t, http.StatusOK)
	for _, p := range []string{"/docs/guide-v1/introduction", "/docs/guide-v1/setup/deep-dive", "/docs/guide-v2/what-is-new", "/api/api/reference"} {
		if !strings.Contains(sm.Body, "<loc>http://folio.test"+base+p+"</loc>") {
			t.Errorf("sitemap lacks %s: %s", p, sm.Body)
		}
	}

	// Cache: the same page again is a hit; with its ETag, 304.
	again := b.get(base+"/docs/guide-v1/setup").expect(t, http.StatusOK)
	hit := b.get(base+"/docs/guide-v1/setup").expect(t, http.StatusOK)
	if hit.Header.Get("X-Folio-Cache") != "hit" || hit.Body != again.Body || hit.Statements >= again.Statements {
		t.Errorf("second view: cache %q, %d statements (first %d)", hit.Header.Get("X-Folio-Cache"), hit.Statements, again.Statements)
	}
	etag := again.Header.Get("ETag")
	b.get(base+"/docs/guide-v1/setup", "If-None-Match", etag).expect(t, http.StatusNotModified)
	// A merge in the space changes its pages' keys (and only theirs).
	mergeDocs(t, srv, guide, alice.UserID, []readerDoc{{"more", "", "# More\n\nAdded later.\n"}})
	after := b.get(base+"/docs/guide-v1/setup", "If-None-Match", etag).expect(t, http.StatusOK)
	after.has(t, `href="`+base+`/docs/guide-v1/more"`)
	if after.Header.Get("ETag") == etag {
		t.Errorf("the ETag did not change with the revision")
	}
	v2 := b.get(base+"/docs/guide-v2").expect(t, http.StatusOK)
	b.get(base+"/docs/guide-v2", "If-None-Match", v2.Header.Get("ETag")).expect(t, http.StatusNotModified)
	mergeDocs(t, srv, guide, alice.UserID, []readerDoc{{"more2", "", "# More again\n"}})
	b.get(base+"/docs/guide-v2", "If-None-Match", v2.Header.Get("ETag")).expect(t, http.StatusNotModified)

	// The meta description: the page's description, else the site's title.
	home.has(t, `<meta name="description" content="Acme &lt;Docs&gt;">`)
	mergeDocs(t, srv, guide, alice.UserID, []readerDoc{{"described", "", "---\ndescription: How to \"tune\" <it>\n---\n# Tuning\n\nKnobs.\n"}})
	b.get(base+"/docs/guide-v1/tuning").expect(t, http.StatusOK).has(t, `<meta name="description" content="How to &#34;tune&#34; &lt;it&gt;">`)
	// The origin's robots.txt (crawlers read no other): sites may be
	// crawled; the API, the app's addresses and the sign-in pages not.
	origin := b.get("/robots.txt").expect(t, http.StatusOK)
	for _, line := range []string{"User-agent: *", "Allow: /sites/", "Allow: /s/", "Disallow: /v1/", "Disallow: /graphql", "Disallow: /o/", "Disallow: /signin", "Disallow: /account"} {
		if !strings.Contains(origin.Body, line+"\n") {
			t.Errorf("/robots.txt lacks %q: %s", line, origin.Body)
		}
	}
	if strings.Contains(origin.Body, "Disallow: /\n") || !strings.HasPrefix(origin.Header.Get("Content-Type"), "text/plain") {
		t.Errorf("/robots.txt: %s %s", origin.Header.Get("Content-Type"), origin.Body)
	}

	// Unpublished: 404.
	alice.Post(sitesPath(org)+"/"+id+"/unpublish", nil).Expect(http.StatusOK)
	b.get(base).expect(t, http.StatusNotFound)
	b.get(base+"/robots.txt").expect(t, http.StatusNotFound)
}

func TestReaderAccess(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")

	t.Run("unlisted-noindex", func(t *testing.T) {
		id, _, _ := readerSite(t, srv, alice, org, "unlisted")
		p := newBrowser(t, srv).get("/sites/"+id).expect(t, http.StatusOK)
		p.has(t, `<meta name="robots" content="noindex">`)
		if p.Header.Get("X-Robots-Tag") != "noindex" {
			t.Errorf("X-Robots-Tag = %q", p.Header.Get("X-Robots-Tag"))
		}
		if r := newBrowser(t, srv).get("/sites/" + id + "/robots.txt"); !strings.Contains(r.Body, "Disallow: /") {
			t.Errorf("robots.txt: %s", r.Body)
		}
	})

	t.Run("share-link", func(t *testing.T) {
		id, _, _ := readerSite(t, srv, alice, org, "share-link")
		site := sitesPath(org) + "/" + id
		link := alice.Post(site+"/share-links", map[string]any{"name": "Partners"}).Expect(http.StatusCreated).JSON()
		published := resttest.Str(link, "urls.published")
		key := published[strings.Index(published, "?share=")+len("?share="):]
		notFoundBody := newBrowser(t, srv).get("/sites/nope").Body
		for name, q := range map[string]string{"no-key": "", "wrong-key": "?share=nope", "wrong-shareKey": "?shareKey=nope"} {
			t.Run(name+"-404", func(t *testing.T) {
				p := newBrowser(t, srv).get("/sites/"+id+q).expect(t, http.StatusNotFound)
				if p.Body != notFoundBody {
					t.Errorf("the refusal differs from an unknown site's: %s", p.Body)
				}
			})
		}
		// The link's own URL (share=) and shareKey= open it; the key moves
		// into a cookie scoped to the site and out of the address.
		u, _ := url.Parse(published)
		for _, q := range []string{"?share=" + url.QueryEscape(key), "?shareKey=" + url.QueryEscape(key)} {
			b := newBrowser(t, srv)
			r := b.get(u.Path+q).expect(t, http.StatusSeeOther)
			if loc := r.Header.Get("Location"); loc != "/sites/"+id {
				t.Errorf("Location = %q", loc)
			}
			if c := r.Header.Get("Set-Cookie"); !strings.Contains(c, "Path=/sites/"+id) || !strings.Contains(c, "HttpOnly") {
				t.Errorf("Set-Cookie = %q", c)
			}
			p := b.get("/sites/"+id).expect(t, http.StatusOK)
			p.has(t, `<meta name="robots" content="noindex">`, "Introduction")
			b.get("/sites/"+id+"/docs/guide-v2").expect(t, http.StatusOK)
			if p.Header.Get("Cache-Control") != "private, no-cache" {
				t.Errorf("Cache-Control = %q", p.Header.Get("Cache-Control"))
			}
		}
		// A deactivated link's key opens nothing, cookie or not.
		b := newBrowser(t, srv)
		b.get("/sites/"+id+"?share="+url.QueryEscape(key)).expect(t, http.StatusSeeOther)
		alice.Patch(site+"/share-links/"+resttest.Str(link, "id"), map[string]any{"active": false}).Expect(http.StatusOK)
		b.get("/sites/"+id).expect(t, http.StatusNotFound)
		newBrowser(t, srv).get("/sites/"+id+"?share="+url.QueryEscape(key)).expect(t, http.StatusNotFound)
	})

	t.Run("visitor-auth", func(t *testing.T) {
		id, _, _ := readerSite(t, srv, alice, org, "visitor-auth")
		site := sitesPath(org) + "/" + id
		secret := []byte(strings.Repeat("k", 40))
		alice.Put(site+"/visitor-key", map[string]any{"algorithm": "HS256", "key": string(secret)}).Expect(http.StatusOK)
		// The API section only for claims.team == "dev".
		var api string
		for _, s := range items(alice.Get(site + "/sections").Expect(http.StatusOK).JSON()) {
			if resttest.Str(s, "title") == "API" {
				api = resttest.Str(s, "id")
			}
		}
		alice.Patch(site+"/sections/"+api, map[string]any{"condition": `visitor.claims.team == "dev"`}).Expect(http.StatusOK)

		newBrowser(t, srv).get("/sites/"+id).expect(t, http.StatusUnauthorized).has(t, "Sign-in required")
		bad := sign(t, jwt.SigningMethodHS256, []byte(strings.Repeat("x", 40)), fresh(jwt.MapClaims{}))
		newBrowser(t, srv).get("/sites/"+id+"?jwt_token="+bad).expect(t, http.StatusUnauthorized).has(t, "not valid")
		expired := sign(t, jwt.SigningMethodHS256, secret, jwt.MapClaims{"exp": 1})
		newBrowser(t, srv).get("/sites/"+id+"?jwt_token="+expired).expect(t, http.StatusUnauthorized)

		plain := newBrowser(t, srv)
		plain.get("/sites/"+id+"?jwt_token="+sign(t, jwt.SigningMethodHS256, secret, fresh(jwt.MapClaims{"sub": "v"}))).expect(t, http.StatusSeeOther)
		p := plain.get("/sites/"+id).expect(t, http.StatusOK)
		p.has(t, "Introduction", "noindex")
		p.hasNot(t, "Developers")
		plain.get("/sites/"+id+"/api").expect(t, http.StatusNotFound) // a hidden section is not there

		dev := newBrowser(t, srv)
		dev.get("/sites/"+id+"?jwt_token="+sign(t, jwt.SigningMethodHS256, secret, fresh(jwt.MapClaims{"team": "dev"}))).expect(t, http.StatusSeeOther)
		dev.get("/sites/"+id).expect(t, http.StatusOK).has(t, "Developers")
		dev.get("/sites/"+id+"/api").expect(t, http.StatusOK).has(t, "Endpoints")
	})

	t.Run("unsigned-claims", func(t *testing.T) {
		id, _, _ := readerSite(t, srv, alice, org, "public")
		site := sitesPath(org) + "/" + id
		var api string
		for _, s := range items(alice.Get(site + "/sections").Expect(http.StatusOK).JSON()) {
			if resttest.Str(s, "title") == "API" {
				api = resttest.Str(s, "id")
			}
		}
		alice.Patch(site+"/sections/"+api, map[string]any{"condition": `visitor.claims.unsigned.lang == "fr"`}).Expect(http.StatusOK)
		// Without an unsigned property in the schema, unsigned claims are ignored.
		b := newBrowser(t, srv)
		b.get("/sites/"+id+"?visitor.lang=fr").expect(t, http.StatusSeeOther)
		b.get("/sites/"+id).expect(t, http.StatusOK).hasNot(t, "Developers")
		alice.Put(site+"/adaptive-schema", map[string]any{"jsonSchema": map[string]any{
			"type": "object", "additionalProperties": false,
			"properties": map[string]any{
				"plan": map[string]any{"type": "string", "description": "The visitor's plan"},
				"unsigned": map[string]any{"type": "object", "description": "Unsigned claims of the site visitor.", "additionalProperties": false,
					"properties": map[string]any{"lang": map[string]any{"type": "string", "description": "Language"}}},
			},
		}}).Expect(http.StatusOK)
		fr := newBrowser(t, srv)
		r := fr.get("/sites/"+id+"?visitor.lang=fr").expect(t, http.StatusSeeOther)
		if loc := r.Header.Get("Location"); loc != "/sites/"+id {
			t.Errorf("Location = %q", loc)
		}
		fr.get("/sites/"+id).expect(t, http.StatusOK).has(t, "Developers")
		fr.get("/sites/"+id+"/api").expect(t, http.StatusOK).has(t, "Endpoints")
		for _, q := range []string{"?visitor.lang=de", "?visitor.lang=5", "?visitor.other=x", ""} {
			b := newBrowser(t, srv)
			b.get("/sites/" + id + q)
			b.get("/sites/"+id).expect(t, http.StatusOK).hasNot(t, "Developers")
			b.get("/sites/"+id+"/api").expect(t, http.StatusNotFound)
		}
	})

	t.Run("unsigned-claims-open-nothing", func(t *testing.T) {
		id, _, _ := readerSite(t, srv, alice, org, "visitor-auth")
		newBrowser(t, srv).get("/sites/"+id+"?visitor.lang=fr").expect(t, http.StatusUnauthorized)
		id, _, _ = readerSite(t, srv, alice, org, "share-link")
		newBrowser(t, srv).get("/sites/"+id+"?visitor.lang=fr").expect(t, http.StatusNotFound)
	})

	t.Run("adaptive-public", func(t *testing.T) {
		id, _, _ := readerSite(t, srv, alice, org, "public")
		site := sitesPath(org) + "/" + id
		var api string
		for _, s := range items(alice.Get(site + "/sections").Expect(http.StatusOK).JSON()) {
			if resttest.Str(s, "title") == "API" {
				api = resttest.Str(s, "id")
			}
		}
		alice.Patch(site+"/sections/"+api, map[string]any{"condition": `visitor.claims.team == "dev"`}).Expect(http.StatusOK)
		// No token: the conditional section is hidden; a bad token is ignored.
		newBrowser(t, srv).get("/sites/"+id).expect(t, http.StatusOK).hasNot(t, "Developers")
		newBrowser(t, srv).get("/sites/"+id+"?jwt_token=nonsense").expect(t, http.StatusSeeOther)
	})
}

func TestReaderSpacesAndAppURLs(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	bob := srv.User("bob@example.com")
	org := createOrg(t, alice, "Acme")
	other := createOrg(t, bob, "Other")
	pub := spaceWithDocs(t, srv, org, "Handbook", store.VisibilityPublic, []readerDoc{{"a", "", "# Hello\n\nPublic words.\n"}})
	unl := spaceWithDocs(t, srv, org, "Unlisted", store.VisibilityUnlisted, []readerDoc{{"a", "", "# Quiet\n"}})
	priv := spaceWithDocs(t, srv, org, "Private", store.VisibilityPrivate, []readerDoc{{"a", "", "# Secret\n"}})
	b := newBrowser(t, srv)

	// urls.published of spaces answer.
	published := resttest.Str(alice.Get("/v1/spaces/"+pub.ID).Expect(http.StatusOK).JSON(), "urls.published")
	u, _ := url.Parse(published)
	b.get(u.Path).expect(t, http.StatusOK).has(t, "Public words", "<title>Hello · Handbook</title>")
	b.get(u.Path+"/hello").expect(t, http.StatusOK).has(t, "Public words")
	b.get("/s/"+unl.ID).expect(t, http.StatusOK).has(t, `content="noindex"`)
	b.get("/s/"+priv.ID).expect(t, http.StatusNotFound).hasNot(t, "Secret")
	b.get("/s/nope").expect(t, http.StatusNotFound)

	// urls.app: without a token, a page saying to use the API (nothing
	// looked up); with one, the object's title, 404 for foreign or unknown ids.
	app := resttest.Str(alice.Get("/v1/spaces/"+pub.ID).Expect(http.StatusOK).JSON(), "urls.app")
	appPath := strings.TrimPrefix(app, "http://folio.test")
	b.get(appPath).expect(t, http.StatusUnauthorized).has(t, "API", "/v1/spaces/"+pub.ID)
	b.get("/app/o/"+org+"/s/nope").expect(t, http.StatusUnauthorized)
	alice.Get(appPath).Expect(http.StatusOK)
	if body := string(alice.Get(appPath).Body); !strings.Contains(body, "Handbook") || !strings.Contains(body, "/v1/spaces/"+pub.ID) {
		t.Errorf("app page: %s", body)
	}
	orgApp := strings.TrimPrefix(resttest.Str(alice.Get("/v1/orgs/"+org).Expect(http.StatusOK).JSON(), "urls.app"), "http://folio.test")
	if body := string(alice.Get(orgApp).Expect(http.StatusOK).Body); !strings.Contains(body, "Acme") {
		t.Errorf("org app page: %s", body)
	}
	bob.Get(orgApp).Expect(http.StatusNotFound)
	bob.Get(appPath).Expect(http.StatusNotFound)
	alice.Get("/app/o/" + other).Expect(http.StatusNotFound)
	alice.Get("/app/o/" + org + "/s/nope").Expect(http.StatusNotFound)
	alice.Get("/app/o/" + other + "/s/" + pub.ID).Expect(http.StatusNotFound) // a space under another organization's address
	id, _, _ := readerSite(t, srv, alice, org, "public")
	siteApp := strings.TrimPrefix(resttest.Str(alice.Get(sitesPath(org)+"/"+id).Expect(http.StatusOK).JSON(), "urls.app"), "http://folio.test")
	if body := string(alice.Get(siteApp).Expect(http.StatusOK).Body); !strings.Contains(body, "Acme &lt;Docs&gt;") {
		t.Errorf("site app page: %s", body)
	}
	alice.Get(siteApp + "/preview").Expect(http.StatusOK)
	bob.Get(siteApp).Expect(http.StatusNotFound)
	cr := alice.Post("/v1/spaces/"+pub.ID+"/change-requests", map[string]any{"subject": "Fix <typo>"}).Expect(http.StatusCreated).JSON()
	crApp := strings.TrimPrefix(resttest.Str(cr, "urls.app"), "http://folio.test")
	if body := string(alice.Get(crApp).Expect(http.StatusOK).Body); !strings.Contains(body, "Fix &lt;typo&gt;") {
		t.Errorf("change request app page: %s", body)
	}
	bob.Get(crApp).Expect(http.StatusNotFound)

	// Every other kind of app address: the owner's member reads it, an
	// outsider gets 404, an anonymous browser 401.
	content := alice.Get("/v1/spaces/" + pub.ID + "/content").Expect(http.StatusOK).JSON()
	pages := content["pages"].([]any)
	coll := alice.Post("/v1/orgs/"+org+"/collections", map[string]any{"title": "Guides"}).Expect(http.StatusCreated).JSON()
	for name, app := range map[string]string{
		"revision":   resttest.Str(content, "urls.app"),
		"page":       resttest.Str(pages[0].(map[string]any), "urls.app"),
		"collection": resttest.Str(coll, "urls.app"),
	} {
		t.Run(name, func(t *testing.T) {
			path := strings.TrimPrefix(app, "http://folio.test")
			if path == app {
				t.Fatalf("urls.app = %q", app)
			}
			alice.In(t).Get(path).Expect(http.StatusOK)
			bob.In(t).Get(path).Expect(http.StatusNotFound)
			newBrowser(t, srv).get(path).expect(t, http.StatusUnauthorized)
		})
	}
	alice.Get("/app/o/" + org + "/s/" + pub.ID + "/page/nope").Expect(http.StatusNotFound)
	alice.Get("/app/o/" + org + "/s/" + pub.ID + "/elsewhere/x").Expect(http.StatusNotFound)
}

// TestReaderStatements checks that a page view costs the same number of
// SQL statements on a site of one section and one site space as on a site
// of 10 sections of 10 site spaces (the bench's sites): a cache miss, a
// cache hit (none), a search and the sitemap alike.
func TestReaderStatements(t *testing.T) {
	run := func(sections, siteSpaces int) map[string]int {
		srv := resttest.New(t)
		alice := srv.User("alice@example.com")
		org := createOrg(t, alice, "Acme")
		b := newBrowser(t, srv)
		base := "/sites/" + publishedSite(t, srv, org, sections, siteSpaces)
		last := base + "/section-" + strconv.Itoa(sections-1) + "/page-2/page-2-1"
		out := map[string]int{}
		home := b.get(base).expect(t, http.StatusOK)
		out["miss"] = home.Statements
		out["hit"] = b.get(base).expect(t, http.StatusOK).Statements
		deep := b.get(last).expect(t, http.StatusOK)
		deep.has(t, "Page 2.1")
		out["miss-deep"] = deep.Statements
		out["not-modified"] = b.get(last, "If-None-Match", deep.Header.Get("ETag")).expect(t, http.StatusNotModified).Statements
		out["search"] = b.get(base+"/~search?q=page").expect(t, http.StatusOK).Statements
		out["sitemap"] = b.get(base+"/sitemap.xml").expect(t, http.StatusOK).Statements
		nav := home.Body[strings.Index(home.Body, `<nav class="sections"`):]
		nav = nav[:strings.Index(nav, "</nav>")]
		if n := strings.Count(nav, `href="`+base+`/section-`); n != sections {
			t.Errorf("%d sections in the navigation, want %d", n, sections)
		}
		return out
	}
	small, big := run(1, 1), run(10, 10)
	for k, n := range small {
		if big[k] != n {
			t.Errorf("%s: %d statements on a 1x1 site, %d on a 10x10 site", k, n, big[k])
		}
	}
	// The first view of a site on a server reads its view twice (the
	// first read learns its organization, whose change feed the server
	// then follows before reading the view it keeps; each read includes
	// the digest of the organization's OpenAPI specs, which API reference
	// pages are rendered from); a page view whose page is cached, and a
	// 304, run none.
	if small["miss"] > 17 || small["hit"] != 0 || small["not-modified"] != 0 {
		t.Errorf("a page view costs %d statements (%d from the cache, %d for a 304)", small["miss"], small["hit"], small["not-modified"])
	}
	t.Logf("statements per page view: %v", big)
}

func TestReaderHostnameAndBasename(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	id, _, _ := readerSite(t, srv, alice, org, "public")
	site := sitesPath(org) + "/" + id
	b := newBrowser(t, srv)

	// A basename is one more segment of the site's address.
	got := alice.Patch(site, map[string]any{"basename": "handbook"}).Expect(http.StatusOK).JSON()
	if p := resttest.Str(got, "urls.published"); p != "http://folio.test/sites/"+id+"/handbook" {
		t.Fatalf("urls.published = %q", p)
	}
	b.get("/sites/"+id+"/handbook").expect(t, http.StatusOK).has(t, `href="/sites/`+id+`/handbook/docs/guide-v1/setup"`)
	b.get("/sites/"+id+"/handbook/docs/guide-v1/setup").expect(t, http.StatusOK).has(t, "Configure the server")
	b.get("/sites/"+id).expect(t, http.StatusNotFound)

	// A custom hostname serves the site at its root (Host header).
	alice.Patch(site, map[string]any{"hostname": "docs.acme.example", "basename": "handbook"}).Expect(http.StatusOK)
	host := func(path string) webPage {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
		req.Host = "docs.acme.example"
		resp, err := b.c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(resp.Body)
		return webPage{Status: resp.StatusCode, Header: resp.Header, Body: string(raw)}
	}
	host("/handbook").expect(t, http.StatusOK).has(t, `href="/handbook/docs/guide-v1/setup"`, "Introduction")
	host("/handbook/docs/guide-v2").expect(t, http.StatusOK).has(t, "Zebra features")
	if r := host("/handbook/robots.txt").expect(t, http.StatusOK); !strings.Contains(r.Body, "Sitemap: https://docs.acme.example/handbook/sitemap.xml") {
		t.Errorf("robots.txt: %s", r.Body)
	}
	// Crawlers read robots.txt at the hostname's root: the site's, not the server's.
	if r := host("/robots.txt").expect(t, http.StatusOK); !strings.Contains(r.Body, "Sitemap: https://docs.acme.example/handbook/sitemap.xml") {
		t.Errorf("/robots.txt at the hostname: %s", r.Body)
	}
	host("/elsewhere").expect(t, http.StatusNotFound)
	// Credentials in the address redirect to a path on this host only.
	for _, p := range []string{"/handbook?visitor.x=1", "//evil.example/handbook?visitor.x=1"} {
		if loc := host(p).Header.Get("Location"); loc != "" && !strings.HasPrefix(loc, "/handbook") && !strings.HasPrefix(loc, "/evil.example") {
			t.Errorf("%s redirects to %q", p, loc)
		}
	}
	// The API still answers on that host.
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/healthz", nil)
	req.Host = "docs.acme.example"
	if resp, err := b.c.Do(req); err != nil || resp.StatusCode != http.StatusOK {
		t.Errorf("healthz on the site's host: %v %v", resp, err)
	}
	// Unpublished, the hostname answers nothing.
	alice.Post(site+"/unpublish", nil).Expect(http.StatusOK)
	host("/handbook").expect(t, http.StatusNotFound)
}

// BenchmarkReaderPage measures page views of a published site of 10
// sections x 10 site spaces over HTTP: the same page again (a cache hit),
// and its revalidation with its ETag (304). Rendering itself is
// BenchmarkRender in rest/reader.
func BenchmarkReaderPage(b *testing.B) {
	srv := resttest.New(b)
	alice := srv.User("alice@example.com")
	org := createOrgB(b, alice, "Acme")
	br := newBrowser(b, srv)
	base := "/sites/" + publishedSite(b, srv, org, 10, 10)
	b.Run("cached", func(b *testing.B) {
		for b.Loop() {
			if p := br.get(base + "/section-9/page-2/page-2-1"); p.Status != http.StatusOK {
				b.Fatalf("status %d", p.Status)
			}
		}
	})
	b.Run("not-modified", func(b *testing.B) {
		etag := br.get(base + "/section-9/page-2/page-2-1").Header.Get("ETag")
		for b.Loop() {
			if p := br.get(base+"/section-9/page-2/page-2-1", "If-None-Match", etag); p.Status != http.StatusNotModified {
				b.Fatalf("status %d", p.Status)
			}
		}
	})
}

// TestReaderLinksAndFiles checks that links between pages (by id, by
// relative path with or without .md) and images of the space's files work
// on a published page, and that files are served under the same access.
func TestReaderLinksAndFiles(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs", "visibility": "public"})
	cr := resttest.Str(newCR(t, alice, space, "links"), "id")
	img := pngBytes(t, 4, 4)
	var out contentUpdate
	alice.Post("/v1/spaces/"+space+"/change-requests/"+cr+"/content", map[string]any{"changes": []any{
		map[string]any{"operation": "insert_files", "files": []any{
			map[string]any{"name": "dot.png", "contentType": "image/png", "base64": base64.StdEncoding.EncodeToString(img)},
			map[string]any{"name": "page.html", "contentType": "text/html", "base64": base64.StdEncoding.EncodeToString([]byte("<script>alert(1)</script>"))},
		}},
	}}).Expect(http.StatusOK).Decode(&out)
	png, html := resttest.Str(out.InsertedFiles[0], "id"), resttest.Str(out.InsertedFiles[1], "id")
	ids := edit(t, alice, space, cr, insert("guide", "", "# Guide\n\nIntro.\n"), insert("sub", "guide", "# Sub page\n\n## Part\n\nText.\n"))
	edit(t, alice, space, cr, insert("links", "", "# Links\n\n![Dot](/files/"+png+") [raw](/files/"+html+")\n\n"+
		"[by id](/pages/"+ids["sub"]+"#part) [relative](guide/sub-page.md) [folder](guide/README.md) [missing](nope.md) [out](https://example.com)\n"))
	alice.Post("/v1/spaces/"+space+"/change-requests/"+cr+"/merge", nil).Expect(http.StatusOK)

	b := newBrowser(t, srv)
	base := "/s/" + space
	p := b.get(base+"/links").expect(t, http.StatusOK)
	p.has(t, `<img src="`+base+`/~files/`+png+`" alt="Dot">`, `href="`+base+`/guide/sub-page#part"`, `href="`+base+`/guide/sub-page"`,
		`href="`+base+`/guide"`, `href="nope.md"`, `href="https://example.com"`)
	f := b.get(base+"/~files/"+png).expect(t, http.StatusOK)
	if f.Body != string(img) || f.Header.Get("Content-Type") != "image/png" || f.Header.Get("ETag") == "" {
		t.Errorf("image: %q %v", f.Header.Get("Content-Type"), f.Header)
	}
	b.get(base+"/~files/"+png, "If-None-Match", f.Header.Get("ETag")).expect(t, http.StatusNotModified)
	// Other files download, in a sandbox, never as a page of the site.
	h := b.get(base+"/~files/"+html).expect(t, http.StatusOK)
	if !strings.HasPrefix(h.Header.Get("Content-Disposition"), "attachment") || !strings.Contains(h.Header.Get("Content-Security-Policy"), "sandbox") {
		t.Errorf("html file headers: %v", h.Header)
	}
	b.get(base+"/~files/nope").expect(t, http.StatusNotFound)
	// A private space's files are not served.
	alice.Patch("/v1/spaces/"+space, map[string]any{"visibility": "private"}).Expect(http.StatusOK)
	b.get(base+"/~files/"+png).expect(t, http.StatusNotFound)
}

func TestReaderSiteWithoutSections(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	a := spaceWithDocs(t, srv, org, "Version 1", store.VisibilityPrivate, []readerDoc{{"a", "", "# One\n\nFirst.\n"}})
	b := spaceWithDocs(t, srv, org, "Version 2", store.VisibilityPrivate, []readerDoc{{"a", "", "# Two\n\nSecond.\n"}})
	empty := createSpaceID(t, alice, org, map[string]any{"title": "Empty"})
	id := resttest.Str(createSite(t, alice, org, map[string]any{"title": "Flat", "visibility": "public", "spaces": []string{a.ID, b.ID, empty}}), "id")
	alice.Post(sitesPath(org)+"/"+id+"/publish", nil).Expect(http.StatusOK)
	br := newBrowser(t, srv)
	home := br.get("/sites/"+id).expect(t, http.StatusOK)
	home.has(t, "First.", `href="/sites/`+id+`/version-2"`, `<details class="variants">`)
	home.has(t, "<nav class=\"sections\" aria-label=\"Sections\">\n</nav>") // no sections: an empty top navigation
	br.get("/sites/"+id+"/version-2").expect(t, http.StatusOK).has(t, "Second.")
	br.get("/sites/"+id+"/version-2/two").expect(t, http.StatusOK).has(t, "Second.")
	br.get("/sites/"+id+"/empty").expect(t, http.StatusOK).has(t, "no pages yet")
	// The published URLs of the site spaces open.
	for _, ss := range items(alice.Get(sitesPath(org) + "/" + id + "/site-spaces").Expect(http.StatusOK).JSON()) {
		u, _ := url.Parse(resttest.Str(ss, "urls.published"))
		br.get(u.Path).expect(t, http.StatusOK)
	}
}
