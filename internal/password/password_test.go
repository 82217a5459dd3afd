package password_test

import (
	"errors"
	"strings"
	"testing"

	"folio/internal/password"
)

func TestHashVerify(t *testing.T) {
	h, err := password.Hash("correct horse battery staple")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hash %q", h)
	}
	if err := password.Verify(h, "correct horse battery staple"); err != nil {
		t.Fatalf("right password: %v", err)
	}
	if err := password.Verify(h, "correct horse battery stapler"); !errors.Is(err, password.ErrMismatch) {
		t.Fatalf("wrong password: %v", err)
	}
	if err := password.Verify("", "anything at all here"); !errors.Is(err, password.ErrMismatch) {
		t.Fatalf("no hash: %v", err)
	}
	h2, _ := password.Hash("correct horse battery staple")
	if h2 == h {
		t.Fatal("two hashes of one password are equal: the salt is not random")
	}
	if err := password.Verify("$argon2id$v=19$m=0,t=1,p=1$AA$AA", "x"); err == nil || errors.Is(err, password.ErrMismatch) {
		t.Fatalf("malformed hash: %v", err)
	}
}

func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		pw, why string
	}{
		{"short pass", "at least 12"},
		{strings.Repeat("a", 257), "at most 256"},
		{"aaaaaaaaaaaaaaa", "repeats"},
		{"abababababab", "repeats"},
		{"abcdefghijklm", "sequence"},
		{"123456789012", "sequence"},
		{"qwerty123456", "common"},
		{"1q2w3e4r5t6y", "common"},
		{"PASSWORD1234!", "common"},
		{"leavemealone", "common"},
		{"ada.lovelace99", "your name"},
		{"\xff\xfe invalid utf8 text", "UTF-8"},
	} {
		err := password.Check(tc.pw, "ada.lovelace@example.com", "Ada Lovelace", "Folio")
		if err == nil || !strings.Contains(err.Error(), tc.why) {
			t.Errorf("Check(%q) = %v, want an error saying %q", tc.pw, err, tc.why)
		}
	}
	for _, ok := range []string{"correct horse battery staple", "tulip-orbit-canyon", "ünïcödé pässwörd", "zebra quartz 42"} {
		if err := password.Check(ok, "ada@example.com", "Ada"); err != nil {
			t.Errorf("Check(%q) = %v, want nil", ok, err)
		}
	}
}

// BenchmarkVerify is what one sign-in attempt costs in hashing (argon2id,
// 19 MiB, 2 passes, 1 lane): the price of a guess, for the server and for
// an attacker with the hash alike.
func BenchmarkVerify(b *testing.B) {
	h, err := password.Hash("correct horse battery staple")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := password.Verify(h, "correct horse battery staple"); err != nil {
			b.Fatal(err)
		}
	}
}
