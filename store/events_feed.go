package store

import (
	"context"
	"strings"
)

// The change feed, followed live (graph's subscription hub): a server polls
// the events appended after the last one it has seen, for the organizations
// it has subscribers in. Events of one organization commit in the order of
// their ids (their commit takes the organization's counter row and holds
// it to its end: see appendEventsSQL), so reading "after the last id seen"
// never skips an event that commits later with a smaller id.

// FeedCursor is where a follower of one organization's feed stands: the
// id of the last event it has read.
type FeedCursor struct {
	OrganizationID string
	After          int64
}

// eventsAfterSQL reads, for each cursor, up to $3 events after it, oldest
// first. One index range scan per organization (events' primary key).
const eventsAfterSQL = `SELECT e.organization_id, e.id, e.type, e.actor_id, e.object_id, e.space_id, e.created_at, e.payload
FROM unnest($1::text[], $2::bigint[]) AS c(org, after)
CROSS JOIN LATERAL (
	SELECT * FROM events AS ev WHERE ev.organization_id = c.org AND ev.id > c.after ORDER BY ev.id LIMIT $3
) AS e
ORDER BY e.organization_id, e.id`

// EventsAfter reads the events after each cursor, at most limit per
// organization, ordered by organization and id. Every type, every space:
// the caller filters for each of its followers (EventFilter.Matches, or
// ListEvents for guests).
func (s *Store) EventsAfter(ctx context.Context, cursors []FeedCursor, limit int) ([]Event, error) {
	if len(cursors) == 0 {
		return nil, nil
	}
	orgs, afters := make([]string, len(cursors)), make([]int64, len(cursors))
	for i, c := range cursors {
		orgs[i], afters[i] = c.OrganizationID, c.After
	}
	var out []Event
	if err := s.scanArgs(ctx, eventsAfterSQL, &out, orgs, afters, limit); err != nil {
		return nil, dbError(err, "events")
	}
	return out, nil
}

// LastEventID is the id of the organization's newest event, 0 when it has
// none: where a follower that wants only what comes next starts.
func (s *Store) LastEventID(ctx context.Context, orgID string) (int64, error) {
	var id int64
	err := s.DB.NewSelect().Model((*Event)(nil)).ColumnExpr("COALESCE(max(event.id), 0)").
		Where("event.organization_id = ?", orgID).Scan(ctx, &id)
	return id, dbError(err, "events")
}

// Matches reports whether ListEvents would keep e by its type: the same
// rule as the statement's (exact, or "object.*" for every type of an
// object), for the followers of the live feed. Visibility is not checked
// here: members with a role see every event, and guests' events go
// through ListEvents itself.
func (f EventFilter) Matches(e *Event) bool {
	if len(f.Types) == 0 {
		return true
	}
	for _, t := range f.Types {
		if prefix, ok := strings.CutSuffix(t, ".*"); ok {
			if strings.HasPrefix(string(e.Type), prefix+".") {
				return true
			}
		} else if string(e.Type) == t {
			return true
		}
	}
	return false
}
