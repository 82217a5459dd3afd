package graph

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	_ "image/gif" // image.DecodeConfig reads the dimensions of GIF, JPEG and PNG uploads
	_ "image/jpeg"
	_ "image/png"

	"folio/domain"
	"folio/graph/loader"
	"folio/graph/model"
	"folio/internal/markdown"
	"folio/store"
)

// MaxUpload is the largest file a content update takes (its bytes come
// base64-encoded inside a request body of at most 1 MiB).
const MaxUpload = 1 << 20

// pageChanges reads the changes of a content update; files are stored in
// the blob store here, before the transaction (a blob nobody references is
// harmless, and content addressing stores it once).
func (r *Resolver) pageChanges(ctx context.Context, in []model.ContentChangeInput) ([]store.PageChange, error) {
	if len(in) < 1 || len(in) > store.MaxChanges {
		return nil, domain.Invalid("changes", "must hold 1 to %d changes, not %d", store.MaxChanges, len(in))
	}
	out := make([]store.PageChange, len(in))
	for i, c := range in {
		pc := store.PageChange{Operation: c.Operation, At: c.At, Title: c.Title, Slug: c.Slug, Emoji: c.Emoji,
			Description: c.Description, Hidden: c.Hidden, NoIndex: c.NoIndex, NoRobotsIndex: c.NoRobotsIndex}
		if c.Page != nil {
			pc.Page = *c.Page
		}
		if c.Ref != nil {
			pc.Ref = *c.Ref
		}
		pc.Into, pc.SetInto = c.Into.ValueOK()
		if pc.SetInto && pc.Into == nil && c.Operation == store.OpInsertPage {
			pc.SetInto = false // insert_page: null is the top level, as absent
		}
		if c.Document != nil {
			md, doc, err := documentMarkdown(*c.Document, fmt.Sprintf("changes[%d].document", i))
			if err != nil {
				return nil, err
			}
			pc.Markdown, pc.FromDocument = &md, doc
		}
		for j, f := range c.Files {
			nf, err := r.upload(ctx, f, fmt.Sprintf("changes[%d].files[%d]", i, j))
			if err != nil {
				return nil, err
			}
			pc.Files = append(pc.Files, nf)
		}
		out[i] = pc
	}
	return out, nil
}

// upload stores one file's bytes and describes it.
func (r *Resolver) upload(ctx context.Context, f model.FileUploadInput, field string) (store.NewFile, error) {
	nf := store.NewFile{Name: f.Name}
	if f.Ref != nil {
		nf.Ref = *f.Ref
	}
	if f.URL != nil || f.Base64 == nil {
		return nf, domain.Invalid(field, "give the file's bytes as base64 (with contentType); Folio does not fetch URLs")
	}
	if f.ContentType == nil || *f.ContentType == "" {
		return nf, domain.Invalid(field+".contentType", "is required with base64")
	}
	data, err := base64.StdEncoding.DecodeString(*f.Base64)
	if err != nil {
		return nf, domain.Invalid(field+".base64", "is not valid base64")
	}
	if len(data) > MaxUpload {
		return nf, domain.Invalid(field+".base64", "files are at most %d bytes", MaxUpload)
	}
	nf.ContentType, nf.Size = *f.ContentType, int64(len(data))
	if cfg, _, err := image.DecodeConfig(bytes.NewReader(data)); err == nil {
		nf.Width, nf.Height = cfg.Width, cfg.Height
	}
	if nf.Blob, err = r.Blobs.Put(ctx, data); err != nil {
		return nf, fmt.Errorf("store upload: %w", err)
	}
	return nf, nil
}

// outcome is the REST shape of what a content update did to one page.
func outcome(cr model.ChangeRequest, o store.PageOutcome) model.ContentChangeOutcome {
	out := model.ContentChangeOutcome{Object: o.Object}
	if o.Ref != "" {
		out.Ref = &o.Ref
	}
	if o.Object == "deleted_page" {
		out.Page, _ = json.Marshal(o.Page)
	} else {
		out.Page, _ = json.Marshal(map[string]any{"object": "page", "id": o.Page, "urls": map[string]string{"location": cr.PageLocation(o.Page)}})
	}
	return out
}

// documentMarkdown reads a page's new content: markdown as it is, or
// GitBook's JSON document converted to markdown (Folio stores markdown);
// fromDocument says which (the store writes a document's markdown over
// the page's: store.PageChange.FromDocument).
func documentMarkdown(in model.DocumentInput, field string) (md string, fromDocument bool, err error) {
	switch {
	case in.Markdown != nil && len(in.Document) > 0:
		return "", false, domain.Invalid(field, "takes markdown or document, not both")
	case in.Markdown != nil:
		return *in.Markdown, false, nil
	case len(in.Document) > 0:
		var doc any
		if err := json.Unmarshal(in.Document, &doc); err != nil {
			return "", false, domain.Invalid(field+".document", "is not JSON")
		}
		md, err := markdown.FromDocument(doc)
		if err != nil {
			return "", false, domain.Invalid(field+".document", "is not a GitBook JSON document: %v", err)
		}
		return md, true, nil
	}
	return "", false, nil
}

// inTheirSpaces wraps change requests of several spaces of an organization,
// each with its space as the caller sees it (the spaces in one statement).
func (r *Resolver) inTheirSpaces(ctx context.Context, org *model.Organization, crs []store.ChangeRequest) ([]model.ChangeRequest, error) {
	spaces := loader.For(ctx).Spaces().Space
	for _, cr := range crs {
		spaces.Register(cr.SpaceID)
	}
	loader.For(ctx).ChangeRequestsListed(crs)
	out := make([]model.ChangeRequest, len(crs))
	for i, cr := range crs {
		sp, err := spaces.Load(ctx, cr.SpaceID)
		if err != nil {
			return nil, err
		}
		out[i] = model.ChangeRequest{ChangeRequest: cr, InSpace: model.NewSpace(r.Base, &sp, org.Access)}
	}
	return out, nil
}
