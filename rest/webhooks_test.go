package rest_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"folio/internal/fetch"
	"folio/rest/resttest"
	"folio/service/jobs"
)

// receiver is a webhook endpoint on loopback that records what it gets and
// answers fail (a status) to the first failures requests.
type receiver struct {
	*httptest.Server
	mu       sync.Mutex
	got      []received
	failures int
	fail     int
}

type received struct {
	header http.Header
	body   []byte
	event  feedEvent
}

func newReceiver(t *testing.T, failures, fail int) *receiver {
	r := &receiver{failures: failures, fail: fail}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		b, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		defer r.mu.Unlock()
		if r.failures != 0 {
			r.failures--
			w.WriteHeader(r.fail)
			return
		}
		var e feedEvent
		json.Unmarshal(b, &e)
		r.got = append(r.got, received{req.Header.Clone(), b, e})
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(r.Close)
	return r
}

// wait returns the first n deliveries once they arrived.
func (r *receiver) wait(t *testing.T, n int) []received {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		r.mu.Lock()
		if len(r.got) >= n {
			out := append([]received{}, r.got...)
			r.mu.Unlock()
			return out
		}
		r.mu.Unlock()
		time.Sleep(20 * time.Millisecond)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	t.Fatalf("%d deliveries arrived, want %d", len(r.got), n)
	return nil
}

func fastWebhooks(allowPrivate bool) jobs.Config {
	return jobs.Config{Fetch: fetch.Config{AllowPrivate: allowPrivate, Timeout: 5 * time.Second},
		WebhookBackoff: 50 * time.Millisecond, WebhookMaxWait: 200 * time.Millisecond, WebhookSweep: 100 * time.Millisecond}
}

// checkSignature verifies X-Folio-Signature as a receiver would.
func checkSignature(t *testing.T, secret string, r received) {
	t.Helper()
	sig := r.header.Get("X-Folio-Signature")
	ts, mac, ok := strings.Cut(sig, ",v1=")
	ts, ok2 := strings.CutPrefix(ts, "t=")
	if !ok || !ok2 {
		t.Fatalf("signature %q", sig)
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || time.Since(time.Unix(sec, 0)) > time.Minute {
		t.Errorf("signature timestamp %q out of the replay window", ts)
	}
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(ts + "."))
	m.Write(r.body)
	if want := hex.EncodeToString(m.Sum(nil)); !hmac.Equal([]byte(want), []byte(mac)) {
		t.Errorf("signature %s, want %s", mac, want)
	}
}

type deliveryList struct {
	Items []struct {
		ID           string `json:"id"`
		Event        string `json:"event"`
		EventType    string `json:"eventType"`
		Status       string `json:"status"`
		Attempts     int    `json:"attempts"`
		ResponseCode int    `json:"responseCode"`
		DurationMs   *int   `json:"durationMs"`
		Error        string `json:"error"`
		RedeliveryOf string `json:"redeliveryOf"`
	} `json:"items"`
	Count int `json:"count"`
}

