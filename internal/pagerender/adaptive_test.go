package pagerender_test

import (
	"strings"
	"testing"

	"folio/internal/pagerender"
)

// {% if %} content shows only when its condition holds for the reader: a
// hidden block leaves nothing behind, headings and table of contents
// included; without Visible (the app) every block shows.
func TestRenderConditional(t *testing.T) {
	src := "# Page\n\nFor all.\n\n" +
		"{% if visitor.claims.unsigned.beta %}\n## Beta corner\n\nOnly for **beta** readers.\n\n" +
		"{% if visitor.claims.plan == \"pro\" %}\nPro and beta.\n{% endif %}\n{% endif %}\n\n" +
		"{% if visitor.claims.plan == \"pro\" %}\n## Pro corner\n\nPro only.\n{% endif %}\n\n## After\n"
	asked := map[string]int{}
	render := func(claims map[string]bool) pagerender.Rendered {
		return pagerender.RenderWith(src, pagerender.Options{Visible: func(cond string) bool {
			asked[cond]++
			return claims[cond]
		}})
	}
	anon := render(nil)
	if h := string(anon.HTML); strings.Contains(h, "beta") || strings.Contains(h, "Pro") || !strings.Contains(h, "For all.") || !strings.Contains(h, `<h2 id="after">`) {
		t.Errorf("anonymous reader:\n%s", h)
	}
	if len(anon.TOC) != 1 || anon.TOC[0].Title != "After" {
		t.Errorf("anonymous table of contents: %+v", anon.TOC)
	}
	if asked[`visitor.claims.plan == "pro"`] != 1 {
		t.Errorf("the block inside a hidden one was evaluated: %v", asked)
	}
	pro := string(render(map[string]bool{`visitor.claims.plan == "pro"`: true}).HTML)
	if !strings.Contains(pro, "Pro only.") || strings.Contains(pro, "beta") || strings.Contains(pro, "Pro and beta.") {
		t.Errorf("pro reader:\n%s", pro)
	}
	both := render(map[string]bool{`visitor.claims.plan == "pro"`: true, "visitor.claims.unsigned.beta": true})
	if h := string(both.HTML); !strings.Contains(h, "Pro and beta.") || !strings.Contains(h, "<strong>beta</strong>") {
		t.Errorf("pro beta reader:\n%s", h)
	}
	if len(both.TOC) != 3 {
		t.Errorf("pro beta table of contents: %+v", both.TOC)
	}
	if h := string(pagerender.Render(src, nil).HTML); !strings.Contains(h, "Pro and beta.") || !strings.Contains(h, "Pro only.") {
		t.Errorf("without Visible every block shows:\n%s", h)
	}
}

// Reusable content and integrations' blocks are notices naming them.
func TestRenderNotices(t *testing.T) {
	src := "# Page\n\n{% include \"../.gitbook/includes/environments.md\" %}\n\n" +
		"{% @github-files/code-block url=\"https://github.com/a/b/blob/main/x.go\" %}\n\n" +
		"{% @mermaid/diagram content=\"graph <b>\" %}\n"
	got := string(pagerender.Render(src, nil).HTML)
	for _, want := range []string{
		`<div class="hint hint-info notice" role="note"><p>Reusable content “environments” is not shown here: this site has no reusable content.</p></div>`,
		`<p>This block of the “github-files” integration (code-block) is not shown here: this site runs no integrations. <a href="https://github.com/a/b/blob/main/x.go"`,
		`<p>This block of the “mermaid” integration (diagram) is not shown here`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "graph") || strings.Contains(got, "{%") {
		t.Errorf("has a block's source:\n%s", got)
	}
}

func TestRenderPrompt(t *testing.T) {
	src := "# Page\n\n{% prompt description=\"Summarise <this> page\" %}\n```\nSummarise the page in three lines.\n```\n{% endprompt %}\n"
	got := string(pagerender.Render(src, nil).HTML)
	for _, want := range []string{
		`<figure class="prompt"><figcaption>Summarise &lt;this&gt; page</figcaption>`,
		`Summarise the page in three lines.`,
		`</figure>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "{%") {
		t.Errorf("has the block's tags:\n%s", got)
	}
}
