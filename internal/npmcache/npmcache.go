// Package npmcache installs npm packages that the tests and the benchmark
// suite need (GitBook's client and OpenAPI document, openapi-typescript,
// PostGraphile) into a cache outside the project, once per package set.
// Nothing from npm enters the project or its run time.
package npmcache

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
)

// Dir is where test dependencies from the package registries live:
// FOLIO_TEST_CACHE, or folio/ in the user's cache directory.
func Dir() (string, error) {
	if d := os.Getenv("FOLIO_TEST_CACHE"); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory for test dependencies (set FOLIO_TEST_CACHE): %w", err)
	}
	return filepath.Join(d, "folio"), nil
}

var installs sync.Map // package spec → *install

type install struct {
	once sync.Once
	dir  string
	err  error
}

// Package installs npm packages (each with its version, "name@1.2.3") into
// a directory of their own under the cache the first time they are asked
// for, and returns that directory (its node_modules/ holds them).
func Package(specs ...string) (string, error) {
	spec := strings.Join(specs, " ")
	v, _ := installs.LoadOrStore(spec, &install{})
	in := v.(*install)
	in.once.Do(func() { in.dir, in.err = installNPM(specs) })
	return in.dir, in.err
}

func installNPM(specs []string) (string, error) {
	spec := strings.Join(specs, " ")
	cache, err := Dir()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(cache, "npm", strings.NewReplacer("/", "_", "@", "", " ", "+").Replace(spec))
	if _, err := os.Stat(filepath.Join(dir, "installed")); err == nil {
		return dir, nil
	}
	// Several processes may install at once: each installs into a
	// directory of its own and renames it into place; the first one wins.
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), "install-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	args := append([]string{"install", "--no-save", "--no-audit", "--no-fund", "--no-package-lock", "--prefix", tmp}, specs...)
	if out, err := exec.Command("npm", args...).CombinedOutput(); err != nil {
		return "", fmt.Errorf("npm install %s (needs Node.js and npm; make test installs them): %w\n%s", spec, err, out)
	}
	if err := os.WriteFile(filepath.Join(tmp, "installed"), nil, 0o644); err != nil {
		return "", err
	}
	if err := os.Rename(tmp, dir); err != nil {
		if _, statErr := os.Stat(filepath.Join(dir, "installed")); statErr != nil {
			return "", fmt.Errorf("install %s: %w", spec, err)
		}
	}
	return dir, nil
}
