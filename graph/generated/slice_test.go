package generated

import (
	"os"
	"strings"
	"testing"
)

// TestListsMarshalInTurn fails when generated.go was regenerated without
// make generate's last step, which points its lists at marshalSlice.
func TestListsMarshalInTurn(t *testing.T) {
	src, err := os.ReadFile("generated.go")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(src), "graphql.MarshalSliceConcurrently("); n > 0 {
		t.Errorf("generated.go calls graphql.MarshalSliceConcurrently %d times; run make generate", n)
	}
	if !strings.Contains(string(src), "marshalSlice(") {
		t.Error("generated.go never calls marshalSlice; run make generate")
	}
}
