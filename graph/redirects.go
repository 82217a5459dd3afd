package graph

import (
	"context"
	"net/url"
	"strings"

	"folio/domain"
	"folio/graph/model"
	"folio/store"
)

// Redirects are site structure: members with a role read them, editors
// (create) and admins change them, as sections and site spaces.
//
// Destinations are stored as references (a page id in a site space, a site
// space, a section) or an absolute URL, never as another path of the site:
// a redirect leads to where its page is now, and cannot lead to another
// redirect. A "path" destination is resolved when written: to the page at
// that path, else to the destination of the redirect whose source it is
// (a chain is resolved in one hop, and stays resolved). A redirect whose
// destination is its own source (a page at that path) is refused as a loop.

func (r *Resolver) redirectOf(site *model.Site, rd store.Redirect) model.SiteRedirect {
	return model.SiteRedirect{Redirect: rd, Site: site}
}

// siteSpacePrefix is the path of a site space below its site: its
// section's path (when in a section) and its own.
func siteSpacePrefix(ss *store.SiteSpace) string {
	p := "/" + ss.Path
	if ss.SectionPath != nil {
		p = "/" + *ss.SectionPath + p
	}
	return p
}

// redirectDestination validates a destination given for source in the site
// and returns it as stored. field names the destination in errors.
func (r *Resolver) redirectDestination(ctx context.Context, site *model.Site, source string, in *model.SiteRedirectDestinationInput, field string) (store.RedirectDestination, error) {
	var d store.RedirectDestination
	if in == nil {
		return d, domain.Invalid(field, "is required")
	}
	need := func(v *string, name string) (string, error) {
		if v == nil || *v == "" {
			return "", domain.Invalid(field+"."+name, "is required for a %s destination", in.Kind)
		}
		return *v, nil
	}
	switch in.Kind {
	case store.RedirectToExternal:
		raw, err := need(in.URL, "url")
		if err != nil {
			return d, err
		}
		u, perr := url.Parse(raw)
		if perr != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return d, domain.Invalid(field+".url", "must be an absolute http or https URL")
		}
		return store.RedirectDestination{Kind: in.Kind, URL: &raw}, nil
	case store.RedirectToSpace, store.RedirectToPage:
		ssID, err := need(in.SiteSpaceID, "siteSpaceId")
		if err != nil {
			return d, err
		}
		ss, err := r.Store.SiteSpace(ctx, site.ID, ssID)
		if domain.ErrorCode(err) == domain.CodeNotFound {
			return d, domain.Invalid(field+".siteSpaceId", "is not a site space of this site")
		} else if err != nil {
			return d, err
		}
		if in.Kind == store.RedirectToSpace {
			return store.RedirectDestination{Kind: in.Kind, SiteSpaceID: &ss.ID}, nil
		}
		pageID, err := need(in.PageID, "pageId")
		if err != nil {
			return d, err
		}
		return r.pageDestination(ctx, site, ss, source, pageID, field+".pageId")
	case store.RedirectToSection:
		secID, err := need(in.SiteSectionID, "siteSectionId")
		if err != nil {
			return d, err
		}
		if _, err := r.Store.SiteSection(ctx, site.ID, secID); domain.ErrorCode(err) == domain.CodeNotFound {
			return d, domain.Invalid(field+".siteSectionId", "is not a section of this site")
		} else if err != nil {
			return d, err
		}
		return store.RedirectDestination{Kind: in.Kind, SiteSectionID: &secID}, nil
	case "path":
		spaceID, err := need(in.SpaceID, "spaceId")
		if err != nil {
			return d, err
		}
		p, err := need(in.Path, "path")
		if err != nil {
			return d, err
		}
		return r.pathDestination(ctx, site, source, spaceID, strings.Trim(p, "/"), field)
	default:
		return d, domain.Invalid(field+".kind", "must be site-page, site-space, site-section, external or path")
	}
}

// pageDestination checks that pageID is a document page of the site
// space's current revision and that the redirect does not lead to itself.
func (r *Resolver) pageDestination(ctx context.Context, site *model.Site, ss *store.SiteSpace, source, pageID, field string) (store.RedirectDestination, error) {
	pages, paths, err := r.Store.RevisionPagePaths(ctx, site.OrganizationID, ss.Space.RevisionID)
	if err != nil {
		return store.RedirectDestination{}, err
	}
	e := pages[pageID]
	if e == nil || e.Type != store.PageDocument {
		return store.RedirectDestination{}, domain.Invalid(field, "is not a document page of the site space")
	}
	if p := paths[pageID]; source == "/"+p || source == siteSpacePrefix(ss)+"/"+p {
		return store.RedirectDestination{}, domain.Invalid(field, "is the page at the source: the redirect would lead to itself")
	}
	return store.RedirectDestination{Kind: store.RedirectToPage, SiteSpaceID: &ss.ID, PageID: &pageID}, nil
}

