package export

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"io"
	"strings"
	"testing"

	"folio/store"
)

// page and file make tree entries for the tests without a database.
func pageEntry(id, parent, pos, typ, title, slug string) *store.Entry {
	return &store.Entry{Kind: store.EntryPage, ID: id, Parent: parent, Position: pos, Type: typ, Title: title, Slug: slug}
}

func testTree(entries ...*store.Entry) *store.Tree {
	t := &store.Tree{Entries: map[string]*store.Entry{}}
	for _, e := range entries {
		t.Entries[e.Key()] = e
	}
	return t
}

func archiveFiles(a *Archive) map[string]string {
	out := map[string]string{}
	for _, f := range a.Files {
		out[f.Path] = string(f.Data)
		if f.Blob != "" {
			out[f.Path] = "blob:" + f.Blob
		}
	}
	return out
}

func TestExportLayout(t *testing.T) {
	intro := pageEntry("p1", "", "a", store.PageDocument, "Intro [v2]", "intro")
	intro.Emoji, intro.Description, intro.Hidden = "🚀", "Start: here", true
	intro.Document = "d1"
	guide := pageEntry("p2", "", "b", store.PageDocument, "Guide", "guide")
	guide.Document = "d2"
	install := pageEntry("p3", "p2", "a", store.PageDocument, "Install", "install")
	install.Document = "d3"
	readme := pageEntry("p4", "p2", "b", store.PageDocument, "Read me", "README")
	summaryPage := pageEntry("p5", "", "c", store.PageDocument, "Summary", "SUMMARY")
	link := pageEntry("p6", "", "d", store.PageLink, "Status (live)", "")
	link.Href = "https://status.example/a b"
	group := pageEntry("p7", "", "e", store.PageGroup, "Reference", "reference")
	api := pageEntry("p8", "p7", "a", store.PageDocument, "API", "api")
	api.NoIndex = true
	files := []*store.Entry{
		{Kind: store.EntryFile, ID: "f1", Name: "dia gram.png", Blob: "b1"},
		{Kind: store.EntryFile, ID: "f2", Name: "dia gram.png", Blob: "b2"},
		{Kind: store.EntryFile, ID: "f3", Name: "a/b.txt", Blob: "b3"},
	}
	tree := testTree(append([]*store.Entry{intro, guide, install, readme, summaryPage, link, group, api}, files...)...)
	docs := map[string]string{
		"d1": "# Intro\n\n![Dia](/files/f1) and ![other](</files/f2>) and [install](/pages/p3#steps).\n\n" +
			"```\n![code](/files/f1)\n```\n\nInline `(/files/f1)` and <img src=\"/files/f3\"> and (/files/f1) in prose.\n\n[ref]: /pages/p8\n\nSee [ref].\n",
		"d2": "---\nlayout: wide\ndescription: old\n---\n\n# Guide\n\n[Intro](/pages/p1) [api](pages/p8)\n",
		"d3": "# Install\n\nBack to [the guide](/pages/p2) and [broken](/pages/nope).\n",
	}
	a, err := build(tree, docs)
	if err != nil {
		t.Fatal(err)
	}
	got := archiveFiles(a)
	want := map[string]string{
		".gitbook/assets/a_b.txt":          "blob:b3",
		".gitbook/assets/dia gram.png":     "blob:b1",
		".gitbook/assets/dia gram (1).png": "blob:b2",
		"SUMMARY.md": "# Table of contents\n\n" +
			"* [Intro \\[v2\\]](intro.md)\n" +
			"* [Guide](guide/README.md)\n" +
			"  * [Install](guide/install.md)\n" +
			"  * [Read me](guide/README/README.md)\n" +
			"* [Summary](SUMMARY/README.md)\n" +
			"* [Status (live)](<https://status.example/a b>)\n" +
			"\n## Reference\n\n" +
			"* [API](reference/api.md)\n",
		"intro.md": "---\ndescription: \"Start: here\"\nemoji: 🚀\nhidden: true\n---\n\n# Intro\n\n" +
			"![Dia](.gitbook/assets/dia%20gram.png) and ![other](<.gitbook/assets/dia%20gram%20%281%29.png>) and [install](guide/install.md#steps).\n\n" +
			"```\n![code](/files/f1)\n```\n\nInline `(/files/f1)` and <img src=\".gitbook/assets/a_b.txt\"> and (.gitbook/assets/dia%20gram.png) in prose.\n\n[ref]: reference/api.md\n\nSee [ref].\n",
		"guide/README.md":        "---\nlayout: wide\n---\n\n# Guide\n\n[Intro](../intro.md) [api](../reference/api.md)\n",
		"guide/install.md":       "# Install\n\nBack to [the guide](README.md) and [broken](/pages/nope).\n",
		"guide/README/README.md": "",
		"SUMMARY/README.md":      "",
		"reference/api.md":       "---\nnoIndex: true\n---\n",
	}
	for p, w := range want {
		if got[p] != w {
			t.Errorf("%s =\n%q\nwant\n%q", p, got[p], w)
		}
	}
	for p := range got {
		if _, ok := want[p]; !ok {
			t.Errorf("unexpected entry %s", p)
		}
	}
	for i := 1; i < len(a.Files); i++ {
		if a.Files[i-1].Path >= a.Files[i].Path {
			t.Errorf("entries out of order: %s, %s", a.Files[i-1].Path, a.Files[i].Path)
		}
	}

	// Read back: the same tree, and the links become ids again.
	raw := map[string][]byte{}
	for p, s := range got {
		raw[p] = []byte(s)
	}
	pl, err := newPlan(raw)
	if err != nil {
		t.Fatal(err)
	}
	var outline func(ps []*page, depth int) string
	outline = func(ps []*page, depth int) string {
		var b strings.Builder
		for _, p := range ps {
			b.WriteString(strings.Repeat(" ", depth) + p.title + "|" + p.slug + "|" + p.file + "\n")
			b.WriteString(outline(p.children, depth+1))
		}
		return b.String()
	}
	wantOutline := "Intro [v2]|intro|intro.md\nGuide|guide|guide/README.md\n Install|install|guide/install.md\n Read me|README|guide/README/README.md\n" +
		"Summary|SUMMARY|SUMMARY/README.md\nStatus (live)|status-live|\nReference|reference|\n API|api|reference/api.md\n"
	if o := outline(pl.top, 0); o != wantOutline {
		t.Errorf("outline =\n%s\nwant\n%s", o, wantOutline)
	}
	if m := pl.byFile["intro.md"].meta; m.Description != "Start: here" || m.emoji() != "🚀" || !flag(m.Hidden) {
		t.Errorf("intro meta = %+v", m)
	}
	if !flag(pl.byFile["reference/api.md"].meta.NoIndex) {
		t.Error("api lost noIndex")
	}
	if len(pl.warnings) != 2 || len(pl.assets) != 3 {
		t.Errorf("warnings %q, assets %d", pl.warnings, len(pl.assets))
	}
}