func TestWebhooks(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("admin@example.com")
	editor := srv.User("editor@example.com")
	org := createOrg(t, admin, "Acme")
	addMember(t, admin, org, editor, "edit")
	rcv := newReceiver(t, 2, http.StatusInternalServerError) // two failures first: retried in order
	base := "/v1/orgs/" + org + "/webhooks"

	created := admin.Post(base, map[string]any{"url": rcv.URL + "/hook", "events": []string{"space.*", "change_request.created"}}).
		Expect(http.StatusCreated).JSON()
	id, secret := resttest.Str(created, "id"), resttest.Str(created, "secret")
	if !strings.HasPrefix(secret, "whsec_") || resttest.Str(created, "active") != "true" || resttest.Str(created, "object") != "webhook" {
		t.Fatalf("created = %v", created)
	}
	if got := admin.Get(base + "/" + id).Expect(http.StatusOK).JSON(); resttest.Str(got, "secret") != "" {
		t.Errorf("the secret is shown again: %v", got)
	}
	editor.Get(base).ExpectError(http.StatusForbidden)
	editor.Post(base, map[string]any{"url": rcv.URL}).ExpectError(http.StatusForbidden)
	admin.Post(base, map[string]any{"url": rcv.URL, "events": []string{"space.exploded"}}).ExpectError(http.StatusBadRequest)
	admin.Post(base, map[string]any{"url": "ftp://example.com/x"}).ExpectError(http.StatusBadRequest)

	srv.StartWorkers(fastWebhooks(true))
	space := createSpaceID(t, admin, org, map[string]any{"title": "One"})
	for i := range 3 {
		admin.Patch("/v1/spaces/"+space, map[string]any{"title": "T" + strconv.Itoa(i)}).Expect(http.StatusOK)
	}
	newCR(t, admin, space, "draft")
	got := rcv.wait(t, 5)
	want := feed(t, admin, org, "types=space.*,change_request.created")
	if len(want) != 5 {
		t.Fatalf("feed has %d matching events", len(want))
	}
	for i, r := range got {
		if r.event.ID != want[i].ID || r.event.Type != want[i].Type || r.event.ObjectID != want[i].ObjectID {
			t.Errorf("delivery %d = %s %s, want %s %s (in order)", i, r.event.ID, r.event.Type, want[i].ID, want[i].Type)
		}
		if r.header.Get("X-Folio-Event") != r.event.Type || r.header.Get("X-Folio-Webhook") != id ||
			r.header.Get("Content-Type") != "application/json" || r.header.Get("X-Folio-Delivery") == "" {
			t.Errorf("delivery %d headers %v", i, r.header)
		}
		checkSignature(t, secret, r)
	}
	time.Sleep(300 * time.Millisecond)
	if n := len(rcv.wait(t, 5)); n != 5 {
		t.Errorf("%d deliveries, want exactly 5 (one per event)", n)
	}

	// The delivery log: newest first, the first one took three attempts.
	var log deliveryList
	admin.Get(base + "/" + id + "/deliveries").Expect(http.StatusOK).Decode(&log)
	if log.Count != 5 || len(log.Items) != 5 {
		t.Fatalf("log = %+v", log)
	}
	first := log.Items[4]
	if first.Event != want[0].ID || first.Status != "delivered" || first.Attempts != 3 || first.ResponseCode != 204 || first.DurationMs == nil {
		t.Errorf("first delivery = %+v", first)
	}
	for _, d := range log.Items[:4] {
		if d.Status != "delivered" || d.Attempts != 1 {
			t.Errorf("delivery = %+v", d)
		}
	}

	// Redeliver: a new delivery of the same event, sent again.
	re := admin.Post(base+"/"+id+"/deliveries/"+first.ID+"/redeliver", nil).Expect(http.StatusCreated).JSON()
	if resttest.Str(re, "redeliveryOf") != first.ID || resttest.Str(re, "event") != first.Event {
		t.Errorf("redelivery = %v", re)
	}
	again := rcv.wait(t, 6)[5]
	if string(again.body) != string(got[0].body) {
		t.Errorf("redelivered body %s, want %s", again.body, got[0].body)
	}
	admin.Post(base+"/"+id+"/deliveries/nope/redeliver", nil).ExpectError(http.StatusNotFound)

	// Turned off, it gets nothing; turned on again, what waited is sent.
	admin.Patch(base+"/"+id, map[string]any{"active": false}).Expect(http.StatusOK)
	admin.Patch("/v1/spaces/"+space, map[string]any{"title": "Quiet"}).Expect(http.StatusOK)
	time.Sleep(300 * time.Millisecond)
	if n := len(rcv.wait(t, 6)); n != 6 {
		t.Errorf("an inactive webhook got %d deliveries", n-6)
	}
	// (Events while it was off are not queued for it.)
	admin.Patch(base+"/"+id, map[string]any{"active": true}).Expect(http.StatusOK)
	admin.Patch("/v1/spaces/"+space, map[string]any{"title": "Loud"}).Expect(http.StatusOK)
	if last := rcv.wait(t, 7)[6]; last.event.Type != "space.updated" || !strings.Contains(string(last.body), `"changed":["title"]`) {
		t.Errorf("after turning it on: %s", last.body)
	}

	// Webhook changes are events too; delete removes it and its log.
	if got := types(feed(t, admin, org, "types=webhook.*")); got != "webhook.created webhook.redelivered webhook.updated webhook.updated" {
		t.Errorf("webhook events: %s", got)
	}
	list := admin.Get(base).Expect(http.StatusOK).JSON()
	if resttest.Str(list, "count") != "1" {
		t.Errorf("list = %v", list)
	}
	admin.Delete(base + "/" + id).Expect(http.StatusNoContent)
	admin.Get(base + "/" + id).ExpectError(http.StatusNotFound)
}

