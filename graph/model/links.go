package model

import "folio/store"

// ContentReference is built by graph from store link targets and page ids;
// the GraphQL type is generated (models_gen.go).

// RefContext is what every reference in one revision shares.
type RefContext struct {
	Organization, Space string
	Version             VersionContext
}

// Ref makes a reference of kind in this context.
func (c RefContext) Ref(kind string) ContentReference {
	v := c.Version
	return ContentReference{Kind: kind, Organization: &c.Organization, Space: &c.Space, VersionContext: &v}
}

// TargetRef is the reference of a link's target.
func (c RefContext) TargetRef(t store.LinkTarget) ContentReference {
	if t.Kind == store.RefURL {
		u := t.URL
		return ContentReference{Kind: t.Kind, URL: &u}
	}
	r := c.Ref(t.Kind)
	r.Page, r.File, r.Anchor = opt(t.Page), opt(t.File), opt(t.Anchor)
	return r
}

// PageRef is the reference of a page of the revision.
func (c RefContext) PageRef(pageID string) ContentReference {
	r := c.Ref(store.RefPage)
	r.Page = &pageID
	return r
}
