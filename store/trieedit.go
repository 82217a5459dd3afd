package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/uptrace/bun"
)

// Reading and writing a content trie (contenttree.go) part by part: what
// two tries hold differently, the entries of a few keys, and a trie with a
// few entries added or replaced, each reading only the nodes on the paths
// to those entries (about four per key in a 10,000-page space, one level a
// statement) instead of the whole trie. Merges use them so that a one-page
// merge costs about the same in a space of ten pages as in one of 10,000.

// trieNode is a stored node as the partial reads see it.
type trieNode struct {
	children []string
	digits   []byte   // the hex digit placing each child (internal nodes)
	entries  []*Entry // a leaf's entries, ordered by the hash of their keys
	leaf     bool
}

// trieReader reads nodes of one organization's tries, each at most once.
type trieReader struct {
	db    bun.IDB
	org   string
	nodes map[string]*trieNode
}

func newTrieReader(db bun.IDB, org string) *trieReader {
	return &trieReader{db: db, org: org, nodes: map[string]*trieNode{}}
}

// trieHash is the hex hash of an entry key, which places it in the trie.
func trieHash(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

// fetch reads the nodes of hashes not read yet, in one statement; with
// depth >= 0 (the depth of every one of them), also the digit of each
// child of the internal ones, in one more statement: a child's digit is
// the digit at depth of any key under it, so each child's leftmost leaf
// gives it by its first entry.
func (r *trieReader) fetch(ctx context.Context, hashes []string, depth int) error {
	var need []string
	for _, h := range hashes {
		if _, ok := r.nodes[h]; !ok && h != "" && !slices.Contains(need, h) {
			need = append(need, h)
		}
	}
	if len(need) > 0 {
		var rows []treeNode
		err := r.db.NewSelect().Model(&rows).Column("hash", "children", "entries").
			Where("n.organization_id = ? AND n.hash IN (?)", r.org, bun.In(need)).Scan(ctx)
		if err != nil {
			return dbError(err, "revision content")
		}
		for _, row := range rows {
			n := &trieNode{children: row.Children}
			if len(row.Entries) > 0 && row.Entries[0] == '[' {
				n.leaf = true
				if err := json.Unmarshal(row.Entries, &n.entries); err != nil {
					return fmt.Errorf("decode tree node %s: %w", row.Hash, err)
				}
			}
			r.nodes[row.Hash] = n
		}
		for _, h := range need {
			if r.nodes[h] == nil {
				return fmt.Errorf("tree node %s is missing", h)
			}
		}
	}
	if depth < 0 {
		return nil
	}
	var inner []string
	for _, h := range hashes {
		if n := r.nodes[h]; n != nil && !n.leaf && n.digits == nil && !slices.Contains(inner, h) {
			inner = append(inner, h)
		}
	}
	if len(inner) == 0 {
		return nil
	}
	var firsts []struct {
		Child string `bun:"child"`
		Key   string `bun:"key"`
	}
	// The descent stops at the leaf, which names the key: the leaves are
	// joined inside the recursion, through the primary key, never by a
	// scan of every leaf.
	err := r.db.NewRaw(`WITH RECURSIVE d (child, hash, key) AS (
			SELECT c.hash, c.hash, NULL::text FROM tree_nodes AS n CROSS JOIN LATERAL unnest(n.children) AS c (hash)
			WHERE n.organization_id = ? AND n.hash IN (?)
			UNION ALL
			SELECT d.child, n.children[1],
				CASE WHEN jsonb_typeof(n.entries) = 'array' THEN (n.entries->0->>'k') || ':' || (n.entries->0->>'id') END
			FROM tree_nodes AS n JOIN d ON n.organization_id = ? AND n.hash = d.hash
			WHERE d.key IS NULL
		)
		SELECT child, key FROM d WHERE key IS NOT NULL`, r.org, bun.In(inner), r.org).Scan(ctx, &firsts)
	if err != nil {
		return dbError(err, "revision content")
	}
	first := make(map[string]string, len(firsts))
	for _, f := range firsts {
		first[f.Child] = f.Key
	}
	for _, h := range inner {
		n := r.nodes[h]
		n.digits = make([]byte, len(n.children))
		for i, c := range n.children {
			k, ok := first[c]
			if !ok {
				return fmt.Errorf("tree node %s: no entry under child %s", h, c)
			}
			n.digits[i] = trieHash(k)[depth]
		}
	}
	return nil
}

// lookup returns the entries of keys in the trie root (absent keys are
// not in the map), reading the nodes on their paths one level a statement
// (and the digits of the internal ones), so that apply can then rewrite
// those paths.
func (r *trieReader) lookup(ctx context.Context, root string, keys []string) (map[string]*Entry, error) {
	out := map[string]*Entry{}
	if root == "" || len(keys) == 0 {
		return out, nil
	}
	type key struct{ key, h string }
	type at struct {
		node string
		keys []key
	}
	ks := make([]key, len(keys))
	for i, k := range keys {
		ks[i] = key{k, trieHash(k)}
	}
	level := []at{{root, ks}}
	for depth := 0; len(level) > 0; depth++ {
		hashes := make([]string, len(level))
		for i, a := range level {
			hashes[i] = a.node
		}
		if err := r.fetch(ctx, hashes, depth); err != nil {
			return nil, err
		}
		var next []at
		for _, a := range level {
			n := r.nodes[a.node]
			if n.leaf {
				for _, k := range a.keys {
					for _, e := range n.entries {
						if e.Key() == k.key {
							out[k.key] = e
						}
					}
				}
				continue
			}
			for _, k := range a.keys {
				if i := slices.Index(n.digits, k.h[depth]); i >= 0 {
					next = append(next, at{n.children[i], []key{k}})
				}
			}
		}
		level = next
	}
	return out, nil
}

// diff returns what the tries from and to hold differently: for each key
// whose entry differs, its entry in from (nil when to added it) and in to
// (nil when to removed it). Subtrees the two share are not read: one
// level of both tries a statement.
func (r *trieReader) diff(ctx context.Context, from, to string) (old, new map[string]*Entry, err error) {
	old, new = map[string]*Entry{}, map[string]*Entry{}
	a, b := []string{from}, []string{to}
	for len(a) > 0 || len(b) > 0 {
		a, b = without(a, b), without(b, a)
		if err := r.fetch(ctx, append(slices.Clone(a), b...), -1); err != nil {
			return nil, nil, err
		}
		a, b = r.open(a, old), r.open(b, new)
	}
	for k, o := range old {
		if n := new[k]; n != nil && o.same(n) {
			delete(old, k)
			delete(new, k)
		}
	}
	for k := range new {
		if _, ok := old[k]; !ok {
			old[k] = nil
		}
	}
	for k := range old {
		if _, ok := new[k]; !ok {
			new[k] = nil
		}
	}
	return old, new, nil
}

// open adds the entries of the leaves among hashes to into and returns the
// children of the others.
func (r *trieReader) open(hashes []string, into map[string]*Entry) []string {
	var next []string
	for _, h := range hashes {
		n := r.nodes[h]
		if n == nil {
			continue // the empty trie
		}
		if n.leaf {
			for _, e := range n.entries {
				into[e.Key()] = e
			}
			continue
		}
		next = append(next, n.children...)
	}
	return next
}

// without is a without the hashes of b (and without the empty trie's "").
func without(a, b []string) []string {
	var out []string
	for _, h := range a {
		if h != "" && !slices.Contains(b, h) {
			out = append(out, h)
		}
	}
	return out
}

// apply writes the trie root with the entries of changes added or
// replaced (none removed), reading no node lookup has not read for the
// changes' keys, and returns its root hash; the nodes it makes that root
// lacked are stored (ON CONFLICT: another trie may hold them already).
// The trie is the one buildTree makes of the whole entry set.
func (r *trieReader) apply(ctx context.Context, tx bun.IDB, root string, changes []*Entry) (string, error) {
	if len(changes) == 0 {
		return root, nil
	}
	ks := make([]keyed, len(changes))
	for i, e := range changes {
		ks[i] = keyed{trieHash(e.Key()), e}
	}
	slices.SortFunc(ks, func(a, b keyed) int { return cmpString(a.h, b.h) })
	var nodes []treeNode
	var h string
	var err error
	if root == "" {
		h, err = buildNode(r.org, ks, 0, &nodes)
	} else {
		h, err = r.rewrite(root, 0, ks, &nodes)
	}
	if err != nil || len(nodes) == 0 {
		return h, err
	}
	_, err = tx.NewInsert().Model(&nodes).On("CONFLICT DO NOTHING").Exec(ctx)
	return h, dbError(err, "revision content")
}

// rewrite makes node h (at depth) with the entries ks (sorted by hash)
// added or replaced, as buildNode would make it of its whole entry set.
func (r *trieReader) rewrite(h string, depth int, ks []keyed, nodes *[]treeNode) (string, error) {
	n := r.nodes[h]
	if n == nil {
		return "", fmt.Errorf("tree node %s was not read", h)
	}
	if n.leaf {
		all := make(map[string]keyed, len(n.entries)+len(ks))
		for _, e := range n.entries {
			all[e.Key()] = keyed{trieHash(e.Key()), e}
		}
		for _, k := range ks {
			all[k.e.Key()] = k
		}
		merged := make([]keyed, 0, len(all))
		for _, k := range all {
			merged = append(merged, k)
		}
		slices.SortFunc(merged, func(a, b keyed) int { return cmpString(a.h, b.h) })
		return buildNode(r.org, merged, depth, nodes)
	}
	if n.digits == nil {
		return "", fmt.Errorf("tree node %s: children not placed", h)
	}
	// An internal node stays one: entries are only added. Its children
	// are rewritten (or made) per digit.
	digits, children := slices.Clone(n.digits), slices.Clone(n.children)
	for start := 0; start < len(ks); {
		d := ks[start].h[depth]
		end := start
		for end < len(ks) && ks[end].h[depth] == d {
			end++
		}
		i := slices.Index(digits, d)
		var (
			c   string
			err error
		)
		if i >= 0 {
			c, err = r.rewrite(children[i], depth+1, ks[start:end], nodes)
		} else {
			c, err = buildNode(r.org, ks[start:end], depth+1, nodes)
		}
		if err != nil {
			return "", err
		}
		if i >= 0 {
			children[i] = c
		} else {
			at, _ := slices.BinarySearch(digits, d)
			digits, children = slices.Insert(digits, at, d), slices.Insert(children, at, c)
		}
		start = end
	}
	payload := []byte("N")
	for i, c := range children {
		payload = append(append(payload, digits[i], ':'), c...)
	}
	sum := sha256.Sum256(payload)
	out := treeNode{OrganizationID: r.org, Hash: hex.EncodeToString(sum[:16]), Children: children}
	*nodes = append(*nodes, out)
	return out.Hash, nil
}
