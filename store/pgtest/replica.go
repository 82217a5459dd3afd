package pgtest

import (
	"database/sql"
	"os"
	"path/filepath"
	"testing"
	"time"

	"folio/store"
)

// Replicated is a primary and a real streaming replica of it, each an
// embedded cluster of its own (the replica made with pg_basebackup), and a
// store over both. Replica is the replica's cluster, ReplicaDB a direct
// connection to it, for pausing and resuming its replay.
type Replicated struct {
	Store     *store.Store
	Replica   *store.Embedded
	ReplicaDB *sql.DB
}

// NewReplicated starts the two clusters, migrates the primary and opens a
// store that sends stale-allowed reads to the replica while it lags at most
// maxLag. Not cloned from the template as New's databases are: a replica
// follows a whole cluster. Everything stops when the test ends; the
// replica's log is shown if the test failed.
func NewReplicated(t testing.TB, maxLag time.Duration) *Replicated {
	t.Helper()
	ctx := t.Context()
	primary, boot := NewCluster(t)
	boot.Close()
	dir := tempDir(t, "folio-replica-")
	t.Cleanup(func() {
		if t.Failed() {
			if b, err := os.ReadFile(filepath.Join(dir, "postgres.log")); err == nil {
				t.Logf("replica's log:\n%s", b)
			}
		}
	})
	replica, err := store.StartReplica(ctx, primary.Embedded, dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { replica.Stop() })
	s, err := store.OpenOptions(ctx, primary.Embedded.DSN(), store.Options{ReplicaURLs: []string{replica.DSN()}, ReplicaMaxLag: maxLag})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if err := s.LoadSecrets(ctx); err != nil {
		t.Fatal(err)
	}
	rdb, err := sql.Open("pgx", replica.DSN())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rdb.Close() })
	return &Replicated{Store: s, Replica: replica, ReplicaDB: rdb}
}
