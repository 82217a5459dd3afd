package store_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"folio/domain"
	"folio/store"
	"folio/store/pgtest"
)

// TestFeedUnderConcurrentWrites: 16 writers in one organization at once
// (space creates, which no longer wait on each other, and page updates in
// change requests of their own) while two readers follow the change feed
// as its followers do: EventsAfter (the live feed of subscriptions and the
// reader's view cache) and ListEvents (GET .../events and GraphQL). Every
// read must continue the ids the reader has seen, one by one (ids are
// consecutive per organization): no event skipped for one committed later,
// none repeated, none out of order. Each event then has exactly one
// delivery per webhook that wants it, and every space created has a key of
// its own.
func TestFeedUnderConcurrentWrites(t *testing.T) {
	s := pgtest.New(t)
	ctx := context.Background()
	u, org := writerOrg(t, s, "writer@example.com", "Busy")
	hook, err := s.CreateWebhook(ctx, org.ID, "https://hooks.example.com/all", nil, true)
	if err != nil {
		t.Fatal(err)
	}
	spacesOnly, err := s.CreateWebhook(ctx, org.ID, "https://hooks.example.com/spaces", []string{"space.*"}, true)
	if err != nil {
		t.Fatal(err)
	}
	sp, err := s.CreateSpace(ctx, org.ID, store.NewSpace{Title: "Edited", Visibility: store.VisibilityPrivate})
	if err != nil {
		t.Fatal(err)
	}
	const creators, editors, each = 8, 8, 12
	targets := ownEditTargets(t, s, sp, u.ID, editors, "# Page\n")
	start, err := s.LastEventID(ctx, org.ID)
	if err != nil {
		t.Fatal(err)
	}

	var done atomic.Bool
	readers := sync.WaitGroup{}
	follow := func(name string, read func(after int64) ([]int64, error)) {
		readers.Add(1)
		go func() {
			defer readers.Done()
			last := start
			for {
				finished := done.Load() // read before the batch: a last pass follows every write
				ids, err := read(last)
				if err != nil {
					t.Errorf("%s: %v", name, err)
					return
				}
				for _, id := range ids {
					if id != last+1 {
						t.Errorf("%s: event %d after %d", name, id, last)
					}
					last = id
				}
				if finished && len(ids) == 0 {
					if want := start + int64(creators*each+editors*each); last != want {
						t.Errorf("%s: stopped at %d, want %d", name, last, want)
					}
					return
				}
			}
		}()
	}
	follow("EventsAfter", func(after int64) ([]int64, error) {
		evs, err := s.EventsAfter(ctx, []store.FeedCursor{{OrganizationID: org.ID, After: after}}, 50)
		ids := make([]int64, len(evs))
		for i, e := range evs {
			ids[i] = e.ID
		}
		return ids, err
	})
	owner := domain.RoleAdmin
	follow("ListEvents", func(after int64) ([]int64, error) {
		p, err := s.ListEvents(ctx, org.ID, store.EventFilter{After: after, Role: &owner}, store.PageArgs{Limit: 50})
		ids := make([]int64, len(p.Items))
		for i, e := range p.Items {
			ids[i] = e.ID
		}
		return ids, err
	})

	var writers sync.WaitGroup
	for w := range creators + editors {
		writers.Add(1)
		go func() {
			defer writers.Done()
			for i := range each {
				var err error
				if w < creators {
					_, err = s.CreateSpace(ctx, org.ID, store.NewSpace{Title: fmt.Sprintf("New %d-%d", w, i), Visibility: store.VisibilityPrivate})
				} else {
					tg := targets[w-creators]
					md := fmt.Sprintf("# Page\n\nEdit %d.\n", i)
					_, err = s.UpdateChangeRequestContent(ctx, sp.ID, tg.cr, u.ID, []store.PageChange{{Operation: store.OpUpdatePage, Page: tg.page, Markdown: &md}})
				}
				if err != nil {
					t.Errorf("writer %d: %v", w, err)
					return
				}
			}
		}()
	}
	writers.Wait()
	done.Store(true)
	readers.Wait()

	var dup int
	if err := s.DB.NewRaw(`SELECT count(*) FROM (SELECT webhook_id, event_id FROM webhook_deliveries
		GROUP BY 1, 2 HAVING count(*) > 1) AS d`).Scan(ctx, &dup); err != nil || dup != 0 {
		t.Errorf("events delivered twice to one webhook: %d (%v)", dup, err)
	}
	count := func(hook string, after int64, types string) (deliveries, events int) {
		t.Helper()
		if err := s.DB.NewRaw(`SELECT (SELECT count(*) FROM webhook_deliveries WHERE webhook_id = ? AND event_id > ?),
			(SELECT count(*) FROM events WHERE organization_id = ? AND id > ? AND type LIKE ?)`,
			hook, after, org.ID, after, types).Scan(ctx, &deliveries, &events); err != nil {
			t.Fatal(err)
		}
		return deliveries, events
	}
	if d, e := count(hook.ID, start, "%"); d != e || e != creators*each+editors*each {
		t.Errorf("webhook for every event: %d deliveries of %d events", d, e)
	}
	if d, e := count(spacesOnly.ID, start, "space.%"); d != e || e != creators*each {
		t.Errorf("webhook for space.*: %d deliveries of %d events", d, e)
	}
	var keys, distinct int
	if err := s.DB.NewRaw(`SELECT count(*), count(DISTINCT position) FROM spaces WHERE organization_id = ? AND parent_id IS NULL`,
		org.ID).Scan(ctx, &keys, &distinct); err != nil || keys != distinct || keys != creators*each+1 {
		t.Errorf("%d spaces at the top level, %d distinct keys (%v)", keys, distinct, err)
	}
}

