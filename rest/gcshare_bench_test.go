package rest_test

import (
	"runtime/metrics"
	"testing"
)

// gcMetrics are the runtime's counters that reportGC reads: the
// collector's cycles, CPU time by class (the total, all of the collector's,
// and the part of it that allocating goroutines did themselves, the
// assists, which delay the requests that make them), and the goroutines
// started (each request's own, and the collector's workers).
var gcMetrics = []string{
	"/gc/cycles/total:gc-cycles",
	"/cpu/classes/total:cpu-seconds",
	"/cpu/classes/gc/total:cpu-seconds",
	"/cpu/classes/gc/mark/assist:cpu-seconds",
	"/cpu/classes/gc/pause:cpu-seconds",
	"/sched/goroutines-created:goroutines",
}

// gcSample is a reading of gcMetrics.
type gcSample []metrics.Sample

func readGC() gcSample {
	s := make(gcSample, len(gcMetrics))
	for i, name := range gcMetrics {
		s[i].Name = name
	}
	metrics.Read(s)
	return s
}

func (s gcSample) value(i int) float64 {
	if s[i].Value.Kind() == metrics.KindUint64 {
		return float64(s[i].Value.Uint64())
	}
	return s[i].Value.Float64()
}

// reportGC reports the goroutines started per request over n requests
// since before, and what the collector cost: its cycles per 1,000
// requests, its share of the process's CPU time, and the assists' share
// (the runtime's CPU classes are estimates it keeps, updated at each
// cycle's end, so nothing is reported for a run without a cycle).
func reportGC(b *testing.B, before gcSample, n int) {
	after := readGC()
	d := func(i int) float64 { return after.value(i) - before.value(i) }
	if n == 0 {
		return
	}
	b.ReportMetric(d(5)/float64(n), "goroutines/op")
	if d(1) <= 0 {
		return
	}
	b.ReportMetric(1000*d(0)/float64(n), "gc/1000op")
	b.ReportMetric(100*d(2)/d(1), "gc-cpu-%")
	b.ReportMetric(100*d(3)/d(1), "assist-cpu-%")
	b.ReportMetric(100*d(4)/d(1), "pause-cpu-%")
}
