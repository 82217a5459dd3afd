package reader

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// partsTree is the page tree of a space as ReaderSpacePage answers it:
// top-level pages with subpages, groups, link pages (one unsafe), hidden
// pages (with a subpage), emoji, and titles and paths that need escaping.
func partsTree(top, kids int) []pageData {
	str := func(s string) *string { return &s }
	yes := true
	var pages []pageData
	for i := range top {
		p := pageData{ID: fmt.Sprintf("p%d", i), Title: fmt.Sprintf(`Topic %d <b>&"'+`, i), Type: pageDocument, Path: str(fmt.Sprintf("topic-%d", i))}
		switch i % 5 {
		case 1:
			p.Type = pageGroup
		case 2:
			p.Emoji = str("🚀")
		case 3:
			p.Hidden = &yes
		}
		for k := range kids {
			c := pageData{ID: fmt.Sprintf("p%d-%d", i, k), Title: fmt.Sprintf("Page %d.%d", i, k), Type: pageDocument,
				Path: str(fmt.Sprintf("topic-%d/page %d?x=%%41&y", i, k))}
			switch k % 7 {
			case 1:
				c.Type, c.Href, c.Path = pageLink, str("https://example.com/a?b=1&c=\"2\""), nil
			case 2:
				c.Type, c.Href, c.Path = pageLink, str("javascript:alert(1)"), nil
			case 3:
				c.Hidden = &yes
				c.Pages = []pageData{{ID: c.ID + "-under", Title: "Under a hidden page", Type: pageDocument, Path: str(*c.Path + "/under")}}
			case 4:
				c.Pages = []pageData{{ID: c.ID + "-deep", Title: "Deeper", Type: pageDocument, Path: str(*c.Path + "/deep")}}
			}
			p.Pages = append(p.Pages, c)
		}
		pages = append(pages, p)
	}
	return pages
}

// TestPartsRenderAsFresh renders every page of a space twice, through the
// parts kept for its revision (the tree and the sidebar cut where the
// current page's mark goes) and fresh (the sidebar made with the current
// page marked by the tree template), and compares the whole pages' bytes;
// twice over, so that the second round reads the sidebar kept by the first.
func TestPartsRenderAsFresh(t *testing.T) {
	var e siteEntry
	if err := json.Unmarshal(siteAnswer(t, 0, 1, 1), &e); err != nil {
		t.Fatal(err)
	}
	s := buildSite(&e, "/sites/"+e.ID, "http://folio.test")
	sec := s.Sections[0]
	v := sec.Spaces[0]
	rd := &Reader{}
	rd.trees, rd.sidebars = newParts()
	pages := partsTree(12, 9)
	kept := buildTree(pages, []string{"f1"})
	kept.revision = "rev1"
	fresh := buildTree(pages, []string{"f1"})
	render := func(tree *spaceTree, page *pageNode) []byte {
		view := rd.frame(s, sec, v, tree, page)
		view.Title = page.Title
		var b bytes.Buffer
		if err := pageTemplate.ExecuteTemplate(&b, "page", view); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	marked := 0
	for round := range 2 {
		for id, page := range kept.byID {
			got, want := render(kept, page), render(fresh, fresh.byID[id])
			if !bytes.Equal(got, want) {
				i := 0
				for i < len(got) && i < len(want) && got[i] == want[i] {
					i++
				}
				t.Fatalf("round %d, page %s: the page from kept parts differs from a fresh one at byte %d:\nkept:  %q\nfresh: %q",
					round, id, i, got[max(0, i-80):min(len(got), i+80)], want[max(0, i-80):min(len(want), i+80)])
			}
			if bytes.Contains(got, []byte(currentMark)) {
				marked++
			}
		}
	}
	// Documents shown in the sidebar carry the mark; groups, links and
	// hidden pages (and those under them) do not.
	if want := 2 * len(rd.sidebarsOf(t, kept, v.URL(s)).at); marked != want || marked == 0 {
		t.Errorf("%d pages marked current, want %d", marked, want)
	}
	if rd.sidebars.Len() != 1 {
		t.Errorf("%d sidebars kept, want 1", rd.sidebars.Len())
	}
}

// sidebarsOf is the sidebar kept for tree at base.
func (rd *Reader) sidebarsOf(t *testing.T, tree *spaceTree, base string) *keptSidebar {
	k, ok := rd.sidebars.Get(sidebarKey{tree.revision, base})
	if !ok {
		t.Fatal("no sidebar kept")
	}
	return k
}

// TestKeepSidebarRefusesOtherHTML: a sidebar whose items are not where the
// tree puts them is not kept (its pages are then rendered fresh).
func TestKeepSidebarRefusesOtherHTML(t *testing.T) {
	tree := buildTree(partsTree(3, 2), nil)
	html := string(freshSidebar(tree, "/s/x", nil))
	if indexSidebar(html, tree) == nil {
		t.Fatal("the sidebar of a plain tree is not kept")
	}
	for name, other := range map[string]string{
		"an item more":      html + "<li>",
		"an item less":      strings.Replace(html, "<li>", "", 1),
		"a link not first":  strings.Replace(html, `<li><a href="`, `<li><span></span><a href="`, 1),
		"a link not closed": html[:strings.Index(html, `<li><a href="`)+len(`<li><a href="`)],
	} {
		if indexSidebar(other, tree) != nil {
			t.Errorf("%s: kept", name)
		}
	}
}

// TestPartsMemory measures what kept trees and sidebars of a 10,000-page
// space hold in memory against what the caches count them as (treeMemory,
// sidebarMemory): the caches' byte bounds bound their memory only while
// the counts are not less than the memory.
func TestPartsMemory(t *testing.T) {
	for _, size := range [][3]int{{10, 0, 400}, {100, 99, 6}} {
		n := size[2]
		keep := make([]*spaceTree, n)
		var before, mid, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		for i := range keep {
			// The answer is dropped once built, as the reader drops it.
			keep[i] = buildTree(partsTree(size[0], size[1]), []string{fmt.Sprintf("file-%016d", i)})
		}
		runtime.GC()
		runtime.ReadMemStats(&mid)
		sidebars := make([]*keptSidebar, n)
		for i := range sidebars {
			sidebars[i] = keepSidebar(keep[i], fmt.Sprintf("/sites/site-xxxxxxxxxxxxxxxx/variant-%d", i))
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		trees, sides := 0, 0
		for i := range keep {
			trees += treeMemory(keep[i])
			sides += sidebarMemory(sidebars[i])
		}
		heldTrees, heldSides := int(mid.HeapAlloc)-int(before.HeapAlloc), int(after.HeapAlloc)-int(mid.HeapAlloc)
		pages := len(keep[0].byID)
		t.Logf("%d pages: a tree holds %d B, counted %d B; a sidebar holds %d B (%d B of HTML), counted %d B",
			pages, heldTrees/n, trees/n, heldSides/n, len(sidebars[0].html), sides/n)
		if heldTrees > trees || heldSides > sides {
			t.Errorf("%d pages: kept parts hold more than counted: trees %d > %d B or sidebars %d > %d B", pages, heldTrees/n, trees/n, heldSides/n, sides/n)
		}
		if trees > 2*heldTrees || sides > 2*heldSides {
			t.Errorf("%d pages: the caches count twice what the parts hold: trees %d for %d B, sidebars %d for %d B", pages, trees/n, heldTrees/n, sides/n, heldSides/n)
		}
		runtime.KeepAlive(keep)
		runtime.KeepAlive(sidebars)
	}
}
