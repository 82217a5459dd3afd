// Package appbuild builds the Folio app (the TypeScript sources in the
// repository's app/ directory) into the files rest/app embeds: it types the
// app's GraphQL operations from the schema (Operations), checks the
// TypeScript with tsc, and bundles it with esbuild. `make app` runs it
// (go run ./rest/app/build) and commits nothing itself; rest/app's tests
// run it into a temporary directory and fail when the committed files
// differ, so `make build` never needs Node.js.
//
// The npm packages (the app's dependencies, esbuild and TypeScript, pinned
// in app/package.json) install into the test cache (internal/npmcache),
// never into the repository.
package appbuild

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"folio/graph"
	"folio/internal/npmcache"
	"folio/internal/pagerender"
)

// GeneratedPath is where Operations' module lives, relative to app/.
const GeneratedPath = "src/gen/operations.ts"

// AssetsPrefix is the URL path of the built assets (rest/app serves them).
const AssetsPrefix = "/app/assets/"

// Result is what a build made.
type Result struct {
	// Generated is the module typing the operations (GeneratedPath).
	Generated []byte
	// Files are the built files by their path under dist/: index.html
	// and assets/*.
	Files map[string][]byte
	// FirstLoad are the scripts a first visit loads (the entry and the
	// chunks it imports statically), by their path under dist/.
	FirstLoad []string
}

// FirstLoadGzip is the gzip-compressed size of the first load's scripts.
func (r *Result) FirstLoadGzip() int {
	n := 0
	for _, f := range r.FirstLoad {
		var b bytes.Buffer
		w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		w.Write(r.Files[f])
		w.Close()
		n += b.Len()
	}
	return n
}

// Build builds the app whose sources are in appDir (the repository's app/).
func Build(appDir string) (*Result, error) {
	schema := graph.Schema(&graph.Resolver{}).Schema()
	gen, err := Operations(schema, filepath.Join(appDir, "src"))
	if err != nil {
		return nil, err
	}
	modules, err := install(appDir)
	if err != nil {
		return nil, err
	}
	// The sources are staged in a directory of their own with the
	// generated module and node_modules beside them (a link into the
	// cache), so that every path esbuild sees, and so every hash, is the
	// same on every machine.
	stage, err := os.MkdirTemp("", "folio-app-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(stage)
	src := filepath.Join(stage, "app")
	if err := copyTree(appDir, src); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(filepath.Join(src, GeneratedPath)), 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(src, GeneratedPath), gen, 0o644); err != nil {
		return nil, err
	}
	if err := os.Symlink(modules, filepath.Join(src, "node_modules")); err != nil {
		return nil, err
	}
	if out, err := node(src, filepath.Join(modules, "typescript", "bin", "tsc"), "--noEmit", "-p", "."); err != nil {
		return nil, fmt.Errorf("tsc: %w\n%s", err, out)
	}
	outDir := filepath.Join(stage, "dist")
	meta := filepath.Join(stage, "meta.json")
	// esbuild's install step puts its native binary at bin/esbuild.
	esbuild := exec.Command(filepath.Join(modules, "esbuild", "bin", "esbuild"), "src/main.tsx",
		"--bundle", "--format=esm", "--splitting", "--minify", "--target=es2022", "--platform=browser",
		"--jsx=automatic", "--jsx-import-source=preact", "--preserve-symlinks", "--charset=utf8",
		"--outdir="+filepath.Join(outDir, "assets"), "--entry-names=[name]-[hash]", "--chunk-names=chunk-[hash]",
		"--asset-names=[name]-[hash]", "--metafile="+meta, "--log-level=warning")
	esbuild.Dir = src
	if out, err := esbuild.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("esbuild: %w\n%s", err, out)
	}
	res := &Result{Generated: gen, Files: map[string][]byte{}}
	err = filepath.WalkDir(outDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(outDir, path)
		res.Files[filepath.ToSlash(rel)] = b
		return nil
	})
	if err != nil {
		return nil, err
	}
	if err := res.index(meta, stage); err != nil {
		return nil, err
	}
	return res, nil
}

// NoncePlaceholder stands in index.html for the CSP nonce the server
// gives each response (rest/app.ServePage).
const NoncePlaceholder = "FOLIO-CSP-NONCE"

