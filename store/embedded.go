package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Embedded is a private PostgreSQL cluster that Folio runs from the machine's
// Postgres binaries when no DATABASE_URL is given. It listens only on a Unix
// socket inside its data directory, so it never collides with a TCP port.
type Embedded struct {
	dataDir string // the cluster's PGDATA
	sockDir string
	shared  bool // another folio runs the cluster; this one only connects
	cmd     *exec.Cmd
	exited  chan error
}

// embeddedDB is the database Folio uses inside its embedded cluster.
const embeddedDB = "folio"

// StartEmbedded creates the cluster under dir on first use, starts it, and
// waits until it accepts connections. When folio runs as root the cluster runs
// as the unprivileged "postgres" user (or "nobody"), since Postgres refuses root.
func StartEmbedded(ctx context.Context, dir string) (*Embedded, error) {
	bin, err := postgresBinDir()
	if err != nil {
		return nil, err
	}
	dir, err = filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	cred, err := clusterCredential()
	if err != nil {
		return nil, err
	}
	if cred != nil && !reachableBy(dir, cred) {
		// The unprivileged user cannot enter an ancestor of dir (a root home
		// directory, say): keep the cluster in a system directory named after dir.
		sum := sha256.Sum256([]byte(dir))
		dir = filepath.Join("/var/lib/folio", hex.EncodeToString(sum[:6]))
	}
	e := &Embedded{dataDir: filepath.Join(dir, "postgres")}
	e.sockDir = e.dataDir
	if len(e.sockDir)+len("/.s.PGSQL.5432") > 100 {
		// Unix socket paths are limited to about 107 bytes.
		sum := sha256.Sum256([]byte(e.dataDir))
		e.sockDir = filepath.Join(os.TempDir(), "folio-"+hex.EncodeToString(sum[:6]))
	}
	for _, d := range []string{dir, e.dataDir, e.sockDir} {
		// Parents stay enterable by the cluster's user; the directories themselves are private.
		if err := os.MkdirAll(filepath.Dir(d), 0o755); err != nil {
			return nil, fmt.Errorf("create %s: %w", filepath.Dir(d), err)
		}
		if err := os.Mkdir(d, 0o700); err != nil && !errors.Is(err, os.ErrExist) {
			return nil, fmt.Errorf("create %s: %w", d, err)
		}
		if cred != nil {
			if err := os.Chown(d, int(cred.Uid), int(cred.Gid)); err != nil {
				return nil, fmt.Errorf("chown %s: %w", d, err)
			}
		}
	}
	// One folio at a time creates or starts the cluster; the others wait here
	// and then share it.
	lock, err := os.OpenFile(filepath.Join(dir, "start.lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, fmt.Errorf("embedded postgres: %w", err)
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		return nil, fmt.Errorf("embedded postgres: lock %s: %w", lock.Name(), err)
	}
	defer syscall.Flock(int(lock.Fd()), syscall.LOCK_UN) //nolint:errcheck
	if _, err := os.Stat(filepath.Join(e.dataDir, "PG_VERSION")); errors.Is(err, os.ErrNotExist) {
		out, err := run(cred, filepath.Join(bin, "initdb"), "-D", e.dataDir, "-U", "folio",
			"--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8", "--no-instructions")
		if err != nil {
			return nil, fmt.Errorf("initdb: %w: %s", err, out)
		}
	}
	// Another folio (a running server, say) may already run this cluster:
	// share it rather than start a second postmaster on the same data.
	if e.answers(ctx) {
		e.shared = true
		return e, nil
	}
	logFile, err := os.OpenFile(filepath.Join(dir, "postgres.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return nil, err
	}
	defer logFile.Close()
	e.cmd = exec.Command(filepath.Join(bin, "postgres"), "-D", e.dataDir, "-k", e.sockDir,
		"-c", "listen_addresses=", "-c", "unix_socket_permissions=0700",
		"-c", "max_connections=200", "-c", "fsync=on")
	e.cmd.Stdout, e.cmd.Stderr = logFile, logFile
	// Pdeathsig stops the cluster (fast shutdown) even if folio is killed.
	e.cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred, Pdeathsig: syscall.SIGINT, Setpgid: true}
	if err := e.cmd.Start(); err != nil {
		return nil, fmt.Errorf("start postgres: %w", err)
	}
	e.exited = make(chan error, 1)
	go func() { e.exited <- e.cmd.Wait() }()
	if err := e.waitReady(ctx, filepath.Join(dir, "postgres.log")); err != nil {
		e.Stop()
		return nil, err
	}
	return e, nil
}

// DSN is the connection string of Folio's database in the cluster.
func (e *Embedded) DSN() string { return e.dsnFor(embeddedDB) }

// DataDir is where the cluster's data really is: under the directory asked
// for, or under /var/lib/folio when the cluster's user cannot reach it.
func (e *Embedded) DataDir() string { return e.dataDir }

// Shared reports whether another folio process runs the cluster, which
// this one only connects to.
func (e *Embedded) Shared() bool { return e.shared }

func (e *Embedded) dsnFor(db string) string {
	return fmt.Sprintf("host=%s user=folio dbname=%s sslmode=disable", e.sockDir, db)
}

// Stop shuts the cluster down (fast shutdown) and waits for it to exit. A
// cluster that another process started is left running.
func (e *Embedded) Stop() error {
	if e.cmd == nil || e.cmd.Process == nil {
		return nil
	}
	e.waitForOtherClients(10 * time.Second)
	_ = e.cmd.Process.Signal(syscall.SIGINT)
	select {
	case <-e.exited:
	case <-time.After(30 * time.Second):
		_ = e.cmd.Process.Kill()
		<-e.exited
	}
	return nil
}

// StopFast shuts the cluster down at once (PostgreSQL's fast shutdown:
// sessions end with 57P01, open transactions roll back), without waiting
// for other clients: an outage, as the tests make one. Start it again
// with StartEmbedded on the same directory.
func (e *Embedded) StopFast() error {
	if e.cmd == nil || e.cmd.Process == nil {
		return errors.New("embedded postgres: started by another process")
	}
	if err := e.cmd.Process.Signal(syscall.SIGINT); err != nil {
		return err
	}
	<-e.exited
	e.exited <- nil // a later Stop finds it exited
	return nil
}

// waitForOtherClients gives other folio processes sharing the cluster (a
// command run next to this one) up to max to finish before it stops.
func (e *Embedded) waitForOtherClients(max time.Duration) {
	db, err := sql.Open("pgx", e.dsnFor("postgres"))
	if err != nil {
		return
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	deadline := time.Now().Add(max)
	for time.Now().Before(deadline) {
		var others int
		err := db.QueryRow(`SELECT count(*) FROM pg_stat_activity
			WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()`).Scan(&others)
		if err != nil || others == 0 {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// answers reports whether a server already accepts connections on the socket.
func (e *Embedded) answers(ctx context.Context) bool {
	if _, err := os.Stat(filepath.Join(e.sockDir, ".s.PGSQL.5432")); err != nil {
		return false
	}
	db, err := sql.Open("pgx", e.dsnFor("postgres"))
	if err != nil {
		return false
	}
	defer db.Close()
	pingCtx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	return db.PingContext(pingCtx) == nil
}

// waitReady polls the socket until the server answers, then makes sure
// Folio's database exists.
func (e *Embedded) waitReady(ctx context.Context, logPath string) error {
	deadline := time.Now().Add(60 * time.Second)
	for {
		db, err := sql.Open("pgx", e.dsnFor("postgres"))
		if err == nil {
			err = db.PingContext(ctx)
			if err == nil {
				defer db.Close()
				var ok bool
				if err := db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, embeddedDB).Scan(&ok); err != nil {
					return fmt.Errorf("embedded postgres: %w", err)
				}
				if !ok {
					if _, err := db.ExecContext(ctx, `CREATE DATABASE `+embeddedDB); err != nil {
						return fmt.Errorf("embedded postgres: create database: %w", err)
					}
				}
				return nil
			}
			db.Close()
		}
		select {
		case err := <-e.exited:
			e.exited <- err
			return fmt.Errorf("embedded postgres exited during start-up (%v); see %s", err, logPath)
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("embedded postgres did not start within 60s; see %s", logPath)
		}
	}
}

// postgresBinDir finds the directory holding initdb and postgres: PATH first,
// then Debian's /usr/lib/postgresql/<version>/bin, newest version first.
func postgresBinDir() (string, error) {
	if p, err := exec.LookPath("initdb"); err == nil {
		if p, err = filepath.EvalSymlinks(p); err == nil {
			if _, err := os.Stat(filepath.Join(filepath.Dir(p), "postgres")); err == nil {
				return filepath.Dir(p), nil
			}
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return versionOf(dirs[i]) > versionOf(dirs[j]) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d, nil
		}
	}
	return "", errors.New("no PostgreSQL server binaries found (initdb, postgres): " +
		"install them with `sudo apt-get install postgresql` on Debian or Ubuntu, " +
		"or set DATABASE_URL to an existing database")
}

func versionOf(binDir string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return v
}

// clusterCredential is nil when folio is not root; otherwise the credential of
// the unprivileged user the cluster runs as.
func clusterCredential() (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	for _, name := range []string{"postgres", "nobody"} {
		u, err := user.Lookup(name)
		if err != nil {
			continue
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid), NoSetGroups: true}, nil
	}
	return nil, errors.New("running as root, but there is no unprivileged user (postgres or nobody) to run the embedded PostgreSQL as")
}

// reachableBy reports whether every existing ancestor of dir can be entered by cred.
func reachableBy(dir string, cred *syscall.Credential) bool {
	for d := filepath.Dir(dir); ; d = filepath.Dir(d) {
		if fi, err := os.Stat(d); err == nil {
			st := fi.Sys().(*syscall.Stat_t)
			mode := fi.Mode().Perm()
			ok := mode&0o001 != 0 ||
				(st.Uid == cred.Uid && mode&0o100 != 0) ||
				(st.Gid == cred.Gid && mode&0o010 != 0)
			if !ok {
				return false
			}
		}
		if d == "/" {
			return true
		}
	}
}

func run(cred *syscall.Credential, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	cmd.Dir = "/"
	out, err := cmd.CombinedOutput()
	return strings.TrimSpace(string(out)), err
}
