package rest_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/oauth2-proxy/mockoidc"

	"folio/rest/session"
	"folio/rest/sso"
)

// TestOIDCInABrowser: headless Chromium goes to the sign-in start, is
// sent to the provider (mockoidc signs in at once and sends it back), the
// callback signs it in, and it lands on the account page (/account, the
// default), signed in by its session cookie. The browser reaches
// folio.test (the test server's public name, which the provider redirects
// to) through a host-resolver rule.
func TestOIDCInABrowser(t *testing.T) {
	chromium := requireChromium(t)
	e := newOIDCEnv(t)
	e.op.QueueUser(&mockoidc.MockUser{Subject: "ada", Email: "ada@example.com", EmailVerified: true})
	ctx := chromiumTab(t, chromium, 60*time.Second, resolveHosts("MAP folio.test "+strings.TrimPrefix(e.srv.URL, "http://"))...)

	var mu sync.Mutex
	var visited []string
	chromedp.ListenTarget(ctx, func(ev any) {
		if ev, ok := ev.(*network.EventRequestWillBeSent); ok {
			mu.Lock()
			visited = append(visited, ev.Request.URL)
			mu.Unlock()
		}
	})
	var location, body string
	err := chromedp.Run(ctx, network.Enable(),
		chromedp.Navigate(folioOrigin+sso.OIDCStartPath),
		chromedp.WaitReady("body", chromedp.ByQuery),
		chromedp.Location(&location),
		chromedp.Text("body", &body, chromedp.ByQuery))
	mu.Lock()
	defer mu.Unlock()
	if err != nil {
		t.Fatalf("browse: %v\nvisited: %v", err, visited)
	}
	if location != folioOrigin+"/account" {
		t.Fatalf("landed on %s\nvisited: %v\n%s", location, visited, body)
	}
	if !strings.Contains(body, "Signed in as") || !strings.Contains(body, "ada@example.com") {
		t.Fatalf("account page: %s", body)
	}
	// The way there: start, the provider's authorization endpoint, the
	// callback, the landing page.
	var sawProvider, sawCallback bool
	for _, u := range visited {
		sawProvider = sawProvider || strings.HasPrefix(u, e.op.AuthorizationEndpoint()+"?")
		sawCallback = sawCallback || strings.HasPrefix(u, folioOrigin+sso.OIDCCallbackPath+"?")
	}
	if !sawProvider || !sawCallback {
		t.Errorf("the browser did not go through the provider and back: %v", visited)
	}
	var cookies []*network.Cookie
	if err := chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) error {
		var err error
		cookies, err = network.GetCookies().WithURLs([]string{folioOrigin + "/"}).Do(ctx)
		return err
	})); err != nil {
		t.Fatal(err)
	}
	var sessionCookie *network.Cookie
	for _, c := range cookies {
		if c.Name == session.CookieName {
			sessionCookie = c
		}
	}
	if sessionCookie == nil || !sessionCookie.HTTPOnly || sessionCookie.SameSite != network.CookieSameSiteLax {
		t.Errorf("session cookie: %+v", sessionCookie)
	}
	if e.sessions() != 1 {
		t.Errorf("%d sessions", e.sessions())
	}
}
