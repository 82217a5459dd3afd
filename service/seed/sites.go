package seed

import (
	"context"
	"fmt"

	"folio/store"
)

var (
	siteNames        = []string{"Developer Portal", "Help Center", "Partner Docs", "Status & Ops", "Handbook", "API Docs"}
	siteVisibilities = []store.Visibility{store.VisibilityPublic, store.VisibilityShareLink, store.VisibilityUnlisted, store.VisibilityVisitorAuth}
	groupIcons       = []string{"book", "code", "gear", "rocket"}
)

// seedSites builds each site as an admin would through the API: the site,
// its sections (each opening with a space, more spaces added to it), groups
// of two sections, share links, and publishing for every other site.
func seedSites(ctx context.Context, s *store.Store, sc Scale, org *Org, done func(int)) error {
	for i := range sc.Sites {
		if err := seedSite(ctx, s, sc, org, i); err != nil {
			return err
		}
		done(1)
	}
	return nil
}

func seedSite(ctx context.Context, s *store.Store, sc Scale, org *Org, i int) error {
	n := store.NewSite{Type: store.SiteTypes[i%3], Title: numbered(siteNames, i), Visibility: siteVisibilities[i%len(siteVisibilities)]}
	site, err := s.CreateSite(ctx, org.ID, n)
	if err != nil {
		return fmt.Errorf("site %q: %w", n.Title, err)
	}
	// Each site takes its own run of spaces, each space once per site
	// (so at most as many site spaces as the organization has spaces).
	perSite := min(sc.SectionsPerSite*sc.SpacesPerSection, len(org.Spaces))
	next := 0
	space := func() *store.Space {
		sp := org.Spaces[(i*perSite+next)%len(org.Spaces)]
		next++
		return sp
	}
	var sections []string
	for k := range sc.SectionsPerSite {
		if next >= perSite {
			break
		}
		sp := space()
		sec, err := s.AddSiteSection(ctx, site, sp.ID, sp.Title)
		if err != nil {
			return fmt.Errorf("site %q: section %d: %w", site.Title, k+1, err)
		}
		sections = append(sections, sec.ID)
		for j := 1; j < sc.SpacesPerSection && next < perSite; j++ {
			if _, err := s.AddSiteSpace(ctx, site, space().ID, &sec.ID); err != nil {
				return fmt.Errorf("site %q: section %q: site space %d: %w", site.Title, sec.Title, j+1, err)
			}
		}
	}
	for g := range sc.GroupsPerSite {
		if 2*g+2 > len(sections) {
			break
		}
		icon := groupIcons[g%len(groupIcons)]
		title := numbered(collectionNames, i+g)
		if _, err := s.AddSiteSectionGroup(ctx, site, title, &icon, sections[2*g:2*g+2]); err != nil {
			return fmt.Errorf("site %q: section group %q: %w", site.Title, title, err)
		}
	}
	for k := range sc.ShareLinksPerSite {
		name := fmt.Sprintf("%s preview %d", teamNames[(i+k)%len(teamNames)], k+1)
		if _, err := s.CreateShareLink(ctx, site, name); err != nil {
			return fmt.Errorf("site %q: share link %q: %w", site.Title, name, err)
		}
	}
	if i%2 == 0 {
		published, err := s.SetSitePublished(ctx, site, true)
		if err != nil {
			return fmt.Errorf("site %q: publish: %w", site.Title, err)
		}
		site = published
	}
	org.Sites = append(org.Sites, site)
	return nil
}
