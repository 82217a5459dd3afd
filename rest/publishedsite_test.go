package rest_test

import (
	"testing"

	"folio/rest/resttest"
	"folio/store"
)

// publishedSite seeds one site of sections × siteSpaces in org (as
// seedSites does) and publishes it; it returns the site's id, whose reader
// is at /sites/{id}.
func publishedSite(t testing.TB, srv *resttest.Server, org string, sections, siteSpaces int) string {
	t.Helper()
	seedSites(t, srv, org, 1, sections, siteSpaces)
	sites, err := srv.Store.ListSites(t.Context(), org, store.SiteFilter{}, store.PageArgs{Limit: 10})
	if err != nil || len(sites.Items) != 1 {
		t.Fatalf("sites: %v %v", sites, err)
	}
	if _, err := srv.Store.SetSitePublished(t.Context(), &sites.Items[0], true); err != nil {
		t.Fatal(err)
	}
	return sites.Items[0].ID
}
