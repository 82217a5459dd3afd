package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// PgBouncer is a PgBouncer process in transaction pooling mode in front of
// a PostgreSQL server, as the tests run one (Debian's pgbouncer package:
// `make pgbouncer`). It listens only on a Unix socket in its directory,
// and lets in any database of the server, as the user of the server's URL.
type PgBouncer struct {
	sockDir string
	port    int
	user    string
	cmd     *exec.Cmd
	exited  chan error
}

// StartPgBouncer writes a configuration under dir and starts pgbouncer on
// it in front of the server of backend (a URL of the server, any database),
// waiting until it accepts connections. It stops with Stop, or with the
// process that started it.
func StartPgBouncer(ctx context.Context, dir, backend string) (*PgBouncer, error) {
	bin := pgbouncerBin()
	if bin == "" {
		return nil, errors.New("pgbouncer not found: install it with `sudo apt-get install pgbouncer` (make pgbouncer)")
	}
	pc, err := pgconn.ParseConfig(backend)
	if err != nil {
		return nil, fmt.Errorf("pgbouncer backend: %w", err)
	}
	cred, err := clusterCredential() // pgbouncer refuses to run as root, as PostgreSQL does
	if err != nil {
		return nil, err
	}
	dir, err = filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	os.Chmod(dir, 0o755)
	if cred != nil {
		if err := os.Chown(dir, int(cred.Uid), int(cred.Gid)); err != nil {
			return nil, err
		}
	}
	// The socket is .s.PGSQL.6432 in dir: no TCP port, so no collision.
	const port = 6432
	b := &PgBouncer{sockDir: dir, port: port, user: pc.User}
	server := fmt.Sprintf("host=%s port=%d user=%s", pc.Host, pc.Port, pc.User)
	if pc.Password != "" {
		server += " password=" + pc.Password
	}
	// Transaction pooling, as deployments run it. server_reset_query is
	// empty (PgBouncer's default for transaction mode: a server connection
	// is not reset between clients, which is what Folio must not rely
	// on). Server connections idle for a few seconds close, so that a test
	// database can be dropped soon after its test.
	conf := fmt.Sprintf(`[databases]
* = %s

[pgbouncer]
listen_addr =
listen_port = %d
unix_socket_dir = %s
unix_socket_mode = 0777
auth_type = trust
auth_file = %s
pool_mode = transaction
server_reset_query =
max_client_conn = 2000
default_pool_size = 10
max_user_connections = 150
server_idle_timeout = 5
ignore_startup_parameters = extra_float_digits
log_connections = 0
log_disconnections = 0
logfile = %s
`, server, port, dir, filepath.Join(dir, "users.txt"), filepath.Join(dir, "pgbouncer.log"))
	if err := os.WriteFile(filepath.Join(dir, "users.txt"), []byte(strconv.Quote(pc.User)+` ""`+"\n"), 0o644); err != nil {
		return nil, err
	}
	confPath := filepath.Join(dir, "pgbouncer.ini")
	if err := os.WriteFile(confPath, []byte(conf), 0o644); err != nil {
		return nil, err
	}
	b.cmd = exec.Command(bin, confPath)
	b.cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred, Pdeathsig: syscall.SIGKILL, Setpgid: true}
	var out strings.Builder
	b.cmd.Stdout, b.cmd.Stderr = &out, &out
	if err := b.cmd.Start(); err != nil {
		return nil, fmt.Errorf("start pgbouncer: %w", err)
	}
	b.exited = make(chan error, 1)
	go func() { b.exited <- b.cmd.Wait() }()
	deadline := time.Now().Add(30 * time.Second)
	for {
		db, err := sql.Open("pgx", b.DSN(pc.Database))
		if err == nil {
			err = db.PingContext(ctx)
			db.Close()
			if err == nil {
				return b, nil
			}
		}
		select {
		case werr := <-b.exited:
			log, _ := os.ReadFile(filepath.Join(dir, "pgbouncer.log"))
			return nil, fmt.Errorf("pgbouncer exited during start-up (%v): %s%s", werr, out.String(), log)
		case <-ctx.Done():
			b.Stop()
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			b.Stop()
			return nil, fmt.Errorf("pgbouncer did not accept connections within 30s: %v", err)
		}
	}
}

// HavePgBouncer reports whether the pgbouncer binary is installed.
func HavePgBouncer() bool { return pgbouncerBin() != "" }

// pgbouncerBin finds pgbouncer on PATH or where Debian puts it (sbin is
// not on every user's PATH).
func pgbouncerBin() string {
	if p, err := exec.LookPath("pgbouncer"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/sbin/pgbouncer"); err == nil {
		return "/usr/sbin/pgbouncer"
	}
	return ""
}

// DSN is the URL of database through PgBouncer.
func (b *PgBouncer) DSN(database string) string {
	return fmt.Sprintf("host=%s port=%d user=%s dbname=%s sslmode=disable", b.sockDir, b.port, b.user, database)
}

// Stop ends PgBouncer at once (its open connections close).
func (b *PgBouncer) Stop() {
	if b.cmd.Process == nil {
		return
	}
	b.cmd.Process.Signal(syscall.SIGTERM) //nolint:errcheck
	select {
	case err := <-b.exited:
		b.exited <- err
	case <-time.After(10 * time.Second):
		b.cmd.Process.Kill() //nolint:errcheck
	}
}
