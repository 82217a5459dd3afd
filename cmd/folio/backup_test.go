package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"folio/internal/blob"
	"folio/migrations"
	"folio/service/seed"
	"folio/store"
	"folio/store/pgtest"
)

// emptyDatabase creates a new, empty database on the test server, owned by
// the role the test databases use, and returns its connection string.
func emptyDatabase(t *testing.T, like *store.Store) string {
	t.Helper()
	admin := os.Getenv("FOLIO_TEST_DATABASE_URL")
	if admin == "" {
		t.Skip("FOLIO_TEST_DATABASE_URL is unset: run under ./bin/folio db run -- go test ./cmd/folio")
	}
	db, err := sql.Open("pgx", admin)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	u, err := url.Parse(like.DSN())
	if err != nil {
		t.Fatal(err)
	}
	b := make([]byte, 6)
	rand.Read(b)
	name := "folio_restore_" + hex.EncodeToString(b)
	if _, err := db.Exec(`CREATE DATABASE ` + name + ` OWNER "` + u.User.Username() + `"`); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		db, err := sql.Open("pgx", admin)
		if err == nil {
			db.Exec(`DROP DATABASE IF EXISTS ` + name + ` WITH (FORCE)`)
			db.Close()
		}
	})
	u.Path = "/" + name
	return u.String()
}

// tableCounts counts the rows of every table in the public schema.
func tableCounts(t *testing.T, dsn string) map[string]int {
	t.Helper()
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var n string
		rows.Scan(&n)
		tables = append(tables, n)
	}
	rows.Close()
	counts := map[string]int{}
	for _, tb := range tables {
		var n int
		if err := db.QueryRow(`SELECT count(*) FROM "` + tb + `"`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		counts[tb] = n
	}
	return counts
}

// blobFiles reads every file under a blob directory, by relative path.
func blobFiles(t *testing.T, root string) map[string]string {
	t.Helper()
	files := map[string]string{}
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, p)
		files[filepath.ToSlash(rel)] = string(b)
		return nil
	})
	return files
}

// readArchive lists a backup's entries and decodes its manifest.
func readArchive(t *testing.T, path string) ([]string, backupManifest) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(zr)
	var names []string
	var m backupManifest
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, h.Name)
		if h.Name == manifestEntry {
			if err := json.NewDecoder(tr).Decode(&m); err != nil {
				t.Fatal(err)
			}
		}
	}
	return names, m
}

func latestMigration() string {
	all := migrations.Migrations.Sorted()
	return all[len(all)-1].Name
}

