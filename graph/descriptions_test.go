package graph_test

import (
	"fmt"
	"path"
	"sort"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"folio/graph"
)

// TestSchemaDescriptions walks the schema the server executes (the one
// introspection and GraphiQL's documentation pane show) and fails on every
// type, field, argument, input field, enum value and directive (with its
// arguments) that has no description, or only whitespace. What gqlparser's
// prelude adds (the standard scalars and directives, the __ types and
// fields) is not ours to describe and is skipped.
//
// Each failure names the schema file and line that defines the item, so
// one area's gaps can be picked out of the output:
//
//	go test ./graph -run TestSchemaDescriptions | grep site.graphqls
func TestSchemaDescriptions(t *testing.T) {
	missing := undescribed(graph.Schema(&graph.Resolver{}).Schema())
	perFile := map[string]int{}
	for _, m := range missing {
		perFile[m.file]++
		t.Errorf("%s:%d: %s has no description", m.file, m.line, m.what)
	}
	if len(missing) > 0 {
		files := make([]string, 0, len(perFile))
		for f := range perFile {
			files = append(files, f)
		}
		sort.Strings(files)
		var sum []string
		for _, f := range files {
			sum = append(sum, fmt.Sprintf("%s %d", f, perFile[f]))
		}
		t.Errorf("%d items without a description: %s", len(missing), strings.Join(sum, ", "))
	}
}

// TestSchemaDescriptionsFindGaps checks the walk itself on a schema with a
// gap of every kind, so TestSchemaDescriptions cannot pass by missing them.
func TestSchemaDescriptionsFindGaps(t *testing.T) {
	src := &ast.Source{Name: "../schema/gaps.graphqls", Input: `
"d" directive @described(
  "d" ok: Int
  bare: Int
) on FIELD_DEFINITION
directive @bare on FIELD_DEFINITION
"d" scalar Described
scalar Bare
"   " enum Blank { "d" A B }
"d" input In { "d" a: Int b: Int }
"d" union U = T
union V = T
"d" type T { "d" f("d" x: Int, y: Int): Int g: Int }
"d" type Query { "d" t: T }
extend type Query { u: U }
`}
	s, err := gqlparser.LoadSchema(src)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range undescribed(s) {
		got = append(got, fmt.Sprintf("%d %s", m.line, m.what))
	}
	want := []string{
		"4 argument @described(bare:)",
		"6 directive @bare",
		"8 scalar Bare",
		"9 enum Blank",
		"9 enum value Blank.B",
		"10 input field In.b",
		"12 union V",
		"13 argument T.f(y:)",
		"13 field T.g",
		"15 field Query.u",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("found:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// gap is one schema item without a description.
type gap struct {
	file string
	line int
	what string
}

// undescribed lists the schema's items without a description, in the order
// of their files and lines.
func undescribed(s *ast.Schema) []gap {
	var out []gap
	check := func(pos *ast.Position, desc, what string) {
		if strings.TrimSpace(desc) != "" {
			return
		}
		g := gap{what: what}
		if pos != nil && pos.Src != nil {
			g.file, g.line = path.Base(pos.Src.Name), pos.Line
		}
		out = append(out, g)
	}
	for _, d := range s.Directives {
		if prelude(d.Position, d.Name) {
			continue
		}
		check(d.Position, d.Description, "directive @"+d.Name)
		for _, a := range d.Arguments {
			check(a.Position, a.Description, fmt.Sprintf("argument @%s(%s:)", d.Name, a.Name))
		}
	}
	for _, def := range s.Types {
		if def.BuiltIn || prelude(def.Position, def.Name) {
			continue
		}
		kind := map[ast.DefinitionKind]string{ast.Scalar: "scalar", ast.Object: "type", ast.Interface: "interface",
			ast.Union: "union", ast.Enum: "enum", ast.InputObject: "input"}[def.Kind]
		check(def.Position, def.Description, kind+" "+def.Name)
		for _, v := range def.EnumValues {
			check(v.Position, v.Description, "enum value "+def.Name+"."+v.Name)
		}
		field := "field "
		if def.Kind == ast.InputObject {
			field = "input field "
		}
		for _, f := range def.Fields {
			if prelude(f.Position, f.Name) {
				continue
			}
			check(f.Position, f.Description, field+def.Name+"."+f.Name)
			for _, a := range f.Arguments {
				check(a.Position, a.Description, fmt.Sprintf("argument %s.%s(%s:)", def.Name, f.Name, a.Name))
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].file != out[j].file {
			return out[i].file < out[j].file
		}
		if out[i].line != out[j].line {
			return out[i].line < out[j].line
		}
		return out[i].what < out[j].what
	})
	return out
}

// prelude reports whether gqlparser added the item: its prelude (the
// standard scalars and directives, the introspection types) or the
// introspection fields it puts on every type (__typename, and __schema and
// __type on Query).
func prelude(pos *ast.Position, name string) bool {
	return strings.HasPrefix(name, "__") || (pos != nil && pos.Src != nil && pos.Src.BuiltIn)
}
