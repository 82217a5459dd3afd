// Package export writes a space's content as a folder of markdown files,
// the layout of GitBook's Git Sync, and reads such a folder back into a
// new space.
//
// The layout: a page is path/to/slug.md, a page with subpages is
// slug/README.md with the subpages inside slug/; SUMMARY.md is the table of
// contents (`* [Title](path.md)` items nested by two-space indentation,
// groups as `## Title` headings, link pages as `* [Title](https://...)`);
// a page's description, emoji, hidden and indexing flags are in its
// file's YAML frontmatter; the space's files are .gitbook/assets/<name>.
// Links to pages (/pages/<id>) and files (/files/<id>) become paths
// relative to the linking file, and back on import.
//
// Archives are deterministic: the same content gives the same bytes
// (entries sorted by path, fixed modification times, no other metadata), so
// export, import into a new space and export again gives the same archive.
package export

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"path"
	"regexp"
	"slices"
	"strings"
	"time"

	"folio/domain"
	"folio/internal/blob"
	"folio/store"
)

// Names of the layout.
const (
	SummaryFile = "SUMMARY.md"
	ReadmeFile  = "README.md"
	AssetsDir   = ".gitbook/assets"
)

// Formats of an archive.
const (
	FormatZip   = "zip"
	FormatTarGz = "tar"
)

// modTime is the modification time of every entry: the earliest an MS-DOS
// (zip) time can say.
// contentRef is a content-ref block to a page by id whose link is named
// by the id, as markdown.FromDocument writes one (a document's page card
// has no text).
var contentRef = regexp.MustCompile(`(?m)^(\{% content-ref url="/pages/([A-Za-z0-9_-]+)" %\}\n\[)([A-Za-z0-9_-]+)(\]\(/pages/([A-Za-z0-9_-]+)\)\n\{% endcontent-ref %\})`)

// contentRefNames names the link of a content-ref block to a page by the
// page's file name, as GitBook's Git Sync writes it ([install.md](install.md)).
func contentRefNames(body string, pagePaths map[string]string) string {
	return contentRef.ReplaceAllStringFunc(body, func(m string) string {
		g := contentRef.FindStringSubmatch(m)
		if g[2] != g[3] || g[3] != g[5] || pagePaths[g[2]] == "" {
			return m
		}
		return g[1] + path.Base(pagePaths[g[2]]) + g[4]
	})
}

var modTime = time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)

// File is one entry of an archive: its bytes, or the blob holding them.
type File struct {
	Path string
	Data []byte
	Blob string
}

// Archive is the exported content of a space, entries sorted by path.
type Archive struct {
	Files []File
	blobs blob.Store
}

// Export builds the archive of a space's current revision. A file whose
// bytes are missing from the blob store is an error (an archive is never
// written without them).
func Export(ctx context.Context, s *store.Store, blobs blob.Store, sp *store.Space) (*Archive, error) {
	revs, err := s.RevisionsByID(ctx, []string{sp.RevisionID})
	if err != nil {
		return nil, err
	}
	if len(revs) == 0 {
		return nil, domain.NotFound("revision")
	}
	t, err := s.Tree(ctx, store.TreeKey{OrganizationID: sp.OrganizationID, Root: revs[0].Root})
	if err != nil {
		return nil, err
	}
	var keys []store.DocumentKey
	for _, e := range t.Pages() {
		if e.Document != "" {
			keys = append(keys, store.DocumentKey{OrganizationID: sp.OrganizationID, Hash: e.Document})
		}
	}
	docs, err := s.Documents(ctx, keys)
	if err != nil {
		return nil, err
	}
	a, err := build(t, docs)
	if err != nil {
		return nil, err
	}
	a.blobs = blobs
	for _, f := range a.Files {
		if f.Blob == "" {
			continue
		}
		rc, err := blobs.Open(ctx, f.Blob)
		if err != nil {
			return nil, fmt.Errorf("export %s: file bytes: %w", f.Path, err)
		}
		rc.Close()
	}
	return a, nil
}

