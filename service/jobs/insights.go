package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"folio/store"
)

// PruneInsights is the periodic job that deletes site insights events
// older than the retention (FOLIO_INSIGHTS_RETENTION) and the visitor
// salts of past days. Like the other prunes, River runs it on its leader
// only.
type PruneInsights struct{}

// Kind names the job in River's tables.
func (PruneInsights) Kind() string { return "insights_prune" }

// InsertOpts retries a failed prune a few times; the next period prunes
// anyway.
func (PruneInsights) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 3} }

// PruneInsightsEvery is how often the insights prune runs.
const PruneInsightsEvery = time.Hour

type pruneInsightsWorker struct {
	river.WorkerDefaults[PruneInsights]
	store     *store.Store
	retention time.Duration
	observe   func(kind string) (done func(error))
}

// Work deletes the events older than the retention.
func (w *pruneInsightsWorker) Work(ctx context.Context, job *river.Job[PruneInsights]) error {
	done := w.observe(job.Kind)
	n, err := w.store.PruneInsights(ctx, w.retention)
	if err == nil && n > 0 {
		slog.InfoContext(ctx, "pruned insights events", "count", n, "retention", w.retention.String())
	}
	done(err)
	if err != nil {
		return fmt.Errorf("prune insights: %w", err)
	}
	return nil
}