func TestExportRewriteTargets(t *testing.T) {
	to := func(target string) (string, bool) {
		if target == "x" {
			return "Y", true
		}
		return "", false
	}
	cases := map[string]string{
		"[a](x)":                             "[a](Y)",
		"[a](x#frag) [b](x?q \"t\")":         "[a](Y#frag) [b](Y?q \"t\")",
		"![a](<x>)":                          "![a](<Y>)",
		"[a][r]\n\n[r]: x\n":                 "[a][r]\n\n[r]: Y\n",
		"<img src=\"x\"> {% file src='x' %}": "<img src=\"Y\"> {% file src='Y' %}",
		"(x) in prose":                       "(x) in prose",
		"`[a](x)` in code":                   "`[a](x)` in code",
		"```\n[a](x)\n```\n":                 "```\n[a](x)\n```\n",
		"    [a](x)\n":                       "    [a](x)\n",
		"[a](xx) [b](x/y)":                   "[a](xx) [b](x/y)",
	}
	for in, want := range cases {
		if got := rewrite(in, to); got != want {
			t.Errorf("rewrite(%q) = %q, want %q", in, got, want)
		}
	}
	if got := relPath("a/b", ".gitbook/assets/x (1).png"); got != "../../.gitbook/assets/x%20%281%29.png" {
		t.Errorf("relPath = %q", got)
	}
	if got := relPath("a", "a/b/README.md"); got != "b/README.md" {
		t.Errorf("relPath = %q", got)
	}
}

