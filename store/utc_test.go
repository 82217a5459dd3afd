package store_test

import (
	"context"
	"os"
	"os/exec"
	"testing"
	"time"

	"folio/store/pgtest"
)

// TestTimesInUTC: times read from the database are in UTC whatever the
// process's time zone, so every answer writes them with Z, as GitBook's.
// The check runs in a child process started with TZ=Asia/Tokyo (the zone
// is read once, when a process starts).
func TestTimesInUTC(t *testing.T) {
	if os.Getenv("FOLIO_TEST_TZ_CHILD") == "" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestTimesInUTC$", "-test.count=1")
		cmd.Env = append(os.Environ(), "FOLIO_TEST_TZ_CHILD=1", "TZ=Asia/Tokyo")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("in TZ=Asia/Tokyo: %v\n%s", err, out)
		}
		return
	}
	if _, offset := time.Now().Zone(); offset == 0 {
		t.Fatal("the child process runs in UTC: TZ was not applied")
	}
	s := pgtest.New(t)
	var got time.Time
	if err := s.DB.QueryRowContext(context.Background(), "SELECT now()").Scan(&got); err != nil {
		t.Fatal(err)
	}
	if got.Location() != time.UTC {
		t.Errorf("a timestamptz came back in %v, want UTC", got.Location())
	}
}
