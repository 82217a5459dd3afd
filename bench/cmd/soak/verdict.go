package main

import (
	"fmt"
	"strings"
	"time"
)

// verdict writes the samples and judges the run: after the warm-up, the
// mean of each gauge over the last third of the samples may exceed its
// mean over the first third by at most bound (a leak or a slowdown grows;
// a gauge that falls is not one), and no request may fail and no webhook
// delivery be lost or sent twice.
func verdict(samples []sample, warmup time.Duration, bound float64, lost, twice, received int) (string, bool) {
	var b strings.Builder
	b.WriteString("| minute | RSS (MB) | goroutines | pool connections | server's PostgreSQL backends | requests | errors | p50 | p99 |\n")
	b.WriteString("|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	var measured []sample
	errors := 0
	for _, s := range samples {
		mark := ""
		if s.at <= warmup {
			mark = " (warm-up)"
		} else {
			measured = append(measured, s)
		}
		errors += s.errors
		fmt.Fprintf(&b, "| %s%s | %.1f | %.0f | %.0f | %.0f | %d | %d | %s | %s |\n", s.at.Round(time.Second), mark,
			s.rssMB, s.goroutines, s.dbOpen, s.pgBackends, s.sent, s.errors, ms(s.p50), ms(s.p99))
	}
	ok := true
	b.WriteString("\n## Verdict\n\n")
	if len(measured) < 3 {
		b.WriteString("Too few samples after the warm-up to judge a drift (at least three).\n")
		return b.String(), false
	}
	third := len(measured) / 3
	head, tail := measured[:third], measured[len(measured)-third:]
	b.WriteString("| gauge | first third | last third | drift | within the bound |\n|---|---:|---:|---:|---|\n")
	for _, g := range []struct {
		name string
		of   func(sample) float64
	}{
		{"RSS (MB)", func(s sample) float64 { return s.rssMB }},
		{"goroutines", func(s sample) float64 { return s.goroutines }},
		{"pool connections", func(s sample) float64 { return s.dbOpen }},
		{"server's PostgreSQL backends", func(s sample) float64 { return s.pgBackends }},
		{"p99 (ms)", func(s sample) float64 { return float64(s.p99.Microseconds()) / 1000 }},
	} {
		first, last := mean(head, g.of), mean(tail, g.of)
		drift := 0.0
		if first > 0 {
			drift = last/first - 1
		}
		within := drift <= bound
		ok = ok && within
		fmt.Fprintf(&b, "| %s | %.1f | %.1f | %+.1f%% | %s |\n", g.name, first, last, drift*100, yes(within))
	}
	fmt.Fprintf(&b, "\nFailed requests: %d. Webhook deliveries received: %d; lost: %d; received twice: %d.\n",
		errors, received, lost, twice)
	ok = ok && errors == 0 && lost == 0 && twice == 0
	if ok {
		fmt.Fprintf(&b, "\n**Passed**: no gauge grew more than %.0f%%, no request failed, every delivery arrived once.\n", bound*100)
	} else {
		fmt.Fprintf(&b, "\n**Failed** (bound %.0f%%).\n", bound*100)
	}
	return b.String(), ok
}

func mean(ss []sample, of func(sample) float64) float64 {
	sum := 0.0
	for _, s := range ss {
		sum += of(s)
	}
	return sum / float64(len(ss))
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return "**no**"
}