// pathDestination resolves a path in a space the site shows to its page,
// or to the destination of the redirect whose source the path is.
func (r *Resolver) pathDestination(ctx context.Context, site *model.Site, source, spaceID, p, field string) (store.RedirectDestination, error) {
	spaces, err := r.Store.SiteSpacesOf(ctx, site.ID)
	if err != nil {
		return store.RedirectDestination{}, err
	}
	for i := range spaces {
		ss := &spaces[i]
		if ss.Space.ID != spaceID {
			continue
		}
		_, paths, err := r.Store.RevisionPagePaths(ctx, site.OrganizationID, ss.Space.RevisionID)
		if err != nil {
			return store.RedirectDestination{}, err
		}
		for id, pp := range paths {
			if pp == p {
				return r.pageDestination(ctx, site, ss, source, id, field+".path")
			}
		}
		// No page there: the destination of a redirect from that path,
		// one hop, unless it is this very redirect.
		for _, src := range []string{"/" + p, siteSpacePrefix(ss) + "/" + p} {
			if src == source {
				return store.RedirectDestination{}, domain.Invalid(field+".path", "is the source: the redirect would lead to itself")
			}
		}
		hop, err := r.Store.MatchRedirect(ctx, site.ID, []string{siteSpacePrefix(ss) + "/" + p, "/" + p})
		if err != nil {
			return store.RedirectDestination{}, err
		}
		if hop != nil {
			return hop.Destination(), nil
		}
		return store.RedirectDestination{}, domain.Invalid(field+".path", "names no page of the space and no redirect of the site")
	}
	return store.RedirectDestination{}, domain.Invalid(field+".spaceId", "is not a space this site shows")
}

// redirectTarget is where a destination leads: an external URL as is, else
// the path below the site's published address ("" when the page, site
// space or section is gone). visible, when set, says whether a reader
// sees a site space.
func (r *Resolver) redirectTarget(ctx context.Context, site *model.Site, d store.RedirectDestination, visible func(id string) (bool, error)) (string, error) {
	switch d.Kind {
	case store.RedirectToExternal:
		return *d.URL, nil
	case store.RedirectToSection:
		sec, err := r.Store.SiteSection(ctx, site.ID, *d.SiteSectionID)
		if domain.ErrorCode(err) == domain.CodeNotFound {
			return "", nil
		}
		if err != nil {
			return "", err
		}
		return "/" + sec.Path, nil
	}
	ss, err := r.Store.SiteSpace(ctx, site.ID, *d.SiteSpaceID)
	if domain.ErrorCode(err) == domain.CodeNotFound {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	if visible != nil {
		if ok, err := visible(ss.ID); !ok || err != nil {
			return "", err
		}
	}
	if d.Kind == store.RedirectToSpace {
		return siteSpacePrefix(ss), nil
	}
	pages, paths, err := r.Store.RevisionPagePaths(ctx, site.OrganizationID, ss.Space.RevisionID)
	if err != nil {
		return "", err
	}
	if pages[*d.PageID] == nil {
		return "", nil
	}
	return siteSpacePrefix(ss) + "/" + paths[*d.PageID], nil
}

// redirectInput validates a whole redirect.
func (r *Resolver) redirectInput(ctx context.Context, site *model.Site, source string, dest *model.SiteRedirectDestinationInput) (store.RedirectDestination, error) {
	if err := store.CheckRedirectSource("source", source); err != nil {
		return store.RedirectDestination{}, err
	}
	return r.redirectDestination(ctx, site, source, dest, "destination")
}

// wildcardSuffix is what a wildcard source matched of path ("" for an
// exact source or a path it does not cover).
func wildcardSuffix(source, path string) string {
	path = "/" + strings.Trim(path, "/")
	if prefix, ok := strings.CutSuffix(source, "/*"); ok {
		// "/old/*": what follows /old, its slash included.
		if rest, ok := strings.CutPrefix(path, prefix+"/"); ok {
			return "/" + rest
		}
		return ""
	}
	if prefix, ok := strings.CutSuffix(source, "*"); ok {
		rest, _ := strings.CutPrefix(path, prefix)
		if len(rest) < len(path) {
			return rest
		}
	}
	return ""
}

// bulkItem validates one bulk item.
func (r *Resolver) bulkItem(ctx context.Context, site *model.Site, it model.BulkSiteRedirectItemInput) (store.BulkRedirect, error) {
	b := store.BulkRedirect{Source: it.Source, CaptureWildcard: it.CaptureWildcard != nil && *it.CaptureWildcard, Permanent: it.Permanent}
	if err := store.CheckRedirectSource("source", it.Source); err != nil {
		return b, err
	}
	switch deref0(it.Intent) {
	case "", "live":
	case "draft":
		b.Draft = true
	case "publish":
		b.Publish = true
		return b, nil
	default:
		return b, domain.Invalid("intent", "must be live, draft or publish")
	}
	dest, set := it.Destination.ValueOK()
	if !set {
		return b, domain.Invalid("destination", "is required (null deletes the redirect)")
	}
	if dest == nil {
		return b, nil
	}
	d, err := r.redirectDestination(ctx, site, it.Source, dest, "destination")
	if err != nil {
		return b, err
	}
	b.Destination = &d
	return b, nil
}
