package main

import (
	"archive/tar"
	"bufio"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"folio/internal/buildinfo"
	"folio/migrations"
	"folio/store"
)

// A backup is one tar.gz holding, in this order:
//
//	manifest.json          backupManifest
//	database.pgdump        pg_dump --format=custom of the whole database
//	blobs/ab/abcd…         every file of FOLIO_DATA_DIR/blobs, as it is stored there
//
// Consistency: pg_dump reads the whole database in one snapshot, and the
// blob directory is copied only after the dump has finished. Blobs are
// content-addressed and immutable (internal/blob.Dir.Put writes a file once
// under the SHA-256 of its bytes and nothing ever rewrites or deletes it;
// purging deleted spaces removes rows, never blobs),
// and every writer puts a blob before it inserts the rows that name it
// (graph.Resolver.upload, export.Import and siteimport's image all call
// Blobs.Put first, and only then hand the hash to the store method that
// inserts space_files / file rows). So every blob a row in the dump names
// was in the directory before the dump's snapshot was taken, and is in the
// archive; blobs written while the backup runs may be in it too, unnamed
// and harmless.
const (
	backupFormat   = 1 // the manifest's format; restore reads this one and older
	manifestEntry  = "manifest.json"
	databaseEntry  = "database.pgdump"
	blobsEntryRoot = "blobs/"
)

// backupManifest describes a backup.
type backupManifest struct {
	Format        int       `json:"format"`
	FolioVersion  string    `json:"folio_version"`
	FolioCommit   string    `json:"folio_commit"`
	CreatedAt     time.Time `json:"created_at"`
	ServerVersion string    `json:"server_version"`  // PostgreSQL's server_version
	PgDumpVersion string    `json:"pg_dump_version"` // the pg_dump that wrote database.pgdump
	Migration     string    `json:"migration"`       // the last migration applied to the database
	Blobs         int       `json:"blobs"`
}

// blobRoot is the blob directory of folio serve (FOLIO_DATA_DIR/blobs).
func blobRoot() string { return filepath.Join(env("FOLIO_DATA_DIR", ".folio"), "blobs") }

// blobPath matches a blob's path inside the blob directory (and the archive).
var blobPath = regexp.MustCompile(`^([0-9a-f]{2})/([0-9a-f]{64})$`)

