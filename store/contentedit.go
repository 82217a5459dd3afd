package store

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"folio/domain"
	"folio/internal/markdown"
)

// Content edit limits.
const (
	MaxChanges   = 50 // changes in one content update
	MaxPageDepth = 10 // levels of nested pages; the REST page fragments go this deep
)

// Change operations.
const (
	OpInsertPage  = "insert_page"
	OpUpdatePage  = "update_page"
	OpDeletePage  = "delete_page"
	OpInsertFiles = "insert_files"
)

// PageChange is one change of a content update, as the reference document's
// ChangeRequestContentChange: pages are inserted (into a parent, at an
// index), updated (metadata, document, place) or deleted with their subpages;
// files are inserted.
type PageChange struct {
	Operation     string
	Page          string  // update and delete: the page's id, or the ref of a page inserted earlier in the batch
	Into          *string // insert and update: the parent; nil with SetInto is the top level
	SetInto       bool
	At            *int
	Ref           string
	Title         *string
	Slug          *string
	Emoji         *string
	Description   *string
	Hidden        *bool
	NoIndex       *bool
	NoRobotsIndex *bool
	Markdown      *string // the new document, when one is given
	// FromDocument says Markdown was written from a GitBook JSON document
	// (markdown.FromDocument): an update writes it over the page's current
	// markdown (markdown.Splice), so that the blocks a client kept keep
	// their source.
	FromDocument bool
	Files        []NewFile
}

// NewFile is a file whose bytes are already in the blob store under Blob.
type NewFile struct {
	Ref, Name, ContentType, Blob string
	Size                         int64
	Width, Height                int
}

// PageOutcome says what a content update did to one page.
type PageOutcome struct {
	Object string // created_page, updated_page or deleted_page
	Page   string
	Ref    string
}

// ContentUpdate is the result of a content update.
type ContentUpdate struct {
	ChangeRequest *ChangeRequest
	Changes       []PageOutcome
	Files         []Entry
	Stats         WriteStats
}

// UpdateChangeRequestContent applies changes to a change request's latest
// revision and stores the result as its new revision, all or nothing. Bad
// changes are INVALID naming the change; a merged or archived change request
// or a locked space is CONFLICT.
func (s *Store) UpdateChangeRequestContent(ctx context.Context, spaceID, crID, userID string, changes []PageChange) (*ContentUpdate, error) {
	return s.UpdateChangeRequestContentAt(ctx, spaceID, crID, userID, changes, "")
}

