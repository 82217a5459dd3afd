package store

import (
	"context"
	"regexp"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"folio/domain"
)

// Redirects of a published site (GitBook's site redirects): a source path
// below the site leads elsewhere. The reader asks for one only when a path
// names no page, so a redirect never hides a page.

// Redirect destination kinds (GitBook's SiteRedirectDestination).
const (
	RedirectToPage     = "site-page"
	RedirectToSpace    = "site-space"
	RedirectToSection  = "site-section"
	RedirectToExternal = "external"
)

// MaxRedirectSource is the longest source path (GitBook's SiteRedirectSourcePath).
const MaxRedirectSource = 512

// MaxRedirectBulk is how many redirects one bulk upsert may carry.
const MaxRedirectBulk = 1000

// redirectSource is GitBook's SiteRedirectSourcePath pattern, less its
// look-aheads (RE2 has none): segments of unreserved characters or
// percent-escapes, optionally ending in "/*" or "*" (checked apart: a '*'
// only at the end, and never right after the leading '/').
var redirectSource = regexp.MustCompile(`^/(?:[A-Za-z0-9\-._~+]|%[0-9A-Fa-f]{2})+(?:/(?:[A-Za-z0-9\-._~+]|%[0-9A-Fa-f]{2})+)*(?:/\*|\*)?$`)

// CheckRedirectSource validates a source path.
func CheckRedirectSource(field, src string) error {
	if len(src) > MaxRedirectSource {
		return domain.Invalid(field, "must be at most %d characters", MaxRedirectSource)
	}
	if !redirectSource.MatchString(src) || strings.HasPrefix(src, "/*") {
		return domain.Invalid(field, "must be a path such as /old/page (letters, digits, -._~+ or %%XX escapes in each segment, optionally ending in /* or *)")
	}
	return nil
}

// Redirect is one redirect of a site.
type Redirect struct {
	bun.BaseModel `bun:"table:site_redirects,alias:rd"`

	ID              string     `bun:"id,pk"`
	OrganizationID  string     `bun:"organization_id"`
	SiteID          string     `bun:"site_id"`
	Source          string     `bun:"source"`
	Draft           bool       `bun:"draft"`
	CaptureWildcard bool       `bun:"capture_wildcard"`
	Permanent       bool       `bun:"permanent"`
	Automatic       bool       `bun:"automatic"`
	Kind            string     `bun:"dest_kind"`
	URL             *string    `bun:"dest_url"`
	SiteSpaceID     *string    `bun:"dest_site_space_id"`
	PageID          *string    `bun:"dest_page_id"`
	SiteSectionID   *string    `bun:"dest_site_section_id"`
	CreatedAt       time.Time  `bun:"created_at"`
	UpdatedAt       *time.Time `bun:"updated_at"`
}

// RedirectDestination is where a redirect leads: Kind and the fields of
// that kind.
type RedirectDestination struct {
	Kind          string
	URL           *string
	SiteSpaceID   *string
	PageID        *string
	SiteSectionID *string
}

// Destination returns the redirect's destination.
func (r *Redirect) Destination() RedirectDestination {
	return RedirectDestination{Kind: r.Kind, URL: r.URL, SiteSpaceID: r.SiteSpaceID, PageID: r.PageID, SiteSectionID: r.SiteSectionID}
}

func (r *Redirect) setDestination(d RedirectDestination) {
	r.Kind, r.URL, r.SiteSpaceID, r.PageID, r.SiteSectionID = d.Kind, d.URL, d.SiteSpaceID, d.PageID, d.SiteSectionID
}

// RedirectFilter narrows a list of redirects.
type RedirectFilter struct {
	Draft  bool
	Search string // a part of the source path
}

var redirectKeyset = keyset{name: "site-redirects", cols: []string{"rd.created_at", "rd.id"}, desc: true}