// s3Configured names the FOLIO_BLOB_S3_* settings in the environment, if
// any: blobs then live in a bucket, which a backup does not copy.
func s3Configured() []string {
	var names []string
	for _, kv := range os.Environ() {
		if name, v, _ := strings.Cut(kv, "="); strings.HasPrefix(name, "FOLIO_BLOB_S3_") && v != "" {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}

// backupCmd writes a backup of the database and the blob directory
// (folio backup [--out FILE]).
func backupCmd(ctx context.Context, args []string) error {
	fset := flag.NewFlagSet("backup", flag.ContinueOnError)
	out := fset.String("out", "", "file to write (default folio-backup-<UTC time>.tar.gz; - for standard output)")
	if err := fset.Parse(args); err != nil {
		return err
	}
	if fset.NArg() != 0 {
		return fmt.Errorf("usage: folio backup [--out FILE]")
	}
	start := time.Now().UTC()
	name := *out
	if name == "" {
		name = "folio-backup-" + start.Format("20060102T150405Z") + ".tar.gz"
	}
	tmpDir := os.TempDir()
	if name != "-" {
		tmpDir = filepath.Dir(name)
	}

	s, closeStore, err := openStore(ctx)
	if err != nil {
		return err
	}
	defer closeStore()
	m := backupManifest{Format: backupFormat, FolioVersion: buildinfo.Version, FolioCommit: buildinfo.Commit, CreatedAt: start.Truncate(time.Second)}
	serverVersion, serverMajor, err := pgServerVersion(ctx, s)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	m.ServerVersion = serverVersion
	if m.Migration, err = lastMigration(ctx, s); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	pgDump, dumpVersion, err := pgTool("pg_dump", serverMajor, serverVersion)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	m.PgDumpVersion = dumpVersion

	// 1. The database, in one snapshot.
	dump, err := os.CreateTemp(tmpDir, ".folio-backup-*.pgdump")
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	dump.Close()
	defer os.Remove(dump.Name())
	dsn, err := sessionDSN(s, "backup")
	if err != nil {
		return err
	}
	if err := runPgTool(ctx, pgDump, "--format=custom", "--file="+dump.Name(), "--dbname="+dsn); err != nil {
		return fmt.Errorf("backup: %w", err)
	}

	// 2. Then the blobs (see the comment on backupFormat for why this order
	// makes the archive consistent).
	root := blobRoot()
	blobs, err := listBlobs(root)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	m.Blobs = len(blobs)

	// Written next to its destination, then renamed: never a partial file.
	var w io.Writer = os.Stdout
	var tmp *os.File
	if name != "-" {
		if tmp, err = os.CreateTemp(tmpDir, ".folio-backup-*"); err != nil {
			return fmt.Errorf("backup: %w", err)
		}
		defer os.Remove(tmp.Name())
		defer tmp.Close()
		w = tmp
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	if err := writeBackup(bw, m, dump.Name(), root, blobs); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if tmp != nil {
		if err := tmp.Sync(); err != nil {
			return fmt.Errorf("backup: %w", err)
		}
		if err := tmp.Close(); err != nil {
			return fmt.Errorf("backup: %w", err)
		}
		if err := os.Rename(tmp.Name(), name); err != nil {
			return fmt.Errorf("backup: %w", err)
		}
	}
	if name == "-" {
		name = "standard output"
	}
	fmt.Fprintf(os.Stderr, "backed up the database (PostgreSQL %s, migration %s) and %d blobs to %s in %s\n",
		m.ServerVersion, orNone(m.Migration), m.Blobs, name, time.Since(start).Round(time.Millisecond))
	if s3 := s3Configured(); len(s3) > 0 {
		fmt.Fprintf(os.Stderr, "note: %s is set: files stored in S3 are not in this backup; the bucket's own versioning or replication keeps them\n",
			strings.Join(s3, ", "))
	}
	return nil
}

// writeBackup writes the archive: manifest, dump, blobs.
func writeBackup(w io.Writer, m backupManifest, dumpFile, root string, blobs []string) error {
	zw, err := gzip.NewWriterLevel(w, gzip.DefaultCompression)
	if err != nil {
		return err
	}
	tw := tar.NewWriter(zw)
	manifest, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	manifest = append(manifest, '\n')
	mtime := m.CreatedAt
	if err := tw.WriteHeader(&tar.Header{Name: manifestEntry, Mode: 0o644, Size: int64(len(manifest)), ModTime: mtime, Typeflag: tar.TypeReg}); err != nil {
		return err
	}
	if _, err := tw.Write(manifest); err != nil {
		return err
	}
	if err := addFile(tw, databaseEntry, dumpFile, mtime); err != nil {
		return err
	}
	for _, b := range blobs {
		if err := addFile(tw, blobsEntryRoot+b, filepath.Join(root, filepath.FromSlash(b)), mtime); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return zw.Close()
}

// addFile copies one file into the archive.
func addFile(tw *tar.Writer, name, path string, mtime time.Time) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: fi.Size(), ModTime: mtime, Typeflag: tar.TypeReg}); err != nil {
		return err
	}
	if _, err := io.Copy(tw, f); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// listBlobs lists the blobs under root as "ab/abcd…", sorted. A missing
// directory holds none; temporary files of a Put in progress are skipped.
func listBlobs(root string) ([]string, error) {
	var blobs []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == root && errors.Is(err, fs.ErrNotExist) {
				return fs.SkipAll
			}
			return err
		}
		if !d.Type().IsRegular() {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if sub := blobPath.FindStringSubmatch(rel); sub != nil && strings.HasPrefix(sub[2], sub[1]) {
			blobs = append(blobs, rel)
		}
		return nil
	})
	sort.Strings(blobs)
	return blobs, err
}

