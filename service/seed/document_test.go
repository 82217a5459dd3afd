package seed

import (
	"testing"

	"folio/internal/markdown"
)

// Every page the seed writes, and every edit of it, survives markdown →
// GitBook JSON document → markdown unchanged: a client that reads the
// document and writes it back loses nothing.
func TestSeedMarkdownRoundTrips(t *testing.T) {
	plan := pagePlan(100)
	for space := range 3 {
		for i := range plan {
			for _, md := range []string{pageMarkdown(space, i, plan), editedMarkdown(space, i, 1, plan)} {
				back, err := markdown.FromDocument(markdown.ToDocument(md))
				if err != nil {
					t.Fatalf("space %d page %d: %v", space, i, err)
				}
				if back != md {
					t.Fatalf("space %d page %d changed:\n--- written\n%s\n--- read back\n%s", space, i, md, back)
				}
			}
		}
	}
}
