// Command soak is Folio's soak test (make soak): it starts `folio serve` on
// a private database, sends it a steady mix of reads, writes, published
// page views and searches for a long time (30 minutes by default) while a
// webhook receiver in this process takes every delivery, and records once a
// minute the server's memory, goroutines, database connections, latency and
// errors into bench/SOAK.md. A server that leaks (memory, goroutines,
// connections) or slows down as it runs shows as a drift between the start
// and the end of the run; the command fails on a drift past the bound, on
// any failed request, and on a webhook delivery lost or sent twice.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"

	"folio/bench/loadgen"
	"folio/store"
)

func main() {
	duration := flag.Duration("duration", 30*time.Minute, "how long the load runs")
	warmup := flag.Duration("warmup", 5*time.Minute, "the first part of the run, left out of the drift check (caches fill, the heap finds its size)")
	every := flag.Duration("every", time.Minute, "how often a sample is taken")
	rate := flag.Float64("rate", 40, "requests per second, all kinds together (an open loop: the rate holds whatever the latency)")
	bound := flag.Float64("bound", 0.10, "the largest drift allowed, as a share of the start's mean")
	out := flag.String("out", "bench/SOAK.md", "where to write the samples and the verdict")
	folioBin := flag.String("folio", "bin/folio", "the folio binary")
	flag.Parse()
	log.SetFlags(log.Ltime)
	if *warmup >= *duration {
		log.Fatal("-warmup must be shorter than -duration")
	}
	ctx := context.Background()

	dir, err := os.MkdirTemp("", "folio-soak-")
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
	defer s.Close()
	if err := s.Migrate(ctx); err != nil {
		log.Fatal(err)
	}

	rc := newReceiver()
	hooks := &http.Server{Handler: rc}
	hl, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	go hooks.Serve(hl)
	defer hooks.Close()

	w, err := seed(ctx, s, "http://"+hl.Addr().String()+"/hook")
	if err != nil {
		log.Fatal(err)
	}

	// From here the soak holds one backend of its own, which the samples
	// leave out (migrations and the seed need more than one).
	s.DB.SetMaxOpenConns(1)
	s.DB.SetMaxIdleConns(1)

	addr, metricsAddr := freeAddr(), freeAddr()
	cmd := exec.Command(*folioBin, "serve")
	// FOLIO_FETCH_ALLOW_PRIVATE: the webhook receiver is this process, on
	// loopback, which a server refuses to deliver to by default.
	cmd.Env = append(os.Environ(), "DATABASE_URL="+emb.DSN(), "FOLIO_PUBLIC_URL=http://"+addr,
		"FOLIO_ADDR="+addr, "FOLIO_METRICS_ADDR="+metricsAddr, "FOLIO_RATE_LIMIT=0", "FOLIO_LOG_LEVEL=error",
		"FOLIO_DATA_DIR="+filepath.Join(dir, "data"), "FOLIO_FETCH_ALLOW_PRIVATE=true")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	// The server dies with this process, even when it ends by log.Fatal.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		log.Fatal(err)
	}
	defer func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
	}()
	waitListening(addr)
	w.base = "http://" + addr
	client := loadgen.Client(64)
	if err := w.discover(client); err != nil {
		log.Fatal(err)
	}

	log.Printf("soak: %s at %.0f req/s, a sample every %s, warm-up %s", *duration, *rate, *every, *warmup)
	var samples []sample
	start := time.Now()
	for time.Since(start)+*every/2 < *duration {
		slice := min(*every, *duration-time.Since(start))
		res := loadgen.Open(ctx, client, *rate, slice, 512, w.request)
		smp, err := measure(s, cmd.Process.Pid, "http://"+metricsAddr, res)
		if err != nil {
			log.Fatal(err)
		}
		smp.at = time.Since(start)
		samples = append(samples, smp)
		log.Print(smp.line())
	}
	lost, twice := rc.settle(ctx, s, w.webhookID)
	report, ok := verdict(samples, *warmup, *bound, lost, twice, rc.count())
	report = header(*duration, *rate, *every, *warmup) + report
	if err := os.WriteFile(*out, []byte(report), 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("wrote %s", *out)
	if !ok {
		log.Print("soak: FAILED (see the verdict)")
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
		os.Exit(1)
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
	for range 300 {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	log.Fatalf("%s never listened", addr)
}

func header(d time.Duration, rate float64, every, warmup time.Duration) string {
	return fmt.Sprintf("# Soak\n\n`make soak`: %s of mixed load at %.0f requests/s against one `folio serve`, "+
		"a sample every %s, the first %s left out of the drift check. Written by `bench/cmd/soak` on %s.\n\n",
		d, rate, every, warmup, time.Now().UTC().Format("2006-01-02 15:04 UTC"))
}
