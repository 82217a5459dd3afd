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
	u, err := s.EnsureUser(ctx, "bench@example.com", "")
	if err != nil {
		b.Fatal(err)
	}
	o, err := s.CreateOrganization(ctx, u.ID, "Acme", nil)
	if err != nil {
		b.Fatal(err)
	}
	st, err := s.CreateSite(ctx, o.ID, store.NewSite{Title: "Docs"})
	if err != nil {
		b.Fatal(err)
	}
	org, site := o.ID, st.ID
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
