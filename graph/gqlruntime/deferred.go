package gqlruntime

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
)

// NewDeferredGroup is graphql.NewDeferredGroup for an object whose
// selected fields are fields, made only when one of them is deferred.
// gqlgen's builds the object's whole response path (an allocation per
// step), a field set and a map for every object it marshals, though only a
// deferred field ever reads them: on a site tree with page trees that was
// one allocation in seven. An object with no deferred field gets a group
// that holds just its context; gqlgen reads its map (nil, so empty) and
// nothing else.
func NewDeferredGroup(ctx context.Context, fields []graphql.CollectedField) graphql.DeferredGroup {
	for i := range fields {
		if fields[i].IsDeferred() {
			return graphql.NewDeferredGroup(ctx)
		}
	}
	return graphql.DeferredGroup{Context: ctx}
}
