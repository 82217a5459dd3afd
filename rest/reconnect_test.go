package rest_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"folio/rest/resttest"
	"folio/store"
	"folio/store/pgtest"
)

// TestReadsSurviveDroppedConnections: when the database drops every
// connection (a restart, a proxy failover), reads on the dead pooled
// connections run again on fresh ones instead of failing with 500.
func TestReadsSurviveDroppedConnections(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})

	// Fill the pool: concurrent reads each hold a connection.
	var wg sync.WaitGroup
	for range 12 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			alice.Get("/v1/spaces/" + space)
		}()
	}
	wg.Wait()
	ctx := t.Context()
	var killed int
	err := srv.Store.DB.NewRaw(`SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = current_database() AND pid <> pg_backend_pid()) k`).Scan(ctx, &killed)
	if err != nil || killed == 0 {
		t.Fatalf("terminated %d connections: %v", killed, err)
	}
	// Concurrent reads, so the dead connections are taken, not only the
	// one that ran the termination.
	statuses := make(chan int, 60)
	for range 3 {
		for range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses <- alice.Get("/v1/spaces/" + space).Status
			}()
		}
		wg.Wait()
	}
	close(statuses)
	for s := range statuses {
		if s != http.StatusOK {
			t.Errorf("a read after the connections dropped: %d", s)
		}
	}
	if got := resttest.Str(alice.Get("/v1/orgs/"+org).Expect(http.StatusOK).JSON(), "id"); got != org {
		t.Fatalf("organization %q", got)
	}
}

// outageAnswer is one answer counted by TestOutageAnswers503.
type outageAnswer struct {
	kind, phase string
	status      int
	retryAfter  string
	ctype       string
	body        []byte
	replayed    bool
}

