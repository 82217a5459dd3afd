package pagerender_test

import (
	"strings"
	"testing"

	"folio/internal/pagerender"
)

func TestRender(t *testing.T) {
	cases := []struct {
		name, md  string
		want, not []string
	}{
		{"title-and-frontmatter-dropped", "---\ntitle: X\n---\n# Title\n\nBody.\n", []string{"<p>Body.</p>"}, []string{"Title", "title: X"}},
		{"anchors-unique", "## A b\n\n## A b\n\n### Ünïcode\n", []string{`<h2 id="a-b">`, `<h2 id="a-b-1">`, `<h3 id="ünïcode">`, `href="#a-b-1"`}, nil},
		{"script-removed", "<script>alert(1)</script>\n\nx <img src=x onerror=alert(1)>", []string{`<img src="x">`}, []string{"<script", "onerror"}},
		{"javascript-url-removed", "[a](javascript:alert(1)) <a href=\"javascript:x\">b</a>", []string{"a", "b"}, []string{"javascript:"}},
		{"style-and-iframe-removed", "<style>body{}</style>\n<iframe src=\"https://x\"></iframe>\n<p style=\"color:red\">p</p>", []string{"<p>p</p>"}, []string{"<style", "<iframe", "style="}},
		{"code-highlighted", "```python\ndef f():\n    return 1\n```\n", []string{`<pre tabindex="0" class="chroma">`, `<span class="k">def</span>`}, nil},
		{"code-unknown-language-escaped", "```nope\n<b>x</b>\n```\n", []string{"&lt;b&gt;x&lt;/b&gt;"}, []string{"<b>x</b>"}},
		{"readme-html", "<p align=\"center\">\n  <img src=\"https://e.com/l.png\" width=\"160\">\n</p>\n\n<h1 align=\"CENTER\">N</h1>\n\n<details open>\n<summary>More</summary>\n\nHidden **text**.\n\n</details>\n\nPress <kbd>C</kbd> <p align=\"x\" onclick=\"y\">q</p>\n", []string{`<p align="center">`, `width="160"`, `<h1 align="CENTER"`, "<details open", "<summary>More</summary>", "<strong>text</strong>", "<kbd>C</kbd>"}, []string{`align="x"`, "onclick"}},
		{"gfm", "| a |\n|---|\n| 1 |\n\n- [x] t\n\n~~s~~ https://example.com", []string{`<table tabindex="0">`, `type="checkbox"`, "<del>s</del>", `<a href="https://example.com" rel="nofollow">`}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := string(pagerender.Render(c.md, nil).HTML)
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("lacks %q: %s", w, got)
				}
			}
			for _, n := range c.not {
				if strings.Contains(got, n) {
					t.Errorf("has %q: %s", n, got)
				}
			}
		})
	}
	toc := pagerender.Render("# T\n\n## One\n\n### Two & three\n\n#### Four\n", nil).TOC
	if len(toc) != 2 || toc[0].Anchor != "one" || toc[1].Title != "Two & three" || toc[1].Level != 3 {
		t.Errorf("toc = %+v", toc)
	}
}

// BenchmarkRender renders a page of about 2 KB with code, a table and
// raw HTML (what a cache miss adds to a page view).
func BenchmarkRender(b *testing.B) {
	md := "# Setup\n\nConfigure the server.\n\n" + strings.Repeat("## Install\n\nBuild it <b>now</b>:\n\n```go\nfunc main() {\n\tfmt.Println(\"hi\")\n}\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n", 6)
	b.SetBytes(int64(len(md)))
	b.ReportAllocs()
	for b.Loop() {
		pagerender.Render(md, nil)
	}
}
