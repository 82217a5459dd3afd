// Package blob keeps the bytes of uploaded files, content-addressed: a blob
// is stored once under the SHA-256 of its bytes, so spaces and revisions
// that share a file share its blob.
package blob

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Store is where blobs live. Open answers ErrNotFound for unknown hashes.
type Store interface {
	Put(ctx context.Context, data []byte) (hash string, err error)
	Open(ctx context.Context, hash string) (io.ReadSeekCloser, error)
}

// ErrNotFound is the error of Open for a hash that is not stored.
var ErrNotFound = errors.New("blob not found")

// ErrUnavailable is wrapped by the errors of a store that cannot be
// reached (or cannot serve) right now, as opposed to one that refused the
// request: a retry later may succeed. Test with errors.Is.
var ErrUnavailable = errors.New("blob store unavailable")

// unavailable wraps err with ErrUnavailable, keeping it as the cause.
func unavailable(err error) error { return unavailableError{err} }

type unavailableError struct{ err error }

func (e unavailableError) Error() string   { return "blob store unavailable: " + e.err.Error() }
func (e unavailableError) Unwrap() []error { return []error{ErrUnavailable, e.err} }

// Dir stores blobs as files under a directory (FOLIO_DATA_DIR/blobs by
// default), two levels deep by hash prefix.
type Dir struct{ Root string }

func (d Dir) path(hash string) string { return filepath.Join(d.Root, hash[:2], hash) }

// Put writes data unless a blob with its hash exists; the write goes
// through a temporary file and a rename, so a blob is never seen half written.
// A directory that refuses the write (full, read only, not a directory,
// not the server's to write) is ErrUnavailable: the upload is refused
// with 503, and works once the operator has fixed the directory.
func (d Dir) Put(_ context.Context, data []byte) (string, error) {
	sum := sha256.Sum256(data)
	hash := hex.EncodeToString(sum[:])
	p := d.path(hash)
	if _, err := os.Stat(p); err == nil {
		return hash, nil
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return "", unavailable(fmt.Errorf("blob directory: %w", err))
	}
	tmp, err := os.CreateTemp(filepath.Dir(p), ".put-*")
	if err != nil {
		return "", unavailable(fmt.Errorf("blob temp file: %w", err))
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return "", unavailable(fmt.Errorf("write blob: %w", err))
	}
	if err := tmp.Close(); err != nil {
		return "", unavailable(fmt.Errorf("write blob: %w", err))
	}
	if err := os.Rename(tmp.Name(), p); err != nil {
		return "", unavailable(fmt.Errorf("store blob: %w", err))
	}
	return hash, nil
}

// Open opens a stored blob.
func (d Dir) Open(_ context.Context, hash string) (io.ReadSeekCloser, error) {
	if len(hash) != 64 {
		return nil, ErrNotFound
	}
	f, err := os.Open(d.path(hash))
	if errors.Is(err, os.ErrNotExist) {
		return nil, ErrNotFound
	}
	return f, err
}
