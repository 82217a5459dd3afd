package main

import (
	"context"
	"fmt"
	"log"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"folio/bench/loadgen"
	"folio/store"
)

// side is one of the two servers the change feed's cost compares, with the
// objects its writes address (its own, so neither server's writes change
// what the other's find).
type side struct {
	name  string // "with events", "without events"
	base  string // its URL
	space string // a space whose pages it edits
	cr    string // the change request those edits go into
	pages []string
	merge *mergePool
	edits []edit // change requests of their own, each with a page (orgWrites)
}

// edit is a change request and the page a workload edits in it.
type edit struct{ cr, page string }

// writeWorkload is a write measured on both sides.
type writeWorkload struct {
	name string
	mk   func(sd *side) loadgen.Request
	// prepare makes sure the side can take n more requests (merges use up
	// a change request each); nil when any number can be sent.
	prepare func(ctx context.Context, sd *side, n int)
}

// eventCost measures what appending events (change feed row, counter and
// webhook deliveries, store/events_emit.go) costs the writes of
// writes.go: the same workloads against bin/folio and against
// bin/folio-noevents (the same code built with -tags folio_noevents, whose
// emit appends nothing), both serving the same database. Closed loops find
// each one's maximum in alternating rounds (ABBA order, so drift on a
// shared, noisy machine falls on both alike); then an open loop at one
// fixed rate, 70% of the smaller maximum, measures both sides' latencies.
func (r *run) eventCost(ctx context.Context, b *strings.Builder) {
	sides := []*side{r.newSide(ctx, "with events", r.folio), r.newSide(ctx, "without events", r.noEvents)}
	d := r.data
	workloads := []writeWorkload{
		{name: "POST /v1/orgs/{id}/spaces", mk: func(sd *side) loadgen.Request {
			return r.post(sd.base, "/v1/orgs/"+d.orgID+"/spaces", func(i int) string { return fmt.Sprintf(`{"title":"Feed %d"}`, i) })
		}},
		{name: "POST .../change-requests/{id}/content (update_page)", mk: func(sd *side) loadgen.Request {
			return func(i int) *http.Request {
				p := i % len(sd.pages)
				return r.post(sd.base, "/v1/spaces/"+sd.space+"/change-requests/"+sd.cr+"/content", func(int) string {
					return fmt.Sprintf(`{"changes":[{"operation":"update_page","page":"%s","document":{"markdown":"# Page %d\n\nEdited %d.\n"}}]}`,
						sd.pages[p], p, i)
				})(i)
			}
		}},
		{name: "POST .../change-requests/{id}/merge", mk: func(sd *side) loadgen.Request {
			return func(i int) *http.Request {
				return r.post(sd.base, "/v1/spaces/"+sd.space+"/change-requests/"+sd.merge.next()+"/merge", func(int) string { return "" })(i)
			}
		}, prepare: func(ctx context.Context, sd *side, n int) { sd.merge.fill(ctx, r, sd, n) }},
	}

	pairs, slice := r.pairSlices()
	fmt.Fprintf(b, "## Change feed cost (writes with and without events)\n\n"+
		"Every write appends its events in its own transaction (one statement: the event counter upsert, the event rows and the webhook "+
		"delivery rows, `store/events_emit.go`); `bin/folio-noevents` is the same code built with `-tags folio_noevents`, whose writes "+
		"append nothing. Both serve the same database; no webhook listens. `max` is the mean of %d closed loops of %d clients for %s on "+
		"each server, run in pairs (one on each, in ABBA order); the ratio is the median of the %d pairs' ratios, which a burst of other "+
		"work on the machine moves less than the ratio of the means. The latencies are an open loop at one rate for both (70%% of "+
		"the smaller maximum) for %s; errors count both loops.\n\n",
		pairs, r.cfg.clients, slice, pairs, r.cfg.measure)
	b.WriteString(header + "\n")
	var verdicts []string
	worst := 0.0
	for _, w := range workloads {
		rows, ratio, perPair := r.compareWrite(ctx, w, sides, pairs, slice)
		for _, m := range rows {
			b.WriteString(m.row() + "\n")
		}
		if ratio == 0 {
			continue
		}
		slower := 100 * (1 - ratio)
		worst = max(worst, slower)
		p50w, p50o := rows[0].at70.Quantile(0.5), rows[1].at70.Quantile(0.5)
		verdicts = append(verdicts, fmt.Sprintf("- %s: with events **%.0f%%** of the throughput without (median of pairs; %.1f%% slower; "+
			"ratio of the means %.2f; pairs: %s); p50 %s against %s at %.0f req/s.",
			w.name, 100*ratio, slower, rows[0].max/rows[1].max, perPair, ms(p50w), ms(p50o), rows[0].rate))
	}
	met := "met"
	if worst > 10 {
		met = "NOT met"
	}
	fmt.Fprintf(b, "\n%s\n\nTarget (at most 10%% slower with events): **%s** (worst: %.1f%% slower).\n\n", strings.Join(verdicts, "\n"), met, worst)
}

