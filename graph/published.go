package graph

import (
	"context"
	"encoding/json"
	"maps"

	"folio/domain"
	"folio/graph/model"
	"folio/store"
)

// publishedSite builds what a visitor sees of a site. Admins of the site
// always see it (published or not, without key or token); anyone else with
// an API token sees it while it is published and its audience admits them:
// public and unlisted sites everyone, share-link sites holders of an active
// link's key, visitor-auth sites holders of a visitor JWT signed with the
// site's key. The visitor token's claims (when given) decide which
// conditional sections and site spaces are shown, for admins too, so an
// admin can check what a given visitor sees.
func (r *Resolver) publishedSite(ctx context.Context, orgID, siteID, shareKey, token string) (*model.PublishedContentSite, error) {
	access, member, err := r.audience(ctx, orgID)
	if err != nil {
		return nil, err
	}
	row, err := r.Store.Site(ctx, orgID, siteID)
	if err != nil {
		return nil, err
	}
	view, err := r.publishedView(ctx, row, access, member, shareKey, token, nil)
	if err != nil && !member && domain.ErrorCode(err) == domain.CodeForbidden &&
		(row.Visibility == store.VisibilityShareLink || row.Visibility == store.VisibilityVisitorAuth) {
		// A site only its link's or token's holders may read is, to an
		// outsider refused it, an unknown site: a refusal naming the share
		// link or the visitor token would say that it exists (the reader
		// answers such a request with its 404 too). Members, who list the
		// organization's sites, keep the reason.
		return nil, domain.NotFound("site")
	}
	return view, err
}

// audience is what the caller is to the organization of a site they would
// read published: a member with their access (member true), or an outsider.
func (r *Resolver) audience(ctx context.Context, orgID string) (access model.Access, member bool, err error) {
	if _, err := viewer(ctx); err != nil {
		return access, false, err
	}
	org, err := r.orgAccess(ctx, orgID)
	if err == nil {
		return org.Access, true, nil
	}
	if domain.ErrorCode(err) != domain.CodeNotFound {
		return access, false, err
	}
	return access, false, nil
}

// publishedView is publishedSite for a site row already read, with the
// caller's access to its organization. unsigned are the reader's own
// claims (PublishedSiteEntry.view): kept, under "unsigned", only when the
// site's adaptive schema admits them, and only once the caller is admitted,
// so that they decide what shows, never who reads.
func (r *Resolver) publishedView(ctx context.Context, row *store.Site, access model.Access, member bool, shareKey, token string, unsigned map[string]any) (*model.PublishedContentSite, error) {
	var err error
	if token != "" && r.Store.ReadsReplicas(ctx) {
		// The site's key admits visitors: read as it is now, from the
		// primary, not as a replica last replayed it (a replaced key must
		// stop admitting at once). Share links are checked on the primary
		// too (store.ActiveShareLink).
		if row, err = r.Store.SiteOnPrimary(ctx, row.ID); err != nil {
			return nil, err
		}
	}
	site := model.NewSite(r.Base, *row, access)
	// An unpublished site is NOT_FOUND to everyone outside its organization,
	// whatever they send: it is decided before the share key or the visitor
	// token is looked at, so neither can tell an outsider the site exists.
	if !site.CanAdmin() && !row.Published {
		if member && access.Role != nil {
			return nil, domain.Errorf(domain.CodeForbidden, "the site is not published; only its admins can read it")
		}
		return nil, domain.NotFound("site")
	}
	var claims map[string]any
	if token != "" {
		if claims, err = visitorClaims(*row, token, r.Store.Now); err != nil {
			return nil, err
		}
	}
	if !site.CanAdmin() {
		switch row.Visibility {
		case store.VisibilityShareLink:
			ok, err := r.Store.ActiveShareLink(ctx, row.ID, shareKey)
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, domain.Errorf(domain.CodeForbidden, "this site needs the key of an active share link (shareKey)")
			}
		case store.VisibilityVisitorAuth:
			if claims == nil {
				return nil, domain.Errorf(domain.CodeForbidden, "this site needs a visitor token (jwt_token) signed with its key")
			}
		}
	}
	accepted := unsigned != nil && unsignedValid(row.AdaptiveSchema, unsigned)
	if accepted {
		withUnsigned := make(map[string]any, len(claims)+1)
		maps.Copy(withUnsigned, claims)
		withUnsigned["unsigned"] = unsigned
		claims = withUnsigned
	}
	return &model.PublishedContentSite{Site: site, Claims: claims, Scripts: []json.RawMessage{}, UnsignedClaimsAccepted: accepted}, nil
}

// publishedStructure is a published view's structure, worked out once.
func (r *Resolver) publishedStructure(ctx context.Context, ps *model.PublishedContentSite) (model.SiteStructure, error) {
	return ps.StructureOnce(func() (model.SiteStructure, error) { return r.visibleStructure(ctx, &ps.Site, ps.Claims) })
}

