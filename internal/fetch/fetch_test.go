package fetch_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"folio/internal/fetch"
)

func TestGet(t *testing.T) {
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	mux := http.NewServeMux()
	mux.HandleFunc("/doc", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("hello")) })
	mux.HandleFunc("/big", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(strings.Repeat("a", 2048))) })
	mux.HandleFunc("/missing", http.NotFound)
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	mux.HandleFunc("/redirect", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/doc", http.StatusFound)
	})
	mux.HandleFunc("/to-file", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "file:///etc/passwd", http.StatusFound)
	})
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)

	open := fetch.New(fetch.Config{AllowPrivate: true, Timeout: 200 * time.Millisecond, MaxBytes: 1024})
	closed := fetch.New(fetch.Config{Timeout: 200 * time.Millisecond, MaxBytes: 1024})
	// A public host name that redirects to the local server cannot be set up
	// without DNS, so the redirect case below goes straight to 127.0.0.1: it
	// shows that every hop, not only the first URL, is dialled through the check.
	cases := []struct {
		name    string
		f       *fetch.Fetcher
		url     string
		want    error
		wantDoc string
	}{
		{"allowed-private-ok", open, ts.URL + "/doc", nil, "hello"},
		{"redirect-followed-ok", open, ts.URL + "/redirect", nil, "hello"},
		{"loopback-refused", closed, ts.URL + "/doc", fetch.ErrRefused, ""},
		{"loopback-redirect-refused", closed, ts.URL + "/redirect", fetch.ErrRefused, ""},
		{"localhost-name-refused", closed, strings.Replace(ts.URL, "127.0.0.1", "localhost", 1) + "/doc", fetch.ErrRefused, ""},
		{"metadata-refused", closed, "http://169.254.169.254/latest/meta-data/", fetch.ErrRefused, ""},
		{"scheme-refused", open, "file:///etc/passwd", fetch.ErrBadURL, ""},
		{"redirect-scheme-refused", open, ts.URL + "/to-file", fetch.ErrBadURL, ""},
		{"too-large", open, ts.URL + "/big", fetch.ErrTooLarge, ""},
		{"status-404", open, ts.URL + "/missing", fetch.ErrStatus, ""},
		{"slow-timeout", open, ts.URL + "/slow", fetch.ErrTimeout, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp, err := c.f.Get(context.Background(), c.url)
			if c.want == nil {
				if err != nil {
					t.Fatalf("Get: %v", err)
				}
				if string(resp.Body) != c.wantDoc {
					t.Errorf("body = %q, want %q", resp.Body, c.wantDoc)
				}
				return
			}
			if !errors.Is(err, c.want) {
				t.Fatalf("error = %v, want %v", err, c.want)
			}
		})
	}
}

func TestGetCallerCancelled(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }))
	t.Cleanup(ts.Close)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(20 * time.Millisecond); cancel() }()
	_, err := fetch.New(fetch.Config{AllowPrivate: true, Timeout: time.Minute}).Get(ctx, ts.URL)
	if !errors.Is(err, context.Canceled) || errors.Is(err, fetch.ErrTimeout) {
		t.Fatalf("error = %v, want the caller's cancellation", err)
	}
}

func TestPublic(t *testing.T) {
	for addr, want := range map[string]bool{
		"8.8.8.8": true, "2606:4700:4700::1111": true,
		"127.0.0.1": false, "10.1.2.3": false, "172.16.0.1": false, "192.168.1.1": false,
		"169.254.169.254": false, "100.100.100.200": false, "0.0.0.0": false, "::1": false,
		"fe80::1": false, "fd00:ec2::254": false, "::ffff:127.0.0.1": false, "224.0.0.1": false,
		"255.255.255.255": false, "64:ff9b::a00:1": false,
	} {
		if got := fetch.Public(netip.MustParseAddr(addr)); got != want {
			t.Errorf("Public(%s) = %v, want %v", addr, got, want)
		}
	}
}
