package store_test

import (
	"context"
	"strconv"
	"testing"

	"folio/store"
	"folio/store/pgtest"
)

// BenchmarkCreateSpace measures a space's creation at the top level of an
// organization that already has n spaces there (make bench's has 12,000):
// what a create costs should not grow with the organization.
func BenchmarkCreateSpace(b *testing.B) {
	s := pgtest.New(b)
	ctx := context.Background()
	u, err := s.EnsureUser(ctx, "bench@example.com", "")
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{10, 12000} {
		org, err := s.CreateOrganization(ctx, u.ID, "Bench "+strconv.Itoa(n), nil)
		if err != nil {
			b.Fatal(err)
		}
		// The spaces already there, written at once (keys below any the
		// creates pick: "A", five digits, "1").
		if _, err := s.DB.ExecContext(ctx, `INSERT INTO spaces (id, organization_id, title, visibility, position, revision_id)
			SELECT 'seed' || ?::text || '-' || i, ?, 'Space ' || i, 'private', 'A' || lpad(i::text, 5, '0') || '1', 'rev' || i
			FROM generate_series(1, ?::int) AS i`, strconv.Itoa(n), org.ID, n); err != nil {
			b.Fatal(err)
		}
		if _, err := s.DB.ExecContext(ctx, "ANALYZE spaces"); err != nil {
			b.Fatal(err)
		}
		b.Run(strconv.Itoa(n)+"-spaces", func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				i++
				if _, err := s.CreateSpace(ctx, org.ID, store.NewSpace{Title: "New " + strconv.Itoa(i), Visibility: store.VisibilityPrivate}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
