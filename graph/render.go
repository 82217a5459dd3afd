package graph

import (
	"net/url"
	"strings"

	"folio/internal/pagerender"
)

// spaceLinks rewrites the links of a space's documents for RevisionPage.html
// and renderMarkdown: a page (/pages/{id}) to its urls.app address, a file
// (/files/{id}) to its download URL; anything else stays as written.
func spaceLinks(base, spaceID, spaceApp string) pagerender.LinkFunc {
	return func(dest string, image bool) string {
		dest = strings.TrimSpace(dest)
		u, err := url.Parse(dest)
		if err != nil || dest == "" || strings.HasPrefix(dest, "#") || u.Scheme != "" || u.Host != "" {
			return ""
		}
		if id, ok := oneSegment(u.Path, "/files/", "files/"); ok {
			return base + "/v1/spaces/" + url.PathEscape(spaceID) + "/files/" + url.PathEscape(id) + "/download"
		}
		if id, ok := oneSegment(u.Path, "/pages/", "pages/"); ok && !image {
			frag := ""
			if u.Fragment != "" {
				frag = "#" + url.PathEscape(u.Fragment)
			}
			return spaceApp + "/page/" + url.PathEscape(id) + frag
		}
		return ""
	}
}

// oneSegment returns the rest of s after the first prefix it has, when
// that rest is one path segment.
func oneSegment(s string, prefixes ...string) (string, bool) {
	for _, p := range prefixes {
		if rest, ok := strings.CutPrefix(s, p); ok && rest != "" && !strings.Contains(rest, "/") {
			return rest, true
		}
	}
	return "", false
}
