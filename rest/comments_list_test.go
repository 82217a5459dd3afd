package rest_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"folio/rest/resttest"
	"folio/store"
)

// seedComments posts n comments on the space through the store, every third
// by rita (then carol), every fifth on the page, every fourth resolved.
// It returns the ids in posting order.
func seedComments(t *testing.T, d *discussion, n int) []string {
	t.Helper()
	ctx := t.Context()
	sp, err := d.srv.Store.Space(ctx, d.space)
	if err != nil {
		t.Fatal(err)
	}
	th := store.Thread{SpaceID: d.space}
	resolved := true
	var out []string
	for i := range n {
		author := d.carol.UserID
		if i%3 == 0 {
			author = d.rita.UserID
		}
		in := store.NewComment{Markdown: fmt.Sprintf("comment %d", i), RevisionID: sp.RevisionID}
		if i%5 == 0 {
			in.PageID = &d.page
		}
		c, err := d.srv.Store.PostComment(ctx, sp.OrganizationID, th, author, in)
		if err != nil {
			t.Fatal(err)
		}
		if i%4 == 0 {
			if _, err := d.srv.Store.UpdateComment(ctx, th, c.ID, store.CommentPatch{UserID: d.alice.UserID, Resolved: &resolved}); err != nil {
				t.Fatal(err)
			}
		}
		out = append(out, c.ID)
	}
	return out
}

// collect reads every page of a list, checking count on each.
func collect(t *testing.T, c *resttest.Client, path string, limit int) []string {
	t.Helper()
	var all []string
	page := ""
	for range 1000 {
		q := path + "&limit=" + fmt.Sprint(limit)
		if page != "" {
			q += "&page=" + url.QueryEscape(page)
		}
		body := c.Get(q).Expect(http.StatusOK).JSON()
		items := ids(body)
		if len(items) > limit {
			t.Fatalf("%s: %d items on a page of %d", q, len(items), limit)
		}
		all = append(all, items...)
		page = resttest.Str(body, "next.page")
		if page == "" {
			if got := resttest.Str(body, "count"); got != fmt.Sprint(len(all)) {
				t.Fatalf("%s: count %s, listed %d", path, got, len(all))
			}
			return all
		}
	}
	t.Fatalf("%s: too many pages", path)
	return nil
}

func TestCommentFiltersAndPages(t *testing.T) {
	d := newDiscussion(t)
	const n = 300
	posted := seedComments(t, d, n)
	base := d.base + "/comments?x=1"

	want := func(keep func(i int) bool, desc bool) []string {
		var out []string
		for i := range n {
			if keep(i) {
				out = append(out, posted[i])
			}
		}
		if desc {
			for l, r := 0, len(out)-1; l < r; l, r = l+1, r-1 {
				out[l], out[r] = out[r], out[l]
			}
		}
		return out
	}
	all := func(int) bool { return true }
	cases := []struct {
		name  string
		query string
		limit int
		keep  func(int) bool
		desc  bool
	}{
		{"newest-first-by-default", "", 40, all, true},
		{"oldest-first", "&order=asc", 64, all, false},
		{"open", "&status=open", 50, func(i int) bool { return i%4 != 0 }, true},
		{"resolved", "&status=resolved&order=asc", 7, func(i int) bool { return i%4 == 0 }, false},
		{"all", "&status=all", 1000, all, true},
		{"target-page", "&targetPage=" + d.page, 9, func(i int) bool { return i%5 == 0 }, true},
		{"author", "&authors=" + d.rita.UserID, 25, func(i int) bool { return i%3 == 0 }, true},
		{"authors-repeated", "&authors=" + d.rita.UserID + "&authors=" + d.carol.UserID, 100, all, true},
		{"authors-comma", "&authors=" + d.rita.UserID + "," + d.carol.UserID + "&order=asc", 100, all, false},
		{"combined", "&authors=" + d.carol.UserID + "&status=open&targetPage=" + d.page, 3,
			func(i int) bool { return i%3 != 0 && i%4 != 0 && i%5 == 0 }, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := collect(t, d.carol.In(t), base+tc.query, tc.limit)
			w := want(tc.keep, tc.desc)
			if fmt.Sprint(got) != fmt.Sprint(w) {
				t.Errorf("listed %d comments, want %d in order", len(got), len(w))
			}
		})
	}
	if got := openComments(t, d.alice, d.space); got != fmt.Sprint(n-(n+3)/4) {
		t.Errorf("open comments = %s, want %d", got, n-(n+3)/4)
	}
	// A page token belongs to its order.
	next := resttest.Str(d.carol.Get(base+"&limit=5").Expect(http.StatusOK).JSON(), "next.page")
	d.carol.Get(base + "&order=asc&page=" + url.QueryEscape(next)).ExpectError(http.StatusBadRequest)
	if got := ids(d.carol.Get(base + "&limit=0").Expect(http.StatusOK).JSON()); len(got) != 0 {
		t.Errorf("limit 0 listed %d", len(got))
	}
}

func TestReplyPages(t *testing.T) {
	d := newDiscussion(t)
	id := resttest.Str(d.carol.Post(d.base+"/comments", map[string]any{"body": md("thread")}).Expect(http.StatusOK).JSON(), "id")
	c, err := d.srv.Store.Comment(t.Context(), store.Thread{SpaceID: d.space}, id)
	if err != nil {
		t.Fatal(err)
	}
	var posted []string
	for i := range 120 {
		r, err := d.srv.Store.PostReply(t.Context(), c, d.alice.UserID, fmt.Sprintf("reply %d", i))
		if err != nil {
			t.Fatal(err)
		}
		posted = append(posted, r.ID)
	}
	got := collect(t, d.rita, d.base+"/comments/"+id+"/replies?x=1", 25)
	if fmt.Sprint(got) != fmt.Sprint(posted) {
		t.Errorf("replies listed %d, want %d oldest first", len(got), len(posted))
	}
	if got := resttest.Str(d.rita.Get(d.base+"/comments/"+id).Expect(http.StatusOK).JSON(), "replies"); got != "120" {
		t.Errorf("replies = %s", got)
	}
}
