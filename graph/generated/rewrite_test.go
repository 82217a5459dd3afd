package generated

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestGeneratedRewritten fails when generated.go was regenerated without
// make generate's last step, which points its fields at resolveField and
// newScalarFieldContext, its objects' fields at collectFields, its booleans at marshalBoolean, its lists at marshalSlice, its objects at
// newDeferredGroup and newObject and its data at responseBuffer, and its
// lists of objects marshal each element in place.
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
	objects := map[string]bool{}
	for _, m := range objectMarshaller.FindAllStringSubmatch(string(src), -1) {
		if m[1] == m[2] {
			objects[m[1]] = true
		}
	}
	if !objects["SiteSpace"] {
		t.Fatal("generated.go has no marshaller of SiteSpace objects")
	}
	for _, m := range elementByValue.FindAllStringSubmatch(string(src), -1) {
		if m[1] == m[2] && objects[m[1]] {
			t.Errorf("generated.go copies each %s of a list; run make generate", m[1])
		}
	}
}

var (
	objectMarshaller = regexp.MustCompile(`(?m)^func \(ec \*executionContext\) _(\w+)\(ctx context\.Context, sel ast\.SelectionSet, obj \*model\.(\w+)\)`)
	elementByValue   = regexp.MustCompile(`return ec\.marshalN(\w+)2folioᚋgraphᚋmodelᚐ(\w+)\(ctx, sel, v\[i\]\)`)
)
