package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"folio/store"
)

// Housekeeping is the periodic job that deletes what sign-in leaves behind
// once it is of no use: sessions past their absolute lifetime, one-time
// mail links past their expiry (used or not), and single sign-on state
// (requests never answered, the replay cache of assertions) that has
// expired. Like the events prune, River runs it on its leader only.
type Housekeeping struct{}

// Kind names the job in River's tables.
func (Housekeeping) Kind() string { return "accounts_housekeeping" }

// InsertOpts retries a failed round a few times; the next period cleans up
// anyway.
func (Housekeeping) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 3} }

// DefaultHousekeepingEvery is how often housekeeping runs. Nothing depends
// on it for security: an ended session, an expired link and a stale SSO
// request are refused whether or not their row is still there.
const DefaultHousekeepingEvery = time.Hour

type housekeepingWorker struct {
	river.WorkerDefaults[Housekeeping]
	store   *store.Store
	observe func(kind string) (done func(error))
}

// Work prunes each table; one failing does not keep the others.
func (w *housekeepingWorker) Work(ctx context.Context, job *river.Job[Housekeeping]) error {
	done := w.observe(job.Kind)
	sessions, errSess := w.store.PruneSessions(ctx)
	links, errLinks := w.store.PruneAuthLinks(ctx)
	errSSO := w.store.PruneSSO(ctx)
	err := errors.Join(errSess, errLinks, errSSO)
	if sessions > 0 || links > 0 {
		slog.InfoContext(ctx, "housekeeping", "sessions_deleted", sessions, "links_deleted", links)
	}
	done(err)
	if err != nil {
		return fmt.Errorf("housekeeping: %w", err)
	}
	return nil
}
