package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"folio/store"
	"folio/store/pgtest"
)

// TestServersUnderFaults runs two `folio serve` processes (this package
// built into a binary) on one PostgreSQL, with a webhook on loopback and
// four clients creating spaces on both with Idempotency-Keys, retrying a
// write on the other server when its server is gone and on any server
// while the database is, as a client behind a load balancer would. Then:
//
//   - server A is killed with SIGKILL mid-writes, and started again;
//   - PostgreSQL is stopped (fast shutdown) under that load and started
//     again two seconds later.
//
// Counted from outside: no answer is 500; every acknowledged write is in
// the database, once; every space.created event committed reaches each
// webhook, once (a delivery in flight when its server died may come twice,
// with the same X-Folio-Delivery id: it was sent and not recorded); the
// jobs the dead server held are worked again (FOLIO_JOBS_RESCUE_AFTER,
// shortened here to 6 s) and no delivery is left pending; no transaction,
// advisory lock or row lock stays held.
func TestServersUnderFaults(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs two servers")
	}
	ctx := t.Context()
	bin := filepath.Join(t.TempDir(), "folio")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cluster, s := pgtest.NewCluster(t)
	u, err := s.EnsureUser(ctx, "alice@example.com", "Alice")
	if err != nil {
		t.Fatal(err)
	}
	token, err := s.CreateToken(ctx, u.ID)
	if err != nil {
		t.Fatal(err)
	}
	org, err := s.CreateOrganization(ctx, u.ID, "Acme", nil)
	if err != nil {
		t.Fatal(err)
	}

	// The webhook receiver: every delivery, by (event, webhook).
	type got struct{ deliveries []string }
	var rmu sync.Mutex
	received := map[[2]string]*got{}
	rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		var e struct {
			ID   json.Number `json:"id"`
			Type string      `json:"type"`
		}
		json.Unmarshal(b, &e)
		k := [2]string{e.ID.String(), r.Header.Get("X-Folio-Webhook")}
		rmu.Lock()
		if received[k] == nil {
			received[k] = &got{}
		}
		received[k].deliveries = append(received[k].deliveries, r.Header.Get("X-Folio-Delivery"))
		rmu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(rcv.Close)

	servers := newFaultServers(t, bin, cluster.Embedded.DSN(), cluster.Dir)
	a, b := servers.start("a"), servers.start("b")
	api := func(base, method, path, key, body string) (int, []byte, error) {
		req, err := http.NewRequestWithContext(ctx, method, base+path, strings.NewReader(body))
		if err != nil {
			return 0, nil, err
		}
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		if key != "" {
			req.Header.Set("Idempotency-Key", key)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0, nil, err
		}
		defer resp.Body.Close()
		out, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, out, nil
	}
	var hooks []string
	for i, base := range []string{a.url, b.url} { // one webhook made on each server
		status, out, err := api(base, "POST", "/v1/orgs/"+org.ID+"/webhooks", "", fmt.Sprintf(`{"url":%q,"events":["space.created"]}`, rcv.URL+fmt.Sprint("/", i)))
		var h struct{ ID string }
		if err != nil || status != http.StatusCreated || json.Unmarshal(out, &h) != nil {
			t.Fatalf("create a webhook: %d %s %v", status, out, err)
		}
		hooks = append(hooks, h.ID)
	}

	// The clients.
	var (
		stop       atomic.Bool
		wg         sync.WaitGroup
		amu        sync.Mutex
		acked      = map[string]string{} // key -> space id, answered 201
		unanswered = map[string]bool{}   // committed on the killed server, never answered (409 "carried out")
		stuck      []string              // "still being served" long after its server died
		statuses   = map[int]int{}
		transport  atomic.Int64 // requests that reached no server (it was down)
	)
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; !stop.Load(); i++ {
				key := fmt.Sprintf("fault-%d-%d", w, i)
				body := fmt.Sprintf(`{"title":%q}`, key)
				var inFlightSince time.Time
				for try := 0; ; try++ {
					status, out, err := api(servers.pick(w+i+try), "POST", "/v1/orgs/"+org.ID+"/spaces", key, body)
					// A write that committed on the killed server just before
					// it died is "still being served" (409 with Retry-After)
					// until its row has gone IdempotencyStale (10 s) without
					// a touch, then 409 "carried out" (no Retry-After): the
					// client knows it took effect, and stops waiting for its
					// answer.
					if err == nil && status == http.StatusConflict {
						if bytes.Contains(out, []byte("carried out")) {
							amu.Lock()
							unanswered[key] = true
							amu.Unlock()
							break
						}
						if inFlightSince.IsZero() {
							inFlightSince = time.Now()
						} else if time.Since(inFlightSince) > 6*store.IdempotencyStale {
							// Far past the bound (before, ten minutes).
							amu.Lock()
							stuck = append(stuck, key)
							amu.Unlock()
							break
						}
					}
					if err != nil {
						transport.Add(1)
						time.Sleep(10 * time.Millisecond)
						continue
					}
					amu.Lock()
					statuses[status]++
					amu.Unlock()
					if status == http.StatusServiceUnavailable || status == http.StatusConflict || status == http.StatusTooManyRequests {
						time.Sleep(50 * time.Millisecond) // try again (409: its first attempt is still answered)
						continue
					}
					if status == http.StatusCreated {
						var sp struct{ ID string }
						json.Unmarshal(out, &sp)
						amu.Lock()
						acked[key] = sp.ID
						amu.Unlock()
					} else {
						t.Errorf("write %s: %d %s", key, status, out)
					}
					break
				}
			}
		}()
	}
	time.Sleep(1500 * time.Millisecond)
	killedAt := time.Now()
	servers.kill(a) // SIGKILL: no drain, connections cut, its jobs left running
	time.Sleep(1500 * time.Millisecond)
	servers.start("a") // a new process in its place
	time.Sleep(1500 * time.Millisecond)
	if err := cluster.Embedded.StopFast(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(2 * time.Second)
	if cluster.Embedded, err = store.StartEmbedded(ctx, cluster.Dir); err != nil {
		t.Fatal(err)
	}
	time.Sleep(2 * time.Second)
	stop.Store(true)
	wg.Wait()
	t.Logf("answers: %v; requests to a server that was down: %d; acknowledged writes: %d", statuses, transport.Load(), len(acked))
	if statuses[http.StatusInternalServerError] != 0 {
		t.Errorf("%d answers of 500", statuses[http.StatusInternalServerError])
	}
	if len(acked) == 0 {
		t.Fatal("no write was acknowledged")
	}

	// Every acknowledged write is there, once; no write is there twice.
	var rows []struct {
		ID, Title string
	}
	if err := s.DB.NewRaw(`SELECT id, title FROM spaces WHERE organization_id = ? AND title LIKE 'fault-%'`, org.ID).Scan(ctx, &rows); err != nil {
		t.Fatal(err)
	}
	byTitle := map[string][]string{}
	for _, r := range rows {
		byTitle[r.Title] = append(byTitle[r.Title], r.ID)
	}
	for key, id := range acked {
		if got := byTitle[key]; len(got) != 1 || got[0] != id {
			t.Errorf("acknowledged write %s (space %s): in the database as %v", key, id, got)
		}
	}
	for key := range unanswered {
		if got := byTitle[key]; len(got) != 1 {
			t.Errorf("write %s, committed and never answered: in the database %d times", key, len(got))
		}
	}
	t.Logf("writes committed by the killed server and never answered (409 to their retries): %d", len(unanswered))
	if len(stuck) > 0 {
		t.Errorf("retries still told \"being served\" %s after the server died: %v", 6*store.IdempotencyStale, stuck)
	}
	for title, ids := range byTitle {
		if len(ids) > 1 {
			t.Errorf("write %s took effect %d times", title, len(ids))
		}
	}

	// Every space.created event committed reaches both webhooks.
	var events []int64
	if err := s.DB.NewRaw(`SELECT DISTINCT event_id FROM webhook_deliveries WHERE organization_id = ?`, org.ID).Scan(ctx, &events); err != nil {
		t.Fatal(err)
	}
	if len(events) < len(rows) {
		t.Errorf("%d events queued for the webhooks, %d spaces written", len(events), len(rows))
	}
	deadline := time.Now().Add(90 * time.Second)
	missing := func() (n int) {
		rmu.Lock()
		defer rmu.Unlock()
		for _, e := range events {
			for _, h := range hooks {
				if received[[2]string{fmt.Sprint(e), h}] == nil {
					n++
				}
			}
		}
		return n
	}
	for missing() > 0 && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	if n := missing(); n > 0 {
		t.Errorf("%d (event, webhook) deliveries never arrived, of %d, %s after the kill", n, len(events)*len(hooks), time.Since(killedAt).Round(time.Second))
	}
	rmu.Lock()
	twice := 0
	for k, g := range received {
		if len(g.deliveries) == 1 {
			continue
		}
		twice++
		for _, d := range g.deliveries[1:] {
			if d != g.deliveries[0] {
				t.Errorf("event %s reached webhook %s as different deliveries %v", k[0], k[1], g.deliveries)
			}
		}
	}
	rmu.Unlock()
	// A webhook's deliveries go one at a time: at most one per webhook was
	// in flight on the killed server.
	if twice > len(hooks) {
		t.Errorf("%d (event, webhook) pairs arrived more than once; at most %d could be in flight when the server died", twice, len(hooks))
	}
	t.Logf("%d events x %d webhooks delivered; %d pairs twice (in flight at the kill, same delivery id)", len(events), len(hooks), twice)

	// The jobs resumed: nothing pending, nothing left running since before
	// the kill; and nothing held.
	waitZero := func(what string, q string, args ...any) {
		t.Helper()
		var n int
		for end := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
			if err := s.DB.NewRaw(q, args...).Scan(ctx, &n); err != nil {
				t.Fatal(err)
			}
			if n == 0 || time.Now().After(end) {
				break
			}
		}
		if n != 0 {
			t.Errorf("%d %s", n, what)
		}
	}
	waitZero("webhook deliveries still pending", `SELECT count(*) FROM webhook_deliveries WHERE status <> 'delivered'`)
	waitZero("jobs still running since before the kill", `SELECT count(*) FROM river_job WHERE state = 'running' AND attempted_at < ?`, killedAt)
	// This database's sessions and locks: the cluster's other databases
	// are other tests', whose writes hold advisory locks to their commits.
	waitZero("sessions idle in a transaction", `SELECT count(*) FROM pg_stat_activity WHERE state LIKE 'idle in transaction%'
		AND pid <> pg_backend_pid() AND datname = current_database()`)
	waitZero("advisory locks held", `SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'
		AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`)
	// No row is left locked: every webhook row and the organization's
	// space rows can be taken without waiting. The running servers take
	// them too, for a moment (a webhook job's finish holds its row FOR
	// UPDATE; a write holds its hooks' rows FOR KEY SHARE), so a lock
	// counts as left only if it is still there after 20 s of tries.
	lockedRow := func() error {
		tx, err := s.DB.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer tx.Rollback()
		if _, err := tx.ExecContext(ctx, `SELECT 1 FROM webhooks FOR UPDATE NOWAIT`); err != nil {
			return fmt.Errorf("a webhook row is still locked: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `SELECT 1 FROM spaces WHERE organization_id = '`+org.ID+`' FOR UPDATE NOWAIT`); err != nil {
			return fmt.Errorf("a space row is still locked: %w", err)
		}
		return nil
	}
	for end := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		err := lockedRow()
		if err == nil {
			break
		}
		if time.Now().After(end) {
			t.Error(err)
			break
		}
	}
	for _, srv := range servers.running() {
		if srv.exitedEarly() {
			t.Errorf("server %s exited: %s", srv.name, srv.log.String())
		}
	}
}

