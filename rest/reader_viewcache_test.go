package rest_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"folio/rest/resttest"
	"folio/store"
)

// visibleWithin fails unless ok holds within d (the change feed's poll is
// 100 ms; the reader's view cache promises every server sees a change
// within a second); it returns how long it took.
func visibleWithin(t *testing.T, what string, d time.Duration, ok func() bool) time.Duration {
	t.Helper()
	start := time.Now()
	for {
		if ok() {
			took := time.Since(start)
			t.Logf("%s: seen by the other server after %v", what, took.Round(time.Millisecond))
			return took
		}
		if time.Since(start) > d {
			t.Fatalf("%s: not seen by the other server after %v", what, d)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestReaderViewCacheAcrossServers: two servers on one database. A page
// viewed again on one server runs no statement (its site's view and the
// page both cached), and so does its 304; each kind of change made on the
// other server (a merge, the site's title, its customization, its
// visibility, an OpenAPI specification) is seen by the first within a
// second, through the change feed. The cached bytes are those of a fresh
// render.
func TestReaderViewCacheAcrossServers(t *testing.T) {
	a := resttest.New(t)
	b := resttest.New(t, resttest.SharingDatabase(a))
	alice := a.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	id, guide, _ := readerSite(t, a, alice, org, "public")
	site := sitesPath(org) + "/" + id
	page := "/sites/" + id + "/docs/guide-v1/setup"
	onA, onB := newBrowser(t, a), newBrowser(t, b)

	fresh := onA.get(page).expect(t, http.StatusOK)
	first := onB.get(page).expect(t, http.StatusOK)
	hit := onB.get(page).expect(t, http.StatusOK)
	if first.Statements == 0 || hit.Statements != 0 || hit.Header.Get("X-Folio-Cache") != "hit" {
		t.Fatalf("views on b: %d statements, then %d (cache %q)", first.Statements, hit.Statements, hit.Header.Get("X-Folio-Cache"))
	}
	if hit.Body != fresh.Body || first.Body != fresh.Body || hit.Header.Get("ETag") != fresh.Header.Get("ETag") {
		t.Fatalf("the cached page differs from a fresh render")
	}
	etag := hit.Header.Get("ETag")
	if nm := onB.get(page, "If-None-Match", etag).expect(t, http.StatusNotModified); nm.Statements != 0 {
		t.Errorf("a 304 ran %d statements", nm.Statements)
	}
	// A merge.
	mergeDocs(t, a, guide, alice.UserID, []readerDoc{{"more", "", "# More\n\nAdded later.\n"}})
	visibleWithin(t, "a merge", time.Second, func() bool {
		return strings.Contains(onB.get(page).expect(t, http.StatusOK).Body, `/docs/guide-v1/more"`)
	})
	// Fresh again: the same bytes as the other server's fresh render.
	cached := onB.get(page).expect(t, http.StatusOK)
	if cached.Statements != 0 || cached.Body != onA.get(page).expect(t, http.StatusOK).Body {
		t.Errorf("after the merge: %d statements, or bytes unlike a fresh render", cached.Statements)
	}

	// The site's title.
	alice.Patch(site, map[string]any{"title": "Renamed Docs"}).Expect(http.StatusOK)
	visibleWithin(t, "the site's title", time.Second, func() bool {
		return strings.Contains(onB.get(page).expect(t, http.StatusOK).Body, "Renamed Docs")
	})

	// Its customization: no previous and next links.
	if !strings.Contains(onB.get(page).Body, `rel="next"`) {
		t.Fatalf("the page has no next link to lose")
	}
	alice.Put(site+"/customization", map[string]any{"pagination": map[string]any{"enabled": false}}).Expect(http.StatusOK)
	visibleWithin(t, "a customization", time.Second, func() bool {
		return !strings.Contains(onB.get(page).expect(t, http.StatusOK).Body, `rel="next"`)
	})

	// An OpenAPI specification's new version: the next view reads the
	// site's view again.
	onB.get(page).expect(t, http.StatusOK)
	if p := onB.get(page); p.Statements != 0 {
		t.Fatalf("not cached: %d statements", p.Statements)
	}
	spec := `{"openapi":"3.0.0","info":{"title":"Pets","version":"1"},"paths":{}}`
	if _, err := a.Store.PutOpenAPISpec(t.Context(), org, "pets", store.OpenAPISource{Text: &spec}); err != nil {
		t.Fatal(err)
	}
	visibleWithin(t, "an OpenAPI specification", time.Second, func() bool {
		return onB.get(page).expect(t, http.StatusOK).Statements > 0
	})

	// Its visibility: share links only. A reader without the key is
	// refused on b at once after, never answered from the cache again;
	// one with a key reads the page.
	onB.get(page).expect(t, http.StatusOK)
	alice.Patch(site, map[string]any{"visibility": "share-link"}).Expect(http.StatusOK)
	visibleWithin(t, "share-link visibility", time.Second, func() bool {
		return onB.get(page).Status == http.StatusNotFound
	})
	for range 3 {
		if p := onB.get(page); p.Status != http.StatusNotFound || strings.Contains(p.Body, "Setup") {
			t.Fatalf("a reader without a key: %d", p.Status)
		}
	}
	link := alice.Post(site+"/share-links", map[string]any{"name": "Partners"}).Expect(http.StatusCreated).JSON()
	key := resttest.Str(link, "urls.published")
	key = key[strings.Index(key, "share=")+len("share="):]
	keyed := newBrowser(t, b)
	keyed.get(page+"?share="+key).expect(t, http.StatusSeeOther)
	keyed.get(page).expect(t, http.StatusOK).has(t, "Configure the server")
	// The share link revoked: refused on b at once (a reader with a key
	// reads the view each time).
	alice.Delete(site + "/share-links/" + resttest.Str(link, "id")).Expect(http.StatusResetContent)
	if p := keyed.get(page); p.Status == http.StatusOK {
		t.Errorf("a revoked share link still reads the site: %d", p.Status)
	}
	if p := onB.get(page); p.Status != http.StatusNotFound {
		t.Errorf("a reader without a key: %d", p.Status)
	}
}

// TestReaderHitHeaders: a page view answered from the caches (its route
// kept, its headers shared slices: rest/reader/fastpath.go) sends the
// headers of a fresh render, and its 304 those without the body's, on a
// public site and on an unlisted one (noindex), for pages and the site's
// home.
func TestReaderHitHeaders(t *testing.T) {
	a := resttest.New(t)
	b := resttest.New(t, resttest.SharingDatabase(a))
	alice := a.User("alice@example.com")
	volatile := []string{"Date", "X-Request-Id", "X-Folio-Statements", "X-Folio-Replica-Statements", "X-Folio-Cache"}
	for _, visibility := range []string{"public", "unlisted"} {
		// An organization each: the events of the second site's making
		// would drop the first's views on b when they come (within 100 ms).
		org := createOrg(t, alice, "Acme "+visibility)
		id, _, _ := readerSite(t, a, alice, org, visibility)
		for _, page := range []string{"/sites/" + id + "/docs/guide-v1/setup", "/sites/" + id + "/docs/guide-v1/setup/deep-dive", "/sites/" + id} {
			onA, onB := newBrowser(t, a), newBrowser(t, b)
			fresh := onA.get(page).expect(t, http.StatusOK)
			onB.get(page).expect(t, http.StatusOK)
			hit := onB.get(page).expect(t, http.StatusOK)
			if hit.Statements != 0 || hit.Header.Get("X-Folio-Cache") != "hit" || hit.Body != fresh.Body {
				t.Fatalf("%s %s: %d statements, cache %q, or bytes unlike a fresh render", visibility, page, hit.Statements, hit.Header.Get("X-Folio-Cache"))
			}
			if d := headerDiff(fresh.Header, hit.Header, volatile...); d != "" {
				t.Errorf("%s %s: a hit's headers differ from a fresh render's: %s", visibility, page, d)
			}
			nm := onB.get(page, "If-None-Match", hit.Header.Get("ETag")).expect(t, http.StatusNotModified)
			// A fresh render's 304 is what the reader answered before a
			// route was kept: the page's headers without the body's.
			if d := headerDiff(fresh.Header, nm.Header, append(volatile, "Content-Type", "Content-Length")...); d != "" {
				t.Errorf("%s %s: a 304's headers: %s", visibility, page, d)
			}
			if visibility == "unlisted" && hit.Header.Get("X-Robots-Tag") != "noindex" {
				t.Errorf("%s %s: X-Robots-Tag %q", visibility, page, hit.Header.Get("X-Robots-Tag"))
			}
		}
	}
}

// headerDiff names the headers that differ between a and b, but ignored.
func headerDiff(a, b http.Header, ignored ...string) string {
	var out []string
	for _, h := range []http.Header{a, b} {
		for k := range h {
			if slices.Contains(ignored, k) || slices.Contains(out, k) {
				continue
			}
			if !slices.Equal(a[k], b[k]) {
				out = append(out, fmt.Sprintf("%s: %q against %q", k, a[k], b[k]))
			}
		}
	}
	return strings.Join(out, "; ")
}
