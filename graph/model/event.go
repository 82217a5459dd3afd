package model

import (
	"encoding/json"
	"strconv"
	"time"

	"folio/store"
)

// Event is one entry of an organization's change feed.
type Event struct {
	Object       string
	ID           string
	Type         string
	Organization string
	Actor        *string
	ObjectID     string
	Space        *string
	CreatedAt    time.Time
	Payload      json.RawMessage
}

// NewEvent wraps a stored event.
func NewEvent(e store.Event) Event {
	return Event{Object: "event", ID: formatInt(e.ID), Type: string(e.Type), Organization: e.OrganizationID,
		Actor: e.ActorID, ObjectID: e.ObjectID, Space: e.SpaceID, CreatedAt: e.CreatedAt, Payload: e.Payload}
}

func formatInt(n int64) string { return strconv.FormatInt(n, 10) }
