// Command baseline serves the benchmark's direct REST baseline (package
// bench/baseline) on BASELINE_ADDR over DATABASE_URL.
package main

import (
	"context"
	"log"
	"net/http"
	"os"
	"runtime/debug"

	"folio/bench/baseline"
	"folio/store"
)

// gcPercent is folio serve's pace of the collector unless GOGC is set
// (defaultGOGC in cmd/folio): the baseline runs at the same one, so that
// the suite compares the handlers, not the collectors' settings.
const gcPercent = 400

func main() {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(gcPercent)
	}
	ctx := context.Background()
	s, err := store.Open(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	if err := s.LoadSecrets(ctx); err != nil {
		log.Fatal(err)
	}
	addr := os.Getenv("BASELINE_ADDR")
	log.Fatal(http.ListenAndServe(addr, baseline.Handler(s, os.Getenv("FOLIO_PUBLIC_URL"))))
}
