package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
)

// webhookRate is the write rate of the webhook latency run.
const webhookRate = 100

// receiver is a webhook endpoint in the bench process: it notes when each
// event's delivery arrived, by the event's object.
type receiver struct {
	mu      sync.Mutex
	arrived map[string]time.Time
	bad     int // deliveries without an objectId
}

func (rc *receiver) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	at := time.Now()
	var ev struct {
		ObjectID string `json:"objectId"`
	}
	body, _ := io.ReadAll(req.Body)
	err := json.Unmarshal(body, &ev)
	rc.mu.Lock()
	if err != nil || ev.ObjectID == "" {
		rc.bad++
	} else if _, seen := rc.arrived[ev.ObjectID]; !seen { // at least once: the first arrival counts
		rc.arrived[ev.ObjectID] = at
	}
	rc.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

func (rc *receiver) count() int {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return len(rc.arrived)
}

// webhookLatency measures the time from a write's acknowledgement to its
// webhook delivery's arrival at a receiver on loopback, against the
// running `folio serve`: a webhook for space.created in an organization
// of its own, then spaces created there at webhookRate per second for the
// measuring window. Each created space is its own event's objectId, which
// matches a delivery to its write.
func (r *run) webhookLatency(ctx context.Context, b *strings.Builder) {
	fmt.Fprintf(b, "## Webhook delivery latency (%d writes/s)\n\n", webhookRate)
	org, err := r.store.CreateOrganization(ctx, r.data.userID, "Webhooks", nil)
	if err != nil {
		log.Fatal(err)
	}
	rc := &receiver{arrived: map[string]time.Time{}}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	srv := &http.Server{Handler: rc}
	go srv.Serve(ln) //nolint:errcheck // ends with Close below
	defer srv.Close()
	if _, _, err := r.tryFetch(r.post(r.folio, "/v1/orgs/"+org.ID+"/webhooks", func(int) string {
		return fmt.Sprintf(`{"url":"http://%s/hook","events":["space.created"]}`, ln.Addr())
	})); err != nil {
		log.Printf("webhook latency: FAILED: %v", err)
		fmt.Fprintf(b, "FAILED: %s\n\n", oneLine(err))
		return
	}

	n := int(webhookRate * r.cfg.measure.Seconds())
	var mu sync.Mutex
	acked := map[string]time.Time{}
	errs := 0
	var wg sync.WaitGroup
	tick := time.NewTicker(time.Second / webhookRate)
	create := r.post(r.folio, "/v1/orgs/"+org.ID+"/spaces", func(i int) string { return fmt.Sprintf(`{"title":"Hooked %d"}`, i) })
	start := time.Now()
	for i := 0; i < n; i++ {
		<-tick.C
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			body, _, err := r.tryFetch(func(int) *http.Request { return create(i) })
			at := time.Now()
			var sp struct{ ID string }
			if err == nil {
				err = json.Unmarshal(body, &sp)
			}
			mu.Lock()
			defer mu.Unlock()
			if err != nil || sp.ID == "" {
				errs++
				return
			}
			acked[sp.ID] = at
		}(i)
	}
	tick.Stop()
	wg.Wait()
	sent := time.Since(start)
	// Deliveries still on their way arrive within seconds; a delivery
	// missed by its write's job waits for the periodic sweep (5 s).
	deadline := time.Now().Add(30 * time.Second)
	for rc.count() < len(acked) && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}

	rc.mu.Lock()
	var lat []time.Duration
	for id, at := range acked {
		if got, ok := rc.arrived[id]; ok {
			lat = append(lat, got.Sub(at))
		}
	}
	bad := rc.bad
	rc.mu.Unlock()
	slices.Sort(lat)
	q := func(p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, max(0, int(p*float64(len(lat))+0.5)-1))]
	}
	log.Printf("webhook latency: %d writes in %s (%d failed), %d deliveries matched: p50 %s p99 %s",
		len(acked), sent.Round(time.Millisecond), errs, len(lat), ms(q(0.5)), ms(q(0.99)))
	fmt.Fprintf(b, "Spaces created through `POST /v1/orgs/{id}/spaces` at %d per second for %s (%.0f writes/s reached) in an organization "+
		"with one webhook for `space.created`, whose URL is a receiver in the bench process on loopback; `folio serve` delivers "+
		"with its River workers as configured by default. Latency: the delivery's arrival at the receiver minus the write's acknowledgement "+
		"(its response read by the client), matched by the event's `objectId` (the new space).\n\n",
		webhookRate, r.cfg.measure, float64(len(acked)+errs)/sent.Seconds())
	b.WriteString("| writes | failed writes | deliveries matched | unmatched deliveries | p50 | p95 | p99 | max |\n|---|---|---|---|---|---|---|---|\n")
	fmt.Fprintf(b, "| %d | %d | %d | %d | %s | %s | %s | %s |\n\n", len(acked), errs, len(lat), bad, ms(q(0.5)), ms(q(0.95)), ms(q(0.99)), ms(q(1)))
	if missing := len(acked) - len(lat); missing > 0 {
		fmt.Fprintf(b, "%d deliveries had not arrived 30 s after the last write.\n\n", missing)
	}
}
