package seed

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"folio/domain"
)

// plannedPage is one page of a space's tree: its parent is an earlier page
// (parents come first, so a batch of inserts can always name the parent).
type plannedPage struct {
	Title  string
	Slug   string
	Parent int // index of the parent page, -1 at the top level
}

var (
	chapterTopics = []string{"Getting started", "Installation", "Configuration", "Authentication", "Core concepts",
		"Guides", "API reference", "Webhooks", "Integrations", "Deployment", "Security", "Monitoring",
		"Troubleshooting", "Migrations", "Billing", "Release notes"}
	pageTopics = []string{"Overview", "Quickstart", "Tokens", "Rate limits", "Errors", "Pagination", "Environments",
		"Permissions", "Teams", "Backups", "Logging", "Caching", "Retries", "Versioning", "Testing", "Limits",
		"Regions", "Networking", "Storage", "Search", "Notifications", "Exports", "Imports", "Plugins", "FAQ"}
	words = strings.Fields(`the a request token server client page space site team member change review merge deploy
		configure install run call returns sends stores reads writes each every when before after with without
		database queue worker cache index field value option default setting limit error status header body
		response endpoint version release branch build test log metric event hook key secret account user`)
	languages = []string{"sh", "json", "go", "yaml", "python", "ts"}
)

// pagePlan lays out n pages three levels deep: a tenth of them are chapters
// at the top level, half of the rest are pages of a chapter, the others are
// subpages of those. Titles are unique among siblings, so are their slugs.
func pagePlan(n int) []plannedPage {
	top := max(1, n/10)
	second := (n - top + 1) / 2
	out := make([]plannedPage, 0, n)
	for i := range n {
		p := plannedPage{Parent: -1}
		switch {
		case i < top:
			p.Title = numbered(chapterTopics, i)
		case i < top+second:
			p.Parent = (i - top) % top
			p.Title = numbered(pageTopics, (i-top)/top)
		default:
			p.Parent = top + (i-top-second)%second
			p.Title = numbered(pageTopics, (i-top-second)/second+3)
		}
		p.Slug = domain.Slugify(p.Title)
		out = append(out, p)
	}
	return out
}

// numbered is the i-th name of a list, numbered once the list runs out.
func numbered(names []string, i int) string {
	if i < len(names) {
		return names[i]
	}
	return fmt.Sprintf("%s %d", names[i%len(names)], i/len(names)+1)
}

// pagePath is the path of a page from the top of its space, as page links
// written by hand (or synced from Git) name it.
func pagePath(plan []plannedPage, i int) string {
	var parts []string
	for ; i >= 0; i = plan[i].Parent {
		parts = append([]string{plan[i].Slug}, parts...)
	}
	return "/" + strings.Join(parts, "/")
}

// pageMarkdown renders the document of page i of space sp, the same every
// run for the same arguments: headings, paragraphs, a list, a code block,
// and links to its parent and a sibling chapter by path.
func pageMarkdown(space, i int, plan []plannedPage) string {
	r := rand.New(rand.NewPCG(uint64(space), uint64(i)))
	p := plan[i]
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n\n", paragraph(r, 2+r.IntN(3)))
	fmt.Fprintf(&b, "## Overview\n\n%s\n\n%s\n\n", paragraph(r, 3+r.IntN(4)), paragraph(r, 2+r.IntN(4)))
	b.WriteString("## Steps\n\n")
	for k := range 3 + r.IntN(4) {
		fmt.Fprintf(&b, "%d. %s\n", k+1, sentence(r))
	}
	lang := languages[r.IntN(len(languages))]
	fmt.Fprintf(&b, "\n## Example\n\n```%s\n%s```\n\n", lang, codeSample(r, lang))
	b.WriteString("> **Note:** " + sentence(r) + "\n\n")
	b.WriteString("## See also\n\n")
	if p.Parent >= 0 {
		fmt.Fprintf(&b, "- [%s](%s)\n", plan[p.Parent].Title, pagePath(plan, p.Parent))
	}
	// Another chapter: chapters are inserted first, so the link resolves.
	top := max(1, len(plan)/10)
	other := (i + 1 + r.IntN(top)) % top
	fmt.Fprintf(&b, "- [%s](%s)\n", plan[other].Title, pagePath(plan, other))
	fmt.Fprintf(&b, "- [Status page](https://status.acme.example/%s)\n", p.Slug)
	return b.String()
}

// editedMarkdown is a page's document as a change request rewrites it.
func editedMarkdown(space, i, cr int, plan []plannedPage) string {
	r := rand.New(rand.NewPCG(uint64(space)<<32|uint64(cr), uint64(i)))
	return pageMarkdown(space, i, plan) + fmt.Sprintf("\n## Changes in revision %d\n\n%s\n\n- %s\n- %s\n",
		cr+1, paragraph(r, 2), sentence(r), sentence(r))
}

func sentence(r *rand.Rand) string {
	n := 6 + r.IntN(10)
	ws := make([]string, n)
	for k := range ws {
		ws[k] = words[r.IntN(len(words))]
	}
	// Now and then a word in code or bold, as technical writing has.
	switch k := r.IntN(n); r.IntN(4) {
	case 0:
		ws[k] = "`" + ws[k] + "`"
	case 1:
		ws[k] = "**" + ws[k] + "**"
	}
	s := strings.Join(ws, " ")
	return strings.ToUpper(s[:1]) + s[1:] + "."
}

func paragraph(r *rand.Rand, sentences int) string {
	ss := make([]string, sentences)
	for k := range ss {
		ss[k] = sentence(r)
	}
	return strings.Join(ss, " ")
}

func codeSample(r *rand.Rand, lang string) string {
	w := func() string { return words[r.IntN(len(words))] }
	switch lang {
	case "sh":
		return fmt.Sprintf("curl -H \"Authorization: Bearer $TOKEN\" https://api.acme.example/v1/%ss\n", w())
	case "json":
		return fmt.Sprintf("{\n  \"%s\": \"%s\",\n  \"limit\": %d\n}\n", w(), w(), 10+r.IntN(90))
	case "go":
		return fmt.Sprintf("resp, err := client.Get(ctx, %q)\nif err != nil {\n\treturn err\n}\n", w())
	case "yaml":
		return fmt.Sprintf("%s:\n  %s: true\n  retries: %d\n", w(), w(), r.IntN(5))
	case "python":
		return fmt.Sprintf("client = Acme(token=TOKEN)\nclient.%s.list(limit=%d)\n", w(), 10+r.IntN(90))
	}
	return fmt.Sprintf("const res = await acme.%s({ %s: true });\n", w(), w())
}
