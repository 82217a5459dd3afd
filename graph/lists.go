package graph

import (
	"folio/graph/model"
	"folio/store"
)

// pageArgs turns list arguments into store paging; limit defaults in the
// schema and is range-checked by its directive.
func pageArgs(page *string, limit *int) store.PageArgs {
	a := store.PageArgs{Limit: store.DefaultLimit}
	if page != nil {
		a.Page = *page
	}
	if limit != nil {
		a.Limit = *limit
	}
	return a
}

// next is the envelope's next link; nil on the last page.
func next(token string) *model.Next {
	if token == "" {
		return nil
	}
	return &model.Next{Page: token}
}

// mapItems wraps each store row of a page as its GraphQL object.
func mapItems[T, U any](rows []T, wrap func(T) U) []U {
	out := make([]U, len(rows))
	for i, r := range rows {
		out[i] = wrap(r)
	}
	return out
}
