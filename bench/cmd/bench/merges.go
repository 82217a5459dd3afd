package main

import (
	"context"
	"fmt"
	"log"
	"net/http"
	"slices"
	"strings"
	"time"

	"folio/bench/loadgen"
	"folio/store"
)

// mergeSection measures one-page merges through REST: in a space of 10
// pages against one in the big space, one at a time (a merge's cost should
// grow with what it changes, not with the space), and with the suite's
// clients merging different change requests of one space at once.
func (r *run) mergeSection(ctx context.Context, b *strings.Builder) {
	s, d := r.store, r.data
	b.WriteString("## Merges\n\n")
	small, err := s.CreateSpace(ctx, d.orgID, store.NewSpace{Title: "Merges, 10 pages", Visibility: store.VisibilityPrivate})
	if err != nil {
		log.Fatal(err)
	}
	if err := fillSpace(ctx, s, d.userID, small, 10); err != nil {
		log.Fatal(err)
	}
	b.WriteString("One merge at a time, each of a change request editing one page: fast-forward (the space did not move since the " +
		"change request started) and three-way (another change request's merge came first).\n\n" +
		"| space | merges | fast-forward p50 | three-way p50 | SQL statements (fast-forward / three-way) |\n|---|---|---|---|---|\n")
	const merges = 30
	var p50s [2][2]time.Duration
	for i, id := range []string{small.ID, d.bigSpace} {
		ff, tw, stmts := r.mergeOneByOne(ctx, id, merges)
		p50s[i] = [2]time.Duration{ff.Quantile(0.5), tw.Quantile(0.5)}
		pages := 10
		if id == d.bigSpace {
			pages = r.cfg.pages
		}
		fmt.Fprintf(b, "| %d pages | %d | %s | %s | %s |\n", pages, merges, ms(p50s[i][0]), ms(p50s[i][1]), stmts)
	}
	fmt.Fprintf(b, "\nA one-page merge in the space of %d pages costs **%.2fx** one in the space of 10 (fast-forward, p50) and **%.2fx** (three-way); the target is at most 3x.\n\n",
		r.cfg.pages, float64(p50s[1][0])/float64(p50s[0][0]), float64(p50s[1][1])/float64(p50s[0][1]))

	// Many clients, one space, each merge another change request.
	const pages = 1000
	sp, err := s.CreateSpace(ctx, d.orgID, store.NewSpace{Title: "Merges, many clients", Visibility: store.VisibilityPrivate})
	if err != nil {
		log.Fatal(err)
	}
	ids := r.addPages(ctx, sp, pages)
	if sp, err = s.Space(ctx, sp.ID); err != nil {
		log.Fatal(err)
	}
	log.Printf("preparing %d change requests to merge", len(ids))
	crs := r.prepareMerges(ctx, sp, ids)
	res := loadgen.Closed(ctx, r.client, r.cfg.clients, r.cfg.maxRun, func(i int) *http.Request {
		return r.post(r.folio, "/v1/spaces/"+sp.ID+"/change-requests/"+crs[(i-1)%len(crs)]+"/merge", func(int) string { return "" })(i)
	})
	log.Printf("merges, %d clients: %.0f req/s, p50 %s, %d errors", r.cfg.clients, res.Throughput(), ms(res.Quantile(0.5)), res.Errors)
	fmt.Fprintf(b, "%d clients merging different change requests of one space of %d pages (each editing its own page, so each merge "+
		"after the first is three-way), closed loop for %s: **%.0f merges/s**, p50 %s, p99 %s, %d errors (the target is at least 100/s).\n\n",
		r.cfg.clients, pages, r.cfg.maxRun, res.Throughput(), ms(res.Quantile(0.5)), ms(res.Quantile(0.99)), res.Errors)

	// Many clients, one organization: each merge a change request of
	// another space, as an organization's merges mostly are (the case the
	// target names; the row above is one space's, whose row lock orders
	// its merges).
	spaces := r.cfg.clients
	const perSpace = 128
	var bySpace [][]string
	for i := range spaces {
		sp, err := s.CreateSpace(ctx, d.orgID, store.NewSpace{Title: fmt.Sprint("Merges, space ", i), Visibility: store.VisibilityPrivate})
		if err != nil {
			log.Fatal(err)
		}
		ids := r.addPages(ctx, sp, perSpace)
		if sp, err = s.Space(ctx, sp.ID); err != nil {
			log.Fatal(err)
		}
		bySpace = append(bySpace, r.prepareMerges(ctx, sp, ids))
		for j, cr := range bySpace[i] {
			bySpace[i][j] = sp.ID + "/change-requests/" + cr
		}
	}
	// Interleaved: requests one after the other go to different spaces.
	var paths []string
	for j := range perSpace {
		for i := range spaces {
			paths = append(paths, "/v1/spaces/"+bySpace[i][j]+"/merge")
		}
	}
	// Each change request merges once: the loop ends when they run out
	// (before r.cfg.maxRun when merges are fast), so no request is sent
	// again to fail as merged already.
	res = loadgen.Closed(ctx, r.client, r.cfg.clients, r.cfg.maxRun, func(i int) *http.Request {
		if i > len(paths) {
			return nil
		}
		return r.post(r.folio, paths[i-1], func(int) string { return "" })(i)
	})
	log.Printf("merges, %d clients, %d spaces: %.0f req/s, p50 %s, %d errors", r.cfg.clients, spaces, res.Throughput(), ms(res.Quantile(0.5)), res.Errors)
	fmt.Fprintf(b, "%d clients merging change requests of %d spaces of one organization (%d pages each; requests in turn go to "+
		"different spaces, each merge after a space's first three-way), closed loop for %s (at most %s; each of the %d change requests merged once): **%.0f merges/s**, p50 %s, p99 %s, %d errors "+
		"(the target is at least 100/s).\n\n",
		r.cfg.clients, spaces, perSpace, res.Duration.Round(time.Millisecond), r.cfg.maxRun, len(paths), res.Throughput(), ms(res.Quantile(0.5)), ms(res.Quantile(0.99)), res.Errors)
}

