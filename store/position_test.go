package store

import (
	"math/rand/v2"
	"slices"
	"strings"
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

// TestKeyAfterStaysShort appends items at the end of one parent as creates
// do (endKey: the key after the last, then the item's id), and checks the
// keys stay short and in order: the middle between the last key and the end
// grew a key by a digit every few appends (20,000 appends made a key of
// 4,000 digits without ids, and took 91 s to make).
func TestKeyAfterStaysShort(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	id := func() string {
		b := make([]byte, 20)
		for i := range b {
			b[i] = positionDigits[r.IntN(len(positionDigits))]
		}
		return string(b)
	}
	for _, withIDs := range []bool{false, true} {
		last := ""
		for i := range 20000 {
			k := keyBetween(last, "")
			if withIDs {
				k += id()
				if strings.HasSuffix(k, "0") {
					k += "1" // as endKey does
				}
			}
			if k <= last || k[len(k)-1] == '0' {
				t.Fatalf("append %d after %q: %q", i, last, k)
			}
			last = k
		}
		if n := len(last) - 21*boolInt(withIDs); n > 4 {
			t.Errorf("ids %v: the key of the 20,000th append is %d digits long (%q)", withIDs, n, last)
		}
	}
	// A long key made before keeps its run of greatest digits, no more.
	long := strings.Repeat("z", 3000) + "V"
	if k := keyBetween(long, ""); k <= long || len(k) > 3004 {
		t.Errorf("after a key of %d digits: %d digits", len(long), len(k))
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
