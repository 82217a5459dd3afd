package graph

import (
	"context"

	"folio/domain"
	"folio/graph/loader"
	"folio/graph/model"
	"folio/store"
)

// Access to sites follows the caller's organization role (sites have no
// default levels): reading a site and its structure needs a role (guests
// and non-members get NOT_FOUND); changing the structure (sections,
// groups, site spaces, moves) needs create; the site's settings, publishing,
// share links, the adaptive schema and the visitor key need admin.

// site loads a site of an organization for a caller with at least min.
func (r *Resolver) site(ctx context.Context, orgID, siteID string, min domain.Role) (model.Site, error) {
	org, err := r.orgAccess(ctx, orgID)
	if err != nil {
		return model.Site{}, err
	}
	return r.siteIn(ctx, org, siteID, min)
}

// siteIn loads a site of org for a caller with at least min.
func (r *Resolver) siteIn(ctx context.Context, org model.Organization, siteID string, min domain.Role) (model.Site, error) {
	if org.Access.Role == nil {
		return model.Site{}, domain.NotFound("site")
	}
	row, err := r.Store.Site(ctx, org.ID, siteID)
	if err != nil {
		return model.Site{}, err
	}
	loader.For(ctx).Sites().SitesListed(row.ID)
	return model.NewSite(r.Base, *row, org.Access), needRole(org.Access.Role, min, "site")
}

func sitePtr(s model.Site) *model.Site { return &s }

// withShareKey is the site as seen with a share link's key, which then goes
// into the published URLs of its sections and site spaces.
func withShareKey(site *model.Site, key *string) *model.Site {
	if key == nil || *key == "" {
		return site
	}
	shared := *site
	shared.ShareKey = *key
	return &shared
}

func (r *Resolver) sectionOf(site *model.Site, s store.SiteSection) model.SiteSection {
	return model.SiteSection{SiteSection: s, Site: site}
}

func (r *Resolver) groupOf(site *model.Site, g store.SiteSectionGroup) model.SiteSectionGroup {
	return model.SiteSectionGroup{SiteSectionGroup: g, Site: site}
}

func (r *Resolver) siteSpaceOf(site *model.Site, ss *store.SiteSpace) model.SiteSpace {
	return model.SiteSpace{SiteSpace: ss, Site: site}
}

// sitePosition reads the position of a move: the neighbours before and
// after (each nil when absent), whose type and id ref gives; allowed are
// the types a neighbour may have.
func sitePosition[P any](before, after *P, ref func(*P) (typ, id string), allowed ...string) (store.SitePosition, error) {
	var pos store.SitePosition
	var err error
	if before != nil {
		typ, id := ref(before)
		if pos.Before, err = sitePointer(typ, allowed, id, "position.before"); err != nil {
			return pos, err
		}
	}
	if after != nil {
		typ, id := ref(after)
		if pos.After, err = sitePointer(typ, allowed, id, "position.after"); err != nil {
			return pos, err
		}
	}
	return pos, nil
}

// sitePointer checks a move pointer's type; id is the sibling's id.
func sitePointer(typ string, allowed []string, id, field string) (*store.SitePointer, error) {
	for _, a := range allowed {
		if typ == a {
			return &store.SitePointer{Type: typ, ID: id}, nil
		}
	}
	if len(allowed) == 1 {
		return nil, domain.Invalid(field+".type", "must be %s", allowed[0])
	}
	return nil, domain.Invalid(field+".type", "must be %s or %s", allowed[0], allowed[1])
}

func (r *Resolver) setPublished(ctx context.Context, orgID, siteID string, published bool) (*model.Site, error) {
	site, err := r.site(ctx, orgID, siteID, domain.RoleAdmin)
	if err != nil {
		return nil, err
	}
	updated, err := r.Store.SetSitePublished(ctx, &site.Site, published)
	if err != nil {
		return nil, err
	}
	return sitePtr(model.NewSite(r.Base, *updated, site.Viewer)), nil
}

// siteSection loads a section of a site for a caller who may change the structure.
func (r *Resolver) siteSection(ctx context.Context, orgID, siteID, id string) (model.Site, *store.SiteSection, error) {
	site, err := r.site(ctx, orgID, siteID, domain.RoleCreate)
	if err != nil {
		return site, nil, err
	}
	sec, err := r.Store.SiteSection(ctx, siteID, id)
	return site, sec, err
}

// siteGroup loads a section group for a caller who may change the structure.
func (r *Resolver) siteGroup(ctx context.Context, orgID, siteID, id string) (model.Site, *store.SiteSectionGroup, error) {
	site, err := r.site(ctx, orgID, siteID, domain.RoleCreate)
	if err != nil {
		return site, nil, err
	}
	g, err := r.Store.SiteSectionGroup(ctx, siteID, id)
	return site, g, err
}

// siteSpace loads a site space for a caller who may change the structure.
func (r *Resolver) siteSpace(ctx context.Context, orgID, siteID, id string) (model.Site, *store.SiteSpace, error) {
	site, err := r.site(ctx, orgID, siteID, domain.RoleCreate)
	if err != nil {
		return site, nil, err
	}
	ss, err := r.Store.SiteSpace(ctx, siteID, id)
	return site, ss, err
}

// shareLink loads a share link for an admin of its site.
func (r *Resolver) shareLink(ctx context.Context, orgID, siteID, id string) (model.Site, *store.ShareLink, error) {
	site, err := r.site(ctx, orgID, siteID, domain.RoleAdmin)
	if err != nil {
		return site, nil, err
	}
	l, err := r.Store.ShareLink(ctx, siteID, id)
	return site, l, err
}

func (r *Resolver) shareLinkOf(site *model.Site, l store.ShareLink) *model.ShareLink {
	return &model.ShareLink{ShareLink: l, Site: site, Key: r.Store.ShareKey(l.ID)}
}
