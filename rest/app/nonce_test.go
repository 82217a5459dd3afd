package app_test

import (
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"folio/graph"
	"folio/rest/app"
	"folio/rest/app/appbuild"
	"folio/store"
)

// TestPageNonce: every app page carries a new CSP nonce, the same in the
// header and in the page's csp-nonce meta element (where the editor reads
// it); the policy allows no inline style without it and no inline script
// at all, and the build's placeholder never reaches a browser.
func TestPageNonce(t *testing.T) {
	serve := func() (csp, body string) {
		r := httptest.NewRequest(http.MethodGet, "/app/o/x", nil)
		r = r.WithContext(graph.WithViewer(r.Context(), &store.User{ID: "u1"}))
		w := httptest.NewRecorder()
		app.ServePage(w, r)
		if w.Code != http.StatusOK {
			t.Fatalf("status %d", w.Code)
		}
		return w.Header().Get("Content-Security-Policy"), w.Body.String()
	}
	header := regexp.MustCompile(`style-src 'self' 'nonce-([A-Za-z0-9_-]{22})';`)
	seen := map[string]bool{}
	for range 3 {
		csp, body := serve()
		m := header.FindStringSubmatch(csp)
		if m == nil {
			t.Fatalf("no style nonce in the CSP: %s", csp)
		}
		if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "unsafe-eval") || !strings.Contains(csp, "script-src 'self';") {
			t.Errorf("CSP = %s", csp)
		}
		if !strings.Contains(body, `<meta property="csp-nonce" nonce="`+m[1]+`">`) {
			t.Errorf("the page does not carry the header's nonce %s", m[1])
		}
		if strings.Contains(body, appbuild.NoncePlaceholder) {
			t.Errorf("the placeholder reached the page")
		}
		if seen[m[1]] {
			t.Errorf("nonce %s served twice", m[1])
		}
		seen[m[1]] = true
	}

	// Without a session: to sign in, no page.
	w := httptest.NewRecorder()
	app.ServePage(w, httptest.NewRequest(http.MethodGet, "/app", nil))
	if w.Code != http.StatusSeeOther || w.Header().Get("Content-Security-Policy") != "" {
		t.Errorf("without a session: %d %v", w.Code, w.Header())
	}
}
