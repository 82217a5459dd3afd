package insights

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
)

// TestVisitorHashReusesItsMAC: the MAC kept from one view to the next
// gives what a fresh HMAC gives, whatever the salts in turn and the
// lengths of what is hashed.
func TestVisitorHashReusesItsMAC(t *testing.T) {
	fresh := func(salt []byte, site, client, ua string) string {
		m := hmac.New(sha256.New, salt)
		m.Write([]byte(site + "\x00" + client + "\x00" + ua))
		return hex.EncodeToString(m.Sum(nil)[:16])
	}
	salts := [][]byte{[]byte("day-one-salt-0123456789abcdef"), []byte("day-two-salt"), []byte("day-one-salt-0123456789abcdef")}
	seen := map[string]bool{}
	for i := range 60 {
		salt := salts[i%len(salts)]
		ua := strings.Repeat("Mozilla/5.0 ", i%7)
		if i == 30 {
			ua = strings.Repeat("x", 10000) // past the buffer kept
		}
		got, want := VisitorHash(salt, "site", "203.0.113.7", ua), fresh(salt, "site", "203.0.113.7", ua)
		if got != want {
			t.Fatalf("view %d: %s, want %s", i, got, want)
		}
		seen[got] = true
	}
	if len(seen) < 8 {
		t.Errorf("%d distinct hashes: the inputs do not reach the MAC", len(seen))
	}
}
