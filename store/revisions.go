package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"
)

// Revision types (the reference document's Revision discriminator).
const (
	RevisionEdits = "edits"
	RevisionMerge = "merge"
)

// Revision is an immutable snapshot of a space's pages and files.
type Revision struct {
	bun.BaseModel `bun:"table:revisions,alias:rev"`

	ID              string    `bun:"id,pk"`
	OrganizationID  string    `bun:"organization_id"`
	SpaceID         string    `bun:"space_id"`
	ChangeRequestID *string   `bun:"change_request_id"`
	Type            string    `bun:"type"`
	Parents         []string  `bun:"parents,array"`
	Root            string    `bun:"root"`
	CreatedAt       time.Time `bun:"created_at"`
}

// RevisionsByID loads revisions by id, in no particular order.
func (s *Store) RevisionsByID(ctx context.Context, ids []string) ([]Revision, error) {
	var out []Revision
	err := revisionsByID.scan(ctx, s, &out, ids)
	return out, dbError(err, "revision")
}

var revisionsByID = &paramRead{build: func(db bun.IDB) *bun.SelectQuery {
	return db.NewSelect().Model((*Revision)(nil)).Where("rev.id = ANY($1::text[])")
}}

// TreeKey names a revision's content: its organization and root hash.
type TreeKey struct {
	OrganizationID string
	Root           string
}

// Tree loads the whole content of a revision in one statement.
func (s *Store) Tree(ctx context.Context, k TreeKey) (*Tree, error) {
	var t *Tree
	err := s.readOn(ctx, func(db bun.IDB) (err error) {
		t, err = loadTree(ctx, db, k.OrganizationID, k.Root)
		return err
	})
	return t, err
}

// Trees loads the content of many revisions in one statement.
func (s *Store) Trees(ctx context.Context, keys []TreeKey) (map[TreeKey]*Tree, error) {
	var out map[TreeKey]*Tree
	err := s.readOn(ctx, func(db bun.IDB) (err error) {
		out, err = loadTrees(ctx, db, keys)
		return err
	})
	return out, err
}

// insertRevision stores a revision row.
func insertRevision(ctx context.Context, tx bun.IDB, rev *Revision) error {
	if rev.Parents == nil {
		rev.Parents = []string{}
	}
	_, err := tx.NewInsert().Model(rev).Exec(ctx)
	return dbError(err, "revision")
}

// revisionFor loads a revision inside a transaction.
func revisionFor(ctx context.Context, tx bun.IDB, id string) (*Revision, error) {
	rev := new(Revision)
	err := tx.NewSelect().Model(rev).Where("rev.id = ?", id).Scan(ctx)
	return rev, dbError(err, "revision")
}
