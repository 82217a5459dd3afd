package main

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"folio/graph"
	"folio/rest"
)

func TestRateLimitFromEnv(t *testing.T) {
	cases := []struct {
		name          string
		limit, window string
		want          rest.RateLimit
		fails         bool
	}{
		{"unset-defaults", "", "", rest.DefaultRateLimit, false},
		{"set", "100", "30s", rest.RateLimit{Limit: 100, Window: 30 * time.Second}, false},
		{"zero-disables", "0", "", rest.RateLimit{Limit: 0, Window: time.Minute}, false},
		{"negative-fails", "-1", "", rest.RateLimit{}, true},
		{"not-a-number-fails", "many", "", rest.RateLimit{}, true},
		{"window-under-a-second-fails", "10", "500ms", rest.RateLimit{}, true},
		{"window-not-a-duration-fails", "10", "minute", rest.RateLimit{}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("FOLIO_RATE_LIMIT", c.limit)
			t.Setenv("FOLIO_RATE_WINDOW", c.window)
			got, err := rateLimitFromEnv()
			if c.fails {
				if err == nil {
					t.Fatalf("accepted: %+v", got)
				}
				return
			}
			if err != nil || got != c.want {
				t.Fatalf("got %+v, %v; want %+v", got, err, c.want)
			}
		})
	}
}

func TestSplitList(t *testing.T) {
	got := splitList(" https://a.example ,, https://b.example,")
	if len(got) != 2 || got[0] != "https://a.example" || got[1] != "https://b.example" {
		t.Fatalf("splitList = %q", got)
	}
}

func TestHTTPLimitsFromEnv(t *testing.T) {
	cases := []struct {
		name                        string
		read, write, idle, maxBytes string
		importTimeout               time.Duration
		want                        httpLimits
		fails                       bool
	}{
		{"unset-defaults", "", "", "", "", 2 * time.Minute,
			httpLimits{ReadHeader: 10 * time.Second, Read: 30 * time.Second, Write: 3 * time.Minute, Idle: 2 * time.Minute, MaxHeaderBytes: 64 << 10}, false},
		{"write-follows-import", "", "", "", "", 10 * time.Minute,
			httpLimits{ReadHeader: 10 * time.Second, Read: 30 * time.Second, Write: 11 * time.Minute, Idle: 2 * time.Minute, MaxHeaderBytes: 64 << 10}, false},
		{"set", "5s", "5m", "1m", "8192", 2 * time.Minute,
			httpLimits{ReadHeader: 5 * time.Second, Read: 5 * time.Second, Write: 5 * time.Minute, Idle: time.Minute, MaxHeaderBytes: 8192}, false},
		{"read-not-a-duration-fails", "soon", "", "", "", time.Minute, httpLimits{}, true},
		{"read-zero-fails", "0s", "", "", "", time.Minute, httpLimits{}, true},
		{"idle-negative-fails", "", "", "-1s", "", time.Minute, httpLimits{}, true},
		{"write-shorter-than-import-fails", "", "1m", "", "", 2 * time.Minute, httpLimits{}, true},
		{"write-equal-to-import-fails", "", "2m", "", "", 2 * time.Minute, httpLimits{}, true},
		{"header-bytes-not-a-number-fails", "", "", "", "64k", time.Minute, httpLimits{}, true},
		{"header-bytes-tiny-fails", "", "", "", "100", time.Minute, httpLimits{}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("FOLIO_READ_TIMEOUT", c.read)
			t.Setenv("FOLIO_WRITE_TIMEOUT", c.write)
			t.Setenv("FOLIO_IDLE_TIMEOUT", c.idle)
			t.Setenv("FOLIO_MAX_HEADER_BYTES", c.maxBytes)
			got, err := httpLimitsFromEnv(c.importTimeout)
			if c.fails {
				if err == nil {
					t.Fatalf("accepted: %+v", got)
				}
				return
			}
			if err != nil || got != c.want {
				t.Fatalf("got %+v, %v; want %+v", got, err, c.want)
			}
		})
	}
}

