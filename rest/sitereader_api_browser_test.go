package rest_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"folio/rest/resttest"
)

// lighthouseSettings customize the site the browser and Lighthouse checks
// read: colours, corners, font, header links, a footer, an emoji icon,
// the default theme. Nothing points off the server (no request may leave
// it), so the logos are left out.
func lighthouseSettings(theme string) map[string]any {
	ref := func(u string) map[string]any { return map[string]any{"kind": "url", "url": u} }
	return map[string]any{
		"title":   "Pets Developer Hub",
		"styling": map[string]any{"primaryColor": map[string]any{"light": "#0B7A5E", "dark": "#5EE2B8"}, "corners": "rounded", "font": "Inter"},
		"header": map[string]any{"links": []any{
			map[string]any{"title": "Status", "to": ref("https://status.example.com"), "links": []any{}},
			map[string]any{"title": "Get an API key", "style": "button-primary", "to": ref("https://example.com/keys"), "links": []any{}},
		}},
		"footer": map[string]any{
			"copyright": "© 2026 Pets Inc.",
			"groups": []any{map[string]any{"title": "Company", "links": []any{
				map[string]any{"title": "About us", "to": ref("https://example.com/about")},
				map[string]any{"title": "Write to us", "to": ref("mailto:hello@example.com")}}}},
		},
		"favicon": map[string]any{"emoji": "🐾"},
		"themes":  map[string]any{"default": theme, "toggeable": true},
	}
}

// customAPISite is apiSite, customized (the default theme as given), with
// a guide page before the API reference.
func customAPISite(t *testing.T, srv *resttest.Server, alice *resttest.Client, org, theme string) string {
	t.Helper()
	base, _ := apiSite(t, srv, alice, org)
	id := strings.TrimPrefix(base, "/sites/")
	alice.Put(sitesPath(org)+"/"+id+"/customization", lighthouseSettings(theme)).Expect(http.StatusOK)
	return base
}

// TestReaderAPIReferenceInABrowser opens an API reference page of a
// customized site in headless Chromium: the operations show, the curl
// example is selected whole by one click (user-select: all; the pages
// have no script), axe-core finds no serious or critical violation in
// either theme, nothing leaves the server and the page does not scroll
// sideways on a phone. FOLIO_SITE_SCREENSHOTS=dir saves site-api.png (the
// customized site, light), site-api-dark.png and site-api-360.png there
// (the README's docs/screenshots/).
func TestReaderAPIReferenceInABrowser(t *testing.T) {
	chromium := requireChromium(t)
	axe := axeSource(t)
	srv := resttest.New(t)
	srv.StartWorkers(workersFor)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Pets")
	base := customAPISite(t, srv, alice, org, "system")
	ctx := chromiumTab(t, chromium, 180*time.Second)

	var mu sync.Mutex
	var requests []string
	chromedp.ListenTarget(ctx, func(ev any) {
		if ev, ok := ev.(*network.EventRequestWillBeSent); ok {
			mu.Lock()
			requests = append(requests, ev.Request.URL)
			mu.Unlock()
		}
	})
	run := func(step string, actions ...chromedp.Action) {
		t.Helper()
		if err := chromedp.Run(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", step, err)
		}
	}
	str := func(js string) string {
		t.Helper()
		var s string
		run(js, chromedp.Evaluate(js, &s))
		return s
	}
	scheme := func(dark bool) chromedp.Action {
		v := "light"
		if dark {
			v = "dark"
		}
		return emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: v}})
	}
	shot := func(name string) {
		t.Helper()
		dir := os.Getenv("FOLIO_SITE_SCREENSHOTS")
		if dir == "" {
			return
		}
		var png []byte
		run(name, chromedp.CaptureScreenshot(&png))
		if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	run("open", network.Enable(), scheme(false), chromedp.Navigate(srv.URL+base+"/api"), chromedp.WaitVisible(`#op-get-pets-petid`, chromedp.ByQuery))
	if got := str(`document.querySelectorAll('section.api-op').length + ' ' + document.querySelector('.api-method').textContent`); got != "5 GET" {
		t.Errorf("sections and first method: %q", got)
	}
	if got := str(`getComputedStyle(document.querySelector('pre.api-curl')).userSelect`); got != "all" {
		t.Errorf("curl example user-select: %q", got)
	}
	// One click selects the whole command.
	run("click curl", chromedp.Click(`pre.api-curl`, chromedp.ByQuery))
	if got := str(`String(window.getSelection())`); !strings.HasPrefix(got, "curl -X GET 'https://api.example.com/v2/pets/{petId}?expand=owner'") {
		t.Errorf("selection after a click: %q", got)
	}
	run("top", chromedp.Evaluate(`window.getSelection().removeAllRanges(); window.scrollTo(0, 0)`, nil))
	shot("site-api.png")
	for _, dark := range []bool{false, true} {
		run("scheme", scheme(dark))
		found, err := runAxe(ctx, axe)
		if err != nil {
			t.Fatalf("axe: %v", err)
		}
		for _, v := range found {
			if v.Impact == "serious" || v.Impact == "critical" {
				t.Errorf("axe on the API page (dark %v): %s (%s): %s %v", dark, v.ID, v.Impact, v.Help, v.Nodes)
			} else {
				t.Logf("axe on the API page (dark %v): %s (%s): %s", dark, v.ID, v.Impact, v.Help)
			}
		}
	}
	shot("site-api-dark.png")
	run("phone", scheme(false), emulation.SetDeviceMetricsOverride(360, 800, 1, true), chromedp.Reload(), chromedp.WaitVisible(`#op-get-pets-petid`, chromedp.ByQuery))
	if got := str(`String(document.documentElement.scrollWidth > document.documentElement.clientWidth)`); got != "false" {
		t.Errorf("the API page scrolls sideways at 360 px: %s wide", str(`String(document.documentElement.scrollWidth)`))
	}
	shot("site-api-360.png")
	run("desktop", emulation.ClearDeviceMetricsOverride(), chromedp.Navigate(srv.URL+base+"/broken"), chromedp.WaitVisible(`.api-notice`, chromedp.ByQuery))
	mu.Lock()
	defer mu.Unlock()
	for _, u := range requests {
		if !strings.HasPrefix(u, srv.URL) && !strings.HasPrefix(u, "data:") {
			t.Errorf("a request left the server: %s", u)
		}
	}
}
