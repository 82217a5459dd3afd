package rest_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"folio/domain"
	"folio/rest/resttest"
)

// publish writes pages into a space through a merged change request.
func publish(t *testing.T, c *resttest.Client, space string, changes ...map[string]any) map[string]string {
	t.Helper()
	cr := resttest.Str(newCR(t, c, space, "content"), "id")
	refs := edit(t, c, space, cr, changes...)
	c.Post("/v1/spaces/"+space+"/change-requests/"+cr+"/merge", nil).Expect(http.StatusOK)
	return refs
}

type searchPage struct {
	ID, Title, Path string
	Score           float64
	Rank            int
	Ancestors       []struct{ Title string }
	Sections        []struct {
		ID, Title, Path, Body string
		Urls                  struct{ App string }
	}
	Urls struct{ App string }
}

func searchSpace(t *testing.T, c *resttest.Client, space, q string) (out struct {
	Items []searchPage
	Count int
	Next  *struct{ Page string }
}) {
	t.Helper()
	c.Get("/v1/spaces/" + space + "/search?query=" + url.QueryEscape(q)).Expect(http.StatusOK).Decode(&out)
	return out
}

func titles(ps []searchPage) string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Title)
	}
	return strings.Join(out, ", ")
}

func TestSearchRankingAndSections(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})
	refs := publish(t, alice, space,
		insert("guide", "", "# Guide\n\nHow to use the product.\n\n## Installing on Linux\n\nDownload the package and run the installer.\n\n## Configuration\n\nEdit the file.\n"),
		insert("install", "", "# Installation\n\nThis page is about setting up.\n"),
		insert("faq", "", "# FAQ\n\nPeople often ask about the weather.\n\n## Upgrades\n\nThe installer upgrades old versions too. A quick brown fox.\n"),
	)
	alice.Post("/v1/spaces/"+space+"/change-requests", map[string]any{}).Expect(http.StatusCreated)
	sub := publish(t, alice, space, insert("linux", refs["guide"], "# Linux notes\n\nKernel tips.\n"))

	// A title match ranks first; stemming finds "installer" and "Installing" for "install".
	res := searchSpace(t, alice, space, "install")
	if got := titles(res.Items); got != "Installation, Guide, FAQ" && got != "Installation, FAQ, Guide" {
		t.Fatalf("install: %s", got)
	}
	if res.Count != 3 {
		t.Errorf("count = %d", res.Count)
	}
	guide := res.Items[1]
	if guide.Title != "Guide" {
		guide = res.Items[2]
	}
	if len(guide.Sections) != 1 || guide.Sections[0].Title != "Installing on Linux" ||
		guide.Sections[0].Path != "guide#installing-on-linux" || guide.Sections[0].Body != "Download the package and run the installer." {
		t.Errorf("guide sections = %+v", guide.Sections)
	}
	if guide.Urls.App != "http://folio.test/app/o/"+org+"/s/"+space+"/page/"+refs["guide"] ||
		guide.Sections[0].Urls.App != guide.Urls.App+"#installing-on-linux" || guide.Sections[0].ID != refs["guide"]+"#installing-on-linux" {
		t.Errorf("urls: %+v", guide)
	}
	if res.Items[0].Score < 2 || res.Items[1].Score >= 1 {
		t.Errorf("scores: %v %v", res.Items[0].Score, res.Items[1].Score)
	}
	// Phrases, prefixes (the last word), exclusions, nested paths, misses.
	if got := titles(searchSpace(t, alice, space, `"brown fox"`).Items); got != "FAQ" {
		t.Errorf("phrase: %s", got)
	}
	if got := titles(searchSpace(t, alice, space, `"fox brown"`).Items); got != "" {
		t.Errorf("reversed phrase: %s", got)
	}
	if got := titles(searchSpace(t, alice, space, "kern").Items); got != "Linux notes" {
		t.Errorf("prefix: %s", got)
	}
	if r := searchSpace(t, alice, space, "kernel"); len(r.Items) != 1 || r.Items[0].Path != "guide/linux-notes" || r.Items[0].ID != sub["linux"] ||
		len(r.Items[0].Ancestors) != 1 || r.Items[0].Ancestors[0].Title != "Guide" {
		t.Errorf("nested: %+v", r.Items)
	}
	for i, p := range res.Items {
		if p.Rank != i+1 || p.Ancestors == nil || len(p.Ancestors) != 0 {
			t.Errorf("top-level result %d: rank %d, ancestors %v", i, p.Rank, p.Ancestors)
		}
	}
	if got := titles(searchSpace(t, alice, space, "installer -fox").Items); got != "Installation, Guide" {
		t.Errorf("exclusion: %s", got)
	}
	if r := searchSpace(t, alice, space, "zeppelin"); len(r.Items) != 0 || r.Count != 0 {
		t.Errorf("miss: %+v", r)
	}

	// Pages of results follow each other without repeats.
	var first struct {
		Items []searchPage
		Next  *struct{ Page string }
	}
	alice.Get("/v1/spaces/" + space + "/search?query=install&limit=2").Expect(http.StatusOK).Decode(&first)
	if len(first.Items) != 2 || first.Next == nil {
		t.Fatalf("first page: %+v", first)
	}
	var second struct{ Items []searchPage }
	alice.Get("/v1/spaces/" + space + "/search?query=install&limit=2&page=" + url.QueryEscape(first.Next.Page)).Expect(http.StatusOK).Decode(&second)
	if got := titles(append(first.Items, second.Items...)); got != titles(res.Items) {
		t.Errorf("paged: %s, want %s", got, titles(res.Items))
	}
	// Ranks are positions in the whole result, kept across pages.
	if len(second.Items) != 1 || second.Items[0].Rank != 3 {
		t.Errorf("second page ranks: %+v", second.Items)
	}
	// A token is bound to its query.
	alice.Get("/v1/spaces/" + space + "/search?query=other&page=" + url.QueryEscape(first.Next.Page)).ExpectError(http.StatusBadRequest)

	// The index follows merges: a deleted page is gone, an edited one found by its new text.
	cr := resttest.Str(newCR(t, alice, space, "edit"), "id")
	edit(t, alice, space, cr, map[string]any{"operation": "delete_page", "page": refs["install"]},
		map[string]any{"operation": "update_page", "page": refs["faq"], "document": map[string]any{"markdown": "# FAQ\n\nZeppelins.\n"}})
	alice.Post("/v1/spaces/"+space+"/change-requests/"+cr+"/merge", nil).Expect(http.StatusOK)
	if got := titles(searchSpace(t, alice, space, "install").Items); got != "Guide" {
		t.Errorf("after merge: %s", got)
	}
	if got := titles(searchSpace(t, alice, space, "zeppelin").Items); got != "FAQ" {
		t.Errorf("edited page: %s", got)
	}
	// A duplicate is searchable at once.
	dup := resttest.Str(alice.Post("/v1/spaces/"+space+"/duplicate", nil).Expect(http.StatusCreated).JSON(), "id")
	if got := titles(searchSpace(t, alice, dup, "zeppelin").Items); got != "FAQ" {
		t.Errorf("duplicate: %s", got)
	}
}

