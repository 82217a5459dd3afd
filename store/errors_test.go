package store_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"folio/domain"
	"folio/store"
	"folio/store/pgtest"
)

// TestUnavailable: the errors of a database that cannot be reached are
// told apart from the errors of a statement, from the driver's real
// answers (a connection ended by the server, a server that is not there)
// and from the SQLSTATEs of the table.
func TestUnavailable(t *testing.T) {
	s := pgtest.New(t)
	ctx := context.Background()

	// The server ends the session under the statement (57P01, as in a
	// fast shutdown), then the connection is gone.
	conn, err := s.DB.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	_, err = conn.ExecContext(ctx, "SELECT pg_terminate_backend(pg_backend_pid())")
	if !store.Unavailable(err) {
		t.Errorf("session terminated by the server: %v (%T) not unavailable", err, err)
	}
	_, err = conn.ExecContext(ctx, "SELECT 1")
	if !store.Unavailable(err) {
		t.Errorf("statement on the ended connection: %v (%T) not unavailable", err, err)
	}
	conn.Close()

	// No server at all (a socket directory with no socket in it).
	dir := t.TempDir()
	_, err = store.Open(ctx, "host="+dir+" user=folio dbname=folio sslmode=disable connect_timeout=2")
	if !store.Unavailable(err) {
		t.Errorf("no server: %v not unavailable", err)
	}

	// A statement's own errors are not.
	_, err = s.DB.ExecContext(ctx, "SELECT * FROM no_such_table")
	if err == nil || store.Unavailable(err) {
		t.Errorf("unknown table: %v counted as unavailable", err)
	}

	for _, c := range []struct {
		err  error
		want bool
	}{
		{&pgconn.PgError{Code: "57P01"}, true},
		{&pgconn.PgError{Code: "57P03"}, true},
		{&pgconn.PgError{Code: "53300"}, true},
		{&pgconn.PgError{Code: "08006"}, true},
		{&pgconn.PgError{Code: "08001"}, true},
		{fmt.Errorf("read: %w", io.ErrUnexpectedEOF), true},
		{fmt.Errorf("waiting for a connection: %w", context.DeadlineExceeded), true},
		{&pgconn.PgError{Code: "23505"}, false},
		{&pgconn.PgError{Code: "57014"}, false}, // query_canceled: the statement's own timeout
		{&pgconn.PgError{Code: "40001"}, false},
		{sql.ErrNoRows, false},
		{context.Canceled, false},
		{errors.New("something else"), false},
		{domain.NotFound("space"), false},
	} {
		if got := store.Unavailable(c.err); got != c.want {
			t.Errorf("Unavailable(%v) = %v, want %v", c.err, got, c.want)
		}
	}
}
