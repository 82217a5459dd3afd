// Package app serves the Folio web app under /app: the files built from
// the repository's app/ directory (make app, committed in dist/ and
// embedded here, so that building the server never needs Node.js). The
// app is a pure client of /graphql; this package only hands out its page
// and assets.
package app

import (
	"embed"
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

// CSP is the app page's Content-Security-Policy: scripts, styles and
// requests from this server only (no request leaves it, the app works
// offline), images also from data: and blob: (pasted and dropped images),
// no framing.
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; " +
	"connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

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
}

var index = func() []byte {
	b, err := fs.ReadFile(Files(), "index.html")
	if err != nil {
		panic("rest/app: dist/index.html is missing: run make app")
	}
	return b
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
	h.Set("Content-Security-Policy", CSP)
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "same-origin")
	w.Write(index)
}
