package graph

import (
	"bytes"
	"context"
	"encoding/json"
	"io"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"

	"folio/graph/generated"
	"folio/graph/model"
	"folio/internal/lrucache"
)

// The page-tree cache. A revision's page tree never changes: the tree is
// content-addressed (its root hash names every page in it) and so is each
// page's markdown. The JSON of `Revision.pages` for one selection is
// therefore the same every time, and a frontend asks for the same trees
// over and over (a site tree carries the page tree of every site space).
// treeCache keeps that JSON, least recently used out first within a byte
// budget, and answers `Revision.pages` from it: no tree read, no page built,
// no field resolved. The JSON is made by the generated marshaller itself
// (generated.MarshalRevisionPages), so a cached tree is byte for byte an
// uncached one, and it still costs the result budget what it cost the
// first time.
//
// The page tree of published content (`PublishedContent.pages`, the site
// reader's) is kept the same way, and so are a revision's files
// (`Revision.files`: the tree's file entries, whose download URLs name only
// the space and this server), which otherwise read the whole tree.
//
// A REST route takes a rendering as a segment (segments.go): the cache
// then keeps it as the route's body shapes it, and the route splices it
// into the body.
//
// A space's `revision` is kept the same way when its selection holds only
// what a revision never changes (its id, type, parents, creation time and
// page trees): the space row names its revision, so the answer costs no
// revision read either. A selection with anything else (urls, which follow
// the space; files, whose links expire; links) resolves as usual.

// Page-tree cache bounds: TreeCacheBytes of JSON, at most TreeCacheEntries
// renderings (one per page tree or revision, selection and format). A tree
// is kept when it is at most a quarter of TreeCacheBytes: the REST tree of
// a 10,000-page space, which carries every page's document, is about 11 MB
// of JSON (BenchmarkSpaceContentBig), and it is the tree that most needs
// keeping (about 1 s to build, 300 MB allocated).
const (
	TreeCacheBytes   = 64 << 20
	TreeCacheEntries = 4096
)

type treeCache struct {
	es       graphql.ExecutableSchema
	rendered *lrucache.Cache[treeKey, *renderedTree]
}

// treeKey names one rendering: the content (organization and root hash,
// or for a whole revision its id), the space whose app URL the pages
// carry, the format, and the selection.
// The selection is the field's node in the parsed operation, which the
// query cache shares between requests sending the same document; vars
// holds the operation's variables when the selection uses any.
type treeKey struct {
	org, root, spaceOrg, space string
	markdown                   bool
	field                      *ast.Field
	vars                       string
	shaped                     bool // the JSON is a caller's segment (segments.go)
}

type renderedTree struct {
	json          []byte
	objects, text int64 // what the tree charged the result budget
}

// newTreeCache keeps trees of up to a quarter of TreeCacheBytes: one huge
// tree would push out all the others.
func newTreeCache(es graphql.ExecutableSchema) *treeCache {
	return &treeCache{es: es, rendered: lrucache.New[treeKey](TreeCacheEntries, TreeCacheBytes, TreeCacheBytes/4,
		func(t *renderedTree) int { return len(t.json) })}
}

// fields is the field middleware: `Revision.pages` and `Space.revision`
// go through the cache, every field through the result budget.
func (c *treeCache) fields(ctx context.Context, next graphql.Resolver) (any, error) {
	if fc := graphql.GetFieldContext(ctx); fc != nil && fc.IsResolver {
		switch {
		case fc.Object == "Revision" && fc.Field.Name == "pages":
			if key, ok := c.key(ctx, fc); ok {
				return c.render(ctx, fc, key, next, c.marshalPages)
			}
		case fc.Object == "Revision" && fc.Field.Name == "files":
			if key, ok := c.key(ctx, fc); ok {
				return c.render(ctx, fc, key, next, c.marshalFiles)
			}
		case fc.Object == "Space" && fc.Field.Name == "revision":
			if key, ok := c.revisionKey(ctx, fc); ok {
				return c.render(ctx, fc, key, next, c.marshalRevision)
			}
		case fc.Object == "PublishedContent" && fc.Field.Name == "pages":
			if key, ok := c.contentKey(ctx, fc); ok {
				return c.render(ctx, fc, key, next, c.marshalPages)
			}
		}
	}
	return chargeResults(ctx, next)
}

// A marshaller marshals res, what fc's resolver answered, for fc's
// selection; false when res is not what it marshals.
type marshaller func(ctx context.Context, fc *graphql.FieldContext, res any) (graphql.Marshaler, bool)

