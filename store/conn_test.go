package store_test

import (
	"context"
	"testing"

	"folio/store/pgtest"
)

// TestNoParallelQuery: Folio's connections run without parallel workers
// (see openDB), on every connection of the pool, not only the first.
func TestNoParallelQuery(t *testing.T) {
	s := pgtest.New(t)
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
	}
	for _, c := range conns {
		c.Close()
	}
}
