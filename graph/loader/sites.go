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
		GroupedSections: newGrouped(s.GroupedSections, func(r *store.SiteSection) (string, string) { return r.SiteID, *r.GroupID }, nil),
		SectionSpaces:   newGrouped(s.SectionSiteSpaces, func(r *store.SiteSpace) (string, string) { return r.SiteID, *r.SectionID }, spacesListed),
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
// row's site and parent. The store orders rows by parent, so each group is
// a run of the rows read, handed out as a sub-slice rather than copied row
// by row (site-space rows are wide: a site tree reads a thousand); a
// parent whose rows come in more than one run is still grouped whole.
func newGrouped[V any](load func(context.Context, []string) ([]V, error), keyOf func(*V) (string, string), then func([]V)) *Loader[string, map[string][]V] {
	return newBatched(func(ctx context.Context, siteIDs []string) []*dataloader.Result[map[string][]V] {
		rows, err := load(ctx, siteIDs)
		if err == nil && then != nil {
			then(rows)
		}
		bySite := make(map[string]map[string][]V, len(siteIDs))
		for start := 0; start < len(rows); {
			site, parent := keyOf(&rows[start])
			end := start + 1
			for end < len(rows) {
				if s, p := keyOf(&rows[end]); s != site || p != parent {
					break
				}
				end++
			}
			if bySite[site] == nil {
				bySite[site] = map[string][]V{}
			}
			run := rows[start:end:end] // full: an append copies, never overwrites the next run
			if seen := bySite[site][parent]; seen != nil {
				run = append(seen, run...)
			}
			bySite[site][parent] = run
			start = end
		}
		out := make([]*dataloader.Result[map[string][]V], len(siteIDs))
		for i, id := range siteIDs {
			out[i] = &dataloader.Result[map[string][]V]{Data: bySite[id], Error: err}
		}
		return out
	})
}
