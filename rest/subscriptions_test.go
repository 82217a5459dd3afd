package rest_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"folio/graph"
	"folio/internal/blob"
	"folio/internal/npmcache"
	"folio/rest"
	"folio/rest/resttest"
)

// The subscription tests drive Folio with the graphql-sse client from npm
// (testdata/graphql-sse/driver.mjs), the client a frontend would use.

// sseDriver is a node process running graphql-sse clients for a test.
type sseDriver struct {
	t     testing.TB
	url   string
	stdin io.WriteCloser
	mu    sync.Mutex
	inbox map[string]*inbox
}

// sseMsg is what the client reported about one subscription.
type sseMsg struct {
	ID      string    `json:"id"`
	Event   string    `json:"event"` // connected, next, complete, error, disposed
	Data    sseResult `json:"data"`
	Status  int       `json:"status"`
	Msg     string    `json:"message"`
	Results int       `json:"results"` // of stats
}

type sseResult struct {
	Data   map[string]json.RawMessage `json:"data"`
	Errors []struct {
		Message    string         `json:"message"`
		Extensions map[string]any `json:"extensions"`
	} `json:"errors"`
}

// code is the first error's extensions.code, "" without errors.
func (r sseResult) code() string {
	if len(r.Errors) == 0 {
		return ""
	}
	c, _ := r.Errors[0].Extensions["code"].(string)
	return c
}

// graphqlSSE installs the client (once per cache) and returns its
// node_modules.
func graphqlSSE(t testing.TB) (node, modules string) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("node not found: install Node.js 18 or later with npm (make test installs it): %v", err)
	}
	dir, err := npmcache.Package("graphql-sse@2.6.1")
	if err != nil {
		t.Fatal(err)
	}
	return node, filepath.Join(dir, "node_modules")
}

// newSSEDriver starts the driver against a server's /graphql.
func newSSEDriver(t testing.TB, srv *resttest.Server) *sseDriver { return sseDriverAt(t, srv.URL) }

// sseDriverAt starts the driver against the /graphql of the server at url.
func sseDriverAt(t testing.TB, url string) *sseDriver {
	t.Helper()
	node, modules := graphqlSSE(t)
	cmd := exec.Command(node, filepath.Join("testdata", "graphql-sse", "driver.mjs"))
	cmd.Env = append(os.Environ(), "NODE_PATH="+modules, "FOLIO_GRAPHQL="+url+"/graphql")
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	d := &sseDriver{t: t, url: url, stdin: stdin, inbox: map[string]*inbox{}}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 16<<20)
		for sc.Scan() {
			var m sseMsg
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				t.Errorf("driver wrote %q: %v", sc.Text(), err)
				continue
			}
			d.inboxOf(m.ID).put(m)
		}
	}()
	cmd.WaitDelay = 5 * time.Second
	// Before the server's cleanups (registered earlier, so run later): the
	// clients go away first.
	t.Cleanup(func() {
		stdin.Close()
		if err := cmd.Wait(); err != nil {
			t.Errorf("driver: %v", err)
		}
	})
	return d
}

// inboxOf returns the queue of messages about subscription id.
func (d *sseDriver) inboxOf(id string) *inbox {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.inbox[id] == nil {
		d.inbox[id] = &inbox{ready: make(chan struct{}, 1)}
	}
	return d.inbox[id]
}

// inbox is an unbounded queue: the reader of the driver's output never
// waits for a test to take a message.
type inbox struct {
	mu    sync.Mutex
	msgs  []sseMsg
	ready chan struct{} // a token when msgs is not empty
}

func (q *inbox) put(m sseMsg) {
	q.mu.Lock()
	q.msgs = append(q.msgs, m)
	q.mu.Unlock()
	select {
	case q.ready <- struct{}{}:
	default:
	}
}

func (q *inbox) take() (sseMsg, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.msgs) == 0 {
		return sseMsg{}, false
	}
	m := q.msgs[0]
	q.msgs = q.msgs[1:]
	if len(q.msgs) > 0 {
		select {
		case q.ready <- struct{}{}:
		default:
		}
	}
	return m, true
}

