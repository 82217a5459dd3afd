package graph

import (
	"context"

	"folio/graph/model"
	"folio/internal/lrucache"
)

// The built page trees of published content. The reader asks for one page
// of a space at a time (`PublishedContent.page(path:)`), and finding it by
// its path needs the revision's whole page tree: read from the database
// and built, that is about 10 ms and 100,000 allocations for a
// 10,000-page space, for every page view that misses the reader's cache.
// A revision's tree never changes (its root hash names every page in it),
// so the built tree is kept, by organization, root, space (whose app URL
// the pages carry) and format: a page view then reads the revision's row
// and the page's document only. Nothing in a kept tree is written after it
// is built; a merge makes a new root, and so a new key.

// Bounds of the built page trees: PageTreeBytes of memory as
// pageTreeMemory counts it, at most PageTreeEntries trees, and no tree
// over a quarter of the bytes.
const (
	PageTreeBytes   = 64 << 20
	PageTreeEntries = 1024
)

type pageTreeKey struct {
	org, root, space string
	markdown         bool
}

func newPageTrees() *lrucache.Cache[pageTreeKey, *pageTree] {
	return lrucache.New[pageTreeKey](PageTreeEntries, PageTreeBytes, PageTreeBytes/4, pageTreeMemory)
}

// pageTreeMemory is what a built tree holds, as TestPageTreeMemory
// measures it: the pages, their tree entries, paths and index.
func pageTreeMemory(pt *pageTree) int {
	n := 256
	for _, p := range pt.index {
		e := p.Entry
		n += pageTreeBytesPerPage + len(p.FullPath) + len(e.ID) + len(e.Parent) + len(e.Position) + len(e.Type) + len(e.Title) +
			len(e.Emoji) + len(e.Slug) + len(e.Description) + len(e.Document) + len(e.Href) + len(e.Kind)
	}
	return n
}

// pageTreeBytesPerPage is a page's fixed cost: its RevisionPage (in its
// parent's slice), its tree entry, and its index slot.
const pageTreeBytesPerPage = 512

// publishedPages is the page tree of a published content's revision,
// built once per revision (and format).
func (r *Resolver) publishedPages(ctx context.Context, c *model.PublishedContent, markdown bool) (*pageTree, error) {
	rev, err := r.revisionOf(ctx, c.Space, c.Space.RevisionID)
	if err != nil {
		return nil, err
	}
	key := pageTreeKey{org: rev.OrganizationID, root: rev.Root, space: c.Space.ID, markdown: markdown}
	if r.pageTrees != nil && rev.Root != "" {
		if pt, ok := r.pageTrees.Get(key); ok {
			return pt, nil
		}
	}
	t, err := tree(ctx, rev)
	if err != nil {
		return nil, err
	}
	pt := buildPages(rev, t, markdown)
	if r.pageTrees != nil && rev.Root != "" {
		r.pageTrees.Add(key, pt)
	}
	return pt, nil
}
