package reader

import (
	"folio/graph"
	"folio/internal/pagerender"
)

// The renderer lives in internal/pagerender, shared with GraphQL
// (RevisionPage.html, renderMarkdown), so that the app shows pages exactly
// as the published site does.
type (
	TOCEntry = pagerender.TOCEntry
	Rendered = pagerender.Rendered
	LinkFunc = pagerender.LinkFunc
)

// Render turns a stored document into sanitized HTML (pagerender.Render).
func Render(src string, link LinkFunc) Rendered { return pagerender.Render(src, link) }

// CodeCSS is the stylesheet of highlighted code (pagerender.CodeCSS).
func CodeCSS() []byte { return pagerender.CodeCSS() }

// renderOptions are the options of a page of s shown with look: its {% if %}
// blocks shown as the reader's claims decide (graph.ContentConditionHolds:
// the language of the sections' and site spaces' conditions, read as
// GitBook reads it; a reader without claims sees what holds for no
// claims), its embeds framed from the look's origins.
func (s *siteView) renderOptions(link LinkFunc, l *look) pagerender.Options {
	claims := s.claims
	return pagerender.Options{
		Link:         link,
		Visible:      func(cond string) bool { return graph.ContentConditionHolds(cond, claims) },
		FrameOrigins: l.FrameOrigins,
	}
}
