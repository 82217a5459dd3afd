package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/schema"
)

// Rows scanned by pgx into their fields. Through database/sql, every
// column of every row is first made a driver.Value (a string is allocated,
// then boxed), then handed to bun, which looks its field up by name and
// converts the value into it: a fifth of a site tree's CPU went to the
// 1,000 site-space rows of 31 columns. scanDirect reads the rows with pgx
// on the pool's own connection and has pgx decode each column straight
// into its field, which bun's table still names (embedded prefixes
// included), each column looked up once per read, not once per row.
//
// Only rows whose fields are all of the kinds pgx and bun decode alike are
// read so (directType): text, booleans, integers, floats, times, their
// named types, pointers to them, text arrays, and byte slices (bytea, and
// json kept as its text). A NULL leaves its field at its zero value, as
// bun does. Any other row type goes through bun.

// bunScanOnly, set by tests, reads every row through bun, to compare.
var bunScanOnly atomic.Bool

// directTypes caches directType's answer per row type.
var directTypes sync.Map // reflect.Type → *schema.Table, or nil when not direct

// directType is the bun table of the row type elem when its rows can be
// scanned by pgx directly, else nil.
func (s *Store) directType(elem reflect.Type) *schema.Table {
	if bunScanOnly.Load() {
		return nil
	}
	if t, ok := directTypes.Load(elem); ok {
		return t.(*schema.Table)
	}
	var table *schema.Table
	if elem.Kind() == reflect.Struct {
		table = s.DB.Table(elem)
		for _, f := range table.FieldMap {
			if !directField(elem, f) {
				table = nil
				break
			}
		}
	}
	directTypes.Store(elem, table)
	return table
}

var timeType = reflect.TypeFor[time.Time]()

// directField reports whether pgx decodes f's column as bun would, and f
// is reached from the row without a pointer (an embedded pointer would
// need allocating on the way).
func directField(row reflect.Type, f *schema.Field) bool {
	t := row
	for _, i := range f.Index[:len(f.Index)-1] {
		t = t.Field(i).Type
		if t.Kind() != reflect.Struct {
			return false
		}
	}
	typ := f.StructField.Type
	if typ.Kind() == reflect.Pointer {
		typ = typ.Elem()
	}
	switch typ.Kind() {
	case reflect.String, reflect.Bool, reflect.Int, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Float32, reflect.Float64:
		return !reflect.PointerTo(typ).Implements(scannerType)
	case reflect.Struct:
		return typ == timeType
	case reflect.Slice:
		switch typ.Elem().Kind() {
		case reflect.String:
			return f.Tag.HasOption("array")
		case reflect.Uint8: // bytea, or json kept as its text (json.RawMessage): bun copies the bytes
			return f.StructField.Type.Kind() == reflect.Slice && !reflect.PointerTo(typ).Implements(scannerType)
		}
	}
	return false
}

// bytesPtrType is how a byte slice field is handed to pgx: a named one
// (json.RawMessage) as a plain one, whose bytes pgx copies for every
// column type; as its own type, json would go through json.Unmarshal.
var bytesPtrType = reflect.TypeFor[*[]byte]()

var scannerType = reflect.TypeFor[interface{ Scan(any) error }]()

// scanDirect runs query with args on one of the pool's connections and
// reads its rows into slice (a settable slice of table's rows). A
// connection a read finds dead is dropped and the read runs again on
// another, as the pool's reads do (retryingConn). When the database
// dropped them all (a restart), the idle ones are found dead one by one,
// and database/sql cannot be asked for a new one: the query tries as many
// connections as the pool holds before it gives up.
func (s *Store) scanDirect(ctx context.Context, db *bun.DB, query string, slice reflect.Value, table *schema.Table, args []any) error {
	countStatement(ctx, query)
	for attempt := 0; ; attempt++ {
		conn, err := db.DB.Conn(ctx)
		if err != nil {
			return err
		}
		err = conn.Raw(func(dc any) error {
			pc, err := pgxConn(dc)
			if err != nil {
				return err
			}
			rows, err := pc.Query(ctx, query, args...)
			if err == nil {
				err = scanInto(rows, slice, table)
				rows.Close()
			}
			// pgx reports a dead connection from Query or, as often, from
			// the rows; a read by keys runs again whole (its rows replace
			// the slice's). As in retryingConn, only a read: a write may
			// have happened before the connection died.
			if err != nil && pc.IsClosed() && ctx.Err() == nil && isRead(query) {
				return driver.ErrBadConn
			}
			return err
		})
		conn.Close()
		if errors.Is(err, driver.ErrBadConn) && attempt < max(2, db.DB.Stats().MaxOpenConnections) {
			continue
		}
		return err
	}
}

// pgxConn is the pgx connection under a pooled driver connection.
func pgxConn(dc any) (*pgx.Conn, error) {
	switch c := dc.(type) {
	case retryingConn:
		return c.Conn.Conn(), nil
	case *stdlib.Conn:
		return c.Conn(), nil
	}
	return nil, fmt.Errorf("store: connection is %T, not pgx's", dc)
}

// scanInto reads the rows into slice, each column decoded by pgx into the
// field bun's table names for it.
func scanInto(rows pgx.Rows, slice reflect.Value, table *schema.Table) error {
	columns := rows.FieldDescriptions()
	fields := make([]*schema.Field, len(columns))
	asBytes := make([]bool, len(columns))
	for i, c := range columns {
		f := table.LookupField(c.Name) // nil: a column of no field is left out, as the store's bun does
		fields[i] = f
		asBytes[i] = f != nil && f.StructField.Type.Kind() == reflect.Slice && f.StructField.Type.Elem().Kind() == reflect.Uint8
	}
	dest := make([]any, len(columns))
	if slice.Len() > 0 { // as bun's scan: the rows read replace the slice's
		slice.Clear()
		slice.SetLen(0)
	}
	for rows.Next() {
		slice.Grow(1)
		slice.SetLen(slice.Len() + 1)
		row := slice.Index(slice.Len() - 1) // zero: grown, or cleared above
		raw := rows.RawValues()
		for i, f := range fields {
			dest[i] = nil // NULL (or no field): the field stays zero
			if raw[i] != nil && f != nil {
				addr := row.FieldByIndex(f.Index).Addr()
				if asBytes[i] {
					addr = addr.Convert(bytesPtrType)
				}
				dest[i] = addr.Interface()
			}
		}
		if err := rows.Scan(dest...); err != nil {
			return err
		}
	}
	return rows.Err()
}
