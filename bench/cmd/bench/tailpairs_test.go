package main

import (
	"math"
	"testing"
	"time"

	"folio/bench/loadgen"
)

// openRun is an open loop's result with these latencies, request i due at
// i/rate.
func openRun(lat []time.Duration, d time.Duration) loadgen.Result {
	res := loadgen.Result{ByRequest: lat, Failed: make([]bool, len(lat)), Duration: d}
	all := res.Subset(func(int) bool { return true })
	all.ByRequest, all.Failed = res.ByRequest, res.Failed
	return all
}

// TestCounted: the requests due in an open loop's warm-up are not
// counted, the others all are.
func TestCounted(t *testing.T) {
	const rate = 1000
	lat := make([]time.Duration, 2500) // 2.5 s
	for i := range lat {
		lat[i] = time.Millisecond
	}
	for i := range 300 { // the loop's start stalls
		lat[i] = 80 * time.Millisecond
	}
	res := openRun(lat, 2500*time.Millisecond)
	if res.Quantile(0.99) != 80*time.Millisecond {
		t.Fatalf("whole run p99 = %s", res.Quantile(0.99))
	}
	c := counted(res, rate, 500*time.Millisecond)
	if c.Sent != 2000 || c.Quantile(0.99) != time.Millisecond || c.Duration != 2*time.Second {
		t.Errorf("counted: %d requests, p99 %s, over %s; want 2000, 1ms, 2s", c.Sent, c.Quantile(0.99), c.Duration)
	}
}

// TestTailPairsSummary: the target's figure is the median of the pairs'
// ratios, so that one pair's stall on one side moves it no more than any
// other pair does; the merged sides are kept beside it.
func TestTailPairsSummary(t *testing.T) {
	side := func(p50, p99 time.Duration) loadgen.Result {
		lat := make([]time.Duration, 1000)
		for i := range lat {
			lat[i] = p50
		}
		for i := 980; i < 1000; i++ { // the slowest 2%: the p99
			lat[i] = p99
		}
		return openRun(lat, time.Second)
	}
	ms := time.Millisecond
	pairs := []tailPair{
		{side(ms, 10*ms), side(ms, 10*ms)},  // 1.0
		{side(ms, 12*ms), side(ms, 10*ms)},  // 1.2
		{side(ms, 11*ms), side(ms, 10*ms)},  // 1.1
		{side(ms, 400*ms), side(ms, 10*ms)}, // 40: a stall on one side
		{side(ms, 10*ms), side(ms, 10*ms)},  // 1.0
	}
	med, q, ratios, merged := tailPairsSummary(pairs)
	if math.Abs(med-1.1) > 1e-9 || len(ratios) != 5 || math.Abs(ratios[3]-40) > 1e-9 {
		t.Errorf("median %.3f, ratios %v; want 1.1 and the pairs' ratios in order", med, ratios)
	}
	// The lower and upper halves (the median left out): 1.0, 1.0 and 1.2, 40.
	if math.Abs(q[0]-1.0) > 1e-9 || math.Abs(q[1]-20.6) > 1e-9 {
		t.Errorf("quartiles %v, want 1.0 and 20.6", q)
	}
	if merged[0].Sent != 5000 || merged[1].Sent != 5000 {
		t.Errorf("merged %d and %d requests, want 5000 each", merged[0].Sent, merged[1].Sent)
	}
}
