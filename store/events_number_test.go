package store_test

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"folio/store"
	"folio/store/pgtest"
)

// holdNumbering takes the advisory lock folio_number_events takes for org,
// as a numbering transaction in the middle of its commit holds it, until
// the returned function is called.
func holdNumbering(t *testing.T, s *store.Store, org string) (release func()) {
	t.Helper()
	tx, err := s.DB.BeginTx(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.ExecContext(context.Background(),
		"SELECT pg_advisory_xact_lock(hashtext('folio_number_events'), hashtext(?))", org); err != nil {
		t.Fatal(err)
	}
	return func() { tx.Rollback() } //nolint:errcheck
}

// webhookOfAll gives org a webhook for every event.
func webhookOfAll(t *testing.T, s *store.Store, org *store.Organization) *store.Webhook {
	t.Helper()
	hook, err := s.CreateWebhook(context.Background(), org.ID, "https://hooks.example.com/all", nil, true)
	if err != nil {
		t.Fatal(err)
	}
	return hook
}

// TestWriteCommitsWithoutWaitingForTheFeed: while another numbering of the
// organization holds its lock (as one does through its commit's WAL
// flush), a write of the organization still commits: its space is there
// for every other reader at once. Its event is not in the feed yet (it is
// numbered only after the numbering before it, so nothing is skipped), and
// the write answers only once it is, with the next id and exactly one
// delivery to the organization's webhook.
func TestWriteCommitsWithoutWaitingForTheFeed(t *testing.T) {
	s := pgtest.New(t)
	ctx := context.Background()
	_, org := writerOrg(t, s, "writer@example.com", "Feed")
	hook := webhookOfAll(t, s, org)
	before, err := s.LastEventID(ctx, org.ID)
	if err != nil {
		t.Fatal(err)
	}

	release := holdNumbering(t, s, org.ID)
	answered := make(chan error, 1)
	go func() {
		_, err := s.CreateSpace(ctx, org.ID, store.NewSpace{Title: "Written while numbering", Visibility: store.VisibilityPrivate})
		answered <- err
	}()
	var committed int
	for deadline := time.Now().Add(30 * time.Second); committed == 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			release()
			t.Fatal("the write did not commit while a numbering of its organization held the lock")
		}
		if err := s.DB.NewRaw("SELECT count(*) FROM spaces WHERE organization_id = ? AND title = ?",
			org.ID, "Written while numbering").Scan(ctx, &committed); err != nil {
			t.Fatal(err)
		}
	}
	if last, err := s.LastEventID(ctx, org.ID); err != nil || last != before {
		t.Errorf("while the lock is held, the feed ends at %d (%v), want %d", last, err, before)
	}
	select {
	case err := <-answered:
		t.Errorf("the write answered (%v) before its event was numbered", err)
	default:
	}
	release()
	if err := <-answered; err != nil {
		t.Fatal(err)
	}
	evs, err := s.EventsAfter(ctx, []store.FeedCursor{{OrganizationID: org.ID, After: before}}, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 1 || evs[0].ID != before+1 || evs[0].Type != store.EventSpaceCreated {
		t.Fatalf("after the write: %+v, want space.created with id %d", evs, before+1)
	}
	var deliveries int
	if err := s.DB.NewRaw("SELECT count(*) FROM webhook_deliveries WHERE webhook_id = ? AND event_id = ?",
		hook.ID, evs[0].ID).Scan(ctx, &deliveries); err != nil || deliveries != 1 {
		t.Errorf("%d deliveries of event %d (%v), want 1", deliveries, evs[0].ID, err)
	}
	var pending int
	if err := s.DB.NewRaw("SELECT count(*) FROM event_pending").Scan(ctx, &pending); err != nil || pending != 0 {
		t.Errorf("%d events left pending (%v)", pending, err)
	}
}

