package main

import (
	"context"
	"encoding/json"
	"fmt"
	"folio/bench/queries"
	"log"
	"net/http"
	"strings"

	"folio/bench/loadgen"
	"folio/store"
)

// seedSites makes sites x sections x siteSpaces; the site spaces link
// spaces of pagesPerSpace pages each, one space per site.
func seedSites(ctx context.Context, s *store.Store, d *seeded, sites, sections, siteSpaces, pagesPerSpace int) error {
	for i := 0; i < sites; i++ {
		sp, err := s.CreateSpace(ctx, d.orgID, store.NewSpace{Title: fmt.Sprint("Docs ", i), Visibility: store.VisibilityPublic})
		if err != nil {
			return err
		}
		if err := fillSpace(ctx, s, d.userID, sp, pagesPerSpace); err != nil {
			return err
		}
		site, err := s.CreateSite(ctx, d.orgID, store.NewSite{Type: "basic", Title: fmt.Sprint("Site ", i), Visibility: store.VisibilityPublic})
		if err != nil {
			return err
		}
		var secIDs []string
		for j := 0; j < sections; j++ {
			sec, err := s.AddSiteSection(ctx, site, sp.ID, fmt.Sprint("Section ", j))
			if err != nil {
				return err
			}
			secIDs = append(secIDs, sec.ID)
			for k := 1; k < siteSpaces; k++ {
				if _, err := s.AddSiteSpace(ctx, site, sp.ID, &sec.ID); err != nil {
					return err
				}
			}
		}
		if _, err := s.AddSiteSectionGroup(ctx, site, "Guides", nil, secIDs[:len(secIDs)/2]); err != nil {
			return err
		}
	}
	return nil
}

// fillSpace gives a space pages pages (a tenth of them, at most 100,
// top-level chapters) through one change request, merged.
func fillSpace(ctx context.Context, s *store.Store, userID string, sp *store.Space, pages int) error {
	cr, err := s.CreateChangeRequest(ctx, sp, userID, "content")
	if err != nil {
		return err
	}
	top := min(100, max(1, pages/10))
	ids := map[string]string{}
	var batch []store.PageChange
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		res, err := s.UpdateChangeRequestContent(ctx, sp.ID, cr.ID, userID, batch)
		if err != nil {
			return err
		}
		for _, o := range res.Changes {
			ids[o.Ref] = o.Page
		}
		batch = nil
		return nil
	}
	for i := 0; i < pages; i++ {
		md := fmt.Sprintf("# Topic %d\n\nHow to install, configure and run topic %d.\n\n## Details\n\nMore text.\n", i, i)
		c := store.PageChange{Operation: store.OpInsertPage, Ref: fmt.Sprint("p", i), Markdown: &md}
		if i >= top {
			parent := ids[fmt.Sprint("p", i%top)]
			c.Into = &parent
		}
		batch = append(batch, c)
		if len(batch) == store.MaxChanges || i == top-1 {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	if err := flush(); err != nil {
		return err
	}
	_, err = s.MergeChangeRequest(ctx, sp.ID, cr.ID, userID)
	return err
}

// siteTree measures the site tree query at 1 and 32 concurrent clients.
func (r *run) siteTree(ctx context.Context) []measurement {
	body, _ := json.Marshal(map[string]any{"query": queries.SiteTree, "variables": map[string]any{"id": r.data.orgID}})
	mk := func(int) *http.Request {
		req, _ := http.NewRequest(http.MethodPost, r.folio+"/graphql", strings.NewReader(string(body)))
		req.Header.Set("Authorization", "Bearer "+r.data.token)
		req.Header.Set("Content-Type", "application/json")
		return req
	}
	resp, statements := r.fetch(mk)
	var res struct {
		Errors []json.RawMessage
	}
	json.Unmarshal(resp, &res)
	if len(res.Errors) > 0 {
		log.Fatalf("site tree query: %s", resp)
	}
	var out2 []measurement
	for _, clients := range []int{1, 32} {
		closed := loadgen.Closed(ctx, r.client, clients, r.cfg.measure, mk)
		log.Printf("site tree, %d clients: %.0f req/s, p50 %s p99 %s", clients, closed.Throughput(), ms(closed.Quantile(0.5)), ms(closed.Quantile(0.99)))
		out2 = append(out2, measurement{target: fmt.Sprintf("site tree, %d client(s) back to back", clients), max: closed.Throughput(),
			at70: closed, rate: closed.Throughput(), statements: statements, allocs: "-"})
	}
	return out2
}
