package main

import (
	"context"
	"fmt"
	"log"
	"net/http"
	"strings"

	"folio/bench/loadgen"
	"folio/store"
)

// orgEdits is how many change requests the update_page workload of
// orgWrites spreads its writes over: more than the closed loop's clients,
// so two of them rarely edit one change request at once (those wait on
// each other by design: a change request's revisions form a chain).
const orgEdits = 32

// orgWrites measures writes of the suite's clients in one organization
// (the bench's, with its cfg.spaces spaces), issue 39's third target:
// creates at its top level, and update_page on change requests of their
// own. Two sides in ABBA pairs on the same database, as eventCost does:
// this build against another binary (-vs: a build of the commit before a
// change), or against bin/folio-noevents when there is none.
func (r *run) orgWrites(ctx context.Context, b *strings.Builder, vs string) {
	other, otherName := r.noEvents, "without events"
	if vs != "" {
		addr := freeAddr()
		_, stop := startProcess(vs, append(r.env, "FOLIO_ADDR="+addr), "serve")
		defer stop()
		waitListening(addr)
		other, otherName = "http://"+addr, vs
	}
	sides := []*side{r.newEditSide(ctx, "this build", r.folio), r.newEditSide(ctx, otherName, other)}
	d := r.data
	workloads := []writeWorkload{
		{name: "POST /v1/orgs/{id}/spaces", mk: func(sd *side) loadgen.Request {
			return r.post(sd.base, "/v1/orgs/"+d.orgID+"/spaces", func(i int) string { return fmt.Sprintf(`{"title":"Written %d"}`, i) })
		}},
		{name: fmt.Sprintf("POST .../change-requests/{id}/content (update_page, %d change requests)", orgEdits), mk: func(sd *side) loadgen.Request {
			return func(i int) *http.Request {
				e := sd.edits[i%len(sd.edits)]
				return r.post(sd.base, "/v1/spaces/"+sd.space+"/change-requests/"+e.cr+"/content", func(int) string {
					return fmt.Sprintf(`{"changes":[{"operation":"update_page","page":"%s","document":{"markdown":"# Page\n\nEdited %d.\n"}}]}`, e.page, i)
				})(i)
			}
		}},
	}
	pairs, slice := r.pairSlices()
	fmt.Fprintf(b, "## Writes in one organization\n\n"+
		"%d clients write to the bench's organization (%d spaces): creates at its top level, and `update_page` spread over %d "+
		"change requests of one space. `max` is the mean of %d closed loops of %s on each side, run in pairs (ABBA order) on the "+
		"same database; the ratio is the median of the pairs' ratios. The latencies are an open loop at 70%% of the smaller maximum "+
		"for %s.\n\n", r.cfg.clients, r.cfg.spaces, orgEdits, pairs, slice, r.cfg.measure)
	b.WriteString(header + "\n")
	var verdicts []string
	for _, w := range workloads {
		rows, ratio, perPair := r.compareWrite(ctx, w, sides, pairs, slice)
		for _, m := range rows {
			b.WriteString(m.row() + "\n")
		}
		if ratio == 0 {
			continue
		}
		verdicts = append(verdicts, fmt.Sprintf("- %s: this build **%.2fx** %s (median of pairs: %s); p50 %s against %s at %.0f req/s.",
			w.name, ratio, otherName, perPair, ms(rows[0].at70.Quantile(0.5)), ms(rows[1].at70.Quantile(0.5)), rows[0].rate))
	}
	b.WriteString("\n" + strings.Join(verdicts, "\n") + "\n\n")
}

// newEditSide is a side whose space has orgEdits change requests, each
// with a page of its own to edit.
func (r *run) newEditSide(ctx context.Context, name, base string) *side {
	s, d := r.store, r.data
	sp, err := s.CreateSpace(ctx, d.orgID, store.NewSpace{Title: "Edits " + name, Visibility: store.VisibilityPrivate})
	if err != nil {
		log.Fatal(err)
	}
	sd := &side{name: name, base: base, space: sp.ID}
	for i := range orgEdits {
		cr, err := s.CreateChangeRequest(ctx, sp, d.userID, fmt.Sprint("edits ", i))
		if err != nil {
			log.Fatal(err)
		}
		md := fmt.Sprintf("# Page %d\n\nText.\n", i)
		res, err := s.UpdateChangeRequestContent(ctx, sp.ID, cr.ID, d.userID, []store.PageChange{{Operation: store.OpInsertPage, Markdown: &md}})
		if err != nil {
			log.Fatal(err)
		}
		sd.edits = append(sd.edits, edit{cr: cr.ID, page: res.Changes[0].Page})
	}
	return sd
}
