package store

import (
	"context"
	"database/sql"
	"slices"

	"github.com/uptrace/bun"

	"folio/domain"
)

// Why an entry conflicts in a three-way merge.
const (
	// ConflictChangedOnBothSides: changed in the change request and,
	// differently, in the space since the change request started.
	ConflictChangedOnBothSides = "changedOnBothSides"
	// ConflictDeletedInSpace: changed in the change request, deleted in the
	// space since the change request started.
	ConflictDeletedInSpace = "deletedInSpace"
	// ConflictDeletedInChangeRequest: deleted in the change request, changed
	// in the space since the change request started.
	ConflictDeletedInChangeRequest = "deletedInChangeRequest"
	// ConflictParentDeleted: the page would be left under a page the other
	// side deleted.
	ConflictParentDeleted = "parentDeleted"
)

// MergeConflict is one entry a merge cannot decide.
type MergeConflict struct {
	Entry  *Entry // as the change request has it, else as the space has it, else as it was
	Reason string // one of the Conflict* reasons
	Parent string // the deleted parent's id, for ConflictParentDeleted
	Path   string // the page's path where Entry was read from
	named  string // the id the merge's error names (the parent, for ConflictParentDeleted)
}

// Kinds of PageDelta.
const (
	PageAdded   = "added"
	PageChanged = "changed"
	PageMoved   = "moved" // only its place (parent, position) changed
	PageRemoved = "removed"
)

// PageDelta is a page that differs between two trees (before and after
// a merge, or a change request's start and head).
type PageDelta struct {
	Page         *Entry // as it is after; as it was before for a removed page
	Before       *Entry // as it was before; nil for an added page
	Kind         string
	Path         string // after; the path before for a removed page
	PreviousPath string // the path before when it changed; "" otherwise
}

// MergePreview is what merging a change request would do now.
type MergePreview struct {
	ChangeRequest *ChangeRequest
	// SpaceRevision is the space's revision the preview was computed
	// against; ChangeRequest.RevisionID the change request's head.
	SpaceRevision string
	FastForward   bool // the space did not move since the change request started
	Changes       []PageDelta
	Conflicts     []MergeConflict
	// Problem, when not "", is why the merged pages would not form a tree
	// (with no conflicts, the merge is then CONFLICT with this message).
	Problem string
}

