package rest_test

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"folio/rest/resttest"
)

// TestReaderEmbedsInABrowser opens a page with embeds in headless Chromium,
// its site allowing one origin (a player served by the test): that embed
// is a sandboxed frame the browser loads, the page's CSP frame-src is
// exactly that origin, and a frame of any other origin (added through the
// DevTools protocol, since the page itself can make none) is refused by
// the CSP and never requested. Embeds of origins the site does not allow
// are links; the page's conditional block does not show to a reader
// without claims, its reusable content and integration block are notices;
// axe-core finds nothing serious or critical, light, dark or 360 px wide.
func TestReaderEmbedsInABrowser(t *testing.T) {
	chromium := requireChromium(t)
	axe := axeSource(t)
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	var played, blocked atomic.Int64
	player := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		played.Add(1)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(`<!doctype html><html lang="en"><head><title>Player</title></head><body><main><p>Playing</p></main></body></html>`))
	}))
	defer player.Close()
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { blocked.Add(1) }))
	defer other.Close()
	id, site := blocksSite(t, srv, alice, org, player.URL)
	alice.Put(site+"/customization", map[string]any{"embeds": map[string]any{"allowedOrigins": []any{player.URL}}}).Expect(http.StatusOK)
	page := srv.URL + "/sites/" + id + "/blocks"

	ctx := chromiumTab(t, chromium, 180*time.Second)
	var mu sync.Mutex
	var violations []string
	var csp, docCache string
	var docStatus int64
	var docRequest network.RequestID
	chromedp.ListenTarget(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch ev := ev.(type) {
		case *network.EventRequestWillBeSent:
			if ev.Type == network.ResourceTypeDocument && strings.HasPrefix(ev.Request.URL, page) {
				docRequest = ev.RequestID
			}
		case *network.EventResponseReceivedExtraInfo:
			// The response as it came from the server (a 304 is then
			// shown from the browser's cache as its 200).
			if ev.RequestID == docRequest {
				docStatus = ev.StatusCode
				docCache, _ = ev.Headers["X-Folio-Cache"].(string)
			}
		case *network.EventResponseReceived:
			if ev.Type == network.ResourceTypeDocument && strings.HasPrefix(ev.Response.URL, page) {
				csp, _ = ev.Response.Headers["Content-Security-Policy"].(string)
			}
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
	// until waits for ok, polling (the browser loads frames on its own time).
	until := func(what string, ok func() bool) {
		t.Helper()
		for deadline := time.Now().Add(20 * time.Second); !ok(); time.Sleep(20 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: not after 20 s", what)
			}
		}
	}

	run("open", network.Enable(), cdplog.Enable(), chromedp.Navigate(page), chromedp.WaitVisible(`figure.embed iframe`, chromedp.ByQuery))
	mu.Lock()
	if want := "frame-src " + player.URL; !strings.HasSuffix(csp, "; "+want) {
		t.Errorf("CSP %q does not end with %q", csp, want)
	}
	mu.Unlock()
	var frame struct {
		Src, Sandbox, Title string
		Frames, Links       int
	}
	eval(`(() => { const f = document.querySelector('figure.embed iframe');
		return {src: f.src, sandbox: f.getAttribute('sandbox'), title: f.title,
			frames: document.querySelectorAll('iframe').length, links: document.querySelectorAll('p.embed a').length}; })()`, &frame)
	if frame.Src != player.URL+"/player?v=1" || frame.Title != "Our player" || frame.Frames != 1 || frame.Links != 2 ||
		frame.Sandbox != "allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-presentation" {
		t.Errorf("frames: %+v", frame)
	}
	// The browser loads the allowed frame (the CSP lets it through).
	until("the player is requested", func() bool { return played.Load() > 0 })
	// The page again, as a reader comes back: answered from the cached
	// route (rest/reader/fastpath.go), a hit or, as the browser holds the
	// page, a 304 it shows its own copy for. The screenshots below are of
	// this view.
	// (The customization written after publishing reaches the view cache
	// through the change feed, within 100 ms: a view read before it is
	// dropped, and the next view renders again.)
	for i := 1; ; i++ {
		mu.Lock()
		docStatus, docCache = 0, ""
		mu.Unlock()
		run("again", chromedp.Navigate(page), chromedp.WaitVisible(`figure.embed iframe`, chromedp.ByQuery))
		mu.Lock()
		status, cache := docStatus, docCache
		mu.Unlock()
		if status == http.StatusNotModified || cache == "hit" {
			break
		}
		if i == 3 {
			t.Fatalf("the page again, %d times: status %d, X-Folio-Cache %q; want it from the cached route", i, status, cache)
		}
	}
	// The {% code title %} block: a figure, its title as caption, its long
	// line wrapped.
	var code struct {
		Caption string
		Wraps   bool
	}
	eval(`(() => { const f = document.querySelector('figure.code.wrap'); const pre = f && f.querySelector('pre');
		return {caption: f ? f.querySelector('figcaption').innerText : '', wraps: !!pre && pre.scrollWidth <= pre.clientWidth}; })()`, &code)
	if code.Caption != "install.sh" || !code.Wraps {
		t.Errorf("code figure: %+v, want the caption install.sh and the line wrapped", code)
	}
	var shown string
	eval(`document.querySelector('article').innerText`, &shown)
	if strings.Contains(shown, "Beta") || !strings.Contains(shown, "Reusable content “environments” is not shown here") ||
		!strings.Contains(shown, "“github-files” integration") {
		t.Errorf("the page shows: %s", shown)
	}
	mu.Lock()
	if len(violations) > 0 {
		t.Errorf("CSP violations on the page: %v", violations)
	}
	mu.Unlock()

	// A frame of another origin is refused by the CSP, never requested.
	var added bool
	eval(`(() => { const f = document.createElement('iframe'); f.id = 'intruder'; f.title = 'x'; f.src = '`+other.URL+`/x';
		document.body.appendChild(f); return true; })()`, &added)
	until("the CSP refuses the other frame", func() bool {
		mu.Lock()
		defer mu.Unlock()
		for _, v := range violations {
			if strings.Contains(v, "frame-src") && strings.Contains(v, other.URL) {
				return true
			}
		}
		return false
	})
	if n := blocked.Load(); n != 0 {
		t.Errorf("the refused origin got %d requests", n)
	}
	eval(`document.getElementById('intruder').remove(), true`, &added)

	// FOLIO_SITE_SCREENSHOTS=dir saves the whole page there, light, dark
	// and 360 px wide (the README's docs/screenshots/site-blocks-*.png).
	screenshot := func(name string) {
		t.Helper()
		dir := os.Getenv("FOLIO_SITE_SCREENSHOTS")
		if dir == "" {
			return
		}
		var png []byte
		run("screenshot "+name, chromedp.FullScreenshot(&png, 100))
		if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// Accessible, light and dark.
	for _, dark := range []bool{false, true} {
		scheme := "light"
		if dark {
			scheme = "dark"
		}
		eval(`document.documentElement.setAttribute('data-theme', '`+scheme+`'), true`, &added)
		found, err := runAxe(ctx, axe)
		if err != nil {
			t.Fatalf("axe: %v", err)
		}
		for _, v := range found {
			if v.Impact == "serious" || v.Impact == "critical" {
				t.Errorf("axe (%s): %s (%s): %s %v", scheme, v.ID, v.Impact, v.Help, v.Nodes)
			} else {
				t.Logf("axe (%s): %s (%s): %s", scheme, v.ID, v.Impact, v.Help)
			}
		}
		screenshot("site-blocks-" + scheme + ".png")
	}

	// On a phone's width too, light.
	eval(`document.documentElement.setAttribute('data-theme', 'light'), true`, &added)
	run("phone", emulation.SetDeviceMetricsOverride(360, 800, 1, true))
	found, err := runAxe(ctx, axe)
	if err != nil {
		t.Fatalf("axe: %v", err)
	}
	for _, v := range found {
		if v.Impact == "serious" || v.Impact == "critical" {
			t.Errorf("axe (360 px): %s (%s): %s %v", v.ID, v.Impact, v.Help, v.Nodes)
		}
	}
	screenshot("site-blocks-360.png")
}
