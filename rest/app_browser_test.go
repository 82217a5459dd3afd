package rest_test

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"folio/rest/resttest"
	"folio/store"
)

// appTab is a headless Chromium tab signed in to the Folio app: the
// harness of the app's browser tests (app/README.md). It records every
// request, script exception and CSP refusal; at the end of the test none
// may have happened (no request leaves the server).
type appTab struct {
	t   *testing.T
	srv *resttest.Server
	ctx context.Context
	axe string

	mu                             sync.Mutex
	requests, exceptions, refusals []string
	checked                        map[string]bool
	csp                            chan string // securitypolicyviolation reports (watchCSP)
}

// appBrowser starts Chromium and signs in as email (an account with
// password pw) through /signin, landing on the app at next.
func appBrowser(t *testing.T, srv *resttest.Server, email, pw, next string) *appTab {
	t.Helper()
	chromium := requireChromium(t)
	a := &appTab{t: t, srv: srv, axe: axeSource(t), checked: map[string]bool{}}
	a.ctx = chromiumTab(t, chromium, 300*time.Second) // at most: the whole story runs long
	chromedp.ListenTarget(a.ctx, func(ev any) {
		a.mu.Lock()
		defer a.mu.Unlock()
		switch ev := ev.(type) {
		case *network.EventRequestWillBeSent:
			a.requests = append(a.requests, ev.Request.URL)
		case *runtime.EventExceptionThrown:
			a.exceptions = append(a.exceptions, ev.ExceptionDetails.Error())
		case *cdplog.EventEntryAdded:
			if strings.Contains(ev.Entry.Text, "Content Security Policy") && !strings.Contains(ev.Entry.Text, cspProbeHash) {
				a.refusals = append(a.refusals, fmt.Sprintf("%s (at %s:%d)", ev.Entry.Text, ev.Entry.URL, ev.Entry.LineNumber))
			}
		}
	})
	t.Cleanup(func() {
		a.mu.Lock()
		defer a.mu.Unlock()
		for _, u := range a.requests {
			if !strings.HasPrefix(u, srv.URL+"/") && !strings.HasPrefix(u, "data:") && !strings.HasPrefix(u, "blob:") {
				t.Errorf("a request left the server: %s", u)
			}
		}
		for _, e := range a.exceptions {
			t.Errorf("script exception: %s", e)
		}
		for _, r := range a.refusals {
			t.Errorf("CSP refused: %s", r)
		}
	})
	a.run("sign in", network.Enable(), cdplog.Enable(), runtime.Enable(),
		chromedp.Navigate(srv.URL+"/signin?next="+url.QueryEscape(next)),
		chromedp.WaitVisible(`form[action="/signin"]`, chromedp.ByQuery),
		chromedp.SendKeys(`input[name="email"]`, email, chromedp.ByQuery),
		chromedp.SendKeys(`input[name="password"]`, pw, chromedp.ByQuery),
		chromedp.Click(`form[action="/signin"] button[type="submit"]`, chromedp.ByQuery),
		chromedp.WaitVisible(`#app main#main`, chromedp.ByQuery))
	return a
}

// run runs actions; on failure it stops the test, saying where the tab was
// and what it showed.
func (a *appTab) run(step string, actions ...chromedp.Action) {
	a.t.Helper()
	if err := chromedp.Run(a.ctx, actions...); err != nil {
		var loc, body string
		_ = chromedp.Run(a.ctx, chromedp.Location(&loc), chromedp.Evaluate(`document.body ? document.body.innerText : ""`, &body))
		a.t.Fatalf("%s: %v\nat %s:\n%.2000s", step, err, loc, body)
	}
}

// open goes to an app path (a full load) and waits for sel.
func (a *appTab) open(path, sel string) {
	a.t.Helper()
	a.run("open "+path, chromedp.Navigate(a.srv.URL+path), chromedp.WaitVisible(sel, chromedp.ByQuery))
}

// text is the trimmed text of the first element sel matches.
func (a *appTab) text(sel string) string {
	a.t.Helper()
	var s string
	a.run("read "+sel, chromedp.Text(sel, &s, chromedp.ByQuery))
	return strings.TrimSpace(s)
}

// waitText waits until the element sel matches contains want.
func (a *appTab) waitText(sel, want string) {
	a.t.Helper()
	a.run("wait for "+want+" in "+sel, chromedp.Poll(`(() => { const e = document.querySelector(`+jsString(sel)+`); return !!e && e.innerText.includes(`+jsString(want)+`); })()`, nil, chromedp.WithPollingTimeout(20*time.Second)))
}

// cspProbeHash is how Chromium names watchCSP's probe in its refusal.
var cspProbeHash = func() string {
	sum := sha256.Sum256([]byte(cspProbe))
	return "sha256-" + base64.StdEncoding.EncodeToString(sum[:])
}()