func TestSearchQueryRules(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})
	for _, path := range []string{"/v1/spaces/" + space + "/search", "/v1/orgs/" + org + "/search"} {
		alice.Get(path).ExpectError(http.StatusBadRequest)
		alice.Get(path + "?query=").ExpectError(http.StatusBadRequest)
		if msg := alice.Get(path + "?query=" + strings.Repeat("a", 513)).ExpectError(http.StatusBadRequest); !strings.Contains(msg, "query") {
			t.Errorf("513 characters: %q", msg)
		}
		alice.Get(path + "?query=" + strings.Repeat("é", 512)).Expect(http.StatusOK)
		alice.Get(path + "?query=" + url.QueryEscape(`"unclosed or - :* & | !`)).Expect(http.StatusOK)
	}
	srv.User("eve@example.com").Get("/v1/spaces/" + space + "/search?query=x").ExpectError(http.StatusNotFound)
	srv.User("eve@example.com").Get("/v1/orgs/" + org + "/search?query=x").ExpectError(http.StatusNotFound)
}

func TestOrganizationSearchOnlyReadableSpaces(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	open := createSpaceID(t, alice, org, map[string]any{"title": "Open"})
	closed := createSpaceID(t, alice, org, map[string]any{"title": "Closed"})
	deleted := createSpaceID(t, alice, org, map[string]any{"title": "Deleted"})
	alice.Patch("/v1/spaces/"+open, map[string]any{"defaultLevel": "read"}).Expect(http.StatusOK)
	publish(t, alice, open, insert("a", "", "# Rockets\n\nRocket science.\n"), insert("b", "", "# Other\n\nA rocket.\n"))
	publish(t, alice, closed, insert("a", "", "# Secret rockets\n\nRocket plans.\n"))
	publish(t, alice, deleted, insert("a", "", "# Old rockets\n\nRocket.\n"))
	alice.Delete("/v1/spaces/" + deleted).Expect(http.StatusResetContent)
	other := createOrg(t, alice, "Other")
	publish(t, alice, createSpaceID(t, alice, other, map[string]any{"title": "Elsewhere"}), insert("a", "", "# Rocket\n"))

	type result struct {
		Items []struct {
			Type, ID, Title string
			Pages           []searchPage
		}
		Count int
	}
	var all result
	alice.Get("/v1/orgs/" + org + "/search?query=rocket").Expect(http.StatusOK).Decode(&all)
	if len(all.Items) != 2 || all.Count != 3 || all.Items[0].Type != "space" {
		t.Fatalf("admin: %+v", all)
	}
	for _, it := range all.Items {
		if it.ID == deleted || (it.ID == open && len(it.Pages) != 2) || (it.ID == closed && it.Title != "Closed") {
			t.Errorf("admin item: %+v", it)
		}
	}
	// A guest reads only the space a default level opens.
	guest := member(t, srv, org, "guest@example.com", nil)
	var g result
	guest.Get("/v1/orgs/" + org + "/search?query=rocket").Expect(http.StatusOK).Decode(&g)
	if len(g.Items) != 1 || g.Items[0].ID != open || g.Count != 2 {
		t.Errorf("guest: %+v", g)
	}
	guest.Get("/v1/spaces/" + closed + "/search?query=rocket").ExpectError(http.StatusNotFound)
	// A reader reads every space.
	var r result
	member(t, srv, org, "reader@example.com", rolePtr(domain.RoleRead)).Get("/v1/orgs/" + org + "/search?query=rocket").Expect(http.StatusOK).Decode(&r)
	if len(r.Items) != 2 {
		t.Errorf("reader: %+v", r)
	}

	// GraphQL serves the same search.
	res := alice.GraphQL(`query($id: ID!) { organization(id: $id) { search(query: "rocket science") { count items { id pages { title sections { body } } } } } }`,
		map[string]any{"id": org})
	if len(res.Errors) > 0 || !strings.Contains(string(res.Data), "Rocket science.") {
		t.Errorf("graphql: %s %v", res.Data, res.Errors)
	}
}
