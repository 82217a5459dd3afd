package rest_test

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"folio/rest"
	"folio/rest/resttest"
)

var update = flag.Bool("update", false, "write rest/testdata/golden from this run's responses")

const goldenDir = "testdata/golden"

// Every test of this package checks the golden files that name it as it
// ends.
func init() { resttest.EnableGolden(goldenDir, update) }

// TestGoldenRemainingRoutes answers the routes no other test answers with
// their success status, and those whose first answer in the other tests
// varies from run to run (a page of a list ordered by random ids, search
// hits of equal score), so that each has a stable golden response; the
// golden files of the latter name this test.
func TestGoldenRemainingRoutes(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})
	publish(t, alice, space, insert("guide", "", "# Guide\n\nText.\n"))
	alice.Get("/v1/spaces/" + space + "/content/path/guide").Expect(http.StatusOK)
	cr := "/v1/spaces/" + space + "/change-requests/" + resttest.Str(newCR(t, alice, space, "review"), "id")
	comment := resttest.Str(alice.Post(cr+"/comments", map[string]any{"body": map[string]any{"markdown": "Look"}}).Expect(http.StatusOK).JSON(), "id")
	reply := resttest.Str(alice.Post(cr+"/comments/"+comment+"/replies", map[string]any{"body": map[string]any{"markdown": "Seen"}}).Expect(http.StatusOK).JSON(), "id")
	alice.Delete(cr + "/comments/" + comment + "/replies/" + reply).Expect(http.StatusResetContent)
	// TestFilesUploadDownload pages two files by one: which comes first varies.
	alice.Post(cr+"/content", map[string]any{"changes": []any{map[string]any{"operation": "insert_files",
		"files": []any{map[string]any{"name": "n.txt", "contentType": "text/plain", "base64": "aGk="}}}}}).Expect(http.StatusOK)
	alice.Get(cr + "/content/files").Expect(http.StatusOK)
	// TestOrganizationSearchOnlyReadableSpaces has two spaces of equal score.
	alice.Get("/v1/orgs/" + org + "/search?query=guide").Expect(http.StatusOK)
	// TestOpenAPISpecLifecycle reads its spec while a worker processes it;
	// this server runs no workers, so the spec stays pending.
	docs := newDocServer(t, petstore("Petstore"))
	alice.Post("/v1/orgs/"+org+"/openapi", map[string]any{"slug": "petstore", "source": map[string]any{"url": docs.URL + "/spec.yaml"}}).Expect(http.StatusCreated)
	alice.Get("/v1/orgs/" + org + "/openapi/petstore").Expect(http.StatusOK)
}

// TestGoldenFiles checks the golden files themselves; each test checks
// its own responses against the files that name it as it ends (see
// resttest.EnableGolden), so this test depends on no other and on no
// order. Every route has a golden file (testdata/golden: one response,
// ids, times and tokens normalised), in the form resttest writes it, for
// its own route, naming a test of this package; no file belongs to no
// route. `go test ./rest -update` writes the files again.
func TestGoldenFiles(t *testing.T) {
	files, strays, err := resttest.GoldenIndex(goldenDir)
	if err != nil {
		t.Fatal(err)
	}
	tests := packageTests(t)
	for _, r := range rest.Routes() {
		name, file := resttest.RouteName(r), resttest.GoldenFile(r)
		g := files[name]
		switch {
		case g == nil && *update:
			t.Logf("%s: no golden file yet; the first test of this run that answers it with %d writes it", name, r.Status)
		case g == nil:
			t.Errorf("%s: no golden file %s (go test ./rest -run TestThatAnswersIt -update writes it)", name, file)
		case g.Route != name:
			t.Errorf("%s holds the response of %q, not of %s", file, g.Route, name)
		case !tests[strings.SplitN(g.Test, "/", 2)[0]]:
			resttest.DropGolden(t, g, fmt.Sprintf("%s names %s, which is not a test of this package", file, g.Test))
		case !g.Canonical() && *update:
			if err := os.WriteFile(filepath.Join(goldenDir, file), g.Encode(), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("wrote %s", file)
		case !g.Canonical():
			t.Errorf("%s is not in the form resttest writes (go test ./rest -run %s -update rewrites it)", file, g.Test)
		}
	}
	for _, f := range strays {
		if !*update {
			t.Errorf("%s belongs to no route", f)
			continue
		}
		if err := os.Remove(f); err != nil {
			t.Fatal(err)
		}
		t.Logf("removed %s", f)
	}
}

// packageTests are the names of the test functions of this package, read
// from its source: a golden file must name one.
func packageTests(t *testing.T) map[string]bool {
	t.Helper()
	paths, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	fset := token.NewFileSet()
	for _, p := range paths {
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && strings.HasPrefix(fn.Name.Name, "Test") {
				out[fn.Name.Name] = true
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("no tests found in *_test.go")
	}
	return out
}
