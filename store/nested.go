package store

import (
	"context"
	"strings"

	"github.com/uptrace/bun"
)

// NestedList is a list that GraphQL nests under a list of parents (the
// members of each team, the sections of each site), declared once: the
// query of its rows, the columns that name a row's parent, and its keyset.
// Everything a nested list needs follows from that declaration: the page of
// one parent (List), the first pages of many parents in one statement
// (FirstPages, then FirstPage for each parent) and their counts in another
// (Counts). graph/loader builds a per-operation loader from it
// (loader.Nested), and the resolvers serve it with one call.
//
// The lists are the package variables of this type: TeamMembers,
// MemberTeams, CollectionSpaces, ChildCollections, Replies, SiteSections,
// SiteSectionGroups and SiteSpaces.
type NestedList[K comparable, Row any] struct {
	// from selects the rows of every parent: the table, joins and fixed
	// conditions, no columns (so counts compute none of them).
	from func(db bun.IDB) *bun.SelectQuery
	// columns are what a row is read with.
	columns string
	// parent names a row's parent, in SQL and in Go.
	parent parentColumns[K, Row]
	// order is the list's keyset; key gives a row's values in its columns.
	order keyset
	key   func(*Row) []any
}

// parentColumns name the parent of a list's rows: cols are the SQL columns,
// values gives a parent key's values in them, in order, keyOf turns those
// back into a key (for counts), and of is the parent of a row.
type parentColumns[K comparable, Row any] struct {
	cols   []string
	values func(K) []string
	keyOf  func([]string) K
	of     func(*Row) K
}

// byID is a parent named by one id column; of is the id in a row.
func byID[Row any](col string, of func(*Row) string) parentColumns[string, Row] {
	return parentColumns[string, Row]{
		cols:   []string{col},
		values: func(id string) []string { return []string{id} },
		keyOf:  func(v []string) string { return v[0] },
		of:     of,
	}
}

// where is the condition that keeps the rows of parents.
func (p parentColumns[K, Row]) where(parents []K) (string, any) {
	if len(p.cols) == 1 {
		ids := make([]string, len(parents))
		for i, k := range parents {
			ids[i] = p.values(k)[0]
		}
		return p.cols[0] + " IN (?)", bun.In(ids)
	}
	tuples := make([][]string, len(parents))
	for i, k := range parents {
		tuples[i] = p.values(k)
	}
	return "(" + strings.Join(p.cols, ", ") + ") IN (?)", bun.In(tuples)
}

// whereParam is where for the batched reads of many parents: one id
// column takes the ids as the parameter $1, so that every batch of parents
// is one statement to PostgreSQL (see paramRead); the ids are the
// statement's arguments. Several columns keep where's form and need none.
func (p parentColumns[K, Row]) whereParam(q *bun.SelectQuery, parents []K) []any {
	if len(p.cols) > 1 {
		cond, in := p.where(parents)
		q.Where(cond, in)
		return nil
	}
	ids := make([]string, len(parents))
	for i, k := range parents {
		ids[i] = p.values(k)[0]
	}
	q.Where(p.cols[0] + " = ANY($1::text[])")
	return []any{ids}
}

// query selects the rows of parents, with their columns.
func (l *NestedList[K, Row]) query(db bun.IDB, parents ...K) *bun.SelectQuery {
	cond, in := l.parent.where(parents)
	return l.from(db).ColumnExpr(l.columns).Where(cond, in)
}

// List is one page of parent's list.
func (l *NestedList[K, Row]) List(ctx context.Context, s *Store, parent K, args PageArgs) (Page[Row], error) {
	var out Page[Row]
	err := s.readOn(ctx, func(db bun.IDB) (err error) {
		out, err = listPage(ctx, s, l.query(db, parent), l.order.in(l.parent.values(parent)...), args, l.key)
		return err
	})
	return out, err
}

