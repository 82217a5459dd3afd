package rest_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"folio/graph"
	"folio/rest/resttest"
)

// BenchmarkSubscriptions holds 1,000 subscriptions open on one server
// (graphql-sse clients in a node process, ten in each of 100
// organizations) and reports what each costs the server (heap, goroutine
// stacks and goroutines, after a collection), then writes at 100 writes a
// second for 5 seconds to one of the organizations and reports the time
// from each write's acknowledgement to its event's arrival at a
// subscriber on loopback (p50, p99, in milliseconds), while the ten node
// subscribers of that organization receive every event too.
func BenchmarkSubscriptions(b *testing.B) {
	const orgs, perOrg, writes = 100, 10, 500
	srv := resttest.New(b, resttest.WithSubscriptionLimits(graph.SubscriptionLimits{PerToken: 2 * orgs * perOrg}))
	admin := srv.User("admin@example.com")
	orgIDs := make([]string, orgs)
	for i := range orgIDs {
		orgIDs[i] = createOrgB(b, admin, fmt.Sprint("Org ", i))
	}
	space := resttest.Str(admin.Post("/v1/orgs/"+orgIDs[0]+"/spaces", map[string]any{"title": "Docs"}).JSON(), "id")
	d := sseDriverAt(b, srv.URL)

	before, goroutines := memory()
	for i := range orgs * perOrg {
		d.send(map[string]any{"op": "subscribe", "id": strconv.Itoa(i), "token": admin.Token, "quiet": true,
			"query": orgEventsQuery, "variables": map[string]any{"org": orgIDs[i%orgs]}})
	}
	for i := range orgs * perOrg {
		if m := d.next(strconv.Itoa(i)); m.Event != "connected" {
			b.Fatalf("subscriber %d: %+v", i, m)
		}
	}
	if n := srv.Subscriptions.Open(); n != orgs*perOrg {
		b.Fatalf("%d subscriptions open", n)
	}
	after, goroutinesAfter := memory()
	p50, p99 := deliveryDelay(b, srv, admin, orgIDs[0], space, writes, 10*time.Millisecond)
	// After deliveryDelay: its ResetTimer drops the metrics reported before.
	n := float64(orgs * perOrg)
	b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/n, "heap-B/subscriber")
	b.ReportMetric(float64(after.StackInuse-before.StackInuse)/n, "stack-B/subscriber")
	b.ReportMetric(float64(goroutinesAfter-goroutines)/n, "goroutines/subscriber")
	b.ReportMetric(p50, "delay-p50-ms")
	b.ReportMetric(p99, "delay-p99-ms")
	waitResults(b, d, perOrg*writes)
}

// BenchmarkSubscriptionFanOut holds 1,000 subscriptions of one
// organization's feed and writes to it at 10 writes a second for 5
// seconds: every event goes to all 1,000. It reports the delivery delay
// at one more subscriber (p50, p99, in milliseconds).
func BenchmarkSubscriptionFanOut(b *testing.B) {
	const subscribers, writes = 1000, 50
	srv := resttest.New(b, resttest.WithSubscriptionLimits(graph.SubscriptionLimits{PerToken: 2 * subscribers}))
	admin := srv.User("admin@example.com")
	org := createOrgB(b, admin, "Acme")
	space := resttest.Str(admin.Post("/v1/orgs/"+org+"/spaces", map[string]any{"title": "Docs"}).JSON(), "id")
	d := sseDriverAt(b, srv.URL)
	for i := range subscribers {
		d.send(map[string]any{"op": "subscribe", "id": strconv.Itoa(i), "token": admin.Token, "quiet": true,
			"query": orgEventsQuery, "variables": map[string]any{"org": org}})
	}
	for i := range subscribers {
		if m := d.next(strconv.Itoa(i)); m.Event != "connected" {
			b.Fatalf("subscriber %d: %+v", i, m)
		}
	}
	p50, p99 := deliveryDelay(b, srv, admin, org, space, writes, 100*time.Millisecond)
	b.ReportMetric(p50, "delay-p50-ms")
	b.ReportMetric(p99, "delay-p99-ms")
	waitResults(b, d, subscribers*writes)
}

// memory collects garbage and reads the heap, the stacks and the number
// of goroutines.
func memory() (runtime.MemStats, int) {
	var m runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&m)
	return m, runtime.NumGoroutine()
}

// waitResults waits until the driver's quiet subscriptions got n results
// in all: every event reached every subscriber.
func waitResults(b *testing.B, d *sseDriver, n int) {
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(100 * time.Millisecond) {
		d.send(map[string]any{"op": "stats", "id": "stats"})
		got := d.next("stats").Results
		if got == n {
			return
		}
		if got > n || time.Now().After(deadline) {
			b.Fatalf("the subscribers got %d results, want %d", got, n)
		}
	}
}

// deliveryDelay writes to space one write every interval (each waiting for
// the last one's answer) and measures, at a subscriber of the
// organization's space.updated events reading the stream itself, the time
// from each write's acknowledgement to its event's arrival: p50 and p99
// in milliseconds.
func deliveryDelay(b *testing.B, srv *resttest.Server, c *resttest.Client, org, space string, writes int, interval time.Duration) (p50, p99 float64) {
	body, _ := json.Marshal(map[string]any{"query": orgEventsQuery, "variables": map[string]any{"org": org, "types": []string{"space.updated"}}})
	req, _ := http.NewRequest(http.MethodPost, srv.URL+"/graphql", strings.NewReader(string(body)))
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+c.Token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	defer resp.Body.Close()
	var mu sync.Mutex
	var arrived []time.Time
	done := make(chan struct{})
	go func() {
		defer close(done)
		r := bufio.NewReader(resp.Body)
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			if strings.HasPrefix(line, "data: ") {
				now := time.Now()
				mu.Lock()
				arrived = append(arrived, now)
				n := len(arrived)
				mu.Unlock()
				if n == writes {
					return
				}
			}
		}
	}()

	acked := make([]time.Time, 0, writes)
	tick := time.NewTicker(interval)
	defer tick.Stop()
	b.ResetTimer()
	for i := range writes {
		<-tick.C
		if r := c.Patch("/v1/spaces/"+space, map[string]any{"title": "T" + strconv.Itoa(i)}); r.Status != http.StatusOK {
			b.Fatalf("patch: %d %s", r.Status, r.Body)
		}
		acked = append(acked, time.Now())
	}
	select {
	case <-done:
	case <-time.After(time.Minute):
		b.Fatal("the events did not all arrive within a minute")
	}
	b.StopTimer()
	mu.Lock()
	defer mu.Unlock()
	if len(arrived) != writes {
		b.Fatalf("%d events arrived, want %d", len(arrived), writes)
	}
	delays := make([]float64, writes)
	for i := range delays {
		delays[i] = float64(arrived[i].Sub(acked[i]).Microseconds()) / 1000
	}
	slices.Sort(delays)
	return delays[writes/2], delays[writes*99/100]
}
