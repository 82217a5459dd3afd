package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"folio/bench/corpus"
	"folio/domain"
	"folio/store"
	"folio/store/pgtest"
)

// seedSearch makes the benchmark corpus (package bench/corpus): 100,000
// pages in 100 spaces, and returns the organization, its spaces and some
// phrases that occur in the corpus.
func seedSearch(b *testing.B, s *store.Store) (string, []string, []string) {
	ctx := context.Background()
	u, err := s.EnsureUser(ctx, "bench@example.com", "")
	if err != nil {
		b.Fatal(err)
	}
	org, err := s.CreateOrganization(ctx, u.ID, "Bench", nil)
	if err != nil {
		b.Fatal(err)
	}
	var spaces []string
	for i := range 100 {
		sp, err := s.CreateSpace(ctx, org.ID, store.NewSpace{Title: fmt.Sprint("Space ", i), Visibility: store.VisibilityPrivate})
		if err != nil {
			b.Fatal(err)
		}
		spaces = append(spaces, sp.ID)
	}
	phrases, err := corpus.Seed(ctx, s, org.ID, spaces, 1000)
	if err != nil {
		b.Fatal(err)
	}
	return org.ID, spaces, phrases
}

// BenchmarkSearch reports search latency (p50, p99) over 100,000 pages in
// 100 spaces: single words, phrases and misses, in one space and across
// the organization. It seeds for about a minute; run it with
// `go test ./store -run '^$' -bench Search`.
func BenchmarkSearch(b *testing.B) {
	s := pgtest.New(b)
	ctx := context.Background()
	orgID, spaces, phrases := seedSearch(b, s)
	r := rand.New(rand.NewPCG(3, 4))
	vocab := corpus.Vocabulary(rand.New(rand.NewPCG(1, 2)))
	admin := domain.RoleAdmin
	queries := map[string]func(i int) string{
		"word":   func(int) string { return vocab[r.IntN(len(vocab))] },
		"common": func(int) string { return corpus.Real[r.IntN(20)] },
		"phrase": func(int) string { return phrases[r.IntN(len(phrases))] },
		"miss":   func(i int) string { return fmt.Sprint("zzqx", i) },
	}
	for _, scope := range []string{"space", "org"} {
		for _, kind := range []string{"word", "common", "phrase", "miss"} {
			b.Run(scope+"-"+kind, func(b *testing.B) {
				var lat []time.Duration
				i := 0
				for b.Loop() {
					q := queries[kind](i)
					i++
					start := time.Now()
					var err error
					if scope == "space" {
						_, err = s.SearchSpace(ctx, spaces[r.IntN(len(spaces))], q, store.PageArgs{Limit: 20})
					} else {
						_, err = s.SearchOrganization(ctx, orgID, &admin, q, store.PageArgs{Limit: 20})
					}
					if err != nil {
						b.Fatal(err)
					}
					lat = append(lat, time.Since(start))
				}
				slices.Sort(lat)
				b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
				b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
			})
		}
	}
}
