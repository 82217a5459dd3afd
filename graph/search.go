package graph

import (
	"context"
	"slices"

	"folio/graph/loader"
	"folio/graph/model"
	"folio/store"
)

// groupBySpace groups one page of organization search hits by space, in
// the order of each space's best hit. The store only returns spaces the
// caller can read; their rows come in one statement.
func (r *Resolver) groupBySpace(ctx context.Context, org *model.Organization, hits []store.SearchHit) ([]model.SearchSpaceResult, error) {
	spaces := loader.For(ctx).Spaces().Space
	for _, h := range hits {
		spaces.Register(h.SpaceID)
	}
	out := []model.SearchSpaceResult{}
	at := map[string]int{}
	apps, revs := map[string]string{}, map[string]string{}
	for _, h := range hits {
		i, ok := at[h.SpaceID]
		if !ok {
			sp, err := spaces.Load(ctx, h.SpaceID)
			if err != nil {
				return nil, err
			}
			i, at[h.SpaceID] = len(out), len(out)
			apps[h.SpaceID], revs[h.SpaceID] = model.NewSpace(r.Base, &sp, org.Access).Urls().App, sp.RevisionID
			loader.For(ctx).Content().Revision.Register(sp.RevisionID)
			out = append(out, model.SearchSpaceResult{ID: sp.ID, Title: sp.Title, Score: h.Score()})
		}
		out[i].Pages = append(out[i].Pages, model.SearchPageResult{Hit: h, SpaceApp: apps[h.SpaceID], Revision: revs[h.SpaceID]})
	}
	return out, nil
}

// pageAncestors lists the titles above a page of a tree, from the top level
// down to its parent.
func pageAncestors(t *store.Tree, pageID string) []model.SearchPageAncestor {
	out := []model.SearchPageAncestor{}
	e := t.Entries[store.EntryPage+":"+pageID]
	for depth := 0; e != nil && e.Parent != "" && depth < store.MaxPageDepth; depth++ {
		e = t.Entries[store.EntryPage+":"+e.Parent]
		if e != nil {
			out = append(out, model.SearchPageAncestor{Title: e.Title})
		}
	}
	slices.Reverse(out)
	return out
}
