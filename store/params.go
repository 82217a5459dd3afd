package store

import (
	"context"
	"database/sql"
	"fmt"
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/uptrace/bun"
)

// paramRead is a read whose values are sent as parameters ($1, $2, ...)
// instead of written into its text: the token every request reads, and the
// reads by ids that GraphQL's loaders batch (organizations, spaces, users,
// teams, collections, revisions, sites). NestedList's first pages and
// counts and the rate limit's count send theirs the same way, through
// scanArgs and queryArgs.
//
// bun writes each value into a statement's text, so a space read with
// another id is another statement: PostgreSQL parses, analyses and plans it
// anew (0.1 to 0.2 ms for a space read, more than it takes to run), and
// pgx, which keeps the statements it saw per connection, prepares it in a
// round trip of its own and later deallocates it. A client reading 1,000
// spaces one after the other paid that on every read. With parameters the
// text is one for every id: pgx prepares it once per connection, and
// PostgreSQL keeps its plan.
//
// build writes the statement with bun, naming its parameters as $n in its
// conditions; the text is built once.
type paramRead struct {
	build func(db bun.IDB) *bun.SelectQuery
	// primary: the read decides what a signed-in viewer may do (a
	// membership and its role, a token's or a session's user), so it never
	// runs on a read replica: a removed member or a revoked token is
	// refused at once, not once the replica has replayed the change.
	primary bool
	once    sync.Once
	text    string
	// rows is how many rows the last run read: a run into an empty slice
	// starts with that much room when it is more than growthRows.
	rows atomic.Int64
}

// growthRows is where a slice stops doubling: past 256 elements append
// grows it by about a quarter at a time, so the 1,000 wide rows of a site
// tree's site spaces were allocated and copied over three times their
// size. A read's next run is most often like its last (a frontend polls
// the same tree); one that is smaller pays an allocation of the last size.
const growthRows = 256

// scan runs the read with args and scans its rows into dest (a pointer to
// a slice, or to one row) as bun's Scan would; counted like every
// statement.
func (r *paramRead) scan(ctx context.Context, s *Store, dest any, args ...any) error {
	r.once.Do(func() { r.text = r.build(s.DB).String() })
	slice := reflect.ValueOf(dest).Elem()
	if slice.Kind() == reflect.Slice && slice.Cap() == 0 {
		if n := r.rows.Load(); n > growthRows {
			slice.Set(reflect.MakeSlice(slice.Type(), 0, int(n)))
		}
	}
	var err error
	if r.primary {
		err = s.scanArgsOn(ctx, s.DB, r.text, dest, args...)
	} else {
		err = s.readOn(ctx, func(db bun.IDB) error {
			if slice.Kind() == reflect.Slice {
				slice.SetLen(0) // a run again on the primary starts afresh
			}
			return s.scanArgsOn(ctx, db.(*bun.DB), r.text, dest, args...)
		})
	}
	if err != nil {
		return err
	}
	if slice.Kind() == reflect.Slice {
		r.rows.Store(int64(slice.Len()))
	}
	return nil
}

// scanArgs runs query with args as its $n parameters and scans its rows
// into dest as bun's Scan would: by pgx itself when dest is a slice of
// rows it decodes alike (see rowscan.go), else by bun.
func (s *Store) scanArgs(ctx context.Context, query string, dest any, args ...any) error {
	return s.scanArgsOn(ctx, s.DB, query, dest, args...)
}

// scanArgsOn is scanArgs on db: the primary, or a replica (s.reads).
func (s *Store) scanArgsOn(ctx context.Context, db *bun.DB, query string, dest any, args ...any) error {
	if db != s.DB {
		countReplica(ctx)
	}
	if slice := reflect.ValueOf(dest).Elem(); slice.Kind() == reflect.Slice {
		if table := s.directType(slice.Type().Elem()); table != nil {
			return s.scanDirect(ctx, db, query, slice, table, args)
		}
	}
	rows, err := queryArgs(ctx, db, query, args...)
	if err != nil {
		return err
	}
	return db.ScanRows(ctx, rows, dest)
}

// queryArgs runs a statement with $n parameters on db's own connection (a
// transaction's, or the pool's), past bun's formatting and so past its
// hook: it counts the statement itself.
func queryArgs(ctx context.Context, db bun.IDB, query string, args ...any) (*sql.Rows, error) {
	countStatement(ctx, query)
	switch d := db.(type) {
	case bun.Tx:
		return d.Tx.QueryContext(ctx, query, args...)
	case *bun.DB:
		return d.DB.QueryContext(ctx, query, args...)
	default:
		return nil, fmt.Errorf("query: unexpected %T", db)
	}
}
