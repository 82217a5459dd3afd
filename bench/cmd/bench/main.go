// Command bench is Folio's benchmark suite (make bench). It seeds a private
// database, starts Folio and the direct baseline as separate processes, sends
// load to them from this process over loopback, and writes bench/RESULTS.md.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"folio/store"
)

func main() {
	if os.Getenv(staticDirEnv) != "" {
		serveStaticMain() // the suite's own static file server (static.go)
		return
	}
	out := flag.String("out", "bench/RESULTS.md", "where to write the results")
	folioBin := flag.String("folio", "bin/folio", "the folio binary")
	baselineBin := flag.String("baseline", "bin/folio-baseline", "the baseline binary")
	graphileConfig := flag.String("graphile-config", "bench/graphile.config.mjs", "PostGraphile 5's configuration")
	noEventsBin := flag.String("noevents", "bin/folio-noevents", "folio built with -tags folio_noevents (writes append no events), to measure what the change feed costs")
	quick := flag.Bool("quick", false, "small data and short runs (to try the suite)")
	only := flag.String("only", "", "run only one part after seeding: postgraphile (the comparison with the peer, PostGraphile 4 and 5), "+
		"events (writes with and without the change feed, webhook latency), search (seeds only the search corpus) "+
		"reads (the single reads, the GraphQL site tree and list of 1,000 against the baseline; seeds one organization, 1,000 spaces and the sites) "+
		"insights (a cached page view with insights recording on and off; seeds the sites only), "+
		"reader (published pages, against the same bytes from a file) "+
		"or pooler (a server behind PgBouncer against one on direct connections)")
	vs := flag.String("vs", "", "with -only search: another folio binary (such as a build of the commit before a change), "+
		"measured in turns with -folio on the same data, twice each, for a before/after comparison")
	flag.Parse()
	log.SetFlags(log.Ltime)
	if *vs != "" && *only != "search" {
		log.Fatal("-vs compares search only: add -only search")
	}
	if *only != "" && *only != "postgraphile" && *only != "events" && *only != "search" && *only != "reads" && *only != "insights" && *only != "reader" && *only != "pooler" {
		log.Fatalf("-only %s: the parts that run alone are postgraphile, events, search, reads, insights, reader and pooler", *only)
	}
	ctx := context.Background()
	cfg := defaultConfig
	if *quick {
		cfg = quickConfig
	}

	dir, err := os.MkdirTemp("", "folio-bench-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	os.Chmod(dir, 0o755) // the cluster may run as another user when we are root
	emb, err := store.StartEmbedded(ctx, dir)
	if err != nil {
		log.Fatal(err)
	}
	defer emb.Stop()
	s, err := store.Open(ctx, emb.DSN())
	if err != nil {
		log.Fatal(err)
	}
	if err := s.Migrate(ctx); err != nil {
		log.Fatal(err)
	}
	start := time.Now()
	data, err := seed(ctx, s, cfg, *only)
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("seeded in %s", time.Since(start).Round(time.Second))
	settle(ctx, s)

	folioAddr, baseAddr, noEventsAddr, noInsightsAddr := freeAddr(), freeAddr(), freeAddr(), freeAddr()
	public := "http://" + folioAddr
	// FOLIO_FETCH_ALLOW_PRIVATE: the webhook receiver is this process, on
	// loopback, which a server refuses to deliver to by default.
	env := append(os.Environ(), "DATABASE_URL="+emb.DSN(), "FOLIO_PUBLIC_URL="+public,
		"FOLIO_STATEMENT_HEADER=true", "FOLIO_RATE_LIMIT=0", "FOLIO_LOG_LEVEL=error",
		"FOLIO_DATA_DIR="+filepath.Join(dir, "data"), "FOLIO_FETCH_ALLOW_PRIVATE=true")
	folioPID, stopFolio := startProcess(*folioBin, append(env, "FOLIO_ADDR="+folioAddr), "serve")
	defer stopFolio()
	basePID, stopBase := startProcess(*baselineBin, append(env, "BASELINE_ADDR="+baseAddr))
	defer stopBase()
	// The same server without its change feed, on the same database: the
	// writes of both are measured in alternation (see events.go).
	_, stopNoEvents := startProcess(*noEventsBin, append(env, "FOLIO_ADDR="+noEventsAddr), "serve")
	defer stopNoEvents()
	// The same server with insights off: a cached page view is measured on
	// both in alternation (see insights.go).
	noInsightsPID, stopNoInsights := startProcess(*folioBin, append(env, "FOLIO_ADDR="+noInsightsAddr, "FOLIO_INSIGHTS=off"), "serve")
	defer stopNoInsights()
	waitListening(folioAddr)
	waitListening(baseAddr)
	waitListening(noEventsAddr)
	waitListening(noInsightsAddr)

	r := &run{cfg: cfg, data: data, folio: "http://" + folioAddr, baseline: "http://" + baseAddr, noEvents: "http://" + noEventsAddr,
		noInsights: "http://" + noInsightsAddr, dsn: emb.DSN(), store: s, public: public, only: *only, folioBin: *folioBin, env: env, graphileConfig: *graphileConfig,
		pids: map[string]int{"http://" + folioAddr: folioPID, "http://" + baseAddr: basePID, "http://" + noInsightsAddr: noInsightsPID}}
	var report string
	if *vs != "" {
		stopFolio()
		report = r.searchVersus(ctx, env, []string{*vs, *folioBin})
	} else {
		report = r.all(ctx)
		report += compareWith(*out, report)
	}
	if err := os.WriteFile(*out, []byte(report), 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("wrote %s in %s", *out, time.Since(start).Round(time.Second))
}

// startProcess starts bin and returns its process id and how to stop it.
func startProcess(bin string, env []string, args ...string) (pid int, stop func()) {
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		log.Fatalf("start %s: %v", bin, err)
	}
	return cmd.Process.Pid, func() {
		cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
		}
	}
}

