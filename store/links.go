package store

import (
	"context"
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/uptrace/bun"

	"folio/domain"
	"folio/internal/markdown"
)

// Link statuses.
const (
	LinkOK     = "ok"     // the target exists (or is outside Folio)
	LinkBroken = "broken" // a page or file reference missing from the revision
	LinkInApp  = "in-app" // a URL pointing at this server's own app address
)

// Link target kinds (the reference document's ContentRef kinds).
const (
	RefPage   = "page"
	RefFile   = "file"
	RefURL    = "url"
	RefAnchor = "anchor"
)

// LinkTarget is where a link points, resolved against its revision: a
// page (by id), a file, an anchor of the page itself, or a URL (external,
// in-app, or a page path that does not resolve).
type LinkTarget struct {
	Kind   string
	Page   string
	File   string
	URL    string
	Anchor string
}

// key orders and groups links by target.
func (t LinkTarget) key() string {
	return t.Kind + "\x00" + t.Page + "\x00" + t.File + "\x00" + t.URL + "\x00" + t.Anchor
}

// ContentLink is one target linked from the pages of a revision, with
// every page that links to it (in page id order).
type ContentLink struct {
	Key      string
	Status   string
	Relation string
	Target   LinkTarget
	Pages    []string
}

// LinkStats counts the links of a revision (or page) before any status filter.
type LinkStats struct {
	Total, Broken int
}

// RevisionLinks lists the links of a revision's pages (only those of page
// onlyPage when it is not empty), grouped by target and ordered by it, with
// their status. Links are read as extracted when their documents were
// stored; appURL is this server's public address, whose URLs are in-app.
func (s *Store) RevisionLinks(ctx context.Context, orgID string, t *Tree, onlyPage, appURL string) ([]ContentLink, LinkStats, error) {
	var pages []*Entry
	for _, e := range t.Pages() {
		if e.Type == PageDocument && e.Document != "" && (onlyPage == "" || e.ID == onlyPage) {
			pages = append(pages, e)
		}
	}
	slices.SortFunc(pages, func(a, b *Entry) int { return cmpString(a.ID, b.ID) })
	hashes := make([]string, 0, len(pages))
	for _, p := range pages {
		hashes = append(hashes, p.Document)
	}
	docLinks, err := s.documentLinks(ctx, orgID, hashes)
	if err != nil {
		return nil, LinkStats{}, err
	}
	r := newLinkResolver(t, appURL)
	byKey := map[string]*ContentLink{}
	var out []*ContentLink
	for _, p := range pages {
		for _, l := range docLinks[p.Document] {
			target, status, ok := r.resolve(p, l.Target)
			if !ok {
				continue
			}
			k := target.key() + "\x00" + l.Relation
			cl := byKey[k]
			if cl == nil {
				cl = &ContentLink{Key: k, Status: status, Relation: l.Relation, Target: target}
				byKey[k] = cl
				out = append(out, cl)
			}
			if n := len(cl.Pages); n == 0 || cl.Pages[n-1] != p.ID {
				cl.Pages = append(cl.Pages, p.ID)
			}
		}
	}
	slices.SortFunc(out, func(a, b *ContentLink) int { return cmpString(a.Key, b.Key) })
	links := make([]ContentLink, len(out))
	var st LinkStats
	for i, l := range out {
		links[i] = *l
		st.Total++
		if l.Status == LinkBroken {
			st.Broken++
		}
	}
	return links, st, nil
}

// FileBacklinks lists the pages of a revision that link to or show a file,
// by page id. NOT_FOUND when the revision has no such file.
func (s *Store) FileBacklinks(ctx context.Context, orgID string, t *Tree, fileID string) ([]string, error) {
	if t.Entries[EntryFile+":"+fileID] == nil {
		return nil, domain.NotFound("file")
	}
	links, _, err := s.RevisionLinks(ctx, orgID, t, "", "")
	if err != nil {
		return nil, err
	}
	var pages []string
	for _, l := range links {
		if l.Target.Kind == RefFile && l.Target.File == fileID {
			pages = append(pages, l.Pages...)
		}
	}
	slices.Sort(pages)
	return slices.Compact(pages), nil
}