// mergeOneByOne merges n pairs of change requests into the space, one
// request at a time: the first of each pair fast-forward, the second
// three-way; it returns their latencies and the statements of the last
// of each kind.
func (r *run) mergeOneByOne(ctx context.Context, spaceID string, n int) (ff, tw loadgen.Result, stmts string) {
	s, d := r.store, r.data
	sp, err := s.Space(ctx, spaceID)
	if err != nil {
		log.Fatal(err)
	}
	revs, err := s.RevisionsByID(ctx, []string{sp.RevisionID})
	if err != nil || len(revs) != 1 {
		log.Fatal(revs, err)
	}
	t, err := s.Tree(ctx, store.TreeKey{OrganizationID: sp.OrganizationID, Root: revs[0].Root})
	if err != nil {
		log.Fatal(err)
	}
	var pages []string
	for _, e := range t.Pages() {
		pages = append(pages, e.ID)
	}
	slices.Sort(pages)
	var lat [2][]time.Duration
	var last [2]string
	for i := range n {
		cur, err := s.Space(ctx, spaceID)
		if err != nil {
			log.Fatal(err)
		}
		var pair [2]string
		for k := range pair {
			cr, err := s.CreateChangeRequest(ctx, cur, d.userID, "one page")
			if err != nil {
				log.Fatal(err)
			}
			md := fmt.Sprintf("# Merged %d.%d\n\nOne page changed.\n", i, k)
			page := pages[(2*i+k)%len(pages)]
			if _, err := s.UpdateChangeRequestContent(ctx, spaceID, cr.ID, d.userID,
				[]store.PageChange{{Operation: store.OpUpdatePage, Page: page, Markdown: &md}}); err != nil {
				log.Fatal(err)
			}
			pair[k] = cr.ID
		}
		for k, cr := range pair {
			start := time.Now()
			_, st, err := r.tryFetch(r.post(r.folio, "/v1/spaces/"+spaceID+"/change-requests/"+cr+"/merge", func(int) string { return "" }))
			if err != nil {
				log.Fatal(err)
			}
			lat[k] = append(lat[k], time.Since(start))
			last[k] = st
		}
	}
	ff = loadgen.Merge(loadgen.Result{Latencies: lat[0]})
	tw = loadgen.Merge(loadgen.Result{Latencies: lat[1]})
	return ff, tw, last[0] + " / " + last[1]
}
