package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"folio/store"
)

// A page file is the page's document with its metadata in the frontmatter,
// as Git Sync writes it. The document is kept as written: when its own
// frontmatter already says what the page's fields say, the file is the
// document byte for byte; otherwise only the keys that disagree are set or
// removed (other keys stay, re-encoded).

// meta is the part of a frontmatter that page fields live in: what
// internal/markdown reads (description, emoji or icon, hidden), plus the two
// indexing flags Folio stores, under the API's names.
type meta struct {
	Description   string `yaml:"description"`
	Emoji         string `yaml:"emoji"`
	Icon          string `yaml:"icon"`
	Hidden        *bool  `yaml:"hidden"`
	NoIndex       *bool  `yaml:"noIndex"`
	NoRobotsIndex *bool  `yaml:"noRobotsIndex"`
}

func (m meta) emoji() string {
	if m.Emoji != "" {
		return m.Emoji
	}
	return m.Icon
}

func flag(b *bool) bool { return b != nil && *b }

// splitFrontmatter separates a leading "---" block from the body, as
// internal/markdown does; head is everything before the body (the block and
// its fences), so head+body is src.
func splitFrontmatter(src string) (fm, head, body string, ok bool) {
	rest, found := strings.CutPrefix(src, "---\n")
	if !found {
		return "", "", src, false
	}
	switch {
	case strings.HasPrefix(rest, "---\n") || rest == "---":
		body = strings.TrimPrefix(strings.TrimPrefix(rest, "---"), "\n")
	default:
		end := strings.Index(rest, "\n---\n")
		if end < 0 {
			if !strings.HasSuffix(rest, "\n---") {
				return "", "", src, false
			}
			fm = rest[:len(rest)-4]
		} else {
			fm, body = rest[:end], rest[end+5:]
		}
	}
	return fm, src[:len(src)-len(body)], body, true
}

func readMeta(fm string) (meta, error) {
	var m meta
	if err := yaml.Unmarshal([]byte(fm), &m); err != nil {
		return m, fmt.Errorf("frontmatter is not valid YAML: %w", err)
	}
	return m, nil
}

// agrees reports which of the page's fields m already says.
type agreement struct{ description, emoji, hidden, noIndex, noRobotsIndex bool }

func (a agreement) all() bool {
	return a.description && a.emoji && a.hidden && a.noIndex && a.noRobotsIndex
}

func compare(m meta, e *store.Entry) agreement {
	return agreement{
		description:   m.Description == e.Description,
		emoji:         m.emoji() == e.Emoji,
		hidden:        flag(m.Hidden) == e.Hidden,
		noIndex:       flag(m.NoIndex) == e.NoIndex,
		noRobotsIndex: flag(m.NoRobotsIndex) == e.NoRobotsIndex,
	}
}

