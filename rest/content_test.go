package rest_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"folio/domain"
	"folio/rest/resttest"
)

// page is a REST page, as much of it as the tests compare.
type page struct {
	ID       string `json:"id"`
	Title    string `json:"title"`
	Type     string `json:"type"`
	Slug     string `json:"slug"`
	Path     string `json:"path"`
	Markdown string `json:"markdown"`
	Pages    []page `json:"pages"`
}

// outline writes a page tree as "title(path)[children]" for comparisons.
func outline(ps []page) string {
	var b strings.Builder
	for i, p := range ps {
		if i > 0 {
			b.WriteString(" ")
		}
		fmt.Fprintf(&b, "%s(%s)", p.Title, p.Path)
		if len(p.Pages) > 0 {
			b.WriteString("[" + outline(p.Pages) + "]")
		}
	}
	return b.String()
}

func pagesAt(t *testing.T, c *resttest.Client, path string) []page {
	t.Helper()
	var body struct{ Pages []page }
	c.Get(path).Expect(http.StatusOK).Decode(&body)
	return body.Pages
}

// contentUpdate is the body of POST .../content.
type contentUpdate struct {
	ChangeRequest map[string]any `json:"changeRequest"`
	Changes       []struct {
		Object string          `json:"object"`
		Ref    string          `json:"ref"`
		Page   json.RawMessage `json:"page"`
	} `json:"changes"`
	InsertedFiles []map[string]any `json:"insertedFiles"`
}

// edit posts changes to a change request and returns the created pages' ids by ref.
func edit(t *testing.T, c *resttest.Client, space, cr string, changes ...map[string]any) map[string]string {
	t.Helper()
	var out contentUpdate
	c.Post("/v1/spaces/"+space+"/change-requests/"+cr+"/content", map[string]any{"changes": changes}).Expect(http.StatusOK).Decode(&out)
	ids := map[string]string{}
	for _, ch := range out.Changes {
		var ref struct{ ID string }
		if json.Unmarshal(ch.Page, &ref) == nil && ch.Ref != "" {
			ids[ch.Ref] = ref.ID
		}
	}
	return ids
}

func newCR(t *testing.T, c *resttest.Client, space, subject string) map[string]any {
	t.Helper()
	return c.Post("/v1/spaces/"+space+"/change-requests", map[string]any{"subject": subject}).Expect(http.StatusCreated).JSON()
}

func insert(ref, into, md string) map[string]any {
	ch := map[string]any{"operation": "insert_page", "ref": ref, "document": map[string]any{"markdown": md}}
	if into != "" {
		ch["into"] = into
	}
	return ch
}

func counters(t *testing.T, c *resttest.Client, space string) string {
	t.Helper()
	sp := c.Get("/v1/spaces/" + space).Expect(http.StatusOK).JSON()
	return resttest.Str(sp, "changeRequests") + "/" + resttest.Str(sp, "changeRequestsOpen") + "/" + resttest.Str(sp, "changeRequestsDraft")
}

