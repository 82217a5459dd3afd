package rest_test

import (
	"net/http"
	"strings"
	"testing"

	"folio/rest/resttest"
)

// TestAppScreensWithoutObject: the app's screens that name no object (the
// sites, the administration, the caller's account, a space's history, a
// change request's editor) open the app for a
// signed-in browser, send a browser without a session to sign in (and
// back), and are 404 to an API client and for a path that is no screen.
func TestAppScreensWithoutObject(t *testing.T) {
	srv := resttest.New(t)
	ada := srv.User("ada@example.com")
	org := createOrg(t, ada, "Acme")
	browser := srv.Browser("ada@example.com")
	html := func(c *resttest.Client) *resttest.Client {
		return c.WithHeader(func(h http.Header) { h.Set("Accept", "text/html") })
	}
	for _, p := range []string{"/sites", "/admin/members", "/admin/teams", "/admin/custom-fields", "/admin/webhooks", "/admin/webhooks/wh123", "/admin/saml", "/account",
		// Screens of a space no urls.app address names: a reload of the
		// editor or the history opens the app again.
		"/s/sp1/history", "/s/sp1/history/r1", "/s/sp1/revisions/r1/page/p1", "/s/sp1/change-requests/1/page/p1",
		"/s/sp1/change-requests/1/edit", "/s/sp1/change-requests/1/edit/page/p1"} {
		path := "/app/o/" + org + p
		r := html(browser.Client).Get(path).Expect(http.StatusOK)
		if !strings.Contains(string(r.Body), `id="app"`) {
			t.Errorf("%s: not the app: %.300s", path, r.Body)
		}
		// (The client follows the redirect: the answer is the sign-in page.)
		r = html(srv.Anonymous()).Get(path).Expect(http.StatusOK)
		if !strings.Contains(string(r.Body), `action="/signin"`) || strings.Contains(string(r.Body), `id="app"`) {
			t.Errorf("%s: anonymous not sent to sign in: %.300s", path, r.Body)
		}
		ada.Get(path).Expect(http.StatusNotFound)
	}
	for _, p := range []string{"/admin/webhooks/a/b", "/account/x", "/settings"} {
		html(browser.Client).Get("/app/o/" + org + p).Expect(http.StatusNotFound)
	}
}