// startLimited serves a handler that reads the whole body, with the limits
// the environment sets (as serve does), on a local port.
func startLimited(t *testing.T) (addr string, bodies chan int) {
	t.Helper()
	l, err := httpLimitsFromEnv(2 * time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	bodies = make(chan int, 10)
	srv := l.server("", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, err := io.ReadAll(r.Body)
		if err != nil {
			return
		}
		bodies <- len(b)
		fmt.Fprintf(w, "read %d bytes\n", len(b))
	}))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String(), bodies
}

// closedWithin reads from conn until the server closes it and reports
// whether that happened within d.
func closedWithin(conn net.Conn, d time.Duration) bool {
	conn.SetReadDeadline(time.Now().Add(d))
	_, err := io.Copy(io.Discard, conn)
	return !errors.Is(err, os.ErrDeadlineExceeded)
}

// A client that sends its headers, then its body slower than the read
// timeout allows, loses the connection; before the read timeout there was
// none, and the connection stayed open as long as the client dribbled.
func TestServerClosesSlowBody(t *testing.T) {
	t.Setenv("FOLIO_READ_TIMEOUT", "500ms")
	addr, bodies := startLimited(t)
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST / HTTP/1.1\r\nHost: folio.test\r\nContent-Length: 1000\r\n\r\n")
	stop := make(chan struct{})
	defer close(stop)
	go func() { // a byte every 100 ms: 100 s for the whole body
		for {
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Millisecond):
				if _, err := conn.Write([]byte("x")); err != nil {
					return
				}
			}
		}
	}()
	start := time.Now()
	if !closedWithin(conn, 5*time.Second) {
		t.Fatal("a connection dribbling its body was still open after 5 s (read timeout 500ms)")
	}
	t.Logf("closed after %s", time.Since(start).Round(time.Millisecond))
	select {
	case n := <-bodies:
		t.Fatalf("the handler got a whole body of %d bytes", n)
	default:
	}
}

// A keep-alive connection left idle is closed after the idle timeout.
func TestServerClosesIdleConnection(t *testing.T) {
	t.Setenv("FOLIO_IDLE_TIMEOUT", "500ms")
	addr, _ := startLimited(t)
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	br := bufio.NewReader(conn)
	for range 2 { // the connection serves requests, kept alive between them
		fmt.Fprintf(conn, "GET / HTTP/1.1\r\nHost: folio.test\r\n\r\n")
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || resp.Close {
			t.Fatalf("status %d, close %v", resp.StatusCode, resp.Close)
		}
	}
	start := time.Now()
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := br.ReadByte(); errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatal("an idle keep-alive connection was still open after 5 s (idle timeout 500ms)")
	}
	if took := time.Since(start); took < 400*time.Millisecond {
		t.Errorf("closed after %s, before the idle timeout", took)
	}
}

// Request headers larger than FOLIO_MAX_HEADER_BYTES get 431 with the
// API's error body, up to four times the limit (net/http's own plain 431
// past that); smaller ones are served, up to the limit exactly.
func TestServerCapsHeaderSize(t *testing.T) {
	for _, c := range []struct {
		name, maxBytes string
		header         int
		want           int
		body           bool // the API's error body
	}{
		{"default-under", "", 32 << 10, http.StatusOK, false},
		{"default-over", "", 100 << 10, http.StatusRequestHeaderFieldsTooLarge, true},
		{"default-past-the-cap", "", 300 << 10, http.StatusRequestHeaderFieldsTooLarge, false},
		{"set-under", "16384", 8 << 10, http.StatusOK, false},
		{"set-over", "16384", 32 << 10, http.StatusRequestHeaderFieldsTooLarge, true},
		{"set-just-over", "16384", 16 << 10, http.StatusRequestHeaderFieldsTooLarge, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("FOLIO_MAX_HEADER_BYTES", c.maxBytes)
			addr, _ := startLimited(t)
			req, _ := http.NewRequest(http.MethodGet, "http://"+addr+"/", nil)
			req.Header.Set("X-Padding", strings.Repeat("a", c.header))
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != c.want {
				t.Fatalf("a %d-byte header: status %d, want %d", c.header, resp.StatusCode, c.want)
			}
			var e struct {
				Error struct {
					Code    int    `json:"code"`
					Message string `json:"message"`
				} `json:"error"`
			}
			isBody := json.Unmarshal(b, &e) == nil && e.Error.Code == c.want && e.Error.Message != "" &&
				strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json")
			if isBody != c.body {
				t.Errorf("a %d-byte header: %s %q, want the API's error body: %v", c.header, resp.Header.Get("Content-Type"), b, c.body)
			}
		})
	}
}

