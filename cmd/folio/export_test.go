package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"folio/domain"
	"folio/internal/blob"
	"folio/service/seed"
	"folio/store"
	"folio/store/pgtest"
)

type quietSeed struct{}

func (quietSeed) Start(int)   {}
func (quietSeed) Step(string) {}
func (quietSeed) Add(int)     {}

// stdout runs f and returns what it printed on standard output.
func stdout(t *testing.T, f func() error) (string, error) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stdout
	os.Stdout = w
	done := make(chan []byte)
	go func() {
		b, _ := io.ReadAll(r)
		done <- b
	}()
	err = f()
	os.Stdout = old
	w.Close()
	return string(<-done), err
}

// TestExportImportCommands runs folio export, folio import and folio
// export again against a seeded database: the two archives are the same
// bytes.
func TestExportImportCommands(t *testing.T) {
	s := pgtest.New(t)
	dataDir := t.TempDir()
	t.Setenv("DATABASE_URL", s.DSN())
	t.Setenv("FOLIO_DATA_DIR", dataDir)
	ctx := t.Context()
	sc := seed.Scales["small"]
	sc.Members, sc.Teams, sc.Invites, sc.SAMLProviders, sc.CustomFields = 2, 1, 0, 0, 0
	sc.Collections, sc.Spaces, sc.PagesPerSpace, sc.ChangeRequestsPerSpace, sc.CommentsPerSpace, sc.Sites = 0, 1, 12, 1, 0, 0
	org, err := seed.Run(ctx, s, sc, quietSeed{})
	if err != nil {
		t.Fatal(err)
	}
	sp := org.Spaces[0]
	// A file, in the blob directory the commands use.
	h, err := blob.Dir{Root: filepath.Join(dataDir, "blobs")}.Put(ctx, []byte("hello\n"))
	if err != nil {
		t.Fatal(err)
	}
	cr, err := s.CreateChangeRequest(ctx, sp, org.Admin.ID, "file")
	if err != nil {
		t.Fatal(err)
	}
	up, err := s.UpdateChangeRequestContent(ctx, sp.ID, cr.ID, org.Admin.ID, []store.PageChange{{Operation: store.OpInsertFiles,
		Files: []store.NewFile{{Name: "hello.txt", ContentType: "text/plain", Blob: h, Size: 6}}}})
	if err != nil {
		t.Fatal(err)
	}
	md := "# Getting started\n\n[Hello](/files/" + up.Files[0].ID + ")\n"
	if _, err := s.UpdateChangeRequestContent(ctx, sp.ID, cr.ID, org.Admin.ID, []store.PageChange{{Operation: store.OpUpdatePage, Page: org.Pages[0][0], Markdown: &md}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.MergeChangeRequest(ctx, sp.ID, cr.ID, org.Admin.ID); err != nil {
		t.Fatal(err)
	}

	dir := t.TempDir()
	first, second := filepath.Join(dir, "first.zip"), filepath.Join(dir, "second.zip")
	if err := exportCmd(ctx, []string{"--space", sp.ID, "--out", first}); err != nil {
		t.Fatal(err)
	}
	out, err := stdout(t, func() error { return importCmd(ctx, []string{"--org", org.ID, "--title", "Copy", first}) })
	if err != nil {
		t.Fatal(err)
	}
	copyID := strings.TrimSpace(out)
	cp, err := s.Space(ctx, copyID)
	if err != nil || cp.Title != "Copy" || cp.OrganizationID != org.ID {
		t.Fatalf("imported space %q: %v %v", copyID, cp, err)
	}
	if err := exportCmd(ctx, []string{"--space", copyID, "--out", second}); err != nil {
		t.Fatal(err)
	}
	a, _ := os.ReadFile(first)
	b, _ := os.ReadFile(second)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Fatalf("archives differ: %d and %d bytes", len(a), len(b))
	}
	if !bytes.Contains(a, []byte(".gitbook/assets/hello.txt")) {
		t.Error("the file is not in the archive")
	}

	// Standard output, tar.gz.
	tgz, err := stdout(t, func() error { return exportCmd(ctx, []string{"--space", sp.ID, "--out", "-", "--format", "tar"}) })
	if err != nil || !strings.HasPrefix(tgz, "\x1f\x8b") {
		t.Errorf("tar.gz on stdout: %v (%d bytes)", err, len(tgz))
	}

	// Mistakes.
	for _, args := range [][]string{{}, {"--space", "nope", "--out", filepath.Join(dir, "x.zip")}, {"--space", sp.ID, "--format", "rar"}} {
		if err := exportCmd(ctx, args); err == nil {
			t.Errorf("export %v succeeded", args)
		}
	}
	reader := ""
	for _, id := range org.Members {
		ms, _ := s.MembersByKey(ctx, []store.MemberKey{{OrganizationID: org.ID, UserID: id}})
		if len(ms) == 1 && !ms[0].Role.AtLeast(domain.RoleCreate) {
			us, _ := s.UsersByID(ctx, []string{id})
			reader = us[0].Email
		}
	}
	for _, args := range [][]string{{"--org", org.ID, first}, {"--org", org.ID, "--title", "X", "--email", reader, first},
		{"--org", org.ID, "--title", "X", filepath.Join(dir, "missing.zip")}} {
		if _, err := stdout(t, func() error { return importCmd(ctx, args) }); err == nil {
			t.Errorf("import %v succeeded", args)
		}
	}
	if reader == "" {
		t.Error("the seed made no member below the create role")
	}
}
