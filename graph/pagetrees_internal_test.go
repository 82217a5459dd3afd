package graph

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"folio/graph/model"
	"folio/store"
)

// pageTreeOf is a revision of pages top-level pages with kids subpages
// each, as the store reads it: ids, positions, slugs, titles and
// document hashes of the lengths Folio makes.
func pageTreeOf(n, pages, kids int) (*model.Revision, *store.Tree) {
	t := &store.Tree{Root: fmt.Sprintf("root%d", n), Entries: map[string]*store.Entry{}}
	now := time.Now()
	add := func(id, parent, slug string, i int) {
		e := &store.Entry{Kind: store.EntryPage, ID: id, Parent: parent, Position: fmt.Sprintf("a%03d", i), Type: store.PageDocument,
			Title: "Topic " + slug, Slug: slug, Description: "What " + slug + " is about", Document: fmt.Sprintf("%064x", n*1_000_000+len(t.Entries)),
			CreatedAt: now, UpdatedAt: now}
		t.Entries[e.Key()] = e
	}
	for i := range pages {
		top := fmt.Sprintf("pg%02d%016d", n, i)
		add(top, "", fmt.Sprintf("topic-%d", i), i)
		for k := range kids {
			add(fmt.Sprintf("pg%02d%08d%08d", n, i, k), top, fmt.Sprintf("topic-%d", i*kids+k), k)
		}
	}
	sp := model.NewSpace("http://folio.test", &store.Space{ID: fmt.Sprintf("space%02d-xxxxxxxxxxxx", n), OrganizationID: "org-xxxxxxxxxxxxxxx"}, model.Access{})
	return &model.Revision{Revision: store.Revision{ID: "rev", OrganizationID: sp.OrganizationID, SpaceID: sp.ID, Root: t.Root}, Space: sp}, t
}

// TestPageTreeMemory measures what a kept page tree holds in memory (the
// built pages, their entries, paths and index; the tree read from the
// database is dropped) against what the cache counts it as
// (pageTreeMemory): the cache's byte bound bounds its memory only while
// the count is not less than the memory.
func TestPageTreeMemory(t *testing.T) {
	for _, size := range [][3]int{{10, 0, 400}, {100, 99, 8}} {
		n := size[2]
		keep := make([]*pageTree, n)
		counted := 0
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		for i := range keep {
			rev, tree := pageTreeOf(i, size[0], size[1])
			keep[i] = buildPages(rev, tree, true)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		for _, pt := range keep {
			counted += pageTreeMemory(pt)
		}
		held := int(after.HeapAlloc) - int(before.HeapAlloc)
		pages := size[0] * (size[1] + 1)
		t.Logf("%d pages: %d B held per tree (%d B a page), %d B counted", pages, held/n, held/n/pages, counted/n)
		if held > counted {
			t.Errorf("%d pages: a kept tree holds %d B, the cache counts %d B", pages, held/n, counted/n)
		}
		if counted > 2*held {
			t.Errorf("%d pages: the cache counts %d B for %d B held: it keeps fewer trees than it could", pages, counted/n, held/n)
		}
		runtime.KeepAlive(keep)
	}
}
