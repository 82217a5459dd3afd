package main

import (
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// cacheDir is where the suite keeps what it installs from package
// registries: FOLIO_TEST_CACHE, or folio/ in the user's cache directory,
// the cache the tests use (rest/resttest.CacheDir).
func cacheDir() (string, error) {
	if d := os.Getenv("FOLIO_TEST_CACHE"); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory (set FOLIO_TEST_CACHE): %w", err)
	}
	return filepath.Join(d, "folio"), nil
}

// npmPackage installs an npm package ("name@1.2.3") into a directory of its
// own under the cache the first time, as rest/resttest.NPMPackage does for
// the tests (the same layout, so the two share installs), and returns that
// directory; its node_modules/ holds the package. Nothing from npm enters
// the project or its run time.
func npmPackage(spec string) (string, error) {
	cache, err := cacheDir()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(cache, "npm", strings.NewReplacer("/", "_", "@", "", " ", "+").Replace(spec))
	if _, err := os.Stat(filepath.Join(dir, "installed")); err == nil {
		return dir, nil
	}
	if _, err := exec.LookPath("npm"); err != nil {
		return "", fmt.Errorf("npm not found")
	}
	// Install into a directory of its own and rename it into place, so a
	// test installing the same package at the same time does no harm.
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), "install-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	log.Printf("installing %s into %s", spec, dir)
	cmd := exec.Command("npm", "install", "--no-save", "--no-audit", "--no-fund", "--no-package-lock", "--prefix", tmp, spec)
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("npm install %s: %w: %s", spec, err, errorLine(out))
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

// lastLine is the last non-empty line of a command's output, for a reason
// that fits on one line of the results.
func lastLine(out []byte) string {
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}