// restoreCmd restores a backup into an empty database and the blob
// directory, then runs pending migrations (folio restore [--force] FILE).
func restoreCmd(ctx context.Context, args []string) error {
	fset := flag.NewFlagSet("restore", flag.ContinueOnError)
	force := fset.Bool("force", false, "drop everything in the database's public schema first")
	if err := fset.Parse(args); err != nil {
		return err
	}
	if fset.NArg() != 1 {
		return fmt.Errorf("usage: folio restore [--force] FILE")
	}
	start := time.Now()
	var in io.Reader = os.Stdin
	if name := fset.Arg(0); name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return fmt.Errorf("restore: %w", err)
		}
		defer f.Close()
		in = f
	}
	zr, err := gzip.NewReader(bufio.NewReaderSize(in, 1<<20))
	if err != nil {
		return fmt.Errorf("restore: %s is not a Folio backup (not gzip: %v)", fset.Arg(0), err)
	}
	tr := tar.NewReader(zr)

	// The manifest first: nothing is touched unless this binary can restore it.
	m, err := readManifest(tr)
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}

	s, closeStore, err := openStore(ctx)
	if err != nil {
		return err
	}
	defer closeStore()
	existing, err := publicRelations(ctx, s)
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	if len(existing) > 0 && !*force {
		return fmt.Errorf("restore: the database is not empty (it has %s): restore into a new, empty database, "+
			"or pass --force to drop everything in its public schema first", strings.Join(existing, ", "))
	}
	serverVersion, serverMajor, err := pgServerVersion(ctx, s)
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	// pg_restore must read what pg_dump wrote and speak to this server.
	need := serverMajor
	if v := pgMajor(m.PgDumpVersion); v > need {
		need = v
	}
	pgRestore, _, err := pgTool("pg_restore", need, serverVersion)
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}

	hdr, err := tr.Next()
	if err != nil || hdr.Name != databaseEntry {
		return fmt.Errorf("restore: the archive has no %s after its manifest", databaseEntry)
	}
	dump, err := os.CreateTemp("", ".folio-restore-*.pgdump")
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	defer os.Remove(dump.Name())
	if _, err := io.Copy(dump, tr); err != nil {
		dump.Close()
		return fmt.Errorf("restore: reading %s: %w", databaseEntry, err)
	}
	if err := dump.Close(); err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	// A damaged or unreadable dump is refused before anything is dropped.
	if err := runPgTool(ctx, pgRestore, "--list", dump.Name()); err != nil {
		return fmt.Errorf("restore: %s cannot be read: %w", databaseEntry, err)
	}
	if len(existing) > 0 {
		err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			for _, q := range []string{`DROP SCHEMA IF EXISTS public CASCADE`, `CREATE SCHEMA public`} {
				if _, err := tx.ExecContext(ctx, q); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("restore: drop the existing schema: %w", err)
		}
		fmt.Fprintf(os.Stderr, "dropped the public schema (%s)\n", strings.Join(existing, ", "))
	}
	// One transaction: a failed restore leaves the database as it was
	// (after --force: empty).
	// Objects are owned by, and privileges left to, the user restoring (the
	// roles of the backed-up server need not exist here).
	dsn, err := sessionDSN(s, "restore")
	if err != nil {
		return err
	}
	if err := runPgTool(ctx, pgRestore, "--dbname="+dsn, "--no-owner", "--no-privileges",
		"--single-transaction", "--exit-on-error", dump.Name()); err != nil {
		return fmt.Errorf("restore: %w", err)
	}

	root := blobRoot()
	blobs, err := restoreBlobs(tr, root)
	if err != nil {
		return fmt.Errorf("restore: the database is restored, but its blobs are not all in %s: %w", root, err)
	}
	// The gzip trailer (its checksum) comes after the tar's end.
	if _, err := io.Copy(io.Discard, zr); err != nil {
		return fmt.Errorf("restore: the database and %d blobs are restored, but the archive's end is damaged: %w", blobs, err)
	}
	if blobs != m.Blobs {
		return fmt.Errorf("restore: the database is restored, but the archive held %d blobs where its manifest says %d", blobs, m.Blobs)
	}

	// A backup from an older Folio gets this binary's newer migrations. A
	// fresh connection pool: the old one saw the schema before the restore.
	s2, err := store.OpenOptions(ctx, s.DSN(), s.Options())
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	defer s2.Close()
	if err := s2.Migrate(ctx); err != nil {
		return fmt.Errorf("restore: the database is restored, but migrating it failed: %w", err)
	}
	now, err := lastMigration(ctx, s2)
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	fmt.Fprintf(os.Stderr, "restored the backup of %s (Folio %s, migration %s) and %d blobs into %s in %s; migrated to %s\n",
		m.CreatedAt.Format(time.RFC3339), m.FolioVersion, orNone(m.Migration), blobs, root,
		time.Since(start).Round(time.Millisecond), orNone(now))
	if s3 := s3Configured(); len(s3) > 0 {
		fmt.Fprintf(os.Stderr, "note: %s is set: the server reads files from S3, not from %s\n", strings.Join(s3, ", "), root)
	}
	return nil
}

