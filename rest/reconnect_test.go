package rest_test

import (
	"net/http"
	"sync"
	"testing"

	"folio/rest/resttest"
)

// TestReadsSurviveDroppedConnections: when the database drops every
// connection (a restart, a proxy failover), reads on the dead pooled
// connections run again on fresh ones instead of failing with 500.
func TestReadsSurviveDroppedConnections(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})

	// Fill the pool: concurrent reads each hold a connection.
	var wg sync.WaitGroup
	for range 12 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			alice.Get("/v1/spaces/" + space)
		}()
	}
	wg.Wait()
	ctx := t.Context()
	var killed int
	err := srv.Store.DB.NewRaw(`SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = current_database() AND pid <> pg_backend_pid()) k`).Scan(ctx, &killed)
	if err != nil || killed == 0 {
		t.Fatalf("terminated %d connections: %v", killed, err)
	}
	// Concurrent reads, so the dead connections are taken, not only the
	// one that ran the termination.
	statuses := make(chan int, 60)
	for range 3 {
		for range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses <- alice.Get("/v1/spaces/" + space).Status
			}()
		}
		wg.Wait()
	}
	close(statuses)
	for s := range statuses {
		if s != http.StatusOK {
			t.Errorf("a read after the connections dropped: %d", s)
		}
	}
	if got := resttest.Str(alice.Get("/v1/orgs/"+org).Expect(http.StatusOK).JSON(), "id"); got != org {
		t.Fatalf("organization %q", got)
	}
}