// UpdateChangeRequestContentAt is UpdateChangeRequestContent guarded by a
// base revision (none when ""): see checkBase. A base that moved is
// PRECONDITION naming the pages that changed since.
func (s *Store) UpdateChangeRequestContentAt(ctx context.Context, spaceID, crID, userID string, changes []PageChange, base string) (*ContentUpdate, error) {
	if len(changes) < 1 || len(changes) > MaxChanges {
		return nil, domain.Invalid("changes", "must hold 1 to %d changes, not %d", MaxChanges, len(changes))
	}
	out := &ContentUpdate{}
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		cr, headRoot, err := s.editableHead(ctx, tx, spaceID, crID)
		if err != nil {
			return err
		}
		if err := checkBase(ctx, tx, cr, base, "", false); err != nil {
			return err
		}
		prev, err := loadTree(ctx, tx, cr.OrganizationID, headRoot)
		if err != nil {
			return err
		}
		ed := &editor{t: prev.clone(), now: s.Now(), refs: map[string]string{}, docs: map[string]string{}, touched: map[string]int{},
			read: func(hash string) (string, error) {
				var md string
				err := tx.NewSelect().Model((*document)(nil)).Column("markdown").
					Where("organization_id = ? AND hash = ?", cr.OrganizationID, hash).Scan(ctx, &md)
				return md, dbError(err, "document")
			}}
		for i, c := range changes {
			if err := ed.apply(i, c); err != nil {
				return err
			}
		}
		if err := checkPageTree(ed.t, "changes"); err != nil {
			return err
		}
		if err := insertSpaceFiles(ctx, tx, cr.OrganizationID, spaceID, ed.files); err != nil {
			return err
		}
		rev := &Revision{ID: domain.NewID(), OrganizationID: cr.OrganizationID, SpaceID: spaceID, ChangeRequestID: &cr.ID,
			Type: RevisionEdits, Parents: []string{cr.RevisionID}, CreatedAt: s.Now()}
		cr.RevisionID, cr.UpdatedAt = rev.ID, s.Now()
		if err := writeEdit(ctx, tx, cr, ed.docs, prev, ed.t.Entries, rev, &out.Stats); err != nil {
			return err
		}
		out.ChangeRequest, out.Changes, out.Files = cr, ed.outcomes, ed.files
		events := make([]ev, 0, len(ed.outcomes))
		for _, o := range ed.outcomes {
			events = append(events, ev{org: cr.OrganizationID, typ: EventPageUpdated, object: o.Page, space: spaceID,
				payload: P{"changeRequest": cr.ID, "number": cr.Number, "revision": rev.ID, "change": o.Object}})
		}
		return s.emit(ctx, tx, events...)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// writeEdit stores what a content update made in one statement: the
// documents and trie nodes not stored yet, the revision rev (its root is
// set here), and the change request moved to it (cr as it is now), where
// four statements did it one after the other. None of the parts reads
// what another writes.
func writeEdit(ctx context.Context, tx bun.Tx, cr *ChangeRequest, docs map[string]string, prev *Tree, entries map[string]*Entry, rev *Revision, st *WriteStats) error {
	root, nodes, err := freshNodes(cr.OrganizationID, prev, entries, st)
	if err != nil {
		return err
	}
	rev.Root = root
	q := tx.NewUpdate().Model(cr).Column("revision_id", "updated_at").WherePK().With("r", tx.NewInsert().Model(rev))
	if len(nodes) > 0 {
		q.With("n", tx.NewInsert().Model(&nodes).On("CONFLICT DO NOTHING"))
	}
	var dest []any
	var stored int
	if len(docs) > 0 {
		rows := documentRows(cr.OrganizationID, docs)
		q.With("d", tx.NewInsert().Model(&rows).On("CONFLICT DO NOTHING").Returning("1")).Returning("(SELECT count(*) FROM d)")
		dest = append(dest, &stored)
		if st != nil {
			for _, r := range rows {
				st.Bytes += len(r.Markdown) + len(r.Hash)
			}
		}
	}
	if _, err := q.Exec(ctx, dest...); err != nil {
		return dbError(err, "change request")
	}
	if st != nil {
		st.Documents += stored
	}
	return nil
}

// editor applies the changes of one content update to a tree in memory.
type editor struct {
	t        *Tree
	now      time.Time
	refs     map[string]string                 // batch-local refs of inserted pages -> ids
	docs     map[string]string                 // new documents by hash
	read     func(hash string) (string, error) // a stored document's markdown
	outcomes []PageOutcome
	touched  map[string]int // page id -> index in outcomes
	files    []Entry
}

func (ed *editor) apply(i int, c PageChange) error {
	field := func(name string) string { return fmt.Sprintf("changes[%d].%s", i, name) }
	switch c.Operation {
	case OpInsertPage:
		return ed.insertPage(c, field)
	case OpUpdatePage:
		return ed.updatePage(c, field)
	case OpDeletePage:
		return ed.deletePage(c, field)
	case OpInsertFiles:
		return ed.insertFiles(c, field)
	}
	return domain.Invalid(field("operation"), "must be one of insert_page, update_page, delete_page, insert_files")
}

// page finds a page by id or batch ref.
func (ed *editor) page(ref, field string) (*Entry, error) {
	if id, ok := ed.refs[ref]; ok {
		ref = id
	}
	e := ed.t.Entries[EntryPage+":"+ref]
	if ref == "" || e == nil {
		return nil, domain.Invalid(field, "page %q not found in the change request", ref)
	}
	return e, nil
}

func (ed *editor) touch(object, id, ref string) {
	if i, ok := ed.touched[id]; ok {
		if object == "deleted_page" {
			ed.outcomes[i].Object = object
		}
		return
	}
	ed.touched[id] = len(ed.outcomes)
	ed.outcomes = append(ed.outcomes, PageOutcome{Object: object, Page: id, Ref: ref})
}

func (ed *editor) insertPage(c PageChange, field func(string) string) error {
	if c.Page != "" {
		return domain.Invalid(field("page"), "is not allowed on insert_page")
	}
	e := &Entry{Kind: EntryPage, ID: domain.NewID(), Type: PageDocument, Title: "Untitled", CreatedAt: ed.now, UpdatedAt: ed.now}
	if c.Ref != "" {
		if _, dup := ed.refs[c.Ref]; dup {
			return domain.Invalid(field("ref"), "%q is used twice in this batch", c.Ref)
		}
		ed.refs[c.Ref] = e.ID
	}
	if c.Into != nil {
		parent, err := ed.page(*c.Into, field("into"))
		if err != nil {
			return err
		}
		e.Parent = parent.ID
	}
	if c.Markdown == nil {
		empty := ""
		c.Markdown = &empty
	}
	if err := ed.setFields(e, c, field, true); err != nil {
		return err
	}
	e.Position = ed.positionAt(e, c.At)
	ed.t.Entries[e.Key()] = e
	ed.touch("created_page", e.ID, c.Ref)
	return nil
}

func (ed *editor) updatePage(c PageChange, field func(string) string) error {
	e, err := ed.page(c.Page, field("page"))
	if err != nil {
		return err
	}
	if err := ed.setFields(e, c, field, false); err != nil {
		return err
	}
	if c.SetInto || c.At != nil {
		parent := e.Parent
		if c.SetInto {
			parent = ""
			if c.Into != nil {
				p, err := ed.page(*c.Into, field("into"))
				if err != nil {
					return err
				}
				for a := p; a != nil; a = ed.t.Entries[EntryPage+":"+a.Parent] {
					if a.ID == e.ID {
						return domain.Invalid(field("into"), "a page cannot move into itself or one of its descendants")
					}
				}
				parent = p.ID
			}
		}
		e.Parent, e.Position = parent, ""
		e.Position = ed.positionAt(e, c.At)
		if c.Slug == nil {
			e.Slug = ed.freeSlug(e, e.Slug)
		}
	}
	e.UpdatedAt = ed.now
	ed.touch("updated_page", e.ID, "")
	return nil
}

func (ed *editor) deletePage(c PageChange, field func(string) string) error {
	e, err := ed.page(c.Page, field("page"))
	if err != nil {
		return err
	}
	children := map[string][]string{}
	for _, p := range ed.t.Pages() {
		children[p.Parent] = append(children[p.Parent], p.ID)
	}
	var drop func(id string)
	drop = func(id string) {
		delete(ed.t.Entries, EntryPage+":"+id)
		for _, c := range children[id] {
			drop(c)
		}
	}
	drop(e.ID)
	ed.touch("deleted_page", e.ID, "")
	return nil
}

func (ed *editor) insertFiles(c PageChange, field func(string) string) error {
	if len(c.Files) < 1 || len(c.Files) > 20 {
		return domain.Invalid(field("files"), "must hold 1 to 20 files")
	}
	for _, f := range c.Files {
		e := Entry{Kind: EntryFile, ID: domain.NewID(), Name: f.Name, ContentType: f.ContentType, Size: f.Size,
			Width: f.Width, Height: f.Height, Blob: f.Blob, CreatedAt: ed.now, UpdatedAt: ed.now}
		ed.t.Entries[e.Key()] = &e
		ed.files = append(ed.files, e)
	}
	return nil
}

var slugPattern = regexp.MustCompile(`^[a-zA-Z0-9][a-zA-Z0-9._-]*$`)

// setFields applies a change's document and metadata to a page. The
// document's frontmatter and leading heading take precedence over the
// change's own fields, as the reference document says.
func (ed *editor) setFields(e *Entry, c PageChange, field func(string) string, insert bool) error {
	if c.Title != nil {
		if strings.TrimSpace(*c.Title) == "" {
			return domain.Invalid(field("title"), "must not be empty")
		}
		e.Title = *c.Title
	}
	if c.Emoji != nil {
		e.Emoji = *c.Emoji
	}
	if c.Description != nil {
		e.Description = *c.Description
	}
	if c.Hidden != nil {
		e.Hidden = *c.Hidden
	}
	if c.NoIndex != nil {
		e.NoIndex = *c.NoIndex
	}
	if c.NoRobotsIndex != nil {
		e.NoRobotsIndex = *c.NoRobotsIndex
	}
	// sent is the markdown the client wrote, whose frontmatter and leading
	// heading name the page. A document written over a page keeps the
	// page's frontmatter (Splice), which the client never sent: it must not
	// take back a title set since, or set in this very change.
	sent := c.Markdown
	if c.Markdown != nil && c.FromDocument && !insert && e.Document != "" {
		old, ok := ed.docs[e.Document]
		if !ok {
			var err error
			if old, err = ed.read(e.Document); err != nil {
				return err
			}
		}
		md := markdown.Splice(old, *c.Markdown)
		c.Markdown = &md
	}
	if c.Markdown != nil {
		md := markdown.Normalize(*c.Markdown)
		meta, err := markdown.Read(md)
		if err == nil && sent != c.Markdown {
			meta, err = markdown.Read(markdown.Normalize(*sent))
		}
		if err != nil {
			return domain.Invalid(field("document.markdown"), "%s", err.Error())
		}
		if meta.Title != "" {
			e.Title = meta.Title
		}
		if meta.Description != "" {
			e.Description = meta.Description
		}
		if meta.Emoji != "" {
			e.Emoji = meta.Emoji
		}
		if meta.Hidden != nil {
			e.Hidden = *meta.Hidden
		}
		e.Document = ""
		if md != "" {
			e.Document = DocumentHash(md)
			ed.docs[e.Document] = md
		}
	}
	switch {
	case c.Slug != nil:
		if len(*c.Slug) > 100 || !slugPattern.MatchString(*c.Slug) {
			return domain.Invalid(field("slug"), "must be 1 to 100 letters, digits, '.', '_' or '-', starting with a letter or digit")
		}
		if ed.slugTaken(e, *c.Slug) {
			return domain.Invalid(field("slug"), "%q is already the slug of a sibling page", *c.Slug)
		}
		e.Slug = *c.Slug
	case insert || (c.Title != nil || c.Markdown != nil) && e.Slug == "":
		e.Slug = ed.freeSlug(e, domain.Slugify(e.Title))
	}
	return nil
}

// siblings returns the pages under parent, in order, without skip.
func (ed *editor) siblings(parent, skip string) []*Entry {
	var out []*Entry
	for _, p := range ed.t.Entries {
		if p.Kind == EntryPage && p.Parent == parent && p.ID != skip {
			out = append(out, p)
		}
	}
	sortPages(out)
	return out
}

func (ed *editor) slugTaken(e *Entry, slug string) bool {
	return slices.ContainsFunc(ed.siblings(e.Parent, e.ID), func(p *Entry) bool { return p.Slug == slug })
}

// freeSlug returns slug, or slug-2, slug-3... when a sibling has it.
func (ed *editor) freeSlug(e *Entry, slug string) string {
	for n, s := 2, slug; ; n++ {
		if !ed.slugTaken(e, s) {
			return s
		}
		s = fmt.Sprintf("%s-%d", slug, n)
	}
}

// positionAt returns a position key placing e at index at among its new
// siblings; at the end when at is nil or past the end.
func (ed *editor) positionAt(e *Entry, at *int) string {
	sib := ed.siblings(e.Parent, e.ID)
	i := len(sib)
	if at != nil && *at < i {
		i = max(*at, 0)
	}
	lo, hi := "", ""
	if i > 0 {
		lo = sib[i-1].Position
	}
	if i < len(sib) {
		hi = sib[i].Position
	}
	if hi != "" && lo >= hi {
		hi = "" // equal keys (siblings placed at the same spot on two branches): go just after lo
	}
	return keyBetween(lo, hi)
}

// sortPages orders siblings by position, then id.
func sortPages(ps []*Entry) {
	slices.SortFunc(ps, func(a, b *Entry) int {
		if c := cmpString(a.Position, b.Position); c != 0 {
			return c
		}
		return cmpString(a.ID, b.ID)
	})
}

// checkPageTree checks that every page hangs off the top level through
// existing parents without cycles, no deeper than MaxPageDepth.
func checkPageTree(t *Tree, field string) error {
	depth := map[string]int{}
	var walk func(e *Entry, seen int) (int, error)
	walk = func(e *Entry, seen int) (int, error) {
		if d, ok := depth[e.ID]; ok {
			return d, nil
		}
		if seen > len(t.Entries) {
			return 0, domain.Invalid(field, "pages form a cycle")
		}
		d := 1
		if e.Parent != "" {
			p := t.Entries[EntryPage+":"+e.Parent]
			if p == nil {
				return 0, domain.Invalid(field, "page %q is under a page that no longer exists", e.ID)
			}
			pd, err := walk(p, seen+1)
			if err != nil {
				return 0, err
			}
			d = pd + 1
		}
		if d > MaxPageDepth {
			return 0, domain.Invalid(field, "pages nest at most %d levels deep", MaxPageDepth)
		}
		depth[e.ID] = d
		return d, nil
	}
	for _, e := range t.Pages() {
		if _, err := walk(e, 0); err != nil {
			return err
		}
	}
	return nil
}