func TestChangeRequestEditAndMerge(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})
	base := "/v1/spaces/" + space

	first := alice.Get(base + "/content").Expect(http.StatusOK).JSON()
	firstRev := resttest.Str(first, "id")
	if firstRev == "" || resttest.Str(first, "object") != "revision" || len(first["pages"].([]any)) != 0 || len(first["parents"].([]any)) != 0 {
		t.Fatalf("first revision = %v", first)
	}

	cr := newCR(t, alice, space, "First pages")
	crID := resttest.Str(cr, "id")
	expectFields(t, cr, map[string]string{"object": "change-request", "number": "1", "status": "draft", "subject": "First pages",
		"revision": firstRev, "revisionInitial": firstRev, "createdBy.email": "alice@example.com", "outdated": "false"})
	if got := counters(t, alice, space); got != "1/0/1" {
		t.Errorf("counters after create = %s, want 1/0/1", got)
	}
	alice.Patch(base+"/change-requests/1", map[string]any{"status": "open"}).Expect(http.StatusOK)
	if got := counters(t, alice, space); got != "1/1/0" {
		t.Errorf("counters after open = %s, want 1/1/0", got)
	}

	installMD := "---\ntitle: Install\ndescription: How to install\n---\n\nRun `folio serve`.\r\n"
	ids := edit(t, alice, space, "1",
		insert("gs", "", "# Getting started\n\nWelcome.\n"),
		insert("install", "gs", installMD),
		insert("ref", "", "# Reference\n"),
		insert("api", "ref", "# API\n\nEndpoints.\n"),
		insert("old", "", "# Old\n"),
		insert("oldchild", "old", "# Old child\n"),
	)
	if len(ids) != 6 {
		t.Fatalf("created = %v", ids)
	}
	crPages := pagesAt(t, alice, base+"/change-requests/"+crID+"/content/pages")
	want := "Getting started(getting-started)[Install(getting-started/install)] Reference(reference)[API(reference/api)] Old(old)[Old child(old/old-child)]"
	if got := outline(crPages); got != want {
		t.Fatalf("change request pages =\n%s\nwant\n%s", got, want)
	}
	// The space does not see the change request's pages before the merge.
	if got := pagesAt(t, alice, base+"/content/pages"); len(got) != 0 {
		t.Fatalf("space pages before merge = %v", outline(got))
	}

	// Update, move (into another parent, first) and delete with its subpage.
	edit(t, alice, space, crID,
		map[string]any{"operation": "update_page", "page": ids["gs"], "document": map[string]any{"markdown": "# Start here\n\nWelcome back.\n"}},
		map[string]any{"operation": "update_page", "page": ids["api"], "into": ids["gs"], "at": 0},
		map[string]any{"operation": "delete_page", "page": ids["old"]},
		map[string]any{"operation": "update_page", "page": ids["ref"], "title": "Reference guide", "slug": "reference"},
	)
	merge := alice.Post(base+"/change-requests/"+crID+"/merge", nil).Expect(http.StatusOK).JSON()
	expectFields(t, merge, map[string]string{"result": "merge"})
	mergedRev := resttest.Str(merge, "revision")
	if got := counters(t, alice, space); got != "1/0/0" {
		t.Errorf("counters after merge = %s, want 1/0/0", got)
	}

	// A page keeps its slug when its title changes, so its links keep working.
	want = "Start here(getting-started)[API(getting-started/api) Install(getting-started/install)] Reference guide(reference)"
	if got := outline(pagesAt(t, alice, base+"/content/pages")); got != want {
		t.Fatalf("space pages =\n%s\nwant\n%s", got, want)
	}
	rev := alice.Get(base + "/content").Expect(http.StatusOK).JSON()
	expectFields(t, rev, map[string]string{"id": mergedRev, "type": "merge", "mergedFrom.number": "1", "mergedFrom.status": "merged"})
	if parents := rev["parents"].([]any); len(parents) != 2 || parents[0] != firstRev {
		t.Errorf("merge parents = %v", parents)
	}
	expectFields(t, alice.Get(base).Expect(http.StatusOK).JSON(), map[string]string{"revision": mergedRev})

	// Markdown reads back as written (line endings normalised), by id and by path.
	var inst page
	alice.Get(base + "/content/page/" + ids["install"] + "?format=markdown").Expect(http.StatusOK).Decode(&inst)
	if inst.Markdown != strings.ReplaceAll(installMD, "\r\n", "\n") || inst.Title != "Install" || inst.Path != "getting-started/install" {
		t.Errorf("install page = %+v", inst)
	}
	byPath := alice.Get(base + "/content/path/getting-started/install?format=markdown").Expect(http.StatusOK).JSON()
	expectFields(t, byPath, map[string]string{"id": ids["install"], "description": "How to install", "type": "document", "kind": "sheet"})
	if _, ok := byPath["document"]; ok {
		t.Error("document present with format=markdown")
	}
	// Without format=markdown, the body is GitBook's JSON document.
	asDoc := alice.Get(base + "/content/page/" + ids["install"]).Expect(http.StatusOK).JSON()
	if _, ok := asDoc["markdown"]; ok {
		t.Error("markdown present without format=markdown")
	}
	expectFields(t, asDoc, map[string]string{"document.object": "document"})
	alice.Get(base + "/content/path/getting-started/nope").ExpectError(http.StatusNotFound)
	alice.Get(base + "/content/page/" + ids["old"]).ExpectError(http.StatusNotFound)
	alice.Get(base + "/content/page/" + ids["install"] + "?format=html").ExpectError(http.StatusBadRequest)

	// Earlier revisions stay readable and unchanged.
	if got := pagesAt(t, alice, base+"/revisions/"+firstRev+"/pages"); len(got) != 0 {
		t.Errorf("first revision changed: %s", outline(got))
	}
	before := alice.Get(base + "/revisions/" + mergedRev).Expect(http.StatusOK).Body
	cr2 := resttest.Str(newCR(t, alice, space, "More"), "id")
	edit(t, alice, space, cr2, map[string]any{"operation": "delete_page", "page": ids["ref"]})
	alice.Post(base+"/change-requests/"+cr2+"/merge", nil).Expect(http.StatusOK)
	if after := alice.Get(base + "/revisions/" + mergedRev).Expect(http.StatusOK).Body; string(after) != string(before) {
		t.Errorf("revision %s changed after a later merge", mergedRev)
	}
	var old page
	alice.Get(base + "/revisions/" + mergedRev + "/page/" + ids["ref"]).Expect(http.StatusOK).Decode(&old)
	if old.Title != "Reference guide" {
		t.Errorf("old revision's page = %+v", old)
	}
	if got := counters(t, alice, space); got != "2/0/0" {
		t.Errorf("counters = %s, want 2/0/0", got)
	}
	// Merged change requests refuse edits and a second merge.
	alice.Post(base+"/change-requests/1/content", map[string]any{"changes": []any{insert("x", "", "# X\n")}}).ExpectError(http.StatusConflict)
	alice.Post(base+"/change-requests/1/merge", nil).ExpectError(http.StatusConflict)
	alice.Patch(base+"/change-requests/1", map[string]any{"status": "open"}).ExpectError(http.StatusConflict)
	list := alice.Get(base + "/change-requests?status=merged").Expect(http.StatusOK).JSON()
	if got := ids2(list); len(got) != 2 || got[0] != cr2 {
		t.Errorf("merged list = %v", got)
	}
	if n := resttest.Str(alice.Get(base+"/change-requests").Expect(http.StatusOK).JSON(), "count"); n != "0" {
		t.Errorf("open change requests = %s", n)
	}
}

