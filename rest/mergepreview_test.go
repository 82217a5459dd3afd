package rest_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"folio/domain"
	"folio/rest/resttest"
)

// mergePreview is the body of POST .../merge?dryRun=true.
type mergePreview struct {
	Object                string
	ChangeRequest         string
	Revision              string
	ChangeRequestRevision string
	FastForward           bool
	Mergeable             bool
	Problem               *string
	Changes               []struct {
		Kind, ID, Title, Path string
		PreviousPath          *string
	}
	Conflicts []struct {
		Object, ID, Title, Reason, Message string
		Path, Parent                       *string
	}
}

// changeList writes a preview's changes as "kind path(<-previous)" for comparisons.
func (p mergePreview) changeList() string {
	var out []string
	for _, c := range p.Changes {
		s := c.Kind + " " + c.Path
		if c.PreviousPath != nil {
			s += "<-" + *c.PreviousPath
		}
		out = append(out, s)
	}
	return strings.Join(out, ", ")
}

// writeWatch records the statements the store runs that could write (any
// but a plain read), while on.
type writeWatch struct {
	on     atomic.Bool
	mu     sync.Mutex
	writes []string
}

func (w *writeWatch) statement(query string) {
	if !w.on.Load() {
		return
	}
	q := strings.ToUpper(strings.TrimSpace(query))
	read := strings.HasPrefix(q, "SELECT") || strings.HasPrefix(q, "WITH RECURSIVE") || strings.HasPrefix(q, "BEGIN") ||
		strings.HasPrefix(q, "COMMIT") || strings.HasPrefix(q, "ROLLBACK") || strings.HasPrefix(q, "SET TRANSACTION")
	// The rate limit and the token's last use are bookkeeping of every
	// request, not the preview's.
	bookkeeping := strings.Contains(q, "RATE_LIMITS") || strings.Contains(q, "LAST_USED_AT") || strings.Contains(q, "LAST_SEEN_AT")
	if (!read || strings.Contains(q, " FOR UPDATE") || strings.Contains(q, " FOR SHARE")) && !bookkeeping {
		w.mu.Lock()
		w.writes = append(w.writes, query)
		w.mu.Unlock()
	}
}

