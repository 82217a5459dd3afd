package store

import (
	"context"
	"sync/atomic"

	"github.com/uptrace/bun"
)

type queryCountKey struct{}

// WithQueryCounter returns a context whose SQL statements are counted in n.
// The HTTP layer attaches one per request; tests read it to assert that a
// request's statement count does not grow with the data.
func WithQueryCounter(ctx context.Context, n *atomic.Int64) context.Context {
	return context.WithValue(ctx, queryCountKey{}, n)
}

// queryCounter is the bun hook behind WithQueryCounter.
type queryCounter struct{}

func (queryCounter) BeforeQuery(ctx context.Context, _ *bun.QueryEvent) context.Context { return ctx }

func (queryCounter) AfterQuery(ctx context.Context, _ *bun.QueryEvent) { countStatement(ctx) }

// countStatement counts one statement against ctx's counter, for the
// statements sent past bun (and so past its hook).
func countStatement(ctx context.Context) {
	if n, ok := ctx.Value(queryCountKey{}).(*atomic.Int64); ok {
		n.Add(1)
	}
}

type replicaCountKey struct{}

// WithReplicaQueryCounter returns a context whose SQL statements run on a
// read replica (replicas.go) are counted in n, apart from
// WithQueryCounter's count of them all: X-Folio-Replica-Statements, and
// the tests that show which reads leave the primary.
func WithReplicaQueryCounter(ctx context.Context, n *atomic.Int64) context.Context {
	return context.WithValue(ctx, replicaCountKey{}, n)
}

// replicaCounter is the bun hook of replicas behind WithReplicaQueryCounter.
type replicaCounter struct{}

func (replicaCounter) BeforeQuery(ctx context.Context, _ *bun.QueryEvent) context.Context { return ctx }

func (replicaCounter) AfterQuery(ctx context.Context, _ *bun.QueryEvent) { countReplica(ctx) }

// countReplica counts one statement run on a replica against ctx's
// replica counter.
func countReplica(ctx context.Context) {
	if n, ok := ctx.Value(replicaCountKey{}).(*atomic.Int64); ok {
		n.Add(1)
	}
}