func (d *sseDriver) send(cmd map[string]any) {
	d.t.Helper()
	b, _ := json.Marshal(cmd)
	if _, err := d.stdin.Write(append(b, '\n')); err != nil {
		d.t.Fatalf("driver: %v", err)
	}
}

// subscribe starts subscription id as client c (anonymous when its token
// is empty) and returns once the client reported the stream accepted or
// refused (then the refusal is the next message).
func (d *sseDriver) subscribe(id string, c *resttest.Client, query string, vars map[string]any) sseMsg {
	d.t.Helper()
	d.send(map[string]any{"op": "subscribe", "id": id, "token": c.Token, "query": query, "variables": vars})
	return d.next(id)
}

// accepted subscribes and fails the test unless the server accepted.
func (d *sseDriver) accepted(id string, c *resttest.Client, query string, vars map[string]any) {
	d.t.Helper()
	if m := d.subscribe(id, c, query, vars); m.Event != "connected" {
		d.t.Fatalf("%s: %+v, want connected", id, m)
	}
}

func (d *sseDriver) dispose(id string) {
	d.t.Helper()
	d.send(map[string]any{"op": "dispose", "id": id})
	for m := d.next(id); m.Event != "disposed"; m = d.next(id) {
	}
}

// next waits for the next message about subscription id.
func (d *sseDriver) next(id string) sseMsg {
	d.t.Helper()
	q := d.inboxOf(id)
	timeout := time.After(30 * time.Second)
	for {
		if m, ok := q.take(); ok {
			return m
		}
		select {
		case <-q.ready:
		case <-timeout:
			d.t.Fatalf("%s: nothing from the client in 30s", id)
			return sseMsg{}
		}
	}
}

// result waits for the next result of subscription id and fails the test
// unless it carries data without errors.
func (d *sseDriver) result(id string) map[string]json.RawMessage {
	d.t.Helper()
	m := d.next(id)
	if m.Event != "next" || len(m.Data.Errors) > 0 {
		d.t.Fatalf("%s: %+v, want a result", id, m)
	}
	return m.Data.Data
}

// refused waits for a result carrying an error with code, then the end of
// the stream.
func (d *sseDriver) refused(id, code string) string {
	d.t.Helper()
	m := d.next(id)
	if m.Event == "connected" {
		m = d.next(id)
	}
	if m.Event != "next" || m.Data.code() != code {
		d.t.Fatalf("%s: %+v, want an error %s", id, m, code)
	}
	if end := d.next(id); end.Event != "complete" {
		d.t.Fatalf("%s: %+v after the error, want complete", id, end)
	}
	return m.Data.Errors[0].Message
}

// streamEvent is an event as the subscriptions below select it.
type streamEvent struct {
	ID       string         `json:"id"`
	Type     string         `json:"type"`
	ObjectID string         `json:"objectId"`
	Space    string         `json:"space"`
	Payload  map[string]any `json:"payload"`
}

const orgEventsQuery = `subscription Feed($org: ID!, $types: [String!], $after: ID) {
  organizationEvents(organizationId: $org, types: $types, after: $after) { id type objectId space payload }
}`

// event waits for the next organizationEvents result.
func (d *sseDriver) event(id string) streamEvent {
	d.t.Helper()
	var e streamEvent
	if err := json.Unmarshal(d.result(id)["organizationEvents"], &e); err != nil {
		d.t.Fatal(err)
	}
	return e
}

