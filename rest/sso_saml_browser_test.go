package rest_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"folio/rest/session"
)

// TestSAMLSignInBrowser has headless Chromium do the whole redirect dance
// against the samlidp IdP: SP-initiated (the provider's start URL, the
// IdP's login form, its auto-posted response to the ACS) and IdP-initiated
// (the IdP's shortcut, after logging in there), each ending signed in on a
// the account page (/account, the default landing), with the
// session cookie HttpOnly and SameSite=Lax.
func TestSAMLSignInBrowser(t *testing.T) {
	chromium := requireChromium(t)
	f := newSAMLFixture(t, map[string]any{"idpInitiated": true})
	f.idp.AddUser("bob", "bob@acme.example", "Bob", "Builder")
	f.idp.Shortcut("folio", f.sp.EntityID, "/account")
	// The public URL is http://folio.test: the browser finds the test
	// server there.
	ctx := chromiumTab(t, chromium, 120*time.Second, resolveHosts("MAP folio.test "+strings.TrimPrefix(f.srv.URL, "http://"))...)

	run := func(step string, actions ...chromedp.Action) {
		t.Helper()
		if err := chromedp.Run(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", step, err)
		}
	}
	// landOn waits until the browser is at u (the navigations in between
	// are the IdP's auto-posted form and the ACS's redirect) and returns
	// the page's text.
	landOn := func(u string) string {
		t.Helper()
		var loc, text string
		for {
			run("location", chromedp.Location(&loc))
			if loc == u {
				break
			}
			if ctx.Err() != nil {
				t.Fatalf("never reached %s (at %s)", u, loc)
			}
			time.Sleep(50 * time.Millisecond)
		}
		run("read", chromedp.WaitReady("body", chromedp.ByQuery), chromedp.Evaluate(`document.body.innerText`, &text))
		return text
	}
	logIn := func(user string) {
		t.Helper()
		run("IdP login "+user, chromedp.WaitVisible(`input[name=user]`, chromedp.ByQuery),
			chromedp.SendKeys(`input[name=user]`, user, chromedp.ByQuery),
			chromedp.SendKeys(`input[name=password]`, "secret", chromedp.ByQuery),
			chromedp.Submit(`input[name=password]`, chromedp.ByQuery))
	}
	expectSession := func() {
		t.Helper()
		var cookies []*network.Cookie
		run("cookies", chromedp.ActionFunc(func(ctx context.Context) error {
			var err error
			cookies, err = network.GetCookies().WithURLs([]string{"http://folio.test/"}).Do(ctx)
			return err
		}))
		for _, c := range cookies {
			if c.Name == session.CookieName {
				if !c.HTTPOnly || c.SameSite != network.CookieSameSiteLax {
					t.Errorf("session cookie: %+v", c)
				}
				return
			}
		}
		t.Errorf("no session cookie in %+v", cookies)
	}

	// SP-initiated.
	run("start", network.Enable(), chromedp.Navigate(f.sp.StartURL))
	logIn("alice")
	if page := landOn("http://folio.test/account"); !strings.Contains(page, "alice@acme.example") {
		t.Fatalf("signed in as: %s", page)
	}
	expectSession()
	f.expectMember(t, f.userID(t, "alice@acme.example"), "edit", true)

	// IdP-initiated, in a browser that forgot everything.
	run("forget", network.ClearBrowserCookies(), chromedp.Navigate(f.idp.URL+"/login/folio"))
	logIn("bob") // samlidp's portal: the form signs in at the IdP only
	if page := landOn(f.idp.URL + "/login"); !strings.Contains(page, "bob@acme.example") {
		t.Fatalf("IdP login: %s", page)
	}
	run("IdP-initiated", chromedp.Navigate(f.idp.URL+"/login/folio"))
	if page := landOn("http://folio.test/account"); !strings.Contains(page, "bob@acme.example") {
		t.Fatalf("signed in as: %s", page)
	}
	expectSession()
	f.expectMember(t, f.userID(t, "bob@acme.example"), "edit", true)
}