func (r *run) newSide(ctx context.Context, name, base string) *side {
	s, d := r.store, r.data
	sp, err := s.CreateSpace(ctx, d.orgID, store.NewSpace{Title: "Feed " + name, Visibility: store.VisibilityPrivate})
	if err != nil {
		log.Fatal(err)
	}
	pages := r.addPages(ctx, sp, 50)
	if sp, err = s.Space(ctx, sp.ID); err != nil {
		log.Fatal(err)
	}
	cr, err := s.CreateChangeRequest(ctx, sp, d.userID, "edits")
	if err != nil {
		log.Fatal(err)
	}
	return &side{name: name, base: base, space: sp.ID, cr: cr.ID, pages: pages, merge: &mergePool{}}
}

// addPages merges n new pages into a space and returns their ids.
func (r *run) addPages(ctx context.Context, sp *store.Space, n int) []string {
	s, d := r.store, r.data
	cr, err := s.CreateChangeRequest(ctx, sp, d.userID, "pages")
	if err != nil {
		log.Fatal(err)
	}
	var pages []string
	for len(pages) < n {
		var batch []store.PageChange
		for i := 0; i < store.MaxChanges && len(pages)+len(batch) < n; i++ {
			md := fmt.Sprintf("# Page %d\n\nText.\n", len(pages)+i)
			batch = append(batch, store.PageChange{Operation: store.OpInsertPage, Markdown: &md})
		}
		res, err := s.UpdateChangeRequestContent(ctx, sp.ID, cr.ID, d.userID, batch)
		if err != nil {
			log.Fatal(err)
		}
		for _, c := range res.Changes {
			pages = append(pages, c.Page)
		}
	}
	if _, err := s.MergeChangeRequest(ctx, sp.ID, cr.ID, d.userID); err != nil {
		log.Fatal(err)
	}
	return pages
}

// compareWrite measures one workload on both sides; it returns a row per
// side, the median of the pairs' with/without throughput ratios, and each
// pair's ratio.
func (r *run) compareWrite(ctx context.Context, w writeWorkload, sides []*side, pairs int, slice time.Duration) ([]measurement, float64, string) {
	rows := make([]measurement, len(sides))
	sums := make([]float64, len(sides))
	for i, sd := range sides {
		rows[i] = measurement{target: w.name + " (" + sd.name + ")", allocs: "-"}
		if w.prepare != nil {
			w.prepare(ctx, sd, 1)
		}
		_, n, err := r.tryFetch(w.mk(sd))
		if err != nil {
			log.Printf("%s: FAILED: %v", rows[i].target, err)
			rows[i].failed = oneLine(err)
			return rows, 0, ""
		}
		rows[i].statements = n
	}
	// Writes that use something up (merges) are prepared before each slice
	// for twice the most the side has done so far.
	most := make([]float64, len(sides))
	var ratios []float64
	var perPair []string
	for pair := 0; pair < pairs; pair++ {
		got := make([]float64, len(sides))
		for _, i := range abba(pair) {
			sd := sides[i]
			if w.prepare != nil {
				w.prepare(ctx, sd, int(2*max(most[i], 100)*slice.Seconds())+1)
			}
			res := loadgen.Closed(ctx, r.client, r.cfg.clients, slice, w.mk(sd))
			if res.Errors > 0 {
				log.Printf("%s (%s): %d errors in a closed loop", w.name, sd.name, res.Errors)
				rows[i].at70.Errors += res.Errors
			}
			got[i] = res.Throughput()
			most[i] = max(most[i], got[i])
			sums[i] += got[i]
		}
		ratios = append(ratios, got[0]/got[1])
		perPair = append(perPair, fmt.Sprintf("%.2f", got[0]/got[1]))
	}
	log.Printf("%s: with/without per pair: %s", w.name, strings.Join(perPair, " "))
	median := median(ratios)
	rate := 0.7 * min(sums[0], sums[1]) / float64(pairs)
	for i, sd := range sides {
		if w.prepare != nil {
			w.prepare(ctx, sd, int(rate*r.cfg.measure.Seconds())+1)
		}
		closedErrors := rows[i].at70.Errors
		at := loadgen.Open(ctx, r.client, rate, r.cfg.measure, 256, w.mk(sd))
		at.Errors += closedErrors
		rows[i].max, rows[i].at70, rows[i].rate = sums[i]/float64(pairs), at, rate
		log.Printf("%s: max %.0f req/s, p50 %s p99 %s at %.0f req/s", rows[i].target, rows[i].max, ms(at.Quantile(0.5)), ms(at.Quantile(0.99)), rate)
	}
	return rows, median, strings.Join(perPair, ", ")
}

