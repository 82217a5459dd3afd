package store

import (
	"context"
	"sync"
)

// numberings brings together, per organization, the numbering calls of
// one server's writes after their commits (numberEvents): at most one
// call per organization is in flight, and the writes that finish their
// commits meanwhile wait for the next one, which numbers their rows all
// at once, in Go and not on a connection each.
//
// Measured with 16 writers in one organization on a pool of 4
// connections (DefaultMaxConns on 2 cores): a call whose rows are still
// pending waits in the database for the organization's numbering lock,
// which the numbering before it holds through its commit's WAL flush, and
// it waited there holding one of the pool's few connections; three such
// calls left one connection for every other statement of the server.
// Folded together they hold one, and a write that would have made a call
// of its own makes none.
//
// Correct because a call that finds any of its rows pending numbers
// everything of the organization pending (committed) when it gets the
// lock (folio_number_events), and a write joins only a call that has not
// been sent yet, so after its commit answered: its rows are committed
// when that call numbers, unless another numbering took them first.
type numberings struct {
	mu   sync.Mutex
	orgs map[string]*orgNumbering
}

// orgNumbering is one organization's calls on one server.
type orgNumbering struct {
	busy bool            // a call is in flight
	next *numberingGroup // the writes waiting for the call after it
}

// numberingGroup is the writes waiting together for one call. The first
// of them to join makes it, once the call before it returned; the group
// takes joiners until then.
type numberingGroup struct {
	rows  []int64
	start chan struct{} // closed when the call before returned
	done  chan struct{} // closed when the group's call returned
}

// number makes sure mine, rows of org a write left pending and committed,
// are numbered when it returns, unless the database failed the call
// (then the next write of the organization or the sweep numbers them).
func (n *numberings) number(ctx context.Context, s *Store, org string, mine []int64) {
	n.mu.Lock()
	if n.orgs == nil {
		n.orgs = map[string]*orgNumbering{}
	}
	o := n.orgs[org]
	if o == nil {
		o = &orgNumbering{}
		n.orgs[org] = o
	}
	if !o.busy {
		o.busy = true
		n.mu.Unlock()
		s.numberOrgEvents(ctx, org, mine) //nolint:errcheck // left to the next write or the sweep (numberEvents)
		n.passOn(org, o)
		return
	}
	// A call is in flight, which may have numbered before this write
	// committed: join the next one.
	g, lead := o.next, false
	if g == nil {
		g, lead = &numberingGroup{start: make(chan struct{}), done: make(chan struct{})}, true
		o.next = g
	}
	g.rows = append(g.rows, mine...)
	n.mu.Unlock()
	if !lead {
		<-g.done
		return
	}
	<-g.start
	n.mu.Lock()
	rows := g.rows
	o.next = nil // writes from now on wait for the call after this one
	n.mu.Unlock()
	s.numberOrgEvents(ctx, org, rows) //nolint:errcheck // as above
	close(g.done)
	n.passOn(org, o)
}

// passOn ends a call of org's: the group waiting makes the next one, or,
// with none, the organization has no call in flight any more (and leaves
// the map, which so holds only organizations being numbered).
func (n *numberings) passOn(org string, o *orgNumbering) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if o.next != nil {
		close(o.next.start)
		return
	}
	o.busy = false
	delete(n.orgs, org)
}
