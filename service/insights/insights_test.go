package insights_test

import (
	"context"
	"testing"
	"time"

	"folio/service/insights"
	"folio/store"
	"folio/store/pgtest"
)

// BenchmarkRecorder is what tracking adds to one page view: buffering the
// event, then its share of the batched INSERT (written as the reader's
// would be, a batch of 500 at a time), salt and hash included.
func BenchmarkRecorder(b *testing.B) {
	s := pgtest.New(b)
	ctx := context.Background()
	org, site := seedSite(b, s)
	r := insights.New(s, insights.Config{Every: time.Hour})
	page, space := "p1", "sp1"
	e := insights.Event{InsightEvent: store.InsightEvent{OrganizationID: org, SiteID: site, Type: "page_view",
		URL: "http://folio.test/sites/s1/a", URLPath: "/sites/s1/a", PageID: &page, SpaceID: &space},
		Client: "203.0.113.9", UserAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131"}
	n := 0
	for b.Loop() {
		r.Add(e)
		if n++; n%500 == 0 {
			if err := r.Flush(ctx); err != nil {
				b.Fatal(err)
			}
		}
	}
	if err := r.Close(ctx); err != nil {
		b.Fatal(err)
	}
}

// seedSite makes an organization with one site.
func seedSite(t testing.TB, s *store.Store) (org, site string) {
	t.Helper()
	ctx := context.Background()
	u, err := s.EnsureUser(ctx, "seed@example.com", "")
	if err != nil {
		t.Fatal(err)
	}
	o, err := s.CreateOrganization(ctx, u.ID, "Acme", nil)
	if err != nil {
		t.Fatal(err)
	}
	st, err := s.CreateSite(ctx, o.ID, store.NewSite{Title: "Docs"})
	if err != nil {
		t.Fatal(err)
	}
	return o.ID, st.ID
}

func countEvents(t *testing.T, s *store.Store) int {
	t.Helper()
	var n int
	if err := s.DB.NewRaw(`SELECT count(*) FROM site_insight_events`).Scan(t.Context(), &n); err != nil {
		t.Fatal(err)
	}
	return n
}

// Close writes what is buffered (a server shutting down loses no event),
// and a full batch is written without waiting for the period.
func TestRecorderWritesOnCloseAndWhenFull(t *testing.T) {
	s := pgtest.New(t)
	org, site := seedSite(t, s)
	r := insights.New(s, insights.Config{Every: time.Hour, Batch: 3})
	e := insights.Event{InsightEvent: store.InsightEvent{OrganizationID: org, SiteID: site, Type: "page_view"}, Client: "192.0.2.1", UserAgent: "UA"}
	r.Add(e)
	r.Add(e)
	if n := countEvents(t, s); n != 0 {
		t.Fatalf("%d events written before a batch is full", n)
	}
	r.Add(e) // full: written by the recorder's loop
	deadline := time.Now().Add(10 * time.Second)
	for countEvents(t, s) != 3 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := countEvents(t, s); n != 3 {
		t.Fatalf("%d events after a full batch, want 3", n)
	}
	r.Add(e)
	if err := r.Close(t.Context()); err != nil {
		t.Fatal(err)
	}
	if n := countEvents(t, s); n != 4 {
		t.Fatalf("%d events after Close, want 4", n)
	}
}

// PruneInsights deletes events past the retention and past days' salts.
func TestPruneInsights(t *testing.T) {
	s := pgtest.New(t)
	org, site := seedSite(t, s)
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	s.SetClock(func() time.Time { return now })
	ev := func(at time.Time) store.InsightEvent {
		return store.InsightEvent{OrganizationID: org, SiteID: site, Type: "page_view", At: at, DisplayContext: "site", VisitorHash: "h"}
	}
	if err := s.InsertInsightEvents(t.Context(), []store.InsightEvent{ev(now.Add(-91 * 24 * time.Hour)), ev(now.Add(-89 * 24 * time.Hour)), ev(now)}); err != nil {
		t.Fatal(err)
	}
	for _, d := range []int{-3, -1, 0} {
		if _, err := s.InsightsSalt(t.Context(), now.AddDate(0, 0, d)); err != nil {
			t.Fatal(err)
		}
	}
	n, err := s.PruneInsights(t.Context(), store.DefaultInsightsRetention)
	if err != nil || n != 1 {
		t.Fatalf("pruned %d, %v; want 1", n, err)
	}
	if c := countEvents(t, s); c != 2 {
		t.Errorf("%d events left, want 2", c)
	}
	var salts []string
	if err := s.DB.NewRaw(`SELECT key FROM server_settings WHERE key LIKE 'insights_salt:%' ORDER BY key`).Scan(t.Context(), &salts); err != nil {
		t.Fatal(err)
	}
	if want := []string{"insights_salt:2026-11-27", "insights_salt:2026-11-28"}; len(salts) != 2 || salts[0] != want[0] || salts[1] != want[1] {
		t.Errorf("salts left %v, want %v", salts, want)
	}
}
