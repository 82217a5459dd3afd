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
  sites(limit: 1000) { count items {
    id title siteSpaces published permissions { admin }
    sectionGroups(limit: 1000) { count items { id title sections { id title } } }
    sections(limit: 1000) { count items {
      id title path default sectionGroup
      siteSpaces { id path default urls { published } space { id title visibility permissions { view edit } } }
    } }
    siteSpaceList(limit: 1000) { count items { id section space { id } } }
  } }
} }`

// seedSites makes sites × sections × siteSpaces, the sections of every
// other site in a group, through the store.
func seedSites(t testing.TB, srv *resttest.Server, org string, sites, sections, siteSpaces int) {
	t.Helper()
	ctx := t.Context()
	sp, err := srv.Store.CreateSpace(ctx, org, store.NewSpace{Title: "Guide", Visibility: store.VisibilityPublic})
	if err != nil {
		t.Fatal(err)
	}
	for i := range sites {
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
								SiteSpaces []struct{ Space struct{ ID string } }
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
	if small != large || large > 12 {
		t.Errorf("statements: %d (small) vs %d (large); want the same small constant", small, large)
	}
}

// BenchmarkSiteTree measures the frontend's main query over 10 sites x 10
// sections x 10 site spaces.
func BenchmarkSiteTree(b *testing.B) {
	srv := resttest.New(b)
	alice := srv.User("alice@example.com")
	org := createOrgB(b, alice, "Acme")
	seedSites(b, srv, org, 10, 10, 10)
	vars := map[string]any{"id": org}
	b.ResetTimer()
	for b.Loop() {
		if res := alice.GraphQL(siteTreeQuery, vars); len(res.Errors) > 0 {
			b.Fatalf("errors: %v", res.Errors)
		}
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
