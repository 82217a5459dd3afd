package model

import (
	"time"

	"folio/store"
)

// PublishedSiteEntry is a published site found by an address its readers
// open: the row, whose view the caller has yet to be admitted to.
type PublishedSiteEntry struct {
	Row store.Site
}

func (e PublishedSiteEntry) ID() string                   { return e.Row.ID }
func (e PublishedSiteEntry) Visibility() store.Visibility { return e.Row.Visibility }
func (e PublishedSiteEntry) Basename() *string            { return e.Row.Basename }
func (e PublishedSiteEntry) Hostname() *string            { return e.Row.Hostname }

// PublishedContent is the published content of a space (its current
// revision), reached through a published site's visible structure or a
// space published on its own. Space may not be Readable: whoever reaches
// the content reads it, but none of the space's other fields.
type PublishedContent struct {
	SiteSpace *string // the site space it is read through; nil for a published space
	Space     Space
}

func (c PublishedContent) SiteSpaceID() *string { return c.SiteSpace }
func (c PublishedContent) SpaceID() string      { return c.Space.ID }
func (c PublishedContent) RevisionID() string   { return c.Space.RevisionID }

// PublishedFile is a file of published content.
type PublishedFile struct {
	Entry *store.Entry
}

func (f PublishedFile) ID() string           { return f.Entry.ID }
func (f PublishedFile) Name() string         { return f.Entry.Name }
func (f PublishedFile) ContentType() string  { return f.Entry.ContentType }
func (f PublishedFile) Size() int            { return int(f.Entry.Size) }
func (f PublishedFile) Sha256() string       { return f.Entry.Blob }
func (f PublishedFile) UpdatedAt() time.Time { return f.Entry.UpdatedAt }

// PublishedSpace is a public or unlisted space, published on its own.
type PublishedSpace struct {
	Space Space
}

func (s PublishedSpace) ID() string                   { return s.Space.ID }
func (s PublishedSpace) Title() string                { return s.Space.Title }
func (s PublishedSpace) Emoji() string                { return s.Space.Emoji }
func (s PublishedSpace) Visibility() store.Visibility { return s.Space.Visibility }
func (s PublishedSpace) Content() PublishedContent    { return PublishedContent{Space: s.Space} }
