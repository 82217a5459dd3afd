package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// StartReplica makes a streaming replica of the embedded cluster primary
// under dir (pg_basebackup with its WAL streamed and the standby's
// settings written, -R) and starts it: a cluster of its own, with its own
// socket, that replays what the primary writes. The tests use it for
// read replicas; it stops as StartEmbedded's clusters do.
func StartReplica(ctx context.Context, primary *Embedded, dir string) (*Embedded, error) {
	bin, err := postgresBinDir()
	if err != nil {
		return nil, err
	}
	cred, err := clusterCredential()
	if err != nil {
		return nil, err
	}
	dir, err = filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	data := filepath.Join(dir, "postgres")
	if _, err := os.Stat(filepath.Join(data, "PG_VERSION")); errors.Is(err, os.ErrNotExist) {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
		if cred != nil {
			if err := os.Chown(dir, int(cred.Uid), int(cred.Gid)); err != nil {
				return nil, err
			}
		}
		out, err := run(cred, filepath.Join(bin, "pg_basebackup"), "-D", data, "-h", primary.sockDir, "-U", "folio",
			"-X", "stream", "-R", "--checkpoint=fast")
		if err != nil {
			return nil, fmt.Errorf("pg_basebackup: %w: %s", err, out)
		}
		// The primary's socket lives in its data directory, and the copy
		// took its lock file, which would stop the replica from starting.
		locks, _ := filepath.Glob(filepath.Join(data, ".s.PGSQL.*.lock"))
		for _, l := range locks {
			os.Remove(l)
		}
	}
	return StartEmbedded(ctx, dir)
}