// TestCreatesShareTheTreeLock: a create waits for no other create's tree
// lock (FOR SHARE, what a create holds, is held here by another
// transaction), and still waits for a move's (FOR NO KEY UPDATE), which
// excludes every create until it commits.
func TestCreatesShareTheTreeLock(t *testing.T) {
	s := pgtest.New(t)
	ctx := context.Background()
	u, err := s.EnsureUser(ctx, "writer@example.com", "")
	if err != nil {
		t.Fatal(err)
	}
	org, err := s.CreateOrganization(ctx, u.ID, "Tree", nil)
	if err != nil {
		t.Fatal(err)
	}
	hold := func(mode string) func() {
		tx, err := s.DB.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tx.ExecContext(ctx, "SELECT id FROM organizations WHERE id = ? FOR "+mode, org.ID); err != nil {
			t.Fatal(err)
		}
		return func() { tx.Rollback() } //nolint:errcheck
	}

	release := hold("SHARE")
	ctxShort, cancel := context.WithTimeout(ctx, 20*time.Second)
	if _, err := s.CreateSpace(ctxShort, org.ID, store.NewSpace{Title: "Beside a create", Visibility: store.VisibilityPrivate}); err != nil {
		t.Errorf("create beside another create's lock: %v", err)
	}
	cancel()
	release()

	release = hold("NO KEY UPDATE")
	created := make(chan error, 1)
	go func() {
		_, err := s.CreateSpace(ctx, org.ID, store.NewSpace{Title: "After a move", Visibility: store.VisibilityPrivate})
		created <- err
	}()
	// The create is seen waiting on a lock before the move ends.
	waiting := false
	for deadline := time.Now().Add(20 * time.Second); !waiting && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		select {
		case err := <-created:
			t.Fatalf("create finished while a move held the tree: %v", err)
		default:
		}
		if err := s.DB.NewRaw(`SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = current_database()
			AND wait_event_type = 'Lock' AND query LIKE '%organizations%FOR SHARE%')`).Scan(ctx, &waiting); err != nil {
			t.Fatal(err)
		}
	}
	if !waiting {
		t.Fatal("the create never waited for the move's lock")
	}
	release()
	if err := <-created; err != nil {
		t.Errorf("create after the move: %v", err)
	}
}
