package rest

import (
	"net/http"
	"strings"
)

// cors answers cross-origin requests from the configured browser origins.
// Folio authenticates with bearer tokens, never cookies, so credentials are
// not allowed and a wildcard is safe to offer when configured.
type cors struct {
	any     bool
	origins map[string]bool
}

func newCORS(origins []string) *cors {
	c := &cors{origins: map[string]bool{}}
	for _, o := range origins {
		switch o = strings.TrimRight(strings.TrimSpace(o), "/"); o {
		case "":
		case "*":
			c.any = true
		default:
			c.origins[o] = true
		}
	}
	return c
}

const (
	corsMethods = "GET, POST, PUT, PATCH, DELETE, OPTIONS"
	corsHeaders = "Authorization, Content-Type, X-Request-Id, Idempotency-Key, If-Match"
	// Headers a browser script may read: the request id, the rate limit,
	// where a created object lives, a page's revision guard and whether an
	// answer was replayed for its Idempotency-Key.
	corsExposed = "X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, Location, ETag, Idempotent-Replayed"
)

// handle sets the CORS headers of an allowed origin and answers preflight
// requests itself (true: the response is written). A preflight from an
// origin not allowed gets no CORS headers, so the browser refuses.
func (c *cors) handle(w http.ResponseWriter, r *http.Request) bool {
	origin := r.Header.Get("Origin")
	h := w.Header()
	h.Add("Vary", "Origin")
	allowed := origin != "" && (c.any || c.origins[origin])
	preflight := r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != ""
	if allowed {
		if c.any {
			h.Set("Access-Control-Allow-Origin", "*")
		} else {
			h.Set("Access-Control-Allow-Origin", origin)
		}
		h.Set("Access-Control-Expose-Headers", corsExposed)
	}
	if !preflight {
		return false
	}
	if allowed {
		h.Set("Access-Control-Allow-Methods", corsMethods)
		h.Set("Access-Control-Allow-Headers", corsHeaders)
		h.Set("Access-Control-Max-Age", "600")
	}
	w.WriteHeader(http.StatusNoContent)
	return true
}
