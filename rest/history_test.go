package rest_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"folio/rest/resttest"
	"folio/store"
)

const historyQuery = `query($id: ID!, $first: Int, $after: String) { space(id: $id) { history(first: $first, after: $after) {
  count next
  items { id type parents createdAt author { email } mergedFrom { number subject }
    changes { kind path previousPath title diff(context: 1) { added removed hunks { lines { kind text } } } } }
} } }`

type historyRevision struct {
	ID, Type   string
	Parents    []string
	Author     *struct{ Email string }
	MergedFrom *struct {
		Number  int
		Subject string
	}
	Changes []struct {
		Kind, Path, Title string
		PreviousPath      *string
		Diff              struct {
			Added, Removed int
			Hunks          []struct{ Lines []struct{ Kind, Text string } }
		}
	}
}

type historyPage struct {
	Count int
	Next  *string
	Items []historyRevision
}

// readHistory reads one page of a space's history as c.
func readHistory(t *testing.T, c *resttest.Client, space string, first int, after *string) (historyPage, resttest.GraphQLResult) {
	t.Helper()
	vars := map[string]any{"id": space, "first": first}
	if after != nil {
		vars["after"] = *after
	}
	g := c.GraphQL(historyQuery, vars)
	var data struct{ Space struct{ History historyPage } }
	if len(g.Errors) == 0 {
		if err := json.Unmarshal(g.Data, &data); err != nil {
			t.Fatal(err)
		}
	}
	return data.Space.History, g
}

// mergeChanges applies changes in a new change request and merges it; it
// returns the ids of the pages the changes touched, in order.
func mergeChanges(t *testing.T, srv *resttest.Server, space, userID, subject string, changes []store.PageChange) []string {
	t.Helper()
	ctx := t.Context()
	sp, err := srv.Store.Space(ctx, space)
	if err != nil {
		t.Fatal(err)
	}
	cr, err := srv.Store.CreateChangeRequest(ctx, sp, userID, subject)
	if err != nil {
		t.Fatal(err)
	}
	res, err := srv.Store.UpdateChangeRequestContent(ctx, space, cr.ID, userID, changes)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Store.MergeChangeRequest(ctx, space, cr.ID, userID); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, o := range res.Changes {
		ids = append(ids, o.Page)
	}
	return ids
}

func ptr[T any](v T) *T { return &v }

