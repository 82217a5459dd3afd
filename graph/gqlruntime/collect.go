package gqlruntime

import (
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
	"weak"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
)

// CollectFields is graphql.CollectFields with its answers kept as long as
// the parsed document is, not for one request. gqlgen collects an
// object's fields again for every object of every request (its cache lives
// in the operation context), and collecting is a third of marshalling a
// single organization. The parsed document is shared by every request
// that sends the same text (the query cache), and without @skip, @include
// or @defer the fields collected from one of its selection sets are the
// same whatever the variables, so they are kept beside the document and
// dropped with it. A document with any of the three is collected by gqlgen
// as before.
func CollectFields(oc *graphql.OperationContext, sel ast.SelectionSet, satisfies []string) []graphql.CollectedField {
	c := collectedOf(oc.Doc)
	if c == nil || len(sel) == 0 {
		return graphql.CollectFields(oc, sel, satisfies)
	}
	// A selection set is named by its backing array and length: the
	// document's own sets never change, and the sets a collection merges
	// are made once, by the collection kept here. The type is named by its
	// implementors list, a package variable of generated.go.
	key := collectedKey{sel: unsafe.SliceData(sel), n: len(sel), satisfies: unsafe.SliceData(satisfies)}
	c.mu.RLock()
	fields, ok := c.fields[key]
	c.mu.RUnlock()
	if ok {
		return fields
	}
	fields = graphql.CollectFields(oc, sel, satisfies)
	c.mu.Lock()
	defer c.mu.Unlock()
	if kept, ok := c.fields[key]; ok {
		return kept // collected at once by another request: keep one
	}
	c.fields[key] = fields
	return fields
}

type collectedKey struct {
	sel       *ast.Selection
	n         int
	satisfies *string
}

// collected holds the fields collected from one document's selection sets.
type collected struct {
	doc    weak.Pointer[ast.QueryDocument] // whose fields these are
	mu     sync.RWMutex
	fields map[collectedKey][]graphql.CollectedField
}

// documents maps each parsed document (weakly: it goes when the query cache
// drops it) to its collected fields, or to nil when it uses a directive
// that makes collecting depend on the variables.
var documents sync.Map // weak.Pointer[ast.QueryDocument] → *collected

// lastCollected is what collectedOf answered last. Making the weak pointer
// that documents is keyed by takes a runtime lock, on every object of
// every request; reading the weak pointer kept here does not, and the
// objects of one request, and most requests in a row, share a document.
var lastCollected atomic.Pointer[collected]

func collectedOf(doc *ast.QueryDocument) *collected {
	if doc == nil {
		return nil
	}
	if last := lastCollected.Load(); last != nil && last.doc.Value() == doc {
		return last
	}
	key := weak.Make(doc)
	c, ok := documents.Load(key)
	if !ok {
		var made *collected
		if !conditional(doc) {
			made = &collected{doc: key, fields: map[collectedKey][]graphql.CollectedField{}}
		}
		var loaded bool
		if c, loaded = documents.LoadOrStore(key, made); !loaded {
			runtime.AddCleanup(doc, func(key weak.Pointer[ast.QueryDocument]) { documents.Delete(key) }, key)
		}
	}
	if kept := c.(*collected); kept != nil {
		lastCollected.Store(kept)
		return kept
	}
	return nil
}

// conditional reports whether doc's fields depend on its variables:
// whether it uses @skip, @include or @defer anywhere.
func conditional(doc *ast.QueryDocument) bool {
	for _, op := range doc.Operations {
		if conditionalSet(op.SelectionSet) {
			return true
		}
	}
	for _, f := range doc.Fragments {
		if conditionalSet(f.SelectionSet) {
			return true
		}
	}
	return false
}

func conditionalSet(set ast.SelectionSet) bool {
	for _, sel := range set {
		var dirs ast.DirectiveList
		var sub ast.SelectionSet
		switch sel := sel.(type) {
		case *ast.Field:
			dirs, sub = sel.Directives, sel.SelectionSet
		case *ast.InlineFragment:
			dirs, sub = sel.Directives, sel.SelectionSet
		case *ast.FragmentSpread:
			dirs = sel.Directives
		}
		for _, d := range dirs {
			if d.Name == "skip" || d.Name == "include" || d.Name == "defer" {
				return true
			}
		}
		if conditionalSet(sub) {
			return true
		}
	}
	return false
}

// Collected holds the fields last collected for one object type (the
// generated code has one for each): CollectFieldsOf answers them again
// while the selection set asked is the same, without CollectFields' map
// and lock. The objects of a list, and of most requests in a row, are
// collected from one selection set; for a site tree that lookup was a
// fiftieth of the server's CPU.
type Collected struct {
	last atomic.Pointer[collectedEntry]
}

type collectedEntry struct {
	key    collectedKey
	sel    ast.SelectionSet // held, so no other set takes its address
	fields []graphql.CollectedField
}

// CollectFieldsOf is CollectFields(oc, sel, satisfies), kept in c for
// the next call with the same selection set. Only fields CollectFields
// keeps (a document without @skip, @include or @defer: the same whatever
// the variables) are kept here: c holds them, and the selection set, until
// another set of the type is collected, so a document dropped by the query
// cache lives on for at most one entry of each type.
func CollectFieldsOf(c *Collected, oc *graphql.OperationContext, sel ast.SelectionSet, satisfies []string) []graphql.CollectedField {
	key := collectedKey{sel: unsafe.SliceData(sel), n: len(sel), satisfies: unsafe.SliceData(satisfies)}
	if e := c.last.Load(); e != nil && e.key == key && key.sel != nil {
		return e.fields
	}
	fields := CollectFields(oc, sel, satisfies)
	if len(sel) > 0 && collectedOf(oc.Doc) != nil {
		c.last.Store(&collectedEntry{key: key, sel: sel, fields: fields})
	}
	return fields
}
