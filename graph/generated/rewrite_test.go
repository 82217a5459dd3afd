package generated

import (
	"os"
	"strings"
	"testing"
)

// TestGeneratedRewritten fails when generated.go was regenerated without
// make generate's last step, which points its fields at resolveField and
// newScalarFieldContext, its objects' fields at collectFields, its booleans at marshalBoolean, its lists at marshalSlice, its objects at
// newDeferredGroup and newObject and its data at responseBuffer.
func TestGeneratedRewritten(t *testing.T) {
	src, err := os.ReadFile("generated.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, call := range []string{"graphql.ResolveField(", "graphql.NewScalarFieldContext(", "graphql.MarshalBoolean(", "graphql.MarshalSliceConcurrently(", "graphql.NewDeferredGroup(", "graphql.CollectFields("} {
		if n := strings.Count(string(src), call); n > 0 {
			t.Errorf("generated.go calls %s %d times; run make generate", call, n)
		}
	}
	for _, call := range []string{"resolveField(", "return newScalarFieldContext(", "res := marshalBoolean(", "collectFields(ec.OperationContext, ", "marshalSlice(", "newDeferredGroup(ctx, fields)", "return newObject(fields, out)", "bytes.Buffer = responseBuffer()"} {
		if !strings.Contains(string(src), call) {
			t.Errorf("generated.go never calls %s; run make generate", call)
		}
	}
	if strings.Contains(string(src), "\treturn out\n") {
		t.Error("generated.go returns an object as gqlgen's field set; run make generate")
	}
	if strings.Contains(string(src), "var buf bytes.Buffer\n") {
		t.Error("generated.go writes data into a zero bytes.Buffer; run make generate")
	}
}
