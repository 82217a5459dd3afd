package graph

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"folio/domain"
	"folio/graph/loader"
	"folio/graph/model"
	"folio/store"
)

// Published content (schema/published.graphqls): the published site an
// address names, the content of the site spaces its audience sees, and the
// spaces published on their own. The site reader (rest/reader) reads every
// page it serves through these fields.
//
// Access is decided where the published view decides it: publishedView
// (published.go) admits the site's audience, and content is reachable
// only through a site space of the structure that audience sees
// (PublishedContentSite.siteSpaceContent, which checks the one site
// space's conditions as visibleStructure would), or through a public or
// unlisted space (publishedSpace). The space model a
// content carries is the one the structure holds, not Readable to an
// outsider: the content fields below answer for it, and nothing else of
// the space does (readableSpace).

// publicReader is who the site reader runs its operations as: a reader of
// published sites without an account. It is nobody's member, so the
// published view applies exactly the rules it applies to any outsider, and
// orgAccess answers it without asking the database.
var publicReader = &store.User{ID: "folio-reader:anonymous", DisplayName: "Reader"}

// AsPublicReader returns a context whose operations run as a reader of
// published sites without an account, whatever token the request carried:
// a published page shows what any outsider sees.
func AsPublicReader(ctx context.Context) context.Context { return WithViewer(ctx, publicReader) }

// publishedSiteEntry wraps the row of a published site found by its
// address; nil (no error) when there is none or it is not published.
func publishedSiteEntry(ctx context.Context, find func() (*store.Site, error)) (*model.PublishedSiteEntry, error) {
	if _, err := viewer(ctx); err != nil {
		return nil, err
	}
	row, err := find()
	if domain.ErrorCode(err) == domain.CodeNotFound || err == nil && (row == nil || !row.Published) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &model.PublishedSiteEntry{Row: *row}, nil
}

// siteByID loads a site by id alone (the address /sites/{id} names no
// organization); NOT_FOUND when there is none.
func (r *Resolver) siteByID(ctx context.Context, id string) (*store.Site, error) {
	rows, err := r.Store.SitesByID(ctx, []string{id})
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, domain.NotFound("site")
	}
	return &rows[0], nil
}

// MaxShareKey bounds the share key of a share-link site's view, in
// characters (publishedSite's shareKey has the same bound).
const MaxShareKey = 256

// MaxUnsignedClaims bounds the unsigned claims of a published view, in
// bytes of JSON.
const MaxUnsignedClaims = 64 << 10

// unsignedClaimsOf reads PublishedSiteEntry.view's unsignedClaims: nil when
// absent, INVALID unless a JSON object of at most MaxUnsignedClaims bytes.
func unsignedClaimsOf(raw json.RawMessage) (map[string]any, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	if len(raw) > MaxUnsignedClaims {
		return nil, domain.Invalid("unsignedClaims", "must be at most %d bytes of JSON", MaxUnsignedClaims)
	}
	var claims map[string]any
	if err := json.Unmarshal(raw, &claims); err != nil || claims == nil {
		return nil, domain.Invalid("unsignedClaims", "must be a JSON object")
	}
	return claims, nil
}

// unsignedValid checks unsigned claims against a site's adaptive schema:
// the schema must declare "unsigned", and {"unsigned": claims} must
// validate against the schema without its required list (the signed
// claims a schema requires are not the reader's to give).
func unsignedValid(schema json.RawMessage, claims map[string]any) bool {
	var top map[string]any
	if len(claims) == 0 || json.Unmarshal(schema, &top) != nil {
		return false
	}
	props, _ := top["properties"].(map[string]any)
	if _, ok := props["unsigned"]; !ok {
		return false
	}
	delete(top, "required")
	raw, _ := json.Marshal(top)
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return false
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft7)
	c.UseLoader(&RefusingLoader{})
	const loc = "folio:///adaptive-schema.json"
	if c.AddResource(loc, doc) != nil {
		return false
	}
	sch, err := c.Compile(loc)
	if err != nil {
		return false
	}
	inst, _ := json.Marshal(map[string]any{"unsigned": claims})
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(inst))
	return err == nil && sch.Validate(v) == nil
}

// visibleSiteSpaces are the site spaces of a published view's structure,
// in site order.
func (r *Resolver) visibleSiteSpaces(ctx context.Context, ps *model.PublishedContentSite) ([]model.SiteSpace, error) {
	structure, err := r.publishedStructure(ctx, ps)
	if err != nil {
		return nil, err
	}
	var out []model.SiteSpace
	section := func(s model.SiteSection) { out = append(out, s.Visible...) }
	for _, it := range structure.Structure {
		switch it := it.(type) {
		case model.SiteSpace:
			out = append(out, it)
		case model.SiteSection:
			section(it)
		case model.SiteSectionGroup:
			for _, s := range it.Visible {
				section(s)
			}
		}
	}
	return out, nil
}