// documentLinks loads the extracted links of documents by hash, in one
// statement. A document stored before links were extracted is parsed now
// and its links stored, once.
func (s *Store) documentLinks(ctx context.Context, orgID string, hashes []string) (map[string][]markdown.Link, error) {
	out := map[string][]markdown.Link{}
	if len(hashes) == 0 {
		return out, nil
	}
	var rows []document
	err := s.DB.NewSelect().Model(&rows).ColumnExpr("doc.hash, doc.links").
		ColumnExpr("CASE WHEN doc.links IS NULL THEN doc.markdown ELSE '' END AS markdown").
		Where("doc.organization_id = ? AND doc.hash IN (?)", orgID, bun.In(hashes)).Scan(ctx)
	if err != nil {
		return nil, dbError(err, "document")
	}
	for _, r := range rows {
		if r.Links == nil {
			r.Links = markdown.Links(r.Markdown)
			up := &document{Links: r.Links}
			_, err := s.DB.NewUpdate().Model(up).Column("links").
				Where("organization_id = ? AND hash = ?", orgID, r.Hash).Exec(ctx)
			if err != nil {
				return nil, dbError(err, "document")
			}
		}
		out[r.Hash] = r.Links
	}
	return out, nil
}

// linkResolver resolves link targets against one revision.
type linkResolver struct {
	t      *Tree
	paths  map[string]string // page id -> path
	byPath map[string]string // path -> page id
	app    string
}

func newLinkResolver(t *Tree, appURL string) *linkResolver {
	r := &linkResolver{t: t, paths: pagePaths(t), byPath: map[string]string{}, app: strings.TrimRight(appURL, "/")}
	for id, p := range r.paths {
		if e := t.Entries[EntryPage+":"+id]; e != nil && e.Type != PageLink {
			r.byPath[p] = id
		}
	}
	return r
}

// resolve turns a link written in page from into a target and its status;
// ok is false for links that point nowhere (empty).
func (r *linkResolver) resolve(from *Entry, raw string) (LinkTarget, string, bool) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return LinkTarget{}, "", false
	}
	if a, found := strings.CutPrefix(raw, "#"); found {
		return LinkTarget{Kind: RefAnchor, Page: from.ID, Anchor: a}, LinkOK, true
	}
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "" || u.Host != "" {
		status := LinkOK
		if r.app != "" && (raw == r.app || strings.HasPrefix(raw, r.app+"/")) {
			status = LinkInApp
		}
		return LinkTarget{Kind: RefURL, URL: raw}, status, true
	}
	p := u.Path
	if id, found := cutAny(p, "/files/", "files/"); found {
		if r.t.Entries[EntryFile+":"+id] == nil {
			return LinkTarget{Kind: RefFile, File: id}, LinkBroken, true
		}
		return LinkTarget{Kind: RefFile, File: id}, LinkOK, true
	}
	if id, found := cutAny(p, "/pages/", "pages/"); found {
		if e := r.t.Entries[EntryPage+":"+id]; e == nil {
			return LinkTarget{Kind: RefPage, Page: id}, LinkBroken, true
		}
		return LinkTarget{Kind: RefPage, Page: id, Anchor: u.Fragment}, LinkOK, true
	}
	// A path, as Git-synced markdown writes page links: relative to the
	// linking page's parent (or the top when it starts with '/'), with or
	// without ".md"; "README.md" stands for its folder.
	target := p
	if !strings.HasPrefix(p, "/") {
		target = path.Join(path.Dir(r.paths[from.ID]), p)
	}
	target = strings.TrimSuffix(strings.TrimSuffix(strings.Trim(path.Clean(target), "/"), ".md"), "/README")
	if id, found := r.byPath[target]; found {
		return LinkTarget{Kind: RefPage, Page: id, Anchor: u.Fragment}, LinkOK, true
	}
	return LinkTarget{Kind: RefURL, URL: raw}, LinkBroken, true
}

// cutAny returns the rest of s after the first prefix it has, when that
// rest is one path segment (an id).
func cutAny(s string, prefixes ...string) (string, bool) {
	for _, p := range prefixes {
		if rest, found := strings.CutPrefix(s, p); found && rest != "" && !strings.Contains(rest, "/") {
			return rest, true
		}
	}
	return "", false
}
