package seed_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"folio/rest/resttest"
	"folio/service/seed"
)

type countingProgress struct {
	total, done int
	steps       []string
}

func (p *countingProgress) Start(total int)  { p.total = total }
func (p *countingProgress) Step(name string) { p.steps = append(p.steps, name) }
func (p *countingProgress) Add(n int)        { p.done += n }

func TestSeedSmall(t *testing.T) {
	srv := resttest.New(t)
	sc := seed.Scales["small"]
	var p countingProgress
	org, err := seed.Run(context.Background(), srv.Store, sc, &p)
	if err != nil {
		t.Fatal(err)
	}
	if p.done != p.total || p.total == 0 {
		t.Errorf("progress %d of %d: every unit of work must be reported", p.done, p.total)
	}
	if len(p.steps) != len(seed.Steps)+1 {
		t.Errorf("steps reported %v", p.steps)
	}

	// The printed token works, and the API sees what was seeded.
	admin := srv.Anonymous()
	admin.Token = org.Token
	base := "/v1/orgs/" + org.ID
	counts := map[string]int{
		"/members?limit=1000":                 sc.Members + 1,
		"/teams?limit=1000":                   sc.Teams,
		"/link-invites?limit=1000":            sc.Invites,
		"/saml?limit=1000":                    sc.SAMLProviders,
		"/custom-fields?limit=1000":           sc.CustomFields,
		"/collections?nested=true&limit=1000": sc.Collections,
		"/spaces?limit=1000":                  sc.Spaces,
		"/sites?limit=1000":                   sc.Sites,
	}
	for path, want := range counts {
		body := admin.Get(base + path).Expect(http.StatusOK).JSON()
		if got := len(body["items"].([]any)); got != want {
			t.Errorf("%s: %d items, want %d", path, got, want)
		}
	}
	team := admin.Get(base + "/teams/" + org.Teams[0] + "/members").Expect(http.StatusOK).JSON()
	if got := len(team["items"].([]any)); got != sc.TeamSize {
		t.Errorf("team has %d members, want %d", got, sc.TeamSize)
	}

	checkContent(t, admin, org, sc)

	// A second run makes a second organization, not a conflict.
	again, err := seed.Run(context.Background(), srv.Store, sc, &countingProgress{})
	if err != nil || again.ID == org.ID {
		t.Fatalf("second seed: %v (id %s)", err, again.ID)
	}
}

// checkContent reads, through the API, what the content steps made: page
// trees, change requests by status, comments and replies, links, sites
// with their sections, groups, site spaces and share links, and custom
// field values.
func checkContent(t *testing.T, admin *resttest.Client, org *seed.Org, sc seed.Scale) {
	t.Helper()
	count := func(path string) int {
		t.Helper()
		body := admin.Get(path).Expect(http.StatusOK).JSON()
		return len(body["items"].([]any))
	}
	merged := sc.MergedPerSpace()
	open := (sc.ChangeRequestsPerSpace + 1) / 3
	draft := sc.ChangeRequestsPerSpace / 3
	for _, sp := range org.Spaces {
		base := "/v1/spaces/" + sp.ID
		var body struct{ Pages []page }
		admin.Get(base + "/content/pages").Expect(http.StatusOK).Decode(&body)
		// Each merged change request adds one page to the first pages.
		if got, depth := countPages(body.Pages), maxDepth(body.Pages); got != sc.PagesPerSpace+merged || depth != 3 {
			t.Errorf("space %s: %d pages %d deep, want %d pages 3 deep", sp.Title, got, depth, sc.PagesPerSpace+merged)
		}
		if got := pageMarkdown(t, admin, base, body.Pages[0].ID); !strings.Contains(got, "## ") || !strings.Contains(got, "```") || !strings.Contains(got, "](/") {
			t.Errorf("space %s: first page is not realistic markdown:\n%s", sp.Title, got)
		}
		// Pages link to each other by path; every such link resolves.
		if got := count(base + "/links?status=broken&limit=1000"); got != 0 {
			t.Errorf("space %s: %d broken links", sp.Title, got)
		}
		if got := count(base + "/links?limit=1000"); got < sc.PagesPerSpace/10 {
			t.Errorf("space %s: only %d link targets", sp.Title, got)
		}
		// The first pages' change request is merged too.
		wantCRs := map[string]int{"merged": merged + 1, "open": open, "draft": draft}
		for status, want := range wantCRs {
			if got := count(base + "/change-requests?limit=1000&status=" + status); got != want {
				t.Errorf("space %s: %d %s change requests, want %d", sp.Title, got, status, want)
			}
		}
		comments := admin.Get(base + "/comments?limit=1000").Expect(http.StatusOK).JSON()["items"].([]any)
		if len(comments) != sc.CommentsPerSpace {
			t.Errorf("space %s: %d comments, want %d", sp.Title, len(comments), sc.CommentsPerSpace)
		}
		for _, c := range comments {
			id := c.(map[string]any)["id"].(string)
			if got := count(base + "/comments/" + id + "/replies?limit=1000"); got != sc.RepliesPerComment {
				t.Errorf("space %s: comment %s has %d replies, want %d", sp.Title, id, got, sc.RepliesPerComment)
			}
		}
		var fields []struct{ Value any }
		admin.Get(base + "/custom-fields").Expect(http.StatusOK).Decode(&fields)
		set := 0
		for _, f := range fields {
			if f.Value != nil {
				set++
			}
		}
		if set != sc.CustomFields {
			t.Errorf("space %s: %d custom field values, want %d", sp.Title, set, sc.CustomFields)
		}
	}
	for _, site := range org.Sites {
		base := "/v1/orgs/" + org.ID + "/sites/" + site.ID
		counts := map[string]int{
			"/sections?limit=1000":       sc.SectionsPerSite,
			"/section-groups?limit=1000": sc.GroupsPerSite,
			"/site-spaces?limit=1000":    sc.SectionsPerSite * sc.SpacesPerSection,
			"/share-links?limit=1000":    sc.ShareLinksPerSite,
		}
		for path, want := range counts {
			if got := count(base + path); got != want {
				t.Errorf("site %s%s: %d items, want %d", site.Title, path, got, want)
			}
		}
	}
}

type page struct {
	ID    string `json:"id"`
	Pages []page `json:"pages"`
}

func countPages(ps []page) int {
	n := len(ps)
	for _, p := range ps {
		n += countPages(p.Pages)
	}
	return n
}

func maxDepth(ps []page) int {
	d := 0
	for _, p := range ps {
		d = max(d, 1+maxDepth(p.Pages))
	}
	return d
}

func pageMarkdown(t *testing.T, c *resttest.Client, base, id string) string {
	t.Helper()
	var body struct{ Markdown string }
	c.Get(base + "/content/page/" + id + "?format=markdown").Expect(http.StatusOK).Decode(&body)
	return body.Markdown
}
