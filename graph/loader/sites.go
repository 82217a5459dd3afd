package loader

import (
	"context"

	"github.com/graph-gophers/dataloader/v7"

	"folio/store"
)

// SiteLoaders batch the reads of sites' structure. Every loader below is
// keyed by site, so the list of sites announces all of them at once and
// each costs one statement however deep its objects sit in the query: the
// sections of groups and the site spaces of sections are read per site
// and handed out by parent.
type SiteLoaders struct {
	Sections        *Nested[string, store.SiteSection]
	Groups          *Nested[string, store.SiteSectionGroup]
	SiteSpaces      *Nested[string, store.SiteSpace]
	GroupedSections *Loader[string, map[string][]store.SiteSection] // by group id
	SectionSpaces   *Loader[string, map[string][]store.SiteSpace]   // by section id
}

// newSiteLoaders makes the site loaders; spacesListed sees every batch of
// site spaces, to announce what their spaces' fields will load.
func newSiteLoaders(s *store.Store, spacesListed func([]store.SiteSpace)) *SiteLoaders {
	return &SiteLoaders{
		Sections:        newNested(s, store.SiteSections, nil),
		Groups:          newNested(s, store.SiteSectionGroups, nil),
		SiteSpaces:      newNested(s, store.SiteSpaces, spacesListed),
		GroupedSections: newGrouped(s.GroupedSections, func(r store.SiteSection) (string, string) { return r.SiteID, *r.GroupID }, nil),
		SectionSpaces:   newGrouped(s.SectionSiteSpaces, func(r store.SiteSpace) (string, string) { return r.SiteID, *r.SectionID }, spacesListed),
	}
}

// SitesListed announces every read the fields of these sites will make.
func (l *SiteLoaders) SitesListed(ids ...string) {
	l.Sections.Register(ids...)
	l.Groups.Register(ids...)
	l.SiteSpaces.Register(ids...)
	l.GroupedSections.Register(ids...)
	l.SectionSpaces.Register(ids...)
}

// newGrouped builds a loader over a "rows of these sites" store method that
// hands each site its rows grouped by a parent inside it; keyOf gives a
// row's site and parent.
func newGrouped[V any](load func(context.Context, []string) ([]V, error), keyOf func(V) (string, string), then func([]V)) *Loader[string, map[string][]V] {
	return newBatched(func(ctx context.Context, siteIDs []string) []*dataloader.Result[map[string][]V] {
		rows, err := load(ctx, siteIDs)
		if err == nil && then != nil {
			then(rows)
		}
		bySite := make(map[string]map[string][]V, len(siteIDs))
		for _, r := range rows {
			site, parent := keyOf(r)
			if bySite[site] == nil {
				bySite[site] = map[string][]V{}
			}
			bySite[site][parent] = append(bySite[site][parent], r)
		}
		out := make([]*dataloader.Result[map[string][]V], len(siteIDs))
		for i, id := range siteIDs {
			out[i] = &dataloader.Result[map[string][]V]{Data: bySite[id], Error: err}
		}
		return out
	})
}
