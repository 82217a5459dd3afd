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

type pruneEventsWorker struct {
	river.WorkerDefaults[PruneEvents]
	store     *store.Store
	retention time.Duration
	observe   func(kind string) (done func(error))
}

// Work deletes the events older than the retention.
func (w *pruneEventsWorker) Work(ctx context.Context, job *river.Job[PruneEvents]) error {
	done := w.observe(job.Kind)
	n, err := w.store.PruneEvents(ctx, w.retention)
	if err == nil && n > 0 {
		slog.InfoContext(ctx, "pruned events", "count", n, "retention", w.retention.String())
	}
	if err == nil {
		// Expired Idempotency-Keys go in the same round.
		_, err = w.store.PruneIdempotencyKeys(ctx)
	}
	done(err)
	if err != nil {
		return fmt.Errorf("prune: %w", err)
	}
	return nil
}
