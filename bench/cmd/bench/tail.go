package main

import (
	"fmt"
	"runtime"
	"sort"
	"time"

	"folio/bench/loadgen"
)

// A p99 at 70% of the maximum is one request in a hundred. Where those
// requests fall in time says what made them slow: spread over the run, a
// slow path of the server's; packed into a few stretches of the run, a
// stall of every request at once, such as the machine's cores all in use
// while a queue drains. The suite samples how busy the machine is in
// windows of tailWindow over each open loop at 70%, and places the
// slowest 1% of its requests in them.
const tailWindow = 100 * time.Millisecond

// busyEvery samples the machine's busy share (see cpuUse.busy) in windows
// of step until stop is called; stop returns one share per whole window.
func busyEvery(step time.Duration) (stop func() []float64) {
	var (
		shares []float64
		done   = make(chan struct{})
		ended  = make(chan struct{}) // closed once shares is complete
	)
	go func() {
		defer close(ended)
		tick := time.NewTicker(step)
		defer tick.Stop()
		last, lastAt := machineCPU(), time.Now()
		for {
			select {
			case <-done:
				return
			case now := <-tick.C:
				cpu := machineCPU()
				share := (cpu - last).Seconds() / (now.Sub(lastAt).Seconds() * float64(runtime.NumCPU()))
				last, lastAt = cpu, now
				// /proc/stat counts whole clock ticks, which a window of a
				// few dozen can hold one more of than it lasted.
				shares = append(shares, min(share, 1))
			}
		}
	}()
	return func() []float64 {
		close(done)
		<-ended
		return shares
	}
}

// tailPlace is where the slowest 1% of an open loop's requests fell.
type tailPlace struct {
	windows, of     int     // windows holding them, of the run's
	busyIn, busyOut float64 // the machine's median busy share in those windows, and in the others
	firstSecond     float64 // the share of them due in the run's first second
	// p99Later is the p99 of the requests due after the first second,
	// in which a new open loop can stall while the server warms to it (in
	// trials the generator opened up to 48 more connections and the
	// server's heap grew into new memory).
	p99Later time.Duration
}

// placeTail places the slowest 1% of res (an open loop at rate) in
// windows of step, the i-th request in the window of its scheduled time;
// busy holds the machine's busy share in each window.
func placeTail(res loadgen.Result, rate float64, step time.Duration, busy []float64) tailPlace {
	n := len(res.ByRequest)
	if n == 0 || rate <= 0 {
		return tailPlace{}
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool { return res.ByRequest[order[a]] > res.ByRequest[order[b]] })
	slowest := order[:max(n/100, 1)]
	interval := time.Duration(float64(time.Second) / rate)
	windowOf := func(i int) int { return int(time.Duration(i) * interval / step) }
	windows := map[int]bool{}
	early := 0
	for _, i := range slowest {
		windows[windowOf(i)] = true
		if time.Duration(i)*interval < time.Second {
			early++
		}
	}
	var in, out []float64
	for w, share := range busy {
		if windows[w] {
			in = append(in, share)
		} else {
			out = append(out, share)
		}
	}
	later := res.Subset(func(i int) bool { return time.Duration(i)*interval >= time.Second })
	p := tailPlace{windows: len(windows), of: windowOf(n-1) + 1, firstSecond: float64(early) / float64(len(slowest)),
		p99Later: later.Quantile(0.99)}
	if len(in) > 0 {
		p.busyIn = median(in)
	}
	if len(out) > 0 {
		p.busyOut = median(out)
	}
	return p
}

// tailRow is a row of where m's slowest 1% at 70% fell.
func tailRow(m measurement) string {
	p := placeTail(m.at70, m.rate, tailWindow, m.busy70)
	if p.of == 0 {
		return fmt.Sprintf("| %s | - | - | - | - | - |", m.target)
	}
	p50 := m.at70.Quantile(0.5)
	return fmt.Sprintf("| %s | %s (%.1fx) | %d of %d | %s / %s | %.0f%% | %s (%.1fx) |", m.target, ms(m.at70.Quantile(0.99)),
		float64(m.at70.Quantile(0.99))/float64(max(p50, 1)), p.windows, p.of, percent(p.busyIn), percent(p.busyOut),
		100*p.firstSecond, ms(p.p99Later), float64(p.p99Later)/float64(max(p50, 1)))
}
