package reader

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestPageRouteAsServeMux holds splitPageRoute to ServeMux: every request
// it takes, ServeMux sends to the same page route with the same path
// values (so the handler serves the same thing either way), and the page
// views of clean paths are taken.
func TestPageRouteAsServeMux(t *testing.T) {
	type hit struct{ pattern, id, rest string }
	var got *hit
	mux := http.NewServeMux()
	for _, p := range []struct{ pattern, id string }{
		{sitePattern, "siteId"}, {siteRestPattern, "siteId"}, {spacePattern, "spaceId"}, {spaceRestPattern, "spaceId"},
		{"POST /sites/{siteId}/{rest...}", "siteId"},
	} {
		mux.HandleFunc(p.pattern, func(w http.ResponseWriter, r *http.Request) {
			got = &hit{r.Pattern, r.PathValue(p.id), r.PathValue("rest")}
		})
	}
	mux.HandleFunc("GET "+assetsPath+"{file}", func(http.ResponseWriter, *http.Request) { got = &hit{pattern: "asset"} })
	mux.HandleFunc("/", func(http.ResponseWriter, *http.Request) { got = &hit{pattern: "/"} })
	taken := 0
	for _, c := range []struct {
		method, target string
		take           bool // a page view splitPageRoute must take
	}{
		{"GET", "/sites/abc", true},
		{"GET", "/sites/abc/", true},
		{"GET", "/sites/abc/section/page", true},
		{"HEAD", "/sites/abc/section/page", true},
		{"GET", "/sites/abc/section/page/", true},
		{"GET", "/sites/abc/sitemap.xml?x=1", true},
		{"GET", "/sites/abc/a%20b/c%C3%A9", true},
		{"GET", "/sites/abc/~search?q=a%2Fb", true},
		{"GET", "/s/sp1", true},
		{"GET", "/s/sp1/", true},
		{"GET", "/s/sp1/page/sub", true},
		{"GET", "/sites/abc/a%2Fb", false}, // RawPath: the mux's
		{"GET", "/sites/a%2Fb/c", false},
		{"GET", "/sites/%61bc/x", false},
		{"POST", "/sites/abc/page", false},
		{"PUT", "/sites/abc/page", false},
		{"GET", "/sites/", false},
		{"GET", "/sites", false},
		{"GET", "/s/", false},
		{"GET", "/s", false},
		{"GET", "/sx/abc", false},
		{"GET", "/sites//abc", false},
		{"GET", "/sites/abc//x", false},
		{"GET", "/sites/abc/./x", false},
		{"GET", "/sites/abc/../x", false},
		{"GET", "/sites/abc/x/..", false},
		{"GET", "/sites/abc/x/.", false},
		{"GET", "/sites/./x", false},
		{"GET", "/sites/../x", false},
		{"GET", "/s/../sites/x", false},
		{"GET", "/_folio/reader/app.css", false},
		{"GET", "/v1/orgs", false},
	} {
		r := httptest.NewRequest(c.method, c.target, nil)
		pattern, base, id, rest := splitPageRoute(r)
		if c.take != (pattern != "") {
			t.Errorf("%s %s: taken %v, want %v", c.method, c.target, pattern != "", c.take)
		}
		if pattern == "" {
			continue
		}
		taken++
		got = nil
		mux.ServeHTTP(httptest.NewRecorder(), r)
		if want := (hit{pattern, id, rest}); got == nil || *got != want {
			t.Errorf("%s %s: split as %+v, ServeMux %+v", c.method, c.target, want, got)
		}
		if base != r.URL.Path[:len(base)] || (pattern == sitePattern || pattern == siteRestPattern) && base != "/sites/"+id ||
			(pattern == spacePattern || pattern == spaceRestPattern) && base != "/s/"+id {
			t.Errorf("%s %s: base %q", c.method, c.target, base)
		}
	}
	if taken == 0 {
		t.Fatal("no request taken")
	}
}