// eventsUntil collects organizationEvents results until one has id last.
func (d *sseDriver) eventsUntil(id, last string) []streamEvent {
	d.t.Helper()
	var out []streamEvent
	for {
		e := d.event(id)
		out = append(out, e)
		if e.ID == last {
			return out
		}
		if n, _ := strconv.Atoi(e.ID); n > atoi(last) {
			d.t.Fatalf("%s: event %s past %s without it", id, e.ID, last)
		}
	}
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

func idList[E interface{ id() string }](evs []E) string {
	var out []string
	for _, e := range evs {
		out = append(out, e.id())
	}
	return strings.Join(out, " ")
}

func (e streamEvent) id() string { return e.ID }
func (e feedEvent) id() string   { return e.ID }

// TestSubscriptionOrganizationEvents: a write made through REST reaches a
// subscriber of the organization's feed; a subscriber resuming with
// `after` gets every event it missed, none twice, then the live ones.
func TestSubscriptionOrganizationEvents(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("admin@example.com")
	org := createOrg(t, admin, "Acme")
	d := newSSEDriver(t, srv)

	d.accepted("live", admin, orgEventsQuery, map[string]any{"org": org})
	space := createSpaceID(t, admin, org, map[string]any{"title": "Docs"})
	e := d.event("live")
	if e.Type != "space.created" || e.ObjectID != space || e.Space != space {
		t.Fatalf("first event %+v, want space.created of %s", e, space)
	}
	admin.Patch("/v1/spaces/"+space, map[string]any{"title": "Guides"}).Expect(http.StatusOK)
	if e2 := d.event("live"); e2.Type != "space.updated" || atoi(e2.ID) != atoi(e.ID)+1 {
		t.Fatalf("second event %+v after %s", e2, e.ID)
	}
	d.dispose("live")

	// Missed while away: these, then the live ones, each once.
	lastSeen := feed(t, admin, org, "")
	last := lastSeen[len(lastSeen)-1].ID
	newCR(t, admin, space, "Draft")
	admin.Patch("/v1/spaces/"+space, map[string]any{"emoji": "1f600"}).Expect(http.StatusOK)
	d.accepted("resume", admin, orgEventsQuery, map[string]any{"org": org, "after": last})
	createSpaceID(t, admin, org, map[string]any{"title": "Live"})
	want := feed(t, admin, org, "after="+last)
	got := d.eventsUntil("resume", want[len(want)-1].ID)
	if idList(got) != idList(want) || types(want) != "change_request.created space.updated space.created" {
		t.Fatalf("resumed after %s: %s (%v), want %s (%s)", last, idList(got), got, idList(want), types(want))
	}

	// Types narrow the feed as they narrow GET .../events.
	d.accepted("spaces", admin, orgEventsQuery, map[string]any{"org": org, "after": "0", "types": []string{"space.*"}})
	want = feed(t, admin, org, "types=space.*")
	if got := d.eventsUntil("spaces", want[len(want)-1].ID); idList(got) != idList(want) {
		t.Fatalf("space.* replay %s, want %s", idList(got), idList(want))
	}
}

// TestSubscriptionVisibility: a guest's and a member's streams hold
// exactly what GET .../events lists for each, replayed and live.
func TestSubscriptionVisibility(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("admin@example.com")
	guest := srv.User("guest@example.com")
	member := srv.User("member@example.com")
	org := createOrg(t, admin, "Acme")
	addMember(t, admin, org, guest, nil)
	addMember(t, admin, org, member, "read")
	open := createSpaceID(t, admin, org, map[string]any{"title": "Open"})
	admin.Patch("/v1/spaces/"+open, map[string]any{"defaultLevel": "read"}).Expect(http.StatusOK)
	closed := createSpaceID(t, admin, org, map[string]any{"title": "Closed"})
	d := newSSEDriver(t, srv)

	d.accepted("guest", guest, orgEventsQuery, map[string]any{"org": org, "after": "0"})
	d.accepted("member", member, orgEventsQuery, map[string]any{"org": org, "after": "0"})
	// Live: in both spaces, and about neither.
	admin.Patch("/v1/spaces/"+closed, map[string]any{"title": "Still closed"}).Expect(http.StatusOK)
	admin.Patch("/v1/spaces/"+open, map[string]any{"title": "Still open"}).Expect(http.StatusOK)
	admin.Post("/v1/spaces/"+closed+"/comments", map[string]any{"body": map[string]any{"markdown": "hm"}}).Expect(http.StatusOK)
	admin.Post("/v1/spaces/"+open+"/comments", map[string]any{"body": map[string]any{"markdown": "ok"}}).Expect(http.StatusOK)
	admin.Patch("/v1/orgs/"+org, map[string]any{"title": "Acme Inc"}).Expect(http.StatusOK)
	createSpaceID(t, admin, org, map[string]any{"title": "Last"}) // the member's last event

	for _, c := range []struct {
		id     string
		client *resttest.Client
	}{{"guest", guest}, {"member", member}} {
		want := feed(t, c.client, org, "")
		got := d.eventsUntil(c.id, want[len(want)-1].ID)
		if idList(got) != idList(want) {
			t.Errorf("%s stream %s, GET .../events %s", c.id, idList(got), idList(want))
		}
		for _, e := range got {
			if c.id == "guest" && e.Space != open {
				t.Errorf("guest got %+v", e)
			}
		}
	}
}

// TestSubscriptionRefusals: every refusal is a result carrying the error,
// then `complete`, as the graphql-sse protocol has it; nothing runs.
func TestSubscriptionRefusals(t *testing.T) {
	srv := resttest.New(t, resttest.WithGraphQLLimits(graph.Limits{MaxDepth: 4, MaxComplexity: 200}))
	admin := srv.User("admin@example.com")
	outsider := srv.User("outsider@example.com")
	org := createOrg(t, admin, "Acme")
	space := createSpaceID(t, admin, org, map[string]any{"title": "Docs"})
	cr := resttest.Str(newCR(t, admin, space, "Draft"), "id")
	d := newSSEDriver(t, srv)

	d.subscribe("anonymous", srv.Anonymous(), orgEventsQuery, map[string]any{"org": org})
	d.refused("anonymous", "UNAUTHENTICATED")
	d.subscribe("outsider", outsider, orgEventsQuery, map[string]any{"org": org})
	d.refused("outsider", "NOT_FOUND")
	d.subscribe("unknown", admin, orgEventsQuery, map[string]any{"org": "nope"})
	d.refused("unknown", "NOT_FOUND")
	d.subscribe("outsider-cr", outsider, crQuery, map[string]any{"space": space, "cr": cr})
	d.refused("outsider-cr", "NOT_FOUND")
	d.subscribe("bad-after", admin, orgEventsQuery, map[string]any{"org": org, "after": "x"})
	d.refused("bad-after", "INVALID")

	// The operation limits, as on POST (depth 4, complexity 200 here).
	d.subscribe("deep", admin, `subscription($space: ID!, $cr: ID!) {
  changeRequestUpdated(spaceId: $space, changeRequestId: $cr) { content { pages { pages { pages { id } } } } }
}`, map[string]any{"space": space, "cr": cr})
	d.refused("deep", "QUERY_TOO_DEEP")
	d.subscribe("complex", admin, `subscription($space: ID!, $cr: ID!) {
  changeRequestUpdated(spaceId: $space, changeRequestId: $cr) { content { fileList(limit: 500) { count } } }
}`, map[string]any{"space": space, "cr": cr})
	d.refused("complex", "QUERY_TOO_COMPLEX")
	d.subscribe("invalid", admin, `subscription { organizationEvents(organizationId: "x") { nope } }`, nil)
	d.refused("invalid", "GRAPHQL_VALIDATION_FAILED")

	// A subscription over a plain POST is refused at once, not left waiting.
	res := admin.GraphQL(orgEventsQuery, map[string]any{"org": org})
	if len(res.Errors) == 0 || res.Errors[0].Extensions["code"] != "INVALID" {
		t.Errorf("subscription over POST: %+v", res)
	}
	// A GET stream runs queries and subscriptions, never mutations.
	body := getStream(t, srv, admin, `mutation { createOrganization(input: {title: "X"}) { id } }`)
	if !strings.Contains(body, `"code":"INVALID"`) || !strings.HasSuffix(body, "event: complete\n\n") {
		t.Errorf("mutation over a GET stream:\n%s", body)
	}
	body = getStream(t, srv, admin, `{ apiInformation { version } }`)
	if !strings.Contains(body, "event: next\ndata: {\"data\":{\"apiInformation\"") || !strings.HasSuffix(body, "event: complete\n\n") {
		t.Errorf("query over a GET stream:\n%s", body)
	}
}

// getStream reads a whole event stream answered to a GET of query.
func getStream(t *testing.T, srv *resttest.Server, c *resttest.Client, query string) string {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/graphql?query="+urlQuery(query), nil)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Authorization", "Bearer "+c.Token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("GET stream: %d %s: %s", resp.StatusCode, resp.Header.Get("Content-Type"), b)
	}
	return string(b)
}

