package rest_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"folio/rest/resttest"
	"folio/store"
)

// typeInto sets an input or textarea (by CSS selector) to text, as typing does.
func (a *appTab) typeInto(sel, text string) {
	a.t.Helper()
	// Emptied as a person would (select all, delete: an input event), then typed.
	a.run("type into "+sel, chromedp.WaitVisible(sel, chromedp.ByQuery),
		chromedp.Evaluate(`(() => { const e = document.querySelector(`+jsString(sel)+`); e.focus(); e.value = "";
  e.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`, nil),
		chromedp.SendKeys(sel, text, chromedp.ByQuery))
}

// choose picks an option of a select (by CSS selector), as a person does.
func (a *appTab) choose(sel, value string) {
	a.t.Helper()
	a.run("choose "+value+" in "+sel, chromedp.WaitVisible(sel, chromedp.ByQuery), chromedp.Evaluate(`(() => { const e = document.querySelector(`+jsString(sel)+`);
  e.value = `+jsString(value)+`; e.dispatchEvent(new Event("change", {bubbles: true})); return e.value; })()`, nil))
}

// press clicks the button whose text (or aria-label) is label.
func (a *appTab) press(label string) {
	a.t.Helper()
	xp := `//button[normalize-space(.)=` + xpathString(label) + ` or @aria-label=` + xpathString(label) + `]`
	a.run("press "+label, chromedp.WaitEnabled(xp, chromedp.BySearch), chromedp.Click(xp, chromedp.BySearch))
}

// waitGone waits until no element sel matches contains text.
func (a *appTab) waitGone(sel, text string) {
	a.t.Helper()
	a.run("wait for "+text+" to leave "+sel, chromedp.Poll(`(() => { const e = document.querySelector(`+jsString(sel)+`); return !!e && !e.innerText.includes(`+jsString(text)+`); })()`, nil, chromedp.WithPollingTimeout(20*time.Second)))
}

// value is the current value of an input.
func (a *appTab) value(sel string) string {
	a.t.Helper()
	var v string
	a.run("value of "+sel, chromedp.Value(sel, &v, chromedp.ByQuery))
	return v
}

func xpathString(s string) string {
	if !strings.Contains(s, `"`) {
		return `"` + s + `"`
	}
	return `'` + s + `'`
}

