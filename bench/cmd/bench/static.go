package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"folio/bench/loadgen"
	"folio/bench/staticpage"
)

// The physical limit of a page view: the same page's bytes, with the same
// headers, served from a file by Go's http.FileServer (this binary run
// again as a server of its own, FOLIO_BENCH_STATIC_DIR) and by nginx when
// it is installed (Debian's nginx-light). The reader's cached page view is
// measured against each, paired (pairedShare).

const (
	staticDirEnv  = "FOLIO_BENCH_STATIC_DIR"
	staticAddrEnv = "FOLIO_BENCH_STATIC_ADDR"
	staticPage    = "page.html"
	staticHeaders = "headers.json"
)

// serveStaticMain is the static server's process: it serves staticPage of
// its directory with the headers of headers.json, as Folio answered them.
func serveStaticMain() {
	dir := os.Getenv(staticDirEnv)
	raw, err := os.ReadFile(filepath.Join(dir, staticHeaders))
	if err != nil {
		log.Fatal(err)
	}
	var h http.Header
	if err := json.Unmarshal(raw, &h); err != nil {
		log.Fatal(err)
	}
	log.Fatal(http.ListenAndServe(os.Getenv(staticAddrEnv), staticpage.Handler(dir, h)))
}

// staticServers writes the page and starts the file servers; each has a
// name, its URL of the page, and its process id.
func (r *run) staticServers(body []byte, h http.Header) (servers []staticServer, stop func()) {
	dir := filepath.Join(r.tmp(), "static")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		log.Fatal(err)
	}
	// nginx's workers run as another user when the suite runs as root.
	os.Chmod(r.tmp(), 0o755) //nolint:errcheck
	if err := os.WriteFile(filepath.Join(dir, staticPage), body, 0o644); err != nil {
		log.Fatal(err)
	}
	hs := staticpage.Headers(h)
	raw, _ := json.Marshal(hs)
	if err := os.WriteFile(filepath.Join(dir, staticHeaders), raw, 0o644); err != nil {
		log.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		log.Fatal(err)
	}
	var stops []func()
	addr := freeAddr()
	pid, stopGo := startProcess(self, append(os.Environ(), staticDirEnv+"="+dir, staticAddrEnv+"="+addr))
	stops = append(stops, stopGo)
	waitListening(addr)
	servers = append(servers, staticServer{name: "Go http.FileServer", url: "http://" + addr + "/" + staticPage, pid: pid})
	if s, stopN, err := startNginx(dir, hs); err != nil {
		log.Printf("nginx: %v (the comparison with nginx is skipped)", err)
	} else {
		stops = append(stops, stopN)
		servers = append(servers, s)
	}
	return servers, func() {
		for _, s := range stops {
			s()
		}
	}
}

type staticServer struct {
	name, url string
	pid       int
}

// startNginx runs nginx (when installed) in the foreground on a free port
// with a configuration of its own: one worker process per core, as nginx
// is usually run, the page and its headers.
func startNginx(dir string, h http.Header) (staticServer, func(), error) {
	bin, err := exec.LookPath("nginx")
	if err != nil {
		if _, err2 := os.Stat("/usr/sbin/nginx"); err2 != nil {
			return staticServer{}, nil, fmt.Errorf("not installed (apt-get install nginx-light)")
		}
		bin = "/usr/sbin/nginx"
	}
	addr := freeAddr()
	var add strings.Builder
	keys := make([]string, 0, len(h))
	for k := range h {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if k == "Content-Type" || k == "Etag" || k == "ETag" {
			continue // below: default_type, etag
		}
		for _, v := range h[k] {
			fmt.Fprintf(&add, "\t\t\tadd_header %s %q always;\n", k, v)
		}
	}
	ctype := h.Get("Content-Type")
	conf := fmt.Sprintf(`daemon off;
worker_processes auto;
pid %[1]s/nginx.pid;
error_log %[1]s/error.log error;
events { worker_connections 1024; }
http {
	access_log off;
	client_body_temp_path %[1]s/tmp;
	proxy_temp_path %[1]s/tmp;
	fastcgi_temp_path %[1]s/tmp;
	uwsgi_temp_path %[1]s/tmp;
	scgi_temp_path %[1]s/tmp;
	server_tokens off;
	keepalive_requests 1000000;
	server {
		listen %[2]s;
		root %[1]s;
		location = /%[3]s {
			types { }
			default_type %[4]q;
			etag off;
%[5]s			add_header ETag %[6]q always;
		}
	}
}
`, dir, addr, staticPage, ctype, add.String(), h.Get("ETag"))
	if err := os.MkdirAll(filepath.Join(dir, "tmp"), 0o755); err != nil {
		return staticServer{}, nil, err
	}
	path := filepath.Join(dir, "nginx.conf")
	if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
		return staticServer{}, nil, err
	}
	if out, err := exec.Command(bin, "-t", "-c", path, "-p", dir).CombinedOutput(); err != nil {
		return staticServer{}, nil, fmt.Errorf("configuration refused: %v: %s", err, out)
	}
	pid, stop := startProcess(bin, os.Environ(), "-c", path, "-p", dir)
	waitListening(addr)
	return staticServer{name: "nginx", url: "http://" + addr + "/" + staticPage, pid: pid}, stop, nil
}

// staticGet requests a static server's page.
func staticGet(url string, header ...string) loadgen.Request {
	return func(int) *http.Request {
		req, _ := http.NewRequest(http.MethodGet, url, nil)
		for j := 0; j+1 < len(header); j += 2 {
			req.Header.Set(header[j], header[j+1])
		}
		return req
	}
}

// againstStatic measures the static servers as the cached page view was,
// and Folio's share of each one's throughput, paired.
func (r *run) againstStatic(ctx context.Context, folio loadgen.Request, hit measurement, body []byte, h http.Header) ([]measurement, []string) {
	servers, stop := r.staticServers(body, h)
	defer stop()
	var rows []measurement
	var notes []string
	for _, s := range servers {
		get := staticGet(s.url)
		resp, err := r.client.Do(get(0))
		if err != nil {
			log.Fatalf("%s: %v", s.name, err)
		}
		got, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !bytes.Equal(got, body) || resp.Header.Get("ETag") != h.Get("ETag") ||
			resp.Header.Get("Content-Type") != h.Get("Content-Type") || resp.Header.Get("Content-Security-Policy") != h.Get("Content-Security-Policy") {
			log.Printf("%s does not answer Folio's bytes and headers (%d): skipped", s.name, resp.StatusCode)
			continue
		}
		r.pids[strings.TrimSuffix(s.url, "/"+staticPage)] = s.pid
		m := r.measure(ctx, "the same page from a file ("+s.name+")", r.cfg.clients, get)
		rows = append(rows, m)
		share, pairs := r.pairedShare(ctx, folio, get)
		notes = append(notes, fmt.Sprintf("- A cached page view reaches **%.0f%%** of %s's throughput serving the same bytes with the same headers "+
			"(median of %d pairs of closed loops, ABBA; pairs: %s; the maxima above, measured apart, give %.0f%%).",
			share*100, s.name, len(pairs), strings.Join(pairs, ", "), 100*hit.max/m.max))
	}
	return rows, notes
}
