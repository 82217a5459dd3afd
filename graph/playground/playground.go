// Package playground serves the GraphQL playground (GraphiQL) from files
// embedded in the binary, so it works on a machine without internet. The
// third-party files and their versions are listed in assets/THIRD_PARTY.md.
package playground

import (
	"embed"
	"io/fs"
	"net/http"
	"strings"
)

//go:embed assets/*.html assets/*.js assets/*.css
var files embed.FS

// AssetsPath is where the playground's files are served.
const AssetsPath = "/graphql/assets/"

// policy keeps the page to this server: scripts, styles and requests from
// this origin only (GraphiQL sets inline styles, hence unsafe-inline for
// styles alone).
const policy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

// Wants reports whether a request to the GraphQL endpoint comes from a
// browser asking for a page rather than from a client sending a query.
func Wants(r *http.Request) bool {
	return r.Method == http.MethodGet && r.URL.Query().Get("query") == "" &&
		strings.Contains(r.Header.Get("Accept"), "text/html")
}

// Page serves the playground page.
func Page(w http.ResponseWriter, r *http.Request) {
	page, err := files.ReadFile("assets/index.html")
	if err != nil {
		http.Error(w, "playground missing from this build", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Security-Policy", policy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "no-cache")
	w.Write(page)
}

// Assets serves the playground's scripts and styles under AssetsPath.
func Assets() http.Handler {
	sub, _ := fs.Sub(files, "assets")
	fileServer := http.StripPrefix(AssetsPath, http.FileServerFS(sub))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/") || strings.HasSuffix(r.URL.Path, ".html") {
			http.NotFound(w, r) // no directory listings; the page is served at /graphql
			return
		}
		w.Header().Set("Cache-Control", "public, max-age=3600")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		fileServer.ServeHTTP(w, r)
	})
}