func ids2(list map[string]any) []string { return ids(list) }

func TestMergeConflicts(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})
	base := "/v1/spaces/" + space

	setup := resttest.Str(newCR(t, alice, space, "Base"), "id")
	ids := edit(t, alice, space, setup, insert("a", "", "# A\n\nOne.\n"), insert("b", "", "# B\n\nTwo.\n"), insert("c", "b", "# C\n"))
	alice.Post(base+"/change-requests/"+setup+"/merge", nil).Expect(http.StatusOK)

	// Three change requests start from the same revision.
	cr1 := resttest.Str(newCR(t, alice, space, "one"), "id")
	cr2 := resttest.Str(newCR(t, alice, space, "two"), "id")
	cr3 := resttest.Str(newCR(t, alice, space, "three"), "id")
	updateA := func(md string) map[string]any {
		return map[string]any{"operation": "update_page", "page": ids["a"], "document": map[string]any{"markdown": md}}
	}
	edit(t, alice, space, cr1, updateA("# A\n\nFrom one.\n"))
	edit(t, alice, space, cr2, updateA("# A\n\nFrom two.\n"))
	edit(t, alice, space, cr3, map[string]any{"operation": "update_page", "page": ids["c"], "title": "C2"}, insert("d", "", "# D\n"))
	alice.Post(base+"/change-requests/"+cr1+"/merge", nil).Expect(http.StatusOK)
	spaceRev := resttest.Str(alice.Get(base).Expect(http.StatusOK).JSON(), "revision")
	cr2Body := alice.Get(base + "/change-requests/" + cr2).Expect(http.StatusOK).JSON()
	expectFields(t, cr2Body, map[string]string{"outdated": "true"})

	msg := alice.Post(base+"/change-requests/"+cr2+"/merge", nil).ExpectError(http.StatusConflict)
	if !strings.Contains(msg, ids["a"]) || strings.Contains(msg, ids["b"]) {
		t.Errorf("conflict message = %q, want page %s", msg, ids["a"])
	}
	// Nothing was written: same space revision, change request still draft.
	expectFields(t, alice.Get(base).Expect(http.StatusOK).JSON(), map[string]string{"revision": spaceRev, "changeRequestsDraft": "2"})
	expectFields(t, alice.Get(base+"/change-requests/"+cr2).Expect(http.StatusOK).JSON(), map[string]string{"status": "draft"})

	// The third touched other pages: a clean three-way merge keeps both sides.
	merged := resttest.Str(alice.Post(base+"/change-requests/"+cr3+"/merge", nil).Expect(http.StatusOK).JSON(), "revision")
	rev := alice.Get(base + "/revisions/" + merged).Expect(http.StatusOK).JSON()
	if parents := rev["parents"].([]any); len(parents) != 2 || parents[0] != spaceRev {
		t.Errorf("parents = %v", parents)
	}
	if got, want := outline(pagesAt(t, alice, base+"/content/pages")), "A(a) B(b)[C2(b/c)] D(d)"; got != want {
		t.Errorf("pages = %s, want %s", got, want)
	}
	var a page
	alice.Get(base + "/content/page/" + ids["a"] + "?format=markdown").Expect(http.StatusOK).Decode(&a)
	if a.Markdown != "# A\n\nFrom one.\n" {
		t.Errorf("A = %q", a.Markdown)
	}
	// A page deleted on one side and changed on the other conflicts too.
	cr4 := resttest.Str(newCR(t, alice, space, "four"), "id")
	cr5 := resttest.Str(newCR(t, alice, space, "five"), "id")
	edit(t, alice, space, cr4, map[string]any{"operation": "delete_page", "page": ids["b"]})
	edit(t, alice, space, cr5, insert("e", ids["b"], "# E\n"))
	alice.Post(base+"/change-requests/"+cr4+"/merge", nil).Expect(http.StatusOK)
	if msg := alice.Post(base+"/change-requests/"+cr5+"/merge", nil).ExpectError(http.StatusConflict); !strings.Contains(msg, ids["b"]) {
		t.Errorf("orphan conflict = %q", msg)
	}
}

