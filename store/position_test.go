package store

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestKeyBetween inserts keys at random places and checks that every key
// lands strictly between its neighbours, so the order is what was asked.
func TestKeyBetween(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var keys []string
	for i := range 3000 {
		at := r.IntN(len(keys) + 1)
		switch i % 3 {
		case 0:
			at = 0 // repeated inserts at the start
		case 1:
			at = len(keys) // and at the end
		}
		a, b := "", ""
		if at > 0 {
			a = keys[at-1]
		}
		if at < len(keys) {
			b = keys[at]
		}
		k := keyBetween(a, b)
		if (a != "" && k <= a) || (b != "" && k >= b) || k == "" || k[len(k)-1] == '0' {
			t.Fatalf("keyBetween(%q, %q) = %q", a, b, k)
		}
		keys = slices.Insert(keys, at, k)
	}
	if !slices.IsSorted(keys) {
		t.Fatal("keys out of order")
	}
	for _, c := range [][2]string{{"", ""}, {"V", ""}, {"", "V"}, {"1", "2"}, {"z", ""}, {"", "01"}, {"A", "A1"}, {"Az", "B"}} {
		k := keyBetween(c[0], c[1])
		if (c[0] != "" && k <= c[0]) || (c[1] != "" && k >= c[1]) {
			t.Errorf("keyBetween(%q, %q) = %q", c[0], c[1], k)
		}
	}
}
