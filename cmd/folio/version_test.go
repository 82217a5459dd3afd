package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestVersionCommand builds folio with the version, commit and build time
// stamped in at link time, as make release does, and runs folio version.
// (Without -trimpath, which would recompile every package: the build
// cache of make build makes this a link.)
func TestVersionCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "folio")
	const (
		version = "v1.4.2-3-gabc1234"
		commit  = "abc1234def5678abc1234def5678abc1234def56"
		build   = "2026-11-25T09:00:00Z"
	)
	ldflags := "-X folio/internal/buildinfo.Version=" + version + " -X folio/internal/buildinfo.Commit=" + commit + " -X folio/internal/buildinfo.Build=" + build
	if out, err := exec.Command("go", "build", "-ldflags", ldflags, "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	want := "folio v1.4.2-3-gabc1234 (commit abc1234def5678abc1234def5678abc1234def56, built 2026-11-25T09:00:00Z)\n"
	for _, arg := range []string{"version", "--version"} {
		out, err := exec.Command(bin, arg).Output()
		if err != nil || string(out) != want {
			t.Errorf("folio %s: %q, %v; want %q", arg, out, err, want)
		}
	}
	if out, err := exec.Command(bin, "version", "extra").CombinedOutput(); err == nil || !strings.Contains(string(out), "usage: folio version") {
		t.Errorf("folio version extra: %q, %v", out, err)
	}
}

// TestVersionUnstamped: a plain go build says so.
func TestVersionUnstamped(t *testing.T) {
	out, err := stdout(t, func() error { return versionCmd(os.Stdout, nil) })
	if err != nil || out != "folio dev (commit unknown, built 1970-01-01T00:00:00Z)\n" {
		t.Errorf("versionCmd: %q, %v", out, err)
	}
}
