package store_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"

	"folio/store"
	"folio/store/pgtest"
)

// bigSpace makes a space whose content holds pages pages (100 top-level
// pages with the rest spread under them), merged, and returns it.
func bigSpace(tb testing.TB, s *store.Store, pages int) (*store.Space, string) {
	ctx := context.Background()
	u, err := s.EnsureUser(ctx, "bench@example.com", "")
	if err != nil {
		tb.Fatal(err)
	}
	org, err := s.CreateOrganization(ctx, u.ID, "Bench", nil)
	if err != nil {
		tb.Fatal(err)
	}
	sp, err := s.CreateSpace(ctx, org.ID, store.NewSpace{Title: "Big", Visibility: store.VisibilityPrivate})
	if err != nil {
		tb.Fatal(err)
	}
	cr, err := s.CreateChangeRequest(ctx, sp, u.ID, "import")
	if err != nil {
		tb.Fatal(err)
	}
	top := min(100, pages)
	var batch []store.PageChange
	ids := map[string]string{} // refs of earlier batches -> page ids
	flush := func() {
		if len(batch) == 0 {
			return
		}
		res, err := s.UpdateChangeRequestContent(ctx, sp.ID, cr.ID, u.ID, batch)
		if err != nil {
			tb.Fatal(err)
		}
		for _, o := range res.Changes {
			ids[o.Ref] = o.Page
		}
		batch = nil
	}
	for i := range pages {
		md := fmt.Sprintf("# Page %d\n\nSome text of page %d, long enough to look like a short page of documentation.\n", i, i)
		c := store.PageChange{Operation: store.OpInsertPage, Ref: fmt.Sprint("p", i), Markdown: &md}
		if i >= top {
			parent := ids[fmt.Sprint("p", i%top)]
			c.Into = &parent
		}
		batch = append(batch, c)
		// Top-level pages go first, so every child's parent is stored.
		if len(batch) == store.MaxChanges || i == top-1 {
			flush()
		}
	}
	flush()
	if _, err := s.MergeChangeRequest(ctx, sp.ID, cr.ID, u.ID); err != nil {
		tb.Fatal(err)
	}
	sp, err = s.Space(ctx, sp.ID)
	if err != nil {
		tb.Fatal(err)
	}
	return sp, u.ID
}

// BenchmarkContent reports, for a 10,000-page space, the latency of reading
// its whole tree and what a one-page change writes (rows and bytes).
func BenchmarkContent(b *testing.B) {
	s := pgtest.New(b)
	ctx := context.Background()
	sp, userID := bigSpace(b, s, 10000)
	revs, err := s.RevisionsByID(ctx, []string{sp.RevisionID})
	if err != nil || len(revs) != 1 {
		b.Fatal(revs, err)
	}
	key := store.TreeKey{OrganizationID: sp.OrganizationID, Root: revs[0].Root}

	b.Run("read-10000-page-tree", func(b *testing.B) {
		for b.Loop() {
			t, err := s.Tree(ctx, key)
			if err != nil || len(t.Pages()) != 10000 {
				b.Fatal(err)
			}
		}
	})

	b.Run("one-page-change-in-10000", func(b *testing.B) {
		cr, err := s.CreateChangeRequest(ctx, sp, userID, "one page")
		if err != nil {
			b.Fatal(err)
		}
		t, err := s.Tree(ctx, key)
		if err != nil {
			b.Fatal(err)
		}
		target := t.Pages()[0].ID
		var st store.WriteStats
		n := 0
		for b.Loop() {
			md := fmt.Sprintf("# Changed\n\nRevision %d of this page.\n", n)
			n++
			res, err := s.UpdateChangeRequestContent(ctx, sp.ID, cr.ID, userID, []store.PageChange{{Operation: store.OpUpdatePage, Page: target, Markdown: &md}})
			if err != nil {
				b.Fatal(err)
			}
			st = res.Stats
		}
		// Per change: the rows and bytes stored besides the one revision row.
		b.ReportMetric(float64(st.Nodes), "tree-rows/op")
		b.ReportMetric(float64(st.Documents), "document-rows/op")
		b.ReportMetric(float64(st.Bytes), "stored-bytes/op")
	})
}

