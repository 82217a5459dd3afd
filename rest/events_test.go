package rest_test

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"folio/rest/resttest"
	"folio/store"
)

// feedEvent is an event as GET .../events shows it.
type feedEvent struct {
	Object       string         `json:"object"`
	ID           string         `json:"id"`
	Type         string         `json:"type"`
	Organization string         `json:"organization"`
	Actor        string         `json:"actor"`
	ObjectID     string         `json:"objectId"`
	Space        string         `json:"space"`
	CreatedAt    string         `json:"createdAt"`
	Payload      map[string]any `json:"payload"`
}

type feedPage struct {
	Items []feedEvent `json:"items"`
	Next  *struct {
		Page string `json:"page"`
	} `json:"next"`
}

// feed reads every event of an organization the client sees, following pages.
func feed(t *testing.T, c *resttest.Client, org, query string) []feedEvent {
	t.Helper()
	var all []feedEvent
	path := "/v1/orgs/" + org + "/events?limit=3"
	if query != "" {
		path += "&" + query
	}
	for next := ""; ; {
		var p feedPage
		c.Get(path + next).Expect(http.StatusOK).Decode(&p)
		all = append(all, p.Items...)
		if p.Next == nil {
			return all
		}
		next = "&page=" + p.Next.Page
	}
}

func types(evs []feedEvent) string {
	var out []string
	for _, e := range evs {
		out = append(out, e.Type)
	}
	return strings.Join(out, " ")
}

func TestEventsFeed(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("admin@example.com")
	guest := srv.User("guest@example.com")
	outsider := srv.User("outsider@example.com")
	org := createOrg(t, admin, "Acme")
	addMember(t, admin, org, guest, nil)

	open := createSpaceID(t, admin, org, map[string]any{"title": "Open"})
	admin.Patch("/v1/spaces/"+open, map[string]any{"title": "Open docs", "defaultLevel": "read"}).Expect(http.StatusOK)
	closed := createSpaceID(t, admin, org, map[string]any{"title": "Closed"})
	cr := newCR(t, admin, open, "First draft")
	crID := resttest.Str(cr, "id")
	pages := edit(t, admin, open, crID, insert("a", "", "# A\n\nHello."))
	admin.Post("/v1/spaces/"+open+"/change-requests/"+crID+"/merge", nil).Expect(http.StatusOK)
	admin.Post("/v1/spaces/"+closed+"/comments", map[string]any{"body": map[string]any{"markdown": "hm"}}).Expect(http.StatusOK)
	admin.Delete("/v1/spaces/" + closed).Expect(http.StatusResetContent)
	// A write that fails appends nothing.
	admin.Patch("/v1/spaces/"+closed, map[string]any{"title": "Gone"}).Expect(http.StatusNotFound)

	all := feed(t, admin, org, "")
	want := "organization.created member.created invitation.created member.created invitation.deleted space.created space.updated space.created " +
		"change_request.created page.updated change_request.merged comment.created space.deleted"
	if got := types(all); got != want {
		t.Fatalf("feed =\n  %s\nwant\n  %s", got, want)
	}
	for i, e := range all {
		if e.ID != strconv.Itoa(i+1) {
			t.Errorf("event %d has id %s, want %d (monotonic, no gaps)", i, e.ID, i+1)
		}
		if e.Object != "event" || e.Organization != org || e.CreatedAt == "" {
			t.Errorf("event %d = %+v", i, e)
		}
	}
	upd := all[6]
	if upd.Actor != admin.UserID || upd.ObjectID != open || upd.Space != open || fmt.Sprint(upd.Payload["changed"]) != "[title defaultLevel]" {
		t.Errorf("space.updated = %+v", upd)
	}
	if pu := all[9]; pu.ObjectID != pages["a"] || pu.Payload["changeRequest"] != crID || pu.Payload["change"] != "created_page" {
		t.Errorf("page.updated = %+v", pu)
	}
	if m := all[10]; m.ObjectID != crID || m.Payload["number"] != float64(1) || m.Payload["revision"] == "" {
		t.Errorf("change_request.merged = %+v", m)
	}

	// after, types (exact and object.*), paging.
	if got := types(feed(t, admin, org, "after=10")); got != "change_request.merged comment.created space.deleted" {
		t.Errorf("after=10: %s", got)
	}
	if got := types(feed(t, admin, org, "types=change_request.*,space.deleted")); got != "change_request.created change_request.merged space.deleted" {
		t.Errorf("types: %s", got)
	}
	if got := types(feed(t, admin, org, "types=space.created&types=page.updated")); got != "space.created space.created page.updated" {
		t.Errorf("repeated types: %s", got)
	}
	admin.Get("/v1/orgs/" + org + "/events?after=x").ExpectError(http.StatusBadRequest)
	admin.Get("/v1/orgs/" + org + "/events?page=bogus").ExpectError(http.StatusBadRequest)

	// A guest sees the events of the spaces it can read, nothing else.
	if got := types(feed(t, guest, org, "")); got != "space.created space.updated change_request.created page.updated change_request.merged" {
		t.Errorf("guest feed: %s", got)
	}
	for _, e := range feed(t, guest, org, "") {
		if e.Space != open {
			t.Errorf("guest sees %+v", e)
		}
	}
	outsider.Get("/v1/orgs/" + org + "/events").ExpectError(http.StatusNotFound)
	srv.Anonymous().Get("/v1/orgs/" + org + "/events").ExpectError(http.StatusUnauthorized)

	// GraphQL: organization { events }.
	res := admin.GraphQL(`query($id: ID!) { organization(id: $id) { events(after: "11", limit: 1) { items { id type objectId } next { page } } } }`,
		map[string]any{"id": org})
	if len(res.Errors) > 0 || !strings.Contains(string(res.Data), `"id":"12","type":"comment.created"`) || !strings.Contains(string(res.Data), `"next":{"page"`) {
		t.Errorf("graphql events: %s %v", res.Data, res.Errors)
	}
}

