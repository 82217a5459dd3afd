package loadgen

import (
	"reflect"
	"testing"
	"time"
)

// TestMerge: runs merged hold every latency and delay in order, their
// requests and errors, over their durations added up.
func TestMerge(t *testing.T) {
	a := Result{Sent: 2, Errors: 1, Duration: time.Second, Latencies: []time.Duration{1, 5}, Late: []time.Duration{0, 3}}
	b := Result{Sent: 3, Duration: 2 * time.Second, Latencies: []time.Duration{2, 3, 9}, Late: []time.Duration{1, 1, 2}}
	m := Merge(a, b)
	if m.Sent != 5 || m.Errors != 1 || m.Duration != 3*time.Second {
		t.Errorf("Merge: sent %d, errors %d, duration %s", m.Sent, m.Errors, m.Duration)
	}
	if want := []time.Duration{1, 2, 3, 5, 9}; !reflect.DeepEqual(m.Latencies, want) {
		t.Errorf("latencies %v, want %v", m.Latencies, want)
	}
	if want := []time.Duration{0, 1, 1, 2, 3}; !reflect.DeepEqual(m.Late, want) {
		t.Errorf("late %v, want %v", m.Late, want)
	}
	if got := m.Throughput(); got != 5.0/3 {
		t.Errorf("throughput %v", got)
	}
}