// BenchmarkMergeOnePage merges a change request editing one page into a
// space of 10 pages and into one of 10,000: fast-forward (the space did not
// move since the change request started) and three-way (another merge
// came first). A merge's cost grows with what it changes, not with the
// space: compare the two sizes. whole-trees is the merge of whole tries
// that every merge was before (still the one for moves and removals).
func BenchmarkMergeOnePage(b *testing.B) {
	s := pgtest.New(b)
	ctx := context.Background()
	var counting atomic.Bool
	var statements atomic.Int64
	s.WatchStatements(func(string) {
		if counting.Load() {
			statements.Add(1)
		}
	})
	// merge merges cr, counting its statements.
	merge := func(b *testing.B, sp *store.Space, cr, userID string) {
		counting.Store(true)
		_, err := s.MergeChangeRequest(ctx, sp.ID, cr, userID)
		counting.Store(false)
		if err != nil {
			b.Fatal(err)
		}
	}
	report := func(b *testing.B) {
		b.ReportMetric(float64(statements.Swap(0))/float64(b.N), "statements/op")
	}
	for _, pages := range []int{10, 10000} {
		sp, userID := bigSpace(b, s, pages)
		t, err := s.Tree(ctx, store.TreeKey{OrganizationID: sp.OrganizationID, Root: mustRoot(b, s, sp)})
		if err != nil {
			b.Fatal(err)
		}
		targets := t.Pages()
		// prepare makes a change request editing the i-th page from the
		// space's current revision.
		prepare := func(i int) string {
			cur, err := s.Space(ctx, sp.ID)
			if err != nil {
				b.Fatal(err)
			}
			cr, err := s.CreateChangeRequest(ctx, cur, userID, "one page")
			if err != nil {
				b.Fatal(err)
			}
			md := fmt.Sprintf("# Changed\n\nChange %d of this page.\n", i)
			if _, err := s.UpdateChangeRequestContent(ctx, sp.ID, cr.ID, userID,
				[]store.PageChange{{Operation: store.OpUpdatePage, Page: targets[i%len(targets)].ID, Markdown: &md}}); err != nil {
				b.Fatal(err)
			}
			return cr.ID
		}
		n := 0
		for _, whole := range []bool{false, true} {
			name := fmt.Sprint(pages, "-pages")
			if whole {
				name += "-whole-trees"
			}
			b.Run(name+"/fast-forward", func(b *testing.B) {
				store.MergeWholeTrees(whole)
				defer store.MergeWholeTrees(false)
				b.ReportAllocs()
				statements.Store(0)
				for i := 0; i < b.N; i++ {
					b.StopTimer()
					n++
					cr := prepare(n)
					b.StartTimer()
					merge(b, sp, cr, userID)
				}
				report(b)
			})
			b.Run(name+"/three-way", func(b *testing.B) {
				store.MergeWholeTrees(whole)
				defer store.MergeWholeTrees(false)
				b.ReportAllocs()
				statements.Store(0)
				for i := 0; i < b.N; i++ {
					b.StopTimer()
					n += 2
					first, cr := prepare(n-1), prepare(n)
					if _, err := s.MergeChangeRequest(ctx, sp.ID, first, userID); err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
					merge(b, sp, cr, userID)
				}
				report(b)
			})
		}
	}
}

func mustRoot(b *testing.B, s *store.Store, sp *store.Space) string {
	revs, err := s.RevisionsByID(context.Background(), []string{sp.RevisionID})
	if err != nil || len(revs) != 1 {
		b.Fatal(revs, err)
	}
	return revs[0].Root
}
