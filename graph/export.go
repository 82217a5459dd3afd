package graph

import (
	"context"

	"folio/graph/loader"
	"folio/service/export"
	"folio/store"
)

// ExportSpace builds the archive of a space's current content (see
// service/export) with the space's read rules: NOT_FOUND when the caller
// cannot see the space. Like OpenFile, it runs outside any GraphQL
// operation, so it brings its own loaders.
func (r *Resolver) ExportSpace(ctx context.Context, spaceID string) (*store.Space, *export.Archive, error) {
	viewerID := ""
	if u := Viewer(ctx); u != nil {
		viewerID = u.ID
	}
	ctx = loader.With(ctx, loader.New(r.Store, viewerID))
	sp, err := r.space(ctx, spaceID)
	if err != nil {
		return nil, nil, err
	}
	a, err := export.Export(ctx, r.Store, r.Blobs, sp.Space)
	if err != nil {
		return nil, nil, err
	}
	return sp.Space, a, nil
}
