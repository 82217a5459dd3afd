package store

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"unicode"

	"github.com/uptrace/bun"

	"folio/domain"
)

// Site structure order: the root of a site orders its ungrouped sections
// and its section groups together, a group orders its sections, and a
// section (or the root of a site without sections) orders its site spaces.
// Each row has a sortable key (see position.go); every change holds the
// site's row lock (lockSite), so two moves never pick the same key.

// keyAmong returns a key for an item placed among siblings (a query of the
// positions of its future siblings, the item itself left out): after the
// key lo, before the key hi, between both (then adjacent), or at the end
// when both are nil.
func keyAmong(ctx context.Context, tx bun.IDB, siblings *bun.RawQuery, lo, hi *string) (string, error) {
	switch {
	case lo != nil && hi != nil:
		next, err := nextAmong(ctx, tx, siblings, *lo, false)
		if err != nil {
			return "", err
		}
		if next != *hi {
			return "", domain.Invalid("position", "after and before must name adjacent siblings, in that order")
		}
		return keyBetween(*lo, *hi), nil
	case lo != nil:
		next, err := nextAmong(ctx, tx, siblings, *lo, false)
		return keyBetween(*lo, next), err
	case hi != nil:
		prev, err := nextAmong(ctx, tx, siblings, *hi, true)
		return keyBetween(prev, *hi), err
	}
	last, err := nextAmong(ctx, tx, siblings, "", true)
	return keyBetween(last, ""), err
}

// nextAmong returns the sibling key just above key (below: just below; key
// "" with below: the last), or "" when there is none.
func nextAmong(ctx context.Context, tx bun.IDB, siblings *bun.RawQuery, key string, below bool) (string, error) {
	agg, op := "min", ">"
	if below {
		agg, op = "max", "<"
	}
	q := "SELECT " + agg + `(s.position COLLATE "C") FROM (?) AS s`
	args := []any{siblings}
	if key != "" {
		q += ` WHERE s.position COLLATE "C" ` + op + ` ? COLLATE "C"`
		args = append(args, key)
	}
	var out sql.NullString
	err := tx.NewRaw(q, args...).Scan(ctx, &out)
	return out.String, dbError(err, "position")
}

// rootSiblings selects the positions of a site's ungrouped sections and
// section groups, leaving out self.
func rootSiblings(tx bun.IDB, siteID, self string) *bun.RawQuery {
	return tx.NewRaw(`SELECT position FROM site_sections WHERE site_id = ? AND group_id IS NULL AND id <> ?
		UNION ALL SELECT position FROM site_section_groups WHERE site_id = ? AND id <> ?`, siteID, self, siteID, self)
}

// groupSiblings selects the positions of the sections of a group, leaving out self.
func groupSiblings(tx bun.IDB, groupID, self string) *bun.RawQuery {
	return tx.NewRaw(`SELECT position FROM site_sections WHERE group_id = ? AND id <> ?`, groupID, self)
}

// sectionSiblings selects the sections of a parent (a group, or nil: the root).
func sectionSiblings(tx bun.IDB, siteID string, groupID *string, self string) *bun.RawQuery {
	if groupID == nil {
		return rootSiblings(tx, siteID, self)
	}
	return groupSiblings(tx, *groupID, self)
}

// siteSpaceSiblings selects the positions of the site spaces of a section
// (nil: the site root), leaving out self.
func siteSpaceSiblings(tx bun.IDB, siteID string, sectionID *string, self string) *bun.RawQuery {
	return tx.NewRaw(`SELECT position FROM site_spaces WHERE site_id = ? AND section_id IS NOT DISTINCT FROM ? AND id <> ?`,
		siteID, sectionID, self)
}

// Slug derives a path from a title: lower-case letters and digits, other
// runs of characters as one '-', at most 100 characters; fallback when
// nothing is left.
func Slug(title, fallback string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(title) {
		switch {
		case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		default:
			dash = true
		}
		if b.Len() >= 90 {
			break
		}
	}
	if b.Len() == 0 {
		return fallback
	}
	return b.String()
}

// freePath returns base, or base-2, base-3... whichever no sibling has.
func freePath(taken map[string]bool, base string) string {
	if !taken[base] {
		return base
	}
	for i := 2; ; i++ {
		if p := base + "-" + strconv.Itoa(i); !taken[p] {
			return p
		}
	}
}

// pathSet reads the paths a query selects into a set.
func pathSet(ctx context.Context, q *bun.SelectQuery) (map[string]bool, error) {
	var paths []string
	if err := q.Column("path").Scan(ctx, &paths); err != nil {
		return nil, dbError(err, "path")
	}
	out := make(map[string]bool, len(paths))
	for _, p := range paths {
		out[p] = true
	}
	return out, nil
}
