package pgtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

// TestRemoveOrphans: a cluster directory whose test process is gone is
// deleted; one whose process lives, and one without an owner, stay.
func TestRemoveOrphans(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	gone := exec.Command("true")
	if err := gone.Run(); err != nil {
		t.Skipf("no true(1): %v", err)
	}
	mk := func(owner string) string {
		dir, err := os.MkdirTemp("", "folio-pgtest-")
		if err != nil {
			t.Fatal(err)
		}
		if owner != "" {
			if err := os.WriteFile(filepath.Join(dir, ownerFile), []byte(owner), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	orphan := mk(strconv.Itoa(gone.Process.Pid))
	alive := mk(strconv.Itoa(os.Getpid()))
	unowned := mk("")
	removeOrphans()
	if _, err := os.Stat(orphan); !os.IsNotExist(err) {
		t.Errorf("the orphan is still there: %v", err)
	}
	for _, dir := range []string{alive, unowned} {
		if _, err := os.Stat(dir); err != nil {
			t.Errorf("%s was removed: %v", dir, err)
		}
	}
}
