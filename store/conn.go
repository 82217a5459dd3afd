package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/stdlib"
)

// openDB opens the connection pool over pgx, with reads that survive a
// database restart.
//
// After PostgreSQL restarts (or a proxy drops connections), every pooled
// connection is dead, and pgx only notices when a statement fails on it:
// pgx pings a connection before reuse only once it has been idle for a
// second, so under load each dead connection used to fail one request
// with a 500. A read that fails because its connection died is answered
// with driver.ErrBadConn instead, and database/sql runs it again on
// another connection (a fresh one once the pooled ones are spent). Writes
// are not retried: whether a statement that was sent took effect cannot be
// known, and transactions fail as a whole, as they must.
func openDB(dsn string) (*sql.DB, error) {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("parse database URL: %w", err)
	}
	// No parallel query on Folio's connections (sent with the startup
	// message, so it costs no round trip; a DATABASE_URL that sets it
	// wins). Folio's statements stop at a LIMIT, and a LIMIT above a
	// Gather cannot stop the workers' scans early: an organization search
	// for a common phrase took 215 ms with two workers and 61 ms without
	// (94 and 12 ms for another), and under load the workers take cores
	// from the other requests.
	if _, set := cfg.RuntimeParams["max_parallel_workers_per_gather"]; !set {
		cfg.RuntimeParams["max_parallel_workers_per_gather"] = "0"
	}
	// The generic plan for every prepared statement. The statements with
	// parameters (params.go, the change feed's append, the rate limit's
	// count) find their rows by keys, whose values never change the plan;
	// PostgreSQL's default plans each of the first five runs on a
	// connection anew, and, since a generic plan over an array of ids of
	// unknown length looks dearer than any custom one, a read by ids kept
	// being planned on every run (an organization read in process: 0.44 ms,
	// 0.20 ms with the generic plan). Statements bun writes have no
	// parameters, and so one plan either way.
	if _, set := cfg.RuntimeParams["plan_cache_mode"]; !set {
		cfg.RuntimeParams["plan_cache_mode"] = "force_generic_plan"
	}
	return sql.OpenDB(retryingConnector{stdlib.GetConnector(*cfg)}), nil
}

type retryingConnector struct{ driver.Connector }

func (c retryingConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	if pc, ok := conn.(*stdlib.Conn); ok {
		// Times come back in UTC, whatever the process's zone: every
		// answer writes them as they are (RFC 3339), and GitBook's are Z.
		pc.Conn().TypeMap().RegisterType(&pgtype.Type{Name: "timestamptz", OID: pgtype.TimestamptzOID,
			Codec: &pgtype.TimestamptzCodec{ScanLocation: time.UTC}})
		return retryingConn{pc}, nil
	}
	return conn, nil
}

// retryingConn is a pgx connection whose failed reads on a dead
// connection ask database/sql for another connection. Everything else is
// pgx's own (the embedded *stdlib.Conn keeps every driver interface).
type retryingConn struct{ *stdlib.Conn }

func (c retryingConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	rows, err := c.Conn.QueryContext(ctx, query, args)
	if err != nil && ctx.Err() == nil && c.Conn.Conn().IsClosed() && isRead(query) {
		return nil, driver.ErrBadConn
	}
	return rows, err
}

// isRead reports whether a statement only reads: a plain SELECT, not
// locking rows (a writing CTE starts with WITH and is never retried).
func isRead(query string) bool {
	q := strings.TrimLeft(query, " \t\r\n(")
	if len(q) < 6 || !strings.EqualFold(q[:6], "select") {
		return false
	}
	upper := strings.ToUpper(q)
	return !strings.Contains(upper, "FOR UPDATE") && !strings.Contains(upper, "FOR SHARE") &&
		!strings.Contains(upper, "NEXTVAL(")
}