func colorScheme(dark bool) chromedp.Action {
	v := "light"
	if dark {
		v = "dark"
	}
	return emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: v}})
}

// accessible runs axe-core on the screen in light and dark, at full width
// and at 360 px: no serious or critical violation. With
// FOLIO_APP_SCREENSHOTS=dir it also saves the screen there as
// app-<name>-{light,dark,360}.png (the README's docs/screenshots/).
func (a *appTab) accessible(name string) {
	a.t.Helper()
	for _, v := range []struct {
		suffix string
		dark   bool
		width  int64
	}{{"light", false, 1280}, {"dark", true, 1280}, {"360", false, 360}} {
		a.run("layout "+v.suffix, colorScheme(v.dark), emulation.SetDeviceMetricsOverride(v.width, 800, 1, v.width < 600))
		found, err := runAxe(a.ctx, a.axe)
		if err != nil {
			a.t.Fatalf("axe on %s: %v", name, err)
		}
		for _, f := range found {
			if f.Impact == "serious" || f.Impact == "critical" {
				a.t.Errorf("axe on %s (%s): %s (%s): %s %v", name, v.suffix, f.ID, f.Impact, f.Help, f.Nodes)
			}
		}
		if dir := os.Getenv("FOLIO_APP_SCREENSHOTS"); dir != "" {
			var png []byte
			a.run("screenshot "+name, chromedp.FullScreenshot(&png, 100))
			if err := os.WriteFile(filepath.Join(dir, "app-"+name+"-"+v.suffix+".png"), png, 0o644); err != nil {
				a.t.Fatal(err)
			}
		}
	}
	a.run("back to light, full width", colorScheme(false), emulation.ClearDeviceMetricsOverride())
	a.checked[name] = true
}