// node is a page placed in the layout.
type node struct {
	e        *store.Entry
	children []*node
	group    bool   // a top-level group: a SUMMARY.md heading, no file
	file     string // the page's markdown file ("" for groups and links)
	dir      string // where its subpages go
}

// build lays out a revision's content.
func build(t *store.Tree, docs map[string]string) (*Archive, error) {
	kids := map[string][]*store.Entry{}
	for _, e := range t.Pages() {
		kids[e.Parent] = append(kids[e.Parent], e)
	}
	var tree func(parent string, top bool) []*node
	tree = func(parent string, top bool) []*node {
		es := kids[parent]
		slices.SortFunc(es, func(a, b *store.Entry) int {
			if c := strings.Compare(a.Position, b.Position); c != 0 {
				return c
			}
			return strings.Compare(a.ID, b.ID)
		})
		out := make([]*node, len(es))
		for i, e := range es {
			out[i] = &node{e: e, group: top && e.Type == store.PageGroup}
			if e.Type != store.PageLink {
				out[i].children = tree(e.ID, false)
			}
		}
		return out
	}
	top := tree("", true)

	l := &layout{files: map[string]bool{SummaryFile: true, ReadmeFile: true}, dirs: map[string]bool{".gitbook": true}}
	var place func(dir string, ns []*node)
	place = func(dir string, ns []*node) {
		for _, n := range ns {
			switch {
			case n.e.Type == store.PageLink:
				continue
			case n.group:
				n.dir = l.groupDir(dir, slugOf(n.e))
			default:
				n.file = l.pageFile(dir, slugOf(n.e), len(n.children) > 0)
				n.dir = path.Dir(n.file)
			}
			place(n.dir, n.children)
		}
	}
	place("", top)

	a := &Archive{}
	pagePaths := map[string]string{}
	var files []*node
	var walk func([]*node)
	walk = func(ns []*node) {
		for _, n := range ns {
			if n.file != "" {
				pagePaths[n.e.ID] = n.file
				files = append(files, n)
			}
			walk(n.children)
		}
	}
	walk(top)
	assets := assetPaths(t.Files())
	for _, f := range t.Files() {
		a.Files = append(a.Files, File{Path: assets[f.ID], Blob: f.Blob})
	}
	for _, n := range files {
		head, body, err := withMeta(docs[n.e.Document], n.e)
		if err != nil {
			return nil, fmt.Errorf("page %s (%s): %w", n.e.ID, n.file, err)
		}
		dir := path.Dir(n.file)
		body = contentRefNames(body, pagePaths)
		body = rewrite(body, func(target string) (string, bool) {
			if id, ok := idTarget(target, "/files/"); ok && assets[id] != "" {
				return relPath(dir, assets[id]), true
			}
			if id, ok := idTarget(target, "/pages/"); ok && pagePaths[id] != "" {
				return relPath(dir, pagePaths[id]), true
			}
			return "", false
		})
		a.Files = append(a.Files, File{Path: n.file, Data: []byte(head + body)})
	}
	a.Files = append(a.Files, File{Path: SummaryFile, Data: summary(top)})
	slices.SortFunc(a.Files, func(x, y File) int { return strings.Compare(x.Path, y.Path) })
	return a, nil
}

// slugOf is a page's slug, or one derived from its title when it has none.
func slugOf(e *store.Entry) string {
	if e.Slug != "" {
		return e.Slug
	}
	return domain.Slugify(e.Title)
}

// layout keeps the paths taken so far: files, and the folders they are in
// or that a page or group has for its subpages.
type layout struct{ files, dirs map[string]bool }

// free reports whether a file or folder may be made at p.
func (l *layout) free(p string) bool {
	if l.files[p] || l.dirs[p] {
		return false
	}
	for d := path.Dir(p); d != "."; d = path.Dir(d) {
		if l.files[d] {
			return false
		}
	}
	return true
}