func TestEventsConcurrentWritersAreMonotonic(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("admin@example.com")
	org := createOrg(t, admin, "Acme")
	space := createSpaceID(t, admin, org, map[string]any{"title": "S"})
	const writers, each = 8, 5
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := admin.In(t)
			for i := range each {
				c.Patch("/v1/spaces/"+space, map[string]any{"title": fmt.Sprintf("w%d-%d", w, i)}).Expect(http.StatusOK)
			}
		}()
	}
	wg.Wait()
	all := feed(t, admin, org, "types=space.updated")
	if len(all) != writers*each {
		t.Fatalf("%d space.updated events, want %d", len(all), writers*each)
	}
	ids := make([]int, len(all))
	for i, e := range all {
		ids[i], _ = strconv.Atoi(e.ID)
	}
	if !sort.IntsAreSorted(ids) || ids[0] != 4 || ids[len(ids)-1] != 3+writers*each {
		t.Errorf("ids = %v, want 4..%d in order", ids, 3+writers*each)
	}
}

func TestEventsPrune(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("admin@example.com")
	org := createOrg(t, admin, "Acme")
	createSpaceID(t, admin, org, map[string]any{"title": "S"})
	ctx := context.Background()
	if n, err := srv.Store.PruneEvents(ctx, time.Hour); err != nil || n != 0 {
		t.Fatalf("prune fresh = %d, %v", n, err)
	}
	later := time.Now().Add(2 * time.Hour)
	srv.Store.SetClock(func() time.Time { return later })
	defer srv.Store.SetClock(time.Now)
	createSpaceID(t, admin, org, map[string]any{"title": "T"}) // stamped two hours on
	if n, err := srv.Store.PruneEvents(ctx, time.Hour); err != nil || n != 3 {
		t.Fatalf("prune = %d, %v; want the 3 old events", n, err)
	}
	if got := feed(t, admin, org, ""); types(got) != "space.created" || got[0].ID != "4" {
		t.Errorf("after prune: %+v", got)
	}
	_ = store.DefaultEventRetention
}
