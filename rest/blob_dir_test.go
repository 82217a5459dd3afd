package rest_test

import (
	"encoding/base64"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"folio/internal/blob"
	"folio/rest"
	"folio/rest/resttest"
)

// TestDirBlobStoreRefusesWrites: when the blob directory refuses writes
// (here its place is taken by a file, which no user, root included, can
// write under: a volume gone, say), an upload is refused with 503, the
// API's error body and Retry-After, no file row names a blob that was not
// written, and the same upload works once the directory is back.
func TestDirBlobStoreRefusesWrites(t *testing.T) {
	root := filepath.Join(t.TempDir(), "blobs")
	srv := resttest.NewWith(t, func(c *rest.Config) { c.Blobs = blob.Dir{Root: root} })
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})
	base := "/v1/spaces/" + space
	cr := resttest.Str(newCR(t, alice, space, "files"), "id")
	upload := func(name, data string) *resttest.Response {
		return alice.Post(base+"/change-requests/"+cr+"/content", map[string]any{"changes": []any{
			map[string]any{"operation": "insert_files", "files": []any{
				map[string]any{"name": name, "contentType": "text/plain", "base64": base64.StdEncoding.EncodeToString([]byte(data))},
			}},
		}})
	}
	upload("before.txt", "written before").Expect(http.StatusOK)
	files := func() (n int) {
		if err := srv.Store.DB.NewRaw(`SELECT count(*) FROM space_files WHERE space_id = ?`, space).Scan(t.Context(), &n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	before := files()

	if err := os.Rename(root, root+".kept"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(root, []byte("not a directory"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := upload("refused.txt", "refused by the disk")
	if r.Status != http.StatusServiceUnavailable || r.Header.Get("Retry-After") == "" {
		t.Fatalf("upload to a directory that refuses writes: %d (Retry-After %q) %s", r.Status, r.Header.Get("Retry-After"), r.Body)
	}
	e := r.JSON()
	if resttest.Str(e, "error.code") != "503" || !strings.Contains(resttest.Str(e, "error.message"), "file store") {
		t.Errorf("refused upload's body: %s", r.Body)
	}
	if n := files(); n != before {
		t.Errorf("files after a refused upload: %d, want %d", n, before)
	}
	if err := os.Remove(root); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(root+".kept", root); err != nil {
		t.Fatal(err)
	}
	// Every file row names a blob the store has.
	var hashes []string
	if err := srv.Store.DB.NewRaw(`SELECT DISTINCT blob FROM space_files`).Scan(t.Context(), &hashes); err != nil {
		t.Fatal(err)
	}
	for _, h := range hashes {
		f, err := (blob.Dir{Root: root}).Open(t.Context(), h)
		if err != nil {
			t.Errorf("a file row names blob %s: %v", h, err)
			continue
		}
		f.Close()
	}
	upload("after.txt", "written after").Expect(http.StatusOK)
	if n := files(); n != before+1 {
		t.Errorf("files after the directory is back: %d, want %d", n, before+1)
	}
}
