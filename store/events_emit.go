//go:build !folio_noevents

package store

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/uptrace/bun"
)

// emit appends events in db, the transaction of the write they record.
// It takes the organization's counter row (locked until the transaction
// ends), so call it last in the transaction, after every other lock: the
// events of an organization then commit in the order of their ids.
// Events of several organizations are appended in organization order, so
// two transactions never wait on each other's counters.
func (s *Store) emit(ctx context.Context, db bun.IDB, events ...ev) error {
	sort.SliceStable(events, func(i, j int) bool { return events[i].org < events[j].org })
	var actor *string
	if a := ActorOf(ctx); a != "" {
		actor = &a
	}
	now := s.Now()
	for len(events) > 0 {
		n := 1
		for n < len(events) && events[n].org == events[0].org {
			n++
		}
		group := events[:n]
		events = events[n:]
		// One counter update and one insert per organization, whatever the
		// number of events.
		var last int64
		err := db.NewRaw(`INSERT INTO event_counters AS c (organization_id, last_id) VALUES (?, ?)
			ON CONFLICT (organization_id) DO UPDATE SET last_id = c.last_id + EXCLUDED.last_id RETURNING last_id`,
			group[0].org, n).Scan(ctx, &last)
		if err != nil {
			return fmt.Errorf("append event: %w", err)
		}
		rows := make([]Event, n)
		for i, e := range group {
			payload := e.payload
			if payload == nil {
				payload = P{}
			}
			b, err := json.Marshal(payload)
			if err != nil {
				return fmt.Errorf("append event: %w", err)
			}
			rows[i] = Event{OrganizationID: e.org, ID: last - int64(n-1-i), Type: e.typ, ActorID: actor,
				ObjectID: e.object, CreatedAt: now, Payload: b}
			if e.space != "" {
				rows[i].SpaceID = &e.space
			}
		}
		// Payloads go in as text cast to jsonb: bun's own JSON appender
		// mangles an escaped backslash before "u0000".
		var sql strings.Builder
		args := make([]any, 0, 8*n)
		sql.WriteString(`INSERT INTO events (organization_id, id, type, actor_id, object_id, space_id, created_at, payload) VALUES `)
		for i, r := range rows {
			if i > 0 {
				sql.WriteString(", ")
			}
			sql.WriteString("(?, ?, ?, ?, ?, ?, ?, ?::jsonb)")
			args = append(args, r.OrganizationID, r.ID, string(r.Type), r.ActorID, r.ObjectID, r.SpaceID, r.CreatedAt, string(r.Payload))
		}
		if _, err := db.NewRaw(sql.String(), args...).Exec(ctx); err != nil {
			return fmt.Errorf("append event: %w", err)
		}
		if err := s.afterEvents(ctx, db, rows); err != nil {
			return err
		}
	}
	return nil
}

// afterEvents does, in the events' transaction, what follows them: one
// webhook delivery per event and webhook that wants it.
func (s *Store) afterEvents(ctx context.Context, db bun.IDB, rows []Event) error {
	return s.enqueueDeliveries(ctx, db, rows)
}
