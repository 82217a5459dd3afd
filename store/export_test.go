package store

import (
	"context"
	"fmt"
	"reflect"

	"github.com/uptrace/bun"
)

// ScanWithBun has every read scan its rows through bun (on) or, where it
// can, through pgx directly (off, the default): rowscan_test compares them.
func ScanWithBun(on bool) { bunScanOnly.Store(on) }

// ScannedDirectly reports whether rows of type t are read through pgx
// directly.
func (s *Store) ScannedDirectly(t reflect.Type) bool { return s.directType(t) != nil }

// MergesByChanges is how many merges were done by changes so far.
func MergesByChanges() int64 { return mergesByChanges.Load() }

// MergeWholeTrees makes every merge one of whole trees (on) or lets merges
// go by changes (off, the default).
func MergeWholeTrees(on bool) { wholeTreesOnly.Store(on) }

// TrieRoot is the root of the trie buildTree makes of entries.
func TrieRoot(orgID string, entries map[string]*Entry) (string, error) {
	root, _, err := buildTree(orgID, entries)
	return root, err
}

// SearchRows lists a space's search rows (pages and sections) as text.
func (s *Store) SearchRows(ctx context.Context, spaceID string) ([]string, error) {
	var out []string
	err := s.DB.NewRaw(`SELECT format('%s|%s|%s|%s|%s', page_id, title, description, path, document) FROM search_pages
		WHERE space_id = ? UNION ALL
		SELECT format('%s#%s|%s|%s|%s', page_id, ordinal, anchor, title, body) FROM search_sections WHERE space_id = ?
		ORDER BY 1`, spaceID, spaceID).Scan(ctx, &out)
	return out, err
}

// Reindex indexes a space's current content whole, as a merge of whole
// trees does.
func (s *Store) Reindex(ctx context.Context, spaceID string) error {
	return s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var sp struct {
			Org  string `bun:"organization_id"`
			Root string `bun:"root"`
		}
		if err := tx.NewRaw(`SELECT s.organization_id, r.root FROM spaces s JOIN revisions r ON r.id = s.revision_id WHERE s.id = ?`,
			spaceID).Scan(ctx, &sp); err != nil {
			return fmt.Errorf("space: %w", err)
		}
		return setCurrentContent(ctx, tx, sp.Org, spaceID, sp.Root)
	})
}

// NumberingWaiters is how many pending rows of org's writes wait on this
// server for the numbering call after the one in flight.
func (s *Store) NumberingWaiters(org string) int {
	n := &s.numberings
	n.mu.Lock()
	defer n.mu.Unlock()
	if o := n.orgs[org]; o != nil && o.next != nil {
		return len(o.next.rows)
	}
	return 0
}
