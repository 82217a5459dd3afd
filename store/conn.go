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
// database restart, configured for o (configureConn; direct: dsn is the
// direct URL, which keeps sessions).
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
func openDB(dsn string, o Options, direct bool) (*sql.DB, error) {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("parse database URL: %w", err)
	}
	o.configureConn(cfg, dsn, direct)
	cfg.OnNotice = onNotice
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