func TestContentValidation(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	reader := member(t, srv, org, "reader@example.com", rolePtr(domain.RoleRead))
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})
	base := "/v1/spaces/" + space
	cr := resttest.Str(newCR(t, alice, space, "x"), "id")
	ids := edit(t, alice, space, cr, insert("a", "", "# A\n"), insert("b", "a", "# B\n"), insert("c", "b", "# C\n"), insert("d", "", "# D\n"))
	head := resttest.Str(alice.Get(base+"/change-requests/"+cr).Expect(http.StatusOK).JSON(), "revision")
	post := func(changes ...map[string]any) *resttest.Response {
		return alice.Post(base+"/change-requests/"+cr+"/content", map[string]any{"changes": changes})
	}
	many := make([]map[string]any, 51)
	for i := range many {
		many[i] = insert("", "", "# P\n")
	}
	deep := []map[string]any{insert("l1", ids["c"], "# L\n")}
	for i := 2; i <= 8; i++ {
		deep = append(deep, insert(fmt.Sprint("l", i), fmt.Sprint("l", i-1), "# L\n"))
	}
	cases := []struct {
		name    string
		changes []map[string]any
		want    string
	}{
		{"too-many-400", many, "changes"},
		{"none-400", []map[string]any{}, "changes"},
		{"unknown-page-400", []map[string]any{{"operation": "update_page", "page": "nope", "title": "X"}}, "changes[0].page"},
		{"unknown-delete-400", []map[string]any{{"operation": "delete_page", "page": "nope"}}, "changes[0].page"},
		{"unknown-parent-400", []map[string]any{insert("", "nope", "# X\n")}, "changes[0].into"},
		{"into-descendant-400", []map[string]any{{"operation": "update_page", "page": ids["a"], "into": ids["c"]}}, "descendants"},
		{"into-itself-400", []map[string]any{{"operation": "update_page", "page": ids["a"], "into": ids["a"]}}, "descendants"},
		{"bad-operation-400", []map[string]any{{"operation": "rename_page", "page": ids["a"]}}, "operation"},
		{"taken-slug-400", []map[string]any{{"operation": "update_page", "page": ids["d"], "slug": "a"}}, "slug"},
		{"bad-slug-400", []map[string]any{{"operation": "update_page", "page": ids["d"], "slug": "a/b"}}, "slug"},
		{"too-deep-400", deep, "levels"},
		{"bad-frontmatter-400", []map[string]any{insert("", "", "---\ntitle: [x\n---\n")}, "frontmatter"},
		{"later-change-fails-400", []map[string]any{insert("ok", "", "# Fine\n"), {"operation": "delete_page", "page": "nope"}}, "changes[1]"},
		{"file-url-400", []map[string]any{{"operation": "insert_files", "files": []any{map[string]any{"name": "a.png", "url": "https://example.com/a.png"}}}}, "base64"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			msg := post(c.changes...).ExpectError(http.StatusBadRequest)
			if !strings.Contains(msg, c.want) {
				t.Errorf("message %q does not mention %q", msg, c.want)
			}
		})
	}
	// Nothing was written by the refused updates.
	expectFields(t, alice.Get(base+"/change-requests/"+cr).Expect(http.StatusOK).JSON(), map[string]string{"revision": head})

	// Roles: a reader sees content but cannot edit or merge.
	reader.Get(base + "/change-requests/" + cr + "/content/pages").Expect(http.StatusOK)
	reader.Post(base+"/change-requests", map[string]any{}).ExpectError(http.StatusForbidden)
	reader.Post(base+"/change-requests/"+cr+"/content", map[string]any{"changes": []any{insert("", "", "# X\n")}}).ExpectError(http.StatusForbidden)
	reader.Post(base+"/change-requests/"+cr+"/merge", nil).ExpectError(http.StatusForbidden)
	outsider := srv.User("eve@example.com")
	outsider.Get(base + "/content").ExpectError(http.StatusNotFound)
	outsider.Get(base + "/change-requests/" + cr).ExpectError(http.StatusNotFound)
	alice.Get(base + "/change-requests/999").ExpectError(http.StatusNotFound)

	// A locked space refuses edits and merges; permissions say so.
	sp := alice.Patch(base, map[string]any{"editMode": "locked"}).Expect(http.StatusOK).JSON()
	expectFields(t, sp, map[string]string{"permissions.edit": "false", "permissions.merge": "false"})
	post(insert("", "", "# X\n")).ExpectError(http.StatusConflict)
	alice.Post(base+"/change-requests/"+cr+"/merge", nil).ExpectError(http.StatusConflict)
	alice.Patch(base, map[string]any{"editMode": "live"}).Expect(http.StatusOK)

	// Archived change requests refuse edits; counters follow every move.
	alice.Patch(base+"/change-requests/"+cr, map[string]any{"status": "archived"}).Expect(http.StatusOK)
	if got := counters(t, alice, space); got != "1/0/0" {
		t.Errorf("counters after archive = %s", got)
	}
	post(insert("", "", "# X\n")).ExpectError(http.StatusConflict)
	alice.Post(base+"/change-requests/"+cr+"/merge", nil).ExpectError(http.StatusConflict)
	alice.Patch(base+"/change-requests/"+cr, map[string]any{"status": "merged"}).ExpectError(http.StatusBadRequest)
	alice.Patch(base+"/change-requests/"+cr, map[string]any{"status": "draft"}).Expect(http.StatusOK)
	if got := counters(t, alice, space); got != "1/0/1" {
		t.Errorf("counters after reopening = %s", got)
	}
}
