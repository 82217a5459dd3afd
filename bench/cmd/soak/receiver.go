package main

import (
	"context"
	"log"
	"net/http"
	"sync"
	"time"

	"folio/store"
)

// receiver is the webhook endpoint: it counts each delivery id's arrivals.
type receiver struct {
	mu      sync.Mutex
	arrived map[string]int
}

func newReceiver() *receiver { return &receiver{arrived: map[string]int{}} }

func (rc *receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("X-Folio-Delivery")
	rc.mu.Lock()
	rc.arrived[id]++
	rc.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

func (rc *receiver) count() int {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return len(rc.arrived)
}

// settle waits (two minutes at most) until every delivery the server
// recorded for the webhook has arrived, then answers how many never did
// and how many arrived more than once.
func (rc *receiver) settle(ctx context.Context, s *store.Store, webhookID string) (lost, twice int) {
	deadline := time.Now().Add(2 * time.Minute)
	for {
		var ids []string
		if err := s.DB.NewSelect().Table("webhook_deliveries").Column("id").
			Where("webhook_id = ?", webhookID).Where("redelivery_of IS NULL").Scan(ctx, &ids); err != nil {
			log.Fatalf("list deliveries: %v", err)
		}
		rc.mu.Lock()
		lost, twice = 0, 0
		for _, id := range ids {
			if rc.arrived[id] == 0 {
				lost++
			}
		}
		for _, n := range rc.arrived {
			if n > 1 {
				twice++
			}
		}
		rc.mu.Unlock()
		if lost == 0 || time.Now().After(deadline) {
			log.Printf("webhooks: %d deliveries recorded, %d never arrived, %d arrived more than once", len(ids), lost, twice)
			return lost, twice
		}
		time.Sleep(time.Second)
	}
}
