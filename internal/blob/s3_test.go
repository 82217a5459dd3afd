package blob_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"folio/internal/blob"
	"folio/internal/blob/blobtest"
)

func randomBytes(n int) []byte {
	r := rand.New(rand.NewPCG(1, 2))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

func readAt(t *testing.T, rs io.ReadSeeker, off int64, whence, n int) []byte {
	t.Helper()
	if _, err := rs.Seek(off, whence); err != nil {
		t.Fatalf("seek %d (whence %d): %v", off, whence, err)
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(rs, b); err != nil {
		t.Fatalf("read %d bytes at %d (whence %d): %v", n, off, whence, err)
	}
	return b
}

func TestS3PutOpenSeek(t *testing.T) {
	ctx := context.Background()
	srv := blobtest.New(t)
	s := srv.Store(t)
	data := randomBytes(1<<20 + 123)
	sum := sha256.Sum256(data)
	want := hex.EncodeToString(sum[:])

	hash, err := s.Put(ctx, data)
	if err != nil {
		t.Fatal(err)
	}
	if hash != want {
		t.Fatalf("hash = %s, want %s", hash, want)
	}
	if n := srv.Requests(http.MethodPut); n != 1 {
		t.Fatalf("%d PUTs for one blob", n)
	}
	// Content-addressed under the prefix, like Dir.
	if _, err := srv.Backend.HeadObject(blobtest.Bucket, "blobs/"+hash); err != nil {
		t.Fatalf("object blobs/%s: %v", hash, err)
	}
	// The same bytes again: found, not uploaded again.
	if again, err := s.Put(ctx, bytes.Clone(data)); err != nil || again != hash {
		t.Fatalf("second put = %s, %v", again, err)
	}
	if n := srv.Requests(http.MethodPut); n != 1 {
		t.Fatalf("%d PUTs after putting the same bytes twice, want 1", n)
	}

	rc, err := s.Open(ctx, hash)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	all, err := io.ReadAll(rc)
	if err != nil || !bytes.Equal(all, data) {
		t.Fatalf("read %d bytes (%v), want the %d put", len(all), err, len(data))
	}
	// As http.ServeContent does: the size from the end, back to the start.
	if size, err := rc.Seek(0, io.SeekEnd); err != nil || size != int64(len(data)) {
		t.Fatalf("seek to end = %d, %v; want %d", size, err, len(data))
	}
	if b := readAt(t, rc, 0, io.SeekStart, 10); !bytes.Equal(b, data[:10]) {
		t.Errorf("first bytes differ")
	}
	if b := readAt(t, rc, 500_000, io.SeekStart, 1000); !bytes.Equal(b, data[500_000:501_000]) {
		t.Errorf("bytes at 500000 differ")
	}
	if b := readAt(t, rc, 10, io.SeekCurrent, 5); !bytes.Equal(b, data[501_010:501_015]) {
		t.Errorf("bytes after a relative seek differ")
	}
	if b := readAt(t, rc, -7, io.SeekEnd, 7); !bytes.Equal(b, data[len(data)-7:]) {
		t.Errorf("last bytes differ")
	}
	if n, err := rc.Read(make([]byte, 1)); n != 0 || err != io.EOF {
		t.Errorf("read at the end = %d, %v; want io.EOF", n, err)
	}
	if b := readAt(t, rc, 3, io.SeekStart, 4); !bytes.Equal(b, data[3:7]) {
		t.Errorf("bytes after seeking back from the end differ")
	}
}

// A blob served with http.ServeContent, as the download route does: a
// range request gets 206 and just those bytes.
func TestS3ServeContentRange(t *testing.T) {
	ctx := context.Background()
	s := blobtest.New(t).Store(t)
	data := randomBytes(300_000)
	hash, err := s.Put(ctx, data)
	if err != nil {
		t.Fatal(err)
	}
	serve := func(rangeHeader string) *httptest.ResponseRecorder {
		rc, err := s.Open(ctx, hash)
		if err != nil {
			t.Fatal(err)
		}
		defer rc.Close()
		req := httptest.NewRequest(http.MethodGet, "/file", nil)
		if rangeHeader != "" {
			req.Header.Set("Range", rangeHeader)
		}
		w := httptest.NewRecorder()
		http.ServeContent(w, req, "", time.Time{}, rc)
		return w
	}
	if w := serve(""); w.Code != http.StatusOK || !bytes.Equal(w.Body.Bytes(), data) {
		t.Errorf("whole file: status %d, %d bytes", w.Code, w.Body.Len())
	}
	w := serve("bytes=1000-1999")
	if w.Code != http.StatusPartialContent || !bytes.Equal(w.Body.Bytes(), data[1000:2000]) {
		t.Errorf("range: status %d, %d bytes", w.Code, w.Body.Len())
	}
	if cr := w.Header().Get("Content-Range"); cr != "bytes 1000-1999/300000" {
		t.Errorf("Content-Range = %q", cr)
	}
	if w := serve("bytes=-100"); w.Code != http.StatusPartialContent || !bytes.Equal(w.Body.Bytes(), data[len(data)-100:]) {
		t.Errorf("suffix range: status %d, %d bytes", w.Code, w.Body.Len())
	}
	if w := serve("bytes=400000-"); w.Code != http.StatusRequestedRangeNotSatisfiable {
		t.Errorf("range past the end: status %d", w.Code)
	}
}

func TestS3NotFoundAndEmpty(t *testing.T) {
	ctx := context.Background()
	s := blobtest.New(t).Store(t)
	for _, h := range []string{strings.Repeat("ab", 32), "nothex" + strings.Repeat("0", 58), "short", ""} {
		if rc, err := s.Open(ctx, h); !errors.Is(err, blob.ErrNotFound) {
			if rc != nil {
				rc.Close()
			}
			t.Errorf("open %q: %v, want ErrNotFound", h, err)
		}
	}
	hash, err := s.Put(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	rc, err := s.Open(ctx, hash)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	if size, err := rc.Seek(0, io.SeekEnd); err != nil || size != 0 {
		t.Errorf("empty blob: size %d, %v", size, err)
	}
	if _, err := rc.Seek(0, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	if b, err := io.ReadAll(rc); err != nil || len(b) != 0 {
		t.Errorf("empty blob read %d bytes, %v", len(b), err)
	}
}

// Two servers' stores over one bucket see each other's blobs.
func TestS3SharedBucket(t *testing.T) {
	ctx := context.Background()
	srv := blobtest.New(t)
	a, b := srv.Store(t), srv.Store(t)
	hash, err := a.Put(ctx, []byte("shared bytes"))
	if err != nil {
		t.Fatal(err)
	}
	if again, err := b.Put(ctx, []byte("shared bytes")); err != nil || again != hash {
		t.Fatalf("put through b = %s, %v", again, err)
	}
	if n := srv.Requests(http.MethodPut); n != 1 {
		t.Errorf("%d PUTs, want 1", n)
	}
	rc, err := b.Open(ctx, hash)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	if got, _ := io.ReadAll(rc); string(got) != "shared bytes" {
		t.Errorf("read %q", got)
	}
}

func TestS3StartupChecks(t *testing.T) {
	ctx := context.Background()
	srv := blobtest.New(t)
	cfg := srv.Config
	cfg.Bucket = "no-such-bucket"
	if _, err := blob.NewS3(ctx, cfg); err == nil || !strings.Contains(err.Error(), `bucket "no-such-bucket" does not exist`) {
		t.Errorf("missing bucket: %v", err)
	}
	cfg = srv.Config
	cfg.Endpoint = strings.Replace(cfg.Endpoint, "http://", "ftp://", 1)
	if _, err := blob.NewS3(ctx, cfg); err == nil || !strings.Contains(err.Error(), "scheme") {
		t.Errorf("ftp endpoint: %v", err)
	}
	cfg = srv.Config
	cfg.SecretAccessKey = ""
	if _, err := blob.NewS3(ctx, cfg); err == nil {
		t.Error("an access key without its secret is accepted")
	}
	// host:port with Insecure is the same server as its http:// URL.
	cfg = srv.Config
	cfg.Endpoint, cfg.Insecure = strings.TrimPrefix(cfg.Endpoint, "http://"), true
	if _, err := blob.NewS3(ctx, cfg); err != nil {
		t.Errorf("host:port, insecure: %v", err)
	}
}

func TestS3ConfigFromEnv(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  map[string]string
		want blob.S3Config
		ok   bool
		err  string
	}{
		{name: "unset", env: nil},
		{name: "all", env: map[string]string{
			"FOLIO_BLOB_S3_ENDPOINT": "minio:9000", "FOLIO_BLOB_S3_BUCKET": "b", "FOLIO_BLOB_S3_REGION": "eu-west-1",
			"FOLIO_BLOB_S3_PREFIX": "folio/", "FOLIO_BLOB_S3_ACCESS_KEY_ID": "id", "FOLIO_BLOB_S3_SECRET_ACCESS_KEY": "secret",
			"FOLIO_BLOB_S3_INSECURE": "true", "AWS_ACCESS_KEY_ID": "aws-id", "AWS_SECRET_ACCESS_KEY": "aws-secret", "AWS_REGION": "us-east-2",
		}, ok: true, want: blob.S3Config{Endpoint: "minio:9000", Bucket: "b", Region: "eu-west-1", Prefix: "folio/",
			AccessKeyID: "id", SecretAccessKey: "secret", Insecure: true}},
		{name: "AWS names", env: map[string]string{
			"FOLIO_BLOB_S3_ENDPOINT": "s3.us-east-2.amazonaws.com", "FOLIO_BLOB_S3_BUCKET": "b",
			"AWS_ACCESS_KEY_ID": "aws-id", "AWS_SECRET_ACCESS_KEY": "aws-secret", "AWS_SESSION_TOKEN": "tok", "AWS_DEFAULT_REGION": "us-east-2",
		}, ok: true, want: blob.S3Config{Endpoint: "s3.us-east-2.amazonaws.com", Bucket: "b", Region: "us-east-2",
			AccessKeyID: "aws-id", SecretAccessKey: "aws-secret", SessionToken: "tok"}},
		{name: "no keys", env: map[string]string{"FOLIO_BLOB_S3_ENDPOINT": "e", "FOLIO_BLOB_S3_BUCKET": "b"},
			ok: true, want: blob.S3Config{Endpoint: "e", Bucket: "b"}},
		{name: "bucket only", env: map[string]string{"FOLIO_BLOB_S3_BUCKET": "b"}, err: "FOLIO_BLOB_S3_ENDPOINT is not"},
		{name: "endpoint only", env: map[string]string{"FOLIO_BLOB_S3_ENDPOINT": "e"}, err: "FOLIO_BLOB_S3_BUCKET is not"},
		{name: "half a key", env: map[string]string{"FOLIO_BLOB_S3_ENDPOINT": "e", "FOLIO_BLOB_S3_BUCKET": "b",
			"FOLIO_BLOB_S3_ACCESS_KEY_ID": "id"}, err: "go together"},
		{name: "bad insecure", env: map[string]string{"FOLIO_BLOB_S3_ENDPOINT": "e", "FOLIO_BLOB_S3_BUCKET": "b",
			"FOLIO_BLOB_S3_INSECURE": "yes please"}, err: "FOLIO_BLOB_S3_INSECURE"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, ok, err := blob.S3ConfigFromEnv(func(k string) string { return tc.env[k] })
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want one mentioning %q", err, tc.err)
				}
				return
			}
			if err != nil || ok != tc.ok || cfg != tc.want {
				t.Fatalf("= %+v, %v, %v; want %+v, %v", cfg, ok, err, tc.want, tc.ok)
			}
		})
	}
}

