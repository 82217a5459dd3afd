// Package password hashes passwords with argon2id and checks new ones the
// way NIST SP 800-63B asks: long enough, not too long, no composition
// rules, and not a common, repetitive or context-specific password.
package password

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"crypto/subtle"
	_ "embed"
	"encoding/base64"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
)

// MinLength and MaxLength bound a new password, counted in characters.
// The maximum only keeps hashing cheap to refuse; it is far above what a
// passphrase needs.
const (
	MinLength = 12
	MaxLength = 256
)

// Parameters of argon2id: OWASP's recommended configuration (19 MiB, 2
// passes, 1 lane), about 50 ms of one core. RFC 9106's 64 MiB would take
// four times the memory of every sign-in under way and most of half a
// second on a small server; a hash stores its parameters, so they can
// change without invalidating older hashes.
const (
	memoryKiB = 19 * 1024
	passes    = 2
	lanes     = 1
	keyLen    = 32
	saltLen   = 16
)

// hashing bounds the hashes computed at once to the machine's cores:
// each holds memoryKiB, so a burst of sign-ins waits its turn rather
// than taking the server's memory.
var hashing = make(chan struct{}, runtime.GOMAXPROCS(0))

// idKey is argon2.IDKey under the hashing bound.
func idKey(pw, salt []byte, t, m uint32, p uint8, n uint32) []byte {
	hashing <- struct{}{}
	defer func() { <-hashing }()
	return argon2.IDKey(pw, salt, t, m, p, n)
}

// ErrMismatch is what Verify answers for a wrong password.
var ErrMismatch = errors.New("password: wrong password")

// Hash returns the PHC string of an argon2id hash of pw with a random salt:
// $argon2id$v=19$m=19456,t=2,p=1$<salt>$<key>.
func Hash(pw string) (string, error) {
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("password: salt: %w", err)
	}
	key := idKey([]byte(pw), salt, passes, memoryKiB, lanes, keyLen)
	enc := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, memoryKiB, passes, lanes,
		enc.EncodeToString(salt), enc.EncodeToString(key)), nil
}

// Verify checks pw against a hash made by Hash: nil when it matches,
// ErrMismatch when not, another error when the hash is malformed. An empty
// hash (an account without a password) still costs one hash, so that the
// time of an answer does not tell whether an account has a password.
func Verify(hash, pw string) error {
	if hash == "" {
		hash = decoy
	}
	var v int
	var m uint32
	var t uint32
	var p uint8
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return errors.New("password: not an argon2id hash")
	}
	if _, err := fmt.Sscanf(parts[2], "v=%d", &v); err != nil || v != argon2.Version {
		return errors.New("password: unknown argon2 version")
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil || m == 0 || t == 0 || p == 0 || m > 1<<20 || t > 20 {
		return errors.New("password: bad argon2 parameters")
	}
	enc := base64.RawStdEncoding
	salt, err := enc.DecodeString(parts[4])
	if err != nil {
		return errors.New("password: bad salt")
	}
	want, err := enc.DecodeString(parts[5])
	if err != nil || len(want) == 0 {
		return errors.New("password: bad key")
	}
	got := idKey([]byte(pw), salt, t, m, p, uint32(len(want)))
	if subtle.ConstantTimeCompare(got, want) != 1 || hash == decoy {
		return ErrMismatch
	}
	return nil
}

// Dummy spends the time of one Verify: callers run it when there is no
// account to check, so that answers take as long either way.
func Dummy(pw string) { _ = Verify(decoy, pw) }

// decoy is a valid hash of a random password nobody knows.
var decoy = func() string {
	b := make([]byte, 32)
	rand.Read(b)
	h, err := Hash(string(b))
	if err != nil {
		panic(err)
	}
	return h
}()

// Check says why pw may not be a new password, or returns nil. context
// holds words a guesser would try first for this account (the e-mail
// address, the user's name, the server's name).
func Check(pw string, context ...string) error {
	n := utf8.RuneCountInString(pw)
	switch {
	case !utf8.ValidString(pw):
		return errors.New("the password is not valid UTF-8 text")
	case n < MinLength:
		return fmt.Errorf("the password must have at least %d characters", MinLength)
	case n > MaxLength:
		return fmt.Errorf("the password must have at most %d characters", MaxLength)
	}
	lower := strings.ToLower(pw)
	if distinct(lower) <= 3 {
		return errors.New("the password repeats too few characters; a few unrelated words make a good one")
	}
	if sequential(lower) {
		return errors.New("the password is a sequence of characters; a few unrelated words make a good one")
	}
	if isCommon(lower) || isCommon(strings.TrimRightFunc(lower, func(r rune) bool { return !unicode.IsLetter(r) })) {
		return errors.New("the password is one of the most common passwords; a few unrelated words make a good one")
	}
	rest := lower
	for _, c := range context {
		for _, w := range strings.FieldsFunc(strings.ToLower(c), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			if utf8.RuneCountInString(w) >= 3 {
				rest = strings.ReplaceAll(rest, w, "")
			}
		}
	}
	if utf8.RuneCountInString(rest) < MinLength/2 {
		return errors.New("the password is mostly your name, e-mail address or this site's name")
	}
	return nil
}

func distinct(s string) int {
	seen := map[rune]bool{}
	for _, r := range s {
		seen[r] = true
	}
	return len(seen)
}

// sequential reports runs like "abcdefghijkl" or "123456789012" (each
// character one after, or one before, the previous).
func sequential(s string) bool {
	rs := []rune(s)
	up, down := true, true
	for i := 1; i < len(rs); i++ {
		d := rs[i] - rs[i-1]
		up = up && (d == 1 || (rs[i-1] == '9' && rs[i] == '0'))
		down = down && d == -1
	}
	return up || down
}

//go:embed common.txt
var commonList []byte

var common = sync.OnceValue(func() map[string]struct{} {
	m := make(map[string]struct{}, 18000)
	sc := bufio.NewScanner(bytes.NewReader(commonList))
	for sc.Scan() {
		m[sc.Text()] = struct{}{}
	}
	return m
})

// isCommon reports a password of the list, lower-cased, of 8 characters or
// more (shorter ones are refused by length, or are common words with
// something appended, which the caller trims).
func isCommon(s string) bool {
	if utf8.RuneCountInString(s) < 8 {
		return false
	}
	_, ok := common()[s]
	return ok
}
