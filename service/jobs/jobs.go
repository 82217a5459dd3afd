// Package jobs works Folio's background jobs. The queue is River
// (github.com/riverqueue/river), kept in Folio's own PostgreSQL database:
// the store enqueues jobs in the transaction of the change that needs them,
// every server runs a Runner, and River hands each job to one of them
// (rows locked with SKIP LOCKED), retries it on errors and rescues it
// from a server that died while working it.
package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"folio/internal/fetch"
	"folio/internal/mail"
	mailjob "folio/service/mail"
	"folio/store"
)

// Config tunes the workers of one server.
type Config struct {
	// Fetch governs every download a job makes from a user-supplied URL.
	Fetch fetch.Config
	// MaxWorkers is how many jobs this server works at once (default 10).
	MaxWorkers int
	// PollInterval is how often an idle server looks for jobs that no
	// notification announced (River's default, 1 s, when zero); tests
	// shorten it.
	PollInterval time.Duration
	// Observe, when set, is told when a job of a kind starts and returns
	// what to call with its outcome (the server's metrics.JobStarted).
	Observe func(kind string) (done func(error))
	// EventsRetention is how long change-feed events are kept
	// (store.DefaultEventRetention when zero); a periodic job prunes older ones.
	EventsRetention time.Duration
	// Webhook deliveries: the first retry's wait (doubling up to
	// WebhookMaxWait), how long a failing delivery is retried before it
	// fails and its webhook is turned off, and how often due deliveries are
	// checked for a job. Zero takes the Default* values.
	WebhookBackoff, WebhookMaxWait, WebhookRetryFor, WebhookSweep time.Duration
	// Mail sends the server's e-mail (invitations, password resets, ...);
	// nil is mail off: each mail job is logged and completes unsent.
	Mail *mail.Sender
	// PublicURL is the base of the links in mail (FOLIO_PUBLIC_URL).
	PublicURL string
	// MailBackoff and MailMaxWait tune how a mail that failed is retried
	// (mailjob.DefaultBackoff, DefaultMaxWait when zero; tests shorten them).
	MailBackoff, MailMaxWait time.Duration
	// Logger receives the workers' log lines (slog.Default when nil).
	Logger *slog.Logger
	// HousekeepingEvery is how often ended sessions, expired one-time links
	// and stale single sign-on state are deleted (DefaultHousekeepingEvery
	// when zero).
	HousekeepingEvery time.Duration
	// InsightsRetention is how long site insights events are kept
	// (store.DefaultInsightsRetention when zero).
	InsightsRetention time.Duration
	// RescueAfter is how long a job stays with a server that died working
	// it (kill -9, a lost machine) before another server works it again
	// (DefaultRescueAfter when zero; FOLIO_JOBS_RESCUE_AFTER). A running
	// job on a live server must finish within it, or it is worked twice:
	// every job's run is cut to it (a webhook's queue, a long one, goes on
	// in the next run).
	RescueAfter time.Duration
}

// DefaultRescueAfter is Config.RescueAfter's default: longer than any
// job's run (an OpenAPI document's fetches with their timeouts). While it
// runs, the deliveries of a webhook whose job the dead server held wait.
const DefaultRescueAfter = 10 * time.Minute

// maxJobRun is how long one run of a job may take at most.
const maxJobRun = 5 * time.Minute

// jobRun is how long one run of a job may take when a dead server's jobs
// are rescued after rescue: at most half of it, so that a live server's
// job always ends (or is cancelled) well before another server takes it.
func jobRun(rescue time.Duration) time.Duration { return min(maxJobRun, rescue/2) }

// Runner is one server's running workers.
type Runner struct {
	client   *river.Client[pgx.Tx]
	pool     *pgxpool.Pool
	stopOnce sync.Once
	stopErr  error
}