func urlQuery(s string) string {
	r := strings.NewReplacer(" ", "%20", "{", "%7B", "}", "%7D", "\"", "%22", "(", "%28", ")", "%29", ":", "%3A", "\n", "%0A")
	return r.Replace(s)
}

const crQuery = `subscription CR($space: ID!, $cr: ID!) {
  changeRequestUpdated(spaceId: $space, changeRequestId: $cr) { id subject status comments revision }
}`

const commentsQuery = `subscription Comments($space: ID!, $cr: ID) {
  commentsChanged(spaceId: $space, changeRequestId: $cr) {
    kind commentId replyId event { id type } comment { id status body { markdown } }
  }
}`

type crResult struct {
	ID       string `json:"id"`
	Subject  string `json:"subject"`
	Status   string `json:"status"`
	Comments int    `json:"comments"`
	Revision string `json:"revision"`
}

type commentChange struct {
	Kind      string  `json:"kind"`
	CommentID string  `json:"commentId"`
	ReplyID   *string `json:"replyId"`
	Event     struct {
		ID   string `json:"id"`
		Type string `json:"type"`
	} `json:"event"`
	Comment *struct {
		ID     string `json:"id"`
		Status string `json:"status"`
		Body   struct {
			Markdown string `json:"markdown"`
		} `json:"body"`
	} `json:"comment"`
}

