package store

import (
	"context"
	"sort"

	"github.com/uptrace/bun"

	"folio/domain"
)

// ChangedPage is a page that differs between a guard's base revision and
// the revision that replaced it.
type ChangedPage struct {
	ID     string `json:"id"`
	Title  string `json:"title"`
	Change string `json:"change"` // created, updated or deleted
}

// checkBase guards a change request write with the revision its writer
// last read (base; "" guards nothing). Content updates pass when base is
// the change request's head. Merges pass when it is the head (what the
// reviewer read) or the space's current revision (spaceRev: the space did
// not move). Anything else is PRECONDITION, with the current revision and
// the pages that changed between base and it (the change request's head,
// or the space's revision when base is one of the space's own) in Data. A
// base that is not a revision of this space is INVALID; so is a revision of
// another change request. The caller holds the change request's row lock
// (and, merging, the space's), so two writers with one base never both pass.
func checkBase(ctx context.Context, tx bun.IDB, cr *ChangeRequest, base, spaceRev string, merging bool) error {
	if base == "" || base == cr.RevisionID || (merging && base == spaceRev) {
		return nil
	}
	rev := new(Revision)
	err := tx.NewSelect().Model(rev).Where("rev.id = ? AND rev.space_id = ?", base, cr.SpaceID).Scan(ctx)
	if domain.ErrorCode(dbError(err, "revision")) == domain.CodeNotFound {
		return domain.Invalid("baseRevision", "%q is not a revision of this space", base)
	}
	if err != nil {
		return dbError(err, "revision")
	}
	current := cr.RevisionID
	switch {
	case rev.ChangeRequestID != nil && *rev.ChangeRequestID == cr.ID && rev.Type != RevisionMerge:
	case rev.ChangeRequestID == nil || rev.Type == RevisionMerge:
		if merging {
			current = spaceRev
		}
	default:
		return domain.Invalid("baseRevision", "%q is a revision of another change request", base)
	}
	now, err := revisionFor(ctx, tx, current)
	if err != nil {
		return err
	}
	changed, err := changedPages(ctx, tx, cr.OrganizationID, rev.Root, now.Root)
	if err != nil {
		return err
	}
	return &domain.Error{Code: domain.CodePrecondition,
		Message: "the content changed since revision " + base + " (it is now " + current + "): read it again and retry",
		Data:    map[string]any{"revision": current, "changedPages": changed}}
}

// changedPages compares the pages of two trees.
func changedPages(ctx context.Context, db bun.IDB, orgID, fromRoot, toRoot string) ([]ChangedPage, error) {
	trees, err := loadTrees(ctx, db, []TreeKey{{OrganizationID: orgID, Root: fromRoot}, {OrganizationID: orgID, Root: toRoot}})
	if err != nil {
		return nil, err
	}
	from, to := trees[TreeKey{OrganizationID: orgID, Root: fromRoot}], trees[TreeKey{OrganizationID: orgID, Root: toRoot}]
	out := []ChangedPage{}
	for _, e := range to.Pages() {
		old, ok := from.Entries[e.Key()]
		switch {
		case !ok:
			out = append(out, ChangedPage{ID: e.ID, Title: e.Title, Change: "created"})
		case !old.same(e):
			out = append(out, ChangedPage{ID: e.ID, Title: e.Title, Change: "updated"})
		}
	}
	for _, e := range from.Pages() {
		if _, ok := to.Entries[e.Key()]; !ok {
			out = append(out, ChangedPage{ID: e.ID, Title: e.Title, Change: "deleted"})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}