func TestExportFrontmatter(t *testing.T) {
	e := &store.Entry{ID: "p", Description: "New", Emoji: "📘"}
	cases := []struct{ name, doc, want string }{
		{"none", "# T\n", "---\ndescription: New\nemoji: 📘\n---\n\n# T\n"},
		{"agrees: kept as written", "---\nicon: 📘 # an icon\ndescription: 'New'\n---\n# T\n", "---\nicon: 📘 # an icon\ndescription: 'New'\n---\n# T\n"},
		{"disagrees: other keys stay", "---\nlayout: wide\ndescription: Old\nhidden: false\n---\n# T\n", "---\nlayout: wide\ndescription: New\nhidden: false\nemoji: 📘\n---\n# T\n"},
		{"empty document", "", "---\ndescription: New\nemoji: 📘\n---\n"},
	}
	for _, c := range cases {
		head, body, err := withMeta(c.doc, e)
		if err != nil || head+body != c.want {
			t.Errorf("%s: %q, %v; want %q", c.name, head+body, err, c.want)
		}
	}
	// Clearing the fields drops them, and an emptied frontmatter.
	head, body, err := withMeta("---\ndescription: Old\nicon: x\n---\n# T\n", &store.Entry{ID: "p"})
	if err != nil || head+body != "# T\n" {
		t.Errorf("cleared: %q, %v", head+body, err)
	}
}

func TestExportArchiveFormats(t *testing.T) {
	long := strings.Repeat("chapter/", 14) + "café.md" // over USTAR's 100 bytes, not ASCII
	a := &Archive{Files: []File{{Path: "SUMMARY.md", Data: []byte("# Table of contents\n")}, {Path: "a.md", Data: []byte("# A\n")}, {Path: long, Data: []byte("x")}}}
	var z1, z2, tg bytes.Buffer
	if err := a.WriteZip(t.Context(), &z1); err != nil {
		t.Fatal(err)
	}
	if err := a.WriteZip(t.Context(), &z2); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(z1.Bytes(), z2.Bytes()) {
		t.Error("two zips of the same content differ")
	}
	zr, err := zip.NewReader(bytes.NewReader(z1.Bytes()), int64(z1.Len()))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range zr.File {
		if len(f.Extra) != 0 || f.Comment != "" || f.Modified.Year() != 1980 {
			t.Errorf("%s: extra %x, comment %q, modified %v", f.Name, f.Extra, f.Comment, f.Modified)
		}
	}
	var tg2 bytes.Buffer
	if err := a.WriteTarGz(t.Context(), &tg); err != nil {
		t.Fatal(err)
	}
	if err := a.WriteTarGz(t.Context(), &tg2); err != nil || !bytes.Equal(tg.Bytes(), tg2.Bytes()) {
		t.Errorf("two tar.gz of the same content differ (%v)", err)
	}
	gz, err := gzip.NewReader(bytes.NewReader(tg.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if gz.Name != "" || !gz.ModTime.IsZero() {
		t.Errorf("gzip header %q %v", gz.Name, gz.ModTime)
	}
	tr := tar.NewReader(gz)
	var names []string
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, h.Name)
		if h.ModTime.Year() != 1980 || h.Uname != "" || h.Mode != 0o644 {
			t.Errorf("%s: %v %q %o", h.Name, h.ModTime, h.Uname, h.Mode)
		}
	}
	if strings.Join(names, ",") != "SUMMARY.md,a.md,"+long {
		t.Errorf("tar entries %v", names)
	}
	for _, data := range [][]byte{z1.Bytes(), tg.Bytes()} {
		files, err := ReadArchive(data)
		if err != nil || string(files["a.md"]) != "# A\n" || string(files[long]) != "x" || len(files) != 3 {
			t.Errorf("read back: %v %v", files, err)
		}
	}

	// A repository archive: everything inside one top folder.
	var nested bytes.Buffer
	zw := zip.NewWriter(&nested)
	for _, name := range []string{"docs-main/SUMMARY.md", "docs-main/a.md"} {
		w, _ := zw.Create(name)
		w.Write([]byte("x"))
	}
	zw.Close()
	if files, err := ReadArchive(nested.Bytes()); err != nil || files["SUMMARY.md"] == nil || files["a.md"] == nil {
		t.Errorf("nested archive: %v %v", files, err)
	}
	if _, err := ReadArchive([]byte("hello")); err == nil {
		t.Error("read a non-archive")
	}
}

