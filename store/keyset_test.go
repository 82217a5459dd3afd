package store_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"folio/domain"
	"folio/store"
	"folio/store/pgtest"
)

// Keyset pages of real lists: every row exactly once and in order however
// the list is cut, with ties in the leading column, rows inserted between
// pages, and tokens bound to their list.

// pageAll reads every page of a list, limit rows at a time.
func pageAll[T any](t *testing.T, list func(store.PageArgs) (store.Page[T], error), limit int) []T {
	t.Helper()
	var all []T
	args := store.PageArgs{Limit: limit}
	for range 1000 {
		p, err := list(args)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, p.Items...)
		if p.Next == "" {
			return all
		}
		args.Page = p.Next
	}
	t.Fatal("the list never ends")
	return nil
}

func TestKeysetOrderWithTies(t *testing.T) {
	ctx := t.Context()
	s := pgtest.New(t)
	u := must(s.EnsureUser(ctx, "keyset@example.com", ""))(t)
	org := must(s.CreateOrganization(ctx, u.ID, "Keyset", nil))(t)
	// Three instants, four spaces each: the leading column ties within
	// each group, and only the id orders them.
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var now time.Time
	s.SetClock(func() time.Time { return now })
	for i := range 12 {
		now = base.Add(time.Duration(i/4) * time.Second)
		must(s.CreateSpace(ctx, org.ID, store.NewSpace{Title: fmt.Sprint("S", i), Visibility: store.VisibilityPrivate}))(t)
	}
	key := func(sp store.Space) string { return sp.CreatedAt.Format(time.RFC3339Nano) + " " + sp.ID }
	asc := func(a store.PageArgs) (store.Page[store.Space], error) { return s.ListSpaces(ctx, org.ID, a) }
	desc := func(a store.PageArgs) (store.Page[store.Space], error) {
		return s.ListSpacesFor(ctx, org.ID, role(domain.RoleRead), true, a)
	}
	cases := []struct {
		name string
		list func(store.PageArgs) (store.Page[store.Space], error)
		desc bool
	}{
		{"oldest-first-by-time-then-id", asc, false},
		{"newest-first-by-time-then-id", desc, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			whole := pageAll(t, c.list, 1000)
			if len(whole) != 12 {
				t.Fatalf("%d spaces", len(whole))
			}
			// Times in order; within a tie the ids in the database's order,
			// which the pages below must keep.
			keys := make([]string, len(whole))
			ids := map[string]bool{}
			for i, sp := range whole {
				keys[i], ids[sp.ID] = key(sp), true
				if i > 0 && (c.desc && sp.CreatedAt.After(whole[i-1].CreatedAt) || !c.desc && sp.CreatedAt.Before(whole[i-1].CreatedAt)) {
					t.Fatalf("%s out of order after %s", keys[i], keys[i-1])
				}
			}
			if len(ids) != 12 {
				t.Fatalf("%d distinct spaces in 12 rows", len(ids))
			}
			// Cut at every size, including inside each group of ties.
			for limit := 1; limit <= 13; limit++ {
				var got []string
				for _, sp := range pageAll(t, c.list, limit) {
					got = append(got, key(sp))
				}
				if !slices.Equal(got, keys) {
					t.Errorf("pages of %d\n got %v\nwant %v", limit, got, keys)
				}
			}
		})
	}

	t.Run("rows-inserted-between-pages-never-repeat-or-shift-a-row", func(t *testing.T) {
		first := must(asc(store.PageArgs{Limit: 5}))(t)
		// New spaces in the tied group of the first page's last row, and
		// before everything.
		now = first.Items[4].CreatedAt
		for i := range 4 {
			must(s.CreateSpace(ctx, org.ID, store.NewSpace{Title: fmt.Sprint("late", i), Visibility: store.VisibilityPrivate}))(t)
		}
		now = base.Add(-time.Hour)
		must(s.CreateSpace(ctx, org.ID, store.NewSpace{Title: "earliest", Visibility: store.VisibilityPrivate}))(t)
		// The pages after the first are the rows after its last one, as
		// the whole list now orders them: the late rows of its tie come
		// where the order puts them, the earliest does not come at all.
		whole := must(asc(store.PageArgs{Limit: 1000}))(t).Items
		at := slices.IndexFunc(whole, func(sp store.Space) bool { return sp.ID == first.Items[4].ID })
		var want []string
		for _, sp := range whole[at+1:] {
			want = append(want, sp.Title)
		}
		var got []string
		args := store.PageArgs{Limit: 5, Page: first.Next}
		for args.Page != "" {
			p := must(asc(args))(t)
			for _, sp := range p.Items {
				got = append(got, sp.Title)
			}
			args.Page = p.Next
		}
		if !slices.Equal(got, want) {
			t.Fatalf("rows after the first page\n got %v\nwant %v", got, want)
		}
		for _, sp := range first.Items {
			if slices.Contains(got, sp.Title) {
				t.Errorf("%s came again", sp.Title)
			}
		}
		if slices.Contains(got, "earliest") {
			t.Error("a row inserted before the cut shifted into a later page")
		}
	})

	t.Run("token-of-another-organization-refused", func(t *testing.T) {
		other := must(s.CreateOrganization(ctx, u.ID, "Other", nil))(t)
		token := must(asc(store.PageArgs{Limit: 1}))(t).Next
		_, err := s.ListSpaces(ctx, other.ID, store.PageArgs{Limit: 1, Page: token})
		if domain.ErrorCode(err) != domain.CodeInvalid {
			t.Fatalf("%v, want INVALID", err)
		}
	})
	t.Run("token-of-another-list-refused", func(t *testing.T) {
		for range 2 {
			must(s.CreateCollection(ctx, org.ID, store.NewCollection{Title: "C"}))(t)
		}
		token := must(s.ListCollections(ctx, org.ID, role(domain.RoleRead), false, store.PageArgs{Limit: 1}))(t).Next
		if token == "" {
			t.Fatal("no second page of collections")
		}
		_, err := s.ListSpaces(ctx, org.ID, store.PageArgs{Limit: 1, Page: token})
		if domain.ErrorCode(err) != domain.CodeInvalid {
			t.Fatalf("%v, want INVALID", err)
		}
	})
}

