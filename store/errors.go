package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"

	"folio/domain"
)

// dbError turns driver errors into domain errors: no rows is not found,
// unique violations are conflicts, a database that cannot be reached is
// unavailable. what names the object for the message.
func dbError(err error, what string) error {
	if err == nil {
		return nil
	}
	var e *domain.Error
	if errors.As(err, &e) {
		return err
	}
	if errors.Is(err, sql.ErrNoRows) {
		return &domain.Error{Code: domain.CodeNotFound, Message: what + " not found", Err: err}
	}
	if Unavailable(err) {
		return ErrUnavailable(err)
	}
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		switch pg.Code {
		case "23505":
			return &domain.Error{Code: domain.CodeConflict, Message: what + " already exists", Err: err}
		case "23503":
			return &domain.Error{Code: domain.CodeInvalid, Message: what + " refers to an unknown object", Err: err}
		}
	}
	return fmt.Errorf("%s: %w", what, err)
}

// ErrUnavailable is the domain error of a statement that failed because
// the database could not be reached (cause is kept for the logs).
func ErrUnavailable(cause error) *domain.Error {
	return &domain.Error{Code: domain.CodeUnavailable, Message: "the database cannot be reached right now; retry in a few seconds", Err: cause}
}

// unavailableStates are the SQLSTATEs that say the server cannot serve
// now, whatever the statement: it is shutting down (57P01 admin_shutdown,
// 57P02 crash_shutdown), starting or recovering (57P03
// cannot_connect_now), or full (53300 too_many_connections). Class 08
// (connection exceptions) counts as a whole.
var unavailableStates = map[string]bool{
	"57P01": true,
	"57P02": true,
	"57P03": true,
	"53300": true,
}

// Unavailable reports whether err says the database could not be reached,
// rather than that the statement was wrong: connecting failed (refused,
// no socket, timed out, the server starting or stopping), no pooled
// connection came free before the deadline, the connection broke
// mid-statement (reset, closed, cut short), or the server refused the
// session with one of unavailableStates. A client may
// retry such a request as it is. It is the one table of these causes:
// dbError maps through it, and so do the GraphQL and REST layers for the
// errors that reach them unmapped.
func Unavailable(err error) bool {
	if err == nil {
		return false
	}
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		return unavailableStates[pg.Code] || strings.HasPrefix(pg.Code, "08")
	}
	var connect *pgconn.ConnectError
	if errors.As(err, &connect) {
		return true
	}
	var netErr net.Error
	switch {
	case errors.Is(err, driver.ErrBadConn), errors.Is(err, sql.ErrConnDone),
		errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		// The connection ended under the statement (database/sql gives up
		// on bad connections after two retries).
		return true
	case errors.As(err, &netErr):
		return true
	case errors.Is(err, context.DeadlineExceeded), pgconn.Timeout(err) && !errors.Is(err, context.Canceled):
		// No connection (the pool's wait) or no answer before the deadline.
		return true
	}
	// pgx's own error for a connection it closed after a failure.
	return strings.HasSuffix(err.Error(), "conn closed")
}
