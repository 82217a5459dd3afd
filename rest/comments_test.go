package rest_test

import (
	"net/http"
	"strings"
	"testing"

	"folio/rest/resttest"
)

// discussion is a space with a page, an admin (alice), a member with the
// comment role (carol) and one with the read role (rita).
type discussion struct {
	srv                *resttest.Server
	alice, carol, rita *resttest.Client
	space, base, page  string
}

func newDiscussion(t *testing.T) *discussion {
	t.Helper()
	srv := resttest.New(t)
	d := &discussion{srv: srv, alice: srv.User("alice@example.com"), carol: srv.User("carol@example.com"), rita: srv.User("rita@example.com")}
	org := createOrg(t, d.alice, "Acme")
	addMember(t, d.alice, org, d.carol, "comment")
	addMember(t, d.alice, org, d.rita, "read")
	d.space = createSpaceID(t, d.alice, org, map[string]any{"title": "Docs"})
	d.base = "/v1/spaces/" + d.space
	newCR(t, d.alice, d.space, "Pages")
	ids := edit(t, d.alice, d.space, "1", insert("guide", "", "# Guide\n\nRead me.\n"))
	d.page = ids["guide"]
	d.alice.Post(d.base+"/change-requests/1/merge", nil).Expect(http.StatusOK)
	return d
}

func md(s string) map[string]any { return map[string]any{"markdown": s} }

func openComments(t *testing.T, c *resttest.Client, space string) string {
	t.Helper()
	return resttest.Str(c.Get("/v1/spaces/"+space).Expect(http.StatusOK).JSON(), "comments")
}

func TestCommentLifecycle(t *testing.T) {
	d := newDiscussion(t)
	carol, rita, alice := d.carol, d.rita, d.alice

	c := carol.Post(d.base+"/comments", map[string]any{"page": d.page, "node": "n1", "body": md("Typo here?")}).Expect(http.StatusOK).JSON()
	id := resttest.Str(c, "id")
	expectFields(t, c, map[string]string{"object": "comment", "postedBy.email": "carol@example.com", "replies": "0",
		"body.markdown": "Typo here?", "status": "open", "target.page.id": d.page, "target.page.title": "Guide",
		"target.page.path": "guide", "target.page.outdated": "false", "target.node.id": "n1", "target.space": d.space,
		"permissions.view": "true", "permissions.edit": "true", "permissions.reply": "true", "permissions.delete": "true",
		"urls.location": "http://folio.test" + d.base + "/comments/" + id})
	if resttest.Str(c, "editedAt") != "" || resttest.Str(c, "resolvedAt") != "" || resttest.Str(c, "target.revision") == "" {
		t.Errorf("new comment = %v", c)
	}
	if got := openComments(t, alice, d.space); got != "1" {
		t.Errorf("open comments = %s, want 1", got)
	}

	// The read role reads but neither posts, replies, reacts nor resolves.
	rc := rita.Get(d.base + "/comments/" + id).Expect(http.StatusOK).JSON()
	expectFields(t, rc, map[string]string{"permissions.view": "true", "permissions.edit": "false", "permissions.reply": "false", "permissions.delete": "false"})
	rita.Post(d.base+"/comments", map[string]any{"body": md("me too")}).ExpectError(http.StatusForbidden)
	rita.Post(d.base+"/comments/"+id+"/replies", map[string]any{"body": md("me too")}).ExpectError(http.StatusForbidden)
	rita.Put(d.base+"/comments/"+id, map[string]any{"resolved": true}).ExpectError(http.StatusForbidden)
	rita.Put(d.base+"/comments/"+id, map[string]any{"addedReactions": []string{"👍"}}).ExpectError(http.StatusForbidden)
	rita.Delete(d.base + "/comments/" + id).ExpectError(http.StatusForbidden)
	// Only the author edits the body, even for admins.
	alice.Put(d.base+"/comments/"+id, map[string]any{"body": md("rewritten")}).ExpectError(http.StatusForbidden)

	e := carol.Put(d.base+"/comments/"+id, map[string]any{"body": md("Typo here!")}).Expect(http.StatusOK).JSON()
	if resttest.Str(e, "body.markdown") != "Typo here!" || resttest.Str(e, "editedAt") == "" {
		t.Errorf("edited = %v", e)
	}

	// Replies.
	rp := alice.Post(d.base+"/comments/"+id+"/replies", map[string]any{"body": md("Fixed.")}).Expect(http.StatusOK).JSON()
	rid := resttest.Str(rp, "id")
	expectFields(t, rp, map[string]string{"object": "comment-reply", "postedBy.email": "alice@example.com", "body.markdown": "Fixed.",
		"urls.location":    "http://folio.test" + d.base + "/comments/" + id + "/replies/" + rid,
		"permissions.edit": "true", "permissions.delete": "true"})
	if strings.Contains(string(carol.Get(d.base+"/comments/"+id+"/replies/"+rid).Expect(http.StatusOK).Body), `"status"`) {
		t.Error("a reply has no status")
	}
	expectFields(t, carol.Get(d.base+"/comments/"+id+"/replies/"+rid).Expect(http.StatusOK).JSON(),
		map[string]string{"permissions.edit": "false", "permissions.delete": "false", "permissions.reply": "true"})
	carol.Put(d.base+"/comments/"+id+"/replies/"+rid, map[string]any{"body": md("no")}).ExpectError(http.StatusForbidden)
	if got := resttest.Str(carol.Get(d.base+"/comments/"+id).Expect(http.StatusOK).JSON(), "replies"); got != "1" {
		t.Errorf("replies = %s, want 1", got)
	}

	// Resolution moves the status and the open count.
	res := alice.Put(d.base+"/comments/"+id, map[string]any{"resolved": true}).Expect(http.StatusOK).JSON()
	expectFields(t, res, map[string]string{"status": "resolved", "resolvedBy.email": "alice@example.com"})
	if resttest.Str(res, "resolvedAt") == "" {
		t.Errorf("resolvedAt missing: %v", res)
	}
	if got := openComments(t, alice, d.space); got != "0" {
		t.Errorf("open comments after resolve = %s, want 0", got)
	}
	alice.Put(d.base+"/comments/"+id, map[string]any{"resolved": true}).Expect(http.StatusOK)
	if got := openComments(t, alice, d.space); got != "0" {
		t.Errorf("open comments after resolving twice = %s, want 0", got)
	}
	reopened := carol.Put(d.base+"/comments/"+id, map[string]any{"resolved": false}).Expect(http.StatusOK).JSON()
	if resttest.Str(reopened, "status") != "open" || resttest.Str(reopened, "resolvedAt") != "" || resttest.Str(reopened, "resolvedBy.id") != "" {
		t.Errorf("reopened = %v", reopened)
	}
	if got := openComments(t, alice, d.space); got != "1" {
		t.Errorf("open comments after reopen = %s, want 1", got)
	}

	// Deleting takes the replies along; deleting again is 204.
	alice.Delete(d.base + "/comments/" + id).Expect(http.StatusResetContent)
	carol.Get(d.base + "/comments/" + id).ExpectError(http.StatusNotFound)
	carol.Get(d.base + "/comments/" + id + "/replies/" + rid).ExpectError(http.StatusNotFound)
	alice.Delete(d.base + "/comments/" + id).Expect(http.StatusNoContent)
	if got := openComments(t, alice, d.space); got != "0" {
		t.Errorf("open comments after delete = %s, want 0", got)
	}
}
