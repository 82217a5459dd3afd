package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/uptrace/bun"

	"folio/domain"
)

// Webhook sends an organization's events of some types to a URL.
type Webhook struct {
	bun.BaseModel `bun:"table:webhooks,alias:wh"`

	ID             string    `bun:"id,pk"`
	OrganizationID string    `bun:"organization_id"`
	URL            string    `bun:"url"`
	Events         []string  `bun:"events,array"`
	Secret         string    `bun:"secret"`
	Active         bool      `bun:"active"`
	DisabledReason *string   `bun:"disabled_reason"`
	CreatedAt      time.Time `bun:"created_at"`
	UpdatedAt      time.Time `bun:"updated_at"`
}

// Delivery statuses.
const (
	DeliveryPending   = "pending"   // waiting for its first or next attempt
	DeliveryDelivered = "delivered" // answered 2xx
	DeliveryFailed    = "failed"    // retried for the whole retry window; given up
)

// WebhookDelivery is one event sent (or to send) to one webhook.
type WebhookDelivery struct {
	bun.BaseModel `bun:"table:webhook_deliveries,alias:dl"`

	ID             string     `bun:"id,pk"`
	Seq            int64      `bun:"seq,scanonly"`
	OrganizationID string     `bun:"organization_id"`
	WebhookID      string     `bun:"webhook_id"`
	EventID        int64      `bun:"event_id"`
	EventType      string     `bun:"event_type"`
	Body           string     `bun:"body"`
	RedeliveryOf   *string    `bun:"redelivery_of"`
	Status         string     `bun:"status"`
	Attempts       int        `bun:"attempts"`
	ResponseCode   *int       `bun:"response_code"`
	DurationMs     *int       `bun:"duration_ms"`
	Error          *string    `bun:"error"`
	CreatedAt      time.Time  `bun:"created_at"`
	NextAttemptAt  time.Time  `bun:"next_attempt_at"`
	LastAttemptAt  *time.Time `bun:"last_attempt_at"`
	DeliveredAt    *time.Time `bun:"delivered_at"`
}

// DeliverWebhook is the job that sends a webhook's pending deliveries, in
// order. At most one exists per webhook at a time (unique while available,
// scheduled or running), so two servers never send one webhook's events
// at once or out of order.
type DeliverWebhook struct {
	WebhookID string `json:"webhook_id"`
}

// Kind names the job in River's tables.
func (DeliverWebhook) Kind() string { return "webhook_deliver" }

// InsertOpts makes the job unique per webhook; it snoozes between retries
// and never runs out of attempts (the retry window ends a delivery).
func (DeliverWebhook) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 25, UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: []rivertype.JobState{
		rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRunning,
		rivertype.JobStateScheduled, rivertype.JobStateRetryable}}}
}

// eventBody is the JSON a webhook receives: the event as the feed shows it.
type eventBody struct {
	Object       string          `json:"object"`
	ID           string          `json:"id"`
	Type         EventType       `json:"type"`
	Organization string          `json:"organization"`
	Actor        *string         `json:"actor,omitempty"`
	ObjectID     string          `json:"objectId"`
	Space        *string         `json:"space,omitempty"`
	CreatedAt    string          `json:"createdAt"`
	Payload      json.RawMessage `json:"payload"`
}

// kickWebhooks queues the delivery job of each webhook (once each), holding
// the webhooks' rows until the transaction ends.
func (s *Store) kickWebhooks(ctx context.Context, db bun.IDB, hooks []string) error {
	if len(hooks) == 0 {
		return nil
	}
	tx, ok := db.(bun.Tx)
	if !ok {
		return fmt.Errorf("enqueue webhook deliveries: not in a transaction")
	}
	// Held until commit: see the delivery worker's finish (service/jobs).
	if _, err := tx.NewRaw("SELECT 1 FROM webhooks WHERE id IN (?) ORDER BY id FOR KEY SHARE", bun.In(hooks)).Exec(ctx); err != nil {
		return dbError(err, "webhook")
	}
	seen := map[string]bool{}
	for _, h := range hooks {
		if seen[h] {
			continue
		}
		seen[h] = true
		if err := s.enqueue(ctx, tx, DeliverWebhook{WebhookID: h}, nil); err != nil {
			return err
		}
	}
	return nil
}