// PreviewMerge computes what MergeChangeRequest would do, writing nothing:
// it reads in one read-only transaction (so the space, the change request
// and their content are seen as of one moment) and takes no row locks. A
// merged or archived change request is CONFLICT, as the merge is; a
// conflicting page is not an error here but listed in Conflicts.
func (s *Store) PreviewMerge(ctx context.Context, spaceID, crID string) (*MergePreview, error) {
	out := &MergePreview{}
	err := s.DB.RunInTx(ctx, &sql.TxOptions{ReadOnly: true, Isolation: sql.LevelRepeatableRead}, func(ctx context.Context, tx bun.Tx) error {
		if err := tx.NewSelect().Table("spaces").Column("revision_id").Where("id = ? AND deleted_at IS NULL", spaceID).
			Scan(ctx, &out.SpaceRevision); err != nil {
			return dbError(err, "space")
		}
		cr, err := changeRequest(ctx, tx, spaceID, crID, false)
		if err != nil {
			return err
		}
		if cr.Status == CRMerged || cr.Status == CRArchived {
			return domain.Errorf(domain.CodeConflict, "change request #%d is %s and takes no more changes", cr.Number, cr.Status)
		}
		out.ChangeRequest, out.FastForward = cr, out.SpaceRevision == cr.RevisionInitial
		var revs []Revision
		if err := tx.NewSelect().Model(&revs).Column("id", "root").
			Where("rev.id IN (?)", bun.In([]string{cr.RevisionInitial, out.SpaceRevision, cr.RevisionID})).Scan(ctx); err != nil {
			return dbError(err, "revision")
		}
		roots := map[string]string{}
		var keys []TreeKey
		for _, r := range revs {
			roots[r.ID] = r.Root
			if k := (TreeKey{OrganizationID: cr.OrganizationID, Root: r.Root}); !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
		for _, id := range []string{cr.RevisionInitial, out.SpaceRevision, cr.RevisionID} {
			if _, ok := roots[id]; !ok {
				return domain.NotFound("revision")
			}
		}
		trees, err := loadTrees(ctx, tx, keys)
		if err != nil {
			return err
		}
		tree := func(rev string) *Tree { return trees[TreeKey{OrganizationID: cr.OrganizationID, Root: roots[rev]}] }
		base, ours, theirs := tree(cr.RevisionInitial), tree(out.SpaceRevision), tree(cr.RevisionID)
		merged := theirs.Entries
		if !out.FastForward {
			merged, out.Conflicts = mergeEntries(base, ours, theirs)
			// The changes listed are those that merge cleanly: a conflicting
			// entry stays as the space has it.
			for _, c := range out.Conflicts {
				if o := ours.Entries[c.Entry.Key()]; o != nil && c.Reason != ConflictParentDeleted {
					merged[c.Entry.Key()] = o
				}
			}
		}
		previewConflicts(out.Conflicts, base, ours, theirs)
		after := &Tree{Entries: merged}
		if len(out.Conflicts) == 0 {
			if err := checkPageTree(after, "merge"); err != nil {
				out.Problem = "the merged pages do not form a tree: " + domain.ErrorMessage(err)
			}
		}
		out.Changes = PageDeltas(ours, after)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// previewConflicts gives each conflict the path of its page in the tree its
// entry was read from, and orders them by path, then id.
func previewConflicts(cs []MergeConflict, base, ours, theirs *Tree) {
	paths := make([]map[string]string, 3)
	for i, t := range []*Tree{theirs, ours, base} {
		paths[i] = pagePaths(t)
	}
	for i := range cs {
		c := &cs[i]
		if c.Entry.Kind != EntryPage {
			continue
		}
		for j, t := range []*Tree{theirs, ours, base} {
			if t.Entries[c.Entry.Key()] != nil {
				c.Path = paths[j][c.Entry.ID]
				break
			}
		}
	}
	slices.SortFunc(cs, func(a, b MergeConflict) int {
		if c := cmpString(a.Path, b.Path); c != 0 {
			return c
		}
		return cmpString(a.Entry.ID, b.Entry.ID)
	})
}

// PageDeltas lists the pages that differ between two trees, ordered by
// path.
func PageDeltas(before, after *Tree) []PageDelta {
	was, now := pagePaths(before), pagePaths(after)
	out := []PageDelta{}
	for _, e := range after.Pages() {
		old := before.Entries[e.Key()]
		switch {
		case old == nil:
			out = append(out, PageDelta{Page: e, Kind: PageAdded, Path: now[e.ID]})
		case !old.same(e):
			c := PageDelta{Page: e, Before: old, Kind: PageChanged, Path: now[e.ID]}
			if placedOnly(old, e) {
				c.Kind = PageMoved
			}
			if was[e.ID] != now[e.ID] {
				c.PreviousPath = was[e.ID]
			}
			out = append(out, c)
		}
	}
	for _, e := range before.Pages() {
		if after.Entries[e.Key()] == nil {
			out = append(out, PageDelta{Page: e, Before: e, Kind: PageRemoved, Path: was[e.ID]})
		}
	}
	slices.SortFunc(out, func(a, b PageDelta) int {
		if c := cmpString(a.Path, b.Path); c != 0 {
			return c
		}
		return cmpString(a.Page.ID, b.Page.ID)
	})
	return out
}

// placedOnly reports whether two versions of a page differ only in where
// the page sits (its parent and position; a move also touches updatedAt).
func placedOnly(a, b *Entry) bool {
	x, y := *a, *b
	x.Parent, x.Position, x.UpdatedAt = y.Parent, y.Position, y.UpdatedAt
	return x.same(&y)
}