// ListRedirects lists a site's live (or draft) redirects, newest first.
func (s *Store) ListRedirects(ctx context.Context, siteID string, f RedirectFilter, args PageArgs) (Page[Redirect], error) {
	q := s.DB.NewSelect().Model((*Redirect)(nil)).Where("rd.site_id = ? AND rd.draft = ?", siteID, f.Draft)
	if f.Search != "" {
		q.Where("strpos(lower(rd.source), lower(?)) > 0", f.Search)
	}
	scope := "live"
	if f.Draft {
		scope = "draft"
	}
	return listPage(ctx, s, q, redirectKeyset.in(siteID, scope, f.Search), args, func(r *Redirect) []any { return []any{r.CreatedAt, r.ID} })
}

// Redirect loads a redirect of a site.
func (s *Store) Redirect(ctx context.Context, siteID, id string) (*Redirect, error) {
	r := new(Redirect)
	err := s.DB.NewSelect().Model(r).Where("rd.id = ? AND rd.site_id = ?", id, siteID).Scan(ctx)
	return r, dbError(err, "site redirect")
}

// RedirectBySource loads the live redirect of a site with this source.
func (s *Store) RedirectBySource(ctx context.Context, siteID, source string) (*Redirect, error) {
	r := new(Redirect)
	err := s.readOn(ctx, func(db bun.IDB) error {
		return db.NewSelect().Model(r).Where("rd.site_id = ? AND NOT rd.draft AND rd.source = ?", siteID, source).Scan(ctx)
	})
	return r, dbError(err, "site redirect")
}

// RedirectCandidates are the sources that may match a path below a site,
// most specific first: the path itself, then "/a/b/*" and "/a/b*" for each
// of its ancestors (wildcard sources).
func RedirectCandidates(path string) []string {
	path = "/" + strings.Trim(path, "/")
	out := []string{path}
	for p := path; ; {
		i := strings.LastIndexByte(p, '/')
		if i <= 0 {
			break
		}
		p = p[:i]
		out = append(out, p+"/*", p+"*")
	}
	return out
}

// MatchRedirect finds the live redirect of a site whose source is the
// first of candidates that has one (one statement, on the unique index).
// It returns nil when none matches.
func (s *Store) MatchRedirect(ctx context.Context, siteID string, candidates []string) (*Redirect, error) {
	if len(candidates) == 0 {
		return nil, nil
	}
	var rows []Redirect
	err := s.readOn(ctx, func(db bun.IDB) error {
		rows = rows[:0]
		return db.NewSelect().Model(&rows).
			Where("rd.site_id = ? AND NOT rd.draft AND rd.source IN (?)", siteID, bun.In(candidates)).Scan(ctx)
	})
	if err != nil {
		return nil, dbError(err, "site redirect")
	}
	for _, c := range candidates {
		for i := range rows {
			if rows[i].Source == c {
				return &rows[i], nil
			}
		}
	}
	return nil, nil
}

// RedirectInput is a redirect to create or change.
type RedirectInput struct {
	Source          string
	Draft           bool
	CaptureWildcard bool
	Permanent       bool
	Automatic       bool
	Destination     RedirectDestination
}

// CreateRedirect creates a redirect; a source the site already has
// (live or draft alike) is a conflict.
func (s *Store) CreateRedirect(ctx context.Context, site *Site, in RedirectInput) (*Redirect, error) {
	r := &Redirect{ID: domain.NewID(), OrganizationID: site.OrganizationID, SiteID: site.ID, Source: in.Source, Draft: in.Draft,
		CaptureWildcard: in.CaptureWildcard, Permanent: in.Permanent, Automatic: in.Automatic, CreatedAt: s.Now()}
	r.setDestination(in.Destination)
	_, err := s.DB.NewInsert().Model(r).Exec(ctx)
	if err != nil {
		return nil, dbError(err, "site redirect")
	}
	return r, nil
}

