package graph_test

import (
	"slices"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"

	"folio/graph"
)

// notNodes are the object types with an `id: ID!` that do not implement
// Node, each because its id alone does not name it (schema/node.graphqls
// says why for each, in Node's description).
var notNodes = []string{"Member", "RevisionPage", "RevisionFile", "Event", "InvitationOrganization", "SSOProviderLogin",
	"PublishedSiteEntry", "PublishedSpace", "PublishedFile", "CreatedPersonalToken", "PageChange", "MergeConflict"}

// TestEveryObjectWithAnIDIsANode: an object type with an `id: ID!` field
// implements Node, or is one of the few whose id is not theirs alone and
// the description of Node names it. A new type must take a side.
func TestEveryObjectWithAnIDIsANode(t *testing.T) {
	schema := graph.Schema(&graph.Resolver{}).Schema()
	node := schema.Types["Node"]
	if node == nil || node.Kind != ast.Interface {
		t.Fatal("no interface Node")
	}
	var implementing []string
	for _, def := range schema.PossibleTypes["Node"] {
		implementing = append(implementing, def.Name)
	}
	for name, def := range schema.Types {
		if def.Kind != ast.Object || def.BuiltIn {
			continue
		}
		id := def.Fields.ForName("id")
		isNode := slices.Contains(implementing, name)
		switch {
		case id == nil || id.Type.String() != "ID!":
			if isNode {
				t.Errorf("%s implements Node without an id: ID!", name)
			}
		case slices.Contains(notNodes, name):
			if isNode {
				t.Errorf("%s implements Node, but its id does not name it alone", name)
			}
			if !containsWord(node.Description, name) {
				t.Errorf("Node's description does not say why %s is not a Node", name)
			}
		case !isNode:
			t.Errorf("%s has an id: ID! but does not implement Node (or say why not in notNodes and Node's description)", name)
		default:
			if !containsWord(node.Description, name) {
				t.Errorf("Node's description does not list %s", name)
			}
		}
	}
}

// containsWord reports whether text holds name as a whole word.
func containsWord(text, name string) bool {
	isWord := func(b byte) bool {
		return b == '_' || b >= '0' && b <= '9' || b >= 'A' && b <= 'Z' || b >= 'a' && b <= 'z'
	}
	for i := 0; i+len(name) <= len(text); i++ {
		if text[i:i+len(name)] == name && (i == 0 || !isWord(text[i-1])) && (i+len(name) == len(text) || !isWord(text[i+len(name)])) {
			return true
		}
	}
	return false
}
