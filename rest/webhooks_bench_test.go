package rest_test

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"folio/internal/fetch"
	"folio/rest/resttest"
	"folio/service/jobs"
)

// BenchmarkSpaceWrite measures one write with everything it does now: the
// update, its event in the change feed and the webhook delivery rows
// (one webhook listens), over HTTP.
func BenchmarkSpaceWrite(b *testing.B) {
	srv := resttest.New(b)
	admin := srv.User("admin@example.com")
	org := createOrgB(b, admin, "Acme")
	r := admin.Post("/v1/orgs/"+org+"/spaces", map[string]any{"title": "Docs"})
	space := resttest.Str(r.JSON(), "id")
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) }))
	defer hook.Close()
	admin.Post("/v1/orgs/"+org+"/webhooks", map[string]any{"url": hook.URL, "events": []string{"space.*"}})
	b.ResetTimer()
	i := 0
	for b.Loop() {
		i++
		if r := admin.Patch("/v1/spaces/"+space, map[string]any{"title": "T" + strconv.Itoa(i)}); r.Status != http.StatusOK {
			b.Fatalf("patch: %d %s", r.Status, r.Body)
		}
	}
}

// BenchmarkWebhookLatency writes at 100 writes per second for 3 seconds
// with the workers as `folio serve` runs them (River's default polling,
// woken by its insert notifications) and reports the time from each
// write's acknowledgement to its delivery's arrival at a receiver on
// loopback: p50 and p99 in milliseconds.
func BenchmarkWebhookLatency(b *testing.B) {
	srv := resttest.New(b)
	admin := srv.User("admin@example.com")
	org := createOrgB(b, admin, "Acme")
	space := resttest.Str(admin.Post("/v1/orgs/"+org+"/spaces", map[string]any{"title": "Docs"}).JSON(), "id")
	var mu sync.Mutex
	var arrived []time.Time
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		mu.Lock()
		arrived = append(arrived, time.Now())
		mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	defer hook.Close()
	admin.Post("/v1/orgs/"+org+"/webhooks", map[string]any{"url": hook.URL, "events": []string{"space.updated"}})
	srv.StartWorkers(jobs.Config{Fetch: fetch.Config{AllowPrivate: true, Timeout: 5 * time.Second}, PollInterval: time.Second})

	const writes = 300
	acked := make([]time.Time, 0, writes)
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	b.ResetTimer()
	for i := range writes {
		<-tick.C
		if r := admin.Patch("/v1/spaces/"+space, map[string]any{"title": "T" + strconv.Itoa(i)}); r.Status != http.StatusOK {
			b.Fatalf("patch: %d %s", r.Status, r.Body)
		}
		acked = append(acked, time.Now())
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		mu.Lock()
		n := len(arrived)
		mu.Unlock()
		if n >= writes {
			break
		}
		if time.Now().After(deadline) {
			b.Fatalf("%d of %d deliveries arrived", n, writes)
		}
		time.Sleep(10 * time.Millisecond)
	}
	b.StopTimer()
	// Deliveries of one webhook arrive in commit order: the i-th delivery
	// is the i-th write's.
	lat := make([]float64, writes)
	for i := range writes {
		lat[i] = float64(arrived[i].Sub(acked[i]).Microseconds()) / 1000
	}
	slices.Sort(lat)
	b.ReportMetric(lat[writes/2], "p50-ms")
	b.ReportMetric(lat[writes*99/100], "p99-ms")
}
