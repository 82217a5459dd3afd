package main

import (
	"context"
	"fmt"
	"log"
	"math/rand/v2"
	"net/url"

	"folio/bench/corpus"
	"folio/store"
)

// searchTerms are the 40 rotating terms of the search workloads: common and
// rare words, phrases that occur, and words that match nothing.
func searchTerms(phrases []string) []string {
	vocab := corpus.Vocabulary(rand.New(rand.NewPCG(1, 2)))
	var terms []string
	terms = append(terms, corpus.Real[:10]...)                // common words
	terms = append(terms, vocab[1000:1010]...)                // rarer made-up words
	terms = append(terms, phrases[:min(10, len(phrases))]...) // phrases
	for i := range 10 {
		terms = append(terms, fmt.Sprint("zzqx", i)) // misses
	}
	return terms
}

// seedSearch adds an organization of spaces whose search index holds the
// corpus, so search runs over cfg.searchPages pages.
func seedSearch(ctx context.Context, s *store.Store, d *seeded, spaces, pagesPerSpace int) error {
	org, err := s.CreateOrganization(ctx, d.userID, "Search", nil)
	if err != nil {
		return err
	}
	d.searchOrg = org.ID
	var ids []string
	for i := 0; i < spaces; i++ {
		sp, err := s.CreateSpace(ctx, org.ID, store.NewSpace{Title: fmt.Sprint("Handbook ", i), Visibility: store.VisibilityPrivate})
		if err != nil {
			return err
		}
		ids = append(ids, sp.ID)
	}
	d.searchSpace = ids[0]
	log.Printf("seeding the search index: %d pages", spaces*pagesPerSpace)
	d.phrases, err = corpus.Seed(ctx, s, org.ID, ids, pagesPerSpace)
	return err
}

// search measures space and organization search with rotating terms.
func (r *run) search(ctx context.Context) []measurement {
	terms := searchTerms(r.data.phrases)
	var out []measurement
	for _, w := range []struct{ name, path string }{
		{"GET /v1/spaces/{id}/search", "/v1/spaces/" + r.data.searchSpace + "/search"},
		{"GET /v1/orgs/{id}/search", "/v1/orgs/" + r.data.searchOrg + "/search"},
	} {
		mk := func(i int) string { return w.path + "?query=" + url.QueryEscape(terms[i%len(terms)]) }
		out = append(out, r.measure(ctx, w.name+" (40 rotating terms)", r.cfg.clients, r.getEach(r.folio, mk)))
	}
	return out
}
