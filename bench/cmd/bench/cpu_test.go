package main

import (
	"os"
	"runtime"
	"testing"
	"time"
)

// TestMeter: CPU this process burns shows as the generator's, and as the
// server's when the server measured is this process, inside the machine's.
func TestMeter(t *testing.T) {
	if _, err := os.Stat("/proc/stat"); err != nil {
		t.Skip("no /proc")
	}
	stop := meter(os.Getpid())
	// Burn 300ms of this process's CPU time, however long other tests
	// sharing the cores make it take.
	start, deadline := processCPU(os.Getpid()), time.Now().Add(10*time.Second)
	n := 0
	for processCPU(os.Getpid())-start < 300*time.Millisecond {
		if time.Now().After(deadline) {
			t.Fatal("this process's CPU time never reached 300ms: /proc/self/stat not read")
		}
		for range 100_000 {
			n++
		}
	}
	runtime.KeepAlive(n)
	u := stop(10)
	if u.generator < 300*time.Millisecond || u.server < 300*time.Millisecond {
		t.Errorf("generator %s, server %s: want 300ms at least", u.generator, u.server)
	}
	// The machine's times are sampled by the tick, a process's accounted
	// exactly: they agree to a few ticks.
	if u.machine < u.generator*8/10 || u.busy() <= 0 || u.busy() > 1.5 {
		t.Errorf("machine %s (busy %.2f) for a generator of %s", u.machine, u.busy(), u.generator)
	}
	if got := u.perRequest(u.generator); got < 20_000 {
		t.Errorf("%.0f µs per request, want about 30,000", got)
	}
}
