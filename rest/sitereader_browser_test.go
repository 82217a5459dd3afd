package rest_test

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/golang-jwt/jwt/v5"

	"folio/rest/resttest"
)

// TestReaderInABrowser drives headless Chromium through published sites:
// a seeded site renders, navigation and the variant switcher lead where
// they say, the search box finds a page; a share-link site is "not found"
// without its key and opens with it; a visitor-auth site refuses an
// invalid JWT and opens with a valid one. No request leaves the server,
// nothing throws, and the CSP refuses nothing the page needs (it has no
// script at all). FOLIO_SITE_SCREENSHOT=path saves a screenshot of a
// page (the README's docs/site.png).
func TestReaderInABrowser(t *testing.T) {
	chromium := requireChromium(t)
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	public, _, _ := readerSite(t, srv, alice, org, "public")
	shared, _, _ := readerSite(t, srv, alice, org, "share-link")
	link := alice.Post(sitesPath(org)+"/"+shared+"/share-links", map[string]any{"name": "Partners"}).Expect(201).JSON()
	linkURL, _ := url.Parse(resttest.Str(link, "urls.published"))
	visitors, _, _ := readerSite(t, srv, alice, org, "visitor-auth")
	secret := []byte(strings.Repeat("v", 40))
	alice.Put(sitesPath(org)+"/"+visitors+"/visitor-key", map[string]any{"algorithm": "HS256", "key": string(secret)}).Expect(200)
	valid := sign(t, jwt.SigningMethodHS256, secret, fresh(jwt.MapClaims{"sub": "visitor"}))
	invalid := sign(t, jwt.SigningMethodHS256, []byte(strings.Repeat("w", 40)), fresh(jwt.MapClaims{"sub": "visitor"}))

	ctx := chromiumTab(t, chromium, 120*time.Second)

	var mu sync.Mutex
	var requests, exceptions, violations []string
	chromedp.ListenTarget(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch ev := ev.(type) {
		case *network.EventRequestWillBeSent:
			requests = append(requests, ev.Request.URL)
		case *runtime.EventExceptionThrown:
			exceptions = append(exceptions, ev.ExceptionDetails.Error())
		case *cdplog.EventEntryAdded:
			// The browser reports what the Content-Security-Policy refused.
			if strings.Contains(ev.Entry.Text, "Content Security Policy") {
				violations = append(violations, ev.Entry.Text)
			}
		}
	})
	run := func(step string, actions ...chromedp.Action) {
		t.Helper()
		if err := chromedp.Run(ctx, actions...); err != nil {
			mu.Lock()
			defer mu.Unlock()
			t.Fatalf("%s: %v\nrequests: %v\nexceptions: %v", step, err, requests, exceptions)
		}
	}
	text := func(sel string) string {
		t.Helper()
		var s string
		run("read "+sel, chromedp.Text(sel, &s, chromedp.ByQuery))
		return strings.TrimSpace(s)
	}
	location := func() string {
		t.Helper()
		var s string
		run("location", chromedp.Location(&s))
		return s
	}
	title := func() string { return text("main h1.title") }

	// The seeded site renders.
	base := srv.URL + "/sites/" + public
	run("open the site", network.Enable(), cdplog.Enable(), chromedp.Navigate(base), chromedp.WaitVisible(`main h1.title`, chromedp.ByQuery))
	if got := title(); got != "Introduction" {
		t.Errorf("first page: %q", got)
	}
	if got := text(`aside.toc`); !strings.Contains(got, "Getting started") || !strings.Contains(got, "Details & more") {
		t.Errorf("table of contents: %q", got)
	}
	var hasCode bool
	run("code", chromedp.Evaluate(`document.querySelectorAll('pre.chroma span.kd').length > 0`, &hasCode))
	if !hasCode {
		t.Errorf("no highlighted code")
	}
	var primary string
	run("theme", chromedp.Evaluate(`getComputedStyle(document.documentElement).getPropertyValue('--primary').trim()`, &primary))
	if primary != "#346ddb" {
		t.Errorf("--primary = %q: the theme stylesheet did not apply", primary)
	}

	// Navigation: the sidebar, next, a section in its group's menu.
	run("sidebar", chromedp.Click(`aside.sidebar a[href$="/docs/guide-v1/setup"]`, chromedp.ByQuery),
		chromedp.WaitVisible(`nav.pager a.next`, chromedp.ByQuery))
	if got := title(); got != "Setup" {
		t.Errorf("after the sidebar link: %q", got)
	}
	if path := os.Getenv("FOLIO_SITE_SCREENSHOT"); path != "" {
		var png []byte
		run("screenshot", chromedp.CaptureScreenshot(&png))
		if err := os.WriteFile(path, png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run("next", chromedp.Click(`nav.pager a.next`, chromedp.ByQuery), chromedp.WaitVisible(`nav.pager a.prev`, chromedp.ByQuery))
	if got := title(); got != "Deep dive" {
		t.Errorf("after next: %q", got)
	}
	run("group menu", chromedp.Click(`nav.sections details summary`, chromedp.ByQuery),
		chromedp.Click(`nav.sections details a[href$="/api"]`, chromedp.ByQuery),
		chromedp.WaitVisible(`article`, chromedp.ByQuery))
	if got := title(); got != "Reference" {
		t.Errorf("after the API section: %q", got)
	}

	// The variant switcher.
	run("back to docs", chromedp.Click(`nav.sections > a[href$="/docs"]`, chromedp.ByQuery), chromedp.WaitVisible(`details.variants summary`, chromedp.ByQuery))
	run("switch variant", chromedp.Click(`details.variants summary`, chromedp.ByQuery),
		chromedp.Click(`details.variants a[href$="/docs/guide-v2"]`, chromedp.ByQuery),
		chromedp.WaitVisible(`article`, chromedp.ByQuery))
	if got := title(); got != "What is new" {
		t.Errorf("after switching variant: %q", got)
	}
	if got := text(`details.variants summary`); got != "Guide v2" {
		t.Errorf("the switcher shows %q", got)
	}

	// Search (in the variant being read: v1 here).
	run("v1", chromedp.Navigate(base+"/docs/guide-v1"), chromedp.WaitVisible(`form.search input`, chromedp.ByQuery))
	run("search", chromedp.SendKeys(`form.search input`, "hidden details\r", chromedp.ByQuery),
		chromedp.WaitVisible(`ol.results`, chromedp.ByQuery))
	if got := text(`ol.results`); !strings.Contains(got, "Deep dive") {
		t.Errorf("search results: %q", got)
	}
	run("open a hit", chromedp.Click(`ol.results > li > a`, chromedp.ByQuery), chromedp.WaitVisible(`article`, chromedp.ByQuery))
	if got := title(); got != "Deep dive" {
		t.Errorf("after the hit: %q", got)
	}

	// A share-link site: not found without the key, open with its link.
	run("share without key", chromedp.Navigate(srv.URL+"/sites/"+shared), chromedp.WaitVisible(`.message h1`, chromedp.ByQuery))
	if got := text(`.message h1`); got != "Page not found" {
		t.Errorf("share-link site without key: %q", got)
	}
	run("share with key", chromedp.Navigate(srv.URL+linkURL.RequestURI()), chromedp.WaitVisible(`main h1.title`, chromedp.ByQuery))
	if got := title(); got != "Introduction" {
		t.Errorf("share-link site with key: %q", got)
	}
	if loc := location(); strings.Contains(loc, "share") {
		t.Errorf("the key stayed in the address: %s", loc)
	}
	run("share navigate", chromedp.Click(`aside.sidebar a[href$="/setup"]`, chromedp.ByQuery), chromedp.WaitVisible(`nav.pager`, chromedp.ByQuery))
	if got := title(); got != "Setup" {
		t.Errorf("share-link site, next page: %q", got)
	}

	// A visitor-auth site: an invalid JWT is refused, a valid one opens it.
	run("visitor invalid", chromedp.Navigate(srv.URL+"/sites/"+visitors+"?jwt_token="+invalid), chromedp.WaitVisible(`.message h1`, chromedp.ByQuery))
	if got := text(`.message h1`); got != "Sign-in required" {
		t.Errorf("invalid JWT: %q", got)
	}
	run("visitor valid", chromedp.Navigate(srv.URL+"/sites/"+visitors+"?jwt_token="+valid), chromedp.WaitVisible(`main h1.title`, chromedp.ByQuery))
	if got := title(); got != "Introduction" {
		t.Errorf("valid JWT: %q", got)
	}
	if loc := location(); strings.Contains(loc, "jwt_token") {
		t.Errorf("the token stayed in the address: %s", loc)
	}
	run("visitor navigate", chromedp.Click(`aside.sidebar a[href$="/setup"]`, chromedp.ByQuery), chromedp.WaitVisible(`nav.pager`, chromedp.ByQuery))
	if got := title(); got != "Setup" {
		t.Errorf("visitor site, next page: %q", got)
	}

	mu.Lock()
	defer mu.Unlock()
	if len(exceptions) > 0 {
		t.Errorf("the pages threw: %v", exceptions)
	}
	if len(violations) > 0 {
		t.Errorf("the Content-Security-Policy refused: %v", violations)
	}
	for _, u := range requests {
		if !strings.HasPrefix(u, srv.URL+"/") && !strings.HasPrefix(u, "data:") {
			t.Errorf("a request left the server: %s", u)
		}
	}
}

// TestReaderThemesInABrowser loads a page of a seeded site in headless
// Chromium, light and dark (emulated prefers-color-scheme), desktop and
// 360 px wide, and checks: axe-core finds nothing serious or critical in
// either theme at either width; the dark theme follows the system and
// data-theme on <html> forces either theme; code is highlighted in each
// theme's colours; at 360 px nothing scrolls sideways, the page tree is in
// a closed drawer that opens by keyboard (Tab reaches it after the header,
// space opens it, the next Tab enters the tree) and by click, and the
// table of contents is collapsed; the skip link is the first stop and
// leads to the content; printed, the page has no navigation, header,
// search or drawer, the content is full width, links show their address
// and code wraps. FOLIO_SITE_SCREENSHOTS=dir saves site-dark.png and
// site-360.png there (the README's docs/screenshots/).
func TestReaderThemesInABrowser(t *testing.T) {
	chromium := requireChromium(t)
	axe := axeSource(t)
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	public, _, _ := readerSite(t, srv, alice, org, "public")
	ctx := chromiumTab(t, chromium, 180*time.Second)

	var mu sync.Mutex
	var requests, violations []string
	chromedp.ListenTarget(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch ev := ev.(type) {
		case *network.EventRequestWillBeSent:
			requests = append(requests, ev.Request.URL)
		case *cdplog.EventEntryAdded:
			if strings.Contains(ev.Entry.Text, "Content Security Policy") {
				violations = append(violations, ev.Entry.Text)
			}
		}
	})
	run := func(step string, actions ...chromedp.Action) {
		t.Helper()
		if err := chromedp.Run(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", step, err)
		}
	}
	eval := func(js string, out any) {
		t.Helper()
		run(js, chromedp.Evaluate(js, out))
	}
	str := func(js string) string {
		t.Helper()
		var s string
		eval(js, &s)
		return s
	}
	scheme := func(dark bool) chromedp.Action {
		v := "light"
		if dark {
			v = "dark"
		}
		return emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: v}})
	}
	phone := emulation.SetDeviceMetricsOverride(360, 800, 1, true)
	desktop := emulation.ClearDeviceMetricsOverride()
	accessible := func(where string) {
		t.Helper()
		for _, dark := range []bool{false, true} {
			run("scheme", scheme(dark))
			found, err := runAxe(ctx, axe)
			if err != nil {
				t.Fatalf("axe on %s: %v", where, err)
			}
			for _, v := range found {
				if v.Impact == "serious" || v.Impact == "critical" {
					t.Errorf("axe on %s (dark %v): %s (%s): %s %v", where, dark, v.ID, v.Impact, v.Help, v.Nodes)
				} else {
					t.Logf("axe on %s (dark %v): %s (%s): %s", where, dark, v.ID, v.Impact, v.Help)
				}
			}
		}
		run("light", scheme(false))
	}
	const bg = `getComputedStyle(document.body).backgroundColor`
	const keyword = `getComputedStyle(document.querySelector('pre.chroma span.k')).color`
	page := srv.URL + "/sites/" + public + "/docs/guide-v1/setup"
	run("open", network.Enable(), cdplog.Enable(), scheme(false), chromedp.Navigate(page), chromedp.WaitVisible(`main h1.title`, chromedp.ByQuery))

	// Light, then dark as the system prefers; data-theme forces either.
	lightBg, lightCode := str(bg), str(keyword)
	run("dark", scheme(true))
	darkBg, darkCode := str(bg), str(keyword)
	if lightBg != "rgb(255, 255, 255)" || darkBg != "rgb(13, 17, 23)" || lightCode == darkCode {
		t.Errorf("backgrounds light %s, dark %s; keywords light %s, dark %s", lightBg, darkBg, lightCode, darkCode)
	}
	if path := os.Getenv("FOLIO_SITE_SCREENSHOTS"); path != "" {
		var png []byte
		run("dark screenshot", chromedp.CaptureScreenshot(&png))
		if err := os.WriteFile(filepath.Join(path, "site-dark.png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	eval(`document.documentElement.dataset.theme = 'light'`, nil)
	if got := str(bg); got != lightBg {
		t.Errorf(`data-theme="light" on a dark system: %s`, got)
	}
	run("light system", scheme(false))
	eval(`document.documentElement.dataset.theme = 'dark'`, nil)
	if got, code := str(bg), str(keyword); got != darkBg || code != darkCode {
		t.Errorf(`data-theme="dark" on a light system: %s, keywords %s`, got, code)
	}
	eval(`delete document.documentElement.dataset.theme`, nil)
	accessible("a page")

	// The skip link is the first stop and leads to the content.
	run("skip", chromedp.KeyEvent("\t"))
	if got := str(`document.activeElement.className + ' ' + (document.activeElement.getBoundingClientRect().top >= 0)`); got != "skip true" {
		t.Errorf("first Tab: %q (want the visible skip link)", got)
	}
	run("to content", chromedp.KeyEvent("\r"))
	if got := str(`document.activeElement.id`); got != "content" {
		t.Errorf("after the skip link, focus is on %q", got)
	}
	if got := str(`document.querySelector('aside.sidebar [aria-current="page"]').textContent`); got != "Setup" {
		t.Errorf("the current page in the tree: %q", got)
	}

	// A phone: no sideways scrolling, the tree in a closed drawer, the
	// table of contents collapsed.
	run("phone", phone, chromedp.Reload(), chromedp.WaitVisible(`label.drawer-button`, chromedp.ByQuery))
	var overflow bool
	width := `document.documentElement.scrollWidth > document.documentElement.clientWidth`
	sidebar := `getComputedStyle(document.querySelector('aside.sidebar .tree')).display`
	eval(width, &overflow)
	if overflow {
		t.Errorf("the page scrolls sideways at 360 px: %s wide", str(`String(document.documentElement.scrollWidth)`))
	}
	if got := str(sidebar); got != "none" {
		t.Errorf("the drawer is open on arrival: %s", got)
	}
	var tocOpen, tocShown bool
	eval(`document.querySelector('details.toc-inline').open`, &tocOpen)
	eval(`document.querySelector('details.toc-inline').getBoundingClientRect().height > 0 && getComputedStyle(document.querySelector('aside.toc')).display === 'none'`, &tocShown)
	if tocOpen || !tocShown {
		t.Errorf("table of contents: open %v, collapsed one shown (and the column hidden) %v", tocOpen, tocShown)
	}
	if path := os.Getenv("FOLIO_SITE_SCREENSHOTS"); path != "" {
		var png []byte
		run("phone screenshot", chromedp.CaptureScreenshot(&png))
		if err := os.WriteFile(filepath.Join(path, "site-360.png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	accessible("a page at 360 px")
	// By keyboard: Tab through the header reaches the drawer's control.
	var stops []string
	for range 12 {
		run("tab", chromedp.KeyEvent("\t"))
		stop := str(`document.activeElement.id || document.activeElement.className || document.activeElement.tagName`)
		stops = append(stops, stop)
		if stop == "drawer" {
			break
		}
	}
	if stops[len(stops)-1] != "drawer" || stops[0] != "skip" {
		t.Fatalf("Tab order from the top: %v (want the skip link first, the drawer after the header)", stops)
	}
	var focusRing string
	eval(`getComputedStyle(document.querySelector('label.drawer-button')).outlineStyle`, &focusRing)
	if focusRing == "none" {
		t.Errorf("the drawer's button shows no focus")
	}
	run("space", chromedp.KeyEvent(" "))
	if got := str(sidebar); got != "block" {
		t.Errorf("space on the drawer's control: sidebar %s", got)
	}
	run("into the tree", chromedp.KeyEvent("\t"))
	var inTree bool
	eval(`document.getElementById('pages').contains(document.activeElement)`, &inTree)
	if !inTree {
		t.Errorf("Tab after opening the drawer goes to %s, not the tree", str(`document.activeElement.outerHTML`))
	}
	eval(width, &overflow)
	if overflow {
		t.Errorf("the open drawer scrolls sideways")
	}
	accessible("the open drawer at 360 px")
	run("close by click", chromedp.Click(`label.drawer-button`, chromedp.ByQuery))
	if got := str(sidebar); got != "none" {
		t.Errorf("a click did not close the drawer: %s", got)
	}
	run("open by click", chromedp.Click(`label.drawer-button`, chromedp.ByQuery))
	if got := str(sidebar); got != "block" {
		t.Errorf("a click did not open the drawer: %s", got)
	}
	run("follow a link in the drawer", chromedp.Click(`aside.sidebar a[href$="/setup/deep-dive"]`, chromedp.ByQuery), chromedp.WaitVisible(`nav.pager a.prev`, chromedp.ByQuery))
	if got := str(`document.querySelector('main h1.title').textContent`); got != "Deep dive" {
		t.Errorf("after the drawer's link: %q", got)
	}

	// Printed: the content alone, full width, links with their address,
	// code wrapped.
	run("print", desktop, chromedp.Navigate(page), chromedp.WaitVisible(`main h1.title`, chromedp.ByQuery),
		emulation.SetEmulatedMedia().WithMedia("print"))
	for _, sel := range []string{"header.top", "aside.sidebar", "aside.toc", "form.search", "label.drawer-button", "nav.pager", "a.skip"} {
		if got := str(`getComputedStyle(document.querySelector('` + sel + `')).display`); got != "none" {
			t.Errorf("printed, %s shows (%s)", sel, got)
		}
	}
	var full bool
	eval(`document.querySelector('main').getBoundingClientRect().width >= document.documentElement.clientWidth - 1`, &full)
	if !full {
		t.Errorf("printed, the content is %s px of %s", str(`String(document.querySelector('main').getBoundingClientRect().width)`), str(`String(document.documentElement.clientWidth)`))
	}
	if got := str(`getComputedStyle(document.querySelector('article a[href^="https:"]'), '::after').content`); !strings.Contains(got, "https://gitbook.com/docs/developers") {
		t.Errorf("printed, a link shows %s after it", got)
	}
	if got := str(`getComputedStyle(document.querySelector('article pre')).whiteSpace`); got != "pre-wrap" {
		t.Errorf("printed, code has white-space %s", got)
	}
	run("screen", emulation.SetEmulatedMedia().WithMedia(""))

	mu.Lock()
	defer mu.Unlock()
	if len(violations) > 0 {
		t.Errorf("the Content-Security-Policy refused: %v", violations)
	}
	for _, u := range requests {
		if !strings.HasPrefix(u, srv.URL+"/") && !strings.HasPrefix(u, "data:") {
			t.Errorf("a request left the server: %s", u)
		}
	}
}
