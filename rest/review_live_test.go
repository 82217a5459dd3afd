package rest_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"folio/domain"
	"folio/rest/resttest"
)

// sessionStream opens a subscription as a signed-in browser's EventSource
// does (a GET of /graphql with the operation in the query string, the
// session cookie, Accept: text/event-stream) and answers the data of each
// `next` event as it comes.
func sessionStream(t *testing.T, srv *resttest.Server, b *resttest.Browser, query string, vars map[string]any) <-chan json.RawMessage {
	t.Helper()
	v, _ := json.Marshal(vars)
	u := srv.URL + "/graphql?" + url.Values{"query": {query}, "variables": {string(v)}}.Encode()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	req.Header.Set("Cookie", b.Header.Get("Cookie")) // the cookie only: an EventSource sends no CSRF header
	req.Header.Set("Accept", "text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("subscription: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	out := make(chan json.RawMessage, 16)
	go func() {
		defer resp.Body.Close()
		defer close(out)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
		event := ""
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				event = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: ") && event == "next":
				out <- json.RawMessage(strings.TrimPrefix(line, "data: "))
			}
		}
	}()
	return out
}

// nextResult waits for the stream's next result (failing, not timing, if
// none comes in a long while) and decodes its data into v.
func nextResult(t *testing.T, ch <-chan json.RawMessage, v any) {
	t.Helper()
	select {
	case raw, ok := <-ch:
		if !ok {
			t.Fatal("the stream ended")
		}
		var r struct {
			Data   json.RawMessage
			Errors []any
		}
		if err := json.Unmarshal(raw, &r); err != nil || len(r.Errors) > 0 {
			t.Fatalf("result %s: %v", raw, err)
		}
		if err := json.Unmarshal(r.Data, v); err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("no result")
	}
}

// TestReviewLiveAcrossServers: what the app's review follows live (the
// change request's updates and its comments) reaches a browser's session
// stream on one server when another person writes through another server
// of the same database: the subscriptions are fed by the change feed.
func TestReviewLiveAcrossServers(t *testing.T) {
	one := resttest.New(t)
	two := resttest.New(t, resttest.SharingDatabase(one))
	alice := one.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})
	cr := newCR(t, alice, space, "Live")
	crID, number := resttest.Str(cr, "id"), resttest.Str(cr, "number")
	bobUser := two.User("bob@example.com")
	if _, err := two.Store.AddMember(t.Context(), two.Store.DB, org, bobUser.UserID, rolePtr(domain.RoleComment)); err != nil {
		t.Fatal(err)
	}
	aliceBrowser := one.Browser(alice.Email)
	bob := two.Browser(bobUser.Email)

	vars := map[string]any{"s": space, "cr": number}
	updates := sessionStream(t, one, aliceBrowser, `subscription($s: ID!, $cr: ID!) { changeRequestUpdated(spaceId: $s, changeRequestId: $cr) { revision subject } }`, vars)
	comments := sessionStream(t, one, aliceBrowser, `subscription($s: ID!, $cr: ID!) { commentsChanged(spaceId: $s, changeRequestId: $cr) { kind comment { body { markdown } postedBy { email } } } }`, vars)
	// The streams are open once the server answered; the hub reads the
	// feed from its head, so what follows is delivered.

	// Bob comments through server two (his browser session, with its CSRF token).
	r := bob.GraphQL(`mutation($s: ID!, $cr: String!) { postComment(spaceId: $s, changeRequestId: $cr, input: {body: {markdown: "Looks good"}}) { id } }`,
		map[string]any{"s": space, "cr": number})
	if len(r.Errors) > 0 {
		t.Fatalf("bob's comment: %v", r.Errors)
	}
	var c struct {
		CommentsChanged struct {
			Kind    string
			Comment struct {
				Body     struct{ Markdown string }
				PostedBy struct{ Email string }
			}
		}
	}
	nextResult(t, comments, &c)
	if cc := c.CommentsChanged; cc.Kind != "commentCreated" || cc.Comment.Body.Markdown != "Looks good" || cc.Comment.PostedBy.Email != "bob@example.com" {
		t.Errorf("comment result = %+v", cc)
	}
	var u struct {
		ChangeRequestUpdated struct{ Revision, Subject string }
	}
	nextResult(t, updates, &u) // the comment count changed
	// Alice saves an edit through server two.
	two2 := two.User("alice@example.com")
	two2.Token = alice.Token
	edit(t, two2, space, crID, insert("a", "", "# A\n"))
	head := resttest.Str(alice.Get("/v1/spaces/"+space+"/change-requests/"+crID).Expect(http.StatusOK).JSON(), "revision")
	for u.ChangeRequestUpdated.Revision != head {
		nextResult(t, updates, &u)
	}
}
