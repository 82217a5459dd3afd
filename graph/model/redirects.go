package model

import (
	"time"

	"folio/store"
)

// SiteRedirect is a redirect of a site, seen by a member of its organization.
type SiteRedirect struct {
	store.Redirect
	Site *Site
}

func (SiteRedirect) Object() string { return "site-redirect" }

func (r SiteRedirect) Destination() SiteRedirectDestination {
	d := r.Redirect.Destination()
	return SiteRedirectDestination{Kind: d.Kind, URL: d.URL, SiteSpaceID: d.SiteSpaceID, PageID: d.PageID, SiteSectionID: d.SiteSectionID}
}

func (r SiteRedirect) UpdatedAt() *time.Time { return r.Redirect.UpdatedAt }