func (d *sseDriver) cr(id string) crResult {
	d.t.Helper()
	var r crResult
	json.Unmarshal(d.result(id)["changeRequestUpdated"], &r)
	return r
}

func (d *sseDriver) comment(id string) commentChange {
	d.t.Helper()
	var r commentChange
	json.Unmarshal(d.result(id)["commentsChanged"], &r)
	return r
}

// TestSubscriptionChangeRequestAndComments: changeRequestUpdated sends the
// change request each time it changes; commentsChanged one result per
// change of its thread's comments, and only its thread's; a caller who
// loses access to the space gets NOT_FOUND and nothing more.
func TestSubscriptionChangeRequestAndComments(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("admin@example.com")
	guest := srv.User("guest@example.com")
	org := createOrg(t, admin, "Acme")
	addMember(t, admin, org, guest, nil)
	space := createSpaceID(t, admin, org, map[string]any{"title": "Docs"})
	admin.Patch("/v1/spaces/"+space, map[string]any{"defaultLevel": "comment"}).Expect(http.StatusOK)
	cr := resttest.Str(newCR(t, admin, space, "Draft"), "id")
	base := "/v1/spaces/" + space + "/change-requests/" + cr
	d := newSSEDriver(t, srv)

	d.accepted("cr", admin, crQuery, map[string]any{"space": space, "cr": cr})
	d.accepted("cr-comments", admin, commentsQuery, map[string]any{"space": space, "cr": cr})
	d.accepted("space-comments", admin, commentsQuery, map[string]any{"space": space})
	d.accepted("guest-cr", guest, crQuery, map[string]any{"space": space, "cr": "1"}) // by number

	admin.Patch(base, map[string]any{"subject": "Ready"}).Expect(http.StatusOK)
	if r := d.cr("cr"); r.ID != cr || r.Subject != "Ready" {
		t.Fatalf("after the subject: %+v", r)
	}
	edit(t, admin, space, cr, insert("a", "", "# A\n\nHello."), insert("b", "", "# B\n\nWorld."))
	r := d.cr("cr") // two page.updated events of one write: one result
	if r.Revision == "" {
		t.Fatalf("after the content: %+v", r)
	}

	c := admin.Post(base+"/comments", map[string]any{"body": map[string]any{"markdown": "Typo?"}}).Expect(http.StatusOK).JSON()
	cid := resttest.Str(c, "id")
	if ch := d.comment("cr-comments"); ch.Kind != "commentCreated" || ch.CommentID != cid || ch.Comment == nil ||
		ch.Comment.Body.Markdown != "Typo?" || ch.Event.Type != "comment.created" {
		t.Fatalf("comment posted: %+v", ch)
	}
	if r := d.cr("cr"); r.Comments != 1 {
		t.Fatalf("after a comment: %+v", r)
	}
	reply := admin.Post(base+"/comments/"+cid+"/replies", map[string]any{"body": map[string]any{"markdown": "Fixed"}}).Expect(http.StatusOK).JSON()
	if ch := d.comment("cr-comments"); ch.Kind != "replyCreated" || ch.CommentID != cid || ch.ReplyID == nil ||
		*ch.ReplyID != resttest.Str(reply, "id") || ch.Comment == nil {
		t.Fatalf("reply posted: %+v", ch)
	}
	// The space's own discussion is another thread.
	own := admin.Post("/v1/spaces/"+space+"/comments", map[string]any{"body": map[string]any{"markdown": "General"}}).Expect(http.StatusOK).JSON()
	if ch := d.comment("space-comments"); ch.Kind != "commentCreated" || ch.CommentID != resttest.Str(own, "id") {
		t.Fatalf("space comment: %+v", ch)
	}
	admin.Put(base+"/comments/"+cid, map[string]any{"resolved": true}).Expect(http.StatusOK)
	if ch := d.comment("cr-comments"); ch.Kind != "commentUpdated" || ch.Comment == nil || ch.Comment.Status != "resolved" {
		t.Fatalf("comment resolved (and not the space's comment first): %+v", ch)
	}
	if r := d.cr("cr"); r.Comments != 0 {
		t.Fatalf("after resolving: %+v", r)
	}
	admin.Delete(base + "/comments/" + cid).Expect(http.StatusResetContent)
	if ch := d.comment("cr-comments"); ch.Kind != "commentDeleted" || ch.CommentID != cid || ch.Comment != nil {
		t.Fatalf("comment deleted: %+v", ch)
	}
	if r := d.cr("cr"); r.Comments != 0 {
		t.Fatalf("after deleting: %+v", r)
	}

	// The guest saw a result for every change so far (the subject, the
	// content, three comment changes). Each is the change request as it
	// is when the guest's stream reads it, and that stream was not read
	// in step with the writes: the counts along the way depend on how far
	// behind it ran, the last one does not.
	for i := range 5 {
		r := d.cr("guest-cr")
		if r.Subject != "Ready" || r.Comments > 1 || (i == 4 && r.Comments != 0) {
			t.Fatalf("guest, result %d: %+v", i+1, r)
		}
	}
	// Losing access ends the guest's stream with NOT_FOUND; the admin's goes on.
	admin.Patch("/v1/spaces/"+space, map[string]any{"defaultLevel": nil}).Expect(http.StatusOK)
	d.refused("guest-cr", "NOT_FOUND")
	admin.Patch(base, map[string]any{"subject": "Final"}).Expect(http.StatusOK)
	if r := d.cr("cr"); r.Subject != "Final" {
		t.Fatalf("admin after the guest left: %+v", r)
	}
}