// NewWebhookSecret makes a signing secret: "whsec_" and 32 random bytes in hex.
func NewWebhookSecret() string {
	b := make([]byte, 32)
	rand.Read(b) //nolint:errcheck // crypto/rand never fails on supported platforms
	return "whsec_" + hex.EncodeToString(b)
}

// CheckEventTypes refuses types that are neither event types nor
// "<object>.*" of one.
func CheckEventTypes(field string, types []string) error {
	for _, t := range types {
		ok := false
		for _, known := range EventTypes {
			if string(known) == t || (strings.HasSuffix(t, ".*") && strings.HasPrefix(string(known), strings.TrimSuffix(t, "*"))) {
				ok = true
				break
			}
		}
		if !ok {
			return domain.Invalid(field, "%q is not an event type (docs/api/change-feed.md lists them; \"space.*\" takes every space event)", t)
		}
	}
	return nil
}

// CreateWebhook creates a webhook with a new secret.
func (s *Store) CreateWebhook(ctx context.Context, orgID, url string, events []string, active bool) (*Webhook, error) {
	if events == nil {
		events = []string{}
	}
	w := &Webhook{ID: domain.NewID(), OrganizationID: orgID, URL: url, Events: events, Secret: NewWebhookSecret(), Active: active,
		CreatedAt: s.Now(), UpdatedAt: s.Now()}
	err := s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		_, err := tx.NewInsert().Model(w).Exec(ctx)
		return dbError(err, "webhook")
	}, ev{org: orgID, typ: EventWebhookCreated, object: w.ID, payload: P{"events": events}}) // never the URL: it may hold a token
	if err != nil {
		return nil, err
	}
	return w, nil
}

// Webhook loads a webhook of an organization; NOT_FOUND otherwise.
func (s *Store) Webhook(ctx context.Context, orgID, id string) (*Webhook, error) {
	w := new(Webhook)
	err := s.DB.NewSelect().Model(w).Where("wh.id = ? AND wh.organization_id = ?", id, orgID).Scan(ctx)
	return w, dbError(err, "webhook")
}

var webhookKeyset = keyset{name: "webhooks", cols: []string{"wh.created_at", "wh.id"}}

// ListWebhooks lists an organization's webhooks, oldest first.
func (s *Store) ListWebhooks(ctx context.Context, orgID string, args PageArgs) (Page[Webhook], error) {
	q := s.DB.NewSelect().Model((*Webhook)(nil)).Where("wh.organization_id = ?", orgID)
	return listPage(ctx, s, q, webhookKeyset, args, func(w *Webhook) []any { return []any{w.CreatedAt, w.ID} })
}

// WebhookPatch holds the fields of a webhook update; nil leaves one as it is.
type WebhookPatch struct {
	URL    *string
	Events *[]string
	Active *bool
}

// UpdateWebhook applies a patch. Turning a webhook on again clears why it
// was turned off and sends what waited meanwhile.
func (s *Store) UpdateWebhook(ctx context.Context, orgID, id string, p WebhookPatch) (*Webhook, error) {
	w := new(Webhook)
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		q := tx.NewUpdate().Model(w).Where("id = ? AND organization_id = ?", id, orgID).Set("updated_at = ?", s.Now())
		var changed []string
		if p.URL != nil {
			q.Set("url = ?", *p.URL)
			changed = append(changed, "url")
		}
		if p.Events != nil {
			q.Set("events = ?", pgArray(*p.Events))
			changed = append(changed, "events")
		}
		if p.Active != nil {
			q.Set("active = ?", *p.Active)
			if *p.Active {
				q.Set("disabled_reason = NULL")
			}
			changed = append(changed, "active")
		}
		if err := q.Returning("*").Scan(ctx); err != nil {
			return dbError(err, "webhook")
		}
		if p.Active != nil && *p.Active {
			// Deliveries that waited while it was off wait no more.
			if _, err := tx.NewUpdate().Table("webhook_deliveries").Set("next_attempt_at = ?", s.Now()).
				Where("webhook_id = ? AND status = ?", id, DeliveryPending).Exec(ctx); err != nil {
				return dbError(err, "webhook delivery")
			}
			if err := s.kickWebhooks(ctx, tx, []string{id}); err != nil {
				return err
			}
		}
		return s.emit(ctx, tx, ev{org: orgID, typ: EventWebhookUpdated, object: id, payload: P{"changed": changed, "active": w.Active}})
	})
	return w, err
}

