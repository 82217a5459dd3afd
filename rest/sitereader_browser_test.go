package rest_test

import (
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

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
