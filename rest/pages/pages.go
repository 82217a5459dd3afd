// Package pages renders the server's own HTML pages for people (sign-in,
// sign-up, password reset, single sign-on, the account page): one layout
// in the style of the published sites, one stylesheet, no script, nothing
// fetched from anywhere else, and headers that keep them so (a strict
// Content-Security-Policy, no framing, no referrer: some of these URLs
// carry one-time secrets).
package pages

import (
	"bytes"
	"embed"
	"html/template"
	"io/fs"
	"net/http"
)

//go:embed assets layout.html
var files embed.FS

// AssetsPath is where the stylesheet and icon are served.
const AssetsPath = "/auth/assets/"

// ContentSecurityPolicy allows the pages only their own stylesheet and
// images, forms posting to this server, and no script at all. Single
// sign-on starts are links, not forms: form-action also governs where a
// form's redirects may lead.
const ContentSecurityPolicy = "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

var layout = template.Must(template.ParseFS(files, "layout.html"))

// Parse makes a page template from the files of fsys matching patterns:
// each defines "title" and "main" (and may define "head") for the layout.
func Parse(fsys fs.FS, patterns ...string) *template.Template {
	t := template.Must(layout.Clone())
	return template.Must(t.ParseFS(fsys, patterns...))
}

// Write renders page t with data and status: the whole page is rendered
// before anything is written, so a template error is a clean 500.
func Write(w http.ResponseWriter, status int, t *template.Template, data any) {
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, "layout", data); err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Security-Policy", ContentSecurityPolicy)
	h.Set("Cache-Control", "no-store")
	h.Set("X-Frame-Options", "DENY")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}

// Assets serves the stylesheet and icon under AssetsPath.
func Assets() http.Handler {
	sub, _ := fs.Sub(files, "assets")
	fsrv := http.StripPrefix(AssetsPath, http.FileServerFS(sub))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=3600")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		fsrv.ServeHTTP(w, r)
	})
}
