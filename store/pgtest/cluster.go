package pgtest

import (
	"os"
	"testing"

	"folio/store"
)

// Cluster is a PostgreSQL cluster of one test's own, for the tests that
// stop, restart or replicate their database server (New's databases share
// one server and must not). It is stopped and its directory removed when
// the test ends.
type Cluster struct {
	// Dir holds the cluster's files: StartEmbedded(ctx, Dir) starts it
	// again after a stop.
	Dir string
	// Embedded is the running cluster; a test that restarts it stores the
	// new one here, so that the cleanup stops that.
	Embedded *store.Embedded
}

// NewCluster starts a cluster in a new directory and migrates its database.
// The store it returns is closed when the test ends.
func NewCluster(t testing.TB) (*Cluster, *store.Store) {
	t.Helper()
	c := &Cluster{Dir: tempDir(t, "folio-cluster-")}
	emb, err := store.StartEmbedded(t.Context(), c.Dir)
	if err != nil {
		t.Fatal(err)
	}
	c.Embedded = emb
	t.Cleanup(func() { c.Embedded.Stop() })
	s, err := store.Open(t.Context(), emb.DSN())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if err := s.Migrate(t.Context()); err != nil {
		t.Fatal(err)
	}
	return c, s
}

// tempDir is a new directory removed when the test ends. The cluster's
// user must enter it when the test runs as root, so it is world-readable.
func tempDir(t testing.TB, prefix string) string {
	t.Helper()
	dir, err := os.MkdirTemp("", prefix)
	if err != nil {
		t.Fatal(err)
	}
	os.Chmod(dir, 0o755)
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}
