package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"folio/store"
)

// PruneEvents is the periodic job that deletes change-feed events older
// than the retention, and Idempotency-Keys older than 24 hours. River schedules periodic jobs on its elected leader
// only, so however many servers run, one prunes at a time.
type PruneEvents struct{}

// Kind names the job in River's tables.
func (PruneEvents) Kind() string { return "events_prune" }

// InsertOpts retries a failed prune a few times; the next period prunes
// anyway.
func (PruneEvents) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 3} }

// PruneEventsEvery is how often the prune job runs.
const PruneEventsEvery = time.Hour

// pruneWorker works a periodic prune job: prune deletes what is past its
// time and says how many rows went, for the log line naming what.
type pruneWorker[T river.JobArgs] struct {
	river.WorkerDefaults[T]
	what    string
	prune   func(ctx context.Context) (int, error)
	observe func(kind string) (done func(error))
}

// Work runs the prune once.
func (w *pruneWorker[T]) Work(ctx context.Context, job *river.Job[T]) error {
	done := w.observe(job.Kind)
	n, err := w.prune(ctx)
	if err == nil && n > 0 {
		slog.InfoContext(ctx, "pruned "+w.what, "count", n)
	}
	done(err)
	if err != nil {
		return fmt.Errorf("prune %s: %w", w.what, err)
	}
	return nil
}

// pruneEvents deletes change-feed events older than retention and, in the
// same round, expired Idempotency-Keys.
func pruneEvents(s *store.Store, retention time.Duration) func(context.Context) (int, error) {
	return func(ctx context.Context) (int, error) {
		n, err := s.PruneEvents(ctx, retention)
		if err != nil {
			return n, err
		}
		_, err = s.PruneIdempotencyKeys(ctx)
		return n, err
	}
}
