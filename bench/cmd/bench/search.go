package main

import (
	"context"
	"fmt"
	"log"
	"math/rand/v2"
	"net/url"
	"strings"
	"time"

	"folio/bench/corpus"
	"folio/bench/loadgen"
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

// rareMatches is the class boundary of the search target (issue 17: p95 at
// most 30 ms for terms with at most 1,000 matches on 100,000 pages); the
// rows name it as written there.
const rareMatches = 1000

// searchClass is a class of terms: which of the rotating terms belong to it.
type searchClass struct {
	name  string
	terms []bool // by index into searchTerms
	first int    // one of its terms (for the statement count), -1 when empty
}

// classifySearchTerms counts each term's matching pages once, exactly, in
// the whole corpus (every space of the search organization), and splits the
// terms at rareMatches. Both the space and the organization rows use this
// classification: the target names matches on 100,000 pages.
func (r *run) classifySearchTerms(ctx context.Context, terms []string) ([]searchClass, string) {
	rare := searchClass{name: "terms with at most 1,000 matches", terms: make([]bool, len(terms)), first: -1}
	common := searchClass{name: "terms with more than 1,000 matches", terms: make([]bool, len(terms)), first: -1}
	var counts []string
	for i, t := range terms {
		n, err := r.store.SearchMatches(ctx, r.data.searchOrg, t)
		if err != nil {
			log.Fatalf("count the matches of %q: %v", t, err)
		}
		c := &common
		if n <= rareMatches {
			c = &rare
		}
		c.terms[i] = true
		if c.first < 0 {
			c.first = i
		}
		counts = append(counts, fmt.Sprintf("`%s` %d", strings.ReplaceAll(t, "|", "\\|"), n))
	}
	return []searchClass{rare, common}, strings.Join(counts, ", ")
}

// search measures space and organization search with rotating terms: one
// open-loop run each over all the terms, then the same run's requests split
// by the class of their term (rows of the same load, not runs of their own).
func (r *run) search(ctx context.Context) ([]measurement, string) {
	terms := searchTerms(r.data.phrases)
	classes, counts := r.classifySearchTerms(ctx, terms)
	var out []measurement
	for _, w := range []struct{ name, path string }{
		{"GET /v1/spaces/{id}/search", "/v1/spaces/" + r.data.searchSpace + "/search"},
		{"GET /v1/orgs/{id}/search", "/v1/orgs/" + r.data.searchOrg + "/search"},
	} {
		mk := func(i int) string { return w.path + "?query=" + url.QueryEscape(terms[i%len(terms)]) }
		all := r.measure(ctx, fmt.Sprintf("%s (%d rotating terms, all)", w.name, len(terms)), r.cfg.clients, r.getEach(r.folio, mk))
		out = append(out, all)
		if all.failed != "" {
			continue
		}
		for _, c := range classes {
			if c.first < 0 {
				continue
			}
			n := 0
			for _, in := range c.terms {
				if in {
					n++
				}
			}
			_, statements := r.fetch(r.get(r.folio, mk(c.first)))
			out = append(out, measurement{
				target:     fmt.Sprintf("&nbsp;&nbsp;of which %s (%d terms)", c.name, n),
				max:        all.max,
				rate:       all.rate,
				at70:       all.at70.Subset(func(i int) bool { return c.terms[i%len(terms)] }),
				statements: statements,
				allocs:     "-",
			})
		}
	}
	return out, counts
}

// searchSection writes the Search section of the results.
func (r *run) searchSection(ctx context.Context, b *strings.Builder) {
	fmt.Fprintf(b, "## Search (%d pages in %d spaces)\n\n", r.cfg.searchSpaces*r.cfg.searchPagesPerSpace, r.cfg.searchSpaces)
	rows, counts := r.search(ctx)
	b.WriteString(header + "\n")
	for _, m := range rows {
		b.WriteString(m.row() + "\n")
	}
	fmt.Fprintf(b, "\nEach \"all\" row is one open-loop run over the rotating terms at 70%% of their maximum; the rows under it "+
		"split that run's requests by the number of pages their term matches in the whole corpus (the classes of the target: "+
		"at most 1,000 matches, and more), with the statements of one request of the class. Matching pages per term: %s.\n\n", counts)
}

// searchVersus measures the search part against each binary in turn, each
// on its own port over the same data, in two rounds (the machine's other
// load changes over minutes; alternating shows how much).
func (r *run) searchVersus(ctx context.Context, env []string, bins []string) string {
	r.client = loadgen.Client(512)
	var b strings.Builder
	fmt.Fprintf(&b, "# Folio search benchmark: %s\n\nMade by `bench -only search -vs` on %s.\n\nMachine: %s.\n\n",
		strings.Join(bins, " against "), time.Now().UTC().Format("2006-01-02 15:04 MST"), machine())
	for round := 1; round <= 2; round++ {
		for _, bin := range bins {
			addr := freeAddr()
			r.folio, r.public = "http://"+addr, "http://"+addr
			pid, stop := startProcess(bin, append(env, "FOLIO_ADDR="+addr, "FOLIO_PUBLIC_URL="+r.public), "serve")
			r.pids = map[string]int{r.folio: pid}
			waitListening(addr)
			log.Printf("round %d: %s", round, bin)
			fmt.Fprintf(&b, "# Round %d: %s\n\n", round, bin)
			r.searchSection(ctx, &b)
			stop()
		}
	}
	return b.String()
}