// TestBackupRestoreRoundTrip backs up a seeded database with a file blob,
// restores it into a fresh empty database and blob directory, and finds
// every table with the same rows and the blob with the same bytes; a
// database that is not empty is refused, and taken with --force.
func TestBackupRestoreRoundTrip(t *testing.T) {
	s := pgtest.New(t)
	dataDir := t.TempDir()
	t.Setenv("DATABASE_URL", s.DSN())
	t.Setenv("FOLIO_DATA_DIR", dataDir)
	ctx := t.Context()
	sc := seed.Scales["small"]
	sc.Members, sc.Invites, sc.Spaces, sc.PagesPerSpace = 6, 2, 3, 6
	org, err := seed.Run(ctx, s, sc, quietSeed{})
	if err != nil {
		t.Fatal(err)
	}
	// A file, in the blob directory the commands use.
	data := []byte("backed-up bytes\n")
	h, err := blob.Dir{Root: filepath.Join(dataDir, "blobs")}.Put(ctx, data)
	if err != nil {
		t.Fatal(err)
	}
	sp := org.Spaces[0]
	cr, err := s.CreateChangeRequest(ctx, sp, org.Admin.ID, "file")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateChangeRequestContent(ctx, sp.ID, cr.ID, org.Admin.ID, []store.PageChange{{Operation: store.OpInsertFiles,
		Files: []store.NewFile{{Name: "bytes.txt", ContentType: "text/plain", Blob: h, Size: int64(len(data))}}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.MergeChangeRequest(ctx, sp.ID, cr.ID, org.Admin.ID); err != nil {
		t.Fatal(err)
	}
	// A half-written Put is no blob and stays out of the archive.
	os.WriteFile(filepath.Join(dataDir, "blobs", h[:2], ".put-123"), []byte("half"), 0o644)

	archive := filepath.Join(t.TempDir(), "folio.tar.gz")
	if err := backupCmd(ctx, []string{"--out", archive}); err != nil {
		t.Fatal(err)
	}
	names, m := readArchive(t, archive)
	wantNames := []string{manifestEntry, databaseEntry, "blobs/" + h[:2] + "/" + h}
	if strings.Join(names, " ") != strings.Join(wantNames, " ") {
		t.Errorf("archive entries %q, want %q", names, wantNames)
	}
	if m.Format != backupFormat || m.Blobs != 1 || m.Migration != latestMigration() || m.ServerVersion == "" ||
		m.PgDumpVersion == "" || m.FolioVersion == "" || m.CreatedAt.IsZero() {
		t.Errorf("manifest %+v", m)
	}
	want := tableCounts(t, s.DSN())
	if want["space_files"] == 0 || want["organizations"] == 0 || want["bun_migrations"] == 0 {
		t.Fatalf("the seed made too little: %v", want)
	}

	// A fresh, empty database and blob directory.
	target := emptyDatabase(t, s)
	restoredDir := t.TempDir()
	t.Setenv("DATABASE_URL", target)
	t.Setenv("FOLIO_DATA_DIR", restoredDir)
	if err := restoreCmd(ctx, []string{archive}); err != nil {
		t.Fatal(err)
	}
	if got := tableCounts(t, target); !equalCounts(got, want) {
		t.Errorf("restored row counts differ:\n got %v\nwant %v", got, want)
	}
	gotBlobs := blobFiles(t, filepath.Join(restoredDir, "blobs"))
	if len(gotBlobs) != 1 || gotBlobs[h[:2]+"/"+h] != string(data) {
		t.Errorf("restored blobs %v", gotBlobs)
	}
	// The restored database serves: the file row names the blob.
	rs, err := store.Open(ctx, target)
	if err != nil {
		t.Fatal(err)
	}
	defer rs.Close()
	var blobs int
	if err := rs.DB.QueryRowContext(ctx, `SELECT count(*) FROM space_files WHERE blob = ?`, h).Scan(&blobs); err != nil || blobs == 0 {
		t.Errorf("restored space_files naming the blob: %d, %v", blobs, err)
	}

	// Not empty any more: refused, and nothing changes.
	err = restoreCmd(ctx, []string{archive})
	if err == nil || !strings.Contains(err.Error(), "not empty") || !strings.Contains(err.Error(), "--force") {
		t.Errorf("restore into a database with tables: %v", err)
	}
	// --force drops it first (here: a migrated database).
	other := pgtest.New(t)
	t.Setenv("DATABASE_URL", other.DSN())
	if err := restoreCmd(ctx, []string{archive}); err == nil {
		t.Error("restore into a migrated database without --force succeeded")
	}
	if err := restoreCmd(ctx, []string{"--force", archive}); err != nil {
		t.Fatal(err)
	}
	if got := tableCounts(t, other.DSN()); !equalCounts(got, want) {
		t.Errorf("row counts after restore --force differ:\n got %v\nwant %v", got, want)
	}
}

// TestBackupOfOlderDatabaseMigrates restores a backup whose database lacks
// the newest migration: restore applies it.
func TestBackupOfOlderDatabaseMigrates(t *testing.T) {
	s := pgtest.New(t)
	ctx := t.Context()
	last := latestMigration()
	downs, _ := fs.Glob(migrations.Files(), last+"_*.down.sql")
	if len(downs) != 1 {
		t.Skipf("the newest migration %s is not SQL with a down migration", last)
	}
	down, _ := fs.ReadFile(migrations.Files(), downs[0])
	if _, err := s.DB.ExecContext(ctx, string(down)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DB.ExecContext(ctx, `DELETE FROM bun_migrations WHERE name = ?`, last); err != nil {
		t.Fatal(err)
	}
	t.Setenv("DATABASE_URL", s.DSN())
	t.Setenv("FOLIO_DATA_DIR", t.TempDir())
	archive := filepath.Join(t.TempDir(), "old.tar.gz")
	if err := backupCmd(ctx, []string{"--out", archive}); err != nil {
		t.Fatal(err)
	}
	if _, m := readArchive(t, archive); m.Migration >= last || m.Blobs != 0 {
		t.Fatalf("manifest %+v: want a migration before %s and no blobs", m, last)
	}
	target := emptyDatabase(t, s)
	t.Setenv("DATABASE_URL", target)
	if err := restoreCmd(ctx, []string{archive}); err != nil {
		t.Fatal(err)
	}
	rs, err := store.Open(ctx, target)
	if err != nil {
		t.Fatal(err)
	}
	defer rs.Close()
	if got, err := lastMigration(ctx, rs); err != nil || got != last {
		t.Errorf("restored database's last migration %q (%v), want %q", got, err, last)
	}
}

// TestBackupRestoreRefusals: archives this folio cannot restore are refused
// before the database is touched.
func TestBackupRestoreRefusals(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, entries map[string]string, order ...string) string {
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		tw := tar.NewWriter(zw)
		for _, n := range order {
			tw.WriteHeader(&tar.Header{Name: n, Mode: 0o644, Size: int64(len(entries[n])), Typeflag: tar.TypeReg})
			tw.Write([]byte(entries[n]))
		}
		tw.Close()
		zw.Close()
		p := filepath.Join(dir, name)
		os.WriteFile(p, buf.Bytes(), 0o644)
		return p
	}
	plain := filepath.Join(dir, "plain.txt")
	os.WriteFile(plain, []byte("not a backup"), 0o644)
	// No database is reachable: each refusal comes before connecting.
	t.Setenv("DATABASE_URL", "postgres://nobody@127.0.0.1:1/none?sslmode=disable&connect_timeout=1")
	cases := []struct{ name, file, want string }{
		{"not-gzip-refused", plain, "not a Folio backup"},
		{"no-manifest-refused", write("a.tar.gz", map[string]string{"x": "y"}, "x"), "not a Folio backup"},
		{"newer-format-refused", write("b.tar.gz", map[string]string{manifestEntry: `{"format": 99}`}, manifestEntry), "format is 99"},
		{"newer-migration-refused", write("c.tar.gz", map[string]string{manifestEntry: `{"format": 1, "folio_version": "v9", "migration": "99991231000000"}`}, manifestEntry), "newer Folio"},
		{"missing-file-refused", filepath.Join(dir, "missing.tar.gz"), "no such file"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := restoreCmd(context.Background(), []string{c.file})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("restore: %v, want an error with %q", err, c.want)
			}
		})
	}
	if err := restoreCmd(context.Background(), nil); err == nil || !strings.Contains(err.Error(), "usage") {
		t.Errorf("restore without a file: %v", err)
	}
	if err := backupCmd(context.Background(), []string{"extra"}); err == nil || !strings.Contains(err.Error(), "usage") {
		t.Errorf("backup with an argument: %v", err)
	}
}

func TestBackupSplitPassword(t *testing.T) {
	cases := []struct{ in, dsn, pw string }{
		{"postgres://u:secret@h:5432/db?sslmode=disable", "postgres://u@h:5432/db?sslmode=disable", "secret"},
		{"postgres://u@h/db?password=s3&sslmode=disable", "postgres://u@h/db?sslmode=disable", "s3"},
		{"postgres://u@h/db", "postgres://u@h/db", ""},
		{"host=/tmp user=folio password=secret dbname=folio", "host=/tmp user=folio dbname=folio", "secret"},
		{"host=h password='a b\\'c' dbname=d", "host=h dbname=d", "a b'c"},
		{"host=/tmp user=folio dbname=folio sslmode=disable", "host=/tmp user=folio dbname=folio sslmode=disable", ""},
	}
	for _, c := range cases {
		dsn, pw := splitPassword(c.in)
		if dsn != c.dsn || pw != c.pw {
			t.Errorf("splitPassword(%q) = %q, %q; want %q, %q", c.in, dsn, pw, c.dsn, c.pw)
		}
	}
}

func equalCounts(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}