func (l *layout) take(p string, dir bool) {
	if dir {
		l.dirs[p] = true
	} else {
		l.files[p] = true
	}
	for d := path.Dir(p); d != "."; d = path.Dir(d) {
		l.dirs[d] = true
	}
}

// pageFile is the file of a page: dir/slug.md, or dir/slug/README.md for
// a page with subpages or when dir/slug.md is taken (a page whose slug is
// SUMMARY or README at the top, or README under a page); failing both, the
// slug gets a suffix.
func (l *layout) pageFile(dir, slug string, parent bool) string {
	for n := 1; ; n++ {
		s := slug
		if n > 1 {
			s = fmt.Sprintf("%s-%d", slug, n)
		}
		if flat := path.Join(dir, s+".md"); !parent && l.free(flat) {
			l.take(flat, false)
			return flat
		}
		if sub, nested := path.Join(dir, s), path.Join(dir, s, ReadmeFile); l.free(sub) && l.free(nested) {
			l.take(sub, true)
			l.take(nested, false)
			return nested
		}
	}
}

// groupDir is the folder of a group's pages: dir/slug, suffixed if taken.
func (l *layout) groupDir(dir, slug string) string {
	for n := 1; ; n++ {
		d := path.Join(dir, slug)
		if n > 1 {
			d = fmt.Sprintf("%s-%d", d, n)
		}
		if l.free(d) {
			l.take(d, true)
			return d
		}
	}
}

// assetPaths names each file's entry under .gitbook/assets: its name, made
// safe for a path; files sharing a name are told apart as "name (1).ext",
// "name (2).ext", ... in a fixed order (by content, then id).
func assetPaths(files []*store.Entry) map[string]string {
	byName := map[string][]*store.Entry{}
	for _, f := range files {
		n := safeName(f.Name)
		byName[n] = append(byName[n], f)
	}
	taken := map[string]bool{}
	for n := range byName {
		taken[n] = true
	}
	out := map[string]string{}
	for _, n := range sortedKeys(byName) {
		fs := byName[n]
		slices.SortFunc(fs, func(a, b *store.Entry) int {
			if c := strings.Compare(a.Blob, b.Blob); c != 0 {
				return c
			}
			return strings.Compare(a.ID, b.ID)
		})
		out[fs[0].ID] = path.Join(AssetsDir, n)
		ext := path.Ext(n)
		for k, i := 1, 1; i < len(fs); k++ {
			alt := fmt.Sprintf("%s (%d)%s", strings.TrimSuffix(n, ext), k, ext)
			if !taken[alt] {
				taken[alt] = true
				out[fs[i].ID] = path.Join(AssetsDir, alt)
				i++
			}
		}
	}
	return out
}

// safeName is a file name usable as one path segment.
func safeName(name string) string {
	name = strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r < 0x20 || r == 0x7f {
			return '_'
		}
		return r
	}, strings.TrimSpace(name))
	if name == "" || name == "." || name == ".." {
		return "file"
	}
	return name
}