// TestMergePreview: the dry run of a merge (REST ?dryRun=true, GraphQL
// previewMerge) lists the pages the merge would add, change, move and
// remove, with paths, and the pages that conflict with why; it writes
// nothing (every table as it was, no statement but reads, no event), and
// then the merge does what it said.
func TestMergePreview(t *testing.T) {
	srv := resttest.New(t)
	watch := &writeWatch{}
	srv.Store.WatchStatements(watch.statement)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})
	base := "/v1/spaces/" + space

	setup := resttest.Str(newCR(t, alice, space, "Base"), "id")
	ids := edit(t, alice, space, setup, insert("a", "", "# A\n\nOne.\nTwo.\nThree.\n"), insert("b", "", "# B\n"),
		insert("c", "b", "# C\n"), insert("g", "", "# G\n"))
	alice.Post(base+"/change-requests/"+setup+"/merge", nil).Expect(http.StatusOK)

	cr1 := resttest.Str(newCR(t, alice, space, "one"), "id")
	cr2 := resttest.Str(newCR(t, alice, space, "two"), "id")
	update := func(page, md string) map[string]any {
		return map[string]any{"operation": "update_page", "page": page, "document": map[string]any{"markdown": md}}
	}
	edit(t, alice, space, cr1, update(ids["a"], "# A\n\nOne.\nFrom one.\nThree.\n"))
	edit(t, alice, space, cr2, update(ids["a"], "# A\n\nOne.\nFrom two.\nThree.\n"), insert("d", "", "# D\n"),
		map[string]any{"operation": "update_page", "page": ids["c"], "into": nil},
		map[string]any{"operation": "delete_page", "page": ids["g"]})

	preview := func(c *resttest.Client, cr string) mergePreview {
		t.Helper()
		var p mergePreview
		c.Post(base+"/change-requests/"+cr+"/merge?dryRun=true", nil).Expect(http.StatusOK).Decode(&p)
		return p
	}

	// The space did not move: a fast-forward, every change of cr2 listed.
	before := dbSnapshot(t, srv)
	watch.on.Store(true)
	p := preview(alice, cr2)
	watch.on.Store(false)
	sameSnapshot(t, before, dbSnapshot(t, srv))
	if len(watch.writes) > 0 {
		t.Errorf("the preview ran statements that write or lock: %q", watch.writes)
	}
	head := resttest.Str(alice.Get(base+"/change-requests/"+cr2).Expect(http.StatusOK).JSON(), "revision")
	spaceRev := resttest.Str(alice.Get(base).Expect(http.StatusOK).JSON(), "revision")
	if p.Object != "merge-preview" || p.ChangeRequest != cr2 || !p.FastForward || !p.Mergeable || len(p.Conflicts) != 0 ||
		p.Revision != spaceRev || p.ChangeRequestRevision != head || p.Problem != nil {
		t.Fatalf("fast-forward preview = %+v", p)
	}
	if got, want := p.changeList(), "changed a, moved c<-b/c, added d, removed g"; got != want {
		t.Errorf("changes = %s, want %s", got, want)
	}

	// cr1 merged: cr2 now conflicts on A (changed on both sides); the rest
	// still merges, and the preview says so without writing.
	alice.Post(base+"/change-requests/"+cr1+"/merge", nil).Expect(http.StatusOK)
	before = dbSnapshot(t, srv)
	watch.on.Store(true)
	p = preview(alice, cr2)
	gp := alice.GraphQL(`query($s: ID!, $cr: String!) { previewMerge(spaceId: $s, changeRequestId: $cr) {
		object changeRequest revision changeRequestRevision fastForward mergeable problem
		changes { kind id title path previousPath } conflicts { object id title path reason parent message } } }`,
		map[string]any{"s": space, "cr": cr2})
	watch.on.Store(false)
	sameSnapshot(t, before, dbSnapshot(t, srv))
	if len(watch.writes) > 0 {
		t.Errorf("the preview ran statements that write or lock: %q", watch.writes)
	}
	if p.FastForward || p.Mergeable || len(p.Conflicts) != 1 {
		t.Fatalf("three-way preview = %+v", p)
	}
	if c := p.Conflicts[0]; c.Object != "page" || c.ID != ids["a"] || c.Title != "A" || c.Path == nil || *c.Path != "a" ||
		c.Reason != "changedOnBothSides" || !strings.Contains(c.Message, "new change request") {
		t.Errorf("conflict = %+v", c)
	}
	if got, want := p.changeList(), "moved c<-b/c, added d, removed g"; got != want {
		t.Errorf("changes = %s, want %s", got, want)
	}
	var gq struct{ PreviewMerge mergePreview }
	if len(gp.Errors) > 0 || json.Unmarshal(gp.Data, &gq) != nil {
		t.Fatalf("previewMerge: %v", gp.Errors)
	}
	if a, b := mustJSON(t, gq.PreviewMerge), mustJSON(t, p); a != b {
		t.Errorf("GraphQL and REST differ:\n%s\n%s", a, b)
	}
	// The merge does what the preview said.
	if msg := alice.Post(base+"/change-requests/"+cr2+"/merge", nil).ExpectError(http.StatusConflict); !strings.Contains(msg, ids["a"]) {
		t.Errorf("merge conflict = %q", msg)
	}

	// A page added under a page the space deleted.
	cr3 := resttest.Str(newCR(t, alice, space, "three"), "id")
	cr4 := resttest.Str(newCR(t, alice, space, "four"), "id")
	edit(t, alice, space, cr3, map[string]any{"operation": "delete_page", "page": ids["b"]})
	e := edit(t, alice, space, cr4, insert("e", ids["b"], "# E\n"))["e"]
	alice.Post(base+"/change-requests/"+cr3+"/merge", nil).Expect(http.StatusOK)
	p = preview(alice, cr4)
	if len(p.Conflicts) != 1 || p.Conflicts[0].ID != e || p.Conflicts[0].Reason != "parentDeleted" ||
		p.Conflicts[0].Parent == nil || *p.Conflicts[0].Parent != ids["b"] || p.Mergeable {
		t.Errorf("orphan preview = %+v", p)
	}

	// A clean three-way merge: the preview's changes are what the merge does.
	cr5 := resttest.Str(newCR(t, alice, space, "five"), "id")
	edit(t, alice, space, cr5, insert("f", "", "# F\n"), update(ids["a"], "# A\n\nFive.\n"))
	cr6 := resttest.Str(newCR(t, alice, space, "six"), "id")
	edit(t, alice, space, cr6, insert("h", "", "# H\n"))
	alice.Post(base+"/change-requests/"+cr6+"/merge", nil).Expect(http.StatusOK)
	p = preview(alice, cr5)
	if p.FastForward || !p.Mergeable || p.changeList() != "changed a, added f" {
		t.Errorf("clean three-way preview = %+v (%s)", p, p.changeList())
	}
	alice.Post(base+"/change-requests/"+cr5+"/merge?dryRun=false", nil).Expect(http.StatusOK)
	if got := outline(pagesAt(t, alice, base+"/content/pages")); !strings.Contains(got, "F(f)") {
		t.Errorf("pages after the merge = %s, want F(f) among them", got)
	}
	alice.Post(base+"/change-requests/"+cr5+"/merge?dryRun=true", nil).ExpectError(http.StatusConflict) // merged
	alice.Post(base+"/change-requests/"+cr4+"/merge?dryRun=maybe", nil).ExpectError(http.StatusBadRequest)
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestMergePreviewAccess: the preview needs what the merge needs (the edit
// role on a live space): a reviewer is FORBIDDEN, an outsider NOT_FOUND, a
// locked space CONFLICT; a read-only token may preview (it writes nothing)
// but not merge.
func TestMergePreviewAccess(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})
	base := "/v1/spaces/" + space
	cr := resttest.Str(newCR(t, alice, space, "one"), "id")
	edit(t, alice, space, cr, insert("a", "", "# A\n"))
	path := base + "/change-requests/" + cr + "/merge?dryRun=true"
	query := `query($s: ID!, $cr: String!) { previewMerge(spaceId: $s, changeRequestId: $cr) { mergeable } }`
	vars := map[string]any{"s": space, "cr": cr}

	rita := member(t, srv, org, "rita@example.com", rolePtr(domain.RoleReview))
	rita.Post(path, nil).ExpectError(http.StatusForbidden)
	if code := gqlCode(rita.GraphQL(query, vars)); code != "FORBIDDEN" {
		t.Errorf("reviewer: %s", code)
	}
	eve := srv.User("eve@example.com")
	eve.Post(path, nil).ExpectError(http.StatusNotFound)
	if code := gqlCode(eve.GraphQL(query, vars)); code != "NOT_FOUND" {
		t.Errorf("outsider: %s", code)
	}
	ro := createToken(t, alice, map[string]any{"name": "Reader", "readOnly": true})
	reader := asToken(alice, resttest.Str(ro, "token"))
	reader.Post(path, nil).Expect(http.StatusOK)
	reader.Post(base+"/change-requests/"+cr+"/merge", nil).ExpectError(http.StatusForbidden)

	alice.Patch(base, map[string]any{"editMode": "locked"}).Expect(http.StatusOK)
	alice.Post(path, nil).ExpectError(http.StatusConflict)
	if code := gqlCode(alice.GraphQL(query, vars)); code != "CONFLICT" {
		t.Errorf("locked: %s", code)
	}
}

