package store

import (
	"context"
	"slices"

	"github.com/uptrace/bun"
)

// A merge by changes: what the change request changed is read as the
// difference of two tries (its start and its head), and the space's
// content is read only at the keys it changed, so the merge reads, writes
// and indexes about as much for one page in a space of 10,000 pages as in
// a space of ten. It takes the merges that cannot move a page's path:
// pages added or edited in place (same parent, slug and type) and files
// added or replaced. A change request that removes or moves pages, a
// conflict, or a merged tree that a check refuses goes to the merge of
// whole trees (threeWay), which also says why it refuses.

// maxChangesByParts is the most changed entries a merge by changes takes;
// past it, reading the whole tries costs less than reading their paths.
const maxChangesByParts = 512

// entryChange is an entry of the space's content before and after a merge
// (old nil: added).
type entryChange struct{ old, new *Entry }

// mergeByChanges merges the change request's head into the space's
// content (revision spaceRev, trie spaceRoot) change by change and stores
// the merged trie. It returns its root and the entries that differ from
// the space's; false when the merge is not one it takes (see above).
func mergeByChanges(ctx context.Context, tx bun.IDB, cr *ChangeRequest, spaceRev, spaceRoot string, head *Revision) (string, []entryChange, bool, error) {
	r := newTrieReader(tx, cr.OrganizationID)
	baseRoot := spaceRoot
	fastForward := spaceRev == cr.RevisionInitial
	if !fastForward {
		base, err := revisionFor(ctx, tx, cr.RevisionInitial)
		if err != nil {
			return "", nil, false, err
		}
		baseRoot = base.Root
	}
	before, after, err := r.diff(ctx, baseRoot, head.Root)
	if err != nil || len(after) > maxChangesByParts {
		return "", nil, false, err
	}
	for k, t := range after {
		b := before[k]
		if t == nil || (b != nil && t.Kind == EntryPage && (b.Parent != t.Parent || b.Slug != t.Slug || b.Type != t.Type)) {
			return "", nil, false, nil // a removal or a move
		}
	}
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range after {
			if !yield(k) {
				return
			}
		}
	})
	if fastForward {
		// The space's content is the change request's start: its head is
		// the merged content.
		changes := make([]entryChange, len(keys))
		for i, k := range keys {
			changes[i] = entryChange{before[k], after[k]}
		}
		return head.Root, changes, true, nil
	}
	// The space's entries at the changed keys, and at the parents of the
	// added pages.
	look := slices.Clone(keys)
	for _, k := range keys {
		if t := after[k]; before[k] == nil && t.Kind == EntryPage && t.Parent != "" && after[EntryPage+":"+t.Parent] == nil {
			look = append(look, EntryPage+":"+t.Parent)
		}
	}
	ours, err := r.lookup(ctx, spaceRoot, look)
	if err != nil {
		return "", nil, false, err
	}
	var changes []entryChange
	var picks []*Entry
	for _, k := range keys {
		b, o, t := before[k], ours[k], after[k]
		switch {
		case same(o, t):
		case same(b, o):
			changes, picks = append(changes, entryChange{o, t}), append(picks, t)
		default:
			return "", nil, false, nil // a conflict: the whole merge names them all
		}
	}
	// Each added page hangs off a page of the merged content, no deeper
	// than MaxPageDepth (pages in place keep their depth).
	merged := map[string]*Entry{}
	for k, e := range ours {
		merged[k] = e
	}
	for _, k := range keys {
		merged[k] = after[k]
	}
	for round := 0; ; round++ {
		var missing []string
		for _, k := range keys {
			if before[k] != nil || after[k].Kind != EntryPage {
				continue
			}
			if _, gap, bad := depthIn(merged, after[k]); bad {
				return "", nil, false, nil
			} else if gap != "" && !slices.Contains(missing, gap) {
				missing = append(missing, gap)
			}
		}
		if len(missing) == 0 {
			break
		}
		if round > MaxPageDepth {
			return "", nil, false, nil
		}
		found, err := r.lookup(ctx, spaceRoot, missing)
		if err != nil {
			return "", nil, false, err
		}
		for _, k := range missing {
			if found[k] == nil {
				return "", nil, false, nil // under a page the space deleted
			}
			merged[k] = found[k]
		}
	}
	root, err := r.apply(ctx, tx, spaceRoot, picks)
	if err != nil {
		return "", nil, false, err
	}
	return root, changes, true, nil
}