// DeleteWebhook deletes a webhook and its delivery log.
func (s *Store) DeleteWebhook(ctx context.Context, orgID, id string) error {
	return s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewDelete().Model((*Webhook)(nil)).Where("id = ? AND organization_id = ?", id, orgID).Exec(ctx)
		if err != nil {
			return dbError(err, "webhook")
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return domain.NotFound("webhook")
		}
		return nil
	}, ev{org: orgID, typ: EventWebhookDeleted, object: id})
}

var deliveryKeyset = keyset{name: "webhook-deliveries", cols: []string{"dl.seq"}, desc: true}

// ListWebhookDeliveries lists a webhook's deliveries, newest first.
func (s *Store) ListWebhookDeliveries(ctx context.Context, webhookID string, args PageArgs) (Page[WebhookDelivery], error) {
	q := s.DB.NewSelect().Model((*WebhookDelivery)(nil)).ColumnExpr("dl.*").Where("dl.webhook_id = ?", webhookID)
	return listPage(ctx, s, q, deliveryKeyset, args, func(d *WebhookDelivery) []any { return []any{d.Seq} })
}

// Redeliver queues a delivery's event again, as a new delivery at the end
// of the webhook's queue; it is sent even if the webhook is off.
func (s *Store) Redeliver(ctx context.Context, w *Webhook, deliveryID string) (*WebhookDelivery, error) {
	d := new(WebhookDelivery)
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		src := new(WebhookDelivery)
		if err := tx.NewSelect().Model(src).ColumnExpr("dl.*").Where("dl.id = ? AND dl.webhook_id = ?", deliveryID, w.ID).Scan(ctx); err != nil {
			return dbError(err, "delivery")
		}
		*d = WebhookDelivery{ID: domain.NewID(), OrganizationID: w.OrganizationID, WebhookID: w.ID, EventID: src.EventID,
			EventType: src.EventType, Body: src.Body, RedeliveryOf: &src.ID, Status: DeliveryPending,
			CreatedAt: s.Now(), NextAttemptAt: s.Now()}
		if _, err := tx.NewInsert().Model(d).Exec(ctx); err != nil {
			return dbError(err, "delivery")
		}
		if err := s.kickWebhooks(ctx, tx, []string{w.ID}); err != nil {
			return err
		}
		return s.emit(ctx, tx, ev{org: w.OrganizationID, typ: EventWebhookRedelivered, object: w.ID,
			payload: P{"delivery": d.ID, "redeliveryOf": src.ID, "event": src.EventID}})
	})
	if err != nil {
		return nil, err
	}
	return s.webhookDelivery(ctx, d.ID)
}

// WebhookDelivery returns one delivery of a webhook, as
// ListWebhookDeliveries lists it; NOT_FOUND for another webhook's.
func (s *Store) WebhookDelivery(ctx context.Context, webhookID, id string) (*WebhookDelivery, error) {
	d := new(WebhookDelivery)
	err := s.DB.NewSelect().Model(d).ColumnExpr("dl.*").Where("dl.id = ? AND dl.webhook_id = ?", id, webhookID).Scan(ctx)
	return d, dbError(err, "delivery")
}

func (s *Store) webhookDelivery(ctx context.Context, id string) (*WebhookDelivery, error) {
	d := new(WebhookDelivery)
	err := s.DB.NewSelect().Model(d).ColumnExpr("dl.*").Where("dl.id = ?", id).Scan(ctx)
	return d, dbError(err, "delivery")
}

// NextDelivery returns a webhook and the first of its pending deliveries
// (in event order); nil when there is none. A webhook that is off sends
// only redeliveries.
func (s *Store) NextDelivery(ctx context.Context, webhookID string) (*Webhook, *WebhookDelivery, error) {
	w := new(Webhook)
	if err := s.DB.NewSelect().Model(w).Where("wh.id = ?", webhookID).Scan(ctx); err != nil {
		if domain.ErrorCode(dbError(err, "webhook")) == domain.CodeNotFound {
			return nil, nil, nil
		}
		return nil, nil, err
	}
	d := new(WebhookDelivery)
	q := s.DB.NewSelect().Model(d).ColumnExpr("dl.*").Where("dl.webhook_id = ? AND dl.status = ?", webhookID, DeliveryPending)
	if !w.Active {
		q.Where("dl.redelivery_of IS NOT NULL")
	}
	if err := q.OrderExpr("dl.seq").Limit(1).Scan(ctx); err != nil {
		if domain.ErrorCode(dbError(err, "delivery")) == domain.CodeNotFound {
			return w, nil, nil
		}
		return nil, nil, err
	}
	return w, d, nil
}

