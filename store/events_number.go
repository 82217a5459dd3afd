package store

import (
	"context"
	"fmt"
	"slices"
	"time"
)

// Events are numbered after their write commits (migration
// 20261205000100_event_numbering): emit leaves a write's events in
// event_pending, in its transaction; RunInTx, once that transaction has
// committed, calls folio_number_events for each organization it appended
// events of. That call numbers every committed pending event of the
// organization, the write's own and those of writes that committed
// meanwhile, under an advisory lock of the organization held to the end
// of its commit: events still commit in the order of their ids, and the
// ids still count 1, 2, 3, ... per organization. A write no longer holds
// anything of its organization's through its own commit, so writes of one
// organization flush their commits together, and one numbering commit
// serves many of them.

// pendingEvents collects, for one transaction of RunInTx, the
// event_pending rows it left, by organization.
type pendingEvents struct {
	orgs []string
	rows [][]int64 // rows[i]: the rows of orgs[i]
}

type pendingEventsKey struct{}

// leavePending records that the transaction of ctx left the pending row
// id, of org, for numbering after its commit.
func leavePending(ctx context.Context, org string, id int64) {
	p, ok := ctx.Value(pendingEventsKey{}).(*pendingEvents)
	if !ok {
		return
	}
	i := slices.Index(p.orgs, org)
	if i < 0 {
		i = len(p.orgs)
		p.orgs, p.rows = append(p.orgs, org), append(p.rows, nil)
	}
	p.rows[i] = append(p.rows[i], id)
}

// numberEvents makes sure the pending rows a write left are numbered, after
// its commit: by this call, or by another write's that committed about
// the same time and numbered them with its own (folio_number_events). It
// does not fail the write, which has committed: rows it could not number
// (the database gone for a moment) are numbered by the next write of
// their organization, or by the sweep (NumberPendingEvents) within
// seconds. The caller's cancellation does not stop it: a write whose
// client went away still has its events numbered now.
func (s *Store) numberEvents(ctx context.Context, p *pendingEvents) {
	if len(p.orgs) == 0 {
		return
	}
	ctx = context.WithoutCancel(ctx)
	for i, org := range p.orgs {
		s.numberOrgEvents(ctx, org, p.rows[i]) //nolint:errcheck // left to the next write or the sweep, as said above
	}
}

// numberOrgEvents numbers the committed pending events of org, unless
// mine is non-empty and none of those rows is pending any more.
func (s *Store) numberOrgEvents(ctx context.Context, org string, mine []int64) (int64, error) {
	if mine == nil {
		mine = []int64{}
	}
	rows, err := queryArgs(ctx, s.DB, `SELECT folio_number_events($1, $2)`, org, mine)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	var n int64
	for rows.Next() {
		if err := rows.Scan(&n); err != nil {
			return 0, err
		}
	}
	return n, rows.Err()
}

// NumberPendingEvents numbers the events left pending for longer than
// olderThan, of every organization (those of a server that stopped between
// a write's commit and its numbering), and answers how many it numbered.
// The webhook sweep runs it.
func (s *Store) NumberPendingEvents(ctx context.Context, olderThan time.Duration) (int64, error) {
	var orgs []string
	if err := s.DB.NewRaw(`SELECT DISTINCT organization_id FROM event_pending WHERE created_at < ?`,
		s.Now().Add(-olderThan)).Scan(ctx, &orgs); err != nil {
		return 0, fmt.Errorf("pending events: %w", err)
	}
	var total int64
	for _, org := range orgs {
		n, err := s.numberOrgEvents(ctx, org, nil)
		if err != nil {
			return total, fmt.Errorf("number events of %s: %w", org, err)
		}
		total += n
	}
	return total, nil
}
