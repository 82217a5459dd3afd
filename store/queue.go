package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/uptrace/bun"
)

// newQueue builds an insert-only River client over the store's database/sql
// pool: the store enqueues jobs inside its own transactions, so a job exists
// exactly when the change that asked for it commits. Jobs are worked by the
// workers of package service/jobs, which share the tables.
func newQueue(db *sql.DB) (*river.Client[*sql.Tx], error) {
	c, err := river.NewClient(riverdatabasesql.New(db), &river.Config{})
	if err != nil {
		return nil, fmt.Errorf("job queue: %w", err)
	}
	return c, nil
}

// enqueue inserts a job in tx.
func (s *Store) enqueue(ctx context.Context, tx bun.Tx, args river.JobArgs, opts *river.InsertOpts) error {
	if _, err := s.queue.InsertTx(ctx, tx.Tx, args, opts); err != nil {
		return fmt.Errorf("enqueue %s: %w", args.Kind(), err)
	}
	return nil
}
