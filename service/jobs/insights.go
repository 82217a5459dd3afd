package jobs

import (
	"time"

	"github.com/riverqueue/river"
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
