package main

import (
	"context"
	"flag"
	"fmt"
	"os"
)

func token(ctx context.Context, args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("usage: folio token create --email EMAIL [--name NAME] | folio token revoke TOKEN")
	}
	switch args[0] {
	case "create":
		fs := flag.NewFlagSet("token create", flag.ContinueOnError)
		email := fs.String("email", "", "e-mail of the user (created when missing)")
		name := fs.String("name", "", "display name of a new user")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		if *email == "" {
			return fmt.Errorf("token create: --email is required")
		}
		s, closeStore, err := openMigratedStore(ctx)
		if err != nil {
			return err
		}
		defer closeStore()
		u, err := s.EnsureUser(ctx, *email, *name)
		if err != nil {
			return err
		}
		t, err := s.CreateToken(ctx, u.ID)
		if err != nil {
			return err
		}
		fmt.Fprintln(os.Stdout, t)
		return nil
	case "revoke":
		if len(args) != 2 {
			return fmt.Errorf("usage: folio token revoke TOKEN")
		}
		s, closeStore, err := openStore(ctx)
		if err != nil {
			return err
		}
		defer closeStore()
		if err := s.LoadSecrets(ctx); err != nil {
			return err
		}
		return s.RevokeToken(ctx, args[1])
	}
	return fmt.Errorf("usage: folio token create --email EMAIL [--name NAME] | folio token revoke TOKEN")
}
