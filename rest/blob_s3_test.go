package rest_test

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"folio/internal/blob"
	"folio/internal/blob/blobtest"
	"folio/internal/metrics"
	"folio/rest"
	"folio/store"
	"folio/store/pgtest"
)

// s3Folio is one Folio server: its own connection pool and handler over
// a shared database and a shared S3 blob store.
type s3Folio struct {
	t     *testing.T
	url   string
	token string
}

func startS3Folio(t *testing.T, s *store.Store, blobs blob.Store) *s3Folio {
	t.Helper()
	h, err := rest.NewHandler(rest.Config{Store: s, PublicURL: "http://lb.folio.test", Blobs: blobs, Metrics: metrics.New(s.DB.DB)})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	return &s3Folio{t: t, url: ts.URL}
}

// do sends a request (a JSON body unless nil) and reads the answer.
func (f *s3Folio) do(method, path string, body any, header map[string]string) (int, http.Header, []byte) {
	f.t.Helper()
	var r io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			f.t.Fatal(err)
		}
		r = bytes.NewReader(raw)
	}
	// URLs in answers carry the load balancer's address: send them to this server.
	req, err := http.NewRequest(method, f.url+strings.TrimPrefix(path, "http://lb.folio.test"), r)
	if err != nil {
		f.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+f.token)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		f.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		f.t.Fatalf("%s %s: %v", method, path, err)
	}
	return resp.StatusCode, resp.Header, b
}

// json sends a request that must answer status, and decodes its body.
func (f *s3Folio) json(method, path string, body any, status int) map[string]any {
	f.t.Helper()
	got, _, b := f.do(method, path, body, nil)
	if got != status {
		f.t.Fatalf("%s %s: status %d, want %d: %s", method, path, got, status, b)
	}
	var v map[string]any
	if err := json.Unmarshal(b, &v); err != nil {
		f.t.Fatalf("%s %s: %v: %s", method, path, err, b)
	}
	return v
}

// Two Folio servers on one database and one S3 bucket, as behind a load
// balancer: a file uploaded through one downloads through the other (whole,
// by range, and inside a space export), and is stored once.
func TestS3BlobsSharedByTwoServers(t *testing.T) {
	ctx := context.Background()
	s3 := blobtest.New(t)
	dbA := pgtest.New(t)
	dbB, err := store.OpenOptions(ctx, dbA.DSN(), dbA.Options())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { dbB.Close() })
	if err := dbB.LoadSecrets(ctx); err != nil {
		t.Fatal(err)
	}
	a, b := startS3Folio(t, dbA, s3.Store(t)), startS3Folio(t, dbB, s3.Store(t))
	u, err := dbA.EnsureUser(ctx, "alice@example.com", "")
	if err != nil {
		t.Fatal(err)
	}
	if a.token, err = dbA.CreateToken(ctx, u.ID); err != nil {
		t.Fatal(err)
	}
	b.token = a.token

	org := a.json(http.MethodPost, "/v1/orgs", map[string]any{"title": "Acme"}, http.StatusCreated)["id"].(string)
	space := a.json(http.MethodPost, "/v1/orgs/"+org+"/spaces", map[string]any{"title": "Docs"}, http.StatusCreated)["id"].(string)
	base := "/v1/spaces/" + space
	cr := a.json(http.MethodPost, base+"/change-requests", map[string]any{"subject": "files"}, http.StatusCreated)["id"].(string)

	data := make([]byte, 200_000)
	rnd := rand.New(rand.NewPCG(3, 4))
	for i := range data {
		data[i] = byte(rnd.Uint32())
	}
	insertFile := map[string]any{"changes": []any{map[string]any{"operation": "insert_files", "files": []any{
		map[string]any{"name": "data.bin", "contentType": "application/octet-stream", "base64": base64.StdEncoding.EncodeToString(data)},
	}}}}
	up := a.json(http.MethodPost, base+"/change-requests/"+cr+"/content", insertFile, http.StatusOK)
	files, _ := up["insertedFiles"].([]any)
	if len(files) != 1 {
		t.Fatalf("inserted files: %v", up)
	}
	file := files[0].(map[string]any)
	url := file["downloadURL"].(string)
	if s3.Requests(http.MethodPut) != 1 {
		t.Fatalf("%d PUTs to S3 for one file", s3.Requests(http.MethodPut))
	}

	// Through the other server: the whole file, then a range of it.
	status, hdr, body := b.do(http.MethodGet, url, nil, nil)
	if status != http.StatusOK || !bytes.Equal(body, data) {
		t.Fatalf("download through b: status %d, %d bytes (want %d)", status, len(body), len(data))
	}
	if got := hdr.Get("Content-Type"); got != "application/octet-stream" {
		t.Errorf("Content-Type = %q", got)
	}
	status, hdr, body = b.do(http.MethodGet, url, nil, map[string]string{"Range": "bytes=150000-150099"})
	if status != http.StatusPartialContent || !bytes.Equal(body, data[150_000:150_100]) {
		t.Errorf("range through b: status %d, %d bytes", status, len(body))
	}
	if got := hdr.Get("Content-Range"); got != "bytes 150000-150099/200000" {
		t.Errorf("Content-Range = %q", got)
	}

	// The same bytes uploaded again, through b: no second object.
	cr2 := b.json(http.MethodPost, base+"/change-requests", map[string]any{"subject": "again"}, http.StatusCreated)["id"].(string)
	b.json(http.MethodPost, base+"/change-requests/"+cr2+"/content", insertFile, http.StatusOK)
	if s3.Requests(http.MethodPut) != 1 {
		t.Errorf("%d PUTs to S3 after uploading the same bytes twice", s3.Requests(http.MethodPut))
	}

	// Merged through a, exported through b: the archive holds the bytes.
	a.json(http.MethodPost, base+"/change-requests/"+cr+"/merge", nil, http.StatusOK)
	status, _, body = b.do(http.MethodGet, base+"/content/export", nil, nil)
	if status != http.StatusOK {
		t.Fatalf("export through b: status %d: %.300s", status, body)
	}
	zr, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, zf := range zr.File {
		rc, err := zf.Open()
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(rc)
		rc.Close()
		found = found || bytes.Equal(got, data)
	}
	if !found {
		t.Error("the export made through b lacks the file uploaded through a")
	}

	// A blob gone from the bucket is a 404, not a 500.
	key := "blobs/" + blobHash(data)
	if _, err := s3.Backend.DeleteObject(blobtest.Bucket, key); err != nil {
		t.Fatal(err)
	}
	if status, _, body := a.do(http.MethodGet, url, nil, nil); status != http.StatusNotFound {
		t.Errorf("download of a missing blob: status %d: %s", status, body)
	}
}