func TestWebhookAutoDisableAndPrivateAddresses(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("admin@example.com")
	org := createOrg(t, admin, "Acme")
	rcv := newReceiver(t, -1, http.StatusServiceUnavailable) // fails for ever
	base := "/v1/orgs/" + org + "/webhooks"
	id := resttest.Str(admin.Post(base, map[string]any{"url": rcv.URL, "events": []string{"space.created"}}).Expect(http.StatusCreated).JSON(), "id")
	cfg := fastWebhooks(true)
	cfg.WebhookRetryFor = 600 * time.Millisecond
	srv.StartWorkers(cfg)
	createSpaceID(t, admin, org, map[string]any{"title": "S"})
	deadline := time.Now().Add(20 * time.Second)
	var hook map[string]any
	for time.Now().Before(deadline) {
		if hook = admin.Get(base + "/" + id).JSON(); resttest.Str(hook, "active") == "false" {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if resttest.Str(hook, "active") != "false" || !strings.Contains(resttest.Str(hook, "disabledReason"), "answered 503") {
		t.Fatalf("webhook = %v, want turned off", hook)
	}
	var log deliveryList
	admin.Get(base + "/" + id + "/deliveries").Decode(&log)
	if len(log.Items) != 1 || log.Items[0].Status != "failed" || log.Items[0].Attempts < 2 || log.Items[0].ResponseCode != 503 {
		t.Errorf("log = %+v", log)
	}
	if got := types(feed(t, admin, org, "types=webhook.disabled")); got != "webhook.disabled" {
		t.Errorf("events: %s", got)
	}

	// Without FOLIO_FETCH_ALLOW_PRIVATE, a loopback URL is refused, and the
	// refusal is in the log.
	srv2 := resttest.New(t)
	admin2 := srv2.User("admin@example.com")
	org2 := createOrg(t, admin2, "Other")
	base2 := "/v1/orgs/" + org2 + "/webhooks"
	id2 := resttest.Str(admin2.Post(base2, map[string]any{"url": rcv.URL}).Expect(http.StatusCreated).JSON(), "id")
	srv2.StartWorkers(fastWebhooks(false))
	createSpaceID(t, admin2, org2, map[string]any{"title": "S"})
	for time.Now().Before(deadline) {
		admin2.Get(base2 + "/" + id2 + "/deliveries").Decode(&log)
		if len(log.Items) > 0 && log.Items[len(log.Items)-1].Attempts > 0 {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	oldest := log.Items[len(log.Items)-1]
	if oldest.Status != "pending" || !strings.Contains(oldest.Error, "address not allowed") || oldest.ResponseCode != 0 {
		t.Errorf("private address delivery = %+v", oldest)
	}
}

// TestWebhookRestartAndTwoServers: a delivery in backoff survives a restart
// of the workers, and two servers on one database send each event once, in
// order.
func TestWebhookRestartAndTwoServers(t *testing.T) {
	srv := resttest.New(t)
	other := resttest.New(t, resttest.SharingDatabase(srv))
	admin := srv.User("admin@example.com")
	admin2 := other.User("admin@example.com")
	org := createOrg(t, admin, "Acme")
	rcv := newReceiver(t, 3, http.StatusBadGateway)
	admin.Post("/v1/orgs/"+org+"/webhooks", map[string]any{"url": rcv.URL, "events": []string{"space.updated"}}).Expect(http.StatusCreated)
	cfg := fastWebhooks(true)
	cfg.WebhookBackoff, cfg.WebhookMaxWait = 300*time.Millisecond, 300*time.Millisecond
	r1 := srv.StartWorkers(cfg)
	space := createSpaceID(t, admin, org, map[string]any{"title": "S"})
	admin.Patch("/v1/spaces/"+space, map[string]any{"title": "first"}).Expect(http.StatusOK)
	time.Sleep(150 * time.Millisecond) // the first attempt failed; the next waits
	if err := r1.Stop(t.Context()); err != nil {
		t.Fatal(err)
	}
	// Both servers work the queue; writes go through both.
	srv.StartWorkers(cfg)
	other.StartWorkers(cfg)
	for i := range 10 {
		c := admin
		if i%2 == 1 {
			c = admin2
		}
		c.Patch("/v1/spaces/"+space, map[string]any{"title": "t" + strconv.Itoa(i)}).Expect(http.StatusOK)
	}
	got := rcv.wait(t, 11)
	time.Sleep(500 * time.Millisecond)
	got = rcv.wait(t, 11)
	if len(got) != 11 {
		t.Errorf("%d deliveries, want 11 (each event once)", len(got))
	}
	prev := 0
	for _, r := range got {
		n, _ := strconv.Atoi(r.event.ID)
		if n <= prev {
			t.Errorf("event %d after %d: out of order", n, prev)
		}
		prev = n
	}
}

// TestWebhookDeliveryNotStranded: a write that lands while its webhook's
// job is finishing is still delivered by a job, not left to the sweep
// (turned off here). Each of 40 webhooks gets a write, and once that is
// delivered, another write a little later each time (0 to 39 ms): some
// land in the moment between the job finding nothing more to send and the
// job being completed, and nothing comes after them.
func TestWebhookDeliveryNotStranded(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("admin@example.com")
	rcv := newReceiver(t, 0, 0)
	cfg := fastWebhooks(true)
	cfg.WebhookSweep = time.Hour
	srv.StartWorkers(cfg)
	const hooks = 40
	delivered := func(n int) bool {
		rcv.mu.Lock()
		defer rcv.mu.Unlock()
		return len(rcv.got) >= n
	}
	waitFor := func(n int, within time.Duration) {
		t.Helper()
		deadline := time.Now().Add(within)
		for !delivered(n) {
			if time.Now().After(deadline) {
				rcv.mu.Lock()
				defer rcv.mu.Unlock()
				t.Fatalf("%d deliveries within %s, want %d (the sweep is off)", len(rcv.got), within, n)
			}
			time.Sleep(time.Millisecond)
		}
	}
	for i := range hooks {
		org := createOrg(t, admin, "Org "+strconv.Itoa(i))
		admin.Post("/v1/orgs/"+org+"/webhooks", map[string]any{"url": rcv.URL, "events": []string{"space.created"}}).Expect(http.StatusCreated)
		createSpaceID(t, admin, org, map[string]any{"title": "First"})
		waitFor(2*i+1, 5*time.Second)
		time.Sleep(time.Duration(i) * time.Millisecond)
		createSpaceID(t, admin, org, map[string]any{"title": "Second"})
	}
	waitFor(2*hooks, 5*time.Second)
}
