package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"folio/bench/loadgen"
	"folio/store"
)

// sample is one interval of the run: the server's state at its end and the
// latencies of the requests sent during it.
type sample struct {
	at          time.Duration // since the load started
	rssMB       float64       // the server's resident memory
	goroutines  float64
	dbOpen      float64 // the server's open database connections (its pool)
	pgBackends  float64 // PostgreSQL's client backends on the database but the soak's own: the server's connections
	sent        int
	errors      int
	p50, p99    time.Duration
	webhooksGot int
}

func (s sample) line() string {
	return fmt.Sprintf("%6s  rss %6.1f MB  goroutines %4.0f  db conns %3.0f  pg backends %3.0f  sent %6d  errors %d  p50 %7s  p99 %7s",
		s.at.Round(time.Second), s.rssMB, s.goroutines, s.dbOpen, s.pgBackends, s.sent, s.errors, ms(s.p50), ms(s.p99))
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1fms", float64(d.Microseconds())/1000) }

// measure takes a sample: the server process's RSS from /proc, its
// goroutines and pool connections from its metrics listener, PostgreSQL's
// client backends from pg_stat_activity (autovacuum's workers, which come
// and go with the writes, are not the server's; the soak holds one
// connection of its own, left out).
func measure(s *store.Store, pid int, metrics string, res loadgen.Result) (sample, error) {
	smp := sample{sent: res.Sent, errors: res.Errors, p50: res.Quantile(0.5), p99: res.Quantile(0.99)}
	rss, err := rssOf(pid)
	if err != nil {
		return smp, err
	}
	smp.rssMB = rss / 1024
	m, err := scrape(metrics + "/metrics")
	if err != nil {
		return smp, err
	}
	smp.goroutines = m["go_goroutines"]
	smp.dbOpen = m[`go_sql_open_connections{db_name="folio"}`]
	var n int
	if err := s.DB.QueryRowContext(context.Background(),
		"SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()").Scan(&n); err != nil {
		return smp, fmt.Errorf("count backends: %w", err)
	}
	smp.pgBackends = float64(n)
	return smp, nil
}

// rssOf reads a process's resident set in kB.
func rssOf(pid int) (float64, error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, fmt.Errorf("the server is gone: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			return strconv.ParseFloat(strings.Fields(rest)[0], 64)
		}
	}
	return 0, fmt.Errorf("no VmRSS in /proc/%d/status", pid)
}

// scrape reads a Prometheus text page into series → value.
func scrape(url string) (map[string]float64, error) {
	resp, err := http.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	out := map[string]float64{}
	for _, line := range strings.Split(string(b), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		if v, err := strconv.ParseFloat(line[i+1:], 64); err == nil {
			out[line[:i]] = v
		}
	}
	return out, nil
}