// withMeta returns the head of a page file: the document's own head when
// its frontmatter agrees with the page's fields, else one that does.
func withMeta(doc string, e *store.Entry) (head, body string, err error) {
	fm, head, body, has := splitFrontmatter(doc)
	m, err := readMeta(fm)
	if err != nil {
		return "", "", err
	}
	a := compare(m, e)
	if a.all() {
		return head, body, nil
	}
	var ms yaml.MapSlice
	if has {
		if err := yaml.UnmarshalWithOptions([]byte(fm), &ms, yaml.UseOrderedMap()); err != nil {
			return "", "", fmt.Errorf("frontmatter is not a YAML mapping: %w", err)
		}
	}
	set := func(key string, v any, keep bool) {
		i := 0
		for i < len(ms) && ms[i].Key != key {
			i++
		}
		switch {
		case keep && i < len(ms):
			ms[i].Value = v
		case keep:
			ms = append(ms, yaml.MapItem{Key: key, Value: v})
		case i < len(ms):
			ms = append(ms[:i], ms[i+1:]...)
		}
	}
	if !a.description {
		set("description", e.Description, e.Description != "")
	}
	if !a.emoji {
		if e.Emoji == "" {
			set("emoji", nil, false)
			set("icon", nil, false)
		} else {
			set("emoji", e.Emoji, true)
		}
	}
	if !a.hidden {
		set("hidden", true, e.Hidden)
	}
	if !a.noIndex {
		set("noIndex", true, e.NoIndex)
	}
	if !a.noRobotsIndex {
		set("noRobotsIndex", true, e.NoRobotsIndex)
	}
	if len(ms) == 0 {
		return "", body, nil
	}
	sep := ""
	if !has && body != "" {
		sep = "\n" // a blank line between the frontmatter and the text, as Git Sync writes
	}
	// Read back, the file must say what the page says (an import reads
	// it): YAML's plain and block styles cannot carry every string (a
	// lone "\r", trailing blank lines before the closing "---"), JSON's
	// quoted strings, which YAML reads too, can.
	for _, quoted := range []bool{false, true} {
		y, err := encodeFrontmatter(ms, quoted)
		if err != nil {
			return "", "", err
		}
		head = "---\n" + y + "---\n" + sep
		fm, _, _, _ := splitFrontmatter(head + body)
		if back, err := readMeta(fm); err == nil && compare(back, e).all() {
			return head, body, nil
		}
	}
	return "", "", fmt.Errorf("page %s: its fields do not survive a YAML frontmatter", e.ID)
}

var managedKeys = map[string]bool{"description": true, "emoji": true, "icon": true, "hidden": true, "noIndex": true, "noRobotsIndex": true}

// encodeFrontmatter writes a frontmatter's keys, in order; quoted writes
// the page's own keys as JSON values, after the others.
func encodeFrontmatter(ms yaml.MapSlice, quoted bool) (string, error) {
	if !quoted {
		y, err := yaml.Marshal(ms)
		if err != nil {
			return "", fmt.Errorf("encode frontmatter: %w", err)
		}
		return string(y), nil
	}
	var others yaml.MapSlice
	var own strings.Builder
	for _, it := range ms {
		k, _ := it.Key.(string)
		if !managedKeys[k] {
			others = append(others, it)
			continue
		}
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(it.Value); err != nil {
			return "", fmt.Errorf("encode frontmatter: %w", err)
		}
		own.WriteString(k + ": " + b.String()) // Encode ends it with a newline
	}
	y := []byte{}
	if len(others) > 0 {
		var err error
		if y, err = yaml.Marshal(others); err != nil {
			return "", fmt.Errorf("encode frontmatter: %w", err)
		}
	}
	return string(y) + own.String(), nil
}

// Links between pages and to files are ids inside Folio (/pages/<id>,
// /files/<id>) and relative paths in an export (other.md,
// ../.gitbook/assets/a.png). rewrite finds the places a link target is
// written: markdown link and image destinations ("(...)", "<...>", and
// reference definitions "]: ..."; only text that the markdown parser
// finds as a destination somewhere in the document, which may catch the
// same text in parentheses in prose, harmlessly: it converts both ways
// alike) and quoted attribute values ('src="..."', 'url="..."', as in HTML
// and GitBook blocks), never inside code, and replaces the path part of
// each (before any '#' or '?') that to returns a replacement for.

var parser = goldmark.New().Parser()

type span struct{ start, end int }

// codeAndDestinations parses a body: the byte ranges of code (blocks and
// spans), and the destinations of its links and images.
func codeAndDestinations(src []byte) ([]span, map[string]bool) {
	var code []span
	dests := map[string]bool{}
	doc := parser.Parse(text.NewReader(src))
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			lines := n.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				code = append(code, span{seg.Start, seg.Stop})
			}
			return ast.WalkSkipChildren, nil
		case *ast.CodeSpan:
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				if t, ok := c.(*ast.Text); ok {
					code = append(code, span{t.Segment.Start, t.Segment.Stop})
				}
			}
			return ast.WalkSkipChildren, nil
		case *ast.Link:
			dests[string(n.Destination)] = true
		case *ast.Image:
			dests[string(n.Destination)] = true
		}
		return ast.WalkContinue, nil
	})
	return code, dests
}

