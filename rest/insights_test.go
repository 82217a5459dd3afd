package rest_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"

	"folio/rest/resttest"
	"folio/service/insights"
	"folio/store"
)

// insightsPath is the REST base of a site's insights.
func insightsPath(org, site string) string { return sitesPath(org) + "/" + site + "/insights/events" }

// getAs fetches a reader page with a user agent of its own.
func (b *browser) getAs(ua, path string) webPage { return b.get(path, "User-Agent", ua) }

// postForm posts a reader's form (no script, no token).
func (b *browser) postForm(path string, form url.Values) webPage {
	b.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, b.base+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("User-Agent", "UA-1")
	resp, err := b.c.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return webPage{Status: resp.StatusCode, Header: resp.Header, Body: string(raw)}
}

// insightRows reads every stored event of a site as generic rows.
func insightRows(t *testing.T, srv *resttest.Server, site string) []map[string]any {
	t.Helper()
	var rows []map[string]any
	if err := srv.Store.DB.NewRaw(`SELECT * FROM site_insight_events WHERE site_id = ? ORDER BY id`, site).Scan(t.Context(), &rows); err != nil {
		t.Fatal(err)
	}
	return rows
}

func TestInsightsReaderRecords(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	id, guide, _ := readerSite(t, srv, alice, org, "public")
	b := newBrowser(t, srv)
	setup := "/sites/" + id + "/docs/guide-v1/setup"
	// Without page feedback in the site's customization, no form, and a
	// post is refused like an unknown page.
	if strings.Contains(b.getAs("UA-1", setup).expect(t, http.StatusOK).Body, `class="feedback"`) {
		t.Error("a feedback form on a site without page feedback")
	}
	b.postForm(setup, url.Values{"rating": {"good"}}).expect(t, http.StatusNotFound)
	alice.Put(sitesPath(org)+"/"+id+"/customization", map[string]any{"feedback": map[string]any{"enabled": true}}).Expect(http.StatusOK)

	p := b.getAs("UA-1", setup).expect(t, http.StatusOK)
	p.has(t, `<form class="feedback" method="post" action="`+setup+`"`, `name="rating" value="good"`)
	b.getAs("UA-1", setup).expect(t, http.StatusOK) // from the cache
	b.getAs("UA-1", setup).expect(t, http.StatusOK)
	b.get(setup, "User-Agent", "UA-1", "If-None-Match", p.Header.Get("ETag")).expect(t, http.StatusNotModified)
	b.getAs("UA-2", setup).expect(t, http.StatusOK)
	b.getAs("UA-1", "/sites/"+id+"/docs/guide-v1/~search?q=configure").expect(t, http.StatusOK)
	b.getAs("UA-1", "/sites/"+id+"/docs/guide-v1/~search?q=zzzqqqx").expect(t, http.StatusOK).has(t, "No page matches")
	b.postForm(setup, url.Values{"rating": {"good"}, "comment": {"Clear, thanks"}}).expect(t, http.StatusOK).has(t, "Thank you")
	b.postForm(setup, url.Values{"rating": {"bad"}}).expect(t, http.StatusOK)
	b.postForm(setup, url.Values{"rating": {"great"}}).expect(t, http.StatusBadRequest)
	b.postForm(setup, url.Values{"rating": {"bad"}, "comment": {strings.Repeat("x", 513)}}).expect(t, http.StatusBadRequest)
	b.postForm("/sites/"+id+"/docs/guide-v1/no-such-page", url.Values{"rating": {"bad"}}).expect(t, http.StatusNotFound)

	// Buffered: nothing is written before the flush.
	if rows := insightRows(t, srv, id); len(rows) != 0 {
		t.Fatalf("%d events written before the flush", len(rows))
	}
	if err := srv.Insights.Flush(t.Context()); err != nil {
		t.Fatal(err)
	}
	rows := insightRows(t, srv, id)
	count := map[string]int{}
	hashes := map[string]bool{}
	var setupPage string
	for _, r := range rows {
		count[r["type"].(string)]++
		if r["type"] == "page_view" {
			hashes[r["visitor_hash"].(string)] = true
			if r["url_path"] != setup || r["space_id"] != guide.ID || r["page_id"] == nil {
				t.Errorf("page view row %v", r)
			}
			setupPage = r["page_id"].(string)
		}
		for k, v := range r {
			if s, ok := v.(string); ok && (strings.Contains(s, "127.0.0.1") || strings.Contains(s, "UA-")) {
				t.Errorf("column %s holds the address or user agent: %q", k, s)
			}
		}
	}
	want := map[string]int{"page_view": 6, "search_type_query": 2, "page_post_feedback": 1, "page_post_feedback_comment": 1}
	if !reflect.DeepEqual(count, want) {
		t.Errorf("events %v, want %v", count, want)
	}
	if len(hashes) != 2 {
		t.Errorf("%d visitors, want 2 (one per user agent)", len(hashes))
	}
	// The hash is the day's salted HMAC of site, address and user agent.
	salt, err := srv.Store.InsightsSalt(t.Context(), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if h := insights.VisitorHash(salt, id, "127.0.0.1", "UA-1"); !hashes[h] {
		t.Errorf("no visitor hashed as %s among %v", h, hashes)
	}
	other, err := srv.Store.InsightsSalt(t.Context(), time.Now().AddDate(0, 0, 1))
	if err != nil {
		t.Fatal(err)
	}
	if h := insights.VisitorHash(other, id, "127.0.0.1", "UA-1"); hashes[h] || string(other) == string(salt) {
		t.Error("tomorrow's salt makes today's hash: visitors could be followed across days")
	}
	// The table has no column for an address, a user agent or a cookie.
	var cols []string
	if err := srv.Store.DB.NewRaw(`SELECT column_name FROM information_schema.columns WHERE table_name = 'site_insight_events' ORDER BY 1`).Scan(t.Context(), &cols); err != nil {
		t.Fatal(err)
	}
	for _, c := range cols {
		if strings.Contains(c, "ip") && c != "display_context" || strings.Contains(c, "agent") || strings.Contains(c, "cookie") || strings.Contains(c, "addr") {
			t.Errorf("column %s", c)
		}
	}
	// The searches carry their hit counts; feedback its rating and comment.
	for _, r := range rows {
		switch r["type"] {
		case "search_type_query":
			hits := r["search_hits"].(int64)
			if (r["search_query"] == "configure") != (hits > 0) {
				t.Errorf("search %v: %d hits", r["search_query"], hits)
			}
		case "page_post_feedback_comment":
			if r["feedback_rating"] != "good" || r["feedback_comment"] != "Clear, thanks" || r["page_id"] != setupPage {
				t.Errorf("feedback row %v", r)
			}
		}
	}

	// The same through the API: views of the page, searches without results.
	agg := alice.Post(insightsPath(org, id)+"/aggregate", map[string]any{
		"range":   "last24Hours",
		"select":  []any{map[string]any{"column": "eventSearchQuery"}, map[string]any{"column": "eventsCount"}},
		"groupBy": []any{map[string]any{"column": "eventSearchQuery"}},
		"where": []any{map[string]any{"column": "eventType", "values": []any{"search_type_query"}},
			map[string]any{"column": "searchResultsCount", "values": []any{0}}},
	}).Expect(http.StatusOK).JSON()
	if got := columnsOf(agg); !reflect.DeepEqual(got, map[string][]any{"eventSearchQuery": {"zzzqqqx"}, "eventsCount": {1.0}}) {
		t.Errorf("searches without results: %v", got)
	}
}

// columnsOf reads GitBook's columnar answer as column -> values.
func columnsOf(body map[string]any) map[string][]any {
	out := map[string][]any{}
	cols, _ := body["columns"].([]any)
	for _, c := range cols {
		m := c.(map[string]any)
		vals, _ := m["values"].([]any)
		if vals == nil {
			vals = []any{}
		}
		out[m["column"].(string)] = vals
	}
	return out
}

func TestInsightsAggregations(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	id := resttest.Str(createSite(t, alice, org, map[string]any{"title": "Docs"}), "id")
	day := func(d, h int) time.Time { return time.Date(2026, 11, d, h, 0, 0, 0, time.UTC) }
	str := func(s string) *string { return &s }
	num := func(n int) *int { return &n }
	ev := func(at time.Time, typ, path, visitor string, with func(*store.InsightEvent)) store.InsightEvent {
		e := store.InsightEvent{OrganizationID: org, SiteID: id, At: at, Type: typ, DisplayContext: "site",
			URL: "http://folio.test" + path, URLPath: path, VisitorHash: visitor, SpaceID: str("sp1")}
		if with != nil {
			with(&e)
		}
		return e
	}
	search := func(q string, hits int) func(*store.InsightEvent) {
		return func(e *store.InsightEvent) { e.SearchQuery, e.SearchHits = str(q), num(hits) }
	}
	rate := func(r string) func(*store.InsightEvent) {
		return func(e *store.InsightEvent) { e.FeedbackRating = str(r) }
	}
	seed := []store.InsightEvent{
		ev(day(1, 9), "page_view", "/a", "v1", nil), ev(day(1, 10), "page_view", "/a", "v1", nil), ev(day(1, 11), "page_view", "/b", "v2", nil),
		ev(day(2, 9), "page_view", "/a", "v3", nil), ev(day(2, 23), "page_view", "/c", "v1", nil),
		ev(day(3, 0), "page_view", "/a", "v2", nil),
		ev(day(1, 12), "search_type_query", "/~search", "v1", search("install", 3)),
		ev(day(2, 12), "search_type_query", "/~search", "v2", search("install", 2)),
		ev(day(2, 13), "search_type_query", "/~search", "v2", search("kubernetes", 0)),
		ev(day(3, 1), "search_type_query", "/~search", "v3", search("kubernetes", 0)),
		ev(day(3, 2), "search_type_query", "/~search", "v3", search("helm", 0)),
		ev(day(1, 15), "page_post_feedback", "/a", "v1", rate("good")),
		ev(day(2, 15), "page_post_feedback", "/a", "v2", rate("bad")),
		ev(day(2, 16), "page_post_feedback_comment", "/a", "v3", rate("good")),
		// Outside the range: not counted.
		ev(day(4, 0), "page_view", "/a", "v9", nil), ev(day(1, 0).Add(-time.Second), "page_view", "/a", "v9", nil),
	}
	if err := srv.Store.InsertInsightEvents(t.Context(), seed); err != nil {
		t.Fatal(err)
	}
	rng := map[string]any{"from": "2026-11-01T00:00:00Z", "to": "2026-11-04T00:00:00Z"}
	col := func(c string) map[string]any { return map[string]any{"column": c} }
	views := map[string]any{"column": "eventType", "values": []any{"page_view"}}
	aggregate := func(body map[string]any) map[string][]any {
		t.Helper()
		body["range"] = rng
		return columnsOf(alice.Post(insightsPath(org, id)+"/aggregate", body).Expect(http.StatusOK).JSON())
	}
	cases := []struct {
		name string
		body map[string]any
		want map[string][]any
	}{
		{"views-by-day", map[string]any{
			"select":  []any{map[string]any{"column": "datetime", "interval": "day"}, col("eventsCount"), col("visitorsCount")},
			"groupBy": []any{map[string]any{"column": "datetime", "interval": "day"}},
			"where":   []any{views}},
			map[string][]any{"datetime": {"2026-11-01T00:00:00Z", "2026-11-02T00:00:00Z", "2026-11-03T00:00:00Z"},
				"eventsCount": {3.0, 2.0, 1.0}, "visitorsCount": {2.0, 2.0, 1.0}}},
		{"views-by-page", map[string]any{
			"select": []any{col("urlPath"), col("eventsCount")}, "groupBy": []any{col("urlPath")}, "where": []any{views},
			"order": map[string]any{"by": col("eventsCount"), "direction": "desc"}, "limit": 2},
			map[string][]any{"urlPath": {"/a", "/b"}, "eventsCount": {4.0, 1.0}}},
		{"top-searches", map[string]any{
			"select": []any{col("eventSearchQuery"), col("eventsCount")}, "groupBy": []any{col("eventSearchQuery")},
			"where": []any{map[string]any{"column": "eventType", "values": []any{"search_type_query"}}},
			"order": map[string]any{"by": col("eventSearchQuery"), "direction": "asc"}},
			map[string][]any{"eventSearchQuery": {"helm", "install", "kubernetes"}, "eventsCount": {1.0, 2.0, 2.0}}},
		{"searches-without-results", map[string]any{
			"select": []any{col("eventSearchQuery"), col("eventsCount")}, "groupBy": []any{col("eventSearchQuery")},
			"where": []any{map[string]any{"column": "searchResultsCount", "values": []any{0}},
				map[string]any{"column": "eventsCount", "operator": "greaterThan", "values": []any{1}}}},
			map[string][]any{"eventSearchQuery": {"kubernetes"}, "eventsCount": {2.0}}},
		{"feedback-ratio", map[string]any{
			"select": []any{col("urlPath"), col("pageFeedbackRating")}, "groupBy": []any{col("urlPath")},
			"where": []any{map[string]any{"column": "eventType", "values": []any{"page_post_feedback", "page_post_feedback_comment"}}}},
			map[string][]any{"urlPath": {"/a"}, "pageFeedbackRating": {map[string]any{"ok": 0.0, "good": 2.0, "bad": 1.0}}}},
		{"totals", map[string]any{"select": []any{col("eventsCount"), col("visitorsCount")}},
			map[string][]any{"eventsCount": {14.0}, "visitorsCount": {3.0}}},
		{"by-page", map[string]any{"groupBy": []any{col("page")}, "where": []any{views}},
			map[string][]any{"page": {map[string]any{"space": "sp1", "page": nil}}, "eventsCount": {6.0}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := aggregate(c.body); !reflect.DeepEqual(got, c.want) {
				g, _ := json.Marshal(got)
				w, _ := json.Marshal(c.want)
				t.Errorf("got %s\nwant %s", g, w)
			}
		})
	}
	// The same in GraphQL.
	res := alice.GraphQL(`query($o: ID!, $s: ID!) { aggregateSiteEvents(organizationId: $o, siteId: $s,
		input: { range: {from: "2026-11-02T00:00:00Z", to: "2026-11-03T00:00:00Z"}, select: [{column: "eventsCount"}] }) { columns { column values } } }`,
		map[string]any{"o": org, "s": id})
	if len(res.Errors) > 0 || !strings.Contains(string(res.Data), `"values":[6]`) {
		t.Errorf("GraphQL: %s %v", res.Data, res.Errors)
	}
	// Bad queries are 400s that say why.
	for name, body := range map[string]map[string]any{
		"unknown-column":   {"range": rng, "select": []any{col("visitorGeoCountry")}},
		"ungrouped":        {"range": rng, "select": []any{col("urlPath")}},
		"bad-range":        {"range": "lastCentury"},
		"reversed-range":   {"range": map[string]any{"from": "2026-11-04T00:00:00Z", "to": "2026-11-01T00:00:00Z"}},
		"bad-operator-arg": {"range": rng, "where": []any{map[string]any{"column": "eventsCount", "operator": "greaterThan", "values": []any{1, 2}}}},
		"limit":            {"range": rng, "limit": 1001},
		"no-range":         {},
	} {
		if msg := alice.Post(insightsPath(org, id)+"/aggregate", body).ExpectError(http.StatusBadRequest); msg == "" {
			t.Errorf("%s: no message", name)
		}
	}
}

func TestInsightsAccess(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	id := resttest.Str(createSite(t, alice, org, map[string]any{"title": "Docs"}), "id")
	agg := insightsPath(org, id) + "/aggregate"
	body := map[string]any{"range": "last7Days"}
	editor, reader := srv.User("ed@example.com"), srv.User("rita@example.com")
	addMember(t, alice, org, editor, "edit")
	addMember(t, alice, org, reader, "read")
	bob := srv.User("bob@example.com")
	bobOrg := createOrg(t, bob, "Bob's")
	alice.Post(agg, body).Expect(http.StatusOK)
	editor.Post(agg, body).Expect(http.StatusOK)
	reader.Post(agg, body).ExpectError(http.StatusForbidden)
	bob.Post(agg, body).ExpectError(http.StatusNotFound)
	bob.Post(insightsPath(bobOrg, id)+"/aggregate", body).ExpectError(http.StatusNotFound)
	srv.Anonymous().Post(agg, body).ExpectError(http.StatusUnauthorized)

	// Tracking: published sites only, for anyone.
	event := func(mod func(map[string]any)) map[string]any {
		e := map[string]any{
			"type":     "page_view",
			"session":  map[string]any{"visitorId": "x", "sessionId": "y", "cookies": map[string]any{}, "userAgent": "Outside/1.0", "language": "en", "referrer": ""},
			"location": map[string]any{"url": "https://docs.example.com/a", "siteSection": nil, "siteSpace": nil, "siteShareKey": nil, "page": "p1", "space": "s1", "revision": nil},
		}
		if mod != nil {
			mod(e)
		}
		return map[string]any{"events": []any{e}}
	}
	anon := srv.Anonymous()
	track := insightsPath(org, id)
	anon.Post(track, event(nil)).ExpectError(http.StatusNotFound) // not published
	alice.Post(sitesPath(org)+"/"+id+"/publish", nil).Expect(http.StatusOK)
	anon.Post(track, event(nil)).Expect(http.StatusNoContent)
	anon.Post(insightsPath(bobOrg, id), event(nil)).ExpectError(http.StatusNotFound)
	rows := insightRows(t, srv, id)
	if len(rows) != 1 || rows[0]["page_id"] != "p1" || rows[0]["url_path"] != "/a" || rows[0]["visitor_hash"] == "" {
		t.Fatalf("tracked rows %v", rows)
	}
	invalid := map[string]func(map[string]any){
		"type":            func(e map[string]any) { e["type"] = "page_explode" },
		"no-session":      func(e map[string]any) { delete(e, "session") },
		"no-user-agent":   func(e map[string]any) { delete(e["session"].(map[string]any), "userAgent") },
		"bad-ip":          func(e map[string]any) { e["session"].(map[string]any)["ip"] = "not-an-ip" },
		"relative-url":    func(e map[string]any) { e["location"].(map[string]any)["url"] = "/a" },
		"old-timestamp":   func(e map[string]any) { e["timestamp"] = time.Now().Add(-time.Hour).Format(time.RFC3339) },
		"search-no-query": func(e map[string]any) { e["type"] = "search_type_query" },
		"feedback-rating": func(e map[string]any) {
			e["type"], e["feedback"] = "page_post_feedback", map[string]any{"rating": "meh"}
		},
		"comment-too-long": func(e map[string]any) {
			e["type"], e["feedback"] = "page_post_feedback_comment", map[string]any{"rating": "good", "comment": strings.Repeat("x", 513)}
		},
	}
	for name, mod := range invalid {
		if msg := anon.Post(track, event(mod)).ExpectError(http.StatusBadRequest); msg == "" {
			t.Errorf("%s: no message", name)
		}
	}
	if n := len(insightRows(t, srv, id)); n != 1 {
		t.Errorf("%d rows after refused events", n)
	}
	many := make([]any, 101)
	for i := range many {
		many[i] = event(nil)["events"].([]any)[0]
	}
	anon.Post(track, map[string]any{"events": many}).ExpectError(http.StatusBadRequest)
}

func TestInsightsTrackRateLimited(t *testing.T) {
	srv := resttest.New(t, resttest.WithRateLimit(3, time.Minute))
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	id := resttest.Str(createSite(t, alice, org, map[string]any{"title": "Docs"}), "id")
	alice.Post(sitesPath(org)+"/"+id+"/publish", nil).Expect(http.StatusOK)
	body := map[string]any{"events": []any{map[string]any{"type": "page_view",
		"session": map[string]any{"userAgent": "x"}, "location": map[string]any{"url": "https://d.example/a"}}}}
	anon := srv.Anonymous()
	for range 3 {
		anon.Post(insightsPath(org, id), body).Expect(http.StatusNoContent)
	}
	anon.Post(insightsPath(org, id), body).ExpectError(http.StatusTooManyRequests)
}

// BenchmarkReaderPageInsights measures a cached page view of a published
// site with insights on (the view buffered, written in batches) and off:
// the bar is at most 5% more (bench/NOTES.md).
func BenchmarkReaderPageInsights(b *testing.B) {
	for _, mode := range []struct {
		name string
		opts []resttest.Option
	}{{"off", []resttest.Option{resttest.WithoutInsights()}}, {"on", nil}} {
		b.Run(mode.name, func(b *testing.B) {
			srv := resttest.New(b, mode.opts...)
			alice := srv.User("alice@example.com")
			org := createOrgB(b, alice, "Acme")
			br := newBrowser(b, srv)
			page := "/sites/" + publishedSite(b, srv, org, 3, 3) + "/section-2/page-2/page-2-1"
			br.get(page)
			for b.Loop() {
				if p := br.get(page); p.Status != http.StatusOK {
					b.Fatalf("status %d", p.Status)
				}
			}
		})
	}
}
