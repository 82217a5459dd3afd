package generated

import (
	"os"
	"strings"
	"testing"
)

// TestGeneratedRewritten fails when generated.go was regenerated without
// make generate's last step, which points its lists at marshalSlice and
// its data at responseBuffer.
func TestGeneratedRewritten(t *testing.T) {
	src, err := os.ReadFile("generated.go")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(src), "graphql.MarshalSliceConcurrently("); n > 0 {
		t.Errorf("generated.go calls graphql.MarshalSliceConcurrently %d times; run make generate", n)
	}
	for _, call := range []string{"marshalSlice(", "bytes.Buffer = responseBuffer()"} {
		if !strings.Contains(string(src), call) {
			t.Errorf("generated.go never calls %s; run make generate", call)
		}
	}
	if strings.Contains(string(src), "var buf bytes.Buffer\n") {
		t.Error("generated.go writes data into a zero bytes.Buffer; run make generate")
	}
}