// summary writes SUMMARY.md.
func summary(top []*node) []byte {
	var b bytes.Buffer
	b.WriteString("# Table of contents\n")
	var items func(ns []*node, depth int)
	items = func(ns []*node, depth int) {
		for _, n := range ns {
			target := n.file
			if n.e.Type == store.PageLink {
				target = n.e.Href
			}
			fmt.Fprintf(&b, "%s* [%s](%s)\n", strings.Repeat("  ", depth), escapeTitle(n.e.Title), escapeTarget(target))
			items(n.children, depth+1)
		}
	}
	open := false // a list is running (a blank line starts one)
	for _, n := range top {
		if n.group {
			fmt.Fprintf(&b, "\n## %s\n\n", oneLine(n.e.Title))
			items(n.children, 0)
			open = true
			continue
		}
		if !open {
			b.WriteString("\n")
			open = true
		}
		items([]*node{n}, 0)
	}
	return b.Bytes()
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// escapeTitle writes a title as link text.
func escapeTitle(s string) string {
	s = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s)
	return strings.NewReplacer(`\`, `\\`, `[`, `\[`, `]`, `\]`).Replace(s)
}

// escapeTarget writes a link destination, in <> when it has spaces or parentheses.
func escapeTarget(s string) string {
	if strings.ContainsAny(s, " \t()<>") {
		return "<" + strings.NewReplacer("<", "%3C", ">", "%3E").Replace(s) + ">"
	}
	return s
}

// Write writes the archive in a format (FormatZip or FormatTarGz).
func (a *Archive) Write(ctx context.Context, w io.Writer, format string) error {
	switch format {
	case FormatZip, "":
		return a.WriteZip(ctx, w)
	case FormatTarGz:
		return a.WriteTarGz(ctx, w)
	}
	return domain.Invalid("format", "must be zip or tar")
}

// open returns the bytes of an entry.
func (a *Archive) open(ctx context.Context, f File) (io.ReadCloser, error) {
	if f.Blob == "" {
		return io.NopCloser(bytes.NewReader(f.Data)), nil
	}
	if a.blobs == nil {
		return nil, errors.New("no blob store")
	}
	return a.blobs.Open(ctx, f.Blob)
}

// WriteZip writes the archive as a zip file: deflated entries in path
// order, all dated 1980-01-01, without extra fields or comments.
func (a *Archive) WriteZip(ctx context.Context, w io.Writer) error {
	zw := zip.NewWriter(w)
	for _, f := range a.Files {
		h := &zip.FileHeader{Name: f.Path, Method: zip.Deflate}
		h.ModifiedDate, h.ModifiedTime = 1<<5|1, 0 // MS-DOS 1980-01-01 00:00
		dst, err := zw.CreateHeader(h)
		if err != nil {
			return err
		}
		if err := a.copy(ctx, dst, f); err != nil {
			return err
		}
	}
	return zw.Close()
}

// WriteTarGz writes the archive as a gzip-compressed tar file: regular
// files in path order, mode 0644, dated 1980-01-01, no owner names (USTAR
// headers, PAX for names USTAR cannot hold); the gzip header carries no
// name or time.
func (a *Archive) WriteTarGz(ctx context.Context, w io.Writer) error {
	gz := gzip.NewWriter(w)
	tw := tar.NewWriter(gz)
	for _, f := range a.Files {
		if err := a.tarEntry(ctx, tw, f); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return gz.Close()
}

func (a *Archive) tarEntry(ctx context.Context, tw *tar.Writer, f File) error {
	var r io.Reader = bytes.NewReader(f.Data)
	size := int64(len(f.Data))
	if f.Blob != "" {
		if a.blobs == nil {
			return fmt.Errorf("%s: no blob store", f.Path)
		}
		rc, err := a.blobs.Open(ctx, f.Blob)
		if err != nil {
			return fmt.Errorf("%s: %w", f.Path, err)
		}
		defer rc.Close()
		if size, err = rc.Seek(0, io.SeekEnd); err == nil {
			_, err = rc.Seek(0, io.SeekStart)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", f.Path, err)
		}
		r = rc
	}
	if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: f.Path, Mode: 0o644, Size: size, ModTime: modTime}); err != nil {
		return fmt.Errorf("%s: %w", f.Path, err)
	}
	if _, err := io.Copy(tw, r); err != nil {
		return fmt.Errorf("%s: %w", f.Path, err)
	}
	return nil
}

func (a *Archive) copy(ctx context.Context, dst io.Writer, f File) error {
	rc, err := a.open(ctx, f)
	if err != nil {
		return fmt.Errorf("%s: %w", f.Path, err)
	}
	defer rc.Close()
	if _, err := io.Copy(dst, rc); err != nil {
		return fmt.Errorf("%s: %w", f.Path, err)
	}
	return nil
}
