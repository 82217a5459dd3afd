package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// root is the module root, from this package's directory.
const root = "../.."

// needGo skips a test that runs the go command when there is none: the
// generator loads Folio's packages through it.
func needGo(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command:", err)
	}
}

// TestTemplatesArePatchedUpstream: templates/ is the templates of the
// gqlgen in go.mod with upstream.patch applied, and upstream.patch is what
// make generate-patch writes. It fails after a gqlgen upgrade until make
// generate-refresh has brought the templates to the new version, and after
// an edit of the templates until make generate-patch has recorded it.
func TestTemplatesArePatchedUpstream(t *testing.T) {
	needGo(t)
	mod, err := gqlgenModule(root)
	if err != nil {
		t.Fatal(err)
	}
	upstream, err := upstreamTemplates(mod.dir)
	if err != nil {
		t.Fatal(err)
	}
	ours, err := folioTemplates(root)
	if err != nil {
		t.Fatal(err)
	}
	patch, err := os.ReadFile(filepath.Join(root, patchFile))
	if err != nil {
		t.Fatal(err)
	}
	patched, version, err := applyPatch(string(patch), upstream)
	if err != nil {
		t.Fatalf("%v\nrun make generate-refresh", err)
	}
	if version != mod.version {
		t.Fatalf("go.mod requires gqlgen %s, %s was written for %s: run make generate-refresh", mod.version, patchFile, version)
	}
	for _, name := range sortedKeys(patched) {
		if ours[name] != patched[name] {
			t.Errorf("%s/%s is not gqlgen's with %s applied: run make generate-patch (or make generate-refresh to undo the edit)\n%s",
				templatesDir, name, patchFile, unifiedDiff(name, patched[name], ours[name]))
		}
	}
	for name := range ours {
		if _, ok := patched[name]; !ok {
			t.Errorf("%s/%s is no template of gqlgen %s", templatesDir, name, mod.version)
		}
	}
	want, err := makePatch(mod.version, upstream, ours)
	if err != nil {
		t.Fatal(err)
	}
	if string(patch) != want {
		t.Errorf("%s is not what make generate-patch writes: run it\n%s", patchFile, unifiedDiff("upstream.patch", string(patch), want))
	}
}

// TestGeneratedIsCurrent runs the generator on a copy of the module and
// compares every file of the copy with the module's afterwards: the
// executor, the models and the resolver files in the tree must be what make
// generate writes from the schema, byte for byte.
func TestGeneratedIsCurrent(t *testing.T) {
	needGo(t)
	abs, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := copyTree(abs, dir); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	if err := run("gqlgen.yml", false); err != nil {
		t.Fatal(err)
	}
	var stale []string
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		got, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if want, err := os.ReadFile(filepath.Join(abs, rel)); err != nil || !bytes.Equal(got, want) {
			stale = append(stale, rel+firstDifference(string(want), string(got)))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(stale) > 0 {
		t.Errorf("make generate changes these files; run it and commit the result:\n%s", strings.Join(stale, "\n"))
	}
}

// copyTree copies the files of the module at from into to, leaving out
// git's.
func copyTree(from, to string) error {
	return filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		if d.Name() == ".git" {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		switch {
		case d.IsDir():
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		case d.Type().IsRegular():
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(to, rel), b, 0o644)
		}
		return nil
	})
}

// firstDifference says where want and got first differ, by line.
func firstDifference(want, got string) string {
	w, g := splitLines(want), splitLines(got)
	for i := range max(len(w), len(g)) {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf(": line %d is %q, generated %q", i+1, wl, gl)
		}
	}
	return ""
}