func TestExportParseSummary(t *testing.T) {
	src := "# Summary\n\n* [First](README.md)\n* [Part \\[1\\]](part1/README.md)\n    * [Sub](part1/sub.md \"title\")\n\t* [Tab](part1/tab.md)\n\n" +
		"## Group one\n\n- [A](<group/a b.md>)\n  + [B](group/b.md)\n* [Site](https://example.com)\n\nSome text.\n"
	top := parseSummary(src)
	var b strings.Builder
	var walk func([]*item, int)
	walk = func(items []*item, d int) {
		for _, it := range items {
			b.WriteString(strings.Repeat(" ", d) + it.title + "|" + it.target)
			if it.group {
				b.WriteString("|group")
			}
			b.WriteString("\n")
			walk(it.children, d+1)
		}
	}
	walk(top, 0)
	want := "First|README.md\nPart [1]|part1/README.md\n Sub|part1/sub.md\n Tab|part1/tab.md\nGroup one||group\n A|group/a b.md\n  B|group/b.md\n Site|https://example.com\n"
	if b.String() != want {
		t.Errorf("parsed\n%s\nwant\n%s", b.String(), want)
	}
	if s := fileSlug("README.md", "First page"); s != "first-page" {
		t.Errorf("top README slug %q", s)
	}
	if s := fileSlug("a/b/README.md", "x"); s != "b" {
		t.Errorf("nested README slug %q", s)
	}
}

// TestExportFrontmatterValues checks that any description and emoji
// survive the frontmatter: what an import reads back is the page's.
func TestExportFrontmatterValues(t *testing.T) {
	for _, d := range []string{"\t", "a\tb", "\r\n", "x\r", "  ", "#", "- x", "? x", "&a", "*a", "!x", "%x", "@x", "`x", "'", "\"", "a: b\nc: d", "a\u2028b", "\x01", "---", "a\n---\nb", "x\n\n", "\n", "é", "~", "null", "1e3", "0x10", "- ", "{a}", "[a]", "a #b", "a\\b"} {
		for _, em := range []string{"", "1f680", "🚀", "#"} {
			e := &store.Entry{ID: "p", Description: d, Emoji: em}
			head, body, err := withMeta("# T\n", e)
			if err != nil {
				t.Errorf("%q %q: %v", d, em, err)
				continue
			}
			fm, _, _, ok := splitFrontmatter(head + body)
			m, err := readMeta(fm)
			if !ok || err != nil || !compare(m, e).all() {
				t.Errorf("%q: %q", d, head)
			}
		}
	}
}
