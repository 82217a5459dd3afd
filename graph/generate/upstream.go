package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// The templates in templates/ are gqlgen's exec templates with
// upstream.patch applied, for the gqlgen version the patch's first line
// names. These functions keep the three in step.

const (
	templatesDir = "graph/generate/templates" // from the module root
	patchFile    = "graph/generate/upstream.patch"
	gqlgenPath   = "github.com/99designs/gqlgen"
)

// patchHeader is the description upstream.patch starts with (patch and
// git apply skip it).
const patchHeader = `gqlgen %s: Folio's changes to its exec templates (codegen/*.gotpl).

graph/generate/templates holds gqlgen's templates with this patch applied,
and graph/generate renders graph/generated/generated.go with them. Each
change points the generated code at a function of graph/gqlruntime (whose
differential tests hold it to gqlgen's original), or, for a list of objects
held by value, marshals each object in place instead of a copy, or answers
a plain field (a struct field or method of its object that is a string,
int, bool or time; graph/generate's plainField says which) in place,
through gqlruntime's Plain* functions, before ResolveField, or a plain
object field (a single object read the same way; plainObjectField) by
marshalling it at once in gqlruntime.PlainObjectContext.

Edit the templates, then run make generate-patch to write this file; after
upgrading gqlgen, run make generate-refresh to apply it to the new
templates (it stops at a hunk that no longer applies).

`

var patchVersion = regexp.MustCompile(`\Agqlgen (\S+): `)

// module is the gqlgen module go.mod requires: its version and the
// directory of its source in the module cache.
type module struct{ version, dir string }

func gqlgenModule(root string) (module, error) {
	cmd := exec.Command("go", "list", "-m", "-f", "{{.Version}}\t{{.Dir}}", gqlgenPath)
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			err = fmt.Errorf("%w: %s", err, exit.Stderr)
		}
		return module{}, fmt.Errorf("go list -m %s: %w", gqlgenPath, err)
	}
	version, dir, _ := strings.Cut(strings.TrimSpace(string(out)), "\t")
	if dir == "" {
		return module{}, fmt.Errorf("%s %s is not in the module cache: go mod download %s", gqlgenPath, version, gqlgenPath)
	}
	return module{version: version, dir: dir}, nil
}

// embedList matches the go:embed line of the templates codegen renders a
// single-file executor with.
var embedList = regexp.MustCompile(`(?m)^//go:embed (.*)\nvar singleFileTemplateFS embed\.FS$`)

// upstreamTemplates reads the exec templates of the gqlgen in dir: those
// codegen compiles in for a single-file executor.
func upstreamTemplates(dir string) (map[string]string, error) {
	src, err := os.ReadFile(filepath.Join(dir, "codegen", "generate.go"))
	if err != nil {
		return nil, err
	}
	m := embedList.FindSubmatch(src)
	if m == nil {
		return nil, errors.New("gqlgen's codegen/generate.go no longer declares singleFileTemplateFS: see how it renders the executor now")
	}
	files := map[string]string{}
	for _, name := range strings.Fields(string(m[1])) {
		b, err := os.ReadFile(filepath.Join(dir, "codegen", name))
		if err != nil {
			return nil, err
		}
		files[name] = string(b)
	}
	return files, nil
}

// folioTemplates reads templates/.
func folioTemplates(root string) (map[string]string, error) {
	names, err := filepath.Glob(filepath.Join(root, templatesDir, "*.gotpl"))
	if err != nil {
		return nil, err
	}
	files := map[string]string{}
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		files[filepath.Base(name)] = string(b)
	}
	return files, nil
}

// makePatch is upstream.patch for templates ours over upstream's of the
// given version.
func makePatch(version string, upstream, ours map[string]string) (string, error) {
	names := sortedKeys(upstream)
	if !slices.Equal(names, sortedKeys(ours)) {
		return "", fmt.Errorf("the templates are %v, gqlgen %s's are %v: add or remove files to match", sortedKeys(ours), version, names)
	}
	var b strings.Builder
	fmt.Fprintf(&b, patchHeader, version)
	for _, name := range names {
		b.WriteString(unifiedDiff(name, upstream[name], ours[name]))
	}
	return b.String(), nil
}

