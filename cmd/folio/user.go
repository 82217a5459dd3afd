package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/term"

	"folio/domain"
	"folio/internal/password"
	"folio/store"
)

const userUsage = "usage: folio user create --email EMAIL [--name NAME] [--admin] | folio user reset-password EMAIL"

// userCmd manages accounts from the server's shell: the way in when
// sign-up is off or mail is not set up, and the way back in for an
// operator who lost a password. The password is asked on the terminal
// (not echoed), or read as the first line of standard input when that is
// not a terminal (scripts).
func userCmd(ctx context.Context, args []string, in *os.File, out io.Writer) error {
	if len(args) == 0 {
		return errors.New(userUsage)
	}
	switch args[0] {
	case "create":
		fs := flag.NewFlagSet("user create", flag.ContinueOnError)
		email := fs.String("email", "", "e-mail address of the account")
		name := fs.String("name", "", "display name (default: the address's local part)")
		admin := fs.Bool("admin", false, "make the user an administrator of this server")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		if *email == "" || fs.NArg() != 0 {
			return errors.New(userUsage)
		}
		hash, err := readNewPassword(in, *email, *name)
		if err != nil {
			return err
		}
		s, closeStore, err := openMigratedStore(ctx)
		if err != nil {
			return err
		}
		defer closeStore()
		u, err := s.AddAccount(ctx, store.NewAccount{Email: *email, Name: *name, PasswordHash: hash, ServerAdmin: *admin})
		if domain.ErrorCode(err) == domain.CodeConflict {
			return fmt.Errorf("user create: %s has an account already (folio user reset-password sets its password)", *email)
		}
		if err != nil {
			return fmt.Errorf("user create: %w", err)
		}
		fmt.Fprintln(out, u.ID)
		return nil
	case "reset-password":
		if len(args) != 2 {
			return errors.New(userUsage)
		}
		s, closeStore, err := openMigratedStore(ctx)
		if err != nil {
			return err
		}
		defer closeStore()
		u, err := s.UserByEmail(ctx, args[1])
		if domain.ErrorCode(err) == domain.CodeNotFound {
			return fmt.Errorf("user reset-password: no account has the address %s", args[1])
		}
		if err != nil {
			return err
		}
		hash, err := readNewPassword(in, u.Email, u.DisplayName)
		if err != nil {
			return err
		}
		if err := s.ChangePassword(ctx, u.ID, hash); err != nil {
			return fmt.Errorf("user reset-password: %w", err)
		}
		fmt.Fprintf(out, "The password of %s is set; every session of the account was ended.\n", u.Email)
		return nil
	}
	return errors.New(userUsage)
}

// readNewPassword reads a new password (twice on a terminal), checks it
// like the sign-up pages do, and hashes it.
func readNewPassword(in *os.File, email, name string) (string, error) {
	var pw string
	if fd := int(in.Fd()); term.IsTerminal(fd) {
		ask := func(prompt string) (string, error) {
			fmt.Fprint(os.Stderr, prompt)
			b, err := term.ReadPassword(fd)
			fmt.Fprintln(os.Stderr)
			return string(b), err
		}
		var err error
		if pw, err = ask("Password: "); err != nil {
			return "", err
		}
		again, err := ask("Password again: ")
		if err != nil {
			return "", err
		}
		if pw != again {
			return "", errors.New("the two passwords differ")
		}
	} else {
		line, err := bufio.NewReader(in).ReadString('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return "", fmt.Errorf("read the password from standard input: %w", err)
		}
		pw = strings.TrimRight(line, "\r\n")
		if pw == "" {
			return "", errors.New("no password on standard input (give it as its first line)")
		}
	}
	if err := password.Check(pw, email, name, "Folio"); err != nil {
		return "", err
	}
	return password.Hash(pw)
}
