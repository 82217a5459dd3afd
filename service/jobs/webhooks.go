package jobs

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"folio/internal/fetch"
	"folio/store"
)

// Webhook delivery defaults (Config overrides them).
const (
	DefaultWebhookBackoff  = 10 * time.Second // first retry; each next one waits twice as long
	DefaultWebhookMaxWait  = time.Hour        // longest wait between two attempts
	DefaultWebhookRetryFor = 24 * time.Hour   // a delivery failing this long fails for good
	DefaultWebhookSweep    = 5 * time.Second  // how often due deliveries are checked for a job
)

// SignatureHeader carries a delivery's signature: t=<unix seconds>,v1=<hex
// HMAC-SHA256 of "<t>.<body>" keyed with the webhook's secret>.
const SignatureHeader = "X-Folio-Signature"

// Sign computes the X-Folio-Signature value of body sent at t.
func Sign(secret string, t time.Time, body []byte) string {
	ts := strconv.FormatInt(t.Unix(), 10)
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(ts + "."))
	m.Write(body)
	return "t=" + ts + ",v1=" + hex.EncodeToString(m.Sum(nil))
}

// webhookWorker sends one webhook's pending deliveries, oldest first, one
// at a time: a later event never arrives before an earlier one. A failed
// attempt waits (exponential backoff) and holds back the deliveries behind
// it; after RetryFor the delivery fails and the webhook is turned off.
type webhookWorker struct {
	river.WorkerDefaults[store.DeliverWebhook]
	store    *store.Store
	pool     *pgxpool.Pool // River's own, for finish
	fetcher  *fetch.Fetcher
	backoff  time.Duration
	maxWait  time.Duration
	retryFor time.Duration
	// run is how long one run may take (jobRun): the queue is left for the
	// next run at three quarters of it, and the run is cut at it.
	run     time.Duration
	observe func(kind string) (done func(error))
}

// Timeout bounds one run; a long queue continues in the next run.
func (w *webhookWorker) Timeout(*river.Job[store.DeliverWebhook]) time.Duration {
	return w.run
}

// Work sends what is due and snoozes until the next attempt is.
func (w *webhookWorker) Work(ctx context.Context, job *river.Job[store.DeliverWebhook]) error {
	done := w.observe(job.Kind)
	err := w.work(ctx, job)
	var snooze *river.JobSnoozeError
	if errors.As(err, &snooze) {
		done(nil)
	} else {
		done(err)
	}
	return err
}

func (w *webhookWorker) work(ctx context.Context, job *river.Job[store.DeliverWebhook]) error {
	id := job.Args.WebhookID
	started := time.Now()
	for {
		hook, d, err := w.store.NextDelivery(ctx, id)
		if err != nil {
			return fmt.Errorf("webhook %s: %w", id, err)
		}
		if d == nil {
			more, err := w.finish(ctx, job)
			if err != nil || !more {
				return err
			}
			// Most often events of a write that committed, waiting for
			// their numbering (a few milliseconds) to become deliveries.
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(2 * time.Millisecond):
			}
			continue
		}
		now := w.store.Now()
		if wait := d.NextAttemptAt.Sub(now); wait > 0 {
			return river.JobSnooze(wait)
		}
		if time.Since(started) > w.run*3/4 {
			return river.JobSnooze(time.Millisecond) // the rest in a fresh run
		}
		if err := w.attempt(ctx, hook, d); err != nil {
			return err
		}
	}
}

