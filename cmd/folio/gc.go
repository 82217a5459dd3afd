package main

import (
	"os"
	"runtime/debug"
)

// serveGCPercent is the collector's pace for `folio serve` when GOGC is not
// set: a new cycle once the heap has grown by four times what was live
// after the last one, instead of Go's once.
//
// A request allocates most of what it touches and keeps none of it (a
// single read about 75 KB, a list of 1,000 spaces about 19 MB), while what
// stays live is small (the schema, the pools, the caches). At Go's default
// a cycle started every few megabytes allocated, a few times per list
// request: with a quarter of the cycles, the list costs about 30% less CPU
// and a single read about 10% less (cpu-ns/op of BenchmarkSpaceList and
// BenchmarkSingleRead), and fewer requests run alongside a cycle's marking
// and its assists (a source of the latency tail). The price is a larger heap between cycles, a few times the live
// heap; GOGC, and GOMEMLIMIT for a hard ceiling, still apply as set.
const serveGCPercent = 400

// tuneGC sets the server's pace unless the environment chose one.
func tuneGC() {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(serveGCPercent)
	}
}
