package reader

import (
	"net/http"
	"slices"
	"strings"

	"folio/internal/lrucache"
)

// A page view of a site built from a cached view (viewcache.go) whose page
// is cached too, and its revalidation (304), are answered from what was
// worked out at the first such view: the section and site space the path
// names, the page's cache key and ETag, and the response headers, each
// kept as the slice net/http writes. What they answer is exactly what
// servePage answers (the same headers() and the same cached bytes); only
// the work of finding it is skipped: the path's resolution, the key's
// SHA-256, a map of headers built one Set at a time.

// routeKey names a page of a shared site: its serial (never reused, so a
// route of a dropped view is never found again, and holds nothing of it)
// and the path below the site.
type routeKey struct {
	site uint64
	rest string
}

// pageRoute is what a page view of a shared site needs before the page's
// bytes.
type pageRoute struct {
	sec, variant int // indexes in siteView.Sections and its Spaces
	key, etag    string
	header       []headerValue // headers()'s, ETag included
	// path is the request path of the view that made the route, url the
	// page's address there (for insights): at another path of the same
	// route (/sites/{id} and /sites/{id}/), the url is made per view.
	path, url string
}

type headerValue struct {
	name  string
	value []string
}

// Bounds of the routes kept: entries, and bytes as routeSize counts them.
const (
	routeEntries = 8192
	routeBytes   = 8 << 20
)

// routeSize is what a route is counted as: its strings, its header slices
// and the LRU's entry.
func routeSize(rt *pageRoute) int {
	n := 256 + len(rt.key) + len(rt.etag) + len(rt.path) + len(rt.url)
	for _, h := range rt.header {
		n += 40 + len(h.name)
		for _, v := range h.value {
			n += 16 + len(v)
		}
	}
	return n
}

func newRoutes() *lrucache.Cache[routeKey, *pageRoute] {
	return lrucache.New[routeKey](routeEntries, routeBytes, routeBytes, func(rt *pageRoute) int { return routeSize(rt) })
}

// Header values every cached view sends, shared (net/http only reads them).
var (
	hitValue      = []string{"hit"}
	htmlValue     = []string{"text/html; charset=utf-8"}
	noIndexValue  = []string{"noindex"}
	robotsTagName = http.CanonicalHeaderKey("X-Robots-Tag")
)

// serveHit answers a page view of s (a site built from a cached view) from
// the caches: a 304 when If-None-Match names the page's ETag, the cached
// page when it is held; false, having written nothing, otherwise (a page
// to render, the search page, a file, a redirect, a missing page).
func (rd *Reader) serveHit(w http.ResponseWriter, r *http.Request, s *siteView, rest string) bool {
	if s.serial == 0 {
		return false
	}
	rt := rd.route(s, rest, r.URL.Path)
	if rt == nil {
		return false
	}
	sec := s.Sections[rt.sec]
	v := sec.Spaces[rt.variant]
	url := rt.url
	if r.URL.Path != rt.path {
		url = s.Origin + r.URL.Path
	}
	if etagMatch(r, rt.etag) {
		c, _ := rd.cache.Get(rt.key)
		rt.writeHeader(w.Header())
		rd.recordView(r, s, sec, v, c.pageID, url)
		w.WriteHeader(http.StatusNotModified)
		return true
	}
	c, ok := rd.cache.Get(rt.key)
	if !ok {
		return false
	}
	h := w.Header()
	rt.writeHeader(h)
	if c.noIndex {
		h[robotsTagName] = noIndexValue
	}
	h["X-Folio-Cache"] = hitValue
	h["Content-Type"] = htmlValue
	rd.recordView(r, s, sec, v, c.pageID, url)
	w.WriteHeader(http.StatusOK)
	w.Write(c.body)
	return true
}

func (rt *pageRoute) writeHeader(h http.Header) {
	for _, x := range rt.header {
		h[x.name] = x.value
	}
}

// route is the route of a page of s, kept; nil when rest is not a page's
// path (no site space, the search page, a file). path is the request's.
func (rd *Reader) route(s *siteView, rest, path string) *pageRoute {
	k := routeKey{s.serial, rest}
	if rt, ok := rd.routes.Get(k); ok {
		return rt
	}
	sec, v, pagePath := s.resolve(rest)
	if v == nil || pagePath == "~search" || strings.HasPrefix(pagePath, "~files/") {
		return nil
	}
	rt := &pageRoute{sec: -1, variant: -1, key: pageKey(s, v, pagePath, rest)}
	for i, x := range s.Sections {
		if x == sec {
			rt.sec = i
		}
	}
	for i, x := range sec.Spaces {
		if x == v {
			rt.variant = i
		}
	}
	if rt.sec < 0 || rt.variant < 0 {
		return nil
	}
	rt.etag = `"` + rt.key + `"`
	rt.path = strings.Clone(path)
	rt.url = s.Origin + rt.path
	h := http.Header{}
	headers(headerOnly(h), s, s.looks.of(v.ID), s.Visibility != visibilityPublic, rt.etag)
	for name, value := range h {
		// Every response of the route gets these very slices: clipped, an
		// Add to one of them copies it instead of writing into the route.
		rt.header = append(rt.header, headerValue{name, slices.Clip(value)})
	}
	k.rest = strings.Clone(rest) // not the request's path
	rd.routes.Add(k, rt)
	return rt
}

// pageKey is the cache key (and, quoted, the ETag) of a page: a digest of
// everything the page is rendered from.
func pageKey(s *siteView, v *variantView, pagePath, rest string) string {
	return cacheKey("page/v2", navDigest(s), v.ID, v.RevisionID, pagePath, rest, s.apiDigest, s.claimsDigest)
}

// headerOnly is a ResponseWriter that only has headers (headers() sets
// them; route keeps them).
type headerOnly http.Header

func (h headerOnly) Header() http.Header       { return http.Header(h) }
func (headerOnly) Write(b []byte) (int, error) { return len(b), nil }
func (headerOnly) WriteHeader(int)             {}