// TestOutageAnswers503 stops PostgreSQL (fast shutdown) under a load of
// REST reads, GraphQL queries, reader pages and writes with
// Idempotency-Keys, keeps it down for three seconds, starts it again, and
// counts every answer from outside: none is 500, every failure is 503 with
// Retry-After in its surface's error shape (409 with Retry-After for a
// retry while its first attempt is answered), and every write, retried
// with its key until it is answered, took effect exactly once.
func TestOutageAnswers503(t *testing.T) {
	ctx := t.Context()
	cluster, s := pgtest.NewCluster(t)
	srv := resttest.New(t, resttest.OnStore(s))
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})
	site, _, _ := readerSite(t, srv, alice, org, "public")

	do := func(kind, method, path, key, accept, body string) outageAnswer {
		req, err := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
		if err != nil {
			t.Error(err)
			return outageAnswer{kind: kind}
		}
		if kind != "reader" {
			req.Header.Set("Authorization", "Bearer "+alice.Token)
		}
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		if key != "" {
			req.Header.Set("Idempotency-Key", key)
		}
		if accept != "" {
			req.Header.Set("Accept", accept)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Errorf("%s %s: %v", method, path, err)
			return outageAnswer{kind: kind}
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return outageAnswer{kind: kind, status: resp.StatusCode, retryAfter: resp.Header.Get("Retry-After"),
			ctype: resp.Header.Get("Content-Type"), body: b, replayed: resp.Header.Get("Idempotent-Replayed") == "true"}
	}
	const gql = `{"query":"query($id: ID!) { space(id: $id) { title } }","variables":{"id":"%s"}}`
	reads := []func() outageAnswer{
		func() outageAnswer { return do("rest", "GET", "/v1/spaces/"+space, "", "", "") },
		func() outageAnswer { return do("rest", "GET", "/v1/orgs/"+org+"/spaces", "", "", "") },
		func() outageAnswer {
			return do("graphql", "POST", "/graphql", "", "application/graphql-response+json", fmt.Sprintf(gql, space))
		},
		func() outageAnswer { return do("reader", "GET", "/sites/"+site, "", "", "") },
	}

	var phase atomic.Value
	phase.Store("before")
	var mu sync.Mutex
	var answers []outageAnswer
	keep := func(a outageAnswer) {
		mu.Lock()
		answers = append(answers, a)
		mu.Unlock()
	}
	stop := make(chan struct{})
	stopped := func() bool {
		select {
		case <-stop:
			return true
		default:
			return false
		}
	}
	var wg sync.WaitGroup
	for w := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; !stopped(); i++ {
				p := phase.Load().(string)
				a := reads[i%len(reads)]()
				a.phase = p
				keep(a)
				time.Sleep(5 * time.Millisecond)
			}
		}()
	}
	// Writers: each write is sent again with its key, as a client would,
	// until it is answered (anything but 503, or 409 with Retry-After).
	type write struct {
		key, id  string
		tries    int
		status   int
		replayed bool
		failed   bool // answered 503 at least once
	}
	var writes []*write
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; !stopped(); i++ {
				wr := &write{key: fmt.Sprintf("outage-%d-%d", w, i)}
				body := `{"title":"` + wr.key + `"}`
				deadline := time.Now().Add(30 * time.Second)
				for time.Now().Before(deadline) {
					p := phase.Load().(string)
					a := do("write", "POST", "/v1/orgs/"+org+"/spaces", wr.key, "", body)
					a.phase = p
					keep(a)
					wr.tries++
					wr.status, wr.replayed = a.status, a.replayed
					if a.status == http.StatusCreated {
						var v map[string]any
						json.Unmarshal(a.body, &v)
						wr.id = resttest.Str(v, "id")
					}
					if a.status == http.StatusServiceUnavailable {
						wr.failed = true
					}
					if a.status != http.StatusServiceUnavailable && (a.status != http.StatusConflict || a.retryAfter == "") {
						break
					}
					time.Sleep(50 * time.Millisecond)
				}
				mu.Lock()
				writes = append(writes, wr)
				mu.Unlock()
			}
		}()
	}

	time.Sleep(time.Second)
	phase.Store("during")
	if err := cluster.Embedded.StopFast(); err != nil {
		t.Fatal(err)
	}
	// While it is down, each surface answers in its own shape.
	time.Sleep(300 * time.Millisecond)
	if ready, err := http.Get(srv.URL + "/readyz"); err != nil {
		t.Error(err)
	} else {
		ready.Body.Close()
		if ready.StatusCode != http.StatusServiceUnavailable || ready.Header.Get("Retry-After") == "" {
			t.Errorf("/readyz during the outage: %d, Retry-After %q", ready.StatusCode, ready.Header.Get("Retry-After"))
		}
	}
	if a := do("graphql", "POST", "/graphql", "", "application/json", fmt.Sprintf(gql, space)); a.status != http.StatusOK ||
		!strings.Contains(string(a.body), `"code":"UNAVAILABLE"`) {
		t.Errorf("GraphQL (application/json) during the outage: %d %s", a.status, a.body)
	}
	time.Sleep(2700 * time.Millisecond)
	restarted, err := store.StartEmbedded(ctx, cluster.Dir)
	if err != nil {
		t.Fatal(err)
	}
	cluster.Embedded = restarted
	phase.Store("after")
	time.Sleep(2 * time.Second)
	close(stop)
	wg.Wait()

	// The answers: none 500; every failure 503 with Retry-After in its
	// surface's shape.
	counts := map[string]map[int]int{}
	for _, a := range answers {
		if counts[a.phase] == nil {
			counts[a.phase] = map[int]int{}
		}
		counts[a.phase][a.status]++
		switch {
		case a.status == http.StatusOK || a.status == http.StatusCreated:
		case a.status == http.StatusConflict && a.kind == "write" && (a.retryAfter != "" || strings.Contains(string(a.body), "carried out")):
			// A retry while its first attempt, which committed, is
			// answered; or after that attempt failed to answer (a read
			// after its commit failed): carried out, answer lost.
		case a.status == http.StatusServiceUnavailable && a.retryAfter != "":
			if !outageShape(a) {
				t.Errorf("%s 503 in the wrong shape: %s %s", a.kind, a.ctype, a.body)
			}
		default:
			t.Errorf("%s %s the outage: %d (Retry-After %q) %.300s", a.kind, a.phase, a.status, a.retryAfter, a.body)
		}
	}
	for _, p := range []string{"before", "during", "after"} {
		t.Logf("%s the outage: %v", p, counts[p])
	}
	if counts["during"][http.StatusServiceUnavailable] == 0 {
		t.Error("no 503 during the outage: the database was not down")
	}

	// Every key that committed gets its answer recorded (or marked lost),
	// those whose recording the outage cut short included.
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		var pending int
		if err := s.DB.NewRaw(`SELECT count(*) FROM idempotency_keys WHERE status IS NULL AND NOT lost`).Scan(ctx, &pending); err != nil {
			t.Fatal(err)
		}
		if pending == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d committed keys still without an answer", pending)
		}
	}

	// Every write took effect exactly once, whether it was answered 201 at
	// once, 201 after retries, or 409 as lost.
	var titles map[string]int = map[string]int{}
	rows, err := s.DB.QueryContext(ctx, `SELECT title, count(*) FROM spaces WHERE organization_id = ? AND title LIKE 'outage-%' GROUP BY title`, org)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var title string
		var n int
		if err := rows.Scan(&title, &n); err != nil {
			t.Fatal(err)
		}
		titles[title] = n
	}
	rows.Close()
	retried, ranOnRetry, lost, replayed := 0, 0, 0, 0
	for _, wr := range writes {
		if wr.tries > 1 {
			retried++
		}
		if wr.failed && wr.status == http.StatusCreated && !wr.replayed {
			ranOnRetry++
		}
		if wr.replayed {
			replayed++
		}
		switch wr.status {
		case http.StatusCreated:
			if titles[wr.key] != 1 {
				t.Errorf("write %s acknowledged (%s) after %d tries, present %d times", wr.key, wr.id, wr.tries, titles[wr.key])
			}
		case http.StatusConflict:
			lost++
			if titles[wr.key] != 1 {
				t.Errorf("write %s answered as carried out (answer lost), present %d times", wr.key, titles[wr.key])
			}
		default:
			t.Errorf("write %s never answered: last %d after %d tries", wr.key, wr.status, wr.tries)
		}
		delete(titles, wr.key)
	}
	for title, n := range titles {
		t.Errorf("space %q (%d) written by no write the test sent", title, n)
	}
	t.Logf("%d writes: %d retried with their key (%d failed with 503 and ran on a retry, %d answered by a replay, %d answered as carried out with the answer lost)",
		len(writes), retried, ranOnRetry, replayed, lost)
}

// outageShape reports whether a 503 is in the shape of its surface: the
// API's error body, GraphQL's errors with code UNAVAILABLE, an HTML page.
func outageShape(a outageAnswer) bool {
	switch a.kind {
	case "graphql":
		var r resttest.GraphQLResult
		return json.Unmarshal(a.body, &r) == nil && len(r.Errors) > 0 && r.Errors[0].Extensions["code"] == "UNAVAILABLE"
	case "reader":
		return strings.HasPrefix(a.ctype, "text/html")
	}
	var e struct {
		Error struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	return json.Unmarshal(a.body, &e) == nil && e.Error.Code == http.StatusServiceUnavailable && e.Error.Message != ""
}
