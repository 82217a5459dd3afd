package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"github.com/uptrace/bun"

	"folio/domain"
)

// The tree of an organization: collections nest, and spaces and collections
// of one parent share one sibling order. Every change to the tree (move,
// restore, duplicate, transfer, collection delete) runs in a transaction
// holding the organization's tree lock, so two concurrent moves never pick
// the same key and a cycle check stays true until commit.
//
// Creates are the exception: they only add a leaf at the end of a parent,
// so they share the lock among themselves (shareTree) and still exclude
// every other change to the tree; two creates at the end of one parent at
// once both read the same last key, and endKey makes their keys differ.
// Creates of one organization so no longer wait on each other's whole
// transaction (with the exclusive lock, each held it from its first
// statement to its commit), only on each other's commits (the change
// feed's counter, see appendEventsSQL).

// Pointer names a sibling by kind ("space" or "collection") and id.
type Pointer struct {
	Type string
	ID   string
}

// Position says where an item goes among its new siblings: before one,
// after one, or between two adjacent ones; neither means at the end.
type Position struct {
	Before, After *Pointer
}

// lockTrees locks the trees of organizations, in id order so that two
// transfers between the same two organizations cannot deadlock.
func lockTrees(ctx context.Context, tx bun.Tx, orgIDs ...string) error {
	var got []string
	err := tx.NewSelect().Table("organizations").Column("id").Where("id IN (?)", bun.In(orgIDs)).
		OrderExpr("id").For("NO KEY UPDATE").Scan(ctx, &got)
	if err != nil {
		return dbError(err, "organization")
	}
	if len(got) != len(orgIDs) {
		return domain.NotFound("organization")
	}
	return nil
}

// shareTree locks an organization's tree for a create: shared with other
// creates, exclusive of lockTrees (FOR SHARE conflicts with its FOR NO KEY
// UPDATE), so a parent checked here stays until commit.
func shareTree(ctx context.Context, tx bun.Tx, orgID string) error {
	var got []string
	if err := tx.NewSelect().Table("organizations").Column("id").Where("id = ?", orgID).For("SHARE").Scan(ctx, &got); err != nil {
		return dbError(err, "organization")
	}
	if len(got) != 1 {
		return domain.NotFound("organization")
	}
	return nil
}

// endKey is the key of a new item self at the end of parentID, under the
// shared lock of shareTree: the key after the last sibling, followed by the
// item's id. Creates at once in one parent read the same last sibling (none
// sees the others' uncommitted rows); their ids, unique, keep their keys
// apart, and each is still after every sibling it saw. (The id's digits
// are the keys' own; a key never ends with the smallest one.)
func endKey(ctx context.Context, tx bun.IDB, orgID string, parentID *string, self string) (string, error) {
	last, err := neighbour(ctx, tx, orgID, parentID, self, "", true)
	if err != nil {
		return "", err
	}
	key := keyBetween(last, "") + self
	if strings.HasSuffix(key, positionDigits[:1]) {
		key += positionDigits[1:2]
	}
	return key, nil
}

// neighbour returns the key of the sibling just below (before=true: just
// above) key, or "" when there is none.
//
// Each table answers its own nearest key, from its position index
// (organization, parent or the empty text, position), and the two are
// compared: a read of one index entry per table, whatever the number of
// siblings. (A min or max over the union of both tables' siblings read
// every sibling: a create at the end of an organization's 12,000 spaces
// cost 3 to 4 times one among 10.)
func neighbour(ctx context.Context, tx bun.IDB, orgID string, parentID *string, self, key string, below bool) (string, error) {
	agg, op := "min", ">"
	if below {
		agg, op = "max", "<"
	}
	parent := ""
	if parentID != nil {
		parent = *parentID
	}
	near := ""
	args := []any{orgID, parent, self}
	if key != "" {
		near = " AND position " + op + " ?"
		args = append(args, key)
	}
	q := "SELECT " + agg + "(p) FROM (SELECT " + agg + "(position) AS p FROM spaces WHERE organization_id = ? AND coalesce(parent_id, '') = ? AND deleted_at IS NULL AND id <> ?" + near +
		" UNION ALL SELECT " + agg + "(position) FROM collections WHERE organization_id = ? AND coalesce(parent_id, '') = ? AND id <> ?" + near + ") AS s"
	var out sql.NullString
	err := tx.NewRaw(q, append(args, args...)...).Scan(ctx, &out)
	return out.String, dbError(err, "position")
}

