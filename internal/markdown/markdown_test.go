package markdown_test

import (
	"testing"

	"folio/internal/markdown"
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

func TestSections(t *testing.T) {
	src := "---\ntitle: T\n---\n# Install\n\nIntro *text*.\n\n## Linux setup\n\nRun `apt`.\n\n- one\n- two\n\n```sh\nmake run\n```\n\n## Linux setup\n\nAgain.\n"
	got := markdown.Sections(src)
	want := []markdown.Section{
		{Anchor: "", Title: "", Body: "Intro text."},
		{Anchor: "linux-setup", Title: "Linux setup", Body: "Run apt. one two make run"},
		{Anchor: "linux-setup-1", Title: "Linux setup", Body: "Again."},
	}
	if len(got) != len(want) {
		t.Fatalf("sections = %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("section %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if s := markdown.Sections("## Only\n\nbody\n"); len(s) != 1 || s[0].Anchor != "only" {
		t.Errorf("no intro: %+v", s)
	}
}

func TestLinks(t *testing.T) {
	src := "See [a](/pages/p1) and ![pic](/files/f1 \"t\") <https://example.com/x>.\n\n```\n[not](/a/link)\n```\n"
	got := markdown.Links(src)
	want := []markdown.Link{{"/pages/p1", "link"}, {"/files/f1", "image"}, {"https://example.com/x", "link"}}
	if len(got) != len(want) {
		t.Fatalf("links = %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("link %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}
