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

func (queryCounter) AfterQuery(ctx context.Context, e *bun.QueryEvent) { countStatement(ctx, e.Query) }

// countStatement counts one statement (query is its text) against ctx's
// counter and hands it to ctx's statement log, for the statements sent
// past bun (and so past its hook) too.
func countStatement(ctx context.Context, query string) {
	if n, ok := ctx.Value(queryCountKey{}).(*atomic.Int64); ok {
		n.Add(1)
	}
	if f, ok := ctx.Value(statementLogKey{}).(func(string)); ok {
		f(query)
	}
}

type statementLogKey struct{}

// WithStatementLog returns a context whose SQL statements are handed to f
// (their text, after they ran), those sent past bun included, which
// WatchStatements does not see. The benchmark's direct baseline is tested
// with it to run the very statements Folio runs for the same request.
func WithStatementLog(ctx context.Context, f func(query string)) context.Context {
	return context.WithValue(ctx, statementLogKey{}, f)
}

type replicaCountKey struct{}

// countersContext is WithQueryCounters' context.
type countersContext struct {
	context.Context
	n, replica *atomic.Int64
}

func (c *countersContext) Value(key any) any {
	switch key.(type) {
	case queryCountKey:
		if c.n != nil {
			return c.n
		}
	case replicaCountKey:
		if c.replica != nil {
			return c.replica
		}
	}
	return c.Context.Value(key)
}

// WithQueryCounters is WithReplicaQueryCounter(WithQueryCounter(ctx, n),
// replica), in one allocation (the HTTP layer makes one per request).
func WithQueryCounters(ctx context.Context, n, replica *atomic.Int64) context.Context {
	return &countersContext{Context: ctx, n: n, replica: replica}
}

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