// pointerPlace returns the key and parent of a sibling named by p.
func pointerPlace(ctx context.Context, tx bun.IDB, orgID string, p *Pointer, field string) (string, *string, error) {
	var row struct {
		Position string  `bun:"position"`
		ParentID *string `bun:"parent_id"`
	}
	table := ""
	switch p.Type {
	case "space":
		table = "spaces"
	case "collection":
		table = "collections"
	default:
		return "", nil, domain.Invalid(field, "type must be space or collection")
	}
	q := tx.NewSelect().Table(table).Column("position", "parent_id").Where("id = ? AND organization_id = ?", p.ID, orgID)
	if table == "spaces" {
		q.Where("deleted_at IS NULL")
	}
	if err := q.Scan(ctx, &row); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return "", nil, domain.Invalid(field, "%s %q is not in this organization", p.Type, p.ID)
		}
		return "", nil, dbError(err, "position")
	}
	return row.Position, row.ParentID, nil
}

// placeKey computes the key for item self under parentID at pos. The
// pointers must name siblings in that parent; both together must be
// adjacent (after, then before). The caller holds the tree lock.
func placeKey(ctx context.Context, tx bun.IDB, orgID string, parentID *string, pos Position, self string) (string, error) {
	var lo, hi string
	var err error
	check := func(p *Pointer, field string) (string, error) {
		if p.ID == self {
			return "", domain.Invalid(field, "an item cannot be placed next to itself")
		}
		key, parent, err := pointerPlace(ctx, tx, orgID, p, field)
		if err != nil {
			return "", err
		}
		if !sameParent(parent, parentID) {
			return "", domain.Invalid(field, "%s %q is not in the target parent", p.Type, p.ID)
		}
		return key, nil
	}
	switch {
	case pos.After != nil && pos.Before != nil:
		if lo, err = check(pos.After, "position.after"); err != nil {
			return "", err
		}
		if hi, err = check(pos.Before, "position.before"); err != nil {
			return "", err
		}
		next, err := neighbour(ctx, tx, orgID, parentID, self, lo, false)
		if err != nil {
			return "", err
		}
		if next != hi {
			return "", domain.Invalid("position", "after and before must name adjacent siblings, in that order")
		}
	case pos.After != nil:
		if lo, err = check(pos.After, "position.after"); err != nil {
			return "", err
		}
		if hi, err = neighbour(ctx, tx, orgID, parentID, self, lo, false); err != nil {
			return "", err
		}
	case pos.Before != nil:
		if hi, err = check(pos.Before, "position.before"); err != nil {
			return "", err
		}
		if lo, err = neighbour(ctx, tx, orgID, parentID, self, hi, true); err != nil {
			return "", err
		}
	default:
		if lo, err = neighbour(ctx, tx, orgID, parentID, self, "", true); err != nil {
			return "", err
		}
	}
	return keyBetween(lo, hi), nil
}

func sameParent(a, b *string) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

// checkParent checks that a collection exists in the organization, for use
// as a parent; field names the input.
func checkParent(ctx context.Context, tx bun.IDB, orgID string, parentID *string, field string) error {
	if parentID == nil {
		return nil
	}
	ok, err := exists(ctx, tx.NewSelect().Table("collections").Where("id = ? AND organization_id = ?", *parentID, orgID))
	if err != nil {
		return dbError(err, "collection")
	}
	if !ok {
		return domain.Invalid(field, "collection %q is not in this organization", *parentID)
	}
	return nil
}

// isWithin reports whether collection id is target or one of its descendants.
func isWithin(ctx context.Context, tx bun.IDB, target, id string) (bool, error) {
	var found bool
	err := tx.NewRaw(`WITH RECURSIVE up (id, parent_id, depth) AS (
			SELECT id, parent_id, 0 FROM collections WHERE id = ?
			UNION ALL SELECT c.id, c.parent_id, up.depth + 1 FROM collections AS c JOIN up ON c.id = up.parent_id WHERE up.depth < 1000)
		SELECT EXISTS (SELECT 1 FROM up WHERE id = ?)`, target, id).Scan(ctx, &found)
	return found, dbError(err, "collection")
}

// subtree lists the ids of a collection and all its descendants.
func subtree(ctx context.Context, tx bun.IDB, id string) ([]string, error) {
	var ids []string
	err := tx.NewRaw(`WITH RECURSIVE down (id, depth) AS (
			SELECT id, 0 FROM collections WHERE id = ?
			UNION ALL SELECT c.id, down.depth + 1 FROM collections AS c JOIN down ON c.parent_id = down.id WHERE down.depth < 1000)
		SELECT id FROM down`, id).Scan(ctx, &ids)
	return ids, dbError(err, "collection")
}