// TestSubscriptionMemberRemoved: a member removed from the organization
// stops receiving its feed, with NOT_FOUND.
func TestSubscriptionMemberRemoved(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("admin@example.com")
	member := srv.User("member@example.com")
	org := createOrg(t, admin, "Acme")
	addMember(t, admin, org, member, "edit")
	d := newSSEDriver(t, srv)
	d.accepted("member", member, orgEventsQuery, map[string]any{"org": org})
	createSpaceID(t, admin, org, map[string]any{"title": "Docs"})
	if e := d.event("member"); e.Type != "space.created" {
		t.Fatalf("%+v", e)
	}
	admin.Delete("/v1/orgs/" + org + "/members/" + member.UserID).Expect(http.StatusNoContent)
	d.refused("member", "NOT_FOUND")
}

// TestSubscriptionConcurrencyLimits: at most PerToken subscriptions per
// token and Max per server; ending one frees its place.
func TestSubscriptionConcurrencyLimits(t *testing.T) {
	srv := resttest.New(t, resttest.WithSubscriptionLimits(graph.SubscriptionLimits{PerToken: 2, Max: 3}))
	a := srv.User("a@example.com")
	b := srv.User("b@example.com")
	org := createOrg(t, a, "Acme")
	addMember(t, a, org, b, "read")
	d := newSSEDriver(t, srv)
	vars := map[string]any{"org": org}

	d.accepted("a1", a, orgEventsQuery, vars)
	d.accepted("a2", a, orgEventsQuery, vars)
	d.subscribe("a3", a, orgEventsQuery, vars)
	if msg := d.refused("a3", "TOO_MANY_SUBSCRIPTIONS"); !strings.Contains(msg, "FOLIO_SUBSCRIPTIONS_PER_TOKEN") {
		t.Errorf("per token: %s", msg)
	}
	d.accepted("b1", b, orgEventsQuery, vars)
	d.subscribe("b2", b, orgEventsQuery, vars)
	if msg := d.refused("b2", "TOO_MANY_SUBSCRIPTIONS"); !strings.Contains(msg, "FOLIO_SUBSCRIPTIONS_MAX") {
		t.Errorf("per server: %s", msg)
	}
	d.dispose("a1")
	waitFor(t, "a1's stream to end", func() bool { return srv.Subscriptions.Open() == 2 })
	d.accepted("a4", a, orgEventsQuery, vars)
	createSpaceID(t, a, org, map[string]any{"title": "Docs"})
	for _, id := range []string{"a2", "a4", "b1"} {
		if e := d.event(id); e.Type != "space.created" {
			t.Errorf("%s: %+v", id, e)
		}
	}
}

