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
	if b == "" && a != "" {
		return keyAfter(a)
	}
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

// keyAfter returns a short key after a, for an item placed at the end: a's
// digits up to three past its leading run of the greatest digit, plus one.
//
// The middle between a and the end (what keyBetween does between two
// keys) halved the room left on every append: five appends used up a
// digit, and creates appending their ids (endKey) made it worse. After
// 20,000 creates at the end of a parent its last key was 4,000 digits
// long, read, compared, copied and indexed on every create, and
// keyBetween, building it digit by digit, took 4.5 ms and half of what a
// create allocated. Counting up instead spends a digit every 62 x 62 x 62
// appends (half that when ids follow, which the count starts from at
// random): 20,000 appends stay at three digits. A key that is already
// long (made before) gets no longer than its run of greatest digits and
// three.
func keyAfter(a string) string {
	k := 0
	for k < len(a) && a[k] == positionDigits[len(positionDigits)-1] {
		k++
	}
	digits := make([]byte, k+3, k+4)
	for i := range digits {
		digits[i] = positionDigits[0]
		if i < len(a) {
			digits[i] = a[i]
		}
	}
	// Add one in the last digit. The carry stops at digit k at the latest,
	// which is not the greatest.
	for i := len(digits) - 1; i >= 0; i-- {
		d := strings.IndexByte(positionDigits, digits[i])
		if d < len(positionDigits)-1 {
			digits[i] = positionDigits[d+1]
			break
		}
		digits[i] = positionDigits[0]
	}
	// A key never ends with the smallest digit. Dropping the trailing ones
	// would make the next count start from an id's digits (endKey), so one
	// more digit follows them instead.
	if digits[len(digits)-1] == positionDigits[0] {
		digits = append(digits, positionDigits[1])
	}
	return string(digits)
}
