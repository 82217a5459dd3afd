// Package corpus makes the search benchmarks' corpus: pages whose words are
// drawn Zipf-like from a vocabulary of real English words and made-up ones,
// so a few words are in most pages and most words in few. Index rows are
// written directly (COPY), the way a merge would have written them.
package corpus

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"

	"folio/store"
)

// Sections and Words shape every page: Sections sections of Words words.
const (
	Sections = 3
	Words    = 40
)

// Real are the corpus's common real words, most common first.
var Real = strings.Fields(`install installation configure configuration server client database
	search index page space organization user member team permission token request response error
	deploy deployment build release version upgrade migrate backup restore network proxy cache
	storage file image document markdown link import export policy secret cluster node worker job
	queue schedule timeout retry limit quota billing invoice account profile password login logout`)

// Vocabulary is Real plus made-up words, 5,000 in all; the same for the same r.
func Vocabulary(r *rand.Rand) []string {
	syll := []string{"ka", "lo", "mi", "ren", "sa", "tu", "vo", "ne", "pri", "dal", "gor", "hel", "zu", "fin", "bra", "qui"}
	vocab := slices.Clone(Real)
	for len(vocab) < 5000 {
		var w strings.Builder
		for range 2 + r.IntN(3) {
			w.WriteString(syll[r.IntN(len(syll))])
		}
		vocab = append(vocab, w.String())
	}
	return vocab
}

// Seed writes the search index rows of pagesPerSpace pages in each space
// and returns some phrases that occur in the corpus.
func Seed(ctx context.Context, s *store.Store, orgID string, spaces []string, pagesPerSpace int) ([]string, error) {
	r := rand.New(rand.NewPCG(1, 2))
	vocab := Vocabulary(r)
	zipf := rand.NewZipf(r, 1.1, 2, uint64(len(vocab)-1))
	var pages, sections [][]any
	var phrases []string
	for si, sp := range spaces {
		for p := range pagesPerSpace {
			id := fmt.Sprintf("p%d-%d", si, p)
			title := vocab[zipf.Uint64()] + " " + vocab[zipf.Uint64()]
			pages = append(pages, []any{orgID, sp, id, title, "", fmt.Sprint("page-", p), ""})
			for k := range Sections {
				words := make([]string, Words)
				for w := range words {
					words[w] = vocab[zipf.Uint64()]
				}
				if len(phrases) < 1000 && r.IntN(100) == 0 {
					phrases = append(phrases, `"`+words[5]+" "+words[6]+`"`)
				}
				sections = append(sections, []any{orgID, sp, id, k, fmt.Sprint("part-", k), "Part " + vocab[zipf.Uint64()], strings.Join(words, " ")})
			}
		}
	}
	conn, err := s.DB.Conn(ctx)
	if err != nil {
		return nil, err
	}
	err = conn.Raw(func(dc any) error {
		pc, err := pgxConn(dc)
		if err != nil {
			return err
		}
		if _, err := pc.CopyFrom(ctx, pgx.Identifier{"search_pages"},
			[]string{"organization_id", "space_id", "page_id", "title", "description", "path", "document"}, pgx.CopyFromRows(pages)); err != nil {
			return fmt.Errorf("copy search pages: %w", err)
		}
		if _, err := pc.CopyFrom(ctx, pgx.Identifier{"search_sections"},
			[]string{"organization_id", "space_id", "page_id", "ordinal", "anchor", "title", "body"}, pgx.CopyFromRows(sections)); err != nil {
			return fmt.Errorf("copy search sections: %w", err)
		}
		return nil
	})
	// Back to the pool before VACUUM takes one: with a pool of one
	// connection, holding it would wait forever.
	conn.Close()
	if err != nil {
		return nil, err
	}
	// Statistics as a settled database has them (autovacuum analyses a table
	// some time after it changed): spaces too, or the planner may take an
	// organization's new spaces for one and plan a search by them.
	for _, table := range []string{"search_pages", "search_sections", "spaces"} {
		if _, err := s.DB.ExecContext(ctx, "VACUUM ANALYZE "+table); err != nil {
			return nil, fmt.Errorf("vacuum %s: %w", table, err)
		}
	}
	return phrases, nil
}

// pgxConn is the pgx connection under a database/sql driver connection of
// the store: pgx's own, or one the store wraps (store/conn.go embeds it).
func pgxConn(dc any) (*pgx.Conn, error) {
	if c, ok := dc.(*stdlib.Conn); ok {
		return c.Conn(), nil
	}
	if v := reflect.ValueOf(dc); v.Kind() == reflect.Struct {
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				if c, ok := v.Field(i).Interface().(*stdlib.Conn); ok {
					return c.Conn(), nil
				}
			}
		}
	}
	return nil, fmt.Errorf("copy: %T holds no pgx connection", dc)
}
