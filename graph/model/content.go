package model

import (
	"encoding/json"
	"strconv"
	"strings"
	"sync"
	"time"

	"folio/graph/loader"
	"folio/store"
)

// Revision is a revision of a space seen by the caller.
type Revision struct {
	store.Revision
	Space Space
	// History is the page of a space's history the revision was listed in,
	// so that its changes and change request load with the others'; nil
	// when the revision was read alone.
	History *HistoryPage
}

// HistoryPage gathers what the revisions of one page of history need,
// loaded once for all of them through loaders of its own (graph's
// history.go fills it; a revision read alone gets a page of its own), so
// its batches never depend on the timing of the operation's other
// resolvers and statement counts stay exact.
type HistoryPage struct {
	Items   []Revision // the page's revisions
	Loaders *loader.Loaders

	MergedOnce sync.Once
	MergedErr  error
	Merged     map[string]*ChangeRequest // by change request id

	ChangesOnce sync.Once
	ChangesErr  error
	Changes     map[string][]PageChange // by revision id
}

func (Revision) Object() string { return "revision" }

func (r Revision) Urls() RevisionURLs {
	su := r.Space.Urls()
	return RevisionURLs{App: su.App + "/revisions/" + r.ID, Published: su.Published, Public: su.Public}
}

func (Revision) ReusableContents() []json.RawMessage { return []json.RawMessage{} }

func (Revision) Tags() []json.RawMessage { return []json.RawMessage{} }

// RevisionPage is a page of a revision with its subpages, built in memory
// from the revision's tree; only its markdown needs another read.
type RevisionPage struct {
	Entry        *store.Entry
	Org          string // the organization whose documents hold the markdown
	WithMarkdown bool   // read with format markdown
	FullPath     string
	AppURL       string
	Pages        []RevisionPage // nil for links
}

func (p *RevisionPage) ID() string    { return p.Entry.ID }
func (p *RevisionPage) Title() string { return p.Entry.Title }

// Kind is the reference document's deprecated name of the type, which
// calls documents sheets.
func (p *RevisionPage) Kind() string {
	if p.Entry.Type == store.PageDocument {
		return "sheet"
	}
	return p.Entry.Type
}
func (p *RevisionPage) Type() string { return p.Entry.Type }

func (p *RevisionPage) Emoji() *string       { return opt(p.Entry.Emoji) }
func (p *RevisionPage) Description() *string { return opt(p.Entry.Description) }
func (p *RevisionPage) DocumentID() *string  { return opt(p.Entry.Document) }
func (p *RevisionPage) Href() *string        { return opt(p.Entry.Href) }

func (p *RevisionPage) Slug() *string {
	if p.Entry.Type == store.PageLink {
		return nil
	}
	return &p.Entry.Slug
}

func (p *RevisionPage) Path() *string {
	if p.Entry.Type == store.PageLink {
		return nil
	}
	return &p.FullPath
}

func (p *RevisionPage) Hidden() *bool { return &p.Entry.Hidden }

func (p *RevisionPage) NoIndex() *bool {
	if p.Entry.Type == store.PageLink {
		return nil
	}
	return &p.Entry.NoIndex
}

func (p *RevisionPage) NoRobotsIndex() *bool {
	if p.Entry.Type == store.PageLink {
		return nil
	}
	return &p.Entry.NoRobotsIndex
}

func (p *RevisionPage) CreatedAt() *time.Time { return optTime(p.Entry.CreatedAt) }
func (p *RevisionPage) UpdatedAt() *time.Time { return optTime(p.Entry.UpdatedAt) }

func (p *RevisionPage) Urls() *RevisionPageURLs {
	if p.Entry.Type != store.PageDocument {
		return nil
	}
	return &RevisionPageURLs{App: p.AppURL + "/page/" + p.Entry.ID}
}

// Layout is the reference document's default layout: Folio keeps no
// per-page layout options yet.
func (p *RevisionPage) Layout() *RevisionPageLayout {
	if p.Entry.Type != store.PageDocument {
		return nil
	}
	return &RevisionPageLayout{Width: "default", Cover: true, CoverSize: "full", CoverMask: "none", Title: true, Description: true,
		TableOfContents: true, Outline: true, Pagination: true, Metadata: true, Tags: true, Actions: true, Anchors: true}
}

func (p *RevisionPage) Tags() []string {
	if p.Entry.Type != store.PageDocument {
		return nil
	}
	return []string{}
}

func (p *RevisionPage) Target() json.RawMessage {
	if p.Entry.Type != store.PageLink {
		return nil
	}
	b, _ := json.Marshal(map[string]string{"kind": "url", "url": p.Entry.Href})
	return b
}

// RevisionFile is a file of a revision.
type RevisionFile struct {
	Entry   *store.Entry
	SpaceID string
	base    Base
}

func NewRevisionFile(b Base, spaceID string, e *store.Entry) RevisionFile {
	return RevisionFile{Entry: e, SpaceID: spaceID, base: b}
}

func (f RevisionFile) ID() string          { return f.Entry.ID }
func (f RevisionFile) Name() string        { return f.Entry.Name }
func (f RevisionFile) ContentType() string { return f.Entry.ContentType }
func (f RevisionFile) Size() int           { return int(f.Entry.Size) }

// DownloadURL is served by this server (rest's file download route).
func (f RevisionFile) DownloadURL() string {
	return string(f.base) + "/v1/spaces/" + f.SpaceID + "/files/" + f.Entry.ID + "/download"
}

func (f RevisionFile) Dimensions() *RevisionFileDimensions {
	if f.Entry.Width == 0 && f.Entry.Height == 0 {
		return nil
	}
	return &RevisionFileDimensions{Width: f.Entry.Width, Height: f.Entry.Height}
}

// ChangeRequest is a change request seen by the caller, with its space.
type ChangeRequest struct {
	store.ChangeRequest
	InSpace Space
}

func (ChangeRequest) Object() string { return "change-request" }

func (c ChangeRequest) Revision() string { return c.RevisionID }

// Outdated: the space moved on since the change request started.
func (c ChangeRequest) Outdated() bool {
	return c.Status != store.CRMerged && c.InSpace.RevisionID != c.RevisionInitial
}

func (c ChangeRequest) Urls() ChangeRequestURLs {
	return ChangeRequestURLs{
		App:      c.InSpace.Urls().App + "/change-requests/" + strconv.Itoa(c.Number),
		Location: string(c.InSpace.base) + "/v1/spaces/" + c.SpaceID + "/change-requests/" + c.ID,
	}
}

// PageLocation is where the API serves a page of a change request.
func (c ChangeRequest) PageLocation(pageID string) string {
	return string(c.InSpace.base) + "/v1/spaces/" + c.SpaceID + "/change-requests/" + c.ID + "/content/page/" + pageID
}

func opt(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// ptr answers a pointer to a copy of v. Methods with value receivers use it
// for pointer fields: the address of a field of the receiver would move the
// whole receiver to the heap on every call.
func ptr[T any](v T) *T { return &v }

func optTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

func (c ChangeRequest) Space() string { return c.SpaceID }

// SpaceOfApp reads the server's base URL and the space's id back from the
// page's AppURL (the space's urls.app, base/app/o/{org}/s/{space}); false
// when the page carries none.
func (p *RevisionPage) SpaceOfApp() (base, spaceID string, ok bool) {
	i := strings.LastIndex(p.AppURL, "/app/o/")
	j := strings.LastIndex(p.AppURL, "/s/")
	if i < 0 || j < i || strings.Contains(p.AppURL[j+3:], "/") {
		return "", "", false
	}
	return p.AppURL[:i], p.AppURL[j+3:], true
}