// mergePool holds change requests ready to merge, each editing a page of
// the side's space that no other edits (so every merge after the first is
// a three-way merge without conflict); each merge request takes the next
// one.
type mergePool struct {
	mu    sync.Mutex
	crs   []string
	taken atomic.Int64
}

func (p *mergePool) next() string {
	i := int(p.taken.Add(1)) - 1
	p.mu.Lock()
	defer p.mu.Unlock()
	if i >= len(p.crs) {
		// Used up: this merge of a merged change request fails and counts
		// as an error, so a pool too small shows in the results.
		return p.crs[len(p.crs)-1]
	}
	return p.crs[i]
}

// fill prepares change requests until n are left untaken, through the
// store and before the load starts, four at a time.
func (p *mergePool) fill(ctx context.Context, r *run, sd *side, n int) {
	p.mu.Lock()
	left := len(p.crs) - int(p.taken.Load())
	p.mu.Unlock()
	need := n - max(left, 0)
	if need <= 0 {
		return
	}
	s := r.store
	sp, err := s.Space(ctx, sd.space)
	if err != nil {
		log.Fatal(err)
	}
	// A page of its own for each: two merges editing one page would
	// conflict.
	pages := r.addPages(ctx, sp, need)
	if sp, err = s.Space(ctx, sd.space); err != nil {
		log.Fatal(err)
	}
	log.Printf("preparing %d change requests to merge (%s)", need, sd.name)
	out := r.prepareMerges(ctx, sp, pages)
	p.mu.Lock()
	// Taken ones past the end (a pool used up) are behind us: skip them.
	if t := int(p.taken.Load()); t > len(p.crs) {
		p.taken.Store(int64(len(p.crs)))
	}
	p.crs = append(p.crs, out...)
	p.mu.Unlock()
}

// prepareMerges makes one change request per page, each editing its own
// page (two merges editing one page would conflict), four at a time, and
// returns their ids.
func (r *run) prepareMerges(ctx context.Context, sp *store.Space, pages []string) []string {
	s, d := r.store, r.data
	out := make([]string, len(pages))
	var wg sync.WaitGroup
	var next atomic.Int64
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(pages) {
					return
				}
				c, err := s.CreateChangeRequest(ctx, sp, d.userID, "merge")
				if err != nil {
					log.Fatal(err)
				}
				md := fmt.Sprintf("# Merged\n\nChange %s.\n", c.ID)
				if _, err := s.UpdateChangeRequestContent(ctx, sp.ID, c.ID, d.userID,
					[]store.PageChange{{Operation: store.OpUpdatePage, Page: pages[i], Markdown: &md}}); err != nil {
					log.Fatal(err)
				}
				out[i] = c.ID
			}
		}()
	}
	wg.Wait()
	return out
}
