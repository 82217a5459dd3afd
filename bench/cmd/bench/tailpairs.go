package main

import (
	"context"
	"time"

	"folio/bench/loadgen"
)

// The tail target (issue 39, item 5) compares two p99/p50 ratios at one
// rate. Measured as two merged sides of six slices of 1.7 s (pairedOpen),
// the same read's ratio moved from 1.22x to 1.28x between two quiet-machine
// runs, and which read crossed 1.25x changed from run to run: a p99 is the
// 1% of requests a stall of the shared machine lands on, and a few such
// stalls decide which side of the merged pair they fall. Each slice also
// began a fresh open loop, whose first moments stall while the generator
// and the server catch up (the 70% runs put up to 59% of their slowest 1%
// in their first second), once per slice, and six times per side.
//
// tailPairs instead runs tailPairCount pairs of slices, ABBA, each slice a
// continuous open loop whose first tailWarm is not counted, and judges each
// pair on its own: the answer is the median of the pairs' ratios, the way
// the throughput shares are paired (pairedShare). What is compared is
// unchanged: each side's p99/p50 at the same rate, in the same minutes.

// tailPairing is how tailPairs cuts its run.
type tailPairing struct {
	pairs int           // pairs of slices, one on each side
	slice time.Duration // counted time of a slice
	warm  time.Duration // time before it, at the same rate, not counted
}

// tailPairing is the suite's cut: slices of 2 s, so that at the single
// reads' half loads (1,000 to 3,000 req/s) a slice's p99 is the 20th to
// 60th slowest of its requests, not one stall's.
func (r *run) tailPairing() tailPairing {
	if r.cfg.measure < defaultConfig.measure {
		return tailPairing{pairs: 4, slice: 500 * time.Millisecond, warm: 200 * time.Millisecond}
	}
	return tailPairing{pairs: 10, slice: 2 * time.Second, warm: 500 * time.Millisecond}
}

// tailPair is one pair's result: each side's slice (its counted requests).
type tailPair [2]loadgen.Result

// tailRatio is a run's p99 over its p50.
func tailRatio(res loadgen.Result) float64 {
	return float64(res.Quantile(0.99)) / float64(max(res.Quantile(0.5), 1))
}

// ratio is side 0's p99/p50 over side 1's in this pair.
func (p tailPair) ratio() float64 { return tailRatio(p[0]) / tailRatio(p[1]) }

// tailPairs runs open loops at rate on a and on b in turn, in ABBA order,
// for cut's pairs, and answers the pairs.
func (r *run) tailPairs(ctx context.Context, cut tailPairing, rate float64, a, b loadgen.Request) []tailPair {
	sides := [2]loadgen.Request{a, b}
	pairs := make([]tailPair, cut.pairs)
	for pair := range cut.pairs {
		for _, i := range abba(pair) {
			res := loadgen.Open(ctx, r.client, rate, cut.warm+cut.slice, 256, sides[i])
			pairs[pair][i] = counted(res, rate, cut.warm)
		}
	}
	return pairs
}

// counted is an open loop's run without the requests due in its first
// warm (the loop sends request i at i/rate seconds).
func counted(res loadgen.Result, rate float64, warm time.Duration) loadgen.Result {
	first := int(warm.Seconds() * rate)
	out := res.Subset(func(i int) bool { return i >= first })
	out.Duration = max(res.Duration-warm, 0)
	return out
}

// tailPairsSummary is the median of the pairs' ratios, their quartiles
// (how far the pairs agree: on a machine whose load is above its cores
// they spread over two orders of magnitude, and no figure of the run
// judges the target), and each side's slices merged.
func tailPairsSummary(pairs []tailPair) (medianRatio float64, quartiles [2]float64, ratios []float64, merged [2]loadgen.Result) {
	var runs [2][]loadgen.Result
	for _, p := range pairs {
		ratios = append(ratios, p.ratio())
		runs[0], runs[1] = append(runs[0], p[0]), append(runs[1], p[1])
	}
	sorted := append([]float64(nil), ratios...)
	medianRatio = median(sorted) // sorts
	half := len(sorted) / 2
	quartiles = [2]float64{median(sorted[:half]), median(sorted[len(sorted)-half:])}
	return medianRatio, quartiles, ratios, [2]loadgen.Result{loadgen.Merge(runs[0]...), loadgen.Merge(runs[1]...)}
}
