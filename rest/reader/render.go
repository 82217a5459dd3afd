package reader

import "folio/internal/pagerender"

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
