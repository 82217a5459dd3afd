package graph

import (
	"context"

	"folio/graph/loader"
	"folio/graph/model"
	"folio/store"
)

// groupBySpace groups one page of organization search hits by space, in
// the order of each space's best hit. The store only returns spaces the
// caller can read; their rows come in one statement.
func (r *Resolver) groupBySpace(ctx context.Context, org *model.Organization, hits []store.SearchHit) ([]model.SearchSpaceResult, error) {
	spaces := loader.For(ctx).Spaces.Space
	for _, h := range hits {
		spaces.Register(h.SpaceID)
	}
	out := []model.SearchSpaceResult{}
	at := map[string]int{}
	apps := map[string]string{}
	for _, h := range hits {
		i, ok := at[h.SpaceID]
		if !ok {
			sp, err := spaces.Load(ctx, h.SpaceID)
			if err != nil {
				return nil, err
			}
			i, at[h.SpaceID] = len(out), len(out)
			apps[h.SpaceID] = model.NewSpace(r.Base, sp, org.Access).Urls().App
			out = append(out, model.SearchSpaceResult{ID: sp.ID, Title: sp.Title, Score: h.Score()})
		}
		out[i].Pages = append(out[i].Pages, model.SearchPageResult{Hit: h, SpaceApp: apps[h.SpaceID]})
	}
	return out, nil
}