// faultServers are the folio serve processes of TestServersUnderFaults.
type faultServers struct {
	t        *testing.T
	bin, dsn string
	dir      string
	mu       sync.Mutex
	up       []*faultServer
}

type faultServer struct {
	name, url string
	cmd       *exec.Cmd
	log       *syncBuffer
	done      chan struct{}
	killed    bool
}

func newFaultServers(t *testing.T, bin, dsn, dir string) *faultServers {
	return &faultServers{t: t, bin: bin, dsn: dsn, dir: dir}
}

// start starts a server and waits until it answers /readyz.
func (fs *faultServers) start(name string) *faultServer {
	t := fs.t
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	srv := &faultServer{name: name, url: "http://" + addr, log: &syncBuffer{}, done: make(chan struct{})}
	srv.cmd = exec.Command(fs.bin, "serve")
	srv.cmd.Env = append(os.Environ(), "DATABASE_URL="+fs.dsn, "FOLIO_ADDR="+addr, "FOLIO_PUBLIC_URL="+srv.url,
		"FOLIO_DATA_DIR="+filepath.Join(fs.dir, "data-"+name), "FOLIO_FETCH_ALLOW_PRIVATE=true", "FOLIO_RATE_LIMIT=0",
		"FOLIO_LOG_LEVEL=warn", "FOLIO_FETCH_TIMEOUT=2s", "FOLIO_JOBS_RESCUE_AFTER=6s")
	srv.cmd.Stdout, srv.cmd.Stderr = srv.log, srv.log
	srv.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := srv.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { srv.cmd.Wait(); close(srv.done) }()
	t.Cleanup(func() {
		if t.Failed() { // what the server logged tells why it answered as it did
			t.Logf("server %s logged:\n%s", name, srv.log.String())
		}
		srv.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-srv.done:
		case <-time.After(20 * time.Second):
			srv.cmd.Process.Kill()
		}
	})
	for end := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if resp, err := http.Get(srv.url + "/readyz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				break
			}
		}
		if srv.exitedEarly() || time.Now().After(end) {
			t.Fatalf("server %s did not get ready: %s", name, srv.log.String())
		}
	}
	fs.mu.Lock()
	fs.up = append(fs.up, srv)
	fs.mu.Unlock()
	return srv
}

// kill ends a server with SIGKILL.
func (fs *faultServers) kill(srv *faultServer) {
	fs.mu.Lock()
	srv.killed = true
	fs.mu.Unlock()
	srv.cmd.Process.Kill()
	<-srv.done
}

// pick is the i-th request's server, among the processes started (a dead
// one too: the client finds out, as it would behind a load balancer that
// has not noticed yet, and tries the next).
func (fs *faultServers) pick(i int) string {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	return fs.up[i%len(fs.up)].url
}

func (fs *faultServers) running() []*faultServer {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	var out []*faultServer
	for _, s := range fs.up {
		if !s.killed {
			out = append(out, s)
		}
	}
	return out
}

// exitedEarly reports whether the process has ended.
func (srv *faultServer) exitedEarly() bool {
	select {
	case <-srv.done:
		return true
	default:
		return false
	}
}

// syncBuffer is a log both a process and the test use.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}
