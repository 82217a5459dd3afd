package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	"folio/internal/markdown"
)

// Page documents are markdown stored once per organization under the hash
// of their text, so revisions, change requests and duplicated spaces that
// did not change a page share its document.

type document struct {
	bun.BaseModel `bun:"table:documents,alias:doc"`

	OrganizationID string `bun:"organization_id"`
	Hash           string `bun:"hash"`
	Markdown       string `bun:"markdown"`
	// Links are extracted when the document is stored (nil for documents
	// stored before links were), so reads never parse markdown for them.
	Links []markdown.Link `bun:"links,type:jsonb"`
}

// DocumentHash is the key a markdown document is stored under.
func DocumentHash(markdown string) string {
	sum := sha256.Sum256([]byte(markdown))
	return hex.EncodeToString(sum[:16])
}

// DocumentKey names one stored document.
type DocumentKey struct {
	OrganizationID string
	Hash           string
}

// Documents loads the markdown of documents by key, keyed by hash.
func (s *Store) Documents(ctx context.Context, keys []DocumentKey) (map[string]string, error) {
	if len(keys) == 0 {
		return map[string]string{}, nil
	}
	// Two arrays, not a list of pairs: PostgreSQL turns (a, b) IN (...) into
	// one OR per pair, and the expression of a 10,000-page tree exceeds its
	// stack depth.
	orgs, hashes := make([]string, len(keys)), make([]string, len(keys))
	for i, k := range keys {
		orgs[i], hashes[i] = k.OrganizationID, k.Hash
	}
	var rows []document
	err := s.readOn(ctx, func(db bun.IDB) error {
		rows = rows[:0]
		return db.NewSelect().Model(&rows).Column("hash", "markdown").
			Where("(doc.organization_id, doc.hash) IN (SELECT * FROM unnest(?::text[], ?::text[]))", pgdialect.Array(orgs), pgdialect.Array(hashes)).
			Scan(ctx)
	})
	out := make(map[string]string, len(rows))
	for _, r := range rows {
		out[r.Hash] = r.Markdown
	}
	return out, dbError(err, "document")
}

// documentRows are the rows of documents (markdown by hash), their links
// extracted.
func documentRows(orgID string, docs map[string]string) []document {
	rows := make([]document, 0, len(docs))
	for h, md := range docs {
		rows = append(rows, document{OrganizationID: orgID, Hash: h, Markdown: md, Links: markdown.Links(md)})
	}
	return rows
}

// writeDocuments stores documents that are not stored yet.
func writeDocuments(ctx context.Context, tx bun.IDB, orgID string, docs map[string]string, st *WriteStats) error {
	if len(docs) == 0 {
		return nil
	}
	rows := documentRows(orgID, docs)
	res, err := tx.NewInsert().Model(&rows).On("CONFLICT DO NOTHING").Exec(ctx)
	if err != nil {
		return dbError(err, "document")
	}
	if st != nil {
		n, _ := res.RowsAffected()
		st.Documents += int(n)
		for _, r := range rows {
			st.Bytes += len(r.Markdown) + len(r.Hash)
		}
	}
	return nil
}
