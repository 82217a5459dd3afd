package rest_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"folio/rest/resttest"
	"folio/store"
)

// siteTreeQuery is the frontend's main query: every site of an organization
// with its section groups, sections, site spaces and their spaces.
const siteTreeQuery = `query($id: ID!) { organization(id: $id) {
  sites(limit: 20) { count items {
    id title siteSpaces published permissions { admin }
    sectionGroups(limit: 20) { count items { id title sections { id title } } }
    sections(limit: 20) { count items {
      id title path default sectionGroup
      siteSpaces { id path default urls { published } space { id title visibility permissions { view edit } revision { id pages { id title path pages { id title } } } } }
    } }
    siteSpaceList(limit: 100) { count items { id section space { id } } }
  } }
} }`

// spaceWithPages makes a space whose current revision holds pages
// top-level pages, each with one subpage.
func spaceWithPages(t testing.TB, srv *resttest.Server, org, title string, pages int) *store.Space {
	t.Helper()
	ctx := t.Context()
	s := srv.Store
	u, err := s.EnsureUser(ctx, "seed@example.com", "")
	if err != nil {
		t.Fatal(err)
	}
	sp, err := s.CreateSpace(ctx, org, store.NewSpace{Title: title, Visibility: store.VisibilityPublic})
	if err != nil {
		t.Fatal(err)
	}
	cr, err := s.CreateChangeRequest(ctx, sp, u.ID, "pages")
	if err != nil {
		t.Fatal(err)
	}
	var changes []store.PageChange
	for i := range pages {
		top, sub := fmt.Sprintf("# Page %d\n", i), fmt.Sprintf("# Page %d.1\n", i)
		ref := fmt.Sprint("p", i)
		changes = append(changes,
			store.PageChange{Operation: store.OpInsertPage, Ref: ref, Markdown: &top},
			store.PageChange{Operation: store.OpInsertPage, Into: &ref, Markdown: &sub})
	}
	if _, err := s.UpdateChangeRequestContent(ctx, sp.ID, cr.ID, u.ID, changes); err != nil {
		t.Fatal(err)
	}
	if _, err := s.MergeChangeRequest(ctx, sp.ID, cr.ID, u.ID); err != nil {
		t.Fatal(err)
	}
	return sp
}

// seedSites makes sites × sections × siteSpaces, the sections of every
// other site in a group, through the store.
func seedSites(t testing.TB, srv *resttest.Server, org string, sites, sections, siteSpaces int) {
	t.Helper()
	seedSitesPages(t, srv, org, sites, sections, siteSpaces, 3)
}

// seedSitesPages is seedSites with spaces of 2 x pages pages (each
// top-level page has one subpage).
func seedSitesPages(t testing.TB, srv *resttest.Server, org string, sites, sections, siteSpaces, pages int) {
	t.Helper()
	ctx := t.Context()
	for i := range sites {
		sp := spaceWithPages(t, srv, org, fmt.Sprint("Guide ", i), pages)
		site, err := srv.Store.CreateSite(ctx, org, store.NewSite{Type: "basic", Title: fmt.Sprint("Site ", i), Visibility: store.VisibilityPublic})
		if err != nil {
			t.Fatal(err)
		}
		var secIDs []string
		for j := range sections {
			sec, err := srv.Store.AddSiteSection(ctx, site, sp.ID, fmt.Sprint("Section ", j))
			if err != nil {
				t.Fatal(err)
			}
			secIDs = append(secIDs, sec.ID)
			for range siteSpaces - 1 {
				if _, err := srv.Store.AddSiteSpace(ctx, site, sp.ID, &sec.ID); err != nil {
					t.Fatal(err)
				}
			}
		}
		if i%2 == 0 {
			if _, err := srv.Store.AddSiteSectionGroup(ctx, site, "Group", nil, secIDs[:len(secIDs)/2]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestSiteTreeStatements checks that the nested site query runs a number of
// SQL statements that does not grow with the number of sites, sections and
// site spaces.
func TestSiteTreeStatements(t *testing.T) {
	run := func(sites, sections, siteSpaces int) int {
		srv := resttest.New(t)
		alice := srv.User("alice@example.com")
		org := createOrg(t, alice, "Acme")
		seedSites(t, srv, org, sites, sections, siteSpaces)
		res := alice.GraphQL(siteTreeQuery, map[string]any{"id": org})
		if len(res.Errors) > 0 {
			t.Fatalf("errors: %v", res.Errors)
		}
		var data struct {
			Organization struct {
				Sites struct {
					Count int
					Items []struct {
						SiteSpaces    int
						SectionGroups struct{ Count int }
						Sections      struct {
							Count int
							Items []struct {
								SiteSpaces []struct {
									Space struct {
										ID       string
										Revision struct {
											Pages []struct {
												Title string
												Pages []struct{ Title string }
											}
										}
									}
								}
							}
						}
						SiteSpaceList struct{ Count int }
					}
				}
			}
		}
		if err := json.Unmarshal(res.Data, &data); err != nil {
			t.Fatal(err)
		}
		total := 0
		for _, s := range data.Organization.Sites.Items {
			if s.Sections.Count != sections || s.SiteSpaces != sections*siteSpaces || s.SiteSpaceList.Count != s.SiteSpaces {
				t.Fatalf("site read wrong: %+v", s)
			}
			for _, sec := range s.Sections.Items {
				for _, ss := range sec.SiteSpaces {
					if ss.Space.ID == "" {
						t.Fatal("site space without space")
					}
					if p := ss.Space.Revision.Pages; len(p) != 3 || len(p[0].Pages) != 1 || p[0].Title != "Page 0" {
						t.Fatalf("page tree of the site space's space: %+v", p)
					}
					total++
				}
			}
		}
		if data.Organization.Sites.Count != sites || total != sites*sections*siteSpaces {
			t.Fatalf("read %d sites, %d site spaces; want %d, %d", data.Organization.Sites.Count, total, sites, sites*sections*siteSpaces)
		}
		return res.Statements
	}
	small := run(2, 2, 2)
	large := run(10, 10, 10)
	t.Logf("statements: %d for 2x2x2, %d for 10 sites x 10 sections x 10 site spaces", small, large)
	if small != large || large > 14 {
		t.Errorf("statements: %d (small) vs %d (large); want the same small constant", small, large)
	}
}

func createOrgB(b *testing.B, c *resttest.Client, title string) string {
	b.Helper()
	r := c.Post("/v1/orgs", map[string]any{"title": title})
	if r.Status != 201 {
		b.Fatalf("create org: %d %s", r.Status, r.Body)
	}
	return resttest.Str(r.JSON(), "id")
}
