package rest_test

import (
	"context"
	"encoding/json"
	"net/http"
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

	"folio/internal/mailtest"
	"folio/internal/npmcache"
	"folio/rest"
	"folio/rest/resttest"
	"folio/service/jobs"
	"folio/store"
)

// axeCore is the accessibility checker run on every page a browser test
// visits, pinned.
const axeCore = "axe-core@4.14.1"

// axeSource reads axe-core's script (installed into the test cache).
func axeSource(t *testing.T) string {
	t.Helper()
	dir, err := npmcache.Package(axeCore)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// axeViolation is what axe-core reports of a rule a page breaks.
type axeViolation struct {
	ID, Impact, Help string
	Nodes            []string
}

// runAxe runs axe-core (WCAG 2 A and AA, and its best practices) on the
// page the tab shows and returns what it finds. The script is evaluated
// through the DevTools protocol, which the page's Content-Security-Policy
// (no script at all) does not govern.
func runAxe(ctx context.Context, source string) ([]axeViolation, error) {
	var loaded bool
	if err := chromedp.Run(ctx, chromedp.Evaluate(source+";typeof axe === 'object'", &loaded)); err != nil || !loaded {
		return nil, err
	}
	var raw string
	err := chromedp.Run(ctx, chromedp.Evaluate(`axe.run(document, {resultTypes: ['violations']}).then(r => JSON.stringify(
		r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map(n => n.html)}))))`, &raw,
		func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	if err != nil {
		return nil, err
	}
	var out []axeViolation
	err = json.Unmarshal([]byte(raw), &out)
	return out, err
}

// TestSignInPagesInABrowser drives headless Chromium through the pages of
// a person's account: the first user signs up, signs out, signs in,
// creates a personal API token on the account page (shown once), revokes
// it, signs out, asks for a password reset, sets a new password through the
// mailed link, and lands signed in; then someone invited by e-mail through
// the API opens the mail's link, sets a password and lands signed in, a
// member. Mail goes to an SMTP server in the test (internal/mailtest).
// axe-core finds nothing on any page visited
// (light and dark), no request leaves the server, and the CSP refuses
// nothing the pages need. FOLIO_SIGNIN_SCREENSHOTS=dir saves screenshots
// of the sign-in and account pages there (light, dark, 360 px wide: the
// README's docs/screenshots/).
func TestSignInPagesInABrowser(t *testing.T) {
	chromium := requireChromium(t)
	axe := axeSource(t)
	srv := resttest.NewWith(t, func(cfg *rest.Config) { cfg.Accounts = rest.Accounts{MailEnabled: true} })
	// Mail goes to an SMTP server in the test, with links to this server.
	smtpd := mailtest.Start(t)
	mailWorkers(t, srv, smtpd, jobs.Config{PublicURL: srv.URL})
	// mailLink waits for a mail to an address with a link to path.
	mailLink := func(to, path string) string {
		t.Helper()
		for {
			if l := smtpd.Wait(t, to).Link(path); l != "" {
				return l
			}
		}
	}
	ctx := chromiumTab(t, chromium, 180*time.Second)

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
			if strings.Contains(ev.Entry.Text, "Content Security Policy") {
				violations = append(violations, ev.Entry.Text)
			}
		}
	})
	run := func(step string, actions ...chromedp.Action) {
		t.Helper()
		if err := chromedp.Run(ctx, actions...); err != nil {
			var loc, body string
			_ = chromedp.Run(ctx, chromedp.Location(&loc), chromedp.Evaluate(`document.body ? document.body.innerText : ""`, &body))
			t.Fatalf("%s: %v\nat %s:\n%.2000s", step, err, loc, body)
		}
	}
	location := func() string {
		t.Helper()
		var s string
		run("location", chromedp.Location(&s))
		return strings.TrimPrefix(s, srv.URL)
	}
	text := func(sel string) string {
		t.Helper()
		var s string
		run("read "+sel, chromedp.Text(sel, &s, chromedp.ByQuery))
		return strings.TrimSpace(s)
	}
	dark := func(on bool) chromedp.Action {
		features := []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "light"}}
		if on {
			features[0].Value = "dark"
		}
		return emulation.SetEmulatedMedia().WithFeatures(features)
	}
	checked := map[string]bool{}
	accessible := func(page string) {
		t.Helper()
		for _, scheme := range []bool{false, true} {
			run("color scheme", dark(scheme))
			found, err := runAxe(ctx, axe)
			if err != nil {
				t.Fatalf("axe on %s: %v", page, err)
			}
			for _, v := range found {
				t.Errorf("axe on %s (dark %v): %s (%s): %s %v", page, scheme, v.ID, v.Impact, v.Help, v.Nodes)
			}
		}
		run("light again", dark(false))
		checked[page] = true
	}
	shots := os.Getenv("FOLIO_SIGNIN_SCREENSHOTS")
	screenshot := func(name string) {
		t.Helper()
		if shots == "" {
			return
		}
		for _, v := range []struct {
			suffix string
			dark   bool
			width  int64
		}{{"light", false, 1280}, {"dark", true, 1280}, {"360", false, 360}} {
			var png []byte
			run("screenshot "+name, dark(v.dark),
				emulation.SetDeviceMetricsOverride(v.width, 800, 1, v.width < 600),
				chromedp.FullScreenshot(&png, 100),
				emulation.ClearDeviceMetricsOverride(), dark(false))
			if err := os.WriteFile(filepath.Join(shots, name+"-"+v.suffix+".png"), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	submit := func(step, form string, then string) {
		t.Helper()
		run(step, chromedp.Click(form+` button[type="submit"]`, chromedp.ByQuery), chromedp.WaitVisible(then, chromedp.ByQuery))
	}
	fill := func(step string, fields map[string]string) {
		t.Helper()
		for name, value := range fields {
			run(step+": "+name, chromedp.SendKeys(`input[name="`+name+`"]`, value, chromedp.ByQuery))
		}
	}
	const email, first, second, third = "ada@example.com", "tulip orbit canyon 42", "quiet harbor lantern 7", "copper meadow signal 9"

	// The first user signs up from the sign-in page.
	run("open sign-in", network.Enable(), cdplog.Enable(), chromedp.Navigate(srv.URL+"/signin"),
		chromedp.WaitVisible(`form[action="/signin"]`, chromedp.ByQuery))
	accessible("sign-in (first visit)")
	run("to sign-up", chromedp.Click(`p.notice a[href="/signup"]`, chromedp.ByQuery), chromedp.WaitVisible(`form[action="/signup"]`, chromedp.ByQuery))
	accessible("sign-up")
	fill("sign up", map[string]string{"email": email, "name": "Ada Lovelace", "password": first, "confirm": first})
	submit("sign up", `form[action="/signup"]`, `form[action="/account/tokens"]`)
	if got := location(); got != "/account" {
		t.Fatalf("after sign-up: %s", got)
	}
	if got := text("main h1"); got != "Your account" {
		t.Errorf("account page title %q", got)
	}
	accessible("account")

	// Sign out, sign in.
	submit("sign out", `form[action="/signout"]`, `form[action="/signin"]`)
	if got := location(); got != "/signin" {
		t.Errorf("after sign-out: %s", got)
	}
	accessible("sign-in")
	screenshot("signin")
	fill("sign in wrong", map[string]string{"email": email, "password": "not my password"})
	submit("sign in wrong", `form[action="/signin"]`, `p.error`)
	if got := text("p.error"); got != "Wrong e-mail or password." {
		t.Errorf("wrong password says %q", got)
	}
	accessible("sign-in (wrong password)")
	var kept string
	run("kept address", chromedp.Value(`input[name="email"]`, &kept, chromedp.ByQuery))
	if kept != email {
		t.Errorf("the form kept the address %q", kept)
	}
	fill("sign in", map[string]string{"password": first})
	submit("sign in", `form[action="/signin"]`, `form[action="/account/tokens"]`)

	// A personal token: shown once, works, is revoked.
	fill("token", map[string]string{"name": "CI deploy"})
	run("read-only", chromedp.Click(`input[name="read_only"]`, chromedp.ByQuery))
	submit("create token", `form[action="/account/tokens"]`, `#new-token`)
	token := text("#new-token")
	if !strings.HasPrefix(token, store.TokenPrefix) {
		t.Fatalf("new token %q", token)
	}
	accessible("account (new token)")
	api := srv.Anonymous()
	api.Token = token
	api.Get("/v1/user").Expect(http.StatusOK)
	// An organization to list (the token is read-only: made directly).
	if _, err := srv.Store.CreateOrganization(context.Background(), signedInUser(t, srv, email).ID, "Acme Docs", nil); err != nil {
		t.Fatal(err)
	}
	run("reload", chromedp.Navigate(srv.URL+"/account"), chromedp.WaitVisible(`form[action="/account/tokens"]`, chromedp.ByQuery))
	var body string
	run("body", chromedp.Evaluate(`document.documentElement.outerHTML`, &body))
	if strings.Contains(body, token) {
		t.Error("the token is shown again")
	}
	if !strings.Contains(body, "CI deploy") || !strings.Contains(body, "Acme Docs") {
		t.Error("the token or the organization is not listed")
	}
	screenshot("account")
	run("revoke", chromedp.Click(`form[action$="/revoke"] button`, chromedp.ByQuery), chromedp.WaitVisible(`p.notice`, chromedp.ByQuery))
	if got := text("p.notice"); !strings.Contains(got, "revoked") {
		t.Errorf("after revoking: %q", got)
	}
	api.Get("/v1/user").Expect(http.StatusUnauthorized)
	accessible("account (token revoked)")
	submit("sign out again", `form[action="/signout"]`, `form[action="/signin"]`)

	// Forgotten password: the form, the answer, the link, a new password.
	run("single sign-on page", chromedp.Navigate(srv.URL+"/sso"), chromedp.WaitVisible(`form[action="/sso"]`, chromedp.ByQuery))
	accessible("sso")
	run("forgot", chromedp.Navigate(srv.URL+"/signin"), chromedp.WaitVisible(`a[href="/forgot-password"]`, chromedp.ByQuery),
		chromedp.Click(`a[href="/forgot-password"]`, chromedp.ByQuery), chromedp.WaitVisible(`form[action="/forgot-password"]`, chromedp.ByQuery))
	accessible("forgot-password")
	fill("forgot", map[string]string{"email": email})
	run("forgot", chromedp.Click(`form[action="/forgot-password"] button`, chromedp.ByQuery),
		chromedp.WaitNotPresent(`form[action="/forgot-password"]`, chromedp.ByQuery))
	if got := text("main h1"); got != "Check your e-mail" {
		t.Errorf("after asking for a reset: %q", got)
	}
	accessible("forgot-password (sent)")
	run("reset link", chromedp.Navigate(mailLink(email, "/reset-password")), chromedp.WaitVisible(`form[action="/reset-password"]`, chromedp.ByQuery))
	accessible("reset-password")
	fill("reset", map[string]string{"password": second, "confirm": second})
	submit("reset", `form[action="/reset-password"]`, `form[action="/account/tokens"]`)
	if got := text("p.notice"); !strings.Contains(got, "password was changed") {
		t.Errorf("after the reset: %q", got)
	}
	submit("sign out after the reset", `form[action="/signout"]`, `form[action="/signin"]`)

	// Invited by e-mail through the API: the mail arrives, its link leads
	// to a page that makes the account, and the person lands signed in, a
	// member.
	admin, err := srv.Store.CreateToken(context.Background(), signedInUser(t, srv, email).ID)
	if err != nil {
		t.Fatal(err)
	}
	api.Token = admin
	org := resttest.Str(api.Post("/v1/orgs", map[string]any{"title": "Analytical Engines"}).Expect(http.StatusCreated).JSON(), "id")
	api.Post("/v1/orgs/"+org+"/invites", map[string]any{"emails": []string{"grace@example.com"}, "role": "edit"}).Expect(http.StatusOK)
	run("invitation link", chromedp.Navigate(mailLink("grace@example.com", "/invitation")),
		chromedp.WaitVisible(`form[action="/invitation"]`, chromedp.ByQuery))
	if got := text("main h1"); got != "Join Analytical Engines" {
		t.Errorf("invitation page: %q", got)
	}
	accessible("invitation")
	fill("accept", map[string]string{"name": "Grace Hopper", "password": third, "confirm": third})
	submit("accept", `form[action="/invitation"]`, `form[action="/account/tokens"]`)
	if got := text("#orgs + ul"); !strings.Contains(got, "Analytical Engines") {
		t.Errorf("after accepting, the organizations are %q", got)
	}
	if got := text("main .card p"); !strings.Contains(got, "grace@example.com") {
		t.Errorf("signed in as %q", got)
	}
	if !strings.Contains(string(api.Get("/v1/orgs/"+org+"/members").Expect(http.StatusOK).Body), "grace@example.com") {
		t.Error("grace is not a member")
	}
	submit("last sign-out", `form[action="/signout"]`, `form[action="/signin"]`)

	for _, page := range []string{"sign-in", "sign-up", "account", "forgot-password", "reset-password", "invitation"} {
		if !checked[page] {
			t.Errorf("axe did not run on %s", page)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(exceptions) > 0 {
		t.Errorf("a page threw: %v", exceptions)
	}
	if len(violations) > 0 {
		t.Errorf("the Content-Security-Policy refused: %v", violations)
	}
	for _, u := range requests {
		// data: URLs are the browser's own (the date field's calendar icon).
		if !strings.HasPrefix(u, srv.URL+"/") && !strings.HasPrefix(u, "data:") {
			t.Errorf("a request left the server: %s", u)
		}
	}
}

func signedInUser(t *testing.T, srv *resttest.Server, email string) *store.User {
	t.Helper()
	u, err := srv.Store.UserByEmail(context.Background(), email)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
