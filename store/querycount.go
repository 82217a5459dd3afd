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
