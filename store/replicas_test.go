package store_test

import (
	"testing"
	"time"

	"folio/store"
	"folio/store/pgtest"
)

// TestReadReplica runs Folio's store over a primary and a real streaming
// replica of it (a second embedded cluster made with pg_basebackup):
// stale-allowed reads go to the replica once it has caught up; a
// credential that just wrote reads its write, from the primary until the
// replica has replayed it; a replica whose replay is paused
// (pg_wal_replay_pause) is skipped once it lags past the bound, and used
// again once resumed; a replica that is gone is skipped, and reads keep
// working.
func TestReadReplica(t *testing.T) {
	ctx := t.Context()
	const maxLag = time.Second
	rp := pgtest.NewReplicated(t, maxLag)
	s, replica, rdb := rp.Store, rp.Replica, rp.ReplicaDB
	var recovering bool
	if err := rdb.QueryRowContext(ctx, `SELECT pg_is_in_recovery()`).Scan(&recovering); err != nil || !recovering {
		t.Fatalf("the replica is not in recovery: %v %v", recovering, err)
	}

	u, err := s.EnsureUser(ctx, "reader@example.com", "Reader")
	if err != nil {
		t.Fatal(err)
	}
	org, err := s.CreateOrganization(ctx, u.ID, "Replicated", nil)
	if err != nil {
		t.Fatal(err)
	}
	anon := store.AllowStale(ctx, "")
	eventually := func(what string, ok func() bool) {
		t.Helper()
		for end := time.Now().Add(15 * time.Second); !ok(); time.Sleep(20 * time.Millisecond) {
			if time.Now().After(end) {
				t.Fatalf("%s: not within 15s", what)
			}
		}
	}
	eventually("anonymous reads go to the replica", func() bool { return s.ReadTarget(anon) == replica.DSN() })
	if got := s.ReadTarget(ctx); got != "primary" {
		t.Errorf("a read not marked stale goes to %s", got)
	}

	// A writer reads its own writes, whichever database serves them.
	const writer = "token:writer"
	write := func(title string) string {
		t.Helper()
		sp, err := s.CreateSpace(ctx, org.ID, store.NewSpace{Title: title, Visibility: store.VisibilityPrivate})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.NoteWrite(ctx, writer); err != nil {
			t.Fatal(err)
		}
		return sp.ID
	}
	readsOwn := func(id string) string {
		t.Helper()
		wctx := store.AllowStale(ctx, writer)
		target := s.ReadTarget(wctx)
		got, err := s.SpacesByID(store.AllowStale(ctx, writer), []string{id})
		if err != nil || len(got) != 1 {
			t.Fatalf("the writer's read of its new space %s (from %s): %v %v", id, target, got, err)
		}
		return target
	}
	for i := range 20 {
		readsOwn(write("Space " + string(rune('A'+i))))
	}

	// Replay paused: the writer's next write is read from the primary.
	if _, err := rdb.ExecContext(ctx, `SELECT pg_wal_replay_pause()`); err != nil {
		t.Fatal(err)
	}
	paused := write("After the pause")
	if target := readsOwn(paused); target != "primary" {
		t.Errorf("the writer's read of a write the paused replica has not replayed went to %s", target)
	}
	var onReplica int
	if err := rdb.QueryRowContext(ctx, `SELECT count(*) FROM spaces WHERE id = $1`, paused).Scan(&onReplica); err != nil || onReplica != 0 {
		t.Fatalf("the paused replica has the space (%d, %v): the pause did not hold", onReplica, err)
	}
	// Reads that must see the primary as it is now (ReadCurrent: a view
	// cache's fill), and reads that build on them (ReadAtLeast), leave it
	// at once; anonymous reads, which may lag, not yet.
	current := store.ReadCurrent(anon)
	if target := s.ReadTarget(current); target != "primary" {
		t.Errorf("a read of the primary's current position went to %s, which is paused behind it", target)
	}
	if target := s.ReadTarget(store.ReadAtLeast(anon, store.ReadPosition(current))); target != "primary" {
		t.Errorf("a read at least as far as the current position went to %s", target)
	}
	// Anonymous reads leave it once it lags past the bound (the primary
	// moves on: more writes).
	eventually("a paused replica is skipped", func() bool {
		write("Moving on")
		return s.ReadTarget(anon) == "primary"
	})
	hits, err := s.SearchSpace(anon, paused, "pause", store.PageArgs{Limit: 10})
	if err != nil {
		t.Fatalf("search while the replica lags: %v", hits)
	}

	// Resumed: it catches up and serves again, the writer's reads too.
	if _, err := rdb.ExecContext(ctx, `SELECT pg_wal_replay_resume()`); err != nil {
		t.Fatal(err)
	}
	eventually("a resumed replica serves again", func() bool { return s.ReadTarget(anon) == replica.DSN() })
	eventually("the writer reads from the replica once it has replayed the writes", func() bool {
		return readsOwn(paused) == replica.DSN()
	})

	// Gone: skipped, and reads still answer, even before the watcher has
	// noticed (a read that fails on the replica runs on the primary).
	rdb.Close()
	if err := replica.StopFast(); err != nil {
		t.Fatal(err)
	}
	if got, err := s.SpacesByID(store.AllowStale(ctx, ""), []string{paused}); err != nil || len(got) != 1 {
		t.Errorf("a read just after the replica stopped: %v %v", got, err)
	}
	eventually("a replica that is gone is skipped", func() bool { return s.ReadTarget(anon) == "primary" })
	if got, err := s.SpacesByID(anon, []string{paused}); err != nil || len(got) != 1 {
		t.Errorf("a read with the replica gone: %v %v", got, err)
	}
	if _, err := s.SearchSpace(anon, paused, "pause", store.PageArgs{Limit: 10}); err != nil {
		t.Errorf("a search with the replica gone: %v", err)
	}
}
