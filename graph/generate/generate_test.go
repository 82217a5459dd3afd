package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"maps"
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
// what .gitignore and git keep there: hidden top-level entries (.git,
// .folio), binaries and profiles.
func copyTree(from, to string) error {
	return filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		top := !strings.Contains(filepath.ToSlash(rel), "/")
		if rel != "." && top && (strings.HasPrefix(rel, ".") || rel == "bin") ||
			strings.HasSuffix(rel, ".test") || strings.HasSuffix(rel, ".prof") {
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

// TestRefresh: make generate-refresh brings the templates to a new gqlgen
// whose templates moved under the patch, and, when a line a hunk needs
// changed, changes nothing and names the hunk.
func TestRefresh(t *testing.T) {
	needGo(t)
	mod, err := gqlgenModule(root)
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
	// fakeGqlgen is the module of a gqlgen whose exec templates are the
	// real ones edited by edit.
	fakeGqlgen := func(version string, edit func(name, text string) string) module {
		dir := filepath.Join(t.TempDir(), "gqlgen@"+version)
		upstream, err := upstreamTemplates(mod.dir)
		if err != nil {
			t.Fatal(err)
		}
		generate, err := os.ReadFile(filepath.Join(mod.dir, "codegen", "generate.go"))
		if err != nil {
			t.Fatal(err)
		}
		files := map[string]string{"generate.go": string(generate)}
		for name, text := range upstream {
			files[name] = edit(name, text)
		}
		if err := os.MkdirAll(filepath.Join(dir, "codegen"), 0o755); err != nil {
			t.Fatal(err)
		}
		for name, text := range files {
			if err := os.WriteFile(filepath.Join(dir, "codegen", name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return module{version: version, dir: dir}
	}
	// checkout is a module root holding the templates and the patch.
	checkout := func() string {
		dir := t.TempDir()
		if err := os.MkdirAll(filepath.Join(dir, templatesDir), 0o755); err != nil {
			t.Fatal(err)
		}
		for name, text := range ours {
			if err := os.WriteFile(filepath.Join(dir, templatesDir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(dir, patchFile), patch, 0o644); err != nil {
			t.Fatal(err)
		}
		return dir
	}

	const added = "{{- /* a line a new gqlgen added */ -}}\n"
	moved := checkout()
	if err := refreshFrom(moved, fakeGqlgen("v9.9.9", func(_, text string) string { return added + text })); err != nil {
		t.Fatal(err)
	}
	refreshed, err := folioTemplates(moved)
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range ours {
		if refreshed[name] != added+text {
			t.Errorf("%s refreshed:\n%s", name, unifiedDiff(name, added+text, refreshed[name]))
		}
	}
	if b, _ := os.ReadFile(filepath.Join(moved, patchFile)); !strings.HasPrefix(string(b), "gqlgen v9.9.9: ") {
		t.Errorf("the refreshed patch starts %.40q", b)
	}

	changed := checkout()
	err = refreshFrom(changed, fakeGqlgen("v9.9.10", func(name, text string) string {
		return strings.Replace(text, "return graphql.NewScalarFieldContext(", "return graphql.NewLeafFieldContext(", 1)
	}))
	if err == nil || !strings.Contains(err.Error(), "field.gotpl: hunk \"@@ -") || !strings.Contains(err.Error(), "does not apply") {
		t.Errorf("refreshing onto a changed template: %v", err)
	}
	kept, _ := folioTemplates(changed)
	b, _ := os.ReadFile(filepath.Join(changed, patchFile))
	if !maps.Equal(kept, ours) || !bytes.Equal(b, patch) {
		t.Error("a refresh that failed changed the templates or the patch")
	}
}
