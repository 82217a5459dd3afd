package reader

import (
	"context"
	"html/template"
	"strings"

	"folio/internal/lrucache"
)

// The parts of a page that depend only on its revision. A page that the
// rendered-page cache does not hold needs its space's page tree (to find
// its neighbours, resolve its links and show the sidebar) and the sidebar's
// HTML, and in a 10,000-page space building both costs about 80 ms and
// half a million allocations, where the page's own content costs well
// under a millisecond. Both depend only on the revision (a revision never
// changes) and, for the sidebar, on the variant's address on this host; so
// they are kept, by revision: a page view then reads only its own page
// (ReaderSitePage and ReaderSpacePage with $tree false) and adds its
// content, its neighbours and its mark in the sidebar.
//
// A kept part is never stale: a merge makes a new revision, the change
// feed drops the cached view that named the old one (viewcache.go), and
// the next view names the new revision, whose parts are built afresh. The
// old revision's parts go out of the caches as they are least recently
// used.

// Bounds of the kept parts: trees (as treeMemory counts them) and
// sidebars (their HTML and the index of their links), each within
// partEntries and partBytes, and no part over a quarter of the bytes.
const (
	partEntries = 1024
	partBytes   = 64 << 20
)

// sidebarKey names a kept sidebar: the revision, and the address of the
// variant its links start with.
type sidebarKey struct{ revision, base string }

// keptSidebar is a sidebar's HTML with no page marked as the current one,
// and where the mark of each page that can carry it goes: after the
// closing quote of its link's href.
type keptSidebar struct {
	html string
	at   map[string]int // by page id: offset in html
}

// currentMark is what the tree template writes after the href of the
// current page's link.
const currentMark = ` class="current" aria-current="page"`

func newParts() (*lrucache.Cache[string, *spaceTree], *lrucache.Cache[sidebarKey, *keptSidebar]) {
	trees := lrucache.New[string](partEntries, partBytes, partBytes/4, treeMemory)
	sidebars := lrucache.New[sidebarKey](partEntries, partBytes, partBytes/4, sidebarMemory)
	return trees, sidebars
}

// treeMemory is what a kept tree holds, as TestPartsMemory measures it:
// its pages, their strings, the indexes by path and id, the reading
// order, and the files' ids.
func treeMemory(t *spaceTree) int {
	n := 512 + len(t.files)*(64+24)
	for _, p := range t.byID {
		n += treeBytesPerPage + len(p.ID) + len(p.Title) + len(p.Emoji) + len(p.Path) + len(p.Type) + len(p.Href) + len(p.Description)
	}
	for id := range t.files {
		n += len(id)
	}
	return n
}

// treeBytesPerPage is a page's fixed cost in a kept tree: its node, its
// slots in the indexes, in its parent's children and in the reading order.
const treeBytesPerPage = 300

// sidebarMemory is what a kept sidebar holds: its HTML and its index.
func sidebarMemory(s *keptSidebar) int {
	n := 256 + len(s.html)
	for id := range s.at {
		n += sidebarBytesPerLink + len(id)
	}
	return n
}

const sidebarBytesPerLink = 64

// pageContent reads the page at pagePath of a variant with the variant's
// page tree: the tree kept for the revision the view names when there is
// one (the page alone is read then), else read with the page, built and
// kept. nil content when the reader no longer sees the variant.
func (rd *Reader) pageContent(ctx context.Context, s *siteView, v *variantView, pagePath string) (*contentData, *spaceTree, error) {
	tree, ok := rd.trees.Get(v.RevisionID)
	c, err := rd.content(ctx, s, v, s.content.page, map[string]any{"path": pagePath, "tree": !ok})
	if err != nil || c == nil {
		return c, nil, err
	}
	if ok && c.RevisionID != v.RevisionID {
		// A merge since the view was read: the page is of a newer revision
		// than the tree, so the tree is that revision's, kept or read again.
		if tree, ok = rd.trees.Get(c.RevisionID); !ok {
			if c, err = rd.content(ctx, s, v, s.content.page, map[string]any{"path": pagePath, "tree": true}); err != nil || c == nil {
				return c, nil, err
			}
		}
	}
	if !ok {
		ids := make([]string, len(c.Files))
		for i, f := range c.Files {
			ids[i] = f.ID
		}
		tree = buildTree(c.Pages, ids)
		if c.RevisionID != "" {
			tree.revision = c.RevisionID
			rd.trees.Add(c.RevisionID, tree)
		}
	}
	return c, tree, nil
}

// sidebar is the HTML of a variant's sidebar (its links start with base)
// with current marked: the kept sidebar of the tree's revision, made once.
func (rd *Reader) sidebar(tree *spaceTree, base string, current *pageNode) (before, after template.HTML) {
	if tree.revision == "" {
		return freshSidebar(tree, base, current), ""
	}
	key := sidebarKey{tree.revision, base}
	kept, ok := rd.sidebars.Get(key)
	if !ok {
		if kept = keepSidebar(tree, base); kept == nil {
			return freshSidebar(tree, base, current), ""
		}
		rd.sidebars.Add(key, kept)
	}
	return kept.split(current)
}

// split is the sidebar's HTML around the place of current's mark (all of
// it before, when current carries none: no page, or one the sidebar does
// not show).
func (k *keptSidebar) split(current *pageNode) (before, after template.HTML) {
	if current != nil {
		if at, ok := k.at[current.ID]; ok {
			return template.HTML(k.html[:at]), template.HTML(k.html[at:]) //nolint:gosec // made by the tree template
		}
	}
	return template.HTML(k.html), "" //nolint:gosec // made by the tree template
}

// freshSidebar renders the sidebar with the tree template, current marked.
func freshSidebar(tree *spaceTree, base string, current *pageNode) template.HTML {
	items := sidebarItems(tree.Top, base, current)
	if len(items) == 0 {
		return ""
	}
	var b strings.Builder
	if err := pageTemplate.ExecuteTemplate(&b, "tree", items); err != nil {
		return "" // the template is fixed, and its data plain values: never
	}
	return template.HTML(b.String()) //nolint:gosec // the tree template escapes every value
}

// keepSidebar renders the sidebar with no page marked, and finds where each
// page's mark goes: the sidebar's items are its <li> elements in order
// (titles and addresses are escaped, so no other "<li>" is in it), and a
// document's item starts with its link. nil if the HTML is not as expected.
func keepSidebar(tree *spaceTree, base string) *keptSidebar {
	return indexSidebar(string(freshSidebar(tree, base, nil)), tree)
}

// indexSidebar is keepSidebar's index of html, the sidebar of tree.
func indexSidebar(html string, tree *spaceTree) *keptSidebar {
	k := &keptSidebar{html: html, at: map[string]int{}}
	pos := 0
	const link = `<li><a href="`
	var walk func(ns []*pageNode) bool
	walk = func(ns []*pageNode) bool {
		for _, n := range ns {
			if n.Hidden {
				continue // not shown, nor anything under it
			}
			i := strings.Index(html[pos:], "<li>")
			if i < 0 {
				return false
			}
			pos += i
			if n.Type != pageGroup && n.Type != pageLink {
				if !strings.HasPrefix(html[pos:], link) {
					return false
				}
				end := strings.IndexByte(html[pos+len(link):], '"')
				if end < 0 {
					return false
				}
				k.at[n.ID] = pos + len(link) + end + 1
			}
			pos += len("<li>")
			if !walk(n.Children) {
				return false
			}
		}
		return true
	}
	if !walk(tree.Top) || strings.Contains(html[pos:], "<li>") {
		return nil
	}
	return k
}
