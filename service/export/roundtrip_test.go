package export_test

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"slices"
	"strings"
	"testing"

	"folio/domain"
	"folio/internal/blob"
	"folio/service/export"
	"folio/service/seed"
	"folio/store"
	"folio/store/pgtest"
)

type quiet struct{}

func (quiet) Start(int)   {}
func (quiet) Step(string) {}
func (quiet) Add(int)     {}

// seedOrg seeds a small organization: spaces of 30 pages three levels
// deep (chapters, pages, subpages; each document with headings, a list, a
// code block, a quote and links), with change requests merged into them.
func seedOrg(t *testing.T, s *store.Store) *seed.Org {
	t.Helper()
	sc := seed.Scales["small"]
	sc.Members, sc.Teams, sc.Invites, sc.SAMLProviders, sc.CustomFields = 3, 1, 0, 0, 0
	sc.Collections, sc.Spaces, sc.PagesPerSpace, sc.ChangeRequestsPerSpace = 1, 2, 30, 3
	sc.CommentsPerSpace, sc.Sites = 0, 0
	org, err := seed.Run(t.Context(), s, sc, quiet{})
	if err != nil {
		t.Fatal(err)
	}
	return org
}

func pngBytes(t *testing.T, w, h int, c color.Color) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	img.Set(0, 0, c)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// enrich edits a seeded space as an editor would through the API: files
// (two sharing a name), page metadata, documents linking to files and
// pages (in links, images, HTML and code), a frontmatter the fields no
// longer agree with, a title other than the document's heading, and
// slugs that collide with the layout's own names.
func enrich(t *testing.T, s *store.Store, blobs blob.Store, org *seed.Org, sp *store.Space, pages []string) {
	t.Helper()
	ctx := t.Context()
	cr, err := s.CreateChangeRequest(ctx, sp, org.Admin.ID, "Files and metadata")
	if err != nil {
		t.Fatal(err)
	}
	put := func(name, ct string, data []byte) store.NewFile {
		h, err := blobs.Put(ctx, data)
		if err != nil {
			t.Fatal(err)
		}
		return store.NewFile{Name: name, ContentType: ct, Blob: h, Size: int64(len(data))}
	}
	up, err := s.UpdateChangeRequestContent(ctx, sp.ID, cr.ID, org.Admin.ID, []store.PageChange{{Operation: store.OpInsertFiles, Files: []store.NewFile{
		put("diagram.png", "image/png", pngBytes(t, 4, 3, color.White)),
		put("diagram.png", "image/png", pngBytes(t, 2, 2, color.Black)),
		put("notes (draft).txt", "text/plain", []byte("draft notes\n")),
	}}})
	if err != nil {
		t.Fatal(err)
	}
	f := up.Files
	str := func(s string) *string { return &s }
	yes := true
	changes := []store.PageChange{
		{Operation: store.OpUpdatePage, Page: pages[0], Emoji: str("🚀"), Description: str("Start here: the basics"), Markdown: str(
			"# Getting started\n\n![Diagram](/files/" + f[0].ID + ") and ![Other](</files/" + f[1].ID + ">).\n\n" +
				"See [the overview](/pages/" + pages[5] + "#steps), [notes](files/" + f[2].ID + " \"Notes\") and <img src=\"/files/" + f[1].ID + "\">.\n\n" +
				"```md\n![kept](/files/" + f[0].ID + ")\n```\n\n{% content-ref url=\"/pages/" + pages[12] + "\" %}\n")},
		{Operation: store.OpUpdatePage, Page: pages[1], Hidden: &yes, NoIndex: &yes, Markdown: str(
			"---\nlayout: wide\ndescription: From the frontmatter\n---\n\n# A heading\n\nInline `/files/" + f[0].ID + "` and [back](/pages/" + pages[0] + ").\n")},
		{Operation: store.OpUpdatePage, Page: pages[1], Title: str("Renamed after writing")},
		{Operation: store.OpUpdatePage, Page: pages[2], Markdown: str("---\ndescription: old\n---\n# Old\n")},
		{Operation: store.OpUpdatePage, Page: pages[2], Description: str("new"), NoRobotsIndex: &yes},
		{Operation: store.OpInsertPage, Into: &pages[0], Title: str("Read me"), Slug: str("README"), Markdown: str("Body only.\n")},
		{Operation: store.OpInsertPage, Title: str("Summary"), Slug: str("SUMMARY"), Emoji: str("📘")},
	}
	if _, err := s.UpdateChangeRequestContent(ctx, sp.ID, cr.ID, org.Admin.ID, changes); err != nil {
		t.Fatal(err)
	}
	if _, err := s.MergeChangeRequest(ctx, sp.ID, cr.ID, org.Admin.ID); err != nil {
		t.Fatal(err)
	}
}

