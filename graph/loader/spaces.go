package loader

import (
	"context"

	"github.com/graph-gophers/dataloader/v7"

	"folio/store"
)

// SpaceLoaders batch the reads of spaces and collections.
type SpaceLoaders struct {
	Space                  *Loader[string, store.Space] // live spaces only
	Collection             *Loader[string, store.Collection]
	CollectionSpaces       *Nested[string, store.Space]
	ChildCollections       *Nested[string, store.Collection]
	OrganizationFieldsList *Loader[string, []store.CustomField]
}

func newSpaceLoaders(s *store.Store) *SpaceLoaders {
	l := &SpaceLoaders{
		Space:            newLoader(s.SpacesByID, func(sp store.Space) string { return sp.ID }, "space", nil),
		Collection:       newLoader(s.CollectionsByID, func(c store.Collection) string { return c.ID }, "collection", nil),
		CollectionSpaces: newNested(s, store.CollectionSpaces, nil),
		OrganizationFieldsList: newBatched(func(ctx context.Context, orgIDs []string) []*dataloader.Result[[]store.CustomField] {
			out := make([]*dataloader.Result[[]store.CustomField], len(orgIDs))
			for i, id := range orgIDs { // one organization per operation in practice
				fields, err := s.AllCustomFields(ctx, id)
				out[i] = &dataloader.Result[[]store.CustomField]{Data: fields, Error: err}
			}
			return out
		}),
	}
	l.ChildCollections = newNested(s, store.ChildCollections, l.CollectionsListed)
	return l
}

// SpaceForViewer is the loader of live spaces with the caller's access to
// their organization (one statement reads both). It is made on its own, not
// with the group above: it is all a single space read loads, and making
// the group's six loaders for it was a tenth of the read's allocations.
func (l *Loaders) SpaceForViewer() *Loader[string, store.SpaceAccess] {
	return l.spaceForViewer.get(func() *Loader[string, store.SpaceAccess] {
		return newLoader(func(ctx context.Context, ids []string) ([]store.SpaceAccess, error) {
			return l.store.SpacesForUser(ctx, l.viewerID, ids)
		}, func(sp store.SpaceAccess) string { return sp.ID }, "space", nil)
	})
}

// CollectionsListed announces the nested reads that the fields of these
// collections will make: their counts and the first pages of their lists.
func (l *SpaceLoaders) CollectionsListed(cs []store.Collection) {
	for _, c := range cs {
		l.CollectionSpaces.Register(c.ID)
		l.ChildCollections.Register(c.ID)
	}
}
