package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
)

// dbRun starts a throw-away embedded cluster, runs a command with
// FOLIO_TEST_DATABASE_URL pointing at it, and removes the cluster after.
func dbRun(ctx context.Context, args []string) error {
	if len(args) < 3 || args[0] != "run" || args[1] != "--" {
		return fmt.Errorf("usage: folio db run -- COMMAND [ARGS...]")
	}
	dir, err := os.MkdirTemp("", "folio-db-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	os.Chmod(dir, 0o755) // the cluster may run as another user when we are root
	os.Setenv("FOLIO_DATA_DIR", dir)
	os.Unsetenv("DATABASE_URL")
	s, closeStore, err := openStore(ctx)
	if err != nil {
		return err
	}
	defer closeStore()
	dsn := s.DSN()
	cmd := exec.CommandContext(ctx, args[2], args[3:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.Env = append(os.Environ(), "FOLIO_TEST_DATABASE_URL="+dsn)
	err = cmd.Run()
	var exitErr *exec.ExitError
	if errors.As(err, &exitErr) {
		return exitCode(exitErr.ExitCode())
	}
	return err
}
