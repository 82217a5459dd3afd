// Package loadgen sends HTTP load from its own process and records latencies.
// Open-loop runs send at a fixed rate and measure each request from the time
// it was scheduled to go, not from when a free worker sent it, so a slow
// server cannot hide its queueing delay (no coordinated omission).
package loadgen

import (
	"context"
	"io"
	"net/http"
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

// Request makes the i-th request of a run.
type Request func(i int) *http.Request

// A Request of a closed loop answers nil when there is nothing left to
// send (a pool of one-time requests, such as merges, used up): the client
// stops then, and the run's duration ends with the last client's.

// Result is what one run measured.
type Result struct {
	Sent      int
	Errors    int // transport errors and statuses >= 400 (or other than want)
	Duration  time.Duration
	Latencies []time.Duration // sorted
	// Late is, for an open-loop run, how long after its scheduled time each
	// request left the generator (sorted): the generator's own delay,
	// which every latency includes. When its tail is close to the
	// latencies' tail, the tail is the load generator starved of CPU on
	// the machine it shares with the server, not the server.
	Late []time.Duration
	// ByRequest is the latency of the i-th request (i as Request got it),
	// in open-loop runs only, so a workload that rotates its requests can
	// report each kind apart; a request that failed counts as Failed.
	ByRequest []time.Duration
	Failed    []bool
}

// Throughput is completed requests per second.
func (r Result) Throughput() float64 {
	if r.Duration <= 0 {
		return 0
	}
	return float64(r.Sent) / r.Duration.Seconds()
}

// Quantile returns the q-th latency quantile (0 < q <= 1).
func (r Result) Quantile(q float64) time.Duration { return quantile(r.Latencies, q) }

// LateQuantile returns the q-th quantile of Late (0 < q <= 1).
func (r Result) LateQuantile(q float64) time.Duration { return quantile(r.Late, q) }

func quantile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(q*float64(len(sorted))+0.5) - 1
	i = min(max(i, 0), len(sorted)-1)
	return sorted[i]
}

// Client is an HTTP client with enough idle connections for the runs.
func Client(conns int) *http.Client {
	return &http.Client{
		Timeout: 30 * time.Second,
		Transport: &http.Transport{
			MaxIdleConns:        conns,
			MaxIdleConnsPerHost: conns,
			MaxConnsPerHost:     conns,
			IdleConnTimeout:     time.Minute,
		},
	}
}

// do sends one request, drains the body and reports whether it succeeded.
func do(c *http.Client, req *http.Request) bool {
	resp, err := c.Do(req)
	if err != nil {
		return false
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode < 400
}

// Closed runs conc clients back to back for d: the server's maximum throughput.
func Closed(ctx context.Context, c *http.Client, conc int, d time.Duration, mk Request) Result {
	var (
		mu   sync.Mutex
		all  []time.Duration
		errs atomic.Int64
		n    atomic.Int64
		wg   sync.WaitGroup
	)
	start := time.Now()
	deadline := start.Add(d)
	for w := 0; w < conc; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			for time.Now().Before(deadline) && ctx.Err() == nil {
				req := mk(int(n.Add(1)))
				if req == nil {
					break
				}
				t := time.Now()
				if !do(c, req) {
					errs.Add(1)
				}
				mine = append(mine, time.Since(t))
			}
			mu.Lock()
			all = append(all, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	return finish(all, int(errs.Load()), time.Since(start))
}

// Open sends rate requests per second for d, each at its scheduled time,
// with up to maxInFlight outstanding; latency counts from the schedule.
func Open(ctx context.Context, c *http.Client, rate float64, d time.Duration, maxInFlight int, mk Request) Result {
	var (
		mu   sync.Mutex
		all  []time.Duration
		late []time.Duration
		errs atomic.Int64
		wg   sync.WaitGroup
	)
	slots := make(chan struct{}, maxInFlight)
	interval := time.Duration(float64(time.Second) / rate)
	start := time.Now()
	total := int(d.Seconds() * rate)
	byRequest, failed := make([]time.Duration, total), make([]bool, total)
	sent := 0
	for i := 0; i < total && ctx.Err() == nil; i++ {
		sent++
		due := start.Add(time.Duration(i) * interval)
		if wait := time.Until(due); wait > 0 {
			time.Sleep(wait)
		}
		slots <- struct{}{}
		wg.Add(1)
		go func(i int, due time.Time) {
			defer wg.Done()
			defer func() { <-slots }()
			left := time.Since(due)
			ok := do(c, mk(i))
			lat := time.Since(due)
			if !ok {
				errs.Add(1)
			}
			mu.Lock()
			all = append(all, lat)
			late = append(late, left)
			byRequest[i], failed[i] = lat, !ok
			mu.Unlock()
		}(i, due)
	}
	wg.Wait()
	res := finish(all, int(errs.Load()), time.Since(start))
	sort.Slice(late, func(i, j int) bool { return late[i] < late[j] })
	res.Late = late
	res.ByRequest, res.Failed = byRequest[:sent], failed[:sent]
	return res
}

func finish(all []time.Duration, errs int, d time.Duration) Result {
	sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
	return Result{Sent: len(all), Errors: errs, Duration: d, Latencies: all}
}

// Subset is the part of an open-loop run made of the requests keep picks
// (by their index): their latencies and errors, over the run's duration.
func (r Result) Subset(keep func(i int) bool) Result {
	var all []time.Duration
	errs := 0
	for i, lat := range r.ByRequest {
		if !keep(i) {
			continue
		}
		all = append(all, lat)
		if r.Failed[i] {
			errs++
		}
	}
	return finish(all, errs, r.Duration)
}

// Merge is the runs rs as one: their latencies, generator delays, requests
// and errors together, over their durations added up. ByRequest and Failed
// are left out (each run numbers its requests from 0).
func Merge(rs ...Result) Result {
	var all, late []time.Duration
	var out Result
	for _, r := range rs {
		all = append(all, r.Latencies...)
		late = append(late, r.Late...)
		out.Errors += r.Errors
		out.Duration += r.Duration
	}
	merged := finish(all, out.Errors, out.Duration)
	sort.Slice(late, func(i, j int) bool { return late[i] < late[j] })
	merged.Late = late
	return merged
}