// TestSpaceHistory reads a space's history: merges newest first with their
// change request, who merged them and their changes against the content
// before; pages of it; and who may read it.
func TestSpaceHistory(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})

	ids := mergeChanges(t, srv, space, alice.UserID, "Add the guide", []store.PageChange{
		{Operation: store.OpInsertPage, Title: ptr("Guide"), Slug: ptr("guide"), Markdown: ptr("one\ntwo\nthree\n")},
		{Operation: store.OpInsertPage, Title: ptr("Old"), Slug: ptr("old"), Markdown: ptr("gone soon\n")},
	})
	mergeChanges(t, srv, space, alice.UserID, "Edit the guide", []store.PageChange{
		{Operation: store.OpUpdatePage, Page: ids[0], Markdown: ptr("one\n2\nthree\n")},
		{Operation: store.OpDeletePage, Page: ids[1]},
	})

	h, g := readHistory(t, alice, space, 2, nil)
	if len(g.Errors) > 0 {
		t.Fatalf("errors: %v", g.Errors)
	}
	if h.Count != 3 || len(h.Items) != 2 || h.Next == nil {
		t.Fatalf("first page: count %d, %d items, next %v", h.Count, len(h.Items), h.Next)
	}
	second, first := h.Items[0], h.Items[1]
	if second.Type != "merge" || second.MergedFrom == nil || second.MergedFrom.Subject != "Edit the guide" ||
		second.Author == nil || second.Author.Email != "alice@example.com" || len(second.Parents) != 2 || second.Parents[0] != first.ID {
		t.Fatalf("newest revision: %+v", second)
	}
	var got []string
	for _, c := range second.Changes {
		got = append(got, fmt.Sprintf("%s %s +%d -%d", c.Kind, c.Path, c.Diff.Added, c.Diff.Removed))
	}
	if want := "changed guide +1 -1; removed old +0 -1"; strings.Join(got, "; ") != want {
		t.Errorf("changes of the second merge: %q, want %q", strings.Join(got, "; "), want)
	}
	if lines := second.Changes[0].Diff.Hunks[0].Lines; len(lines) != 4 || lines[1].Kind != "removed" || lines[1].Text != "two" || lines[2].Kind != "added" || lines[2].Text != "2" {
		t.Errorf("diff of the guide: %+v", lines)
	}
	got = nil
	for _, c := range first.Changes {
		got = append(got, fmt.Sprintf("%s %s +%d -%d", c.Kind, c.Path, c.Diff.Added, c.Diff.Removed))
	}
	if want := "added guide +3 -0; added old +1 -0"; strings.Join(got, "; ") != want {
		t.Errorf("changes of the first merge: %q, want %q", strings.Join(got, "; "), want)
	}

	rest, g := readHistory(t, alice, space, 2, h.Next)
	if len(g.Errors) > 0 || len(rest.Items) != 1 || rest.Next != nil {
		t.Fatalf("second page: %v %+v", g.Errors, rest)
	}
	if r := rest.Items[0]; r.Type != "edits" || r.MergedFrom != nil || r.Author != nil || len(r.Changes) != 0 || len(r.Parents) != 0 {
		t.Errorf("the space's first revision: %+v", r)
	}

	// A token of another space's history is refused, not followed.
	other := createSpaceID(t, alice, org, map[string]any{"title": "Other"})
	if _, g := readHistory(t, alice, other, 2, h.Next); len(g.Errors) == 0 {
		t.Error("another space's page token was accepted")
	}
	// Bad sizes are refused with a clear error.
	if _, g := readHistory(t, alice, space, 51, nil); len(g.Errors) == 0 {
		t.Error("first: 51 was accepted")
	}

	// Readers of the space read its history; others do not see the space.
	reader := srv.User("reader@example.com")
	addMember(t, alice, org, reader, "read")
	if h, g := readHistory(t, reader, space, 5, nil); len(g.Errors) > 0 || len(h.Items) != 3 {
		t.Errorf("reader: %v, %d items", g.Errors, len(h.Items))
	}
	stranger := srv.User("stranger@example.com")
	if _, g := readHistory(t, stranger, space, 5, nil); len(g.Errors) == 0 || g.Errors[0].Extensions["code"] != "NOT_FOUND" {
		t.Errorf("stranger: %v", g.Errors)
	}
}

// TestSpaceHistoryStatements checks that a page of history, with every
// revision's changes, diffs, change request and author, runs the same
// number of SQL statements for 3 revisions as for 21.
func TestSpaceHistoryStatements(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})
	page := mergeChanges(t, srv, space, alice.UserID, "start", []store.PageChange{
		{Operation: store.OpInsertPage, Title: ptr("Page"), Markdown: ptr("v0\n")},
	})[0]
	edit := func(n int) {
		for i := range n {
			mergeChanges(t, srv, space, alice.UserID, fmt.Sprintf("edit %d", i), []store.PageChange{
				{Operation: store.OpUpdatePage, Page: page, Markdown: ptr(fmt.Sprintf("v%d\n", i+1))},
				{Operation: store.OpInsertPage, Title: ptr(fmt.Sprintf("New %d", i)), Markdown: ptr("new\n")},
			})
		}
	}
	measure := func(want int) int {
		h, g := readHistory(t, alice, space, 50, nil)
		if len(g.Errors) > 0 || len(h.Items) != want {
			t.Fatalf("history: %v, %d items, want %d", g.Errors, len(h.Items), want)
		}
		for _, r := range h.Items[:len(h.Items)-2] {
			if len(r.Changes) != 2 || r.Author == nil || r.MergedFrom == nil {
				t.Fatalf("revision %+v", r)
			}
		}
		return g.Statements
	}
	edit(1)
	small := measure(3)
	edit(18)
	big := measure(21)
	if small == 0 || big != small {
		t.Errorf("statements: %d for 3 revisions, %d for 21", small, big)
	}
	t.Logf("statements for a page of 21 revisions with changes and diffs: %d", big)
}
