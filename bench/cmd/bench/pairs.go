package main

import (
	"context"
	"fmt"
	"slices"
	"time"

	"folio/bench/loadgen"
)

// pairSlices says how the closed loops that compare two servers (the
// change feed's cost, Folio's share of the baseline) are cut: pairs of
// slices, one slice on each server in turn. Short slices, many of
// them: on a shared machine a burst of someone else's work then lands on
// one pair, not on a whole side.
func (r *run) pairSlices() (pairs int, slice time.Duration) {
	if r.cfg.measure < defaultConfig.measure {
		return 4, 500 * time.Millisecond
	}
	return 10, time.Second
}

// abba is the order of the two sides in the pair-th pair of slices: A
// then B, then B then A, and so on, so that neither side always runs first.
func abba(pair int) [2]int {
	if pair%2 == 1 {
		return [2]int{1, 0}
	}
	return [2]int{0, 1}
}

// median is the middle of xs (which it sorts), or the mean of the two
// middle values.
func median(xs []float64) float64 {
	slices.Sort(xs)
	m := xs[len(xs)/2]
	if len(xs)%2 == 0 {
		m = (xs[len(xs)/2-1] + xs[len(xs)/2]) / 2
	}
	return m
}

// pairedShare is a's throughput as a share of b's: closed loops of the
// suite's clients, one slice on each in turn (ABBA order) for the pairs of
// pairSlices, and the median of the pairs' ratios. The machine drifts
// over a run (its neighbours, PostgreSQL's own upkeep), and two maxima
// measured a minute apart carry that drift into their ratio; pairs a
// second apart mostly do not. It returns the pairs' ratios too.
func (r *run) pairedShare(ctx context.Context, a, b loadgen.Request) (float64, []string) {
	pairs, slice := r.pairSlices()
	var ratios []float64
	var perPair []string
	sides := [2]loadgen.Request{a, b}
	for pair := range pairs {
		var got [2]float64
		for _, i := range abba(pair) {
			got[i] = loadgen.Closed(ctx, r.client, r.cfg.clients, slice, sides[i]).Throughput()
		}
		ratios = append(ratios, got[0]/got[1])
		perPair = append(perPair, fmt.Sprintf("%.2f", got[0]/got[1]))
	}
	return median(ratios), perPair
}

// pairedOpen runs open loops at rate on a and on b in turn, in ABBA slices,
// for the suite's measuring time on each, and answers each side's slices
// merged. Two open loops run a minute apart carry the machine's drift
// between them into the ratio of their latencies (the site tree's p50 on
// this machine moved between 22 and 36 ms over a day); slices a few
// seconds apart share it.
func (r *run) pairedOpen(ctx context.Context, rate float64, a, b loadgen.Request) (loadgen.Result, loadgen.Result) {
	const slices = 6 // per side: ABBA ABBA ABBA
	slice := r.cfg.measure / slices
	sides := [2]loadgen.Request{a, b}
	var runs [2][]loadgen.Result
	for pair := range slices {
		for _, i := range abba(pair) {
			runs[i] = append(runs[i], loadgen.Open(ctx, r.client, rate, slice, 256, sides[i]))
		}
	}
	return loadgen.Merge(runs[0]...), loadgen.Merge(runs[1]...)
}
