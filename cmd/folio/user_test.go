package main

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"folio/domain"
	"folio/internal/password"
	"folio/store"
	"folio/store/pgtest"
)

// stdinWith is a pipe (not a terminal) holding text, as a script gives it.
func stdinWith(t *testing.T, text string) *os.File {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.WriteString(text); err != nil {
		t.Fatal(err)
	}
	w.Close()
	t.Cleanup(func() { r.Close() })
	return r
}

func TestUserCommands(t *testing.T) {
	s := pgtest.New(t)
	t.Setenv("DATABASE_URL", s.DSN())
	ctx := t.Context()
	run := func(stdin string, args ...string) (string, error) {
		var out bytes.Buffer
		err := userCmd(ctx, args, stdinWith(t, stdin), &out)
		return out.String(), err
	}

	// create: the id is printed; the password works; --admin makes an admin.
	out, err := run("tulip orbit canyon 42\n", "create", "--email", "ada@example.com", "--name", "Ada", "--admin")
	if err != nil {
		t.Fatal(err)
	}
	u, err := s.UserByEmail(ctx, "ada@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if strings.TrimSpace(out) != u.ID || !u.ServerAdmin || u.DisplayName != "Ada" {
		t.Errorf("printed %q; user %+v", out, u)
	}
	if err := password.Verify(u.PasswordHash, "tulip orbit canyon 42"); err != nil {
		t.Errorf("the password does not verify: %v", err)
	}
	if _, err := run("zebra quartz 42 words\n", "create", "--email", "bob@example.com"); err != nil {
		t.Fatal(err)
	}
	if b, _ := s.UserByEmail(ctx, "bob@example.com"); b.ServerAdmin {
		t.Error("a user without --admin is an admin")
	}

	// Refused: a weak password, an address with an account, no address, no password.
	for _, tc := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{"short\n", []string{"create", "--email", "carol@example.com"}, "at least 12"},
		{"carol carol carol\n", []string{"create", "--email", "carol@example.com", "--name", "Carol"}, "your name"},
		{"tulip orbit canyon 42\n", []string{"create", "--email", "ADA@example.com"}, "has an account already"},
		{"tulip orbit canyon 42\n", []string{"create"}, "usage"},
		{"", []string{"create", "--email", "carol@example.com"}, "no password"},
		{"tulip orbit canyon 42\n", []string{"reset-password", "nobody@example.com"}, "no account"},
		{"", []string{"rename"}, "usage"},
	} {
		if _, err := run(tc.stdin, tc.args...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: err = %v, want %q", tc.args, err, tc.want)
		}
	}
	if _, err := s.UserByEmail(ctx, "carol@example.com"); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Errorf("a refused create made an account: %v", err)
	}

	// reset-password: the new password works, the old does not, sessions end.
	secret, _, err := s.CreateSession(ctx, store.NewSession{UserID: u.ID, Method: store.SignInPassword, MaxAge: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := run("a whole new passphrase\r\n", "reset-password", "Ada@Example.com"); err != nil {
		t.Fatal(err)
	}
	u, _ = s.UserByEmail(ctx, "ada@example.com")
	if err := password.Verify(u.PasswordHash, "a whole new passphrase"); err != nil {
		t.Errorf("the new password does not verify: %v", err)
	}
	if err := password.Verify(u.PasswordHash, "tulip orbit canyon 42"); !errors.Is(err, password.ErrMismatch) {
		t.Errorf("the old password still verifies: %v", err)
	}
	if _, _, err := s.SessionByToken(ctx, secret, 0); domain.ErrorCode(err) != domain.CodeUnauthenticated {
		t.Errorf("a session survived the reset: %v", err)
	}
}