// waitFor polls cond until it holds (or fails the test after 30 s).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("waited 30s for %s", what)
		}
	}
}

// TestSubscriptionRateLimit: each subscribe is a request of the rate
// limit; over it, the client gets 429 before any stream.
func TestSubscriptionRateLimit(t *testing.T) {
	srv := resttest.New(t, resttest.WithRateLimit(6, time.Hour))
	admin := srv.User("admin@example.com")
	org := createOrg(t, admin, "Acme") // 1 request
	d := newSSEDriver(t, srv)
	for i := range 3 { // 3 more
		id := fmt.Sprint("s", i)
		d.accepted(id, admin, orgEventsQuery, map[string]any{"org": org})
		d.dispose(id)
	}
	resp := admin.Get("/v1/orgs/" + org) // the fifth
	if got := resp.Header.Get("X-RateLimit-Remaining"); got != "1" {
		t.Fatalf("X-RateLimit-Remaining %q after 5 requests of 6, 3 of them subscribes", got)
	}
	d.accepted("last", admin, orgEventsQuery, map[string]any{"org": org})
	if m := d.subscribe("over", admin, orgEventsQuery, map[string]any{"org": org}); m.Event != "error" || m.Status != http.StatusTooManyRequests {
		t.Fatalf("over the limit: %+v", m)
	}
}

// TestSubscriptionTwoServers: two servers on one database deliver the
// same events in the same order, whichever server took each write.
func TestSubscriptionTwoServers(t *testing.T) {
	one := resttest.New(t)
	two := resttest.New(t, resttest.SharingDatabase(one))
	admin := one.User("admin@example.com")
	org := createOrg(t, admin, "Acme")
	admin2 := two.User("admin2@example.com")                // a client of two ...
	admin2.Token, admin2.UserID = admin.Token, admin.UserID // ... as admin
	d1, d2 := newSSEDriver(t, one), newSSEDriver(t, two)
	d1.accepted("feed", admin, orgEventsQuery, map[string]any{"org": org})
	d2.accepted("feed", admin2, orgEventsQuery, map[string]any{"org": org})

	var wg sync.WaitGroup
	for i := range 12 {
		wg.Go(func() {
			c := admin
			if i%2 == 1 {
				c = admin2
			}
			if r := c.Post("/v1/orgs/"+org+"/spaces", map[string]any{"title": fmt.Sprint("Space ", i)}); r.Status != http.StatusCreated {
				t.Errorf("create space: %d %s", r.Status, r.Body)
			}
		})
	}
	wg.Wait()
	want := feed(t, admin, org, "types=space.created")
	if len(want) != 12 {
		t.Fatalf("%d spaces created", len(want))
	}
	last := want[len(want)-1].ID
	got1, got2 := d1.eventsUntil("feed", last), d2.eventsUntil("feed", last)
	if idList(got1) != idList(want) || idList(got2) != idList(want) {
		t.Fatalf("server one %s, server two %s, feed %s", idList(got1), idList(got2), idList(want))
	}
}

