package markdown_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"folio/internal/markdown"
	"folio/internal/markdown/mdtest"
	"folio/internal/pagerender"
)

// The corpus test (issue 37): real-world markdown nobody here wrote, the
// READMEs of the project's dependencies (testdata/corpus, with their
// licenses and SOURCES), each taken through the trip a GitBook client
// makes: markdown → document (as JSON carries it) → markdown. The page
// renderer's HTML of the original and of the result are compared after
// normalizeHTML; a document whose HTML still differs must be explained by
// the rules of corpusRules, each listed with an example in
// docs/api/content.md ("What does not survive a trip").

// minIdentical is the share of the corpus whose HTML must come back
// identical (after normalizeHTML, before any rule).
const minIdentical = 0.95

var (
	spaceBetweenTags = regexp.MustCompile(`>\s+<`)
	spaceRun         = regexp.MustCompile(`\s+`)
	startTag         = regexp.MustCompile(`<([a-z][a-z0-9]*)((?:\s+[a-z-]+(?:="[^"]*")?)+)\s*(/?)>`)
	attribute        = regexp.MustCompile(`[a-z-]+(?:="[^"]*")?`)
)

// normalizeHTML removes what does not change how HTML reads: white space
// between tags and at the ends of text (a paragraph's soft line breaks come
// back as one line, and a space next to a tag is only the writer's), runs
// of white space (one space, as a browser shows them), and the order of a
// tag's attributes (an <img> read into an image block is written back with
// its attributes in one order).
func normalizeHTML(h string) string {
	h = spaceBetweenTags.ReplaceAllString(h, "><")
	h = spaceRun.ReplaceAllString(h, " ")
	h = strings.ReplaceAll(h, "> ", ">")
	h = strings.ReplaceAll(h, " <", "<")
	h = startTag.ReplaceAllStringFunc(h, func(tag string) string {
		m := startTag.FindStringSubmatch(tag)
		attrs := attribute.FindAllString(m[2], -1)
		sort.Strings(attrs)
		return "<" + m[1] + " " + strings.Join(attrs, " ") + ">"
	})
	return strings.TrimSpace(h)
}

// corpusRule is a known difference (docs/api/content.md: what does not survive a
// trip): canon rewrites HTML, the original's and the result's alike, so
// that what the rule explains no longer differs.
type corpusRule struct {
	name  string
	canon func(string) string
}

var (
	markInLink = regexp.MustCompile(`<a ([^>]*)><(strong|em|del)>([^<]*)</(strong|em|del)></a>`)
	quote      = regexp.MustCompile(`(?s)<blockquote>.*?</blockquote>`)
	tag        = regexp.MustCompile(`<[^>]*>`)
)

var corpusRules = []corpusRule{
	// Marks all of a link's text has are written around the link when the
	// text next to it has them, inside it otherwise: `**[a](u)**` alone
	// comes back `[**a**](u)`.
	{"mark-around-link", func(h string) string {
		return markInLink.ReplaceAllStringFunc(h, func(s string) string {
			m := markInLink.FindStringSubmatch(s)
			if m[2] != m[4] {
				return s
			}
			return "<" + m[2] + "><a " + m[1] + ">" + m[3] + "</a></" + m[2] + ">"
		})
	}},
	// Code blocks in a quote become paragraphs of code spans (GitBook's
	// quote holds no code block): only the text is kept.
	{"code-in-quote", func(h string) string {
		return quote.ReplaceAllStringFunc(h, func(q string) string {
			if !strings.Contains(q, "<pre") && !strings.Contains(q, "<code") {
				return q
			}
			return "<blockquote>" + strings.Join(strings.Fields(tag.ReplaceAllString(q, " ")), "") + "</blockquote>"
		})
	}},
}

