package app_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"folio/rest/app"
	"folio/rest/app/appbuild"
)

// maxFirstLoad is the most compressed script a first visit may load.
const maxFirstLoad = 250 * 1024

// TestDistIsCurrent builds the app from app/ into a temporary directory
// (its operations validated against the schema and typed, tsc --noEmit
// --strict, esbuild) and fails when the committed build (rest/app/dist,
// app/src/gen/operations.ts) differs: run make app and commit. It also
// holds the first load to maxFirstLoad bytes of gzip-compressed script.
// Node.js and npm are required (make test installs them).
func TestDistIsCurrent(t *testing.T) {
	res, err := appbuild.Build(filepath.Join("..", "..", "app"))
	if err != nil {
		t.Fatal(err)
	}
	gen, err := os.ReadFile(filepath.Join("..", "..", "app", appbuild.GeneratedPath))
	if err != nil || !bytes.Equal(gen, res.Generated) {
		t.Errorf("app/%s is not what the operations and the schema make (run make app and commit): %v", appbuild.GeneratedPath, err)
	}
	committed := map[string][]byte{}
	fs.WalkDir(app.Files(), ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			committed[p], _ = fs.ReadFile(app.Files(), p)
		}
		return nil
	})
	var names []string
	for name := range res.Files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if !bytes.Equal(committed[name], res.Files[name]) {
			t.Errorf("rest/app/dist/%s is stale or missing (run make app and commit)", name)
		}
		delete(committed, name)
	}
	for name := range committed {
		t.Errorf("rest/app/dist/%s is not part of the build (run make app and commit)", name)
	}
	size := res.FirstLoadGzip()
	t.Logf("first load: %d bytes of gzip-compressed script in %v; %d files built", size, res.FirstLoad, len(res.Files))
	if size > maxFirstLoad {
		t.Errorf("the first load is %d bytes of compressed script, over %d", size, maxFirstLoad)
	}
}
