package store

import "strings"

// Sibling order is a sortable text key per row (compared byte by byte, as
// the columns' COLLATE "C" does). A key can always be made between two
// others, so placing an item rewrites its own row and no sibling's.
//
// Keys are strings of base-62 digits in ASCII order that never end with the
// smallest digit, so there is always room below any key.
const positionDigits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// keyBetween returns a key strictly between a and b; "" for a means the
// start, "" for b the end. a must sort before b.
func keyBetween(a, b string) string {
	if b != "" {
		// Keep the common prefix; pad a with zeros, its implicit value.
		n := 0
		for n < len(b) && digitAt(a, n) == strings.IndexByte(positionDigits, b[n]) {
			n++
		}
		if n > 0 {
			rest := ""
			if n < len(a) {
				rest = a[n:]
			}
			return b[:n] + keyBetween(rest, b[n:])
		}
	}
	lo := digitAt(a, 0)
	hi := len(positionDigits)
	if b != "" {
		hi = strings.IndexByte(positionDigits, b[0])
	}
	if hi-lo > 1 {
		return string(positionDigits[(lo+hi+1)/2])
	}
	// Consecutive first digits: b's first digit alone lies between, unless
	// b is that single digit; then extend a.
	if b != "" && len(b) > 1 {
		return b[:1]
	}
	rest := ""
	if len(a) > 1 {
		rest = a[1:]
	}
	return string(positionDigits[lo]) + keyBetween(rest, "")
}

// digitAt is the value of the i-th digit of k; 0 past its end.
func digitAt(k string, i int) int {
	if i >= len(k) {
		return 0
	}
	return strings.IndexByte(positionDigits, k[i])
}
