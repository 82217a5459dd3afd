package store_test

import (
	"context"
	"database/sql"
	"sync"
	"testing"

	"github.com/uptrace/bun"

	"folio/store"
	"folio/store/pgtest"
)

// TestPgBouncer: Folio's pooler mode behind Debian's PgBouncer (1.18 on
// Debian 12) in transaction pooling mode. It connects (no settings in the
// startup message, which PgBouncer refuses), reads and writes from
// concurrent requests without leaving a named prepared statement on any
// server connection (1.18 does not carry them from one transaction to the
// next), migrates an empty database from two servers at once without a
// session lock (and leaves no advisory lock behind), and migrates over the
// direct URL when one is set.
func TestPgBouncer(t *testing.T) {
	b := pgtest.PgBouncer(t)
	ctx := context.Background()

	// A migrated database, reached through PgBouncer.
	base := pgtest.New(t)
	name := dbName(t, base)
	s, err := store.OpenOptions(ctx, b.DSN(name), store.Options{Pooler: true})
	if err != nil {
		t.Fatalf("open through PgBouncer: %v", err)
	}
	defer s.Close()
	if err := s.LoadSecrets(ctx); err != nil {
		t.Fatal(err)
	}
	u, err := s.EnsureUser(ctx, "pool@example.com", "Pool")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for range 3 {
		o, err := s.CreateOrganization(ctx, u.ID, "Pooled", nil)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, o.ID)
	}
	// The same parameterised read (a statement pgx would otherwise prepare
	// once per connection, by name) from several requests at once.
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				orgs, err := s.OrganizationsByID(ctx, ids)
				if err == nil && len(orgs) != len(ids) {
					t.Errorf("read %d organizations, want %d", len(orgs), len(ids))
				}
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("read through PgBouncer: %v", err)
	}
	// No server connection of the database holds a prepared statement:
	// asked on each of them (every transaction may get another one).
	direct := sqlOpen(t, pgtest.DirectURL(t, name))
	var servers int
	if err := direct.QueryRowContext(ctx, `SELECT count(*) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, name).Scan(&servers); err != nil {
		t.Fatal(err)
	}
	if servers == 0 {
		t.Fatal("PgBouncer holds no server connection to the database: the reads did not go through it")
	}
	for range 2 * servers {
		var named int
		err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			return tx.QueryRowContext(ctx, `SELECT count(*) FROM pg_prepared_statements`).Scan(&named)
		})
		if err != nil {
			t.Fatal(err)
		}
		if named != 0 {
			t.Fatalf("a server connection holds %d prepared statements", named)
		}
	}

	// Two servers migrate one empty database through PgBouncer at once.
	emptyName, emptyDirect := pgtest.EmptyDatabase(t)
	var mwg sync.WaitGroup
	merrs := make([]error, 2)
	for i := range merrs {
		mwg.Add(1)
		go func() {
			defer mwg.Done()
			m, err := store.OpenOptions(ctx, b.DSN(emptyName), store.Options{Pooler: true})
			if err != nil {
				merrs[i] = err
				return
			}
			defer m.Close()
			merrs[i] = m.Migrate(ctx)
		}()
	}
	mwg.Wait()
	for _, err := range merrs {
		if err != nil {
			t.Fatalf("migrate through PgBouncer: %v", err)
		}
	}
	ed := sqlOpen(t, emptyDirect)
	var orgTable bool
	if err := ed.QueryRowContext(ctx, `SELECT to_regclass('organizations') IS NOT NULL`).Scan(&orgTable); err != nil || !orgTable {
		t.Fatalf("after migrating through PgBouncer: organizations table %v (%v)", orgTable, err)
	}
	var locks int
	// This database's locks only: pg_locks is the cluster's, and tests
	// running beside this one take advisory locks of their own (a write
	// numbering its organization's events holds one to its commit).
	if err := ed.QueryRowContext(ctx, `SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'
		AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`).Scan(&locks); err != nil {
		t.Fatal(err)
	}
	if locks != 0 {
		t.Errorf("%d advisory locks held after the migrations", locks)
	}

	// With a direct URL, migrations take it (and its session lock).
	otherName, otherDirect := pgtest.EmptyDatabase(t)
	m, err := store.OpenOptions(ctx, b.DSN(otherName), store.Options{Pooler: true, DirectURL: otherDirect})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if dsn, ok := m.SessionDSN(); !ok || dsn != otherDirect {
		t.Errorf("SessionDSN = %q, %v; want the direct URL", dsn, ok)
	}
	if err := m.Migrate(ctx); err != nil {
		t.Fatalf("migrate over the direct URL: %v", err)
	}
	if _, err := m.EnsureUser(ctx, "after@example.com", "After"); err != nil {
		t.Fatalf("write through PgBouncer after migrating directly: %v", err)
	}
	if dsn, ok := s.SessionDSN(); ok {
		t.Errorf("SessionDSN = %q behind PgBouncer without a direct URL, want none", dsn)
	}
}

func dbName(t *testing.T, s *store.Store) string {
	t.Helper()
	var name string
	if err := s.DB.QueryRowContext(context.Background(), `SELECT current_database()`).Scan(&name); err != nil {
		t.Fatal(err)
	}
	return name
}

func sqlOpen(t *testing.T, dsn string) *sql.DB {
	t.Helper()
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