// Start connects to the store's database and starts working jobs. Stop it
// with Stop; ctx only bounds starting.
func Start(ctx context.Context, s *store.Store, cfg Config) (*Runner, error) {
	if cfg.MaxWorkers <= 0 {
		cfg.MaxWorkers = 10
	}
	// River's worker side needs pgx's own pool (LISTEN/NOTIFY and its
	// queries); the store's database/sql pool stays for everything else.
	// Behind a pooler in transaction mode, LISTEN would listen on a server
	// connection that the next transaction of anyone may get: the pool goes
	// to the direct URL when there is one, else River polls for jobs
	// (PollOnly, every PollInterval) and LISTENs to nothing.
	dsn, listen := s.SessionDSN()
	poolCfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("job workers: database URL: %w", err)
	}
	if !listen {
		store.PooledQueryMode(poolCfg.ConnConfig, dsn)
	}
	pool, err := pgxpool.NewWithConfig(ctx, poolCfg)
	if err != nil {
		return nil, fmt.Errorf("job workers: connect: %w", err)
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	workers := river.NewWorkers()
	observe := cfg.Observe
	if observe == nil {
		observe = func(string) func(error) { return func(error) {} }
	}
	river.AddWorker(workers, &openAPIWorker{store: s, fetcher: fetch.New(cfg.Fetch), observe: observe})
	if cfg.EventsRetention <= 0 {
		cfg.EventsRetention = store.DefaultEventRetention
	}
	rescue := DefaultRescueAfter
	if cfg.RescueAfter > 0 {
		rescue = cfg.RescueAfter
	}
	river.AddWorker(workers, &pruneWorker[PruneEvents]{what: "events", prune: pruneEvents(s, cfg.EventsRetention), observe: observe})
	orDefault := func(d, def time.Duration) time.Duration {
		if d <= 0 {
			return def
		}
		return d
	}
	river.AddWorker(workers, &webhookWorker{store: s, pool: pool, fetcher: fetch.New(cfg.Fetch), observe: observe,
		backoff: orDefault(cfg.WebhookBackoff, DefaultWebhookBackoff), maxWait: orDefault(cfg.WebhookMaxWait, DefaultWebhookMaxWait),
		retryFor: orDefault(cfg.WebhookRetryFor, DefaultWebhookRetryFor), run: min(4*time.Minute, jobRun(rescue))})
	river.AddWorker(workers, &sweepWorker{store: s})
	river.AddWorker(workers, mailjob.NewWorker(mailjob.Config{Store: s, Sender: cfg.Mail, PublicURL: cfg.PublicURL,
		Backoff: cfg.MailBackoff, MaxWait: cfg.MailMaxWait, Observe: observe, Logger: cfg.Logger}))
	river.AddWorker(workers, &housekeepingWorker{store: s, observe: observe})
	insightsRetention := orDefault(cfg.InsightsRetention, store.DefaultInsightsRetention)
	river.AddWorker(workers, &pruneWorker[PruneInsights]{what: "insights events",
		prune: func(ctx context.Context) (int, error) { return s.PruneInsights(ctx, insightsRetention) }, observe: observe})
	periodic := []*river.PeriodicJob{
		river.NewPeriodicJob(river.PeriodicInterval(PruneEventsEvery),
			func() (river.JobArgs, *river.InsertOpts) { return PruneEvents{}, nil },
			&river.PeriodicJobOpts{ID: "events_prune", RunOnStart: true}),
		river.NewPeriodicJob(river.PeriodicInterval(orDefault(cfg.WebhookSweep, DefaultWebhookSweep)),
			func() (river.JobArgs, *river.InsertOpts) { return SweepWebhooks{}, nil },
			&river.PeriodicJobOpts{ID: "webhook_sweep", RunOnStart: true}),
		river.NewPeriodicJob(river.PeriodicInterval(orDefault(cfg.HousekeepingEvery, DefaultHousekeepingEvery)),
			func() (river.JobArgs, *river.InsertOpts) { return Housekeeping{}, nil },
			&river.PeriodicJobOpts{ID: "accounts_housekeeping", RunOnStart: true}),
		river.NewPeriodicJob(river.PeriodicInterval(PruneInsightsEvery),
			func() (river.JobArgs, *river.InsertOpts) { return PruneInsights{}, nil },
			&river.PeriodicJobOpts{ID: "insights_prune", RunOnStart: true}),
	}
	// River refuses a poll interval shorter than the fetch cooldown.
	cooldown := time.Duration(0)
	if cfg.PollInterval > 0 && cfg.PollInterval < river.FetchCooldownDefault {
		cooldown = cfg.PollInterval
	}
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Queues:            map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: cfg.MaxWorkers}},
		Workers:           workers,
		PeriodicJobs:      periodic,
		FetchPollInterval: cfg.PollInterval,
		PollOnly:          !listen,
		FetchCooldown:     cooldown,
		// A job whose server died is worked again once RescueAfter has
		// passed; every run ends well before (jobRun).
		JobTimeout:           jobRun(rescue),
		RescueStuckJobsAfter: rescue,
		Logger:               cfg.Logger.With("component", "jobs"),
	})
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("job workers: %w", err)
	}
	// The client lives until Stop, not until ctx ends: River would treat a
	// cancelled start context as an abrupt stop.
	if err := client.Start(context.WithoutCancel(ctx)); err != nil {
		pool.Close()
		return nil, fmt.Errorf("job workers: start: %w", err)
	}
	return &Runner{client: client, pool: pool}, nil
}

// Stop stops fetching new jobs and waits for running ones until ctx ends;
// then it cancels them. A cancelled job is not lost: it goes back to the
// queue and a server works it again. Stopping twice is stopping once.
func (r *Runner) Stop(ctx context.Context) error {
	r.stopOnce.Do(func() { r.stopErr = r.stop(ctx) })
	return r.stopErr
}

func (r *Runner) stop(ctx context.Context) error {
	defer r.pool.Close()
	err := r.client.Stop(ctx)
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		cancelCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		err = r.client.StopAndCancel(cancelCtx)
	}
	if err != nil {
		return fmt.Errorf("stop job workers: %w", err)
	}
	return nil
}