// finish completes the job when no delivery is pending, or reports that
// one arrived. A write that queues a delivery holds its webhook's row (FOR
// KEY SHARE, store's kickWebhooks) from before it asks for a job until it
// commits, and River refuses that job while this one runs. So the check
// and the completion take the row first (FOR UPDATE), in one transaction:
// either the write committed before, and its delivery is seen here, or it
// asks for its job after this one is completed, and gets a new one. A
// committed write's delivery is made when its events are numbered, just
// after its commit (store's events_number.go): until then its events wait
// in event_pending naming the webhook, and count as a delivery pending
// here (numbering deletes them and makes the deliveries in one commit, so
// the check sees one or the other).
// Completed after Work returned, as River does by itself, the job would
// leave such a delivery to the sweep (seconds later: a 5 s p99 in make
// bench's webhook latency).
func (w *webhookWorker) finish(ctx context.Context, job *river.Job[store.DeliverWebhook]) (more bool, err error) {
	tx, err := w.pool.Begin(ctx)
	if err != nil {
		return false, fmt.Errorf("webhook %s: finish: %w", job.Args.WebhookID, err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx)) //nolint:errcheck // after Commit, a no-op
	var active bool
	err = tx.QueryRow(ctx, `SELECT active FROM webhooks WHERE id = $1 FOR UPDATE`, job.Args.WebhookID).Scan(&active)
	switch {
	case errors.Is(err, pgx.ErrNoRows): // deleted: nothing left to send
	case err != nil:
		return false, fmt.Errorf("webhook %s: finish: %w", job.Args.WebhookID, err)
	default:
		// A statement of its own, after the lock: its snapshot sees what
		// the writes that held the row committed.
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM webhook_deliveries
			WHERE webhook_id = $1 AND status = $2 AND ($3 OR redelivery_of IS NOT NULL))
			OR ($3 AND EXISTS (SELECT 1 FROM event_pending WHERE $1 = ANY(hooks)))`,
			job.Args.WebhookID, store.DeliveryPending, active).Scan(&more); err != nil {
			return false, fmt.Errorf("webhook %s: finish: %w", job.Args.WebhookID, err)
		}
		if more {
			return true, nil
		}
	}
	if _, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job); err != nil {
		return false, fmt.Errorf("webhook %s: complete: %w", job.Args.WebhookID, err)
	}
	return false, tx.Commit(ctx)
}

// attempt sends one delivery and records the outcome.
func (w *webhookWorker) attempt(ctx context.Context, hook *store.Webhook, d *store.WebhookDelivery) error {
	at := w.store.Now()
	body := []byte(d.Body)
	h := http.Header{}
	h.Set("Content-Type", "application/json")
	h.Set(SignatureHeader, Sign(hook.Secret, time.Now(), body))
	h.Set("X-Folio-Event", d.EventType)
	h.Set("X-Folio-Delivery", d.ID)
	h.Set("X-Folio-Webhook", hook.ID)
	start := time.Now()
	res, err := w.fetcher.Post(ctx, hook.URL, h, body)
	a := store.DeliveryAttempt{At: at, Duration: time.Since(start)}
	switch {
	case ctx.Err() != nil:
		return ctx.Err() // shutting down: the job comes back, the attempt never happened
	case err != nil:
		a.Error = err.Error()
	case res.Status < 200 || res.Status > 299:
		code := res.Status
		a.Code, a.Error = &code, "answered "+strconv.Itoa(res.Status)
	default:
		code := res.Status
		a.Code = &code
	}
	if a.Error != "" {
		if at.Sub(d.CreatedAt) >= w.retryFor {
			a.DisableReason = fmt.Sprintf("delivery %s failed for %s (%s)", d.ID, w.retryFor, a.Error)
		} else {
			a.Next = at.Add(w.wait(d.Attempts + 1))
		}
	}
	if err := w.store.RecordAttempt(context.WithoutCancel(ctx), d, a); err != nil {
		return fmt.Errorf("webhook %s: record delivery %s: %w", hook.ID, d.ID, err)
	}
	return nil
}

// wait is how long to wait after the n-th failed attempt.
func (w *webhookWorker) wait(n int) time.Duration {
	d := w.backoff
	for i := 1; i < n && d < w.maxWait; i++ {
		d *= 2
	}
	return min(d, w.maxWait)
}

// SweepWebhooks is the periodic job that makes sure every webhook with a
// delivery due has a delivery job (one queued by a write can be skipped
// while the webhook's previous job was finishing).
type SweepWebhooks struct{}

// Kind names the job in River's tables.
func (SweepWebhooks) Kind() string { return "webhook_sweep" }

type sweepWorker struct {
	river.WorkerDefaults[SweepWebhooks]
	store *store.Store
}

// Work numbers the events left pending, then queues a delivery job for
// each webhook with a delivery due.
func (w *sweepWorker) Work(ctx context.Context, _ *river.Job[SweepWebhooks]) error {
	// First the events a stopped server left unnumbered: their deliveries
	// are made by numbering.
	if _, err := w.store.NumberPendingEvents(ctx, time.Second); err != nil {
		return fmt.Errorf("sweep webhooks: %w", err)
	}
	ids, err := w.store.WebhooksDue(ctx)
	if err != nil {
		return fmt.Errorf("sweep webhooks: %w", err)
	}
	return w.store.KickWebhooks(ctx, ids)
}