// DeliveryAttempt is the outcome of one attempt.
type DeliveryAttempt struct {
	At       time.Time
	Code     *int // the answer's status; nil when there was none
	Duration time.Duration
	Error    string // why it failed; "" when it was delivered
	// Next is when to try again; zero gives up: the delivery fails and
	// the webhook is turned off (DisableReason).
	Next          time.Time
	DisableReason string
}

// RecordAttempt writes an attempt's outcome on its delivery. A failure that
// turns the webhook off queues a mail to each admin of its organization.
func (s *Store) RecordAttempt(ctx context.Context, d *WebhookDelivery, a DeliveryAttempt) error {
	ms := int(a.Duration.Milliseconds())
	return s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		q := tx.NewUpdate().Table("webhook_deliveries").Where("id = ?", d.ID).
			Set("attempts = attempts + 1, last_attempt_at = ?, response_code = ?, duration_ms = ?", a.At, a.Code, ms)
		switch {
		case a.Error == "":
			q.Set("status = ?, delivered_at = ?, error = NULL", DeliveryDelivered, a.At)
		case a.Next.IsZero():
			q.Set("status = ?, error = ?", DeliveryFailed, a.Error)
		default:
			q.Set("error = ?, next_attempt_at = ?", a.Error, a.Next)
		}
		if _, err := q.Exec(ctx); err != nil {
			return dbError(err, "delivery")
		}
		if a.Error == "" || !a.Next.IsZero() {
			return nil
		}
		var turnedOff []string // the webhook's URL, when this turned it off
		err := tx.NewUpdate().Table("webhooks").Set("active = false, disabled_reason = ?, updated_at = ?", a.DisableReason, a.At).
			Where("id = ? AND active", d.WebhookID).Returning("url").Scan(ctx, &turnedOff)
		if err != nil {
			return dbError(err, "webhook")
		}
		if len(turnedOff) == 1 {
			if err := s.mailWebhookDisabled(ctx, tx, d, turnedOff[0], a.DisableReason); err != nil {
				return err
			}
		}
		// The reason stays in the webhook, for admins: it may name the URL.
		return s.emit(ctx, tx, ev{org: d.OrganizationID, typ: EventWebhookDisabled, object: d.WebhookID, payload: P{"delivery": d.ID}})
	})
}

// mailWebhookDisabled queues, in tx, one mail to each admin of the
// webhook's organization saying that it was turned off, and why.
func (s *Store) mailWebhookDisabled(ctx context.Context, tx bun.Tx, d *WebhookDelivery, url, reason string) error {
	var admins []string
	if err := tx.NewSelect().TableExpr("members AS m").Join("JOIN users AS u ON u.id = m.user_id").
		Column("u.email").Where("m.organization_id = ? AND m.role = ?", d.OrganizationID, domain.RoleAdmin).
		OrderExpr("u.email").Scan(ctx, &admins); err != nil {
		return dbError(err, "member")
	}
	for _, to := range admins {
		if err := s.enqueueMail(ctx, tx, Mail{Template: MailWebhookDisabled, To: to, OrganizationID: d.OrganizationID,
			WebhookID: d.WebhookID, Data: map[string]string{"url": url, "reason": reason}}); err != nil {
			return err
		}
	}
	return nil
}

// WebhooksDue lists the webhooks with a pending delivery due by now, for
// the sweeper that makes sure each has a delivery job.
func (s *Store) WebhooksDue(ctx context.Context) ([]string, error) {
	var ids []string
	err := s.DB.NewRaw(`SELECT DISTINCT dl.webhook_id FROM webhook_deliveries AS dl JOIN webhooks AS wh ON wh.id = dl.webhook_id
		WHERE dl.status = ? AND dl.next_attempt_at <= ? AND (wh.active OR dl.redelivery_of IS NOT NULL)`, DeliveryPending, s.Now()).Scan(ctx, &ids)
	return ids, err
}

// KickWebhooks queues the delivery job of each webhook (unique per webhook).
func (s *Store) KickWebhooks(ctx context.Context, ids []string) error {
	return s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error { return s.kickWebhooks(ctx, tx, ids) })
}
