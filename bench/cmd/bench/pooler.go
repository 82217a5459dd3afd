package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"

	"folio/bench/loadgen"
	"folio/store"
)

// poolerCost measures what Folio's pooler mode costs (docs/operations.md,
// "Behind PgBouncer"): a second bin/folio serves the same database through
// Debian's PgBouncer in transaction pooling mode (FOLIO_DATABASE_POOLER=
// transaction: statements in pgx's exec mode, parsed and planned on every
// run, and one more hop), beside bin/folio on direct connections. Both
// are measured as the change feed's cost is: pairs of closed loops, one
// slice on each in ABBA order, the ratio being the median of the pairs';
// then open loops at one rate for both (70% of the smaller maximum).
// Skipped, saying why, when pgbouncer is not installed (make pgbouncer).
func (r *run) poolerCost(ctx context.Context, b *strings.Builder) {
	b.WriteString("## Behind PgBouncer (pooler mode against direct connections)\n\n")
	if !store.HavePgBouncer() {
		b.WriteString("Not measured: pgbouncer is not installed (`make pgbouncer`).\n\n")
		return
	}
	dir, err := os.MkdirTemp("", "folio-bench-pgbouncer-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	bouncer, err := store.StartPgBouncer(ctx, dir, r.dsn)
	if err != nil {
		log.Fatal(err)
	}
	defer bouncer.Stop()
	addr := freeAddr()
	pooled := "http://" + addr
	_, stop := startProcess(r.folioBin, append(r.env, "FOLIO_ADDR="+addr, "DATABASE_URL="+bouncer.DSN("folio"),
		"FOLIO_DATABASE_POOLER=transaction", "FOLIO_DATABASE_DIRECT_URL="+r.dsn,
		"FOLIO_DATA_DIR="+filepath.Join(dir, "data")), "serve")
	defer stop()
	// The same query mode without PgBouncer: what the mode costs apart
	// from the hop (and PgBouncer's own CPU, on the same cores here).
	execAddr := freeAddr()
	execMode := "http://" + execAddr
	_, stopExec := startProcess(r.folioBin, append(r.env, "FOLIO_ADDR="+execAddr, "DATABASE_URL="+r.dsn+" default_query_exec_mode=exec",
		"FOLIO_DATA_DIR="+filepath.Join(dir, "data-exec")), "serve")
	defer stopExec()
	waitListening(addr)
	waitListening(execAddr)

	d := r.data
	spaceInTurn := func(i int) string { return "/v1/spaces/" + d.inTurn[i%len(d.inTurn)] }
	pairs, slice := r.pairSlices()
	fmt.Fprintf(b, "Debian's PgBouncer 1.18, transaction pooling, between a second `bin/folio` (`FOLIO_DATABASE_POOLER=transaction`: "+
		"statements in pgx's exec mode, no named prepared statement) and the same database that `bin/folio` reaches directly (prepared "+
		"statements, generic plans); and a third `bin/folio` in the same exec mode without PgBouncer (`default_query_exec_mode=exec` in its "+
		"URL), which tells the mode's cost from the hop's. `max` is the mean of %d closed loops of %d clients for %s on each, in pairs (ABBA); the share is "+
		"the median of the pairs' ratios. Latencies: open loops at one rate for both (70%% of the smaller maximum), in ABBA slices. "+
		"PgBouncer runs on the same cores as everything else here (a shared 2-core machine, whose neighbours' load moves every figure).\n\n"+
		"| request | server | direct max (req/s) | its max (req/s) | its share (pairs) | rate | direct p50 / p99 | its p50 / p99 | errors |\n"+
		"|---|---|---|---|---|---|---|---|---|\n", pairs, r.cfg.clients, slice)
	for _, w := range []struct {
		name string
		mk   func(base string) loadgen.Request
	}{
		{fmt.Sprintf("GET /v1/spaces/{id}, %d spaces in turn", len(d.inTurn)), func(base string) loadgen.Request { return r.getEach(base, spaceInTurn) }},
		{"POST /v1/orgs/{id}/spaces", func(base string) loadgen.Request {
			return r.post(base, "/v1/orgs/"+d.orgID+"/spaces", func(i int) string { return fmt.Sprintf(`{"title":"Pooled %d"}`, i) })
		}},
	} {
		direct := w.mk(r.folio)
		for _, other := range []struct{ name, base string }{{"PgBouncer, exec mode", pooled}, {"direct, exec mode", execMode}} {
			them := w.mk(other.base)
			if _, _, err := r.tryFetch(them); err != nil {
				fmt.Fprintf(b, "| %s | %s | | | failed: %v | | | | |\n", w.name, other.name, err)
				continue
			}
			share, perPair := r.pairedShare(ctx, them, direct)
			var maxes [2]float64
			for i, side := range []loadgen.Request{direct, them} {
				maxes[i] = loadgen.Closed(ctx, r.client, r.cfg.clients, slice, side).Throughput()
			}
			rate := 0.7 * min(maxes[0], maxes[1])
			od, op := r.pairedOpen(ctx, rate, direct, them)
			fmt.Fprintf(b, "| %s | %s | %.0f | %.0f | %.0f%% (%s) | %.0f | %s / %s | %s / %s | %d |\n", w.name, other.name, maxes[0], maxes[1],
				100*share, strings.Join(perPair, ", "), rate, ms(od.Quantile(0.5)), ms(od.Quantile(0.99)),
				ms(op.Quantile(0.5)), ms(op.Quantile(0.99)), od.Errors+op.Errors)
		}
	}
	b.WriteString("\n")
}