// TestEventsLeftPendingByAStoppedServer: events a write committed while
// another numbering held the lock (so its commit left them pending), but
// whose server stopped before numbering them, are numbered by the
// organization's next write, before that write's own (committed first,
// they come first in the feed), or by the sweep (NumberPendingEvents);
// each gets its webhook delivery, whose body holds the id given. Pending
// events of an organization deleted since are dropped.
func TestEventsLeftPendingByAStoppedServer(t *testing.T) {
	s := pgtest.New(t)
	ctx := context.Background()
	u, org := writerOrg(t, s, "writer@example.com", "Stopped")
	hook := webhookOfAll(t, s, org)
	// What emit leaves, as a write that committed while another numbering
	// of its organization held the lock, by a server that stopped at once.
	leave := func(org, object string) {
		t.Helper()
		release := holdNumbering(t, s, org)
		defer release()
		if _, err := s.DB.ExecContext(ctx, `INSERT INTO event_pending (organization_id, actor_id, created_at, types, object_ids,
			space_ids, payloads, tails, head, hooks) VALUES (?, NULL, now() - interval '1 minute', '{space.updated}', ARRAY[?::text],
			ARRAY[?::text], '{"{}"}', ARRAY['","type":"space.updated","objectId":"' || ?::text || '"}'], '{"object":"event","id":"', ARRAY[?::text])`,
			org, object, object, object, hook.ID); err != nil {
			t.Fatal(err)
		}
	}
	start, err := s.LastEventID(ctx, org.ID)
	if err != nil {
		t.Fatal(err)
	}
	leave(org.ID, "left-1")
	if last, _ := s.LastEventID(ctx, org.ID); last != start {
		t.Fatalf("a pending event is in the feed before it is numbered: %d", last)
	}
	if _, err := s.CreateSpace(ctx, org.ID, store.NewSpace{Title: "Next write", Visibility: store.VisibilityPrivate}); err != nil {
		t.Fatal(err)
	}
	leave(org.ID, "left-2")
	n, err := s.NumberPendingEvents(ctx, time.Second)
	if err != nil || n != 1 {
		t.Fatalf("the sweep numbered %d (%v), want 1", n, err)
	}

	evs, err := s.EventsAfter(ctx, []store.FeedCursor{{OrganizationID: org.ID, After: start}}, 10)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for i, e := range evs {
		if e.ID != start+int64(i)+1 {
			t.Errorf("event %d has id %d", i, e.ID)
		}
		got = append(got, string(e.Type)+" "+e.ObjectID)
		if e.Type != store.EventSpaceUpdated {
			continue
		}
		var body string
		if err := s.DB.NewRaw("SELECT body FROM webhook_deliveries WHERE webhook_id = ? AND event_id = ?", hook.ID, e.ID).
			Scan(ctx, &body); err != nil {
			t.Errorf("delivery of event %d: %v", e.ID, err)
		}
		if want := `{"object":"event","id":"` + strconv.FormatInt(e.ID, 10) + `","type":"space.updated","objectId":"` + e.ObjectID + `"}`; body != want {
			t.Errorf("delivery body %s, want %s", body, want)
		}
	}
	if fmt.Sprint(got[0], got[2]) != "space.updated left-1space.updated left-2" || len(got) != 3 || got[1][:len("space.created")] != "space.created" {
		t.Errorf("feed %q: want the left event, the next write's, then the one the sweep numbered", got)
	}

	gone, err := s.CreateOrganization(ctx, u.ID, "Deleted", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.DB.ExecContext(ctx, "DELETE FROM organizations WHERE id = ?", gone.ID); err != nil {
		t.Fatal(err)
	}
	leave(gone.ID, "left-3")
	if _, err := s.NumberPendingEvents(ctx, time.Second); err != nil {
		t.Fatalf("pending events of a deleted organization: %v", err)
	}
	var pending int
	if err := s.DB.NewRaw("SELECT count(*) FROM event_pending").Scan(ctx, &pending); err != nil || pending != 0 {
		t.Errorf("%d events left pending (%v)", pending, err)
	}
}

// TestUncontendedWriteNumbersAtCommit: with no other numbering in flight,
// a write's events are numbered by its own commit (nothing is left
// pending for the call after it), as before numbering could be deferred.
func TestUncontendedWriteNumbersAtCommit(t *testing.T) {
	s := pgtest.New(t)
	ctx := context.Background()
	_, org := writerOrg(t, s, "writer@example.com", "Quiet")
	before, err := s.LastEventID(ctx, org.ID)
	if err != nil {
		t.Fatal(err)
	}
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO event_pending (organization_id, actor_id, created_at, types, object_ids,
		space_ids, payloads, tails, head, hooks) VALUES (?, NULL, now(), '{space.updated}', '{x}', '{""}', '{"{}"}',
		'{"\",\"type\":\"space.updated\"}"}', '{"object":"event","id":"', '{}')`, org.ID); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	var pending int
	if err := s.DB.NewRaw("SELECT count(*) FROM event_pending").Scan(ctx, &pending); err != nil || pending != 0 {
		t.Errorf("%d events left pending by an uncontended commit (%v)", pending, err)
	}
	if last, err := s.LastEventID(ctx, org.ID); err != nil || last != before+1 {
		t.Errorf("after the commit the feed ends at %d (%v), want %d", last, err, before+1)
	}
}

// TestCommitThatNumberedMakesNoCall: a write whose commit numbered its
// events itself (no other numbering in flight) learns so from the
// commit's notice and makes no numbering call after it, one statement
// fewer; one whose commit found the lock taken makes the call, and its
// event is numbered by it. A connection that drops notices
// (client_min_messages above NOTICE) makes the call each time, which finds
// the events numbered.
func TestCommitThatNumberedMakesNoCall(t *testing.T) {
	s := pgtest.New(t)
	ctx := context.Background()
	_, org := writerOrg(t, s, "writer@example.com", "Calls")
	// write creates a space in org through st, answering the statements
	// it ran and the id the feed ends at after it.
	write := func(st *store.Store, title string) (statements []string, last int64) {
		t.Helper()
		var mu sync.Mutex
		wctx := store.WithStatementLog(ctx, func(q string) {
			mu.Lock()
			defer mu.Unlock()
			statements = append(statements, q)
		})
		if _, err := st.CreateSpace(wctx, org.ID, store.NewSpace{Title: title, Visibility: store.VisibilityPrivate}); err != nil {
			t.Fatal(err)
		}
		last, err := s.LastEventID(ctx, org.ID)
		if err != nil {
			t.Fatal(err)
		}
		return statements, last
	}
	calls := func(statements []string) int {
		n := 0
		for _, q := range statements {
			if strings.Contains(q, "folio_number_events") {
				n++
			}
		}
		return n
	}
	before, err := s.LastEventID(ctx, org.ID)
	if err != nil {
		t.Fatal(err)
	}

	quiet, last := write(s, "Quiet")
	if n := calls(quiet); n != 0 {
		t.Errorf("a commit that numbered its events made %d numbering calls after it: %q", n, quiet)
	}
	if last != before+1 {
		t.Errorf("after an uncontended write the feed ends at %d, want %d", last, before+1)
	}

	release := holdNumbering(t, s, org.ID)
	done := make(chan []string, 1)
	go func() {
		statements, _ := write(s, "Contended")
		done <- statements
	}()
	var committed int
	for deadline := time.Now().Add(30 * time.Second); committed == 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			release()
			t.Fatal("the write did not commit while a numbering of its organization held the lock")
		}
		if err := s.DB.NewRaw("SELECT count(*) FROM spaces WHERE organization_id = ? AND title = 'Contended'",
			org.ID).Scan(ctx, &committed); err != nil {
			t.Fatal(err)
		}
	}
	release()
	contended := <-done
	if n := calls(contended); n != 1 {
		t.Errorf("a commit that found the numbering lock taken made %d numbering calls after it, want 1: %q", n, contended)
	}
	if len(contended) != len(quiet)+1 {
		t.Errorf("%d statements with the call, %d without: want exactly one more", len(contended), len(quiet))
	}
	if last, err := s.LastEventID(ctx, org.ID); err != nil || last != before+2 {
		t.Errorf("after the contended write the feed ends at %d (%v), want %d", last, err, before+2)
	}

	if os.Getenv(pgtest.PoolerSetting) != "" {
		// PgBouncer refuses client_min_messages as a startup parameter;
		// that the notice comes through it is what the writes above show.
		return
	}
	deaf, err := store.Open(ctx, s.DSN()+"&client_min_messages=warning")
	if err != nil {
		t.Fatal(err)
	}
	defer deaf.Close()
	if err := deaf.LoadSecrets(ctx); err != nil {
		t.Fatal(err)
	}
	unheard, last := write(deaf, "Unheard")
	if n := calls(unheard); n != 1 {
		t.Errorf("without the commit's notice %d numbering calls were made, want 1: %q", n, unheard)
	}
	if last != before+3 {
		t.Errorf("after a write without notices the feed ends at %d, want %d", last, before+3)
	}
	var pending int
	if err := s.DB.NewRaw("SELECT count(*) FROM event_pending").Scan(ctx, &pending); err != nil || pending != 0 {
		t.Errorf("%d events left pending (%v)", pending, err)
	}
}

// TestNumberingCallsFoldTogether: writes of one organization that finish
// their commits while a numbering call of the server is in flight (here
// waiting for the lock another numbering holds) wait for one call
// together, made with all their rows, instead of a call each that would
// wait in the database on a connection of its own. Every event is
// numbered, in a row of ids, with its webhook delivery.
func TestNumberingCallsFoldTogether(t *testing.T) {
	s := pgtest.New(t)
	ctx := context.Background()
	_, org := writerOrg(t, s, "writer@example.com", "Folded")
	hook := webhookOfAll(t, s, org)
	before, err := s.LastEventID(ctx, org.ID)
	if err != nil {
		t.Fatal(err)
	}
	const writes = 8
	var calls atomic.Int64
	wctx := store.WithStatementLog(ctx, func(q string) {
		if strings.Contains(q, "folio_number_events") {
			calls.Add(1)
		}
	})
	release := holdNumbering(t, s, org.ID)
	errs := make(chan error, writes)
	for i := range writes {
		go func() {
			_, err := s.CreateSpace(wctx, org.ID, store.NewSpace{Title: fmt.Sprint("Folded ", i), Visibility: store.VisibilityPrivate})
			errs <- err
		}()
	}
	// One call in flight (waiting for the lock), the other writes' rows
	// waiting for the next.
	for deadline := time.Now().Add(30 * time.Second); s.NumberingWaiters(org.ID) < writes-1; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			release()
			t.Fatalf("%d writes wait for the next numbering call, want %d", s.NumberingWaiters(org.ID), writes-1)
		}
	}
	release()
	for range writes {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if n := calls.Load(); n != 2 {
		t.Errorf("%d writes made %d numbering calls, want 2 (the one in flight, and one for the writes behind it)", writes, n)
	}
	evs, err := s.EventsAfter(ctx, []store.FeedCursor{{OrganizationID: org.ID, After: before}}, 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != writes {
		t.Fatalf("%d events in the feed, want %d", len(evs), writes)
	}
	for i, e := range evs {
		if e.ID != before+int64(i)+1 || e.Type != store.EventSpaceCreated {
			t.Errorf("event %d: id %d type %s, want id %d space.created", i, e.ID, e.Type, before+int64(i)+1)
		}
	}
	var deliveries int
	if err := s.DB.NewRaw("SELECT count(DISTINCT event_id) FROM webhook_deliveries WHERE webhook_id = ? AND event_id > ?",
		hook.ID, before).Scan(ctx, &deliveries); err != nil || deliveries != writes {
		t.Errorf("%d events delivered (%v), want %d", deliveries, err, writes)
	}
	if s.NumberingWaiters(org.ID) != 0 {
		t.Errorf("writes still wait for a numbering call")
	}
}
