package store

import (
	"context"
	"sync/atomic"
	"testing"
)

// TestWithQueryCounters: one context carries both counters, as the two
// contexts of WithQueryCounter and WithReplicaQueryCounter do, and one
// without a replica counter counts the statements only.
func TestWithQueryCounters(t *testing.T) {
	var n, replica atomic.Int64
	ctx := WithQueryCounters(context.Background(), &n, &replica)
	countStatement(ctx, "SELECT 1")
	countStatement(ctx, "SELECT 2")
	countReplica(ctx)
	if n.Load() != 2 || replica.Load() != 1 {
		t.Errorf("counted %d statements and %d on a replica, want 2 and 1", n.Load(), replica.Load())
	}
	var outer atomic.Int64
	only := WithQueryCounters(WithReplicaQueryCounter(context.Background(), &outer), &n, nil)
	countStatement(only, "SELECT 3")
	countReplica(only) // the parent's replica counter
	if n.Load() != 3 || outer.Load() != 1 || replica.Load() != 1 {
		t.Errorf("without a replica counter: %d, %d, %d", n.Load(), outer.Load(), replica.Load())
	}
}
