package store

import (
	"context"

	"github.com/uptrace/bun"
)

var historyKeyset = keyset{name: "revision-history", cols: []string{"rev.created_at", "rev.id"}, desc: true}

func historyKey(r *Revision) []any { return []any{r.CreatedAt, r.ID} }

// SpaceHistory lists the revisions a space's content went through, newest
// first: its own revisions (a new, duplicated or imported space's, and each
// merge), not the change requests' working revisions, which the space only
// sees through the merge that takes them. One statement (two when counted).
func (s *Store) SpaceHistory(ctx context.Context, spaceID string, args PageArgs) (Page[Revision], error) {
	q := s.DB.NewSelect().Model((*Revision)(nil)).
		Where("rev.space_id = ? AND (rev.change_request_id IS NULL OR rev.type = ?)", spaceID, RevisionMerge)
	return listPage(ctx, s, q, historyKeyset.in(spaceID), args, historyKey)
}

// ChangeRequestsByID loads change requests by id, in no particular order.
func (s *Store) ChangeRequestsByID(ctx context.Context, ids []string) ([]ChangeRequest, error) {
	var out []ChangeRequest
	err := changeRequestsByID.scan(ctx, s, &out, ids)
	return out, dbError(err, "change request")
}

var changeRequestsByID = &paramRead{build: func(db bun.IDB) *bun.SelectQuery {
	return db.NewSelect().Model((*ChangeRequest)(nil)).Where("cr.id = ANY($1::text[])")
}}