func exportBytes(t *testing.T, s *store.Store, blobs blob.Store, spaceID, format string) []byte {
	t.Helper()
	sp, err := s.Space(t.Context(), spaceID)
	if err != nil {
		t.Fatal(err)
	}
	a, err := export.Export(t.Context(), s, blobs, sp)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := a.Write(t.Context(), &buf, format); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// pageRow is what a page is, independent of ids and times.
type pageRow struct {
	Path, Type, Title, Emoji, Description string
	Hidden, NoIndex, NoRobotsIndex        bool
	Index                                 int // among its siblings
}

// content describes a space's current content: pages by path, files as
// name and bytes, and documents by path.
func content(t *testing.T, s *store.Store, blobs blob.Store, spaceID string) ([]pageRow, []string, map[string]string) {
	t.Helper()
	ctx := t.Context()
	sp, err := s.Space(ctx, spaceID)
	if err != nil {
		t.Fatal(err)
	}
	revs, err := s.RevisionsByID(ctx, []string{sp.RevisionID})
	if err != nil || len(revs) != 1 {
		t.Fatal(err)
	}
	tree, err := s.Tree(ctx, store.TreeKey{OrganizationID: sp.OrganizationID, Root: revs[0].Root})
	if err != nil {
		t.Fatal(err)
	}
	kids := map[string][]*store.Entry{}
	var keys []store.DocumentKey
	for _, e := range tree.Pages() {
		kids[e.Parent] = append(kids[e.Parent], e)
		keys = append(keys, store.DocumentKey{OrganizationID: sp.OrganizationID, Hash: e.Document})
	}
	docs, err := s.Documents(ctx, keys)
	if err != nil {
		t.Fatal(err)
	}
	var rows []pageRow
	byPath := map[string]string{}
	var walk func(parent, prefix string)
	walk = func(parent, prefix string) {
		es := kids[parent]
		slices.SortFunc(es, func(a, b *store.Entry) int {
			if c := strings.Compare(a.Position, b.Position); c != 0 {
				return c
			}
			return strings.Compare(a.ID, b.ID)
		})
		for i, e := range es {
			p := prefix + e.Slug
			rows = append(rows, pageRow{p, e.Type, e.Title, e.Emoji, e.Description, e.Hidden, e.NoIndex, e.NoRobotsIndex, i})
			byPath[p] = docs[e.Document]
			walk(e.ID, p+"/")
		}
	}
	walk("", "")
	var files []string
	for _, f := range tree.Files() {
		rc, err := blobs.Open(ctx, f.Blob)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		files = append(files, fmt.Sprintf("%s %s %d %dx%d %x", f.Name, f.ContentType, f.Size, f.Width, f.Height, b))
	}
	slices.Sort(files)
	return rows, files, byPath
}

// TestExportImportRoundTrip exports a seeded space, imports the archive
// into a new space and exports that: the two archives are the same bytes,
// and the new space has the same pages, metadata and files.
func TestExportImportRoundTrip(t *testing.T) {
	s := pgtest.New(t)
	blobs := blob.Dir{Root: t.TempDir()}
	org := seedOrg(t, s)
	sp := org.Spaces[0]
	enrich(t, s, blobs, org, sp, org.Pages[0])
	ctx := t.Context()

	for _, format := range []string{export.FormatZip, export.FormatTarGz} {
		t.Run(format, func(t *testing.T) {
			first := exportBytes(t, s, blobs, sp.ID, format)
			res, err := export.Import(ctx, s, blobs, org.ID, org.Admin, "Imported "+format, first)
			if err != nil {
				t.Fatal(err)
			}
			again := exportBytes(t, s, blobs, res.Space.ID, format)
			if !bytes.Equal(first, again) {
				t.Fatalf("export of the imported space differs: %d bytes, then %d", len(first), len(again))
			}
			if res.Space.Title != "Imported "+format || res.Files != 3 || len(res.Warnings) != 0 {
				t.Errorf("result: %q, %d pages, %d files, warnings %q", res.Space.Title, res.Pages, res.Files, res.Warnings)
			}
			origPages, origFiles, origDocs := content(t, s, blobs, sp.ID)
			newPages, newFiles, newDocs := content(t, s, blobs, res.Space.ID)
			if res.Pages != len(origPages) || !slices.Equal(origPages, newPages) {
				t.Errorf("pages differ:\n%v\n%v", origPages, newPages)
			}
			// Names and bytes; files sharing a name are told apart.
			if len(newFiles) != 3 || !strings.HasPrefix(newFiles[0], "diagram (1).png image/png") ||
				!strings.HasPrefix(newFiles[1], "diagram.png image/png") || !strings.HasPrefix(newFiles[2], "notes (draft).txt text/plain") {
				t.Errorf("files:\n%s\nwere\n%s", strings.Join(newFiles, "\n"), strings.Join(origFiles, "\n"))
			}
			// Documents without links or metadata are the same text.
			same := 0
			for p, md := range origDocs {
				// (Metadata is in the imported document's frontmatter.)
				if !strings.Contains(md, "/pages/") && !strings.Contains(md, "files/") && !strings.HasPrefix(newDocs[p], "---") {
					if newDocs[p] != md {
						t.Errorf("%s: document changed:\n%q\n%q", p, md, newDocs[p])
					}
					same++
				}
			}
			if same < 25 {
				t.Errorf("only %d documents compared", same)
			}
			// Links point at the new space's own pages and files.
			gs := newDocs["getting-started"]
			if strings.Contains(gs, org.Pages[0][5]) || !strings.Contains(gs, "](/pages/") || !strings.Contains(gs, "![Diagram](/files/") ||
				!strings.Contains(gs, "```md\n![kept](/files/") {
				t.Errorf("imported document:\n%s", gs)
			}
		})
	}

	// A space as the seed left it, and an empty one, round-trip too.
	empty, err := s.CreateSpace(ctx, org.ID, store.NewSpace{Title: "Empty", Visibility: store.VisibilityPrivate})
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{org.Spaces[1].ID, empty.ID} {
		first := exportBytes(t, s, blobs, id, export.FormatZip)
		res, err := export.Import(ctx, s, blobs, org.ID, org.Admin, "Copy", first)
		if err != nil {
			t.Fatal(err)
		}
		if again := exportBytes(t, s, blobs, res.Space.ID, export.FormatZip); !bytes.Equal(first, again) {
			t.Errorf("space %s: export of the imported space differs", id)
		}
		orig, _, origDocs := content(t, s, blobs, id)
		copied, _, newDocs := content(t, s, blobs, res.Space.ID)
		if !slices.Equal(orig, copied) || len(origDocs) != len(newDocs) {
			t.Errorf("space %s: pages differ", id)
		}
		for p, md := range origDocs {
			if newDocs[p] != md {
				t.Errorf("space %s: %s: document changed", id, p)
			}
		}
	}

	// The archive itself: Git Sync's layout.
	raw := exportBytes(t, s, blobs, sp.ID, export.FormatZip)
	zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		t.Fatal(err)
	}
	entries := map[string]string{}
	var names []string
	for _, f := range zr.File {
		rc, _ := f.Open()
		b, _ := io.ReadAll(rc)
		rc.Close()
		entries[f.Name] = string(b)
		names = append(names, f.Name)
	}
	if !slices.IsSorted(names) {
		t.Errorf("entries not sorted: %v", names)
	}
	sum := entries["SUMMARY.md"]
	for _, want := range []string{"# Table of contents\n\n* [Getting started](getting-started/README.md)\n  * [Overview](getting-started/overview/README.md)\n    * [",
		"  * [Read me](getting-started/README/README.md)\n", "* [Summary](SUMMARY/README.md)\n"} {
		if !strings.Contains(sum, want) {
			t.Errorf("SUMMARY.md lacks %q:\n%s", want, sum)
		}
	}
	gs := entries["getting-started/README.md"]
	for _, want := range []string{"---\ndescription: \"Start here: the basics\"\nemoji: 🚀\n---\n\n# Getting started\n",
		"![Diagram](../.gitbook/assets/diagram.png)", "(<../.gitbook/assets/diagram%20%281%29.png>)",
		"[notes](../.gitbook/assets/notes%20%28draft%29.txt \"Notes\")", "<img src=\"../.gitbook/assets/diagram%20%281%29.png\">",
		"```md\n![kept](/files/", "{% content-ref url=\"rate-limits/README.md\" %}"} {
		if !strings.Contains(gs, want) {
			t.Errorf("getting-started/README.md lacks %q:\n%s", want, gs)
		}
	}
	if _, ok := entries[".gitbook/assets/notes (draft).txt"]; !ok {
		t.Errorf("no asset entry: %v", names)
	}
	renamed := ""
	for name, body := range entries {
		if strings.Contains(body, "# A heading") {
			renamed = name
		}
	}
	if b := entries[renamed]; !strings.HasPrefix(b, "---\nlayout: wide\ndescription: From the frontmatter\nhidden: true\nnoIndex: true\n---\n") ||
		!strings.Contains(sum, "[Renamed after writing]("+renamed+")") {
		t.Errorf("%s:\n%s", renamed, b)
	}
}

