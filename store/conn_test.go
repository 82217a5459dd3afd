package store_test

import (
	"context"
	"testing"

	"folio/store"
	"folio/store/pgtest"
)

// TestConnectionSettings: Folio's connections run without parallel workers
// and with generic plans (see openDB), on every connection of the pool, not
// only the first.
func TestConnectionSettings(t *testing.T) {
	s := pgtest.New(t)
	if s.Pooler() {
		t.Skip("behind PgBouncer the settings are the role's (ALTER ROLE ... SET), not the startup message's: TestPgBouncer")
	}
	ctx := context.Background()
	conns := make([]interface{ Close() error }, 0, 3)
	for range 3 {
		conn, err := s.DB.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, conn)
		var workers string
		if err := conn.QueryRowContext(ctx, "SHOW max_parallel_workers_per_gather").Scan(&workers); err != nil {
			t.Fatal(err)
		}
		if workers != "0" {
			t.Errorf("max_parallel_workers_per_gather = %s on a store connection, want 0", workers)
		}
		var plans string
		if err := conn.QueryRowContext(ctx, "SHOW plan_cache_mode").Scan(&plans); err != nil {
			t.Fatal(err)
		}
		if plans != "force_generic_plan" {
			t.Errorf("plan_cache_mode = %s on a store connection, want force_generic_plan", plans)
		}
	}
	for _, c := range conns {
		c.Close()
	}

	// A DATABASE_URL that names the setting keeps its own value.
	own, err := store.Open(ctx, s.DSN()+"&max_parallel_workers_per_gather=1")
	if err != nil {
		t.Fatal(err)
	}
	defer own.Close()
	var workers string
	if err := own.DB.QueryRowContext(ctx, "SHOW max_parallel_workers_per_gather").Scan(&workers); err != nil {
		t.Fatal(err)
	}
	if workers != "1" {
		t.Errorf("max_parallel_workers_per_gather = %s with the URL's 1, want 1", workers)
	}
}
