package rest_test

import (
	"flag"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"folio/rest"
	"folio/rest/resttest"
)

var update = flag.Bool("update", false, "write rest/testdata/golden from this run's responses")

const goldenDir = "testdata/golden"

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

// TestGoldenFiles walks the route table: every route has a golden file
// (testdata/golden: one response, ids, times and tokens normalised), and a
// golden file whose test ran in this binary matches that test's response.
// resttest records every response the other tests receive; this test runs
// after them (its file sorts last), so a full run compares every file and
// a run of some tests compares theirs. `go test ./rest -update` writes the
// files again: a route keeps the test that wrote it while that test still
// answers it; a new route (or one its test no longer answers) takes the
// first test of the run that does.
func TestGoldenFiles(t *testing.T) {
	if *update {
		if err := os.MkdirAll(goldenDir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// In a run of every test in order, a golden file whose test did not run
	// names a test that is gone.
	all := true
	for name, unset := range map[string]string{"test.run": "", "test.skip": "", "test.shuffle": "off"} {
		if f := flag.Lookup(name); f != nil && f.Value.String() != unset {
			all = false
		}
	}
	want := map[string]bool{}
	for _, r := range rest.Routes() {
		name := resttest.RouteName(r)
		file := resttest.GoldenFile(r)
		want[file] = true
		g, err := resttest.ReadGolden(goldenDir, r)
		if err != nil {
			t.Error(err)
			continue
		}
		var got *resttest.Golden
		ran := false
		if g != nil {
			got, ran = resttest.Recorded(g.Test, name)
		}
		if *update {
			if g != nil && got == nil && !ran && !all {
				got = g // its test did not run: the file stays, in canonical form
			}
			if got == nil {
				got = resttest.FirstRecorded(name)
			}
			if got == nil {
				t.Errorf("%s: no test of this run answered it with %d, so it has no golden file", name, r.Status)
				continue
			}
			if g == nil || g.Test != got.Test || !got.Same(g) || !g.Canonical() {
				if err := os.WriteFile(filepath.Join(goldenDir, file), got.Encode(), 0o644); err != nil {
					t.Fatal(err)
				}
				t.Logf("wrote %s", file)
			}
			continue
		}
		switch {
		case g == nil:
			t.Errorf("%s: no golden file %s (go test ./rest -update writes it)", name, file)
		case got != nil && !got.Same(g):
			t.Errorf("%s: %s answered otherwise than %s (go test ./rest -update rewrites it):\n got %s\nwant %s", name, g.Test, file, got.Encode(), g.Encode())
		case got == nil && ran:
			t.Errorf("%s: %s no longer answers it with %d (go test ./rest -update picks another test)", name, g.Test, g.Status)
		case got == nil && all:
			t.Errorf("%s: %s, the test of %s, did not run: renamed or removed? (go test ./rest -update picks another test)", name, g.Test, file)
		}
	}
	files, _ := filepath.Glob(filepath.Join(goldenDir, "*.json"))
	for _, f := range files {
		if !want[filepath.Base(f)] {
			if *update {
				if err := os.Remove(f); err != nil {
					t.Fatal(err)
				}
				t.Logf("removed %s", f)
				continue
			}
			t.Errorf("%s belongs to no route", f)
		}
	}
}
