package loader

import (
	"context"

	"github.com/graph-gophers/dataloader/v7"

	"folio/store"
)

// SpaceLoaders batch the reads of spaces and collections.
type SpaceLoaders struct {
	Space                  *dataloader.Loader[string, store.Space] // live spaces only
	Collection             *dataloader.Loader[string, store.Collection]
	CollectionSpaceCount   *dataloader.Loader[string, int]
	ChildCollectionCount   *dataloader.Loader[string, int]
	CollectionSpacesPage   *dataloader.Loader[PageKey, []store.Space]
	ChildCollectionsPage   *dataloader.Loader[PageKey, []store.Collection]
	OrganizationFieldsList *dataloader.Loader[string, []store.CustomField]
}

// PageKey asks for the first Limit rows of a list nested under the object ID
// (one more is loaded, to know whether there is a next page).
type PageKey struct {
	ID    string
	Limit int
}

func newSpaceLoaders(s *store.Store) *SpaceLoaders {
	return &SpaceLoaders{
		Space:                newLoader(s.SpacesByID, func(sp store.Space) string { return sp.ID }, "space"),
		Collection:           newLoader(s.CollectionsByID, func(c store.Collection) string { return c.ID }, "collection"),
		CollectionSpaceCount: newCounter(s.CollectionSpaceCounts),
		ChildCollectionCount: newCounter(s.ChildCollectionCounts),
		CollectionSpacesPage: newFirstPages(s.CollectionSpacesFirstPages, func(sp store.Space) string { return *sp.ParentID }),
		ChildCollectionsPage: newFirstPages(s.ChildCollectionsFirstPages, func(c store.Collection) string { return *c.ParentID }),
		OrganizationFieldsList: dataloader.NewBatchedLoader(func(ctx context.Context, orgIDs []string) []*dataloader.Result[[]store.CustomField] {
			out := make([]*dataloader.Result[[]store.CustomField], len(orgIDs))
			for i, id := range orgIDs { // one organization per operation in practice
				fields, err := s.AllCustomFields(ctx, id)
				out[i] = &dataloader.Result[[]store.CustomField]{Data: fields, Error: err}
			}
			return out
		}, dataloader.WithWait[string, []store.CustomField](wait)),
	}
}

// newFirstPages builds a loader over a "first pages of many parents" store
// method: one statement loads the first rows of every parent of a level.
func newFirstPages[V any](load func(context.Context, []string, int) ([]V, error), parentOf func(V) string) *dataloader.Loader[PageKey, []V] {
	batch := func(ctx context.Context, keys []PageKey) []*dataloader.Result[[]V] {
		ids := make([]string, len(keys))
		limit := 0
		for i, k := range keys {
			ids[i] = k.ID
			limit = max(limit, k.Limit)
		}
		rows, err := load(ctx, ids, limit+1)
		byParent := map[string][]V{}
		for _, r := range rows {
			byParent[parentOf(r)] = append(byParent[parentOf(r)], r)
		}
		out := make([]*dataloader.Result[[]V], len(keys))
		for i, k := range keys {
			page := byParent[k.ID]
			if len(page) > k.Limit+1 {
				page = page[:k.Limit+1]
			}
			out[i] = &dataloader.Result[[]V]{Data: page, Error: err}
		}
		return out
	}
	return dataloader.NewBatchedLoader(batch, dataloader.WithWait[PageKey, []V](wait))
}
