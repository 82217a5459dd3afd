//go:build folio_noevents

package store

import (
	"context"

	"github.com/uptrace/bun"
)

// emit, in a binary built with -tags folio_noevents, appends nothing: no
// counter, no event row, no webhook delivery. The tag exists for one thing,
// `make bench`, which builds bin/folio-noevents with it to measure what
// the change feed costs a write (events_emit.go is the real emit). It is a
// build tag and not a setting so that no running server can be told to
// drop its change feed: a release binary is always built without it.
func (s *Store) emit(context.Context, bun.IDB, ...ev) error { return nil }

// EventsEmitted is false: nothing appends events, so nothing tells a cache
// of published sites of a change (see events_emit.go).
const EventsEmitted = false
