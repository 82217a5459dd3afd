package store_test

import (
	"context"
	"slices"
	"testing"

	"folio/domain"
	"folio/store"
	"folio/store/pgtest"
)

// TestMergeByChanges: merges that add pages, edit pages in place and add
// files are done by changes (reading only the tries' paths to what
// changed), fast-forward and three-way, and leave what a merge of whole
// trees leaves: the trie buildTree makes of the merged entries, the same
// search rows as a whole reindex, the same content. A move, a removal or a
// conflict goes to the merge of whole trees, which still refuses the
// conflict.
func TestMergeByChanges(t *testing.T) {
	s := pgtest.New(t)
	ctx := context.Background()
	sp, userID := bigSpace(t, s, 700) // 100 top-level pages, 600 under them: tries three levels deep
	tree := func() *store.Tree {
		t.Helper()
		cur, err := s.Space(ctx, sp.ID)
		if err != nil {
			t.Fatal(err)
		}
		revs, err := s.RevisionsByID(ctx, []string{cur.RevisionID})
		if err != nil || len(revs) != 1 {
			t.Fatal(revs, err)
		}
		tr, err := s.Tree(ctx, store.TreeKey{OrganizationID: sp.OrganizationID, Root: revs[0].Root})
		if err != nil {
			t.Fatal(err)
		}
		if root, err := store.TrieRoot(sp.OrganizationID, tr.Entries); err != nil || root != revs[0].Root {
			t.Fatalf("merged trie %s, want %s, the trie of its entries (%v)", revs[0].Root, root, err)
		}
		return tr
	}
	// The search rows a merge leaves are those a whole reindex makes.
	checkIndex := func(step string) {
		t.Helper()
		merged, err := s.SearchRows(ctx, sp.ID)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Reindex(ctx, sp.ID); err != nil {
			t.Fatal(err)
		}
		whole, err := s.SearchRows(ctx, sp.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(merged, whole) {
			t.Fatalf("%s: search rows differ from a whole reindex:\n%q\n%q", step, merged, whole)
		}
	}
	byTitle := func(tr *store.Tree, title string) *store.Entry {
		for _, e := range tr.Pages() {
			if e.Title == title {
				return e
			}
		}
		return nil
	}
	start := tree()
	top, nested := byTitle(start, "Page 3"), byTitle(start, "Page 103") // Page 103 is under Page 3
	other := byTitle(start, "Page 250")
	if top == nil || nested == nil || other == nil || nested.Parent != top.ID {
		t.Fatalf("fixture: %v %v %v", top, nested, other)
	}
	newCR := func(subject string, changes ...store.PageChange) string {
		t.Helper()
		cur, err := s.Space(ctx, sp.ID)
		if err != nil {
			t.Fatal(err)
		}
		cr, err := s.CreateChangeRequest(ctx, cur, userID, subject)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.UpdateChangeRequestContent(ctx, sp.ID, cr.ID, userID, changes); err != nil {
			t.Fatal(err)
		}
		return cr.ID
	}
	merge := func(cr string, byChanges bool) error {
		t.Helper()
		n := store.MergesByChanges()
		_, err := s.MergeChangeRequest(ctx, sp.ID, cr, userID)
		if err == nil {
			if got := store.MergesByChanges() - n; got != map[bool]int64{true: 1}[byChanges] {
				t.Fatalf("merge of %s: %d merges by changes, want by changes %v", cr, got, byChanges)
			}
		}
		return err
	}
	md := func(s string) *string { return &s }

	// Fast-forward: a page edited in place, a page added three levels deep.
	a := newCR("edit", store.PageChange{Operation: store.OpUpdatePage, Page: nested.ID, Markdown: md("# Nested, edited\n\n## Part\n\nNew text.\n")},
		store.PageChange{Operation: store.OpInsertPage, Ref: "deep", Into: &nested.ID, Markdown: md("# Deeper\n\nUnder 103.\n")})
	// Two change requests from the same revision, merged after it: three-way.
	b := newCR("three-way", store.PageChange{Operation: store.OpUpdatePage, Page: other.ID, Markdown: md("# Other\n\nChanged.\n")},
		store.PageChange{Operation: store.OpInsertPage, Ref: "top", Markdown: md("# New top\n\nText.\n")},
		store.PageChange{Operation: store.OpInsertPage, Ref: "kid", Into: &top.ID, Markdown: md("# New kid\n\nText.\n")},
		store.PageChange{Operation: store.OpInsertFiles, Files: []store.NewFile{{Ref: "f", Name: "a.txt", ContentType: "text/plain", Blob: "b1", Size: 3}}})
	c := newCR("conflict", store.PageChange{Operation: store.OpUpdatePage, Page: other.ID, Markdown: md("# Other\n\nChanged differently.\n")})
	moved := newCR("move", store.PageChange{Operation: store.OpUpdatePage, Page: byTitle(start, "Page 5").ID, Into: &top.ID, SetInto: true})

	if err := merge(a, true); err != nil {
		t.Fatal(err)
	}
	tr := tree()
	if e := byTitle(tr, "Deeper"); e == nil || e.Parent != nested.ID {
		t.Fatalf("the added page: %+v", e)
	}
	checkIndex("fast-forward")

	if err := merge(b, true); err != nil {
		t.Fatal(err)
	}
	tr = tree()
	if byTitle(tr, "Other") == nil || byTitle(tr, "New top") == nil || byTitle(tr, "Nested, edited") == nil ||
		byTitle(tr, "New kid").Parent != top.ID || len(tr.Files()) != 1 || len(tr.Pages()) != 703 {
		t.Fatalf("three-way merge lost a change: %d pages, %d files; renamed %v top %v nested %v kid %+v", len(tr.Pages()), len(tr.Files()),
			byTitle(tr, "Other") != nil, byTitle(tr, "New top") != nil, byTitle(tr, "Nested, edited") != nil, byTitle(tr, "New kid"))
	}
	checkIndex("three-way")

	if err := merge(c, false); domain.ErrorCode(err) != domain.CodeConflict {
		t.Fatalf("conflicting merge: %v, want CONFLICT", err)
	}
	if err := merge(moved, false); err != nil {
		t.Fatal(err)
	}
	if tr = tree(); byTitle(tr, "Page 5").Parent != top.ID {
		t.Fatal("the moved page did not move")
	}
	checkIndex("move")
}