// visibleSiteSpace is a site space of a published view's structure, found
// without working the whole structure out (two statements): it shows when
// its condition holds for the view's claims and, in a section, the
// section's condition holds; at the root, when the site has no sections
// (a site with sections shows only theirs), as visibleStructure decides.
// nil when it does not show, or is not the site's.
func (r *Resolver) visibleSiteSpace(ctx context.Context, ps *model.PublishedContentSite, id string) (*model.SiteSpace, error) {
	site := &ps.Site
	ss, err := r.Store.SiteSpace(ctx, site.ID, id)
	if domain.ErrorCode(err) == domain.CodeNotFound {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if !conditionHolds(ss.Condition, ps.Claims) {
		return nil, nil
	}
	if ss.SectionID == nil {
		counts, err := store.SiteSections.Counts(ctx, r.Store, []string{site.ID})
		if err != nil {
			return nil, err
		}
		if counts[site.ID] > 0 {
			return nil, nil
		}
	} else {
		sec, err := r.Store.SiteSection(ctx, site.ID, *ss.SectionID)
		if err != nil {
			return nil, err
		}
		if !conditionHolds(sec.Condition, ps.Claims) {
			return nil, nil
		}
	}
	m := r.siteSpaceOf(site, ss)
	return &m, nil
}

// siteSpaceContent is the published content of a visible site space.
func siteSpaceContent(ss model.SiteSpace) model.PublishedContent {
	id := ss.ID
	return model.PublishedContent{SiteSpace: &id, Space: *ss.Space()}
}

// contentTree is the revision a published content shows (its space's
// current one) with its page and file tree.
func (r *Resolver) contentTree(ctx context.Context, c *model.PublishedContent) (*model.Revision, *store.Tree, error) {
	rev, err := r.revisionOf(ctx, c.Space, c.Space.RevisionID)
	if err != nil {
		return nil, nil, err
	}
	t, err := tree(ctx, rev)
	return rev, t, err
}

// contentPages builds the page tree of a published content.
func (r *Resolver) contentPages(ctx context.Context, c *model.PublishedContent, format *model.DocumentFormat) (*pageTree, error) {
	return r.publishedPages(ctx, c, wantMarkdown(format))
}

// firstReadable is the first document of pages in reading order, leaving
// out hidden pages and the pages under them: the page a reader opens
// first.
func firstReadable(pages []model.RevisionPage) *model.RevisionPage {
	for i := range pages {
		p := &pages[i]
		if p.Entry.Hidden {
			continue
		}
		if p.Entry.Type == store.PageDocument {
			return p
		}
		if f := firstReadable(p.Pages); f != nil {
			return f
		}
	}
	return nil
}

// contentPage is the page at path of a published content (the first
// readable page for an empty path); nil when there is none.
func (r *Resolver) contentPage(ctx context.Context, c *model.PublishedContent, path string, format *model.DocumentFormat) (*model.RevisionPage, error) {
	pt, err := r.contentPages(ctx, c, format)
	if err != nil {
		return nil, err
	}
	var p *model.RevisionPage
	if strings.Trim(path, "/") == "" {
		p = firstReadable(pt.top)
	} else {
		p = pt.byPath(path)
	}
	if p != nil && p.Entry.Document != "" {
		// Only the page's own document is announced, so that reading its
		// markdown does not wait for the loader's window: a reader asks for
		// the page, not for every page below it.
		loader.For(ctx).Content().Document.Register(store.DocumentKey{OrganizationID: p.Org, Hash: p.Entry.Document})
	}
	return p, nil
}

// contentFile is a file of a published content; nil when there is none.
func (r *Resolver) contentFile(ctx context.Context, c *model.PublishedContent, id string) (*model.PublishedFile, error) {
	_, t, err := r.contentTree(ctx, c)
	if err != nil {
		return nil, err
	}
	e := t.Entries[store.EntryFile+":"+id]
	if e == nil {
		return nil, nil
	}
	return &model.PublishedFile{Entry: e}, nil
}

// contentFiles are the files of a published content, ordered by id.
func (r *Resolver) contentFiles(ctx context.Context, c *model.PublishedContent) ([]model.PublishedFile, error) {
	_, t, err := r.contentTree(ctx, c)
	if err != nil {
		return nil, err
	}
	return mapItems(t.Files(), func(e *store.Entry) model.PublishedFile { return model.PublishedFile{Entry: e} }), nil
}

// publishedSpace is a public or unlisted space; nil for any other.
func (r *Resolver) publishedSpace(ctx context.Context, id string) (*model.PublishedSpace, error) {
	if _, err := viewer(ctx); err != nil {
		return nil, err
	}
	spaces, err := r.Store.SpacesByID(ctx, []string{id})
	if err != nil && domain.ErrorCode(err) != domain.CodeNotFound {
		return nil, err
	}
	if len(spaces) == 0 || spaces[0].Visibility != store.VisibilityPublic && spaces[0].Visibility != store.VisibilityUnlisted {
		return nil, nil
	}
	return &model.PublishedSpace{Space: model.NewSpace(r.Base, &spaces[0], model.Access{})}, nil
}