// TestExportImportActor checks who an import may act as.
func TestExportImportActor(t *testing.T) {
	s := pgtest.New(t)
	ctx := context.Background()
	admin, _ := s.EnsureUser(ctx, "admin@example.com", "")
	reader, _ := s.EnsureUser(ctx, "reader@example.com", "")
	creator, _ := s.EnsureUser(ctx, "creator@example.com", "")
	if _, err := s.EnsureUser(ctx, "outsider@example.com", ""); err != nil {
		t.Fatal(err)
	}
	org, err := s.CreateOrganization(ctx, admin.ID, "Acme", nil)
	if err != nil {
		t.Fatal(err)
	}
	read, create := domain.RoleRead, domain.RoleCreate
	if _, err := s.AddMember(ctx, s.DB, org.ID, reader.ID, &read); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddMember(ctx, s.DB, org.ID, creator.ID, &create); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		org, email, want string
		code             domain.Code
	}{
		{org.ID, "", admin.ID, ""},
		{org.ID, "Creator@Example.com", creator.ID, ""},
		{org.ID, "reader@example.com", "", domain.CodeForbidden},
		{org.ID, "outsider@example.com", "", domain.CodeForbidden},
		{org.ID, "nobody@example.com", "", domain.CodeNotFound},
		{"nope", "", "", domain.CodeNotFound},
	}
	for _, c := range cases {
		u, err := export.Actor(ctx, s, c.org, c.email)
		switch {
		case c.code != "" && domain.ErrorCode(err) != c.code:
			t.Errorf("%s %q: %v, want %s", c.org, c.email, err, c.code)
		case c.code == "" && (err != nil || u.ID != c.want):
			t.Errorf("%s %q: %v %v", c.org, c.email, u, err)
		}
	}

	// A bad archive creates nothing.
	blobs := blob.Dir{Root: t.TempDir()}
	for _, data := range [][]byte{[]byte("not an archive"), zipOf(t, map[string]string{"a.md": "# A\n"}),
		zipOf(t, map[string]string{"SUMMARY.md": "* [A](a.md)\n", "a.md": "---\n: [\n---\n"})} {
		if _, err := export.Import(ctx, s, blobs, org.ID, admin, "Bad", data); domain.ErrorCode(err) != domain.CodeInvalid {
			t.Errorf("bad archive: %v", err)
		}
	}
	list, err := s.ListSpaces(ctx, org.ID, store.PageArgs{Limit: 10})
	if err != nil || len(list.Items) != 0 {
		t.Errorf("spaces after failed imports: %v %v", list.Items, err)
	}

	// A GitBook repository: groups and link pages become pages, with warnings.
	res, err := export.Import(ctx, s, blobs, org.ID, creator, "From GitBook", zipOf(t, map[string]string{
		"repo-main/SUMMARY.md":                   "# Table of contents\n\n* [Welcome](README.md)\n\n## Guides\n\n* [Setup](guides/setup.md)\n* [Blog](https://blog.example)\n",
		"repo-main/README.md":                    "# Welcome\n\n![Logo](<.gitbook/assets/logo (1).png>)\n",
		"repo-main/guides/setup.md":              "---\nicon: 🛠\n---\n\n# Setup\n\n[Home](../README.md)\n",
		"repo-main/.gitbook/assets/logo (1).png": string(pngBytes(t, 5, 5, color.White)),
	}))
	if err != nil {
		t.Fatal(err)
	}
	rows, files, docs := content(t, s, blobs, res.Space.ID)
	var got []string
	for _, r := range rows {
		got = append(got, r.Path+"|"+r.Title+"|"+r.Emoji)
	}
	if want := "welcome|Welcome|,guides|Guides|,guides/setup|Setup|🛠,guides/blog|Blog|"; strings.Join(got, ",") != want {
		t.Errorf("pages %v, want %s", got, want)
	}
	if len(res.Warnings) != 2 || len(files) != 1 || !strings.HasPrefix(files[0], "logo (1).png image/png 81 5x5 ") {
		t.Errorf("warnings %q, files %q", res.Warnings, files)
	}
	if !strings.Contains(docs["welcome"], "![Logo](</files/") || !strings.Contains(docs["guides/setup"], "[Home](/pages/") {
		t.Errorf("documents: %q", docs)
	}
}

func zipOf(t *testing.T, files map[string]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, body := range files {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(body))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
