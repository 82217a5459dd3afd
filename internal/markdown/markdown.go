// Package markdown reads page metadata out of markdown documents: the
// frontmatter (YAML between "---" lines) and the leading level-1 heading,
// which set a page's title as in GitBook's Git Sync. The document itself is
// kept as it was written (line endings normalised), so it reads back the same.
package markdown

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// Meta is what a document says about its page. Empty strings and nil
// pointers mean the document does not say.
type Meta struct {
	Title       string // the frontmatter's title, else the leading heading's text
	Description string
	Emoji       string
	Hidden      *bool
}

// frontmatter is the part of the YAML frontmatter Folio reads.
type frontmatter struct {
	Title       string `yaml:"title"`
	Description string `yaml:"description"`
	Emoji       string `yaml:"emoji"`
	Icon        string `yaml:"icon"`
	Hidden      *bool  `yaml:"hidden"`
}

// Normalize turns CRLF and lone CR line endings into LF.
func Normalize(src string) string {
	return strings.ReplaceAll(strings.ReplaceAll(src, "\r\n", "\n"), "\r", "\n")
}

// Read returns the metadata of a normalised document. A frontmatter that is
// not valid YAML is an error (the caller reports it as invalid input).
func Read(src string) (Meta, error) {
	var m Meta
	body := src
	if fm, rest, ok := splitFrontmatter(src); ok {
		var f frontmatter
		if err := yaml.Unmarshal([]byte(fm), &f); err != nil {
			return m, fmt.Errorf("frontmatter is not valid YAML: %w", err)
		}
		m.Title, m.Description, m.Hidden = strings.TrimSpace(f.Title), f.Description, f.Hidden
		m.Emoji = f.Emoji
		if m.Emoji == "" {
			m.Emoji = f.Icon
		}
		body = rest
	}
	if m.Title == "" {
		m.Title = leadingHeading([]byte(body))
	}
	return m, nil
}

// splitFrontmatter separates a leading "---" block from the body.
func splitFrontmatter(src string) (fm, body string, ok bool) {
	rest, found := strings.CutPrefix(src, "---\n")
	if !found {
		return "", src, false
	}
	if strings.HasPrefix(rest, "---\n") || rest == "---" {
		return "", strings.TrimPrefix(strings.TrimPrefix(rest, "---"), "\n"), true
	}
	end := strings.Index(rest, "\n---\n")
	if end < 0 {
		if strings.HasSuffix(rest, "\n---") {
			return rest[:len(rest)-4], "", true
		}
		return "", src, false
	}
	return rest[:end], rest[end+5:], true
}

var parser = goldmark.New().Parser()

// leadingHeading is the plain text of the document's first block when that
// block is a level-1 heading; "" otherwise.
func leadingHeading(src []byte) string {
	doc := parser.Parse(text.NewReader(src))
	h, ok := doc.FirstChild().(*ast.Heading)
	if !ok || h.Level != 1 {
		return ""
	}
	var b bytes.Buffer
	plainText(&b, h, src)
	return strings.TrimSpace(b.String())
}

// plainText writes the text of a node's inline content, without markup.
func plainText(b *bytes.Buffer, n ast.Node, src []byte) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(src))
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.AutoLink:
			// Its text is its address, as for a link written [url](url).
			b.Write(c.Label(src))
		default:
			plainText(b, c, src)
		}
	}
}