// render answers fc from the cache, or resolves it, marshals it against a
// sub-account that measures what it costs, and keeps it.
func (c *treeCache) render(ctx context.Context, fc *graphql.FieldContext, key treeKey, next graphql.Resolver, marshal marshaller) (any, error) {
	a := accountOf(ctx)
	segs := segmentsOf(ctx)
	key.shaped = segs != nil
	if hit, ok := c.rendered.Get(key); ok {
		if a != nil {
			if err := a.charge(hit.objects, hit.text); err != nil {
				return nil, err
			}
		}
		if key.shaped {
			return segs.add(hit.json), nil
		}
		return rawJSON(hit.json), nil
	}
	res, err := next(ctx)
	if err != nil || a == nil {
		return res, err
	}
	sub := a.sub()
	errs := len(graphql.GetErrors(ctx))
	m, ok := marshal(context.WithValue(ctx, accountKey{}, sub), fc, res)
	if !ok {
		return res, nil
	}
	if err := sub.failed.Load(); err != nil {
		return nil, a.fail(err)
	}
	objects, text := sub.spent()
	if err := a.charge(objects, text); err != nil {
		return nil, err
	}
	if m == graphql.Null || len(graphql.GetErrors(ctx)) != errs {
		return m, nil // an answer with an error is given, not kept
	}
	var buf bytes.Buffer
	m.MarshalGQL(&buf)
	if key.shaped {
		shaped, ok := segs.Shape(fc.Path(), buf.Bytes())
		if !ok {
			return rawJSON(buf.Bytes()), nil // answered inline, not kept
		}
		c.rendered.Add(key, &renderedTree{json: shaped, objects: objects, text: text})
		return segs.add(shaped), nil
	}
	c.rendered.Add(key, &renderedTree{json: buf.Bytes(), objects: objects, text: text})
	return rawJSON(buf.Bytes()), nil
}

// marshalPages marshals a page tree, charged as the unbounded list it is.
func (c *treeCache) marshalPages(ctx context.Context, fc *graphql.FieldContext, res any) (graphql.Marshaler, bool) {
	pages, ok := res.([]model.RevisionPage)
	if !ok {
		return nil, false
	}
	if accountOf(ctx).chargeList(fc.Field.Field, len(pages)) != nil {
		return nil, true // the sub-account has failed
	}
	return generated.MarshalRevisionPages(ctx, c.es, fc.Field.Selections, pages), true
}

// marshalFiles marshals a revision's files, charged as the unbounded list
// they are. The files are the tree's, and their download URLs name only
// the space and this server.
func (c *treeCache) marshalFiles(ctx context.Context, fc *graphql.FieldContext, res any) (graphql.Marshaler, bool) {
	files, ok := res.([]model.RevisionFile)
	if !ok {
		return nil, false
	}
	if accountOf(ctx).chargeList(fc.Field.Field, len(files)) != nil {
		return nil, true // the sub-account has failed
	}
	return generated.MarshalRevisionFiles(ctx, c.es, fc.Field.Selections, files), true
}

// marshalRevision marshals a revision; its page trees go through the
// cache on their own.
func (c *treeCache) marshalRevision(ctx context.Context, fc *graphql.FieldContext, res any) (graphql.Marshaler, bool) {
	rev, ok := res.(*model.Revision)
	if !ok || rev == nil {
		return nil, false
	}
	return generated.MarshalRevision(ctx, c.es, fc.Field.Selections, rev), true
}

// key names the page tree fc asks for; false when it is not to be cached
// (no revision at hand, or a deferred fragment in the selection).
func (c *treeCache) key(ctx context.Context, fc *graphql.FieldContext) (treeKey, bool) {
	rev := parentResult[model.Revision](fc)
	if rev == nil || rev.Root == "" {
		return treeKey{}, false
	}
	format, _ := fc.Args["format"].(*model.DocumentFormat)
	k := treeKey{org: rev.OrganizationID, root: rev.Root, spaceOrg: rev.Space.OrganizationID, space: rev.Space.ID,
		markdown: wantMarkdown(format), field: fc.Field.Field}
	return k, withVariables(ctx, fc, &k)
}

// revisionKey names the revision fc, a space's `revision`, asks for; false
// when it is not to be cached (no space at hand, a field of the selection
// that a revision may answer differently later, or a deferred fragment).
// The key's root is the revision's id: the field (a node of another
// operation field than any page tree's) tells the two kinds apart.
func (c *treeCache) revisionKey(ctx context.Context, fc *graphql.FieldContext) (treeKey, bool) {
	sp := parentResult[model.Space](fc)
	// An unreadable space (reached through a published site) goes to its
	// resolver, which refuses it: a cached tree must not answer for it.
	if sp == nil || sp.RevisionID == "" || !sp.Readable() || !unchanging(fc.Field.Selections) {
		return treeKey{}, false
	}
	k := treeKey{org: sp.OrganizationID, root: sp.RevisionID, spaceOrg: sp.OrganizationID, space: sp.ID, field: fc.Field.Field}
	return k, withVariables(ctx, fc, &k)
}

