package markdown_test

import (
	"testing"

	"folio/store/markdown"
)

func TestRead(t *testing.T) {
	cases := []struct {
		name, src, title, description string
	}{
		{"heading", "# Getting *started*\n\nBody.\n", "Getting started", ""},
		{"frontmatter-wins", "---\ntitle: From YAML\ndescription: About it\n---\n# Heading\n", "From YAML", "About it"},
		{"frontmatter-without-title", "---\ndescription: Only this\n---\n\n# The heading\n", "The heading", "Only this"},
		{"no-title", "Just a paragraph.\n\n# Later heading\n", "", ""},
		{"level-two", "## Not a title\n", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := markdown.Read(c.src)
			if err != nil {
				t.Fatal(err)
			}
			if m.Title != c.title || m.Description != c.description {
				t.Errorf("got %q/%q, want %q/%q", m.Title, m.Description, c.title, c.description)
			}
		})
	}
	if _, err := markdown.Read("---\ntitle: [unclosed\n---\n"); err == nil {
		t.Error("invalid frontmatter accepted")
	}
	if got := markdown.Normalize("a\r\nb\rc\n"); got != "a\nb\nc\n" {
		t.Errorf("Normalize = %q", got)
	}
}
