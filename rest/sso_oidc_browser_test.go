package rest_test

import (
	"context"
	"encoding/json"
	"path/filepath"
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
// callback signs it in, and it lands where next said, signed in by its
// session cookie. /account is not served by this branch: next is
// /v1/user, which shows the viewer. The browser reaches folio.test (the
// test server's public name, which the provider redirects to) through a
// host-resolver rule.
func TestOIDCInABrowser(t *testing.T) {
	chromium := requireChromium(t)
	e := newOIDCEnv(t)
	e.op.QueueUser(&mockoidc.MockUser{Subject: "ada", Email: "ada@example.com", EmailVerified: true})
	ctx := oidcChromiumTab(t, chromium, strings.TrimPrefix(e.srv.URL, "http://"), 60*time.Second)

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
		chromedp.Navigate(folioOrigin+sso.OIDCStartPath+"?next=/v1/user"),
		chromedp.WaitReady("body", chromedp.ByQuery),
		chromedp.Location(&location),
		chromedp.Text("body", &body, chromedp.ByQuery))
	mu.Lock()
	defer mu.Unlock()
	if err != nil {
		t.Fatalf("browse: %v\nvisited: %v", err, visited)
	}
	if location != folioOrigin+"/v1/user" {
		t.Fatalf("landed on %s\nvisited: %v\n%s", location, visited, body)
	}
	var viewer struct{ Email string }
	if err := json.Unmarshal([]byte(body), &viewer); err != nil || viewer.Email != "ada@example.com" {
		t.Fatalf("viewer: %v %s", err, body)
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

// oidcChromiumTab is chromiumTab with folio.test resolving to the test
// server at addr (host:port).
func oidcChromiumTab(t *testing.T, chromium, addr string, timeout time.Duration) context.Context {
	profile := chromiumScratch(t)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(chromium),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(filepath.Join(profile, "profile")),
		chromedp.Env("TMPDIR="+filepath.Join(profile, "tmp")),
		chromedp.WindowSize(1280, 800),
		chromedp.Flag("host-resolver-rules", "MAP folio.test "+addr),
		// folio.test is plain http, as the test server is: no upgrade.
		chromedp.Flag("disable-features", "HttpsUpgrades"),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-default-apps", true),
		chromedp.Flag("disable-extensions", true),
	)
	ctx, cancel := chromedp.NewContext(allocCtx)
	ctx, cancelTimeout := context.WithTimeout(ctx, timeout)
	t.Cleanup(func() {
		cancelTimeout()
		cancel()
		cancelAlloc()
	})
	return ctx
}