// The header limit is exact: headers of exactly FOLIO_MAX_HEADER_BYTES
// bytes as sent are served, one byte more is 431.
func TestServerHeaderLimitExact(t *testing.T) {
	t.Setenv("FOLIO_MAX_HEADER_BYTES", "4096")
	addr, _ := startLimited(t)
	send := func(size int) int {
		t.Helper()
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		head := "GET / HTTP/1.1\r\nHost: " + addr + "\r\nX-Padding: "
		pad := size - len(head) - len("\r\n\r\n")
		fmt.Fprintf(conn, "%s%s\r\n\r\n", head, strings.Repeat("a", pad))
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if got := send(4096); got != http.StatusOK {
		t.Errorf("headers of 4096 bytes: %d", got)
	}
	if got := send(4097); got != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("headers of 4097 bytes: %d", got)
	}
}

// TestListenBindsAllOrNone: serve binds every address before it starts
// anything or says it listens; a taken port is an error, and the addresses
// bound before it are released.
func TestListenBindsAllOrNone(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	free, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	freeAddr := free.Addr().String()
	free.Close()

	_, err = listen([]*http.Server{{Addr: freeAddr}, {Addr: taken.Addr().String()}})
	if err == nil || !strings.Contains(err.Error(), "listen on "+taken.Addr().String()) {
		t.Fatalf("a taken port: %v", err)
	}
	again, err := net.Listen("tcp", freeAddr)
	if err != nil {
		t.Fatalf("the first address was not released: %v", err)
	}
	again.Close()

	lns, err := listen([]*http.Server{{Addr: freeAddr}})
	if err != nil || len(lns) != 1 {
		t.Fatalf("a free port: %v", err)
	}
	lns[0].Close()
}

