package store

import (
	"context"

	"github.com/uptrace/bun"
)

// WatchStatements calls f with the text of every statement the store runs
// from now on, after it ran: for tests and tools that check what a request
// did (a preview that must not write, say) without reaching for bun.
func (s *Store) WatchStatements(f func(query string)) {
	s.DB.AddQueryHook(statementWatch(f))
}

type statementWatch func(query string)

func (statementWatch) BeforeQuery(ctx context.Context, _ *bun.QueryEvent) context.Context { return ctx }

func (w statementWatch) AfterQuery(_ context.Context, e *bun.QueryEvent) { w(e.Query) }
