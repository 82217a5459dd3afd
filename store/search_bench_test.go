package store_test

import (
	"context"
	"database/sql/driver"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"

	"folio/store"
	"folio/store/pgtest"
)

// Search benchmark corpus: 100,000 pages in 100 spaces, three sections of
// 40 words each per page, words drawn Zipf-like from a vocabulary of real
// English words and made-up ones, so a few words are in most pages and most
// words in few.
const (
	benchSpaces        = 100
	benchPagesPerSpace = 1000
	benchSections      = 3
	benchWords         = 40
)

var benchReal = strings.Fields(`install installation configure configuration server client database
	search index page space organization user member team permission token request response error
	deploy deployment build release version upgrade migrate backup restore network proxy cache
	storage file image document markdown link import export policy secret cluster node worker job
	queue schedule timeout retry limit quota billing invoice account profile password login logout`)

func benchVocabulary(r *rand.Rand) []string {
	syll := []string{"ka", "lo", "mi", "ren", "sa", "tu", "vo", "ne", "pri", "dal", "gor", "hel", "zu", "fin", "bra", "qui"}
	vocab := slices.Clone(benchReal)
	for len(vocab) < 5000 {
		var w strings.Builder
		for range 2 + r.IntN(3) {
			w.WriteString(syll[r.IntN(len(syll))])
		}
		vocab = append(vocab, w.String())
	}
	return vocab
}

// seedSearch writes the corpus's index rows directly (COPY), the way a
// merge would have written them, and returns the spaces and some phrases
// that occur in the corpus.
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
	for i := range benchSpaces {
		sp, err := s.CreateSpace(ctx, org.ID, store.NewSpace{Title: fmt.Sprint("Space ", i), Visibility: store.VisibilityPrivate})
		if err != nil {
			b.Fatal(err)
		}
		spaces = append(spaces, sp.ID)
	}
	r := rand.New(rand.NewPCG(1, 2))
	vocab := benchVocabulary(r)
	zipf := rand.NewZipf(r, 1.1, 2, uint64(len(vocab)-1))
	var pages, sections [][]any
	var phrases []string
	for si, sp := range spaces {
		for p := range benchPagesPerSpace {
			id := fmt.Sprintf("p%d-%d", si, p)
			title := vocab[zipf.Uint64()] + " " + vocab[zipf.Uint64()]
			pages = append(pages, []any{org.ID, sp, id, title, "", fmt.Sprint("page-", p), ""})
			for k := range benchSections {
				words := make([]string, benchWords)
				for w := range words {
					words[w] = vocab[zipf.Uint64()]
				}
				if len(phrases) < 1000 && r.IntN(100) == 0 {
					phrases = append(phrases, `"`+words[5]+" "+words[6]+`"`)
				}
				sections = append(sections, []any{org.ID, sp, id, k, fmt.Sprint("part-", k), "Part " + vocab[zipf.Uint64()], strings.Join(words, " ")})
			}
		}
	}
	conn, err := s.DB.Conn(ctx)
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close()
	err = conn.Raw(func(dc any) error {
		pc := dc.(driver.Conn).(*stdlib.Conn).Conn()
		if _, err := pc.CopyFrom(ctx, pgx.Identifier{"search_pages"},
			[]string{"organization_id", "space_id", "page_id", "title", "description", "path", "document"}, pgx.CopyFromRows(pages)); err != nil {
			return err
		}
		_, err := pc.CopyFrom(ctx, pgx.Identifier{"search_sections"},
			[]string{"organization_id", "space_id", "page_id", "ordinal", "anchor", "title", "body"}, pgx.CopyFromRows(sections))
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := s.DB.ExecContext(ctx, "ANALYZE search_pages; ANALYZE search_sections"); err != nil {
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
	vocab := benchVocabulary(rand.New(rand.NewPCG(1, 2)))
	admin := store.RoleAdmin
	queries := map[string]func(i int) string{
		"word":   func(int) string { return vocab[r.IntN(len(vocab))] },
		"common": func(int) string { return benchReal[r.IntN(20)] },
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