// applyPatch applies patch to upstream's templates: the templates it
// describes, and the gqlgen version it was written for.
func applyPatch(patch string, upstream map[string]string) (map[string]string, string, error) {
	m := patchVersion.FindStringSubmatch(patch)
	if m == nil {
		return nil, "", fmt.Errorf("%s does not start with %q", patchFile, "gqlgen VERSION: ")
	}
	files, err := parsePatch(patch)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", patchFile, err)
	}
	out := map[string]string{}
	for name, text := range upstream {
		out[name] = text
	}
	var failed []error
	for _, f := range files {
		text, ok := upstream[f.name]
		if !ok {
			failed = append(failed, fmt.Errorf("%s: gqlgen has no such template", f.name))
			continue
		}
		if out[f.name], err = f.apply(text); err != nil {
			failed = append(failed, err)
		}
	}
	return out, m[1], errors.Join(failed...)
}

// writePatch writes upstream.patch from templates/ and the gqlgen in go.mod.
func writePatch(root string) error {
	mod, err := gqlgenModule(root)
	if err != nil {
		return err
	}
	return writePatchFor(root, mod)
}

func writePatchFor(root string, mod module) error {
	upstream, err := upstreamTemplates(mod.dir)
	if err != nil {
		return err
	}
	ours, err := folioTemplates(root)
	if err != nil {
		return err
	}
	patch, err := makePatch(mod.version, upstream, ours)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(root, patchFile), []byte(patch), 0o644)
}

// refreshTemplates rewrites templates/ as the templates of the gqlgen in
// go.mod with upstream.patch applied, and the patch for that version. It
// changes nothing when a hunk does not apply: the error names each one.
func refreshTemplates(root string) error {
	mod, err := gqlgenModule(root)
	if err != nil {
		return err
	}
	return refreshFrom(root, mod)
}

func refreshFrom(root string, mod module) error {
	upstream, err := upstreamTemplates(mod.dir)
	if err != nil {
		return err
	}
	patch, err := os.ReadFile(filepath.Join(root, patchFile))
	if err != nil {
		return err
	}
	ours, was, err := applyPatch(string(patch), upstream)
	if err != nil {
		return fmt.Errorf("%s does not apply to gqlgen %s's templates; nothing was changed. Bring the hunks named here to the new templates (copy gqlgen's into %s, edit them, make generate-patch):\n%w",
			patchFile, mod.version, templatesDir, err)
	}
	old, err := filepath.Glob(filepath.Join(root, templatesDir, "*.gotpl"))
	if err != nil {
		return err
	}
	for _, name := range old {
		if err := os.Remove(name); err != nil {
			return err
		}
	}
	for name, text := range ours {
		if err := os.WriteFile(filepath.Join(root, templatesDir, name), []byte(text), 0o644); err != nil {
			return err
		}
	}
	if err := writePatchFor(root, mod); err != nil {
		return err
	}
	fmt.Printf("templates/ is gqlgen %s's with %s applied\n", mod.version, patchFile)
	if was != mod.version {
		driverChanges(was, mod)
	}
	return nil
}

// driverChanges shows what changed in the gqlgen code that run mirrors
// between the version the patch was for and the new one.
func driverChanges(was string, now module) {
	oldDir := filepath.Join(filepath.Dir(now.dir), "gqlgen@"+was)
	fmt.Printf("\ngqlgen was %s. run (graph/generate/main.go) does what api.Generate and codegen.GenerateCode do; their changes since:\n", was)
	for _, name := range []string{"api/generate.go", "codegen/generate.go"} {
		before, err1 := os.ReadFile(filepath.Join(oldDir, name))
		after, err2 := os.ReadFile(filepath.Join(now.dir, name))
		if err := errors.Join(err1, err2); err != nil {
			fmt.Printf("%s: %v (go mod download %s@%s to compare)\n", name, err, gqlgenPath, was)
			continue
		}
		if d := unifiedDiff(name, string(before), string(after)); d != "" {
			fmt.Print(d)
		} else {
			fmt.Printf("%s: unchanged\n", name)
		}
	}
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