// TestAppURLsOpenScreens follows every kind of urls.app address the API
// answers (organization, collection, space, page, revision, revision
// page, change request, site, site preview, OpenAPI specification, search
// result) in a signed-in browser: each one opens its screen in the app,
// which names the object, and passes axe-core (light, dark, 360 px).
func TestAppURLsOpenScreens(t *testing.T) {
	srv := resttest.New(t)
	const pw = "tulip orbit canyon 42"
	u := account(t, srv, "ada@example.com", pw)
	tok, err := srv.Store.CreateToken(t.Context(), u.ID)
	if err != nil {
		t.Fatal(err)
	}
	ada := srv.Anonymous()
	ada.Token = tok
	org := createOrg(t, ada, "Acme Docs")
	sp := spaceWithDocs(t, srv, org, "Handbook", store.VisibilityPrivate, []readerDoc{
		{"intro", "", "# Welcome aboard\n\nHow we work.\n\n## Tools\n\nThe tools we use.\n"},
		{"setup", "", "# Setup\n\nInstall things.\n"},
	})
	content := ada.Get("/v1/spaces/" + sp.ID + "/content").Expect(http.StatusOK).JSON()
	page := content["pages"].([]any)[0].(map[string]any)
	coll := ada.Post("/v1/orgs/"+org+"/collections", map[string]any{"title": "Guides"}).Expect(http.StatusCreated).JSON()
	cr := ada.Post("/v1/spaces/"+sp.ID+"/change-requests", map[string]any{"subject": "Fix the typo"}).Expect(http.StatusCreated).JSON()
	site := ada.Post("/v1/orgs/"+org+"/sites", map[string]any{"title": "Public docs"}).Expect(http.StatusCreated).JSON()
	spec := ada.Post("/v1/orgs/"+org+"/openapi", map[string]any{"slug": "petstore", "source": map[string]any{"text": petstore("Petstore")}}).Expect(http.StatusCreated).JSON()
	search := ada.Get("/v1/spaces/" + sp.ID + "/search?query=tools").Expect(http.StatusOK).JSON()
	hits := search["items"].([]any)
	if len(hits) == 0 {
		t.Fatalf("no search result for tools: %v", search)
	}
	siteApp := resttest.Str(site, "urls.app")
	cases := []struct{ kind, url, sel, want string }{
		{"organization", resttest.Str(ada.Get("/v1/orgs/"+org).Expect(http.StatusOK).JSON(), "urls.app"), "main h1", "Acme Docs"},
		{"collection", resttest.Str(coll, "urls.app"), "main h1", "Guides"},
		{"space", resttest.Str(ada.Get("/v1/spaces/"+sp.ID).Expect(http.StatusOK).JSON(), "urls.app"), "main h1", "Handbook"},
		{"page", resttest.Str(page, "urls.app"), "main article h1", resttest.Str(page, "title")},
		{"revision", resttest.Str(content, "urls.app"), "main h1", "Revision"},
		{"change request", resttest.Str(cr, "urls.app"), "main h1", "Fix the typo"},
		{"site", siteApp, "main h1", "Public docs"},
		{"site preview", resttest.Str(site, "urls.preview"), "main h1", "Public docs"},
		{"OpenAPI specification", resttest.Str(spec, "urls.app"), "main h1", "petstore"},
		{"search result", resttest.Str(hits[0].(map[string]any), "urls.app"), "main article h1", ""},
	}
	a := appBrowser(t, srv, "ada@example.com", pw, "/app")
	a.waitText("main h1", "Acme Docs") // /app opens the first organization
	a.accessible("home")
	// Search from anywhere: "/" opens it, results come as one types. The
	// DevTools protocol sends a key's character as an event of its own,
	// after the keydown the app cancels (a browser would not insert it), so
	// when the dialog has opened in between it lands in the field: cleared
	// before typing.
	a.run("open search", chromedp.KeyEvent("/"), chromedp.WaitVisible(`#search-input`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector("#search-input").value = ""`, nil), chromedp.SendKeys(`#search-input`, "tools", chromedp.ByQuery))
	a.waitText("dialog.search", "Tools")
	a.accessible("search")
	a.run("close search", chromedp.KeyEvent(kb.Escape))
	for _, c := range cases {
		u, err := url.Parse(c.url)
		path := u.EscapedPath()
		if err != nil || u.Host != "folio.test" || !strings.HasPrefix(path, "/app/o/") {
			t.Errorf("%s: urls.app %q is not an app address of this server", c.kind, c.url)
			continue
		}
		a.open(path, c.sel)
		a.waitText(c.sel, c.want)
		if got := a.text("main"); strings.Contains(got, "No such") || strings.Contains(got, "Not found") {
			t.Errorf("%s (%s) shows: %s", c.kind, path, got)
		}
		// Every screen passes axe-core (light, dark, 360 px).
		name := map[string]string{"page": "space", "change request": "change-request", "site": "site", "site preview": "site-preview",
			"OpenAPI specification": "openapi", "search result": "space-search-result"}[c.kind]
		if name == "" {
			name = c.kind
		}
		if !a.checked[name] {
			a.accessible(name)
		}
	}
}

// tinyPNG is a 1×1 PNG (the image the story uploads).
var tinyPNG = []byte{0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
	0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00,
	0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0xf0, 0x1f, 0x00, 0x05, 0x00, 0x01, 0xff, 0x89, 0x99,
	0x3d, 0x1d, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82}

// TestAppWriteStory drives the app as a writer: sign in, create a space,
// Edit (which opens a change request), add three pages with a title and
// markdown each, upload an image into one (the space's files), save; the
// preview shows the page as the site would. Everything is then visible
// through REST exactly as if a script had done it. Unsaved text is kept
// in a local draft; an edit by someone else meanwhile makes Save say so
// (PRECONDITION's changedPages) and offer to reload the page, which shows
// their version. axe-core finds nothing serious on each screen (light,
// dark, 360 px).
func TestAppWriteStory(t *testing.T) {
	srv := resttest.New(t)
	const pw = "tulip orbit canyon 42"
	u := account(t, srv, "ada@example.com", pw)
	tok, err := srv.Store.CreateToken(t.Context(), u.ID)
	if err != nil {
		t.Fatal(err)
	}
	ada := srv.Anonymous()
	ada.Token = tok
	org := createOrg(t, ada, "Acme Docs")
	a := appBrowser(t, srv, "ada@example.com", pw, "/app/o/"+org)
	a.waitText("main h1", "Acme Docs")

	// Create a space from the org home.
	a.run("new space", chromedp.SendKeys(`#new-space-title`, "Handbook", chromedp.ByQuery),
		chromedp.Click(`form.inline-form button[type="submit"]`, chromedp.ByQuery))
	a.waitText("main h1", "Handbook")
	a.waitText("#sidebar", "Handbook")
	a.accessible("space-new") // (app-space-*.png is a space with pages: TestAppURLsOpenScreens)
	var loc string
	a.run("space address", chromedp.Location(&loc))
	spaceID := loc[strings.LastIndex(loc, "/s/")+3:]

	// Edit opens a change request.
	a.run("edit", chromedp.Click(`button.edit`, chromedp.ByQuery))
	a.waitText("main h1", "Editing")
	a.typeInto("#cr-subject", "A first handbook")
	a.press("Save subject")
	a.waitText("main h1", "Editing: A first handbook")
	img := filepath.Join(t.TempDir(), "diagram.png")
	if err := os.WriteFile(img, tinyPNG, 0o644); err != nil {
		t.Fatal(err)
	}
	pages := []struct{ title, body string }{
		{"Getting started", "Install the tools.\n\n## Tools\n\n- git\n- make\n"},
		{"Architecture", "How it fits together.\n\n```go\nfunc main() {}\n```\n"},
		{"FAQ", "| Q | A |\n|---|---|\n| Why? | Because. |\n"},
	}
	for i, p := range pages {
		var before string
		a.run("where", chromedp.Location(&before))
		a.typeInto("#new-page-title", p.title)
		a.run("add page", chromedp.Click(`.add-page button[type="submit"]`, chromedp.ByQuery))
		// The new page's editor: another address, the title given.
		a.run("new page opens", chromedp.Poll(`location.href !== `+jsString(before)+` && document.querySelector('#page-title')?.value === `+jsString(p.title)+` && !!document.querySelector('.source .cm-content')`, nil, chromedp.WithPollingTimeout(20*time.Second)))
		// As input (InsertText), so the editor's Enter handling adds no list markers.
		a.run("type "+p.title, chromedp.Click(`.source .cm-content`, chromedp.ByQuery), input.InsertText(p.body))
		if i == 1 {
			a.run("upload image", chromedp.SetUploadFiles(`.file-button input[type="file"]`, []string{img}, chromedp.ByQuery))
			a.waitText(".source .cm-content", "![diagram.png](/files/")
		}
		a.run("save "+p.title, chromedp.Click(`button.save`, chromedp.ByQuery))
		a.waitText(".toolbar .status", "Saved.")
		a.waitText(".edit-tree", p.title)
	}
	a.run("open Architecture", chromedp.Click(`//nav[@aria-label="Pages of this change request"]//a[text()="Architecture"]`, chromedp.BySearch))
	a.waitText(".preview .page-body", "How it fits together")
	a.run("image in preview", chromedp.WaitVisible(`.preview .page-body img[src*="/files/"]`, chromedp.ByQuery))
	a.accessible("editor")

	// Through REST: the change request holds the three pages and the image.
	crs := ada.Get("/v1/spaces/" + spaceID + "/change-requests?status=draft").Expect(http.StatusOK).JSON()
	items := crs["items"].([]any)
	if len(items) != 1 {
		t.Fatalf("change requests: %v", crs)
	}
	crID := resttest.Str(items[0].(map[string]any), "id")
	content := ada.Get("/v1/spaces/" + spaceID + "/change-requests/" + crID + "/content").Expect(http.StatusOK).JSON()
	var titles []string
	for _, p := range content["pages"].([]any) {
		titles = append(titles, resttest.Str(p.(map[string]any), "title"))
	}
	if strings.Join(titles, ",") != "Getting started,Architecture,FAQ" {
		t.Errorf("pages through REST: %v", titles)
	}
	arch := content["pages"].([]any)[1].(map[string]any)
	md := ada.Get("/v1/spaces/" + spaceID + "/change-requests/" + crID + "/content/page/" + resttest.Str(arch, "id") + "?format=markdown").Expect(http.StatusOK).JSON()
	if body := resttest.Str(md, "markdown"); !strings.Contains(body, "How it fits together") || !strings.Contains(body, "](/files/") {
		t.Errorf("Architecture's markdown through REST: %q", body)
	}
	files := ada.Get("/v1/spaces/" + spaceID + "/change-requests/" + crID + "/content/files").Expect(http.StatusOK).JSON()
	if fs := files["items"].([]any); len(fs) != 1 || resttest.Str(fs[0].(map[string]any), "name") != "diagram.png" {
		t.Errorf("files through REST: %v", files)
	}

	// Unsaved text is kept as a local draft.
	a.run("type unsaved", chromedp.Click(`.source .cm-content`, chromedp.ByQuery), docEnd(), input.InsertText("Draft words.\n"))
	a.waitText(".toolbar .status", "Unsaved")
	// (The draft is written just after the screen shows "Unsaved".)
	a.run("draft kept", chromedp.Poll(`Object.keys(localStorage).filter(k => k.startsWith('folio.draft.')).map(k => localStorage.getItem(k)).join().includes("Draft words")`, nil, chromedp.WithPollingTimeout(10*time.Second)))

	// Someone else saves this page meanwhile: Save says so and offers to
	// reload it; nothing is overwritten.
	ada.Post("/v1/spaces/"+spaceID+"/change-requests/"+crID+"/content", map[string]any{"changes": []any{
		map[string]any{"operation": "update_page", "page": resttest.Str(arch, "id"), "document": map[string]any{"markdown": "Their words."}},
	}}).Expect(http.StatusOK)
	a.run("save over", chromedp.Click(`button.save`, chromedp.ByQuery))
	a.waitText(".page-editor [role=alert]", "Someone else changed this change request")
	a.waitText(".page-editor [role=alert]", "Architecture (updated)")
	a.accessible("editor-conflict")
	a.run("reload page", chromedp.Click(`.notice .actions button`, chromedp.ByQuery))
	a.waitText(".source .cm-content", "Their words.")
}
