// Command baseline serves the benchmark's direct REST baseline (package
// bench/baseline) on BASELINE_ADDR over DATABASE_URL.
package main

import (
	"context"
	"log"
	"net/http"
	"os"

	"folio/bench/baseline"
	"folio/store"
)

func main() {
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
