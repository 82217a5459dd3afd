package main

import (
	"context"
	"fmt"
	"log"
	"sync"
	"time"

	"folio/store"
)

type config struct {
	spaces    int           // spaces in the organization (list pages)
	pages     int           // pages in the big space (content reads)
	measure   time.Duration // open-loop run at 70% of the maximum
	maxRun    time.Duration // closed-loop run that finds the maximum
	clients   int           // closed-loop clients
	writeRate float64       // requests per second for the write workloads
	// The site tree: sites x sections x site spaces, and pages per space.
	sites, sections, siteSpaces, sitePages int
	// The search corpus: spaces x pages per space.
	searchSpaces, searchPagesPerSpace int
}

var defaultConfig = config{spaces: 12000, pages: 10000, measure: 10 * time.Second, maxRun: 5 * time.Second, clients: 16, writeRate: 20,
	sites: 10, sections: 10, siteSpaces: 10, sitePages: 30, searchSpaces: 100, searchPagesPerSpace: 1000}
var quickConfig = config{spaces: 1200, pages: 500, measure: 2 * time.Second, maxRun: 2 * time.Second, clients: 8, writeRate: 10,
	sites: 3, sections: 3, siteSpaces: 3, sitePages: 10, searchSpaces: 10, searchPagesPerSpace: 100}

// seeded is what the workloads address.
type seeded struct {
	token    string
	userID   string
	orgID    string
	spaceID  string   // a small space
	inTurn   []string // spaces read one after the other (readsInTurn of them)
	bigSpace string   // the space with cfg.pages pages

	searchOrg   string   // an organization whose search index holds the corpus
	searchSpace string   // one of its spaces
	phrases     []string // phrases that occur in the corpus
}

// seed fills the database through the same store code the API runs; with
// only "search", just the user and the search corpus; with only "reads",
// just the user, the organization and the space the single reads read
// and the sites (with only "pooler", no sites); with only "insights", the user, the
// organization and the sites.
func seed(ctx context.Context, s *store.Store, cfg config, only string) (*seeded, error) {
	u, err := s.EnsureUser(ctx, "bench@example.com", "Bench Admin")
	if err != nil {
		return nil, err
	}
	tok, err := s.CreateToken(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	org, err := s.CreateOrganization(ctx, u.ID, "Bench", nil)
	if err != nil {
		return nil, err
	}
	d := &seeded{token: tok, userID: u.ID, orgID: org.ID}
	if only == "search" {
		return d, seedSearch(ctx, s, d, cfg.searchSpaces, cfg.searchPagesPerSpace)
	}
	if only == "insights" {
		log.Printf("seeding %d sites x %d sections x %d site spaces", cfg.sites, cfg.sections, cfg.siteSpaces)
		return d, seedSites(ctx, s, d, cfg.sites, cfg.sections, cfg.siteSpaces, cfg.sitePages)
	}
	spaces := cfg.spaces
	if only == "reads" || only == "pooler" {
		spaces = readsInTurn
	}
	if only == "reader" {
		spaces = 10 // the reader reads the sites and the big space only
	}
	log.Printf("seeding %d spaces", spaces)
	if d.inTurn, err = createSpaces(ctx, s, org.ID, spaces); err != nil {
		return nil, err
	}
	sp, err := s.CreateSpace(ctx, org.ID, store.NewSpace{Title: "Small", Visibility: store.VisibilityPublic})
	if err != nil {
		return nil, err
	}
	d.spaceID = sp.ID
	if only == "pooler" {
		return d, nil
	}
	if only == "reads" {
		// The site tree against the direct baseline reads the sites.
		log.Printf("seeding %d sites x %d sections x %d site spaces", cfg.sites, cfg.sections, cfg.siteSpaces)
		return d, seedSites(ctx, s, d, cfg.sites, cfg.sections, cfg.siteSpaces, cfg.sitePages)
	}

	if only == "postgraphile" {
		// The peer reads the spaces and the sites, not the big space or
		// the search corpus.
		log.Printf("seeding %d sites x %d sections x %d site spaces", cfg.sites, cfg.sections, cfg.siteSpaces)
		return d, seedSites(ctx, s, d, cfg.sites, cfg.sections, cfg.siteSpaces, cfg.sitePages)
	}
	log.Printf("seeding a space of %d pages", cfg.pages)
	big, err := s.CreateSpace(ctx, org.ID, store.NewSpace{Title: "Big", Visibility: store.VisibilityPrivate})
	if err != nil {
		return nil, err
	}
	d.bigSpace = big.ID
	if err := fillSpace(ctx, s, u.ID, big, cfg.pages); err != nil {
		return nil, err
	}

	log.Printf("seeding %d sites x %d sections x %d site spaces", cfg.sites, cfg.sections, cfg.siteSpaces)
	if err := seedSites(ctx, s, d, cfg.sites, cfg.sections, cfg.siteSpaces, cfg.sitePages); err != nil {
		return nil, err
	}
	if only == "reader" {
		return d, nil
	}
	if err := seedSearch(ctx, s, d, cfg.searchSpaces, cfg.searchPagesPerSpace); err != nil {
		return nil, err
	}
	return d, nil
}

// readsInTurn is how many spaces the single reads visit one after the other.
const readsInTurn = 1000

// createSpaces creates n private spaces in org (eight at a time) and
// returns the ids of the first readsInTurn of them.
func createSpaces(ctx context.Context, s *store.Store, org string, n int) ([]string, error) {
	ids := make([]string, n)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for w := range 8 {
		wg.Go(func() {
			for i := w; i < n; i += 8 {
				sp, err := s.CreateSpace(ctx, org, store.NewSpace{Title: fmt.Sprintf("Space %d", i), Visibility: store.VisibilityPrivate})
				if err != nil {
					errs <- err
					return
				}
				ids[i] = sp.ID
			}
		})
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return nil, err
	}
	return ids[:min(n, readsInTurn)], nil
}
