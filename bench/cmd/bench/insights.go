package main

import (
	"context"
	"fmt"
	"log"
	"net/http"
	"strings"
)

// insightsCost measures what recording insights costs a page view (the
// bar: at most 5% more): the same cached page viewed on Folio as it runs
// (insights on: every view is buffered, and written 500 to a statement off
// the request path) and on the same binary started with FOLIO_INSIGHTS=off,
// on the same database, in alternation (three rounds of on then off) so
// that the machine's other load weighs on both alike. The server's CPU
// per view is the figure the bar is held to, the lowest of each mode's
// rounds (other processes only ever add to it: the lowest is the least
// disturbed); throughput and latency are shown too.
func (r *run) insightsCost(ctx context.Context, path string) string {
	var b strings.Builder
	b.WriteString("## Insights: a page view with recording on and off\n\n")
	if r.noInsights == "" {
		return b.String() + "Not measured: no server with FOLIO_INSIGHTS=off.\n\n"
	}
	b.WriteString("| target | max req/s | server CPU/view (closed loop) | p50 at 70% | p99 at 70% | server CPU/view (at 70%) |\n|---|---|---|---|---|---|\n")
	type sums struct {
		cpu, low float64
		n        int
	}
	got := map[string]*sums{"on": {}, "off": {}}
	for round := 1; round <= 3; round++ {
		for _, mode := range []string{"on", "off"} {
			base := r.folio
			if mode == "off" {
				base = r.noInsights
			}
			mk := func(int) *http.Request {
				req, _ := http.NewRequest(http.MethodGet, base+path, nil)
				return req
			}
			m := r.measure(ctx, fmt.Sprintf("page view, cached, insights %s (round %d)", mode, round), r.cfg.clients, mk)
			if m.failed != "" {
				fmt.Fprintf(&b, "| %s | FAILED: %s | | | | |\n", m.target, m.failed)
				continue
			}
			closed, open := m.cpuMax.perRequest(m.cpuMax.server), m.cpu70.perRequest(m.cpu70.server)
			fmt.Fprintf(&b, "| %s | %.0f | %.0f µs | %s | %s | %.0f µs |\n", m.target, m.max, closed,
				ms(m.at70.Quantile(0.5)), ms(m.at70.Quantile(0.99)), open)
			g := got[mode]
			g.cpu += closed
			if g.n == 0 || closed < g.low {
				g.low = closed
			}
			g.n++
		}
	}
	if got["on"].n > 0 && got["off"].n > 0 {
		on, off := got["on"].low, got["off"].low
		extra := (on/off - 1) * 100
		verdict := "within"
		if extra > 5 {
			verdict = "over"
		}
		meanOn, meanOff := got["on"].cpu/float64(got["on"].n), got["off"].cpu/float64(got["off"].n)
		fmt.Fprintf(&b, "\nServer CPU per cached view (closed loop), lowest of the rounds: %.0f µs on, %.0f µs off: **%+.1f%%** (%s the 5%% bar); "+
			"mean of the rounds: %.0f µs on, %.0f µs off (%+.1f%%).\n\n", on, off, extra, verdict, meanOn, meanOff, (meanOn/meanOff-1)*100)
		log.Printf("insights: lowest %.0f µs on, %.0f µs off per view: %+.1f%%", on, off, extra)
	}
	return b.String()
}
