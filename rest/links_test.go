package rest_test

import (
	"encoding/base64"
	"net/http"
	"sort"
	"strings"
	"testing"

	"folio/rest/resttest"
)

type ref struct {
	Kind, Organization, Space, Page, File, Anchor, URL string
	VersionContext                                     struct{ Type, Revision, ChangeRequest string }
}

type linkList struct {
	Items []struct {
		Status, Relation   string
		TargetReference    ref
		LocationReferences []ref
	}
	Count int
	Next  *struct{ Page string }
	Stats struct {
		Total  int
		Broken struct{ Total, ChangeRequest int }
	}
}

// summary is "status kind target <- pages" per link, sorted.
func (l linkList) summary(names map[string]string) string {
	var out []string
	for _, it := range l.Items {
		t := it.TargetReference
		target := t.URL + names[t.Page] + names[t.File] + t.Anchor
		if t.Kind != "url" && names[t.Page]+names[t.File] == "" {
			target += t.Page + t.File
		}
		var from []string
		for _, p := range it.LocationReferences {
			from = append(from, names[p.Page])
		}
		sort.Strings(from) // locations come in page id order, and ids are random
		out = append(out, it.Status+" "+t.Kind+" "+it.Relation+" "+target+" <- "+strings.Join(from, ","))
	}
	sort.Strings(out)
	return strings.Join(out, "\n")
}

func TestLinksAndBacklinks(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})
	base := "/v1/spaces/" + space
	cr := resttest.Str(newCR(t, alice, space, "links"), "id")
	crBase := base + "/change-requests/" + cr

	var up contentUpdate
	alice.Post(crBase+"/content", map[string]any{"changes": []any{
		map[string]any{"operation": "insert_files", "files": []any{map[string]any{"name": "dot.png", "contentType": "image/png",
			"base64": base64.StdEncoding.EncodeToString(pngBytes(t, 2, 2))}}},
	}}).Expect(http.StatusOK).Decode(&up)
	file := resttest.Str(up.InsertedFiles[0], "id")
	first := edit(t, alice, space, cr, insert("b", "", "# Bee\n\nTarget page.\n"))
	bee := first["b"]
	app := "http://folio.test/app/o/" + org + "/s/" + space
	refs := edit(t, alice, space, cr,
		insert("a", "", "# Ay\n\n[bee](/pages/"+bee+") [bee by path](bee.md) [gone](/pages/nope) [lost](missing-page)\n\n"+
			"![dot](/files/"+file+") [no file](/files/nofile) [web](https://example.com/x) [app]("+app+"/page/"+bee+") [top](#top)\n\n"+
			"```\n[in code](/pages/nope2)\n```\n"),
		insert("c", "", "# Sea\n\n![again](/files/"+file+")\n"))
	names := map[string]string{bee: "bee", refs["a"]: "ay", refs["c"]: "sea", file: "dot.png"}

	var all linkList
	alice.Get(crBase + "/links").Expect(http.StatusOK).Decode(&all)
	want := strings.Join([]string{
		"broken file link nofile <- ay",
		"broken page link nope <- ay",
		"broken url link missing-page <- ay",
		"in-app url link " + app + "/page/" + bee + " <- ay",
		"ok anchor link aytop <- ay", // the anchor of the page itself
		"ok file image dot.png <- ay,sea",
		"ok page link bee <- ay",
		"ok url link https://example.com/x <- ay",
	}, "\n")
	if got := all.summary(names); got != want {
		t.Errorf("links:\n%s\nwant:\n%s", got, want)
	}
	if all.Stats.Total != 8 || all.Stats.Broken.Total != 3 || all.Stats.Broken.ChangeRequest != 3 || all.Count != 8 {
		t.Errorf("stats: %+v count %d", all.Stats, all.Count)
	}
	tr := all.Items[0].TargetReference
	for _, it := range all.Items {
		if it.TargetReference.Kind == "file" {
			tr = it.TargetReference
		}
	}
	if tr.Organization != org || tr.Space != space || tr.VersionContext.Type != "change-request" || tr.VersionContext.ChangeRequest != cr {
		t.Errorf("target reference: %+v", tr)
	}

	// Status filter (stats stay those of every link), pages of links.
	var broken linkList
	alice.Get(crBase + "/links?status=broken").Expect(http.StatusOK).Decode(&broken)
	if len(broken.Items) != 3 || broken.Count != 3 || broken.Stats.Total != 8 {
		t.Errorf("broken: %+v", broken)
	}
	alice.Get(crBase + "/links?status=weird").ExpectError(http.StatusBadRequest)
	var p1, p2 linkList
	alice.Get(crBase + "/links?limit=5").Expect(http.StatusOK).Decode(&p1)
	alice.Get(crBase + "/links?limit=5&page=" + p1.Next.Page).Expect(http.StatusOK).Decode(&p2)
	if len(p1.Items) != 5 || len(p2.Items) != 3 || p2.Next != nil {
		t.Errorf("pages: %d + %d", len(p1.Items), len(p2.Items))
	}

	// One page's links.
	var sea linkList
	alice.Get(crBase + "/content/page/" + refs["c"] + "/links").Expect(http.StatusOK).Decode(&sea)
	if got := sea.summary(names); got != "ok file image dot.png <- sea" || sea.Stats.Total != 1 {
		t.Errorf("page links: %s %+v", got, sea.Stats)
	}
	alice.Get(crBase + "/content/page/nope/links").ExpectError(http.StatusNotFound)

	// Backlinks: the two pages that show the file.
	var back struct {
		Items []ref
		Count int
	}
	alice.Get(crBase + "/content/files/" + file + "/backlinks").Expect(http.StatusOK).Decode(&back)
	var pages []string
	for _, b := range back.Items {
		pages = append(pages, names[b.Page])
		if b.Kind != "page" || b.File != file || b.Space != space {
			t.Errorf("backlink: %+v", b)
		}
	}
	sort.Strings(pages)
	if strings.Join(pages, ",") != "ay,sea" || back.Count != 2 {
		t.Errorf("backlinks: %v", pages)
	}
	alice.Get(crBase + "/content/files/nofile/backlinks").ExpectError(http.StatusNotFound)

	// After the merge the space reads the same links, in its revision's context.
	alice.Post(crBase+"/merge", nil).Expect(http.StatusOK)
	var space1 linkList
	alice.Get(base + "/links?status=in-app").Expect(http.StatusOK).Decode(&space1)
	if len(space1.Items) != 1 || space1.Stats.Broken.ChangeRequest != 0 || space1.Items[0].LocationReferences[0].VersionContext.Type != "revision" {
		t.Errorf("space links: %+v", space1)
	}
	alice.Get(base + "/content/page/" + refs["a"] + "/links").Expect(http.StatusOK)
	alice.Get(base + "/content/files/" + file + "/backlinks").Expect(http.StatusOK).Decode(&back)
	if back.Count != 2 {
		t.Errorf("space backlinks: %+v", back)
	}
	srv.User("eve@example.com").Get(base + "/links").ExpectError(http.StatusNotFound)
}
