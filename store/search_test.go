package store_test

import (
	"context"
	"fmt"
	"testing"

	"folio/bench/corpus"
	"folio/domain"
	"folio/store"
	"folio/store/pgtest"
)

// hitKey names a hit with its rank, score and sections, to compare pages
// of results read in different ways.
func hitKey(h store.SearchHit) string {
	k := fmt.Sprintf("%d %s/%s %.6f", h.Rank, h.SpaceID, h.PageID, h.Score())
	for _, s := range h.Sections {
		k += fmt.Sprintf(" #%d %.6f", s.Ordinal, s.Score)
	}
	return k
}

// searchAll reads every page of a search, limit hits at a time.
func searchAll(t *testing.T, search func(store.PageArgs) (store.Page[store.SearchHit], error), limit int) ([]store.SearchHit, int) {
	t.Helper()
	var all []store.SearchHit
	args := store.PageArgs{Limit: limit}
	for {
		p, err := search(args)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, p.Items...)
		if p.Next == "" {
			return all, p.Count
		}
		args.Page = p.Next
	}
}

// TestSearchPagesAndScopes checks a search statement against the exact
// match count, page by page against one page, and across the scopes: one
// space, the organization for a member, for a guest, without deleted spaces.
func TestSearchPagesAndScopes(t *testing.T) {
	s := pgtest.New(t)
	ctx := context.Background()
	u, err := s.EnsureUser(ctx, "search@example.com", "")
	if err != nil {
		t.Fatal(err)
	}
	org, err := s.CreateOrganization(ctx, u.ID, "Search", nil)
	if err != nil {
		t.Fatal(err)
	}
	var spaces []string
	for i := range 3 {
		sp, err := s.CreateSpace(ctx, org.ID, store.NewSpace{Title: fmt.Sprint("Space ", i), Visibility: store.VisibilityPrivate})
		if err != nil {
			t.Fatal(err)
		}
		spaces = append(spaces, sp.ID)
	}
	// 240 pages of three sections: every term has fewer matches than the
	// candidate limits, so counts are exact.
	phrases, err := corpus.Seed(ctx, s, org.ID, spaces, 80)
	if err != nil {
		t.Fatal(err)
	}
	admin := domain.RoleAdmin
	// Phrases go through the word-pair index, alone, with a word, negated
	// and as alternatives (where the pairs are no condition).
	terms := []string{corpus.Real[0], corpus.Real[15], "instal", phrases[0], phrases[1] + " " + corpus.Real[0],
		"-" + phrases[2] + " " + corpus.Real[0], phrases[3] + " or " + phrases[4], "zzqx"}
	for _, q := range terms {
		orgSearch := func(a store.PageArgs) (store.Page[store.SearchHit], error) {
			return s.SearchOrganization(ctx, org.ID, &admin, q, a)
		}
		one, count := searchAll(t, orgSearch, 1000)
		paged, pagedCount := searchAll(t, orgSearch, 7)
		matches, err := s.SearchMatches(ctx, org.ID, q)
		if err != nil {
			t.Fatal(err)
		}
		if count != matches || pagedCount != matches || len(one) != matches {
			t.Fatalf("%s: count %d, paged count %d, hits %d, matches %d", q, count, pagedCount, len(one), matches)
		}
		if q != "zzqx" && matches == 0 {
			t.Fatalf("%s matches nothing", q)
		}
		perSpace := map[string]int{}
		for i, h := range one {
			if h.Rank != i+1 || hitKey(paged[i]) != hitKey(h) {
				t.Fatalf("%s: hit %d is %s in one page, %s paged by 7", q, i, hitKey(h), hitKey(paged[i]))
			}
			if i > 0 && h.Score() > one[i-1].Score() {
				t.Fatalf("%s: hit %d scores above the one before", q, i)
			}
			if len(h.Sections) > 5 {
				t.Fatalf("%s: %d sections", q, len(h.Sections))
			}
			for j := 1; j < len(h.Sections); j++ {
				if a, b := h.Sections[j-1], h.Sections[j]; a.Score < b.Score || a.Score == b.Score && a.Ordinal > b.Ordinal {
					t.Fatalf("%s: sections out of order: %+v", q, h.Sections)
				}
			}
			perSpace[h.SpaceID]++
		}
		_, spaceCount := searchAll(t, func(a store.PageArgs) (store.Page[store.SearchHit], error) {
			return s.SearchSpace(ctx, spaces[1], q, a)
		}, 50)
		if spaceCount != perSpace[spaces[1]] {
			t.Fatalf("%s: %d hits in the space alone, %d in the organization", q, spaceCount, perSpace[spaces[1]])
		}
	}

	// Guests read only the spaces a default level opens; deleted spaces
	// are never searched.
	q := corpus.Real[0]
	byRole := func(role *domain.Role) int {
		_, n := searchAll(t, func(a store.PageArgs) (store.Page[store.SearchHit], error) {
			return s.SearchOrganization(ctx, org.ID, role, q, a)
		}, 1000)
		return n
	}
	spaceHits := func(id string) int {
		_, n := searchAll(t, func(a store.PageArgs) (store.Page[store.SearchHit], error) { return s.SearchSpace(ctx, id, q, a) }, 1000)
		return n
	}
	if n := byRole(nil); n != 0 {
		t.Fatalf("a guest finds %d pages in private spaces", n)
	}
	read := domain.RoleRead
	if _, err := s.UpdateSpace(ctx, spaces[0], store.SpacePatch{SetDefaultLevel: true, DefaultLevel: &read}); err != nil {
		t.Fatal(err)
	}
	if n, want := byRole(nil), spaceHits(spaces[0]); n != want {
		t.Fatalf("a guest finds %d pages, the open space has %d", n, want)
	}
	all := byRole(&admin)
	gone := spaceHits(spaces[2])
	if err := s.DeleteSpace(ctx, spaces[2]); err != nil {
		t.Fatal(err)
	}
	if n := byRole(&admin); n != all-gone {
		t.Fatalf("after deleting a space of %d hits: %d of %d", gone, n, all)
	}
	if n, err := s.SearchMatches(ctx, org.ID, q); err != nil || n != all-gone {
		t.Fatalf("matches after deleting a space: %d, %v", n, err)
	}
}