// visibleStructure is the site's structure as a visitor with claims sees
// it: sections and groups at the root (groups holding their sections), or
// the root site spaces of a site without sections. Sections and site spaces
// whose condition does not hold are left out, and so are sections left
// without site spaces and groups left without sections.
func (r *Resolver) visibleStructure(ctx context.Context, site *model.Site, claims map[string]any) (model.SiteStructure, error) {
	all, err := r.Store.SiteSpacesOf(ctx, site.ID)
	if err != nil {
		return model.SiteStructure{}, err
	}
	bySection := map[string][]model.SiteSpace{}
	var root []model.SiteStructureItem
	for i := range all {
		ss := &all[i]
		if !conditionHolds(ss.Condition, claims) {
			continue
		}
		m := r.siteSpaceOf(site, ss)
		if ss.SectionID == nil {
			root = append(root, m)
			continue
		}
		bySection[*ss.SectionID] = append(bySection[*ss.SectionID], m)
	}
	// Sections and groups are read whole, without the count a page of
	// them would cost: a statement each.
	sections, err := store.SiteSections.All(ctx, r.Store, site.ID)
	if err != nil {
		return model.SiteStructure{}, err
	}
	if len(sections) == 0 {
		if root == nil {
			root = []model.SiteStructureItem{}
		}
		return model.SiteStructure{Type: "siteSpaces", Structure: root}, nil
	}
	groups, err := store.SiteSectionGroups.All(ctx, r.Store, site.ID)
	if err != nil {
		return model.SiteStructure{}, err
	}
	groupByID := map[string]*model.SiteSectionGroup{}
	for _, g := range groups {
		m := r.groupOf(site, g)
		m.Visible = []model.SiteSection{}
		groupByID[g.ID] = &m
	}
	// Sections come in site order, a group's sections together where the
	// group sits, so a group is placed when its first section is met.
	items := []model.SiteStructureItem{}
	placed := map[string]bool{}
	for _, sec := range sections {
		spaces := bySection[sec.ID]
		if !conditionHolds(sec.Condition, claims) || len(spaces) == 0 {
			continue
		}
		m := r.sectionOf(site, sec)
		m.Visible = spaces
		if sec.GroupID == nil {
			items = append(items, m)
			continue
		}
		g := groupByID[*sec.GroupID]
		g.Visible = append(g.Visible, m)
		if !placed[g.ID] {
			placed[g.ID] = true
			items = append(items, g)
		}
	}
	// Groups are appended as pointers so later sections still reach them.
	for i, it := range items {
		if g, ok := it.(*model.SiteSectionGroup); ok {
			items[i] = *g
		}
	}
	return model.SiteStructure{Type: "sections", Structure: items}, nil
}

// publishedCustomizations are the reader-facing settings of a site, in the
// shape of GitBook's PublishedContentSite.customizations: the site's
// settings and, by site space id, the settings of each site space the
// visitor sees that overrides some (one hidden by its condition is not
// named).
func (r *Resolver) publishedCustomizations(ctx context.Context, ps *model.PublishedContentSite) (json.RawMessage, error) {
	row := &ps.Site.Site
	overrides, err := row.SpaceCustomizationsByID()
	if err != nil {
		return nil, err
	}
	spaces := make(map[string]json.RawMessage, len(overrides))
	if len(overrides) > 0 {
		st, err := r.publishedStructure(ctx, ps)
		if err != nil {
			return nil, err
		}
		add := func(list []model.SiteSpace) {
			for _, x := range list {
				if o, ok := overrides[x.ID]; ok {
					ss := &store.SiteSpace{}
					ss.ID, ss.Customization = x.ID, o
					spaces[x.ID] = siteSpaceCustomization(row, ss)
				}
			}
		}
		for _, it := range st.Structure {
			switch x := it.(type) {
			case model.SiteSpace:
				add([]model.SiteSpace{x})
			case model.SiteSection:
				add(x.Visible)
			case model.SiteSectionGroup:
				for _, sec := range x.Visible {
					add(sec.Visible)
				}
			}
		}
	}
	return json.Marshal(map[string]any{"site": siteCustomization(row), "siteSpaces": spaces})
}

// readableSite refuses the fields of a site beyond its published view to a
// caller without a role in its organization. publishedSite hands its whole
// audience the site object, and the fields below it trust the object's
// caller to have been checked, as organization.site does.
func readableSite(s *model.Site) error {
	if s.Readable() {
		return nil
	}
	return domain.Errorf(domain.CodeForbidden, "this field of a published site needs a role in its organization")
}

// readableSpace refuses a space's content, change requests, comments,
// search and custom fields to a caller who reached it through a published
// site's structure without access to the space itself.
func readableSpace(s *model.Space) error {
	if s.Readable() {
		return nil
	}
	return domain.Errorf(domain.CodeForbidden, "reading a space of a published site beyond its own fields needs access to the space")
}
