//go:build !folio_noevents

package store

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"time"

	"github.com/uptrace/bun"
)

// EventsEmitted is whether writes append events (false in a binary built
// with -tags folio_noevents, whose caches of published sites then keep
// nothing: nothing would tell them of a change).
const EventsEmitted = true

// emit appends events in db, the transaction of the write they record.
// They are numbered by its commit, or just after it (RunInTx calls
// numberEvents; see events_number.go), by a numbering that holds the
// organization's advisory lock to the end of its commit: the events of an
// organization commit in the order of their ids.
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

// appendEventsSQL leaves the events of one organization for numbering
// at or after the write's commit (folio_number_pending, migration
// 20261205000100_event_numbering: the counter, the event rows, and one
// webhook delivery per (event, active webhook of the organization that
// wants its type)), and answers the webhooks that want one of them, whose
// delivery jobs emit queues now (after the pending row's id, which
// numberEvents looks for): numbering delivers to those only. Nothing of
// the organization's is locked by the write before its commit, which only
// tries the lock, so its writes never wait on each other for the feed.
//
// A delivery's body is the event as the feed shows it (eventBody), built
// in Go but for the id, which only the counter knows: numbering puts it
// between the body's head and tail. Payloads go in as text cast to jsonb:
// bun's own JSON appender mangles an escaped backslash before "u0000".
const appendEventsSQL = `WITH h AS (
	SELECT DISTINCT wh.id FROM webhooks AS wh, unnest($2::text[]) AS x(type)
	WHERE wh.organization_id = $1 AND wh.active
	  AND (cardinality(wh.events) = 0 OR x.type = ANY(wh.events) OR split_part(x.type, '.', 1) || '.*' = ANY(wh.events))
), p AS (
	INSERT INTO event_pending (organization_id, actor_id, created_at, types, object_ids, space_ids, payloads, tails, head, hooks)
	SELECT $1::text, $7::text, $8::timestamptz, $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $9::text, ARRAY(SELECT id FROM h ORDER BY id)
	RETURNING id
)
SELECT id::text FROM (SELECT 0 AS k, id::text FROM p UNION ALL SELECT 1, id FROM h) AS r ORDER BY k, id`

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
	rows, err := queryStrings(ctx, db, appendEventsSQL, group[0].org, types, objects, spaces, payloads, tails, actor, now, bodyHead)
	if err != nil {
		return fmt.Errorf("append event: %w", err)
	}
	if len(rows) == 0 {
		return fmt.Errorf("append event: no pending row")
	}
	pending, err := strconv.ParseInt(rows[0], 10, 64)
	if err != nil {
		return fmt.Errorf("append event: pending row %q", rows[0])
	}
	leavePending(ctx, group[0].org, pending)
	return s.kickWebhooks(ctx, db, rows[1:])
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
