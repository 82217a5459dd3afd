package reader

import (
	"net/http"
	"strings"
)

// A page view of a published site or space is most of a server's traffic,
// and the cheapest request it answers (a cached page). The server's
// wrapper (rest.withRequest) finds such a request's route with PageRoute,
// once, and has ServePageRoute answer it, where ServeMux would match the
// route's pattern twice (the wrapper's route label, then the mux itself)
// and allocate the path values each time. Only requests ServeMux would
// send to the same handler with the same values are taken: a GET or HEAD
// of a clean path (ServeMux redirects the others) with no escaping of its
// own (RawPath empty: the path's segments are the values ServeMux
// unescapes). TestPageRouteAsServeMux holds them to ServeMux's answers.

// The patterns of the reader's page routes, as Register mounts them.
const (
	sitePattern      = "GET /sites/{siteId}"
	siteRestPattern  = "GET /sites/{siteId}/{rest...}"
	spacePattern     = "GET /s/{spaceId}"
	spaceRestPattern = "GET /s/{spaceId}/{rest...}"
)

// PageRoute is the pattern of the reader's page route that ServeMux would
// find for r, when r is one ServePageRoute answers; "" otherwise.
func PageRoute(r *http.Request) string {
	pattern, _, _, _ := splitPageRoute(r)
	return pattern
}

// ServePageRoute answers a request PageRoute named a pattern for, as the
// route's handler does when ServeMux finds it.
func (rd *Reader) ServePageRoute(w http.ResponseWriter, r *http.Request) {
	pattern, base, id, rest := splitPageRoute(r)
	switch pattern {
	case sitePattern, siteRestPattern:
		rd.serveSite(w, r, id, base, rest, rd.cfg.Base)
	case spacePattern, spaceRestPattern:
		rd.serveSpace(w, r, id, rest)
	default:
		notFound(w) // not a page route: never called so
	}
}

// splitPageRoute splits r's path as ServeMux does for the page routes: the
// pattern, the path up to the id ("/sites/{siteId}", without copying it),
// the id and the rest; a zero pattern when r is not such a request.
func splitPageRoute(r *http.Request) (pattern, base, id, rest string) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead || r.URL.RawPath != "" {
		return "", "", "", ""
	}
	p := r.URL.Path
	one, more := sitePattern, siteRestPattern
	after, ok := strings.CutPrefix(p, "/sites/")
	if !ok {
		if after, ok = strings.CutPrefix(p, "/s/"); !ok {
			return "", "", "", ""
		}
		one, more = spacePattern, spaceRestPattern
	}
	if !cleanPath(p) {
		return "", "", "", ""
	}
	id, rest, below := strings.Cut(after, "/")
	if id == "" {
		return "", "", "", ""
	}
	base = p[:len(p)-len(after)+len(id)]
	if below {
		return more, base, id, rest
	}
	return one, base, id, ""
}

// cleanPath reports whether ServeMux would take p as it is: p starts with
// a slash and has no empty, "." or ".." segment but for a trailing slash
// (ServeMux redirects every other path to its cleaned form).
func cleanPath(p string) bool {
	if p == "" || p[0] != '/' {
		return false
	}
	for s := p[1:]; ; {
		seg, after, more := strings.Cut(s, "/")
		if seg == "." || seg == ".." || seg == "" && more {
			return false
		}
		if !more {
			return true
		}
		s = after
	}
}
