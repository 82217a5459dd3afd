package main

import (
	"fmt"
	"io"

	"folio/internal/buildinfo"
)

// versionCmd prints the release this binary is (folio version): the
// version, commit and build time stamped in at link time (make release).
func versionCmd(w io.Writer, args []string) error {
	if len(args) != 0 {
		return fmt.Errorf("usage: folio version")
	}
	_, err := fmt.Fprintf(w, "folio %s (commit %s, built %s)\n", buildinfo.Version, buildinfo.Commit, buildinfo.Build)
	return err
}
