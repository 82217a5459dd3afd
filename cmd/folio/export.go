package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"folio/domain"
	"folio/service/export"
)

// exportCmd writes a space's current content as an archive (folio export
// --space ID [--out FILE] [--format zip|tar]). It reads the database
// directly, as an operator; the HTTP route checks the caller's access.
func exportCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	spaceID := fs.String("space", "", "id of the space to export")
	out := fs.String("out", "", "file to write (default: the space's slug with .zip or .tar.gz; - for standard output)")
	format := fs.String("format", export.FormatZip, "archive format: zip or tar (gzip-compressed)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *spaceID == "" || fs.NArg() != 0 {
		return fmt.Errorf("usage: folio export --space ID [--out FILE] [--format zip|tar]")
	}
	if *format != export.FormatZip && *format != export.FormatTarGz {
		return fmt.Errorf("export: --format must be zip or tar, not %q", *format)
	}
	s, closeStore, err := openStore(ctx)
	if err != nil {
		return err
	}
	defer closeStore()
	sp, err := s.Space(ctx, *spaceID)
	if err != nil {
		return fmt.Errorf("export: space %s: %s", *spaceID, domain.ErrorMessage(err))
	}
	blobs, err := blobStore(ctx)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	a, err := export.Export(ctx, s, blobs, sp)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	name := *out
	if name == "" {
		name = domain.Slugify(sp.Title) + map[string]string{export.FormatZip: ".zip", export.FormatTarGz: ".tar.gz"}[*format]
	}
	if name == "-" {
		w := bufio.NewWriter(os.Stdout)
		if err := a.Write(ctx, w, *format); err != nil {
			return fmt.Errorf("export: %w", err)
		}
		return w.Flush()
	}
	// Written next to its destination, then renamed: never a partial file.
	tmp, err := os.CreateTemp(filepath.Dir(name), ".folio-export-*")
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	defer os.Remove(tmp.Name())
	w := bufio.NewWriter(tmp)
	if err := a.Write(ctx, w, *format); err != nil {
		tmp.Close()
		return fmt.Errorf("export: %w", err)
	}
	if err := w.Flush(); err != nil {
		tmp.Close()
		return fmt.Errorf("export: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	if err := os.Rename(tmp.Name(), name); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	fmt.Fprintf(os.Stderr, "exported space %s (%d entries) to %s\n", sp.ID, len(a.Files), name)
	return nil
}

// importCmd creates a space from an archive (folio import --org ORG
// --title T [--email EMAIL] FILE) and prints its id, alone on stdout.
func importCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	orgID := fs.String("org", "", "id of the organization to create the space in")
	title := fs.String("title", "", "title of the new space")
	email := fs.String("email", "", "e-mail of the member the import acts as (needs the create role; default: the organization's longest-standing admin)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *orgID == "" || *title == "" || fs.NArg() != 1 {
		return fmt.Errorf("usage: folio import --org ORG --title TITLE [--email EMAIL] FILE")
	}
	var data []byte
	var err error
	if fs.Arg(0) == "-" {
		data, err = io.ReadAll(os.Stdin)
	} else {
		data, err = os.ReadFile(fs.Arg(0))
	}
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	s, closeStore, err := openMigratedStore(ctx)
	if err != nil {
		return err
	}
	defer closeStore()
	u, err := export.Actor(ctx, s, *orgID, *email)
	if err != nil {
		return fmt.Errorf("import: %s", domain.ErrorMessage(err))
	}
	blobs, err := blobStore(ctx)
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	res, err := export.Import(ctx, s, blobs, *orgID, u, *title, data)
	if err != nil {
		if msg := domain.ErrorMessage(err); domain.ErrorCode(err) != domain.CodeInternal {
			return fmt.Errorf("import: %s", msg)
		}
		return fmt.Errorf("import: %w", err)
	}
	for _, w := range res.Warnings {
		fmt.Fprintln(os.Stderr, "warning:", w)
	}
	fmt.Fprintf(os.Stderr, "imported %d pages and %d files into space %s (%q) as %s\n",
		res.Pages, res.Files, res.Space.ID, res.Space.Title, strings.TrimSpace(u.Email))
	fmt.Fprintln(os.Stdout, res.Space.ID)
	return nil
}
