package rest_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"folio/internal/npmcache"
	"folio/rest/resttest"
)

// The tools that turn the document into TypeScript types, pinned: the
// generator's current release and the newest TypeScript it supports (its
// peer dependency is typescript ^5).
var tscPackages = []string{"openapi-typescript@7.13.0", "typescript@5.9.3"}

// useAPI exercises the generated types: a response body, an error body, the
// path parameters of the {pagePath} route and an operation by its id.
const useAPI = `import type { paths, operations } from "./api";

type Space = paths["/v1/spaces/{spaceId}"]["get"]["responses"][200]["content"]["application/json"];
type NotFound = paths["/v1/spaces/{spaceId}"]["get"]["responses"][404]["content"]["application/json"];
type PageByPath = paths["/v1/spaces/{spaceId}/content/path/{pagePath}"]["get"];
type Posted = operations["postChangeRequestComment"]["responses"][200]["content"]["application/json"];

export function describe(space: Space, err: NotFound, posted: Posted): string {
	const params: PageByPath["parameters"]["path"] = { spaceId: space.id, pagePath: "getting-started/install" };
	return space.title + " " + params.pagePath + " " + err.error.code.toFixed() + " " + posted.id;
}
`

// TestOpenAPIGeneratesTypeScript runs the document through openapi-typescript
// and compiles the result with tsc --strict: duplicate operation ids, bad
// path templates and the like fail it. Node.js and npm are required (make
// test installs them): without them this test fails, it does not skip.
func TestOpenAPIGeneratesTypeScript(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatalf("Node.js is needed to generate TypeScript from the document: %v", err)
	}
	prefix, err := npmcache.Package(tscPackages...)
	if err != nil {
		t.Fatal(err)
	}
	srv := resttest.New(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "doc.json"), openAPIDocument(t, srv), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "use.ts"), []byte(useAPI), 0o644); err != nil {
		t.Fatal(err)
	}
	modules := filepath.Join(prefix, "node_modules")
	run := func(args ...string) {
		t.Helper()
		cmd := exec.Command("node", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("node %v: %v\n%s", args, err, out)
		}
	}
	run(filepath.Join(modules, "openapi-typescript", "bin", "cli.js"), "doc.json", "-o", "api.d.ts")
	run(filepath.Join(modules, "typescript", "bin", "tsc"), "--strict", "--noEmit", "api.d.ts", "use.ts")
}
