package graph

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"

	"github.com/99designs/gqlgen/graphql"
)

// publicMaxAge is how long, in seconds, a browser or a shared cache (a CDN)
// may reuse the answer to an anonymous GET query without asking again.
// Short: anonymous reads are public data that an edit changes.
const publicMaxAge = 60

// writeCacheable writes the answer to a GET query so that caches can keep
// it: an ETag (a strong hash of the body: the same bytes, the same tag),
// and Cache-Control, which is public for an anonymous caller, private for
// an authenticated one (a token, or any cookie, which a sign-in session
// travels in), and no-store for an answer with errors. A request whose
// If-None-Match names the tag gets 304 and no body.
func writeCacheable(w http.ResponseWriter, r *http.Request, resp *graphql.Response) {
	var body bytes.Buffer
	writeResponse(&body, resp, true)
	h := w.Header()
	switch {
	case len(resp.Errors) > 0 || len(resp.Data) == 0 || string(resp.Data) == "null":
		h.Set("Cache-Control", "no-store")
		w.Write(body.Bytes())
		return
	case Viewer(r.Context()) != nil || r.Header.Get("Authorization") != "" || r.Header.Get("Cookie") != "":
		// The browser may keep it, and asks again each time (If-None-Match).
		h.Set("Cache-Control", "private, no-cache")
	default:
		h.Set("Cache-Control", "public, max-age="+strconv.Itoa(publicMaxAge))
	}
	sum := sha256.Sum256(body.Bytes())
	etag := `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`
	h.Set("ETag", etag)
	if noneMatch(r.Header.Get("If-None-Match"), etag) {
		h.Del("Content-Type")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Length", strconv.Itoa(body.Len()))
	w.Write(body.Bytes())
}

// noneMatch reports whether an If-None-Match header names etag (or is *).
// It compares weakly, as RFC 9110 says for If-None-Match: W/"x" names "x".
func noneMatch(header, etag string) bool {
	if header == "" {
		return false
	}
	for tag := range strings.SplitSeq(header, ",") {
		tag = strings.TrimSpace(tag)
		if tag == "*" || strings.TrimPrefix(tag, "W/") == etag {
			return true
		}
	}
	return false
}
