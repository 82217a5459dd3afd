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
	// Repliers: each user who replied, with their count, first replier first.
	carol.Post(d.base+"/comments/"+id+"/replies", map[string]any{"body": md("Thanks")}).Expect(http.StatusOK)
	alice.Post(d.base+"/comments/"+id+"/replies", map[string]any{"body": md("Anytime")}).Expect(http.StatusOK)
	var withRepliers struct {
		Repliers []struct {
			User      struct{ Email string }
			Count     int
			UpdatedAt string
		}
	}
	carol.Get(d.base + "/comments/" + id).Expect(http.StatusOK).Decode(&withRepliers)
	if r := withRepliers.Repliers; len(r) != 2 || r[0].User.Email != "alice@example.com" || r[0].Count != 2 ||
		r[1].User.Email != "carol@example.com" || r[1].Count != 1 || r[0].UpdatedAt == "" {
		t.Errorf("repliers = %+v", r)
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

// reactions flattens a body's reactions as "emoji:count:email,email ...".
func reactions(body map[string]any) string {
	var out []string
	rs, _ := body["reactions"].([]any)
	for _, r := range rs {
		m := r.(map[string]any)
		var who []string
		for _, u := range m["users"].([]any) {
			um := u.(map[string]any)
			if resttest.Str(um, "reactedAt") == "" {
				who = append(who, "no-time")
			}
			who = append(who, resttest.Str(um, "user.email"))
		}
		out = append(out, resttest.Str(m, "emoji")+":"+resttest.Str(m, "count")+":"+strings.Join(who, ","))
	}
	return strings.Join(out, " ")
}

func TestCommentReactions(t *testing.T) {
	d := newDiscussion(t)
	carol, alice := d.carol, d.alice
	id := resttest.Str(carol.Post(d.base+"/comments", map[string]any{"body": md("Ship it?")}).Expect(http.StatusOK).JSON(), "id")
	path := d.base + "/comments/" + id

	carol.Put(path, map[string]any{"addedReactions": []string{"👍", "🎉"}}).Expect(http.StatusOK)
	// Adding twice changes nothing; a code point names the same emoji.
	carol.Put(path, map[string]any{"addedReactions": []string{"👍", "1f44d"}}).Expect(http.StatusOK)
	got := alice.Put(path, map[string]any{"addedReactions": []string{"👍"}}).Expect(http.StatusOK).JSON()
	// Groups come in the order of their first reaction (emoji added together: by code point).
	if want := "🎉:1:carol@example.com 👍:2:carol@example.com,alice@example.com"; reactions(got) != want {
		t.Errorf("reactions = %q, want %q", reactions(got), want)
	}
	// Removing one the user lacks is a no-op; removing one they have drops only theirs.
	alice.Put(path, map[string]any{"removedReactions": []string{"🎉"}}).Expect(http.StatusOK)
	got = carol.Put(path, map[string]any{"removedReactions": []string{"👍"}}).Expect(http.StatusOK).JSON()
	if want := "🎉:1:carol@example.com 👍:1:alice@example.com"; reactions(got) != want {
		t.Errorf("reactions after removals = %q, want %q", reactions(got), want)
	}
	for _, bad := range []string{"a", "👍👍", ":+1:", "", "1234", "👍 "} {
		msg := carol.Put(path, map[string]any{"addedReactions": []string{bad}}).ExpectError(http.StatusBadRequest)
		if !strings.Contains(msg, "addedReactions[0]") {
			t.Errorf("%q: message %q does not name the field", bad, msg)
		}
	}
	for _, good := range []string{"❤️", "🇫🇷", "👩🏽‍💻", "1f1eb-1f1f7"} {
		carol.Put(path, map[string]any{"addedReactions": []string{good}}).Expect(http.StatusOK)
	}
	if got := reactions(carol.Get(path).Expect(http.StatusOK).JSON()); !strings.Contains(got, "🇫🇷:1:carol@example.com") {
		t.Errorf("flag given twice (characters and code points) = %q", got)
	}

	// Replies take reactions the same way.
	rid := resttest.Str(alice.Post(path+"/replies", map[string]any{"body": md("Yes")}).Expect(http.StatusOK).JSON(), "id")
	carol.Put(path+"/replies/"+rid, map[string]any{"addedReactions": []string{"🚀"}}).Expect(http.StatusOK)
	got = alice.Put(path+"/replies/"+rid, map[string]any{"addedReactions": []string{"🚀"}, "body": md("Yes!")}).Expect(http.StatusOK).JSON()
	if want := "🚀:2:carol@example.com,alice@example.com"; reactions(got) != want || resttest.Str(got, "editedAt") == "" {
		t.Errorf("reply = %v, reactions %q", got, reactions(got))
	}
	d.rita.Put(path+"/replies/"+rid, map[string]any{"addedReactions": []string{"🚀"}}).ExpectError(http.StatusForbidden)
	// The comment's reactions are its own.
	if got := reactions(carol.Get(path).Expect(http.StatusOK).JSON()); strings.Contains(got, "🚀") {
		t.Errorf("comment reactions = %q", got)
	}

	// Deleting a reply: the author or an admin; 204 once gone; the count follows.
	carol.Delete(path + "/replies/" + rid).ExpectError(http.StatusForbidden)
	alice.Delete(path + "/replies/" + rid).Expect(http.StatusResetContent)
	alice.Delete(path + "/replies/" + rid).Expect(http.StatusNoContent)
	if got := resttest.Str(carol.Get(path).Expect(http.StatusOK).JSON(), "replies"); got != "0" {
		t.Errorf("replies after delete = %s", got)
	}
	own := resttest.Str(carol.Post(path+"/replies", map[string]any{"body": md("mine")}).Expect(http.StatusOK).JSON(), "id")
	carol.Delete(path + "/replies/" + own).Expect(http.StatusResetContent)
}

func TestCommentValidation(t *testing.T) {
	d := newDiscussion(t)
	carol := d.carol
	carol.Post(d.base+"/comments", map[string]any{}).ExpectError(http.StatusBadRequest)
	carol.Post(d.base+"/comments", map[string]any{"body": md("")}).ExpectError(http.StatusBadRequest)
	carol.Post(d.base+"/comments", map[string]any{"body": md(strings.Repeat("x", 100001))}).ExpectError(http.StatusBadRequest)
	if msg := carol.Post(d.base+"/comments", map[string]any{"page": "nope", "body": md("hi")}).ExpectError(http.StatusBadRequest); !strings.Contains(msg, "page") {
		t.Errorf("unknown page message = %q", msg)
	}
	carol.Get(d.base + "/comments/unknown").ExpectError(http.StatusNotFound)
	carol.Get(d.base + "/comments?status=closed").ExpectError(http.StatusBadRequest)
	carol.Get(d.base + "/comments?order=up").ExpectError(http.StatusBadRequest)
	carol.Get(d.base + "/comments?limit=1001").ExpectError(http.StatusBadRequest)
	carol.Get(d.base + "/comments?page=forged").ExpectError(http.StatusBadRequest)
	d.srv.Anonymous().Get(d.base + "/comments").ExpectError(http.StatusUnauthorized)
	// Someone outside the organization sees nothing.
	d.srv.User("eve@example.com").Get(d.base + "/comments").ExpectError(http.StatusNotFound)
	id := resttest.Str(carol.Post(d.base+"/comments", map[string]any{"body": md("hi")}).Expect(http.StatusOK).JSON(), "id")
	carol.Get(d.base + "/comments/" + id + "/replies/unknown").ExpectError(http.StatusNotFound)
	carol.Post(d.base+"/comments/unknown/replies", map[string]any{"body": md("hi")}).ExpectError(http.StatusNotFound)

	// format: markdown (the default) or document, GitBook's JSON document
	// converted from the markdown.
	expectFields(t, carol.Get(d.base+"/comments/"+id+"?format=document").Expect(http.StatusOK).JSON(),
		map[string]string{"body.document.object": "document", "body.markdown": ""})
	expectFields(t, carol.Get(d.base+"/comments/"+id+"?format=markdown").Expect(http.StatusOK).JSON(), map[string]string{"body.markdown": "hi"})
	carol.Get(d.base + "/comments/" + id + "?format=html").ExpectError(http.StatusBadRequest)
}

func TestChangeRequestComments(t *testing.T) {
	d := newDiscussion(t)
	carol, alice := d.carol, d.alice
	spaceComment := resttest.Str(carol.Post(d.base+"/comments", map[string]any{"page": d.page, "body": md("On the space")}).Expect(http.StatusOK).JSON(), "id")

	cr := newCR(t, alice, d.space, "Rework")
	crBase := d.base + "/change-requests/" + resttest.Str(cr, "number")
	added := edit(t, alice, d.space, "2", insert("faq", "", "# FAQ\n\nAsk.\n"))
	// A page that exists only in the change request can be commented there, not on the space.
	carol.Post(d.base+"/comments", map[string]any{"page": added["faq"], "body": md("x")}).ExpectError(http.StatusBadRequest)
	c := carol.Post(crBase+"/comments", map[string]any{"page": added["faq"], "body": md("On the change request")}).Expect(http.StatusOK).JSON()
	id := resttest.Str(c, "id")
	expectFields(t, c, map[string]string{"target.changeRequest": resttest.Str(cr, "id"), "target.page.title": "FAQ",
		"target.page.outdated": "false", "urls.location": "http://folio.test" + d.base + "/change-requests/" + resttest.Str(cr, "id") + "/comments/" + id})
	guide := resttest.Str(carol.Post(crBase+"/comments", map[string]any{"page": d.page, "body": md("Guide in the CR")}).Expect(http.StatusOK).JSON(), "id")

	// The two threads are apart, and so are their counts.
	if got := ids(carol.Get(d.base + "/comments").Expect(http.StatusOK).JSON()); len(got) != 1 || got[0] != spaceComment {
		t.Errorf("space comments = %v", got)
	}
	if got := ids(carol.Get(crBase + "/comments?order=asc").Expect(http.StatusOK).JSON()); len(got) != 2 || got[0] != id || got[1] != guide {
		t.Errorf("change request comments = %v", got)
	}
	carol.Get(d.base + "/comments/" + id).ExpectError(http.StatusNotFound)
	carol.Get(crBase + "/comments/" + spaceComment).ExpectError(http.StatusNotFound)
	if got := resttest.Str(carol.Get(crBase).Expect(http.StatusOK).JSON(), "comments"); got != "2" {
		t.Errorf("change request open comments = %s, want 2", got)
	}
	if got := openComments(t, carol, d.space); got != "1" {
		t.Errorf("space open comments = %s, want 1", got)
	}

	// Replies in a change request take format as a query parameter.
	rp := carol.Post(crBase+"/comments/"+id+"/replies?format=document", map[string]any{"body": md("reply")}).Expect(http.StatusOK).JSON()
	expectFields(t, rp, map[string]string{"body.document.object": "document", "body.markdown": ""})
	rid := resttest.Str(rp, "id")
	expectFields(t, carol.Get(crBase+"/comments/"+id+"/replies/"+rid).Expect(http.StatusOK).JSON(), map[string]string{"body.markdown": "reply"})
	alice.Put(crBase+"/comments/"+guide, map[string]any{"resolved": true}).Expect(http.StatusOK)
	if got := resttest.Str(carol.Get(crBase).Expect(http.StatusOK).JSON(), "comments"); got != "1" {
		t.Errorf("change request open comments after resolve = %s, want 1", got)
	}

	// Editing the commented page in the change request outdates the comment there.
	edit(t, alice, d.space, "2", map[string]any{"operation": "update_page", "page": d.page, "document": md("# Guide\n\nRead me twice.\n")})
	expectFields(t, carol.Get(crBase+"/comments/"+guide).Expect(http.StatusOK).JSON(), map[string]string{"target.page.outdated": "true", "target.page.title": "Guide"})
	expectFields(t, carol.Get(d.base+"/comments/"+spaceComment).Expect(http.StatusOK).JSON(), map[string]string{"target.page.outdated": "false"})

	// Merging keeps the change request's comments where they were; the space's now sees its page changed.
	alice.Post(crBase+"/merge", nil).Expect(http.StatusOK)
	if got := ids(carol.Get(crBase + "/comments").Expect(http.StatusOK).JSON()); len(got) != 2 {
		t.Errorf("change request comments after merge = %v", got)
	}
	expectFields(t, carol.Get(crBase+"/comments/"+id+"/replies/"+rid).Expect(http.StatusOK).JSON(), map[string]string{"body.markdown": "reply"})
	expectFields(t, carol.Get(d.base+"/comments/"+spaceComment).Expect(http.StatusOK).JSON(), map[string]string{"target.page.outdated": "true"})
	if got := resttest.Str(carol.Get(crBase).Expect(http.StatusOK).JSON(), "comments"); got != "1" {
		t.Errorf("change request open comments after merge = %s, want 1", got)
	}

	// A page deleted since: outdated, only its id is left.
	cr3 := "/v1/spaces/" + d.space + "/change-requests/" + resttest.Str(newCR(t, alice, d.space, "Prune"), "number")
	edit(t, alice, d.space, resttest.Str(alice.Get(cr3).Expect(http.StatusOK).JSON(), "number"), map[string]any{"operation": "delete_page", "page": d.page})
	alice.Post(cr3+"/merge", nil).Expect(http.StatusOK)
	gone := carol.Get(d.base + "/comments/" + spaceComment).Expect(http.StatusOK).JSON()
	expectFields(t, gone, map[string]string{"target.page.id": d.page, "target.page.outdated": "true", "target.page.title": "", "target.page.path": ""})

	// Deleting in a change request counts there.
	alice.Delete(crBase + "/comments/" + id).Expect(http.StatusResetContent)
	if got := resttest.Str(carol.Get(crBase).Expect(http.StatusOK).JSON(), "comments"); got != "0" {
		t.Errorf("change request open comments after delete = %s, want 0", got)
	}
	alice.Delete(crBase + "/comments/" + id).Expect(http.StatusNoContent)
}

func TestCommentsFollowTheSpace(t *testing.T) {
	d := newDiscussion(t)
	alice := d.alice
	path := d.base + "/comments"
	// A locked space still takes comments: they are not content.
	alice.Patch(d.base, map[string]any{"editMode": "locked"}).Expect(http.StatusOK)
	id := resttest.Str(d.carol.Post(path, map[string]any{"page": d.page, "body": md("locked?")}).Expect(http.StatusOK).JSON(), "id")
	alice.Post(path+"/"+id+"/replies", map[string]any{"body": md("still open for talk")}).Expect(http.StatusOK)
	alice.Put(path+"/"+id, map[string]any{"addedReactions": []string{"👀"}}).Expect(http.StatusOK)
	alice.Patch(d.base, map[string]any{"editMode": "live"}).Expect(http.StatusOK)

	// A transferred space keeps its discussion; a duplicate starts without one.
	dup := resttest.Str(alice.Post(d.base+"/duplicate", nil).Expect(http.StatusCreated).JSON(), "id")
	if got := resttest.Str(alice.Get("/v1/spaces/"+dup+"/comments").Expect(http.StatusOK).JSON(), "count"); got != "0" || openComments(t, alice, dup) != "0" {
		t.Errorf("duplicate has %s comments", got)
	}
	other := createOrg(t, alice, "Beta")
	alice.Post(d.base+"/transfer", map[string]any{"organization": other}).Expect(http.StatusOK)
	c := alice.Get(path + "/" + id).Expect(http.StatusOK).JSON()
	expectFields(t, c, map[string]string{"replies": "1", "target.page.title": "Guide", "target.page.outdated": "false"})
	if reactions(c) != "👀:1:alice@example.com" {
		t.Errorf("reactions after transfer = %q", reactions(c))
	}
	if openComments(t, alice, d.space) != "1" {
		t.Errorf("open comments after transfer = %s", openComments(t, alice, d.space))
	}
	for _, table := range []string{"comments", "comment_replies", "comment_reactions"} {
		n, err := d.srv.Store.DB.NewSelect().Table(table).Where("organization_id <> ?", other).Count(t.Context())
		if err != nil || n != 0 {
			t.Errorf("%s: %d rows left in the old organization (%v)", table, n, err)
		}
	}
	// The old organization's members lost access with the space.
	d.carol.Get(path + "/" + id).ExpectError(http.StatusNotFound)
}