// explain says which rules explain how a and b differ: the rules applied
// in turn must make them agree, and a rule is named only if they do not
// agree without it.
func explain(a, b string) ([]string, bool) {
	agree := func(skip map[string]bool) bool {
		x, y := a, b
		for _, r := range corpusRules {
			if !skip[r.name] {
				x, y = r.canon(x), r.canon(y)
			}
		}
		return x == y
	}
	skip := map[string]bool{}
	if !agree(skip) {
		return nil, false
	}
	var hit []string
	for _, r := range corpusRules {
		if skip[r.name] = true; !agree(skip) {
			skip[r.name] = false
			hit = append(hit, r.name)
		}
	}
	return hit, true
}

func corpusFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("testdata/corpus/*.md")
	if err != nil || len(files) < 50 {
		t.Fatalf("the corpus has %d documents (%v), want at least 50", len(files), err)
	}
	return files
}

// TestCorpusRoundTrip: each document of the corpus through markdown →
// document → markdown renders the same HTML (normalizeHTML) or differs
// only as corpusRules say; at least minIdentical of them are identical;
// and a second trip changes nothing.
func TestCorpusRoundTrip(t *testing.T) {
	files := corpusFiles(t)
	trip := func(name, md string) string {
		t.Helper()
		out, err := markdown.FromDocument(mdtest.ViaJSON(t, markdown.ToDocument(md)))
		if err != nil {
			t.Fatalf("%s: FromDocument: %v", name, err)
		}
		return out
	}
	identical := 0
	hits := map[string][]string{}
	for _, f := range files {
		name := filepath.Base(f)
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		once := trip(name, src)
		if twice := trip(name, once); twice != once {
			t.Errorf("%s: a second trip changes the markdown:\n%s", name, firstDifference(once, twice))
		}
		a := normalizeHTML(string(pagerender.Render(src, nil).HTML))
		c := normalizeHTML(string(pagerender.Render(once, nil).HTML))
		if a == c {
			identical++
			t.Logf("%s: identical", name)
			continue
		}
		rules, ok := explain(a, c)
		if !ok {
			t.Errorf("%s: the HTML differs, and no rule explains it (rules that applied: %v):\n%s", name, rules, firstDifference(a, c))
			continue
		}
		t.Logf("%s: differs, explained by %v", name, rules)
		for _, r := range rules {
			hits[r] = append(hits[r], name)
		}
	}
	names := make([]string, 0, len(hits))
	for r := range hits {
		names = append(names, r)
	}
	slices.Sort(names)
	for _, r := range names {
		t.Logf("rule %s: %d documents %v", r, len(hits[r]), hits[r])
	}
	t.Logf("%d of %d documents render identically after the trip", identical, len(files))
	if float64(identical) < minIdentical*float64(len(files)) {
		t.Errorf("%d of %d documents render identically, want at least %.0f%%", identical, len(files), minIdentical*100)
	}
}

// firstDifference shows where two strings part.
func firstDifference(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-100)
	return "  original: " + a[lo:min(len(a), i+150)] + "\n  result:   " + b[lo:min(len(b), i+150)]
}

// TestCorpusRules: each rule explains its documented example (the
// markdown and what its trip gives), and names only itself; a change of
// content is explained by none.
func TestCorpusRules(t *testing.T) {
	render := func(md string) string { return normalizeHTML(string(pagerender.Render(md, nil).HTML)) }
	cases := []struct{ rule, before, after string }{
		{"mark-around-link", "a **[b](/u)** c\n", "a [**b**](/u) c\n"},
		{"code-in-quote", "> ```\n> x\n> ```\n", "> `x`\n"},
		{"", "a **b** c\n", "a **d** c\n"},
	}
	for _, c := range cases {
		a, b := render(c.before), render(c.after)
		if a == b {
			t.Errorf("%q and %q render alike: no rule is needed", c.before, c.after)
			continue
		}
		rules, ok := explain(a, b)
		if c.rule == "" {
			if ok {
				t.Errorf("%q → %q is explained by %v", c.before, c.after, rules)
			}
			continue
		}
		if !ok || !slices.Equal(rules, []string{c.rule}) {
			t.Errorf("%q → %q: explained %v by %v, want %s", c.before, c.after, ok, rules, c.rule)
		}
	}
}
