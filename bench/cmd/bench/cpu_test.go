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
	deadline := time.Now().Add(300 * time.Millisecond)
	n := 0
	for time.Now().Before(deadline) {
		n++
	}
	runtime.KeepAlive(n)
	u := stop(10)
	if u.generator < 200*time.Millisecond || u.server < 200*time.Millisecond {
		t.Errorf("generator %s, server %s: want about 300ms each", u.generator, u.server)
	}
	if u.machine < u.generator || u.busy() <= 0 || u.busy() > 1.05 {
		t.Errorf("machine %s (busy %.2f) for a generator of %s", u.machine, u.busy(), u.generator)
	}
	if got := u.perRequest(u.generator); got < 20_000 {
		t.Errorf("%.0f µs per request, want about 30,000", got)
	}
}
