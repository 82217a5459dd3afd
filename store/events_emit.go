//go:build !folio_noevents

package store

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"time"

	"github.com/uptrace/bun"
)

// EventsEmitted is whether writes append events (false in a binary built
// with -tags folio_noevents, whose caches of published sites then keep
// nothing: nothing would tell them of a change).
const EventsEmitted = true

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
		if err := s.appendEvents(ctx, db, actor, now, events[:n]); err != nil {
			return err
		}
		if s.changes != nil {
			types := make([]EventType, n)
			for i, e := range events[:n] {
				types[i] = e.typ
			}
			s.changed(events[0].org, types)
		}
		events = events[n:]
	}
	return nil
}

// appendEventsSQL appends the events of one organization in one round
// trip: the counter upsert that numbers them, the event rows, and one
// webhook delivery per (event, active webhook of the organization that
// wants its type). One statement because every write of an organization
// waits for the counter row from here until its commit: each round trip
// spent after taking it is spent by all of them in turn (make bench,
// "Change feed cost", measures what it costs).
//
// A delivery's body is the event as the feed shows it (eventBody), built
// in Go but for the id, which only the counter knows: the statement puts
// it between the body's head and tail. Payloads go in as text cast to
// jsonb: bun's own JSON appender mangles an escaped backslash before
// "u0000".
const appendEventsSQL = `WITH c AS (
	INSERT INTO event_counters AS c (organization_id, last_id) VALUES ($1::text, $2::bigint)
	ON CONFLICT (organization_id) DO UPDATE SET last_id = c.last_id + EXCLUDED.last_id
	RETURNING last_id
), x AS (
	SELECT c.last_id - $2 + x.n AS id, x.type, x.object_id, NULLIF(x.space_id, '') AS space_id, x.payload, x.tail, x.n
	FROM c, unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) WITH ORDINALITY AS x(type, object_id, space_id, payload, tail, n)
), e AS (
	INSERT INTO events (organization_id, id, type, actor_id, object_id, space_id, created_at, payload)
	SELECT $1, x.id, x.type, $8::text, x.object_id, x.space_id, $9::timestamptz, x.payload::jsonb FROM x
), d AS (
	INSERT INTO webhook_deliveries (id, organization_id, webhook_id, event_id, event_type, body, created_at, next_attempt_at)
	SELECT substr(md5(random()::text || clock_timestamp()::text || wh.id || x.id), 1, 20), wh.organization_id, wh.id, x.id, x.type,
		$10::text || x.id || x.tail, $9, $9
	FROM webhooks AS wh, x
	WHERE wh.organization_id = $1 AND wh.active
	  AND (cardinality(wh.events) = 0 OR x.type = ANY(wh.events) OR split_part(x.type, '.', 1) || '.*' = ANY(wh.events))
	ORDER BY wh.id, x.n
	ON CONFLICT DO NOTHING
	RETURNING webhook_id
)
SELECT webhook_id FROM d`

// bodyHead is how every delivery body starts, up to the event's id.
const bodyHead = `{"object":"event","id":"`

// appendEvents appends events of one organization and queues the delivery
// job of each webhook that got one.
func (s *Store) appendEvents(ctx context.Context, db bun.IDB, actor *string, now time.Time, group []ev) error {
	n := len(group)
	types, objects, spaces := make([]string, n), make([]string, n), make([]string, n)
	payloads, tails := make([]string, n), make([]string, n)
	for i, e := range group {
		payload := e.payload
		if payload == nil {
			payload = P{}
		}
		b, err := json.Marshal(payload)
		if err != nil {
			return fmt.Errorf("append event: %w", err)
		}
		body := eventBody{Object: "event", Type: e.typ, Organization: e.org, Actor: actor, ObjectID: e.object,
			CreatedAt: now.Format(time.RFC3339Nano), Payload: b}
		if e.space != "" {
			body.Space = &e.space
		}
		whole, err := json.Marshal(body)
		if err != nil {
			return fmt.Errorf("append event: %w", err)
		}
		// With an empty id the body is bodyHead, then the tail from the
		// id's closing quote on.
		tail, ok := bytes.CutPrefix(whole, []byte(bodyHead))
		if !ok {
			return fmt.Errorf("append event: delivery body starts %.30q", whole)
		}
		types[i], objects[i], spaces[i], payloads[i], tails[i] = string(e.typ), e.object, e.space, string(b), string(tail)
	}
	hooks, err := queryStrings(ctx, db, appendEventsSQL, group[0].org, n, types, objects, spaces, payloads, tails, actor, now, bodyHead)
	if err != nil {
		return fmt.Errorf("append event: %w", err)
	}
	return s.kickWebhooks(ctx, db, hooks)
}

// queryStrings runs a statement with $n parameters on db's own connection,
// not through bun's formatting: every write runs appendEventsSQL, and sent
// with its values written into its text, PostgreSQL parses, analyses and
// plans it anew each time (half of what the change feed cost a write);
// with parameters, pgx prepares it once per connection.
func queryStrings(ctx context.Context, db bun.IDB, query string, args ...any) ([]string, error) {
	rows, err := queryArgs(ctx, db, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