// contentKey names the page tree of published content fc asks for (its
// `pages`): the content is its space's current revision, so the key's
// root is the revision's id, as for a space's `revision`, and the field
// tells the two apart. The content was reached through the published
// view's access checks before this field resolves.
func (c *treeCache) contentKey(ctx context.Context, fc *graphql.FieldContext) (treeKey, bool) {
	pc := parentResult[model.PublishedContent](fc)
	if pc == nil || pc.Space.RevisionID == "" {
		return treeKey{}, false
	}
	format, _ := fc.Args["format"].(*model.DocumentFormat)
	k := treeKey{org: pc.Space.OrganizationID, root: pc.Space.RevisionID, spaceOrg: pc.Space.OrganizationID, space: pc.Space.ID,
		markdown: wantMarkdown(format), field: fc.Field.Field}
	return k, withVariables(ctx, fc, &k)
}

// parentResult is the object fc is a field of, when it is a T (resolvers
// answer T or *T).
func parentResult[T any](fc *graphql.FieldContext) *T {
	if fc.Parent == nil {
		return nil
	}
	switch r := fc.Parent.Result.(type) {
	case *T:
		return r
	case T:
		return &r
	}
	return nil
}

// withVariables completes k with the operation's variables when fc's
// selection uses any; false when the selection defers a fragment.
func withVariables(ctx context.Context, fc *graphql.FieldContext, k *treeKey) bool {
	vars, deferred := selectionUses(fc.Field.Selections)
	if deferred {
		return false
	}
	if vars {
		b, err := json.Marshal(graphql.GetOperationContext(ctx).Variables) // map keys sorted
		if err != nil {
			return false
		}
		k.vars = string(b)
	}
	return true
}

// revisionFields are the fields of a revision that never change: the
// page trees are content-addressed, the rest is the revision's row.
var revisionFields = map[string]bool{"__typename": true, "object": true, "id": true, "type": true,
	"parents": true, "createdAt": true, "pages": true}

// unchanging reports whether a selection of a revision asks only for
// revisionFields, fragments included.
func unchanging(set ast.SelectionSet) bool {
	for _, sel := range set {
		switch sel := sel.(type) {
		case *ast.Field:
			if !revisionFields[sel.Name] {
				return false
			}
		case *ast.InlineFragment:
			if !unchanging(sel.SelectionSet) {
				return false
			}
		case *ast.FragmentSpread:
			if sel.Definition == nil || !unchanging(sel.Definition.SelectionSet) {
				return false
			}
		}
	}
	return true
}

// selectionUses reports whether a selection refers to variables (in
// arguments or directives, fragments included) and whether it defers.
func selectionUses(set ast.SelectionSet) (vars, deferred bool) {
	var walk func(ast.SelectionSet)
	directives := func(ds ast.DirectiveList) {
		for _, d := range ds {
			deferred = deferred || d.Name == "defer"
			for _, arg := range d.Arguments {
				vars = vars || usesVariable(arg.Value)
			}
		}
	}
	walk = func(set ast.SelectionSet) {
		for _, sel := range set {
			switch sel := sel.(type) {
			case *ast.Field:
				directives(sel.Directives)
				for _, arg := range sel.Arguments {
					vars = vars || usesVariable(arg.Value)
				}
				walk(sel.SelectionSet)
			case *ast.InlineFragment:
				directives(sel.Directives)
				walk(sel.SelectionSet)
			case *ast.FragmentSpread:
				directives(sel.Directives)
				if sel.Definition != nil {
					directives(sel.Definition.Directives)
					walk(sel.Definition.SelectionSet)
				}
			}
		}
	}
	walk(set)
	return vars, deferred
}

func usesVariable(v *ast.Value) bool {
	if v == nil {
		return false
	}
	if v.Kind == ast.Variable {
		return true
	}
	for _, c := range v.Children {
		if usesVariable(c.Value) {
			return true
		}
	}
	return false
}

// rawJSON writes JSON made beforehand.
func rawJSON(b []byte) graphql.Marshaler {
	return graphql.WriterFunc(func(w io.Writer) { w.Write(b) })
}
