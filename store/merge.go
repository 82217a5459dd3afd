package store

import (
	"context"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/uptrace/bun"

	"folio/domain"
)

// mergesByChanges counts the merges done by changes (mergechanges.go),
// which tests read to know which merge ran.
var mergesByChanges atomic.Int64

// wholeTreesOnly turns merges by changes off (benchmarks compare the two).
var wholeTreesOnly atomic.Bool

// MergeResult is the outcome of a merge.
type MergeResult struct {
	Revision      string
	ChangeRequest *ChangeRequest
}

// MergeChangeRequest makes the change request's content the space's: a
// fast-forward when the space did not move since the change request
// started, otherwise a page-level three-way merge against the revision it
// started from. Either way a new space revision names both parents. A page
// changed on both sides is a CONFLICT naming the pages, and nothing is
// written; so is a locked space or a merged or archived change request.
func (s *Store) MergeChangeRequest(ctx context.Context, spaceID, crID, userID string) (*MergeResult, error) {
	return s.MergeChangeRequestAt(ctx, spaceID, crID, userID, "")
}

// MergeChangeRequestAt is MergeChangeRequest guarded by a base revision
// (none when ""): see checkBase. A base that moved is PRECONDITION naming
// the pages that changed since.
func (s *Store) MergeChangeRequestAt(ctx context.Context, spaceID, crID, userID, base string) (*MergeResult, error) {
	out := &MergeResult{}
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var sp struct {
			Revision string `bun:"revision_id"`
			Root     string `bun:"root"`
			// Shown: a published site shows the space (a moved page then
			// gets redirects from its old paths, autoRedirects).
			Shown bool `bun:"shown"`
		}
		// Locking the space row serialises merges into one space.
		if err := tx.NewSelect().Table("spaces").Column("revision_id").
			ColumnExpr("(SELECT root FROM revisions WHERE revisions.id = spaces.revision_id) AS root").
			ColumnExpr("EXISTS (SELECT 1 FROM site_spaces ss JOIN sites s ON s.id = ss.site_id WHERE ss.space_id = spaces.id AND s.published) AS shown").
			Where("id = ?", spaceID).For("UPDATE OF spaces").Scan(ctx, &sp); err != nil {
			return dbError(err, "space")
		}
		cr, err := editable(ctx, tx, spaceID, crID)
		if err != nil {
			return err
		}
		if err := checkBase(ctx, tx, cr, base, sp.Revision, true); err != nil {
			return err
		}
		head, err := revisionFor(ctx, tx, cr.RevisionID)
		if err != nil {
			return err
		}
		// A merge by changes when it takes this one, else of whole trees.
		var (
			changes   []entryChange
			byChanges bool
			root      string
		)
		if !wholeTreesOnly.Load() {
			if root, changes, byChanges, err = mergeByChanges(ctx, tx, cr, sp.Revision, sp.Root, head); err != nil {
				return err
			}
		}
		if byChanges {
			mergesByChanges.Add(1)
		} else {
			root = head.Root
			if sp.Revision != cr.RevisionInitial {
				if root, err = threeWay(ctx, tx, cr, sp.Revision, head); err != nil {
					return err
				}
			}
		}
		now := s.Now()
		rev := &Revision{ID: domain.NewID(), OrganizationID: cr.OrganizationID, SpaceID: spaceID, ChangeRequestID: &cr.ID,
			Type: RevisionMerge, Parents: []string{sp.Revision, cr.RevisionID}, Root: root, CreatedAt: now}
		if err := insertRevision(ctx, tx, rev); err != nil {
			return err
		}
		if _, err := tx.NewUpdate().Table("spaces").Set("revision_id = ?, updated_at = ?", rev.ID, now).Where("id = ?", spaceID).Exec(ctx); err != nil {
			return dbError(err, "space")
		}
		indexed := false
		if byChanges {
			if indexed, err = indexChanges(ctx, tx, cr.OrganizationID, spaceID, root, changes); err != nil {
				return err
			}
		}
		if !indexed {
			if err := setCurrentContent(ctx, tx, cr.OrganizationID, spaceID, root); err != nil {
				return err
			}
		}
		// A merge by changes moves no page: no path to redirect from.
		if sp.Shown && !byChanges {
			if err := autoRedirects(ctx, tx, cr.OrganizationID, spaceID, sp.Root, root, now); err != nil {
				return err
			}
		}
		if err := moveCounters(ctx, tx, spaceID, cr.Status, CRMerged); err != nil {
			return err
		}
		cr.Status, cr.MergedBy, cr.MergedAt, cr.RevisionMerged, cr.UpdatedAt = CRMerged, &userID, &now, &rev.ID, now
		_, err = tx.NewUpdate().Model(cr).Column("status", "merged_by", "merged_at", "revision_merged", "updated_at").WherePK().Exec(ctx)
		out.Revision, out.ChangeRequest = rev.ID, cr
		if err != nil {
			return dbError(err, "change request")
		}
		return s.emit(ctx, tx, crEvent(EventChangeRequestMerged, cr, P{"revision": rev.ID, "previousRevision": sp.Revision}))
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// threeWay merges the change request's head into the space's revision,
// page by page, against the revision the change request started from, and
// stores the merged tree.
func threeWay(ctx context.Context, tx bun.IDB, cr *ChangeRequest, spaceRev string, head *Revision) (string, error) {
	org := cr.OrganizationID
	trees := make([]*Tree, 3)
	for i, id := range []string{cr.RevisionInitial, spaceRev} {
		rev, err := revisionFor(ctx, tx, id)
		if err != nil {
			return "", err
		}
		if trees[i], err = loadTree(ctx, tx, org, rev.Root); err != nil {
			return "", err
		}
	}
	theirs, err := loadTree(ctx, tx, org, head.Root)
	if err != nil {
		return "", err
	}
	base, ours := trees[0], trees[1]
	merged, conflicts := mergeEntries(base, ours, theirs)
	if len(conflicts) == 0 {
		if err := checkPageTree(&Tree{Entries: merged}, "merge"); err != nil {
			return "", domain.Errorf(domain.CodeConflict, "the merged pages do not form a tree: %s", domain.ErrorMessage(err))
		}
	}
	if len(conflicts) > 0 {
		ids := make([]string, len(conflicts))
		for i, c := range conflicts {
			ids[i] = c.named
		}
		slices.Sort(ids)
		return "", domain.Errorf(domain.CodeConflict, "change request #%d conflicts with the space's content on pages: %s",
			cr.Number, strings.Join(slices.Compact(ids), ", "))
	}
	// Nodes either side already stored are not written again.
	known := &Tree{nodes: map[string]bool{}}
	for _, t := range []*Tree{ours, theirs} {
		for h := range t.nodes {
			known.nodes[h] = true
		}
	}
	return writeTree(ctx, tx, org, known, merged, nil)
}

// mergeEntries is the three-way merge of the change request's entries
// (theirs) into the space's (ours) against the revision the change request
// started from (base): an entry changed on one side takes that side; one
// changed differently on both sides, or a page left under a page the other
// side deleted, is a conflict. It reads and writes nothing, so the merge and
// its preview (MergePreview) decide alike.
func mergeEntries(base, ours, theirs *Tree) (map[string]*Entry, []MergeConflict) {
	merged := map[string]*Entry{}
	var conflicts []MergeConflict
	keys := map[string]bool{}
	for _, t := range []*Tree{base, ours, theirs} {
		for k := range t.Entries {
			keys[k] = true
		}
	}
	for k := range keys {
		b, o, t := base.Entries[k], ours.Entries[k], theirs.Entries[k]
		var pick *Entry
		switch {
		case same(o, t):
			pick = o
		case same(b, o):
			pick = t
		case same(b, t):
			pick = o
		default:
			reason := ConflictChangedOnBothSides
			switch {
			case o == nil:
				reason = ConflictDeletedInSpace
			case t == nil:
				reason = ConflictDeletedInChangeRequest
			}
			e := entryOf(t, o, b)
			conflicts = append(conflicts, MergeConflict{Entry: e, Reason: reason, named: e.ID})
			continue
		}
		if pick != nil {
			merged[k] = pick
		}
	}
	// A page whose parent the other side deleted has nowhere to go.
	for _, e := range merged {
		if e.Kind == EntryPage && e.Parent != "" && merged[EntryPage+":"+e.Parent] == nil {
			conflicts = append(conflicts, MergeConflict{Entry: e, Reason: ConflictParentDeleted, Parent: e.Parent, named: e.Parent})
		}
	}
	return merged, conflicts
}

func entryOf(es ...*Entry) *Entry {
	for _, e := range es {
		if e != nil {
			return e
		}
	}
	return nil
}

func same(a, b *Entry) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.same(b)
}