// FromEnv: the directory store without S3 settings, the S3 store with them.
func TestS3FromEnv(t *testing.T) {
	ctx := context.Background()
	for _, k := range []string{"FOLIO_BLOB_S3_ENDPOINT", "FOLIO_BLOB_S3_BUCKET", "FOLIO_BLOB_S3_REGION", "FOLIO_BLOB_S3_PREFIX",
		"FOLIO_BLOB_S3_ACCESS_KEY_ID", "FOLIO_BLOB_S3_SECRET_ACCESS_KEY", "FOLIO_BLOB_S3_INSECURE"} {
		t.Setenv(k, "")
	}
	dir := t.TempDir()
	if st, err := blob.FromEnv(ctx, dir); err != nil || st != (blob.Dir{Root: dir}) {
		t.Fatalf("without S3 settings: %#v, %v", st, err)
	}
	srv := blobtest.New(t)
	t.Setenv("FOLIO_BLOB_S3_ENDPOINT", strings.TrimPrefix(srv.Config.Endpoint, "http://"))
	t.Setenv("FOLIO_BLOB_S3_INSECURE", "true")
	t.Setenv("FOLIO_BLOB_S3_BUCKET", blobtest.Bucket)
	t.Setenv("FOLIO_BLOB_S3_ACCESS_KEY_ID", "k")
	t.Setenv("FOLIO_BLOB_S3_SECRET_ACCESS_KEY", "s")
	st, err := blob.FromEnv(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := st.(*blob.S3); !ok {
		t.Fatalf("with S3 settings: %T", st)
	}
	t.Setenv("FOLIO_BLOB_S3_BUCKET", "absent")
	if _, err := blob.FromEnv(ctx, dir); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("missing bucket: %v", err)
	}
}