// A trusted-documents manifest that cannot be read, or whose hash is not
// its document's, stops folio serve before anything starts.
func TestServeRefusesBadTrustedDocuments(t *testing.T) {
	t.Setenv("FOLIO_DATA_DIR", t.TempDir())
	t.Setenv("DATABASE_URL", "postgres://nobody@127.0.0.1:1/none") // never reached
	dir := t.TempDir()
	wrong := filepath.Join(dir, "wrong.json")
	// The key is the SHA-256 of "{ a }", not of the document.
	if err := os.WriteFile(wrong, []byte(`{"`+fmt.Sprintf("%x", sha256.Sum256([]byte("{ a }")))+`": "{ apiInformation { version } }"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, want string }{
		{filepath.Join(dir, "missing.json"), "FOLIO_GRAPHQL_TRUSTED_DOCUMENTS: open "},
		{wrong, "is not the SHA-256 of its document"},
	} {
		t.Setenv("FOLIO_GRAPHQL_TRUSTED_DOCUMENTS", c.path)
		if err := serve(context.Background()); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("serve with %s = %v, want an error with %q", filepath.Base(c.path), err, c.want)
		}
	}
}

func TestSubscriptionLimitsFromEnv(t *testing.T) {
	vars := []string{"FOLIO_SUBSCRIPTIONS_PER_TOKEN", "FOLIO_SUBSCRIPTIONS_MAX", "FOLIO_SUBSCRIPTION_MAX_LIFETIME",
		"FOLIO_SUBSCRIPTION_IDLE_TIMEOUT", "FOLIO_SUBSCRIPTION_KEEPALIVE", "FOLIO_SUBSCRIPTION_POLL_INTERVAL"}
	cases := []struct {
		name  string
		env   map[string]string
		want  graph.SubscriptionLimits
		fails bool
	}{
		{"unset-defaults", nil, graph.DefaultSubscriptionLimits, false},
		{"set", map[string]string{"FOLIO_SUBSCRIPTIONS_PER_TOKEN": "3", "FOLIO_SUBSCRIPTIONS_MAX": "50",
			"FOLIO_SUBSCRIPTION_MAX_LIFETIME": "10m", "FOLIO_SUBSCRIPTION_IDLE_TIMEOUT": "1m",
			"FOLIO_SUBSCRIPTION_KEEPALIVE": "5s", "FOLIO_SUBSCRIPTION_POLL_INTERVAL": "250ms"},
			graph.SubscriptionLimits{PerToken: 3, Max: 50, MaxLifetime: 10 * time.Minute, IdleTimeout: time.Minute,
				KeepAlive: 5 * time.Second, PollInterval: 250 * time.Millisecond}, false},
		{"per-token-zero-fails", map[string]string{"FOLIO_SUBSCRIPTIONS_PER_TOKEN": "0"}, graph.SubscriptionLimits{}, true},
		{"max-not-a-number-fails", map[string]string{"FOLIO_SUBSCRIPTIONS_MAX": "many"}, graph.SubscriptionLimits{}, true},
		{"lifetime-not-a-duration-fails", map[string]string{"FOLIO_SUBSCRIPTION_MAX_LIFETIME": "1 hour"}, graph.SubscriptionLimits{}, true},
		{"poll-too-fast-fails", map[string]string{"FOLIO_SUBSCRIPTION_POLL_INTERVAL": "1ms"}, graph.SubscriptionLimits{}, true},
		{"keepalive-zero-fails", map[string]string{"FOLIO_SUBSCRIPTION_KEEPALIVE": "0s"}, graph.SubscriptionLimits{}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, v := range vars {
				t.Setenv(v, c.env[v])
			}
			got, err := subscriptionLimitsFromEnv()
			if c.fails {
				if err == nil {
					t.Fatalf("accepted: %+v", got)
				}
				return
			}
			if err != nil || got != c.want {
				t.Fatalf("got %+v, %v; want %+v", got, err, c.want)
			}
		})
	}
}

func TestSessionLifetimesFromEnv(t *testing.T) {
	cases := []struct {
		name, idle, max string
		wantIdle        time.Duration
		wantMax         time.Duration
		fails           bool
	}{
		{"unset-defaults", "", "", 7 * 24 * time.Hour, 30 * 24 * time.Hour, false},
		{"set", "2h", "24h", 2 * time.Hour, 24 * time.Hour, false},
		{"equal", "24h", "24h", 24 * time.Hour, 24 * time.Hour, false},
		{"idle-only-under-default-max", "240h", "", 240 * time.Hour, 30 * 24 * time.Hour, false},
		{"idle-longer-than-max-fails", "48h", "24h", 0, 0, true},
		{"idle-longer-than-default-max-fails", "1000h", "", 0, 0, true},
		{"idle-too-short-fails", "1m", "", 0, 0, true},
		{"max-over-400-days-fails", "", "9601h", 0, 0, true},
		{"not-a-duration-fails", "a week", "", 0, 0, true},
		{"negative-fails", "", "-24h", 0, 0, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("FOLIO_SESSION_IDLE", c.idle)
			t.Setenv("FOLIO_SESSION_MAX", c.max)
			idle, maxAge, err := sessionLifetimesFromEnv()
			if c.fails {
				if err == nil {
					t.Fatalf("accepted: idle %s, max %s", idle, maxAge)
				}
				return
			}
			if err != nil || idle != c.wantIdle || maxAge != c.wantMax {
				t.Fatalf("got %s, %s, %v; want %s, %s", idle, maxAge, err, c.wantIdle, c.wantMax)
			}
		})
	}
}