// readManifest reads the archive's first entry and checks that this binary
// can restore the backup.
func readManifest(tr *tar.Reader) (backupManifest, error) {
	var m backupManifest
	hdr, err := tr.Next()
	if err != nil || hdr.Name != manifestEntry {
		return m, fmt.Errorf("not a Folio backup (no %s first)", manifestEntry)
	}
	if err := json.NewDecoder(io.LimitReader(tr, 1<<20)).Decode(&m); err != nil {
		return m, fmt.Errorf("%s: %w", manifestEntry, err)
	}
	if m.Format < 1 || m.Format > backupFormat {
		return m, fmt.Errorf("the backup's format is %d; this folio (%s) reads format %d and older: restore it with a newer folio",
			m.Format, buildinfo.Version, backupFormat)
	}
	if m.Migration != "" && !knownMigration(m.Migration) {
		return m, fmt.Errorf("the backup was made by a newer Folio (%s; its database has migration %s, which this folio %s does not know): restore it with that version or a newer one",
			m.FolioVersion, m.Migration, buildinfo.Version)
	}
	return m, nil
}

func knownMigration(name string) bool {
	for _, mig := range migrations.Migrations.Sorted() {
		if mig.Name == name {
			return true
		}
	}
	return false
}

// restoreBlobs writes the archive's remaining entries, blobs, into root,
// checking each one's hash. A blob already there is kept (it is the same
// bytes). Anything else in the archive is an error.
func restoreBlobs(tr *tar.Reader, root string) (int, error) {
	n := 0
	for {
		hdr, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return n, nil
		}
		if err != nil {
			return n, err
		}
		rel, ok := strings.CutPrefix(hdr.Name, blobsEntryRoot)
		sub := blobPath.FindStringSubmatch(rel)
		if !ok || hdr.Typeflag != tar.TypeReg || sub == nil || !strings.HasPrefix(sub[2], sub[1]) {
			return n, fmt.Errorf("unexpected entry %q in the archive", hdr.Name)
		}
		if err := restoreBlob(tr, root, sub[1], sub[2]); err != nil {
			return n, err
		}
		n++
	}
}

func restoreBlob(r io.Reader, root, prefix, hash string) error {
	dir := filepath.Join(root, prefix)
	dst := filepath.Join(dir, hash)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".put-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	h := sha256.New()
	if _, err := io.Copy(io.MultiWriter(tmp, h), r); err != nil {
		tmp.Close()
		return fmt.Errorf("blob %s: %w", hash, err)
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != hash {
		return fmt.Errorf("blob %s: its bytes hash to %s (the archive is damaged)", hash, got)
	}
	if _, err := os.Stat(dst); err == nil {
		return nil
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), dst)
}

// publicRelations names (up to five of) the tables, views and sequences in
// the database's public schema, where Folio's live.
func publicRelations(ctx context.Context, s *store.Store) ([]string, error) {
	var names []string
	err := s.DB.NewRaw(`SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
		ORDER BY c.relname <> 'bun_migrations', c.relname LIMIT 6`).Scan(ctx, &names)
	if err != nil {
		return nil, fmt.Errorf("list the database's tables: %w", err)
	}
	if len(names) > 5 {
		names = append(names[:5], "…")
	}
	return names, nil
}

// pgServerVersion is the server's version string and major version.
func pgServerVersion(ctx context.Context, s *store.Store) (string, int, error) {
	var version string
	var num int
	if err := s.DB.QueryRowContext(ctx, `SELECT current_setting('server_version'), current_setting('server_version_num')::int`).Scan(&version, &num); err != nil {
		return "", 0, fmt.Errorf("server version: %w", err)
	}
	return version, num / 10000, nil
}

