package graph

import (
	"context"
	"strings"

	"folio/graph/model"
	"folio/internal/markdown"
	"folio/store"
)

// publishedOpenAPISpecs are the specifications a published page refers to
// in its API reference blocks, at their current versions. Only the slugs
// the page's own markdown names are read, so a reader of a published site
// reads the specifications its pages show and no other of the
// organization's.
func (r *Resolver) publishedOpenAPISpecs(ctx context.Context, c *model.PublishedContent, path string) ([]model.PublishedOpenAPISpec, error) {
	out := []model.PublishedOpenAPISpec{}
	format := model.DocumentFormatMarkdown
	p, err := r.contentPage(ctx, c, path, &format)
	if err != nil || p == nil || p.Entry.Type != store.PageDocument {
		return out, err
	}
	md, err := pageMarkdown(ctx, p)
	if err != nil || !strings.Contains(md, "{% openapi") {
		return out, err // most pages have no API reference block: no parse
	}
	var slugs []string
	seen := map[string]bool{}
	for _, b := range markdown.OpenAPIBlocks(md) {
		if b.Spec != "" && !seen[b.Spec] {
			seen[b.Spec] = true
			slugs = append(slugs, b.Spec)
		}
	}
	if len(slugs) == 0 {
		return out, nil
	}
	vs, err := r.Store.CurrentOpenAPIVersions(ctx, p.Org, slugs)
	if err != nil {
		return nil, err
	}
	for _, v := range vs {
		out = append(out, model.PublishedOpenAPISpec{Slug: v.Slug, VersionID: v.VersionID, Filesystem: v.Filesystem})
	}
	return out, nil
}
