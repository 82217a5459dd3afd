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

	"github.com/riverqueue/river"

	"folio/store"
	"folio/store/fetch"
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
	fetcher  *fetch.Fetcher
	backoff  time.Duration
	maxWait  time.Duration
	retryFor time.Duration
	observe  func(kind string) (done func(error))
}

// Timeout bounds one run; a long queue continues in the next run.
func (w *webhookWorker) Timeout(*river.Job[store.DeliverWebhook]) time.Duration {
	return 4 * time.Minute
}

// Work sends what is due and snoozes until the next attempt is.
func (w *webhookWorker) Work(ctx context.Context, job *river.Job[store.DeliverWebhook]) error {
	done := w.observe(job.Kind)
	err := w.work(ctx, job.Args.WebhookID)
	var snooze *river.JobSnoozeError
	if errors.As(err, &snooze) {
		done(nil)
	} else {
		done(err)
	}
	return err
}

func (w *webhookWorker) work(ctx context.Context, id string) error {
	started := time.Now()
	for {
		hook, d, err := w.store.NextDelivery(ctx, id)
		if err != nil {
			return fmt.Errorf("webhook %s: %w", id, err)
		}
		if d == nil {
			return nil
		}
		now := w.store.Now()
		if wait := d.NextAttemptAt.Sub(now); wait > 0 {
			return river.JobSnooze(wait)
		}
		if time.Since(started) > 3*time.Minute {
			return river.JobSnooze(time.Millisecond) // the rest in a fresh run
		}
		if err := w.attempt(ctx, hook, d); err != nil {
			return err
		}
	}
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

// Work queues a delivery job for each webhook with a delivery due.
func (w *sweepWorker) Work(ctx context.Context, _ *river.Job[SweepWebhooks]) error {
	ids, err := w.store.WebhooksDue(ctx)
	if err != nil {
		return fmt.Errorf("sweep webhooks: %w", err)
	}
	return w.store.KickWebhooks(ctx, ids)
}
