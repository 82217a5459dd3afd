package loader

import (
	"context"

	"folio/store"
)

// Nested batches one nested list (a store.NestedList: the members of each
// team, say) for an operation: the first pages of every parent announced
// come from one statement, their counts from another.
type Nested[K comparable, Row any] struct {
	List  *store.NestedList[K, Row]
	Pages *PageLoader[K, Row]
	Count *Loader[K, int]

	store  *store.Store
	listed func([]Row) // announces what the fields of rows will load; may be nil
}

// newNested builds the loaders of list; listed, when set, sees every batch
// of rows (and every page read directly) to announce the next level.
func newNested[K comparable, Row any](s *store.Store, list *store.NestedList[K, Row], listed func([]Row)) *Nested[K, Row] {
	return &Nested[K, Row]{
		List: list,
		Pages: newFirstPages(func(ctx context.Context, parents []K, limit int) ([]Row, error) {
			return list.FirstPages(ctx, s, parents, limit)
		}, func(r Row) K { return list.ParentOf(&r) }, listed),
		Count: newCounter(func(ctx context.Context, parents []K) (map[K]int, error) {
			return list.Counts(ctx, s, parents)
		}),
		store:  s,
		listed: listed,
	}
}

// Register announces parents whose first page and count resolvers are
// about to read.
func (n *Nested[K, Row]) Register(parents ...K) {
	n.Pages.Register(parents...)
	n.Count.Register(parents...)
}

// Read reads a page of parent's list directly (a later page, or one the
// batch could not serve) and announces its rows.
func (n *Nested[K, Row]) Read(ctx context.Context, parent K, args store.PageArgs) (store.Page[Row], error) {
	p, err := n.List.List(ctx, n.store, parent, args)
	if err == nil {
		n.Listed(p.Items)
	}
	return p, err
}

// FirstPage is parent's first page, count rows in all, from the rows
// Pages loaded for it.
func (n *Nested[K, Row]) FirstPage(rows []Row, limit, count int) store.Page[Row] {
	return n.List.FirstPage(n.store, rows, limit, count)
}

// Listed announces what the fields of rows read some other way (a filtered
// page of the list) will load.
func (n *Nested[K, Row]) Listed(rows []Row) {
	if n.listed != nil {
		n.listed(rows)
	}
}
