package main

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// The load generator (this process), the server and PostgreSQL share the
// machine's cores, so a tail can be the machine's rather than the
// server's. A meter reads from /proc the CPU time each of them spent over
// one run, for the results to say how busy the machine was at each load
// and whose work made it so.

// cpuUse is the CPU time spent over one run of requests.
type cpuUse struct {
	requests  int
	wall      time.Duration
	generator time.Duration // this process
	server    time.Duration // the server measured
	machine   time.Duration // every process (/proc/stat, idle and I/O wait left out)
}

// busy is the share of the machine's cores in use over the run.
func (u cpuUse) busy() float64 {
	if u.wall <= 0 {
		return 0
	}
	return u.machine.Seconds() / (u.wall.Seconds() * float64(runtime.NumCPU()))
}

// perRequest is d spread over the run's requests, in microseconds.
func (u cpuUse) perRequest(d time.Duration) float64 {
	if u.requests == 0 {
		return 0
	}
	return float64(d.Microseconds()) / float64(u.requests)
}

// rest is the machine's CPU time neither the generator nor the server
// spent: PostgreSQL's, mostly.
func (u cpuUse) rest() time.Duration { return max(u.machine-u.generator-u.server, 0) }

// split is "generator / server / rest" in microseconds per request.
func (u cpuUse) split() string {
	if u.requests == 0 || u.machine == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f / %.0f / %.0f µs", u.perRequest(u.generator), u.perRequest(u.server), u.perRequest(u.rest()))
}

// meter starts measuring the CPU time of the machine, this process and the
// process serverPID (none when 0); the function it returns ends the
// measure of a run of requests. Without /proc every time reads as zero.
func meter(serverPID int) (stop func(requests int) cpuUse) {
	start, gen, srv, all := time.Now(), processCPU(os.Getpid()), processCPU(serverPID), machineCPU()
	return func(requests int) cpuUse {
		return cpuUse{requests: requests, wall: time.Since(start), generator: processCPU(os.Getpid()) - gen,
			server: processCPU(serverPID) - srv, machine: machineCPU() - all}
	}
}

// clockTick is the unit of /proc's CPU times (USER_HZ).
var clockTick = func() time.Duration {
	hz := 100
	if out, err := exec.Command("getconf", "CLK_TCK").Output(); err == nil {
		if n, err := strconv.Atoi(strings.TrimSpace(string(out))); err == nil && n > 0 {
			hz = n
		}
	}
	return time.Second / time.Duration(hz)
}()

// processCPU is the user and system time of process pid so far.
func processCPU(pid int) time.Duration {
	if pid == 0 {
		return 0
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The command name, in parentheses, may hold spaces: fields count from
	// after it, utime and stime being the 14th and 15th of the line.
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * clockTick
}

// machineCPU is the time every core spent on anything but idling or
// waiting for I/O so far.
func machineCPU() time.Duration {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0
	}
	line, _, _ := strings.Cut(string(b), "\n")
	var ticks int64
	for i, v := range strings.Fields(line)[1:] {
		// idle and iowait; steal is the hypervisor's, not this machine's
		// work; guest times are inside user's.
		if i == 3 || i == 4 || i >= 7 {
			continue
		}
		n, _ := strconv.ParseInt(v, 10, 64)
		ticks += n
	}
	return time.Duration(ticks) * clockTick
}