func gqlCode(r resttest.GraphQLResult) string {
	if len(r.Errors) == 0 {
		return "no error"
	}
	code, _ := r.Errors[0].Extensions["code"].(string)
	return code
}

const reviewQuery = `query($s: ID!, $cr: String!) {
  space(id: $s) { changeRequest(id: $cr) {
    subject
    pageChanges { kind id title path previousPath
      diff(context: 1) { added removed truncated hunks { oldStart oldLines newStart newLines lines { kind text oldNumber newNumber } } } }
  } }
  previewMerge(spaceId: $s, changeRequestId: $cr) { mergeable changes { kind path diff { added removed } } conflicts { id reason } }
}`

// reviewData is what reviewQuery reads.
type reviewData struct {
	Space struct {
		ChangeRequest struct {
			PageChanges []struct {
				Kind, ID, Title, Path string
				Diff                  struct {
					Added, Removed int
					Truncated      bool
					Hunks          []struct {
						OldStart, OldLines, NewStart, NewLines int
						Lines                                  []struct {
							Kind, Text           string
							OldNumber, NewNumber *int
						}
					}
				}
			}
		}
	}
	PreviewMerge struct {
		Mergeable bool
		Changes   []struct {
			Kind, Path string
			Diff       struct{ Added, Removed int }
		}
	}
}

