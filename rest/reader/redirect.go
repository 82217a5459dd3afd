package reader

import (
	"net/http"
	"strings"
)

// notFoundOrRedirect answers a path of a site that names no page: 301 to
// the destination of the site's live redirect that matches it (with or
// without its site space's prefix), else 404. Only misses pay for the
// look-up (one statement), and a redirect never hides a page.
func (rd *Reader) notFoundOrRedirect(w http.ResponseWriter, r *http.Request, s *siteView, v *variantView, rest, pagePath string) {
	op := s.content.redirect
	if op == nil || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
		notFound(w)
		return
	}
	// The path as asked, with its section and site space spelled out (a
	// source may name them though the reader left them to the defaults),
	// and without them.
	paths := []any{rest}
	if v != nil {
		full := strings.TrimPrefix(v.URL(s), s.Base) + "/" + pagePath
		paths = append(paths, full, pagePath)
	}
	vars := map[string]any{"paths": paths}
	for k, v := range s.content.vars {
		vars[k] = v
	}
	var data struct {
		PublishedSiteByID *struct {
			View *struct{ RedirectTarget *string }
		}
	}
	if err := rd.run(r.Context(), op, vars, &data); err != nil {
		if !refused(err) {
			rd.fail(w, r, err)
			return
		}
		notFound(w)
		return
	}
	if data.PublishedSiteByID == nil || data.PublishedSiteByID.View == nil || data.PublishedSiteByID.View.RedirectTarget == nil {
		notFound(w)
		return
	}
	target := *data.PublishedSiteByID.View.RedirectTarget
	if strings.HasPrefix(target, "/") {
		// Below the site as this request reached it (its path on this
		// server, or its custom hostname), never "//host".
		target = s.Base + "/" + strings.TrimLeft(target, "/")
		if target == "" || target[0] != '/' {
			target = "/" + strings.TrimLeft(target, "/")
		}
	}
	w.Header().Del("ETag")
	// Redirects can be edited and removed: browsers must ask again.
	w.Header().Set("Cache-Control", "no-cache")
	http.Redirect(w, r, target, http.StatusMovedPermanently)
}
