package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/uptrace/bun"
)

// A revision's content is a set of entries (pages and files) kept in a
// persistent hash trie: entries are placed by the hash of their key, a node
// holding more than leafSize entries splits into up to 16 children by the
// next hex digit, and each node is stored once under the hash of its
// content. The trie is a function of the entry set alone, so building the
// next revision's trie in memory and inserting only the nodes the previous
// one lacked writes one leaf and the handful of nodes above it for a
// one-page change, however large the space; unchanged subtrees are shared
// between revisions and between duplicated spaces.
const leafSize = 32

// Entry kinds.
const (
	EntryPage = "page"
	EntryFile = "file"
)

// Page types (the reference document's RevisionPage discriminator).
const (
	PageDocument = "document"
	PageGroup    = "group"
	PageLink     = "link"
)

// Entry is one page or file of a revision. Pages form a tree through Parent
// ("" for the top level), ordered among siblings by Position keys.
type Entry struct {
	Kind string `json:"k"`
	ID   string `json:"id"`

	Parent        string    `json:"parent,omitempty"`
	Position      string    `json:"pos,omitempty"`
	Type          string    `json:"type,omitempty"`
	Title         string    `json:"title,omitempty"`
	Emoji         string    `json:"emoji,omitempty"`
	Slug          string    `json:"slug,omitempty"`
	Description   string    `json:"desc,omitempty"`
	Hidden        bool      `json:"hidden,omitempty"`
	NoIndex       bool      `json:"noIndex,omitempty"`
	NoRobotsIndex bool      `json:"noRobotsIndex,omitempty"`
	Document      string    `json:"doc,omitempty"` // hash of the markdown in documents
	Href          string    `json:"href,omitempty"`
	CreatedAt     time.Time `json:"createdAt"`
	UpdatedAt     time.Time `json:"updatedAt"`

	Name        string `json:"name,omitempty"`
	ContentType string `json:"contentType,omitempty"`
	Size        int64  `json:"size,omitempty"`
	Width       int    `json:"width,omitempty"`
	Height      int    `json:"height,omitempty"`
	Blob        string `json:"blob,omitempty"` // hash of the bytes in the blob store
}

// Key identifies an entry inside a trie.
func (e *Entry) Key() string { return e.Kind + ":" + e.ID }

// same reports whether two entries are identical (three-way merge compares them).
func (e *Entry) same(o *Entry) bool {
	a, _ := json.Marshal(e)
	b, _ := json.Marshal(o)
	return string(a) == string(b)
}

// Tree is a revision's content loaded in full.
type Tree struct {
	Root    string
	Entries map[string]*Entry // by Key
	nodes   map[string]bool   // hashes of the stored nodes, so writes skip them
}

// Pages returns the page entries, in no particular order.
func (t *Tree) Pages() []*Entry { return t.kind(EntryPage) }

// Files returns the file entries ordered by id.
func (t *Tree) Files() []*Entry {
	f := t.kind(EntryFile)
	slices.SortFunc(f, func(a, b *Entry) int { return cmpString(a.ID, b.ID) })
	return f
}