// TestChangeRequestPageChanges: a change request's pageChanges lists the
// pages it changed since it started with a line diff of each, and the
// review's one operation (the changes with their diffs and the merge
// preview's) runs as many statements for 2 changed pages as for 12.
func TestChangeRequestPageChanges(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})
	base := "/v1/spaces/" + space
	setup := resttest.Str(newCR(t, alice, space, "Base"), "id")
	var pages []map[string]any
	for i := range 12 {
		pages = append(pages, insert(string(rune('a'+i)), "", "# P"+string(rune('A'+i))+"\n\nOne.\nTwo.\nThree.\nFour.\n"))
	}
	ids := edit(t, alice, space, setup, pages...)
	alice.Post(base+"/change-requests/"+setup+"/merge", nil).Expect(http.StatusOK)

	review := func(cr string) (reviewData, int) {
		t.Helper()
		r := alice.GraphQL(reviewQuery, map[string]any{"s": space, "cr": cr})
		var d reviewData
		if len(r.Errors) > 0 || json.Unmarshal(r.Data, &d) != nil {
			t.Fatalf("review: %v", r.Errors)
		}
		return d, r.Statements
	}
	update := func(ref, md string) map[string]any {
		return map[string]any{"operation": "update_page", "page": ids[ref], "document": map[string]any{"markdown": md}}
	}

	small := resttest.Str(newCR(t, alice, space, "small"), "id")
	edit(t, alice, space, small, update("a", "# PA\n\nOne.\nTwo, changed.\nThree.\nFour.\n"),
		map[string]any{"operation": "delete_page", "page": ids["b"]})
	d, few := review(small)
	got := d.Space.ChangeRequest.PageChanges
	if len(got) != 2 || got[0].Kind != "changed" || got[0].Path != "pa" || got[1].Kind != "removed" || got[1].Path != "pb" {
		t.Fatalf("pageChanges = %+v", got)
	}
	diff := got[0].Diff
	if diff.Added != 1 || diff.Removed != 1 || diff.Truncated || len(diff.Hunks) != 1 {
		t.Fatalf("diff = %+v", diff)
	}
	var lines []string
	for _, l := range diff.Hunks[0].Lines {
		lines = append(lines, l.Kind+":"+l.Text)
	}
	if h := diff.Hunks[0]; h.OldStart != 3 || h.OldLines != 3 || h.NewStart != 3 || h.NewLines != 3 ||
		strings.Join(lines, "|") != "context:One.|removed:Two.|added:Two, changed.|context:Three." {
		t.Errorf("hunk = %+v", h)
	}
	if got[1].Diff.Removed != 6 || got[1].Diff.Added != 0 {
		t.Errorf("removed page's diff = %+v", got[1].Diff)
	}
	if p := d.PreviewMerge; !p.Mergeable || len(p.Changes) != 2 || p.Changes[0].Diff.Added != 1 {
		t.Errorf("preview = %+v", p)
	}

	large := resttest.Str(newCR(t, alice, space, "large"), "id")
	var changes []map[string]any
	for i := range 12 {
		ref := string(rune('a' + i))
		changes = append(changes, update(ref, "# P"+strings.ToUpper(ref)+"\n\nOne.\nChanged.\nThree.\nFour.\n"))
	}
	edit(t, alice, space, large, changes...)
	d, many := review(large)
	if len(d.Space.ChangeRequest.PageChanges) != 12 || len(d.PreviewMerge.Changes) != 12 {
		t.Fatalf("large: %d changes, preview %d", len(d.Space.ChangeRequest.PageChanges), len(d.PreviewMerge.Changes))
	}
	if few == 0 || few != many {
		t.Errorf("the review ran %d statements for 2 pages, %d for 12", few, many)
	}
}
