package graph

import (
	"context"

	"github.com/99designs/gqlgen/graphql"

	"folio/graph/loader"
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

// counted is args counting the list only when the list's envelope (the
// field resolving in ctx) selects its count: a count is a statement of
// its own, and a frontend walking a tree rarely asks for it.
func counted(ctx context.Context, args store.PageArgs) store.PageArgs {
	args.Uncounted = !selects(ctx, "count")
	return args
}

// selects reports whether the selection of the field resolving in ctx
// asks for the field name (through fragments too).
func selects(ctx context.Context, name string) bool {
	for _, f := range graphql.CollectFieldsCtx(ctx, nil) {
		if f.Name == name {
			return true
		}
	}
	return false
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
	return mapItemsOf(rows, func(r *T) U { return wrap(*r) })
}

// mapItemsOf is mapItems for objects that point at their rows instead of
// holding a copy.
func mapItemsOf[T, U any](rows []T, wrap func(*T) U) []U {
	out := make([]U, len(rows))
	for i := range rows {
		out[i] = wrap(&rows[i])
	}
	return out
}

// nestedPage serves a page of a list nested under a list of parents (the
// members of each team, say; see store.NestedList). Its first page comes
// from one batched statement for all parents, its count from a batched
// count; later pages, or a page the batch could not serve, are read directly.
func nestedPage[K comparable, Row any](ctx context.Context, n *loader.Nested[K, Row], parent K, args store.PageArgs) (store.Page[Row], error) {
	if args.Page != "" {
		return n.Read(ctx, parent, args)
	}
	count := 0
	if selects(ctx, "count") {
		var err error
		if count, err = n.Count.Load(ctx, parent); err != nil {
			return store.Page[Row]{}, err
		}
	}
	return nestedPageCounted(ctx, n, parent, count, args)
}

// nestedPageCounted is nestedPage for lists whose parent row carries their
// count (a comment's replies, say).
func nestedPageCounted[K comparable, Row any](ctx context.Context, n *loader.Nested[K, Row], parent K, count int, args store.PageArgs) (store.Page[Row], error) {
	if args.Page != "" {
		return n.Read(ctx, parent, args)
	}
	rows, ok, err := n.Pages.LoadPage(ctx, parent, args.Limit)
	if err != nil {
		return store.Page[Row]{}, err
	}
	if !ok {
		return n.Read(ctx, parent, args)
	}
	return n.FirstPage(rows, args.Limit, count), nil
}