func (t *Tree) kind(k string) []*Entry {
	var out []*Entry
	for _, e := range t.Entries {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

func (t *Tree) clone() *Tree {
	c := &Tree{Root: t.Root, Entries: make(map[string]*Entry, len(t.Entries)), nodes: t.nodes}
	for k, e := range t.Entries {
		cp := *e
		c.Entries[k] = &cp
	}
	return c
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

type treeNode struct {
	bun.BaseModel `bun:"table:tree_nodes,alias:n"`

	OrganizationID string          `bun:"organization_id"`
	Hash           string          `bun:"hash"`
	Children       []string        `bun:"children,array"`
	Entries        json.RawMessage `bun:"entries,type:jsonb"`
}

// loadTree reads a whole trie in one statement.
func loadTree(ctx context.Context, db bun.IDB, orgID, root string) (*Tree, error) {
	trees, err := loadTrees(ctx, db, []TreeKey{{OrganizationID: orgID, Root: root}})
	if err != nil {
		return nil, err
	}
	return trees[TreeKey{OrganizationID: orgID, Root: root}], nil
}

// loadTrees reads many whole tries (the page trees of every space of a
// site, say) in one statement.
func loadTrees(ctx context.Context, db bun.IDB, keys []TreeKey) (map[TreeKey]*Tree, error) {
	out := make(map[TreeKey]*Tree, len(keys))
	var orgs, roots []string
	for _, k := range keys {
		out[k] = &Tree{Root: k.Root, Entries: map[string]*Entry{}, nodes: map[string]bool{}}
		if k.Root != "" {
			orgs, roots = append(orgs, k.OrganizationID), append(roots, k.Root)
		}
	}
	if len(roots) == 0 {
		return out, nil
	}
	var nodes []struct {
		treeNode `bun:",extend"`
		Root     string `bun:"root"`
	}
	// Each node is read once, by its key, with its entries: joining the
	// hashes found to tree_nodes again at the end let the planner, which
	// guesses a recursive query's rows, read the whole table instead (a
	// hash join over a sequential scan: 126 pages for a one-page tree
	// among 3,000 nodes, growing with every revision of every space). The
	// children are read the same way, by key (OFFSET 0 keeps the lookup a
	// subquery, which the planner cannot turn into that hash join).
	err := db.NewRaw(`WITH RECURSIVE t (org, root, hash, children, entries) AS (
			SELECT r.org, r.root, n.hash, n.children, n.entries FROM unnest(?::text[], ?::text[]) AS r (org, root)
			JOIN tree_nodes AS n ON n.organization_id = r.org AND n.hash = r.root
			UNION ALL
			SELECT t.org, t.root, n.hash, n.children, n.entries FROM t CROSS JOIN LATERAL unnest(t.children) AS c (hash)
			CROSS JOIN LATERAL (SELECT * FROM tree_nodes AS n WHERE n.organization_id = t.org AND n.hash = c.hash OFFSET 0) AS n
		)
		SELECT t.root, t.org AS organization_id, t.hash, t.entries FROM t`,
		pgArray(orgs), pgArray(roots)).Scan(ctx, &nodes)
	if err != nil {
		return nil, dbError(err, "revision content")
	}
	for _, n := range nodes {
		t := out[TreeKey{OrganizationID: n.OrganizationID, Root: n.Root}]
		t.nodes[n.Hash] = true
		if len(n.Entries) == 0 {
			continue
		}
		var es []*Entry
		if err := json.Unmarshal(n.Entries, &es); err != nil {
			return nil, fmt.Errorf("decode tree node %s: %w", n.Hash, err)
		}
		for _, e := range es {
			t.Entries[e.Key()] = e
		}
	}
	return out, nil
}

// keyed is an entry with the hex hash of its key, which places it in the trie.
type keyed struct {
	h string
	e *Entry
}

// buildTree computes the trie of entries: its root hash and every node.
func buildTree(orgID string, entries map[string]*Entry) (string, []treeNode, error) {
	if len(entries) == 0 {
		return "", nil, nil
	}
	ks := make([]keyed, 0, len(entries))
	for k, e := range entries {
		sum := sha256.Sum256([]byte(k))
		ks = append(ks, keyed{hex.EncodeToString(sum[:]), e})
	}
	slices.SortFunc(ks, func(a, b keyed) int { return cmpString(a.h, b.h) })
	var nodes []treeNode
	root, err := buildNode(orgID, ks, 0, &nodes)
	return root, nodes, err
}

func buildNode(orgID string, ks []keyed, depth int, nodes *[]treeNode) (string, error) {
	n := treeNode{OrganizationID: orgID}
	var payload []byte
	if len(ks) <= leafSize || depth >= 63 {
		es := make([]*Entry, len(ks))
		for i, k := range ks {
			es[i] = k.e
		}
		raw, err := json.Marshal(es)
		if err != nil {
			return "", fmt.Errorf("encode tree leaf: %w", err)
		}
		n.Entries, payload = raw, append([]byte("L"), raw...)
	} else {
		// ks is sorted by hash, so each child's entries are one run.
		payload = []byte("N")
		for start := 0; start < len(ks); {
			d := ks[start].h[depth]
			end := start
			for end < len(ks) && ks[end].h[depth] == d {
				end++
			}
			h, err := buildNode(orgID, ks[start:end], depth+1, nodes)
			if err != nil {
				return "", err
			}
			n.Children = append(n.Children, h)
			payload = append(append(payload, d, ':'), h...)
			start = end
		}
	}
	sum := sha256.Sum256(payload)
	n.Hash = hex.EncodeToString(sum[:16])
	*nodes = append(*nodes, n)
	return n.Hash, nil
}

// WriteStats counts what a content write stored, for benchmarks.
type WriteStats struct {
	Nodes, Documents int // rows inserted
	Bytes            int // payload bytes of those rows
}

// writeTree stores the nodes of entries' trie that prev lacks and returns
// the root hash.
func writeTree(ctx context.Context, tx bun.IDB, orgID string, prev *Tree, entries map[string]*Entry, st *WriteStats) (string, error) {
	root, fresh, err := freshNodes(orgID, prev, entries, st)
	if err != nil || len(fresh) == 0 {
		return root, err
	}
	_, err = tx.NewInsert().Model(&fresh).On("CONFLICT DO NOTHING").Exec(ctx)
	return root, dbError(err, "revision content")
}

// freshNodes builds the trie of entries and returns its root hash and the
// nodes prev lacks (all of them without prev), counted in st.
func freshNodes(orgID string, prev *Tree, entries map[string]*Entry, st *WriteStats) (string, []treeNode, error) {
	root, nodes, err := buildTree(orgID, entries)
	if err != nil {
		return "", nil, err
	}
	fresh := nodes[:0]
	for _, n := range nodes {
		if prev == nil || !prev.nodes[n.Hash] {
			fresh = append(fresh, n)
		}
	}
	if st != nil {
		st.Nodes += len(fresh)
		for _, n := range fresh {
			st.Bytes += len(n.Hash) + len(n.Entries) + 33*len(n.Children)
		}
	}
	return root, fresh, nil
}