func blobHash(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// TestS3UnavailableIs503: with the object store gone, an upload is refused
// with 503 and Retry-After and leaves no file that names a blob the store
// does not have; a download is 503 too, not a 404 or 500; both work again
// once the store is back.
func TestS3UnavailableIs503(t *testing.T) {
	ctx := context.Background()
	s3 := blobtest.New(t)
	s3.Config.MaxRetries = 1 // report the refusal at once, not after the client's ten tries
	st, err := blob.NewS3(ctx, s3.Config)
	if err != nil {
		t.Fatal(err)
	}
	db := pgtest.New(t)
	f := startS3Folio(t, db, st)
	u, err := db.EnsureUser(ctx, "alice@example.com", "")
	if err != nil {
		t.Fatal(err)
	}
	if f.token, err = db.CreateToken(ctx, u.ID); err != nil {
		t.Fatal(err)
	}
	org := f.json(http.MethodPost, "/v1/orgs", map[string]any{"title": "Acme"}, http.StatusCreated)["id"].(string)
	space := f.json(http.MethodPost, "/v1/orgs/"+org+"/spaces", map[string]any{"title": "Docs"}, http.StatusCreated)["id"].(string)
	base := "/v1/spaces/" + space
	cr := f.json(http.MethodPost, base+"/change-requests", map[string]any{"subject": "files"}, http.StatusCreated)["id"].(string)
	upload := func(name, data string) (int, http.Header, []byte) {
		return f.do(http.MethodPost, base+"/change-requests/"+cr+"/content", map[string]any{"changes": []any{map[string]any{
			"operation": "insert_files", "files": []any{map[string]any{"name": name, "contentType": "text/plain",
				"base64": base64.StdEncoding.EncodeToString([]byte(data))}}}}}, nil)
	}
	status, _, body := upload("one.txt", "stored before the outage")
	if status != http.StatusOK {
		t.Fatalf("upload: %d %s", status, body)
	}
	var up map[string]any
	json.Unmarshal(body, &up)
	url := up["insertedFiles"].([]any)[0].(map[string]any)["downloadURL"].(string)
	files := func() int {
		var n int
		if err := db.DB.NewRaw(`SELECT count(*) FROM space_files WHERE space_id = ?`, space).Scan(ctx, &n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	before := files()

	s3.Stop()
	expect503 := func(what string, status int, h http.Header, body []byte) {
		t.Helper()
		var e struct {
			Error struct {
				Code    int    `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		if status != http.StatusServiceUnavailable || h.Get("Retry-After") == "" || json.Unmarshal(body, &e) != nil ||
			e.Error.Code != http.StatusServiceUnavailable || !strings.Contains(e.Error.Message, "file store") {
			t.Errorf("%s with the store gone: %d (Retry-After %q) %s", what, status, h.Get("Retry-After"), body)
		}
	}
	status, h, body := upload("two.txt", "sent during the outage")
	expect503("upload", status, h, body)
	status, h, body = f.do(http.MethodGet, url, nil, nil)
	expect503("download", status, h, body)
	if n := files(); n != before {
		t.Errorf("files after a refused upload: %d, want %d", n, before)
	}

	// The store is back.
	s3.Start()
	if status, _, body := f.do(http.MethodGet, url, nil, nil); status != http.StatusOK || string(body) != "stored before the outage" {
		t.Errorf("download after the outage: %d %s", status, body)
	}
	if status, _, body := upload("two.txt", "sent after the outage"); status != http.StatusOK {
		t.Errorf("upload after the outage: %d %s", status, body)
	}
}
