package export

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"image"
	_ "image/gif" // dimensions of GIF, JPEG and PNG files, as uploads get them
	_ "image/jpeg"
	_ "image/png"
	"io"
	"mime"
	"net/http"
	"net/url"
	"path"
	"regexp"
	"strings"

	"folio/domain"
	"folio/internal/blob"
	"folio/internal/markdown"
	"folio/store"
)

// Limits of an archive read for import.
const (
	MaxArchiveEntries = 100_000
	MaxArchiveBytes   = 1 << 30 // uncompressed, all entries together
)

// ReadArchive reads a zip or a gzip-compressed tar archive (told apart by
// their first bytes) into its regular files by path. When SUMMARY.md is
// not at the top but inside the one top-level folder (an archive of a
// repository), that folder is the top.
func ReadArchive(data []byte) (map[string][]byte, error) {
	files := map[string][]byte{}
	total := 0
	add := func(name string, r io.Reader) error {
		p := path.Clean(strings.TrimLeft(strings.ReplaceAll(name, `\`, "/"), "/"))
		if p == "." || p == ".." || strings.HasPrefix(p, "../") {
			return fmt.Errorf("archive entry %q is outside the archive", name)
		}
		if len(files) >= MaxArchiveEntries {
			return fmt.Errorf("archive has more than %d entries", MaxArchiveEntries)
		}
		b, err := io.ReadAll(io.LimitReader(r, int64(MaxArchiveBytes-total)+1))
		if err != nil {
			return fmt.Errorf("archive entry %s: %w", name, err)
		}
		if total += len(b); total > MaxArchiveBytes {
			return fmt.Errorf("archive holds more than %d bytes", MaxArchiveBytes)
		}
		files[p] = b
		return nil
	}
	switch {
	case bytes.HasPrefix(data, []byte("PK")):
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return nil, fmt.Errorf("read zip: %w", err)
		}
		for _, f := range zr.File {
			if f.FileInfo().IsDir() {
				continue
			}
			rc, err := f.Open()
			if err != nil {
				return nil, fmt.Errorf("archive entry %s: %w", f.Name, err)
			}
			err = add(f.Name, rc)
			rc.Close()
			if err != nil {
				return nil, err
			}
		}
	case bytes.HasPrefix(data, []byte{0x1f, 0x8b}):
		gz, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("read gzip: %w", err)
		}
		tr := tar.NewReader(gz)
		for {
			h, err := tr.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return nil, fmt.Errorf("read tar: %w", err)
			}
			if h.Typeflag != tar.TypeReg {
				continue
			}
			if err := add(h.Name, tr); err != nil {
				return nil, err
			}
		}
	default:
		return nil, errors.New("not a zip or tar.gz archive")
	}
	if _, ok := files[SummaryFile]; !ok {
		var top string
		for p := range files {
			d, _, _ := strings.Cut(p, "/")
			if d == p || (top != "" && d != top) {
				return files, nil
			}
			top = d
		}
		if _, ok := files[top+"/"+SummaryFile]; ok {
			inner := make(map[string][]byte, len(files))
			for p, b := range files {
				inner[strings.TrimPrefix(p, top+"/")] = b
			}
			return inner, nil
		}
	}
	return files, nil
}

// item is one entry of SUMMARY.md: a group heading, a page file or a link.
type item struct {
	title, target string
	group         bool
	indent        int
	children      []*item
}

var (
	headingLine = regexp.MustCompile(`^(#{1,6})\s+(.*?)\s*#*\s*$`)
	itemLine    = regexp.MustCompile(`^(\s*)[*+-]\s+\[`)
)

// parseSummary reads SUMMARY.md into its top-level items (groups hold
// theirs). Lines that are neither headings nor link items are skipped.
func parseSummary(src string) []*item {
	var top []*item
	type open struct {
		indent int
		it     *item
	}
	var stack []open
	var group *item
	for _, line := range strings.Split(markdown.Normalize(src), "\n") {
		line = strings.ReplaceAll(line, "\t", "    ")
		if m := headingLine.FindStringSubmatch(line); m != nil {
			if len(m[1]) >= 2 {
				group = &item{title: m[2], group: true}
				top, stack = append(top, group), nil
			}
			continue
		}
		m := itemLine.FindStringSubmatchIndex(line)
		if m == nil {
			continue
		}
		title, target, ok := parseLink(line[m[1]:])
		if !ok {
			continue
		}
		it := &item{title: title, target: target, indent: m[3] - m[2]}
		for len(stack) > 0 && stack[len(stack)-1].indent >= it.indent {
			stack = stack[:len(stack)-1]
		}
		switch {
		case len(stack) > 0:
			p := stack[len(stack)-1].it
			p.children = append(p.children, it)
		case group != nil:
			group.children = append(group.children, it)
		default:
			top = append(top, it)
		}
		stack = append(stack, open{it.indent, it})
	}
	return top
}

// parseLink reads "Title](target)" (the text after an item's "["): the
// title with its backslash escapes undone, and the destination, without
// its angle brackets or link title.
func parseLink(s string) (title, target string, ok bool) {
	var t strings.Builder
	i := 0
	for ; i < len(s) && s[i] != ']'; i++ {
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\\[]`*_{}()#+-.!<>", s[i+1]) >= 0 {
			i++
		}
		t.WriteByte(s[i])
	}
	if i+1 >= len(s) || s[i+1] != '(' {
		return "", "", false
	}
	rest := s[i+2:]
	if strings.HasPrefix(rest, "<") {
		end := strings.IndexByte(rest, '>')
		if end < 0 {
			return "", "", false
		}
		target = rest[1:end]
	} else {
		end := strings.IndexAny(rest, " )")
		if end < 0 {
			return "", "", false
		}
		target = rest[:end]
	}
	return t.String(), target, target != ""
}

// isURL reports whether a SUMMARY.md target is a link page's URL.
func isURL(target string) bool {
	u, err := url.Parse(target)
	return err == nil && (u.Scheme != "" || strings.HasPrefix(target, "//"))
}

// page is a page to create.
type page struct {
	title, slug string
	file        string // its markdown file ("" for a page made of a group or link)
	md          string
	meta        meta
	children    []*page
	id, ref     string // once inserted; the ref inside the update inserting it
}

var slugPattern = regexp.MustCompile(`^[a-zA-Z0-9][a-zA-Z0-9._-]*$`)

// plan turns SUMMARY.md items into pages; what Folio's API cannot create
// (groups, link pages) becomes the nearest thing it can, with a warning.
type plan struct {
	top      []*page
	byFile   map[string]*page
	assets   map[string][]byte // by path
	warnings []string
}

func (pl *plan) warn(format string, args ...any) {
	pl.warnings = append(pl.warnings, fmt.Sprintf(format, args...))
}

func newPlan(files map[string][]byte) (*plan, error) {
	sum, ok := files[SummaryFile]
	if !ok {
		return nil, domain.Invalid("archive", "has no %s", SummaryFile)
	}
	pl := &plan{byFile: map[string]*page{}, assets: map[string][]byte{}}
	var pages func(items []*item, depth int) ([]*page, error)
	pages = func(items []*item, depth int) ([]*page, error) {
		var out []*page
		slugs := map[string]bool{}
		for _, it := range items {
			p := &page{title: strings.TrimSpace(it.title)}
			if p.title == "" {
				p.title = "Untitled"
			}
			switch {
			case it.group && depth == 0:
				p.slug = groupSlug(it)
				pl.warn("group %q is imported as a page holding its pages: Folio's API cannot create groups", it.title)
			case isURL(it.target):
				p.md = "[" + escapeTitle(p.title) + "](" + escapeTarget(it.target) + ")\n"
				p.slug = domain.Slugify(p.title)
				pl.warn("link %q is imported as a page linking to %s: Folio's API cannot create link pages", it.title, it.target)
			default:
				f, err := url.PathUnescape(it.target)
				if err != nil {
					f = it.target
				}
				f = path.Clean(strings.TrimPrefix(f, "/"))
				if pl.byFile[f] != nil {
					return nil, domain.Invalid(SummaryFile, "lists %s twice", f)
				}
				p.file, p.slug = f, fileSlug(f, p.title)
				pl.byFile[f] = p
				raw, ok := files[f]
				if !ok {
					pl.warn("%s lists %s, which the archive lacks: the page is empty", SummaryFile, f)
				}
				p.md = markdown.Normalize(string(raw))
				fm, _, _, _ := splitFrontmatter(p.md)
				if p.meta, err = readMeta(fm); err != nil {
					return nil, domain.Invalid(f, "%s", err.Error())
				}
				if _, err := markdown.Read(p.md); err != nil {
					return nil, domain.Invalid(f, "%s", err.Error())
				}
			}
			p.slug = freeSlug(slugs, p.slug)
			kids, err := pages(it.children, depth+1)
			if err != nil {
				return nil, err
			}
			p.children = kids
			out = append(out, p)
		}
		return out, nil
	}
	var err error
	if pl.top, err = pages(parseSummary(string(sum)), 0); err != nil {
		return nil, err
	}
	skipped := 0
	for _, f := range sortedKeys(files) {
		switch {
		case strings.HasPrefix(f, AssetsDir+"/"):
			pl.assets[f] = files[f]
		case f == SummaryFile || pl.byFile[f] != nil:
		case strings.HasSuffix(f, ".md"):
			pl.warn("%s is not in %s: not imported", f, SummaryFile)
		default:
			skipped++
		}
	}
	if skipped > 0 {
		pl.warn("%d files outside %s and %s are not imported", skipped, AssetsDir, SummaryFile)
	}
	return pl, nil
}

// fileSlug is the slug a page file's path gives: the file's name without
// .md, or the folder's name for a README.md (the top README.md, the first
// page of a GitBook repository, takes its slug from its title).
func fileSlug(f, title string) string {
	base := path.Base(f)
	slug := strings.TrimSuffix(base, path.Ext(base))
	if strings.EqualFold(base, ReadmeFile) {
		if d := path.Dir(f); d != "." {
			slug = path.Base(d)
		} else {
			slug = domain.Slugify(title)
		}
	}
	return slug
}

// groupSlug is the folder a group's pages share, else its title's slug.
func groupSlug(it *item) string {
	dir := ""
	for _, c := range it.children {
		d, _, found := strings.Cut(strings.TrimPrefix(c.target, "/"), "/")
		if !found || (dir != "" && d != dir) || isURL(c.target) {
			return domain.Slugify(it.title)
		}
		dir = d
	}
	if dir == "" {
		return domain.Slugify(it.title)
	}
	return dir
}

// freeSlug makes a slug valid and unique among its siblings.
func freeSlug(taken map[string]bool, slug string) string {
	if len(slug) > 100 || !slugPattern.MatchString(slug) {
		slug = domain.Slugify(slug)
	}
	s := slug
	for n := 2; taken[s]; n++ {
		s = fmt.Sprintf("%s-%d", slug, n)
	}
	taken[s] = true
	return s
}

// Actor finds who an import acts as: the member with this e-mail, who needs
// the create role in the organization (as creating a space through the API
// does); without an e-mail, the organization's longest-standing admin.
func Actor(ctx context.Context, s *store.Store, orgID, email string) (*store.User, error) {
	orgs, err := s.OrganizationsByID(ctx, []string{orgID})
	if err != nil {
		return nil, err
	}
	if len(orgs) == 0 {
		return nil, domain.NotFound("organization")
	}
	if email == "" {
		admin := domain.RoleAdmin
		ms, err := s.ListMembers(ctx, orgID, store.MemberFilter{Role: &admin}, store.PageArgs{Limit: 100})
		if err != nil {
			return nil, err
		}
		for _, m := range ms.Items {
			if !m.Disabled {
				us, err := s.UsersByID(ctx, []string{m.UserID})
				if err != nil || len(us) == 0 {
					return nil, errors.Join(err, domain.NotFound("user"))
				}
				return &us[0], nil
			}
		}
		return nil, domain.Errorf(domain.CodeNotFound, "organization %s has no admin to act as: give --email", orgID)
	}
	u := new(store.User)
	if err := s.DB.NewSelect().Model(u).Where("lower(email) = lower(?)", strings.TrimSpace(email)).Scan(ctx); err != nil {
		return nil, domain.Errorf(domain.CodeNotFound, "no user has the e-mail %s", email)
	}
	ms, err := s.MembersByKey(ctx, []store.MemberKey{{OrganizationID: orgID, UserID: u.ID}})
	if err != nil {
		return nil, err
	}
	if len(ms) == 0 || ms[0].Disabled {
		return nil, domain.Errorf(domain.CodeForbidden, "%s is not a member of organization %s", email, orgID)
	}
	if !ms[0].Role.AtLeast(domain.RoleCreate) {
		return nil, domain.Errorf(domain.CodeForbidden, "%s needs the %s role in organization %s to create a space", email, domain.RoleCreate, orgID)
	}
	return u, nil
}

// Result says what an import made.
type Result struct {
	Space        *store.Space
	Pages, Files int
	Warnings     []string
}

// Import creates a space titled title in an organization from an archive,
// as user (see Actor), through the store methods the API's mutations use:
// createSpace, then one change request whose content updates insert the
// files and the pages (in SUMMARY.md order) and set their documents, then
// its merge. Nothing is created when the archive cannot be read; a later
// failure deletes the new space.
func Import(ctx context.Context, s *store.Store, blobs blob.Store, orgID string, user *store.User, title string, data []byte) (*Result, error) {
	files, err := ReadArchive(data)
	if err != nil {
		return nil, domain.Invalid("archive", "%s", err.Error())
	}
	pl, err := newPlan(files)
	if err != nil {
		return nil, err
	}
	var newFiles []store.NewFile
	paths := sortedKeys(pl.assets)
	for _, p := range paths {
		b := pl.assets[p]
		nf := store.NewFile{Name: path.Base(p), ContentType: contentType(p, b), Size: int64(len(b))}
		if cfg, _, err := image.DecodeConfig(bytes.NewReader(b)); err == nil {
			nf.Width, nf.Height = cfg.Width, cfg.Height
		}
		if nf.Blob, err = blobs.Put(ctx, b); err != nil {
			return nil, fmt.Errorf("store %s: %w", p, err)
		}
		newFiles = append(newFiles, nf)
	}
	if title == "" {
		title = "Untitled"
	}
	sp, err := s.CreateSpace(ctx, orgID, store.NewSpace{Title: title, Visibility: store.VisibilityPrivate, EditMode: store.EditLive})
	if err != nil {
		return nil, err
	}
	res := &Result{Space: sp, Files: len(newFiles), Warnings: pl.warnings}
	if err := fill(ctx, s, sp, user, pl, paths, newFiles, res); err != nil {
		if derr := s.DeleteSpace(context.WithoutCancel(ctx), sp.ID); derr != nil {
			err = errors.Join(err, fmt.Errorf("delete the half-imported space %s: %w", sp.ID, derr))
		}
		return nil, err
	}
	if res.Space, err = s.Space(ctx, sp.ID); err != nil {
		return nil, err
	}
	return res, nil
}

// fill writes the content of a new space.
func fill(ctx context.Context, s *store.Store, sp *store.Space, user *store.User, pl *plan, paths []string, newFiles []store.NewFile, res *Result) error {
	cr, err := s.CreateChangeRequest(ctx, sp, user.ID, "Import")
	if err != nil {
		return err
	}
	update := func(changes []store.PageChange) (*store.ContentUpdate, error) {
		return s.UpdateChangeRequestContent(ctx, sp.ID, cr.ID, user.ID, changes)
	}
	// Files, 20 to a change.
	fileIDs := map[string]string{}
	var changes []store.PageChange
	for start := 0; start < len(newFiles); start += 20 {
		changes = append(changes, store.PageChange{Operation: store.OpInsertFiles, Files: newFiles[start:min(start+20, len(newFiles))]})
	}
	for start := 0; start < len(changes); start += store.MaxChanges {
		out, err := update(changes[start:min(start+store.MaxChanges, len(changes))])
		if err != nil {
			return fmt.Errorf("files: %w", err)
		}
		for _, f := range out.Files {
			fileIDs[paths[len(fileIDs)]] = f.ID
		}
	}
	// Pages, parents first: a parent inserted in an earlier update is
	// named by id, in the same one by ref.
	type placed struct {
		p      *page
		parent *page
	}
	var order []placed
	var walk func(parent *page, ps []*page)
	walk = func(parent *page, ps []*page) {
		for _, p := range ps {
			order = append(order, placed{p, parent})
		}
		for _, p := range ps {
			walk(p, p.children)
		}
	}
	walk(nil, pl.top)
	for start := 0; start < len(order); start += store.MaxChanges {
		batch := order[start:min(start+store.MaxChanges, len(order))]
		changes := make([]store.PageChange, len(batch))
		refs := map[string]*page{}
		for i, b := range batch {
			p := b.p
			p.ref = fmt.Sprint("p", start+i)
			refs[p.ref] = p
			emoji := p.meta.emoji()
			hidden, noIndex, noRobots := flag(p.meta.Hidden), flag(p.meta.NoIndex), flag(p.meta.NoRobotsIndex)
			c := store.PageChange{Operation: store.OpInsertPage, Ref: p.ref, Title: &p.title, Slug: &p.slug,
				Emoji: &emoji, Description: &p.meta.Description, Hidden: &hidden, NoIndex: &noIndex, NoRobotsIndex: &noRobots}
			if b.parent != nil {
				into := b.parent.id
				if into == "" {
					into = b.parent.ref // inserted earlier in this update
				}
				c.Into = &into
			}
			changes[i] = c
		}
		out, err := update(changes)
		if err != nil {
			return fmt.Errorf("pages: %w", err)
		}
		for _, o := range out.Changes {
			if p := refs[o.Ref]; p != nil {
				p.id = o.Page
			}
		}
		res.Pages += len(batch)
	}
	// Documents, now that every page and file has its id; then the
	// title SUMMARY.md gives where the document's heading said another.
	changes = nil
	for _, b := range order {
		p := b.p
		if p.md == "" {
			continue
		}
		md := p.md
		if p.file != "" {
			dir := path.Dir(p.file)
			_, head, body, _ := splitFrontmatter(md)
			md = head + rewrite(body, func(target string) (string, bool) {
				if isURL(target) || strings.HasPrefix(target, "/") {
					return "", false
				}
				t, err := url.PathUnescape(target)
				if err != nil {
					return "", false
				}
				f := path.Join(dir, t)
				if id := fileIDs[f]; id != "" && (relPath(dir, f) == target || rawRelPath(dir, f) == target) {
					return "/files/" + id, true
				}
				if q := pl.byFile[f]; q != nil && relPath(dir, f) == target {
					return "/pages/" + q.id, true
				}
				return "", false
			})
		}
		changes = append(changes, store.PageChange{Operation: store.OpUpdatePage, Page: p.id, Markdown: &md})
		if m, _ := markdown.Read(md); m.Title != "" && m.Title != p.title {
			changes = append(changes, store.PageChange{Operation: store.OpUpdatePage, Page: p.id, Title: &p.title})
		}
	}
	for start := 0; start < len(changes); start += store.MaxChanges {
		if _, err := update(changes[start:min(start+store.MaxChanges, len(changes))]); err != nil {
			return fmt.Errorf("documents: %w", err)
		}
	}
	if _, err := s.MergeChangeRequest(ctx, sp.ID, cr.ID, user.ID); err != nil {
		return fmt.Errorf("merge: %w", err)
	}
	return nil
}

// contentType is a file's media type from its name, else its bytes.
func contentType(name string, b []byte) string {
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		if mt, _, err := mime.ParseMediaType(t); err == nil {
			return mt
		}
	}
	mt, _, _ := mime.ParseMediaType(http.DetectContentType(b))
	return mt
}
