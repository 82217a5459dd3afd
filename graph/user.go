package graph

import (
	"context"

	"folio/graph/loader"
	"folio/graph/model"
	"folio/store"
)

// user loads a user (the author of a change request, say) as its GraphQL object.
func (r *Resolver) user(ctx context.Context, id string) (*model.User, error) {
	return r.userFrom(ctx, loader.For(ctx).People().User, id)
}

// userFrom loads a user through a loader of its own (the comment loaders
// have one per level of a discussion).
func (r *Resolver) userFrom(ctx context.Context, l *loader.Loader[string, store.User], id string) (*model.User, error) {
	u, err := l.Load(ctx, id)
	if err != nil {
		return nil, err
	}
	m := model.NewUser(r.Base, u)
	return &m, nil
}