// lastMigration is the name of the newest migration applied to the
// database ("" when it has none).
func lastMigration(ctx context.Context, s *store.Store) (string, error) {
	var name string
	var ok bool
	if err := s.DB.QueryRowContext(ctx, `SELECT to_regclass('public.bun_migrations') IS NOT NULL`).Scan(&ok); err != nil {
		return "", fmt.Errorf("applied migrations: %w", err)
	}
	if !ok {
		return "", nil // never migrated
	}
	if err := s.DB.QueryRowContext(ctx, `SELECT coalesce(max(name), '') FROM bun_migrations`).Scan(&name); err != nil {
		return "", fmt.Errorf("applied migrations: %w", err)
	}
	return name, nil
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// pgTool finds a PostgreSQL client program (pg_dump, pg_restore) of major
// version min or later, where the embedded cluster finds its server
// binaries: next to the initdb on PATH, then in Debian's
// /usr/lib/postgresql/<version>/bin (newest first), then on PATH itself.
// It returns the program's path and version.
func pgTool(name string, min int, serverVersion string) (path, version string, err error) {
	var candidates []string
	if p, err := exec.LookPath("initdb"); err == nil {
		if p, err = filepath.EvalSymlinks(p); err == nil {
			candidates = append(candidates, filepath.Join(filepath.Dir(p), name))
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return versionOf(dirs[i]) > versionOf(dirs[j]) })
	for _, d := range dirs {
		candidates = append(candidates, filepath.Join(d, name))
	}
	if p, err := exec.LookPath(name); err == nil {
		candidates = append(candidates, p)
	}
	var older []string
	seen := map[string]bool{}
	for _, c := range candidates {
		if seen[c] {
			continue
		}
		seen[c] = true
		if fi, err := os.Stat(c); err != nil || fi.IsDir() {
			continue
		}
		out, err := exec.Command(c, "--version").Output()
		if err != nil {
			continue
		}
		// "pg_dump (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)" -> 15.18
		v := "?"
		if _, after, ok := strings.Cut(string(out), "(PostgreSQL)"); ok {
			if f := strings.Fields(after); len(f) > 0 {
				v = f[0]
			}
		}
		if pgMajor(v) >= min {
			return c, v, nil
		}
		older = append(older, fmt.Sprintf("%s %s", c, v))
	}
	if len(older) > 0 {
		return "", "", fmt.Errorf("%s must be version %d or later (the server is PostgreSQL %s), but only %s was found: install PostgreSQL %d's client programs (postgresql-client-%d on Debian)",
			name, min, serverVersion, strings.Join(older, ", "), min, min)
	}
	return "", "", fmt.Errorf("%s not found (looked next to initdb, in /usr/lib/postgresql/*/bin and on PATH): install PostgreSQL's client programs, version %d or later (postgresql-client on Debian)",
		name, min)
}

// versionOf is the major version in a /usr/lib/postgresql/<version>/bin path.
func versionOf(binDir string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return v
}

// pgMajor is the major version of a PostgreSQL version string ("15.18",
// "17beta1", "9.6.3" counts as 9).
func pgMajor(v string) int {
	end := 0
	for end < len(v) && v[end] >= '0' && v[end] <= '9' {
		end++
	}
	n, _ := strconv.Atoi(v[:end])
	return n
}

// runPgTool runs a PostgreSQL client program; its error output is in the
// error. A --dbname=DSN argument loses its password, which goes to the
// program in PGPASSWORD instead: command lines are visible to every user.
func runPgTool(ctx context.Context, path string, args ...string) error {
	var env []string
	for i, a := range args {
		if dsn, ok := strings.CutPrefix(a, "--dbname="); ok {
			var pw string
			dsn, pw = splitPassword(dsn)
			args[i] = "--dbname=" + dsn
			if pw != "" {
				env = append(env, "PGPASSWORD="+pw)
			}
		}
	}
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Env = append(os.Environ(), env...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	cmd.Stdout = &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if len(msg) > 4000 {
			msg = msg[:4000] + "…"
		}
		return fmt.Errorf("%s: %w: %s", filepath.Base(path), err, msg)
	}
	return nil
}

// kvPassword matches password=... in a keyword/value connection string.
var kvPassword = regexp.MustCompile(`(^|\s+)password\s*=\s*('(?:[^'\\]|\\.)*'|\S*)`)

// splitPassword takes the password out of a connection string (a URL or
// keyword/value pairs), returning the string without it and the password.
func splitPassword(dsn string) (string, string) {
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		u, err := url.Parse(dsn)
		if err != nil {
			return dsn, ""
		}
		var pw string
		if u.User != nil {
			pw, _ = u.User.Password()
			u.User = url.User(u.User.Username())
		}
		q := u.Query()
		if p := q.Get("password"); p != "" {
			pw = p
			q.Del("password")
			u.RawQuery = q.Encode()
		}
		return u.String(), pw
	}
	sub := kvPassword.FindStringSubmatch(dsn)
	if sub == nil {
		return dsn, ""
	}
	pw := sub[2]
	if strings.HasPrefix(pw, "'") && strings.HasSuffix(pw, "'") && len(pw) >= 2 {
		pw = regexp.MustCompile(`\\(.)`).ReplaceAllString(pw[1:len(pw)-1], "$1")
	}
	return strings.TrimSpace(kvPassword.ReplaceAllString(dsn, "")), pw
}
