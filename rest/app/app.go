// Package app serves the Folio web app under /app: the files built from
// the repository's app/ directory (make app, committed in dist/ and
// embedded here, so that building the server never needs Node.js). The
// app is a pure client of /graphql; this package only hands out its page
// and assets.
package app

import (
	"bytes"
	"crypto/rand"
	"embed"
	"encoding/base64"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"net/url"
	"path"
	"strings"

	"folio/graph"
	"folio/rest/signin"
)

//go:embed dist
var dist embed.FS

// Path is where the app lives; every path under it answers the app's page.
const Path = "/app"

// CSP is the app page's Content-Security-Policy for a response whose
// nonce is nonce: scripts, stylesheets and requests from this server only
// (no request leaves it, the app works offline), images also from data:
// and blob: (pasted and dropped images), no framing. No inline script at
// all, and inline <style> only with the response's nonce: the editor,
// CodeMirror, writes its theme into one (given the nonce through
// EditorView.cspNonce). Style attributes stay refused as on published
// sites (rest/reader), so the editor's preview renders as they do.
func CSP(nonce string) string {
	return "default-src 'none'; script-src 'self'; style-src 'self' 'nonce-" + nonce + "'; img-src 'self' data: blob:; font-src 'self'; " +
		"connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
}

// noncePlaceholder is what index.html holds where each response's nonce
// goes (rest/app/appbuild.NoncePlaceholder; a build without it fails to
// start, below).
const noncePlaceholder = "FOLIO-CSP-NONCE"

// newNonce is 128 random bits, base64: a fresh one for every page served.
func newNonce() string {
	b := make([]byte, 16)
	rand.Read(b) //nolint:errcheck // never fails
	return base64.RawURLEncoding.EncodeToString(b)
}

// Files are the built files (index.html and assets/), for the tests.
func Files() fs.FS {
	sub, _ := fs.Sub(dist, "dist")
	return sub
}

// Mount adds the app's routes to mux.
func Mount(mux *http.ServeMux) {
	files := Files()
	mux.HandleFunc("GET "+Path+"/assets/{file}", func(w http.ResponseWriter, r *http.Request) {
		name := r.PathValue("file")
		b, err := fs.ReadFile(files, "assets/"+name)
		if err != nil || strings.Contains(name, "/") {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
			h.Set("Content-Type", ct)
		}
		// Names carry their content's hash: a new build makes new names.
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
		h.Set("X-Content-Type-Options", "nosniff")
		w.Write(b)
	})
	mux.HandleFunc("GET "+Path, ServePage)
	mux.HandleFunc("GET "+Path+"/{path...}", ServePage)
	// The app's own screens under /app/o/ that no urls.app address names
	// (rest/reader answers those, for API clients too): a reload or a
	// shared link of the editor, the history, a page of a revision or of
	// a change request opens the app like any other.
	for _, p := range []string{
		"/s/{space}/history",
		"/s/{space}/history/{revision}",
		"/s/{space}/revisions/{revision}/page/{page}",
		"/s/{space}/change-requests/{number}/page/{page}",
		"/s/{space}/change-requests/{number}/edit",
		"/s/{space}/change-requests/{number}/edit/page/{page}",
	} {
		mux.HandleFunc("GET "+Path+"/o/{org}"+p, serveScreen)
	}
}

// serveScreen answers one of the app's screens: the app for a signed-in
// browser (a session), sign-in for a browser without one (ServePage), and
// 404 for an API client with a token: the address names nothing the API
// serves.
func serveScreen(w http.ResponseWriter, r *http.Request) {
	if c, ok := graph.CredentialOf(r.Context()); ok && c.Kind != graph.CredentialSession {
		http.NotFound(w, r)
		return
	}
	ServePage(w, r)
}

// index is the page, split where the nonce goes.
var index = func() [2][]byte {
	b, err := fs.ReadFile(Files(), "index.html")
	if err != nil {
		panic("rest/app: dist/index.html is missing: run make app")
	}
	before, after, ok := bytes.Cut(b, []byte(noncePlaceholder))
	if !ok {
		panic("rest/app: dist/index.html has no place for the CSP nonce: run make app")
	}
	return [2][]byte{before, after}
}()

// ServePage answers the app's page (the same for every app path: the app
// routes in the browser), or sends a browser without a session to sign in
// and back. The addresses of urls.app (/app/o/...) come here through
// rest/reader, which answers API clients itself.
func ServePage(w http.ResponseWriter, r *http.Request) {
	if graph.Viewer(r.Context()) == nil {
		http.Redirect(w, r, signin.SignInPath+"?next="+url.QueryEscape(r.URL.RequestURI()), http.StatusSeeOther)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	nonce := newNonce()
	h.Set("Content-Security-Policy", CSP(nonce))
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "same-origin")
	// The base64url alphabet needs no escaping in an attribute.
	w.Write(index[0])
	io.WriteString(w, nonce)
	w.Write(index[1])
}