// index finds the entry's script, its stylesheet and its static imports in
// esbuild's metafile and writes index.html, the page every app path answers.
func (r *Result) index(metaPath, stage string) error {
	b, err := os.ReadFile(metaPath)
	if err != nil {
		return err
	}
	var meta struct {
		Outputs map[string]struct {
			EntryPoint string `json:"entryPoint"`
			CSSBundle  string `json:"cssBundle"`
			Imports    []struct {
				Path, Kind string
			} `json:"imports"`
		} `json:"outputs"`
	}
	if err := json.Unmarshal(b, &meta); err != nil {
		return err
	}
	rel := func(p string) string {
		// Output paths are relative to the working directory (app/).
		abs := filepath.Join(stage, "app", p)
		r, _ := filepath.Rel(filepath.Join(stage, "dist"), abs)
		return filepath.ToSlash(r)
	}
	var entry, css string
	for p, o := range meta.Outputs {
		if o.EntryPoint == "src/main.tsx" && strings.HasSuffix(p, ".js") {
			entry, css = rel(p), ""
			if o.CSSBundle != "" {
				css = rel(o.CSSBundle)
			}
		}
	}
	if entry == "" {
		return fmt.Errorf("esbuild's metafile names no entry for src/main.tsx")
	}
	seen := map[string]bool{}
	var walk func(string)
	walk = func(p string) {
		if seen[p] {
			return
		}
		seen[p] = true
		r.FirstLoad = append(r.FirstLoad, p)
		for outPath, o := range meta.Outputs {
			if rel(outPath) != p {
				continue
			}
			for _, imp := range o.Imports {
				if imp.Kind == "import-statement" {
					walk(rel(imp.Path))
				}
			}
		}
	}
	walk(entry)
	sort.Strings(r.FirstLoad[1:])
	var page strings.Builder
	page.WriteString("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	page.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	page.WriteString("<meta name=\"color-scheme\" content=\"light dark\">\n<title>Folio</title>\n")
	// The server replaces NoncePlaceholder with a new nonce per response
	// (rest/app): the editor's inline <style> carries it.
	fmt.Fprintf(&page, "<meta property=\"csp-nonce\" nonce=\"%s\">\n", NoncePlaceholder)
	if css != "" {
		fmt.Fprintf(&page, "<link rel=\"stylesheet\" href=\"/app/%s\">\n", html.EscapeString(css))
	}
	// Highlighted code in pages is styled as on published sites: the
	// reader's own stylesheet for chroma's classes.
	code := pagerender.CodeCSS()
	sum := sha256.Sum256(code)
	codeName := "assets/code-" + hex.EncodeToString(sum[:6]) + ".css"
	r.Files[codeName] = code
	fmt.Fprintf(&page, "<link rel=\"stylesheet\" href=\"/app/%s\">\n", codeName)
	for _, p := range r.FirstLoad[1:] {
		fmt.Fprintf(&page, "<link rel=\"modulepreload\" href=\"/app/%s\">\n", html.EscapeString(p))
	}
	fmt.Fprintf(&page, "<script type=\"module\" src=\"/app/%s\"></script>\n", html.EscapeString(entry))
	page.WriteString("</head>\n<body>\n<div id=\"app\"><p class=\"boot\">Loading Folio…</p></div>\n")
	page.WriteString("<noscript><p>The Folio app needs JavaScript. The API (/graphql, /v1) and published sites work without it.</p></noscript>\n")
	page.WriteString("</body>\n</html>\n")
	r.Files["index.html"] = []byte(page.String())
	return nil
}

// install installs the packages app/package.json pins (dependencies and
// devDependencies, exact versions) into the cache; it returns their
// node_modules directory.
func install(appDir string) (string, error) {
	b, err := os.ReadFile(filepath.Join(appDir, "package.json"))
	if err != nil {
		return "", err
	}
	var pkg struct {
		Dependencies    map[string]string `json:"dependencies"`
		DevDependencies map[string]string `json:"devDependencies"`
	}
	if err := json.Unmarshal(b, &pkg); err != nil {
		return "", fmt.Errorf("app/package.json: %w", err)
	}
	var specs []string
	for _, deps := range []map[string]string{pkg.Dependencies, pkg.DevDependencies} {
		for name, v := range deps {
			if strings.ContainsAny(v, "^~<>=* ") {
				return "", fmt.Errorf("app/package.json: %s must be pinned to one version, not %q", name, v)
			}
			specs = append(specs, name+"@"+v)
		}
	}
	sort.Strings(specs)
	if _, err := exec.LookPath("node"); err != nil {
		return "", fmt.Errorf("building the app needs Node.js and npm (make node installs them): %w", err)
	}
	prefix, err := npmcache.Package(specs...)
	if err != nil {
		return "", err
	}
	return filepath.Join(prefix, "node_modules"), nil
}

func node(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("node", args...)
	cmd.Dir = dir
	return cmd.CombinedOutput()
}

// copyTree copies the app's sources (not node_modules, not the generated
// module, which Build writes).
func copyTree(from, to string) error {
	return filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		if d.IsDir() {
			if d.Name() == "node_modules" || d.Name() == "dist" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		if filepath.ToSlash(rel) == GeneratedPath || !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), b, 0o644)
	})
}

// Write writes the build into the repository: the generated module into
// appDir and the built files into distDir (replacing what was there).
func (r *Result) Write(appDir, distDir string) error {
	if err := os.WriteFile(filepath.Join(appDir, GeneratedPath), r.Generated, 0o644); err != nil {
		return err
	}
	if err := os.RemoveAll(distDir); err != nil {
		return err
	}
	for name, b := range r.Files {
		p := filepath.Join(distDir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return err
		}
	}
	return nil
}