// TestAppPublishAndAdministerInABrowser: in a signed-in Chromium, a
// person creates a site from a space (after an error shown at the title
// field, with what they typed kept), publishes it and opens it in the
// reader, which shows the page; invites a member and revokes the
// invitation; creates a personal API token that then works; adds a
// webhook and sees its delivery log. Every screen passes axe-core in light
// and dark and at 360 px.
func TestAppPublishAndAdministerInABrowser(t *testing.T) {
	srv := resttest.New(t)
	srv.StartWorkers(fastWebhooks(true))
	recv := newReceiver(t, 0, 0)
	const pw = "tulip orbit canyon 42"
	u := account(t, srv, "ada@example.com", pw)
	tok, err := srv.Store.CreateToken(t.Context(), u.ID)
	if err != nil {
		t.Fatal(err)
	}
	ada := srv.Anonymous()
	ada.Token = tok
	org := createOrg(t, ada, "Acme Docs")
	spaceWithDocs(t, srv, org, "Handbook", store.VisibilityPrivate, []readerDoc{
		{"intro", "", "# Welcome aboard\n\nHow we work at Acme.\n"},
	})
	spaces := items(ada.Get("/v1/orgs/" + org + "/spaces").Expect(http.StatusOK).JSON())
	var handbook string
	for _, s := range spaces {
		if s["title"] == "Handbook" {
			handbook = s["id"].(string)
		}
	}

	a := appBrowser(t, srv, "ada@example.com", pw, "/app/o/"+org+"/sites")
	// A load of its own, again until it is not cut short: the sign-in
	// page's redirect may still be under way.
	for i := 0; ; i++ {
		err := chromedp.Run(a.ctx, chromedp.Navigate(srv.URL+"/app/o/"+org+"/sites"), chromedp.WaitVisible("main h1", chromedp.ByQuery))
		if err == nil {
			break
		}
		if i == 20 {
			t.Fatalf("open the sites: %v", err)
		}
		time.Sleep(500 * time.Millisecond)
	}
	a.waitText("main h1", "Sites")

	// Publish. A title the API refuses: its message next to the field, the text kept.
	a.typeInto("#new-site-title", "x")
	a.choose("#new-site-space", handbook)
	a.press("Create site")
	a.waitText("#new-site-title-error", "title: must have at least 2 characters")
	if v := a.value("#new-site-title"); v != "x" {
		t.Errorf("the title typed is lost after the error: %q", v)
	}
	a.accessible("publish-sites")
	a.typeInto("#new-site-title", "Public docs")
	a.press("Create site")
	a.waitText("main h1", "Public docs")
	a.waitText("main", "Handbook")
	a.press("Publish")
	a.waitText(`[data-testid="site-state"]`, "Published")
	a.accessible("publish")
	// The look: a colour the API refuses is named at its field; a good one is stored.
	a.typeInto("#customization-primaryColor", "blue")
	a.press("Save look")
	a.waitText("#customization-primaryColor-error", "primaryColor")
	a.typeInto("#customization-primaryColor", "#aa3300")
	a.choose("#customization-theme", "bold")
	a.press("Save look")
	a.waitText("main", "Saved.")
	siteID := resttest.Str(items(ada.Get(sitesPath(org)).Expect(http.StatusOK).JSON())[0], "id")
	look := ada.Get(sitesPath(org) + "/" + siteID + "/customization").Expect(http.StatusOK).JSON()
	if resttest.Str(look, "styling.primaryColor.light") != "#aa3300" || resttest.Str(look, "styling.theme") != "bold" {
		t.Errorf("customization after saving the look: %v", look["styling"])
	}
	var href string
	a.run("published address", chromedp.AttributeValue(`[data-testid="open-site"]`, "href", &href, nil, chromedp.ByQuery))
	pub, err := url.Parse(href)
	if err != nil || !strings.HasPrefix(pub.Path, "/sites/") {
		t.Fatalf("published address %q", href)
	}
	a.open(pub.EscapedPath(), "main")
	a.waitText("main", "Welcome aboard")

	// Members: invite, then revoke.
	a.open("/app/o/"+org+"/admin/members", "main h1")
	a.waitText("main h1", "Members of Acme Docs")
	a.typeInto("#invite-emails", "bob@example.com")
	a.choose("#invite-role", "edit")
	a.press("Send invitations")
	a.waitText(`[data-testid="invitations"]`, "bob@example.com")
	a.accessible("admin-members")
	a.press("Revoke the invitation of bob@example.com")
	a.waitGone(`[data-testid="invitations"]`, "bob@example.com")
	if n := ada.Get("/v1/orgs/" + org + "/invitations").Expect(http.StatusOK).JSON()["count"]; n != float64(0) {
		t.Errorf("invitations left after revoking: %v", n)
	}

	// Her own invitations: one declined, one accepted (which opens that organization).
	for _, title := range []string{"Beta Corp", "Gamma Inc"} {
		owner := srv.User("owner@" + strings.ToLower(strings.Fields(title)[0]) + ".example.com")
		o := createOrg(t, owner, title)
		owner.Post("/v1/orgs/"+o+"/invites", map[string]any{"emails": []any{"ada@example.com"}, "role": "edit"}).Expect(http.StatusOK)
	}
	a.open("/app/o/"+org+"/account", "main h1")
	a.waitText("main", "Beta Corp")
	a.press("Decline the invitation to Beta Corp")
	a.waitGone("main", "Beta Corp")
	a.press("Accept the invitation to Gamma Inc")
	a.waitText("main h1", "Gamma Inc")
	if n := ada.Get("/v1/user/invitations").Expect(http.StatusOK).JSON()["count"]; n != float64(0) {
		t.Errorf("invitations left: %v", n)
	}

	// A personal API token: its secret, shown once, works.
	a.open("/app/o/"+org+"/account", "main h1")
	a.typeInto("#new-token-name", "CI deploys")
	a.press("Create token")
	a.waitText(`[data-testid="token-secret"]`, "")
	secret := a.text(`[data-testid="token-secret"]`)
	a.waitText("main", "CI deploys")
	a.accessible("admin-account")
	ci := srv.Anonymous()
	ci.Token = secret
	ci.Get("/v1/user").Expect(http.StatusOK)

	// A webhook and its delivery log.
	a.open("/app/o/"+org+"/admin/webhooks", "main h1")
	a.typeInto("#new-webhook-url", "not a url")
	a.press("Add webhook")
	a.waitText("#new-webhook-url-error", "url: must be an absolute http or https URL")
	a.typeInto("#new-webhook-url", recv.URL+"/hook")
	a.press("Add webhook")
	a.waitText("main ul.rows", recv.URL)
	a.accessible("admin-webhooks")
	a.run("open the webhook", chromedp.Click(`//a[contains(., "/hook")]`, chromedp.BySearch))
	a.waitText("main h1", "Webhook")
	ada.Post("/v1/orgs/"+org+"/spaces", map[string]any{"title": "Events"}).Expect(http.StatusCreated)
	recv.wait(t, 1)
	deadline := time.Now().Add(20 * time.Second)
	for {
		a.press("Refresh")
		var n int
		a.run("count deliveries", chromedp.Evaluate(`document.querySelectorAll('[data-testid="deliveries"] tbody tr').length`, &n))
		if n > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no delivery in the log")
		}
		time.Sleep(200 * time.Millisecond)
	}
	a.waitText(`[data-testid="deliveries"]`, "space.created")
	a.accessible("admin-webhook")

	// The other administration screens pass axe too.
	for _, s := range []struct{ path, name, h1 string }{
		{"/admin/teams", "admin-teams", "Teams"},
		{"/admin/custom-fields", "admin-custom-fields", "Custom fields"},
		{"/admin/saml", "admin-saml", "SAML"},
	} {
		a.open("/app/o/"+org+s.path, "main h1")
		a.waitText("main h1", s.h1)
		a.accessible(s.name)
	}
}
