package export_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"folio/internal/blob"
	"folio/internal/markdown"
	"folio/service/export"
	"folio/store/pgtest"
)

// TestCorpusImportExport: the markdown corpus of internal/markdown (READMEs
// of the project's dependencies) imported as one space in Git Sync layout,
// exported, imported again and exported again: the two exports are
// byte-identical, and every page file of the first export is the file
// imported, byte for byte (once normalised: markdown.Normalize).
func TestCorpusImportExport(t *testing.T) {
	files, err := filepath.Glob("../../internal/markdown/testdata/corpus/*.md")
	if err != nil || len(files) < 50 {
		t.Fatalf("corpus: %d documents, %v", len(files), err)
	}
	archive := map[string]string{}
	var summary strings.Builder
	summary.WriteString("# Table of contents\n\n")
	src := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(f)
		archive[name] = string(b)
		src[name] = string(b)
		summary.WriteString("* [" + strings.TrimSuffix(name, ".md") + "](" + name + ")\n")
	}
	archive["SUMMARY.md"] = summary.String()

	s := pgtest.New(t)
	blobs := blob.Dir{Root: t.TempDir()}
	ctx := context.Background()
	admin, err := s.EnsureUser(ctx, "admin@example.com", "")
	if err != nil {
		t.Fatal(err)
	}
	org, err := s.CreateOrganization(ctx, admin.ID, "Corpus", nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := export.Import(ctx, s, blobs, org.ID, admin, "Corpus", zipOf(t, archive))
	if err != nil {
		t.Fatal(err)
	}
	if res.Pages != len(files) {
		t.Errorf("imported %d pages, want %d (warnings %q)", res.Pages, len(files), res.Warnings)
	}
	first := exportBytes(t, s, blobs, res.Space.ID, export.FormatZip)
	again, err := export.Import(ctx, s, blobs, org.ID, admin, "Corpus again", first)
	if err != nil {
		t.Fatal(err)
	}
	second := exportBytes(t, s, blobs, again.Space.ID, export.FormatZip)
	if !bytes.Equal(first, second) {
		t.Errorf("the export of the re-imported corpus differs: %d bytes, then %d", len(first), len(second))
	}

	out, err := export.ReadArchive(first)
	if err != nil {
		t.Fatal(err)
	}
	same, normalized := 0, 0
	for path, body := range out {
		name := filepath.Base(path)
		want, ok := src[name]
		if !ok {
			continue
		}
		switch string(body) {
		case want:
			same++
		case markdown.Normalize(want):
			// Import stores pages normalised (no byte order mark, \n
			// line ends): that is the one change allowed.
			normalized++
		default:
			t.Errorf("%s: exported file differs from the imported one (%d bytes, then %d)", name, len(want), len(body))
		}
	}
	t.Logf("%d of %d page files exported byte-identical to the imported ones, %d identical once normalised", same, len(files), normalized)
	if same+normalized != len(files) {
		t.Errorf("%d page files exported, want %d", same+normalized, len(files))
	}
}