// listWhere is List narrowed by a condition on the rows (a filter argument
// of the list); the batched reads serve only the unfiltered list.
func (l *NestedList[K, Row]) listWhere(ctx context.Context, s *Store, parent K, args PageArgs, narrow func(*bun.SelectQuery)) (Page[Row], error) {
	var out Page[Row]
	err := s.readOn(ctx, func(db bun.IDB) (err error) {
		q := l.query(db, parent)
		narrow(q)
		out, err = listPage(ctx, s, q, l.order.in(l.parent.values(parent)...), args, l.key)
		return err
	})
	return out, err
}

// All is every row of parent's list, in order.
func (l *NestedList[K, Row]) All(ctx context.Context, s *Store, parent K) ([]Row, error) {
	var rows []Row
	err := s.readOn(ctx, func(db bun.IDB) error {
		q := l.query(db, parent)
		for _, c := range l.order.cols {
			q.OrderExpr(c)
		}
		rows = rows[:0]
		return q.Scan(ctx, &rows)
	})
	return rows, dbError(err, l.order.name)
}

// FirstPages loads, in one statement, the first limit+1 rows of the lists
// of many parents (one more than a page tells whether a next page exists).
func (l *NestedList[K, Row]) FirstPages(ctx context.Context, s *Store, parents []K, limit int) ([]Row, error) {
	if len(parents) == 0 {
		return nil, nil
	}
	q := l.from(s.DB).ColumnExpr(l.columns)
	args := l.parent.whereParam(q, parents)
	return firstPages[Row](ctx, s, q, strings.Join(l.parent.cols, ", "), l.order, limit, args...)
}

// FirstPage is the first page of one parent's list, with count rows in all,
// from the rows FirstPages loaded for that parent.
func (l *NestedList[K, Row]) FirstPage(s *Store, rows []Row, limit, count int) Page[Row] {
	order := l.order
	if len(rows) > 0 {
		order = order.in(l.parent.values(l.parent.of(&rows[0]))...)
	}
	return pageFromRows(s, rows, limit, count, order, l.key)
}

// ParentOf is the parent whose list holds row.
func (l *NestedList[K, Row]) ParentOf(row *Row) K { return l.parent.of(row) }

// Counts counts the lists of many parents in one statement; a parent with
// an empty list is absent.
func (l *NestedList[K, Row]) Counts(ctx context.Context, s *Store, parents []K) (map[K]int, error) {
	out := make(map[K]int, len(parents))
	if len(parents) == 0 {
		return out, nil
	}
	cols := strings.Join(l.parent.cols, ", ")
	q := l.from(s.DB).ColumnExpr(cols + ", count(*)").GroupExpr(cols)
	args := l.parent.whereParam(q, parents)
	rows, err := queryArgs(ctx, s.DB, q.String(), args...)
	if err != nil {
		return nil, dbError(err, "count")
	}
	defer rows.Close()
	values := make([]string, len(l.parent.cols))
	dest := make([]any, len(values)+1)
	for i := range values {
		dest[i] = &values[i]
	}
	var n int
	dest[len(values)] = &n
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return nil, dbError(err, "count")
		}
		out[l.parent.keyOf(values)] = n
	}
	if err := rows.Err(); err != nil {
		return nil, dbError(err, "count")
	}
	return out, nil
}

// firstPages loads, in one statement, the first limit+1 rows of many lists
// of the same kind: q selects the rows of all of them (args are the values
// of its parameters), partition is the SQL expression that names a row's
// list, ks orders each list. pageFromRows turns each list's rows into its
// first page.
func firstPages[T any](ctx context.Context, s *Store, q *bun.SelectQuery, partition string, ks keyset, limit int, args ...any) ([]T, error) {
	order := strings.Join(ks.cols, ", ")
	if ks.desc {
		order = strings.Join(ks.cols, " DESC, ") + " DESC"
	}
	q = q.ColumnExpr("row_number() OVER (PARTITION BY " + partition + " ORDER BY " + order + ") AS first_pages_rn")
	var rows []T
	outer := s.DB.NewSelect().TableExpr("(?) AS first_pages", q).ColumnExpr("first_pages.*").
		Where("first_pages.first_pages_rn <= ?", limit+1).OrderExpr("first_pages.first_pages_rn")
	err := s.scanArgs(ctx, outer.String(), &rows, args...)
	return rows, dbError(err, ks.name)
}