// UpdateRedirect stores a changed redirect (every field of r); it is no
// longer automatic once someone edits it.
func (s *Store) UpdateRedirect(ctx context.Context, r *Redirect) (*Redirect, error) {
	now := s.Now()
	r.UpdatedAt = &now
	_, err := s.DB.NewUpdate().Model(r).WherePK().
		Column("source", "draft", "capture_wildcard", "permanent", "automatic", "dest_kind", "dest_url",
			"dest_site_space_id", "dest_page_id", "dest_site_section_id", "updated_at").Exec(ctx)
	if err != nil {
		return nil, dbError(err, "site redirect")
	}
	return r, nil
}

// DeleteRedirect removes a redirect; it reports whether there was one.
func (s *Store) DeleteRedirect(ctx context.Context, siteID, id string) (bool, error) {
	res, err := s.DB.NewDelete().Table("site_redirects").Where("id = ? AND site_id = ?", id, siteID).Exec(ctx)
	if err != nil {
		return false, dbError(err, "site redirect")
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// BulkRedirect is one item of a bulk upsert: Destination nil deletes the
// redirect with that source and draft state.
type BulkRedirect struct {
	Source          string
	Draft           bool
	Publish         bool // the draft redirect of Source becomes the live one
	CaptureWildcard bool
	Permanent       *bool
	Destination     *RedirectDestination
}

// BulkResult is the outcome of one item: created, updated, deleted,
// published, or error (with Error set).
type BulkResult struct {
	Status string
	Source string
	Draft  bool
	ID     string
	Error  string
}

// BulkUpsertRedirects applies items in one transaction, each on its own:
// an item that cannot apply reports an error and the others still apply.
// Items were validated by the caller.
func (s *Store) BulkUpsertRedirects(ctx context.Context, site *Site, items []BulkRedirect) ([]BulkResult, error) {
	out := make([]BulkResult, len(items))
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		// One read of the site's redirects, then one write per item.
		var rows []Redirect
		if err := tx.NewSelect().Model(&rows).Where("rd.site_id = ?", site.ID).Scan(ctx); err != nil {
			return dbError(err, "site redirect")
		}
		type key struct {
			source string
			draft  bool
		}
		have := make(map[key]*Redirect, len(rows))
		for i := range rows {
			have[key{rows[i].Source, rows[i].Draft}] = &rows[i]
		}
		now := s.Now()
		for i, it := range items {
			res := BulkResult{Source: it.Source, Draft: it.Draft}
			k := key{it.Source, it.Draft}
			cur := have[k]
			switch {
			case it.Publish:
				res.Draft = false
				d := have[key{it.Source, true}]
				if d == nil {
					res.Status, res.Error = "error", "no draft redirect has this source"
					break
				}
				if live := have[key{it.Source, false}]; live != nil {
					if _, err := tx.NewDelete().Table("site_redirects").Where("id = ?", live.ID).Exec(ctx); err != nil {
						return dbError(err, "site redirect")
					}
				}
				d.Draft, d.UpdatedAt = false, &now
				if _, err := tx.NewUpdate().Model(d).WherePK().Column("draft", "updated_at").Exec(ctx); err != nil {
					return dbError(err, "site redirect")
				}
				delete(have, key{it.Source, true})
				have[key{it.Source, false}] = d
				res.Status, res.ID = "published", d.ID
			case it.Destination == nil:
				if cur == nil {
					res.Status, res.Error = "error", "no redirect has this source"
					break
				}
				if _, err := tx.NewDelete().Table("site_redirects").Where("id = ?", cur.ID).Exec(ctx); err != nil {
					return dbError(err, "site redirect")
				}
				delete(have, k)
				res.Status, res.ID = "deleted", cur.ID
			case cur != nil:
				cur.setDestination(*it.Destination)
				cur.CaptureWildcard, cur.Automatic, cur.UpdatedAt = it.CaptureWildcard, false, &now
				if it.Permanent != nil {
					cur.Permanent = *it.Permanent
				}
				if _, err := tx.NewUpdate().Model(cur).WherePK().Column("capture_wildcard", "permanent", "automatic", "dest_kind", "dest_url",
					"dest_site_space_id", "dest_page_id", "dest_site_section_id", "updated_at").Exec(ctx); err != nil {
					return dbError(err, "site redirect")
				}
				res.Status, res.ID = "updated", cur.ID
			default:
				r := &Redirect{ID: domain.NewID(), OrganizationID: site.OrganizationID, SiteID: site.ID, Source: it.Source, Draft: it.Draft,
					CaptureWildcard: it.CaptureWildcard, Permanent: it.Permanent != nil && *it.Permanent, CreatedAt: now}
				r.setDestination(*it.Destination)
				if _, err := tx.NewInsert().Model(r).Exec(ctx); err != nil {
					return dbError(err, "site redirect")
				}
				have[k] = r
				res.Status, res.ID = "created", r.ID
			}
			out[i] = res
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// RevisionPagePaths loads the content of a revision and returns every
// page's path and type by page id.
func (s *Store) RevisionPagePaths(ctx context.Context, orgID, revisionID string) (map[string]*Entry, map[string]string, error) {
	revs, err := s.RevisionsByID(ctx, []string{revisionID})
	if err != nil {
		return nil, nil, err
	}
	if len(revs) == 0 {
		return nil, nil, domain.NotFound("revision")
	}
	t, err := s.Tree(ctx, TreeKey{OrganizationID: orgID, Root: revs[0].Root})
	if err != nil {
		return nil, nil, err
	}
	pages := map[string]*Entry{}
	for _, e := range t.Pages() {
		pages[e.ID] = e
	}
	return pages, pagePaths(t), nil
}

// autoRedirects gives each page a merge moved or renamed a redirect from
// its old path, in every published site that shows the space (each site
// space of it, with its section and site space prefix), to the page
// itself: links to the old address keep working. It runs in the merge's
// transaction; a site with a redirect from that path already keeps its
// own. The merge calls it only when a published site shows the space.
func autoRedirects(ctx context.Context, tx bun.IDB, orgID, spaceID, oldRoot, newRoot string, now time.Time) error {
	if oldRoot == newRoot {
		return nil
	}
	var shown []struct {
		SiteID      string  `bun:"site_id"`
		SiteSpaceID string  `bun:"id"`
		Path        string  `bun:"path"`
		SectionPath *string `bun:"section_path"`
	}
	err := tx.NewRaw(`SELECT ss.site_id, ss.id, ss.path, sec.path AS section_path
		FROM site_spaces ss JOIN sites s ON s.id = ss.site_id LEFT JOIN site_sections sec ON sec.id = ss.section_id
		WHERE ss.space_id = ? AND s.published`, spaceID).Scan(ctx, &shown)
	if err != nil || len(shown) == 0 {
		return dbError(err, "site space")
	}
	before, err := loadTree(ctx, tx, orgID, oldRoot)
	if err != nil {
		return err
	}
	after, err := loadTree(ctx, tx, orgID, newRoot)
	if err != nil {
		return err
	}
	oldPaths, newPaths := pagePaths(before), pagePaths(after)
	var rows []Redirect
	for _, e := range after.Pages() {
		was, ok := oldPaths[e.ID]
		if !ok || was == newPaths[e.ID] || e.Type != PageDocument {
			continue
		}
		for _, ss := range shown {
			prefix := "/" + ss.Path
			if ss.SectionPath != nil {
				prefix = "/" + *ss.SectionPath + prefix
			}
			src := prefix + "/" + was
			if CheckRedirectSource("source", src) != nil {
				continue // a path no redirect can have (too long)
			}
			ssID, pageID := ss.SiteSpaceID, e.ID
			rows = append(rows, Redirect{ID: domain.NewID(), OrganizationID: orgID, SiteID: ss.SiteID, Source: src, Automatic: true,
				Kind: RedirectToPage, SiteSpaceID: &ssID, PageID: &pageID, CreatedAt: now})
		}
	}
	if len(rows) == 0 {
		return nil
	}
	_, err = tx.NewInsert().Model(&rows).On("CONFLICT (site_id, draft, source) DO NOTHING").Exec(ctx)
	return dbError(err, "site redirect")
}
