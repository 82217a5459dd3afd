package store_test

import (
	"context"
	"fmt"
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