// TestSlicePage pages a list held in memory with the same tokens.
func TestSlicePage(t *testing.T) {
	s := pgtest.New(t)
	items := strings.Fields("a b c d e f g")
	id := func(s string) string { return s }
	for limit := 1; limit <= 8; limit++ {
		got := pageAll(t, func(a store.PageArgs) (store.Page[string], error) {
			return store.SlicePage(s, "letters", "p1", items, a, id)
		}, limit)
		if !slices.Equal(got, items) {
			t.Errorf("pages of %d: %v", limit, got)
		}
	}
	t.Run("an-item-removed-after-the-cut-shifts-nothing", func(t *testing.T) {
		p := must(store.SlicePage(s, "letters", "p1", items, store.PageArgs{Limit: 3}, id))(t)
		fewer := slices.DeleteFunc(slices.Clone(items), func(x string) bool { return x == "c" || x == "d" })
		next := must(store.SlicePage(s, "letters", "p1", fewer, store.PageArgs{Limit: 3, Page: p.Next}, id))(t)
		if strings.Join(next.Items, "") != "efg" {
			t.Fatalf("next page %v", next.Items)
		}
	})
	t.Run("token-of-another-parent-refused", func(t *testing.T) {
		p := must(store.SlicePage(s, "letters", "p1", items, store.PageArgs{Limit: 3}, id))(t)
		_, err := store.SlicePage(s, "letters", "p2", items, store.PageArgs{Limit: 3, Page: p.Next}, id)
		if domain.ErrorCode(err) != domain.CodeInvalid {
			t.Fatalf("%v, want INVALID", err)
		}
	})
}
