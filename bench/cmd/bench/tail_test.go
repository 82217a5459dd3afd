package main

import (
	"os"
	"runtime"
	"testing"
	"time"

	"folio/bench/loadgen"
)

// TestPlaceTail: the slowest 1% of a run land in the windows of their
// scheduled times, with the machine's busy share in those windows apart
// from the others'.
func TestPlaceTail(t *testing.T) {
	// 1,000 req/s for 3s: a window of 100ms holds 100 requests. The 30
	// slowest (1%) are the last 20 of window 4 and the first 10 of window
	// 25, 2.5s into the run.
	const rate = 1000
	res := loadgen.Result{ByRequest: make([]time.Duration, 3000), Failed: make([]bool, 3000)}
	for i := range res.ByRequest {
		res.ByRequest[i] = time.Millisecond
	}
	for i := 480; i < 500; i++ {
		res.ByRequest[i] = 50 * time.Millisecond
	}
	for i := 2500; i < 2510; i++ {
		res.ByRequest[i] = 20 * time.Millisecond
	}
	busy := make([]float64, 30)
	for i := range busy {
		busy[i] = 0.6
	}
	busy[4], busy[25] = 0.95, 0.9
	p := placeTail(res, rate, tailWindow, busy)
	// After the first second, 10 slow requests of 2,000 are 0.5%: the
	// p99 of those is the common 1ms.
	want := tailPlace{windows: 2, of: 30, busyIn: (0.95 + 0.9) / 2, busyOut: 0.6, firstSecond: 20.0 / 30, p99Later: time.Millisecond}
	if p != want {
		t.Errorf("placeTail = %+v, want %+v", p, want)
	}
	// A run longer than the windows sampled (the sampler's last window
	// cut short) and an empty run place nothing wrongly.
	if p := placeTail(res, rate, tailWindow, busy[:3]); p.windows != 2 || p.busyIn != 0 || p.busyOut != 0.6 {
		t.Errorf("with 3 windows sampled: %+v", p)
	}
	if p := placeTail(loadgen.Result{}, rate, tailWindow, busy); p != (tailPlace{}) {
		t.Errorf("empty run: %+v", p)
	}
}

// TestBusyEvery: a core kept busy shows in every window sampled.
func TestBusyEvery(t *testing.T) {
	if _, err := os.Stat("/proc/stat"); err != nil {
		t.Skip("no /proc")
	}
	stop := busyEvery(50 * time.Millisecond)
	deadline := time.Now().Add(300 * time.Millisecond)
	n := 0
	for time.Now().Before(deadline) {
		n++
	}
	runtime.KeepAlive(n)
	shares := stop()
	// A ticker drops the ticks its reader misses: on a machine this busy
	// with other tests, fewer than six windows may be read.
	if len(shares) < 2 || len(shares) > 7 {
		t.Fatalf("%d windows of 50ms in 300ms: %v", len(shares), shares)
	}
	// One core of NumCPU spinning: the machine is at least that busy, to
	// the tick (10ms of 50ms per core) /proc/stat counts in.
	floor := 1/float64(runtime.NumCPU()) - 0.25
	for i, s := range shares[:len(shares)-1] {
		if s < floor || s > 1 {
			t.Errorf("window %d: busy %.2f, want at least %.2f: %v", i, s, floor, shares)
		}
	}
}
