package domain

import (
	"crypto/rand"
)

const idAlphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// NewID returns an opaque random id of 20 base62 characters (about 119 bits).
func NewID() string { return RandomString(20) }

// RandomString returns n characters drawn uniformly from the 62 letters and
// digits by crypto/rand: the secret part of API tokens.
func RandomString(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	for i := range b {
		// 62*4 = 248: rejecting 248..255 keeps the distribution uniform.
		for b[i] >= 248 {
			var one [1]byte
			if _, err := rand.Read(one[:]); err != nil {
				panic(err)
			}
			b[i] = one[0]
		}
		b[i] = idAlphabet[b[i]%62]
	}
	return string(b)
}
