package rest_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"folio/store"
)

const spaceDiscussion = `query($id: ID!) { space(id: $id) {
  comments commentList(limit: 200) { count items { ...Thread } }
} }
`

const changeRequestDiscussion = `query($id: ID!, $cr: String!) { space(id: $id) { changeRequest(id: $cr) {
  comments commentList(limit: 200) { count items { ...Thread } }
} } }
`

const threadFragment = `
fragment Thread on Comment {
  id replies status postedBy { email } resolvedBy { email }
  target { page { title path outdated } }
  reactions { emoji count users { user { email } reactedAt } }
  replyList(limit: 3) { count next { page } items { id postedBy { email } reactions { emoji users { user { email } } } } }
}`

// seedThreads adds n comments to a thread, each with two replies, and
// reactions from two users on the comment and on its first reply.
func seedThreads(t *testing.T, d *discussion, th store.Thread, head string, n int) {
	t.Helper()
	ctx := t.Context()
	sp, err := d.srv.Store.Space(ctx, d.space)
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		c, err := d.srv.Store.PostComment(ctx, sp.OrganizationID, th, d.carol.UserID,
			store.NewComment{Markdown: fmt.Sprint("c", i), PageID: &d.page, RevisionID: head})
		if err != nil {
			t.Fatal(err)
		}
		var first string
		for j := range 2 {
			r, err := d.srv.Store.PostReply(ctx, c, d.alice.UserID, fmt.Sprint("r", j))
			if err != nil {
				t.Fatal(err)
			}
			if first == "" {
				first = r.ID
			}
		}
		for _, u := range []string{d.carol.UserID, d.alice.UserID} {
			p := store.CommentPatch{UserID: u, AddReactions: []string{"👍", "🎉"}}
			if _, err := d.srv.Store.UpdateComment(ctx, th, c.ID, p); err != nil {
				t.Fatal(err)
			}
			if _, err := d.srv.Store.UpdateReply(ctx, c.ID, first, p); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// threadData is what the discussion queries read, as much as the test checks.
type threadData struct {
	Comments    int
	CommentList struct {
		Count int
		Items []struct {
			Replies   int
			Reactions []struct{ Count int }
			ReplyList struct {
				Items []struct {
					Reactions []struct {
						Users []struct{ User struct{ Email string } }
					}
				}
			}
		}
	}
}

func (d threadData) check(t *testing.T, n int) {
	t.Helper()
	if d.Comments != n || d.CommentList.Count != n || len(d.CommentList.Items) != n {
		t.Fatalf("counts: %d %d %d, want %d", d.Comments, d.CommentList.Count, len(d.CommentList.Items), n)
	}
	for _, c := range d.CommentList.Items {
		if c.Replies != 2 || len(c.ReplyList.Items) != 2 || len(c.Reactions) != 2 || c.Reactions[0].Count != 2 ||
			len(c.ReplyList.Items[0].Reactions) != 2 || c.ReplyList.Items[0].Reactions[0].Users[0].User.Email == "" {
			t.Fatalf("thread = %+v", c)
		}
	}
}

// TestDiscussionStatements checks that reading comments with their
// replies, reactions, users and target pages runs as many SQL statements
// for 5 comments as for 60, on a space and on a change request, through
// GraphQL and REST.
func TestDiscussionStatements(t *testing.T) {
	d := newDiscussion(t)
	cr := newCR(t, d.alice, d.space, "Review")
	crNumber := fmt.Sprint(cr["number"])
	spaceThread := store.Thread{SpaceID: d.space}
	crThread := store.Thread{SpaceID: d.space, ChangeRequestID: cr["id"].(string)}
	sp, err := d.srv.Store.Space(t.Context(), d.space)
	if err != nil {
		t.Fatal(err)
	}

	// measure returns the statements of the space's discussion, the change
	// request's, and the REST lists of both.
	measure := func(n int) [4]int {
		var out [4]int
		g := d.rita.GraphQL(spaceDiscussion+threadFragment, map[string]any{"id": d.space})
		var sd struct{ Space threadData }
		if len(g.Errors) > 0 || json.Unmarshal(g.Data, &sd) != nil {
			t.Fatalf("space discussion: %v", g.Errors)
		}
		sd.Space.check(t, n)
		out[0] = g.Statements
		g = d.rita.GraphQL(changeRequestDiscussion+threadFragment, map[string]any{"id": d.space, "cr": crNumber})
		var cd struct {
			Space struct{ ChangeRequest threadData }
		}
		if len(g.Errors) > 0 || json.Unmarshal(g.Data, &cd) != nil {
			t.Fatalf("change request discussion: %v", g.Errors)
		}
		cd.Space.ChangeRequest.check(t, n)
		out[1] = g.Statements
		for i, path := range []string{d.base + "/comments?limit=200", d.base + "/change-requests/" + crNumber + "/comments?limit=200"} {
			r := d.rita.Get(path).Expect(http.StatusOK)
			if got := len(r.JSON()["items"].([]any)); got != n {
				t.Fatalf("%s listed %d, want %d", path, got, n)
			}
			out[2+i] = r.Statements
		}
		return out
	}
	seedThreads(t, d, spaceThread, sp.RevisionID, 5)
	seedThreads(t, d, crThread, cr["revision"].(string), 5)
	small := measure(5)
	seedThreads(t, d, spaceThread, sp.RevisionID, 55)
	seedThreads(t, d, crThread, cr["revision"].(string), 55)
	big := measure(60)
	if small[0] == 0 || big != small {
		t.Errorf("statements (space, change request, REST space, REST change request): %v for 5 comments, %v for 60", small, big)
	}
	t.Logf("statements for 60 comments with replies, reactions, users and target pages: GraphQL space %d, change request %d; REST lists %d and %d",
		big[0], big[1], big[2], big[3])
}
