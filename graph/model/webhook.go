package model

import (
	"time"

	"folio/store"
)

// Webhook is a webhook as the API shows it; Secret is set only in the
// answer that creates it.
type Webhook struct {
	Object         string
	ID             string
	Organization   string
	URL            string
	Events         []string
	Active         bool
	DisabledReason *string
	Secret         *string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// NewWebhook wraps a stored webhook, without its secret.
func NewWebhook(w store.Webhook) Webhook {
	events := w.Events
	if events == nil {
		events = []string{}
	}
	return Webhook{Object: "webhook", ID: w.ID, Organization: w.OrganizationID, URL: w.URL, Events: events,
		Active: w.Active, DisabledReason: w.DisabledReason, CreatedAt: w.CreatedAt, UpdatedAt: w.UpdatedAt}
}

// WebhookDelivery is a delivery as the API shows it.
type WebhookDelivery struct {
	Object        string
	ID            string
	Webhook       string
	Event         string
	EventType     string
	Status        string
	Attempts      int
	ResponseCode  *int
	DurationMs    *int
	Error         *string
	RedeliveryOf  *string
	CreatedAt     time.Time
	LastAttemptAt *time.Time
	NextAttemptAt *time.Time
	DeliveredAt   *time.Time
}

// NewWebhookDelivery wraps a stored delivery; nextAttemptAt only while pending.
func NewWebhookDelivery(d store.WebhookDelivery) WebhookDelivery {
	out := WebhookDelivery{Object: "webhook-delivery", ID: d.ID, Webhook: d.WebhookID, Event: formatInt(d.EventID), EventType: d.EventType,
		Status: d.Status, Attempts: d.Attempts, ResponseCode: d.ResponseCode, DurationMs: d.DurationMs, Error: d.Error,
		RedeliveryOf: d.RedeliveryOf, CreatedAt: d.CreatedAt, LastAttemptAt: d.LastAttemptAt, DeliveredAt: d.DeliveredAt}
	if d.Status == store.DeliveryPending {
		next := d.NextAttemptAt
		out.NextAttemptAt = &next
	}
	return out
}