// isDestination reports whether tok is a parsed destination, or its path part.
func isDestination(dests map[string]bool, tok string) bool {
	if dests[tok] {
		return true
	}
	for d := range dests {
		if len(d) > len(tok) && strings.HasPrefix(d, tok) && (d[len(tok)] == '#' || d[len(tok)] == '?') {
			return true
		}
	}
	return false
}

// targets lists where link targets are written in src, in order.
func targets(src string) []span {
	code, dests := codeAndDestinations([]byte(src))
	inCode := func(s span) bool {
		for _, c := range code {
			if s.start < c.end && c.start < s.end {
				return true
			}
		}
		return false
	}
	scan := func(from int, stop string) int {
		i := from
		for i < len(src) && !strings.ContainsRune(stop, rune(src[i])) {
			i++
		}
		return i
	}
	var out []span
	last := 0
	for i := 0; i < len(src); i++ {
		var s span
		checked := true // the parser must see a destination here
		switch c := src[i]; {
		case c == '(':
			s = span{i + 1, scan(i+1, " \t\n)<>\"'#?")}
		case c == '<':
			s = span{i + 1, scan(i+1, "\n>#?")}
		case (c == '"' || c == '\'') && i > 0 && src[i-1] == '=':
			s = span{i + 1, scan(i+1, string(c)+"\n#?")}
			checked = false
		case c == ']' && i+1 < len(src) && src[i+1] == ':':
			j := i + 2
			for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
				j++
			}
			if j == i+2 || j >= len(src) || src[j] == '<' {
				continue
			}
			s = span{j, scan(j, " \t\n#?")}
		default:
			continue
		}
		if s.end == s.start || s.start < last || inCode(s) {
			continue
		}
		if checked && !isDestination(dests, src[s.start:s.end]) {
			continue
		}
		out = append(out, s)
		last = s.end
	}
	return out
}

// rewrite replaces link targets in a body.
func rewrite(body string, to func(target string) (string, bool)) string {
	var b strings.Builder
	last := 0
	for _, s := range targets(body) {
		if r, ok := to(body[s.start:s.end]); ok {
			b.WriteString(body[last:s.start])
			b.WriteString(r)
			last = s.end
		}
	}
	if last == 0 {
		return body
	}
	b.WriteString(body[last:])
	return b.String()
}

// relPath is the path of target (from the top of the export) as written
// in a file of directory dir, each segment escaped for a URL path.
func relPath(dir, target string) string { return rel(dir, target, url.PathEscape) }

// rawRelPath is relPath without escaping, as GitBook writes asset paths
// inside <...> and quotes.
func rawRelPath(dir, target string) string {
	return rel(dir, target, func(s string) string { return s })
}

func rel(dir, target string, escape func(string) string) string {
	from, to := split(dir), split(target)
	n := 0
	for n < len(from) && n < len(to)-1 && from[n] == to[n] {
		n++
	}
	parts := make([]string, 0, len(from)-n+len(to)-n)
	for range from[n:] {
		parts = append(parts, "..")
	}
	for _, p := range to[n:] {
		parts = append(parts, escape(p))
	}
	return strings.Join(parts, "/")
}

func split(p string) []string {
	if p == "" || p == "." {
		return nil
	}
	return strings.Split(p, "/")
}

// idTarget is the id of a Folio link target written as prefix+id or
// prefix without its leading slash.
func idTarget(target, prefix string) (string, bool) {
	for _, p := range []string{prefix, strings.TrimPrefix(prefix, "/")} {
		if id, ok := strings.CutPrefix(target, p); ok && id != "" && !strings.Contains(id, "/") {
			return id, true
		}
	}
	return "", false
}

// sortedKeys returns the keys of a map in order.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