// depthIn is e's depth among entries; gap is the key of the first
// ancestor entries lack (then the depth is not known yet); bad when e is
// deeper than MaxPageDepth or its ancestors form a cycle.
func depthIn(entries map[string]*Entry, e *Entry) (depth int, gap string, bad bool) {
	for depth = 1; e.Parent != ""; depth++ {
		if depth > MaxPageDepth {
			return depth, "", true
		}
		k := EntryPage + ":" + e.Parent
		p := entries[k]
		if p == nil {
			return depth, k, false
		}
		e = p
	}
	return depth, "", false
}

// indexChanges keeps a space's search rows with its content after a merge
// by changes: the rows of the pages it changed are written again, each
// page edited in place keeping its path and each added one under its
// parent's. False when a path is not at hand (the caller indexes the
// whole content).
func indexChanges(ctx context.Context, tx bun.IDB, orgID, spaceID, root string, changes []entryChange) (bool, error) {
	var ids []string
	var edited []string
	for _, c := range changes {
		if c.new.Kind != EntryPage {
			continue
		}
		ids = append(ids, c.new.ID)
		if c.old != nil && c.new.Type == PageDocument {
			edited = append(edited, c.new.ID)
		}
	}
	if len(ids) == 0 {
		return true, nil
	}
	paths := map[string]string{}
	if len(edited) > 0 {
		var rows []searchPage
		if err := tx.NewSelect().Model(&rows).Column("page_id", "path").
			Where("sp.space_id = ? AND sp.page_id IN (?)", spaceID, bun.In(edited)).Scan(ctx); err != nil {
			return false, dbError(err, "search index")
		}
		for _, r := range rows {
			paths[r.PageID] = r.Path
		}
	}
	// Added pages: their path is their parent's and their slug; the
	// parents are read from the merged trie.
	r := newTrieReader(tx, orgID)
	known := map[string]*Entry{}
	for _, c := range changes {
		if c.new.Kind == EntryPage {
			known[c.new.Key()] = c.new
		}
	}
	for round := 0; round <= MaxPageDepth+1; round++ {
		var missing []string
		for _, c := range changes {
			if c.old != nil || c.new.Kind != EntryPage || c.new.Type != PageDocument {
				continue
			}
			if _, gap, bad := depthIn(known, c.new); bad {
				return false, nil
			} else if gap != "" && !slices.Contains(missing, gap) {
				missing = append(missing, gap)
			}
		}
		if len(missing) == 0 {
			break
		}
		if round > MaxPageDepth {
			return false, nil
		}
		found, err := r.lookup(ctx, root, missing)
		if err != nil {
			return false, err
		}
		for _, k := range missing {
			if found[k] == nil {
				return false, nil
			}
			known[k] = found[k]
		}
	}
	var pages []searchPage
	for _, c := range changes {
		e := c.new
		if e.Kind != EntryPage || e.Type != PageDocument {
			continue
		}
		path, ok := paths[e.ID]
		if c.old == nil {
			path, ok = pathIn(known, e), true
		}
		if !ok {
			return false, nil // an edited page without its row
		}
		pages = append(pages, searchPage{OrganizationID: orgID, SpaceID: spaceID, PageID: e.ID, Title: e.Title,
			Description: e.Description, Path: path, Document: e.Document})
	}
	if _, err := tx.NewDelete().Model((*searchPage)(nil)).Where("space_id = ? AND page_id IN (?)", spaceID, bun.In(ids)).Exec(ctx); err != nil {
		return false, dbError(err, "search index")
	}
	return true, insertSearchPages(ctx, tx, orgID, spaceID, pages)
}

// pathIn is e's path among entries, as pagePaths makes it.
func pathIn(entries map[string]*Entry, e *Entry) string {
	p := e.Slug
	for depth := 0; e.Parent != "" && depth <= MaxPageDepth; depth++ {
		parent := entries[EntryPage+":"+e.Parent]
		if parent == nil {
			break
		}
		p = parent.Slug + "/" + p
		e = parent
	}
	return p
}