// TestSubscriptionStreamTimeouts: a stream outlives the server's read and
// write timeouts (each write has its own deadline instead), gets comment
// lines while idle, and ends with `complete` when the server shuts down,
// without holding the shutdown up.
func TestSubscriptionStreamTimeouts(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("admin@example.com")
	org := createOrg(t, admin, "Acme")
	subs := graph.NewSubscriptions(srv.Store, graph.SubscriptionLimits{KeepAlive: 100 * time.Millisecond}, nil)
	h, err := rest.NewHandler(rest.Config{Store: srv.Store, PublicURL: "http://folio.test", Blobs: blob.Dir{Root: t.TempDir()}, Subscriptions: subs})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: h, ReadTimeout: time.Second, WriteTimeout: time.Second}
	hs.RegisterOnShutdown(subs.Close)
	go hs.Serve(ln)
	t.Cleanup(func() { subs.Close(); hs.Close() })
	url := "http://" + ln.Addr().String()
	d := sseDriverAt(t, url)
	d.accepted("feed", admin, orgEventsQuery, map[string]any{"org": org})

	// Idle, the stream gets a comment line every KeepAlive.
	req, _ := http.NewRequest(http.MethodPost, url+"/graphql", strings.NewReader(`{"query":"subscription { organizationEvents(organizationId: \"`+org+`\") { id } }"}`))
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+admin.Token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 9)
	if _, err := io.ReadFull(resp.Body, buf); err != nil || string(buf) != ":\n\n:\n\n:\n\n" {
		t.Fatalf("idle stream starts %q (%v), want comment lines", buf, err)
	}
	resp.Body.Close()

	time.Sleep(2500 * time.Millisecond) // past both timeouts of the server
	space := createSpaceID(t, admin, org, map[string]any{"title": "Docs"})
	if e := d.event("feed"); e.ObjectID != space {
		t.Fatalf("after the timeouts: %+v", e)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := hs.Shutdown(ctx); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	if m := d.next("feed"); m.Event != "complete" {
		t.Fatalf("on shutdown: %+v, want complete", m)
	}
}

// TestSubscriptionLifetimes: a stream ends with `complete` at its maximum
// lifetime, and when idle for the idle timeout; the places it held are
// free again.
func TestSubscriptionLifetimes(t *testing.T) {
	short := resttest.New(t, resttest.WithSubscriptionLimits(graph.SubscriptionLimits{MaxLifetime: time.Second}))
	idle := resttest.New(t, resttest.SharingDatabase(short), resttest.WithSubscriptionLimits(graph.SubscriptionLimits{IdleTimeout: time.Second}))
	admin := short.User("admin@example.com")
	org := createOrg(t, admin, "Acme")
	onIdle := idle.User("other@example.com")
	onIdle.Token, onIdle.UserID = admin.Token, admin.UserID
	for _, c := range []struct {
		srv    *resttest.Server
		client *resttest.Client
	}{{short, admin}, {idle, onIdle}} {
		d := newSSEDriver(t, c.srv)
		d.accepted("feed", c.client, orgEventsQuery, map[string]any{"org": org})
		if m := d.next("feed"); m.Event != "complete" {
			t.Fatalf("%+v, want complete", m)
		}
		waitFor(t, "the stream to end", func() bool { return c.srv.Subscriptions.Open() == 0 })
	}
	// Streams are a route of their own in the metrics.
	waitFor(t, "the stream's metrics", func() bool {
		return strings.Contains(short.Metrics(), `route="/graphql (stream)",status="200"`)
	})
}

// TestSubscriptionEndsWhenTokenRevoked: a stream's token is checked again
// at every keep-alive, so revoking it ends the stream with UNAUTHENTICATED
// instead of leaving it open for its lifetime.
func TestSubscriptionEndsWhenTokenRevoked(t *testing.T) {
	srv := resttest.New(t, resttest.WithSubscriptionLimits(graph.SubscriptionLimits{KeepAlive: 200 * time.Millisecond}))
	admin := srv.User("admin@example.com")
	org := createOrg(t, admin, "Acme")
	d := newSSEDriver(t, srv)
	d.accepted("feed", admin, orgEventsQuery, map[string]any{"org": org})
	if err := srv.Store.RevokeToken(context.Background(), admin.Token); err != nil {
		t.Fatal(err)
	}
	d.refused("feed", "UNAUTHENTICATED")
	waitFor(t, "the stream to end", func() bool { return srv.Subscriptions.Open() == 0 })
}
