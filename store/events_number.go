package store

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/uptrace/bun"
)

// Events are numbered by their write's commit when no other numbering of
// the organization is in flight, and otherwise just after it (migration
// 20261205000100_event_numbering): emit leaves a write's events in
// event_pending, in its transaction; its commit tries the organization's
// numbering lock and, got, numbers them there, as the counter row did
// before. Taken (another write's numbering is flushing), the commit goes
// on without them, and RunInTx, once it has committed, calls
// folio_number_events, which waits for the lock unless its rows were
// numbered meanwhile and numbers every committed pending event of the
// organization at once. The lock is held to the end of each numbering's
// commit: events still commit in the order of their ids, and the ids
// still count 1, 2, 3, ... per organization. No write waits for another's
// flush before its own commit, and one numbering commit serves the writes
// that committed while the one before it flushed. A commit that numbered
// the events itself says so (onNotice), and RunInTx then sends nothing
// more; the calls a server makes for the others are folded together per
// organization (events_numbering.go).

// pendingEvents collects, for one transaction of RunInTx, the
// event_pending rows it left, by organization.
type pendingEvents struct {
	orgs []string
	rows [][]int64 // rows[i]: the rows of orgs[i]
	// numbered[i]: the commit numbered the events of orgs[i] itself and
	// said so (onNotice), so no call after it is needed.
	numbered []bool
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
		p.orgs, p.rows, p.numbered = append(p.orgs, org), append(p.rows, nil), append(p.numbered, false)
	}
	p.rows[i] = append(p.rows[i], id)
}

// numberEvents makes sure the pending rows a write left are numbered, after
// its commit: by that commit (most often; it said so in a notice, and then
// nothing is sent), by a call, this write's or one it joined on this server
// (numberings), or by another write's (folio_number_events). It does not
// fail the write, which has committed: rows it could not number (the
// database gone for a moment) are numbered by the next write of their
// organization, or by the sweep (NumberPendingEvents) within seconds. The
// caller's cancellation does not stop it: a write whose client went away
// still has its events numbered now.
func (s *Store) numberEvents(ctx context.Context, p *pendingEvents) {
	if len(p.orgs) == 0 {
		return
	}
	ctx = context.WithoutCancel(ctx)
	for i, org := range p.orgs {
		if p.numbered[i] {
			continue
		}
		s.numberings.number(ctx, s, org, p.rows[i])
	}
}

// numberedAtCommit is the SQLSTATE of the notice a write's commit sends
// when it numbered the pending events of an organization (named in the
// notice's detail) itself, its own among them (migration
// 20261206000100_event_numbered_notice). The notice comes with the
// COMMIT's answer, at no cost of a round trip.
const numberedAtCommit = "FO001"

// committing holds, for each connection with a RunInTx transaction on it,
// the events that transaction left pending (*pgconn.PgConn to
// *pendingEvents); onNotice marks there what its commit numbered.
var committing sync.Map

// listenForNumbering makes the notices of conn's commit mark what it
// numbered in p, until stop is called. Without access to pgx's connection
// (none here but through retryingConn), nothing is marked: the call after
// the commit is made, as it always may be.
func listenForNumbering(conn bun.Conn, p *pendingEvents) (stop func()) {
	var pc *pgconn.PgConn
	conn.Raw(func(dc any) error { //nolint:errcheck // the func answers nil
		if c, ok := dc.(retryingConn); ok {
			pc = c.Conn.Conn().PgConn()
		}
		return nil
	})
	if pc == nil {
		return func() {}
	}
	committing.Store(pc, p)
	return func() { committing.Delete(pc) }
}

// onNotice is every connection's notice handler (openDB). pgx calls it on
// the goroutine reading the statement's answer, here the one committing
// the transaction whose pendingEvents it marks, before Commit returns.
func onNotice(pc *pgconn.PgConn, n *pgconn.Notice) {
	if n.Code != numberedAtCommit {
		return
	}
	if p, ok := committing.Load(pc); ok {
		p := p.(*pendingEvents)
		if i := slices.Index(p.orgs, n.Detail); i >= 0 {
			p.numbered[i] = true
		}
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