func freeAddr() string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

func waitListening(addr string) {
	for i := 0; i < 300; i++ {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	log.Fatalf("%s never listened", addr)
}

// machine describes where the suite ran.
func machine() string {
	cpu := "unknown CPU"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(line, "model name") {
				cpu = strings.TrimSpace(strings.SplitN(line, ":", 2)[1])
				break
			}
		}
	}
	mem := ""
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		mem = strings.Fields(strings.SplitN(string(b), "\n", 2)[0])[1] + " kB memory"
	}
	cores := 0
	if out, err := exec.Command("nproc").Output(); err == nil {
		fmt.Sscan(string(out), &cores)
	}
	pg := ""
	if out, err := exec.Command("bash", "-c", "ls -d /usr/lib/postgresql/*/bin/postgres | tail -1").Output(); err == nil {
		if v, err := exec.Command(strings.TrimSpace(string(out)), "--version").Output(); err == nil {
			pg = strings.TrimSpace(string(v))
		}
	}
	gov, _ := exec.Command("go", "version").Output()
	return fmt.Sprintf("%d cores (%s), %s; %s; %s", cores, cpu, mem, pg, strings.TrimSpace(string(gov)))
}

// settle vacuums and analyses every table the seed filled and checkpoints
// its writes, so that neither autovacuum nor the checkpointer takes the
// machine's cores during the first measurements (the single reads).
func settle(ctx context.Context, s *store.Store) {
	start := time.Now()
	for _, stmt := range []string{"VACUUM ANALYZE", "CHECKPOINT"} {
		if _, err := s.DB.ExecContext(ctx, stmt); err != nil {
			log.Fatalf("%s: %v", stmt, err)
		}
	}
	log.Printf("vacuumed, analysed and checkpointed in %s", time.Since(start).Round(time.Second))
}
