package pagerender_test

import (
	"strings"
	"testing"

	"folio/internal/pagerender"
)

// GitBook's blocks as the reader shows them: sanitized, with no script.
func TestRenderGitBookBlocks(t *testing.T) {
	src := "# Page\n\n" +
		"{% hint style=\"warning\" %}\nCareful **now**.\n{% endhint %}\n\n" +
		"{% tabs %}\n{% tab title=\"Windows\" %}\nRun `setup.exe`.\n{% endtab %}\n\n{% tab title=\"<b>mac</b>\" %}\nRun the app.\n{% endtab %}\n{% endtabs %}\n\n" +
		"{% tabs %}\n{% tab title=\"Other\" %}\nx\n{% endtab %}\n{% endtabs %}\n\n" +
		"{% stepper %}\n{% step %}\n## Install\n{% endstep %}\n\n{% step %}\n## Start\n{% endstep %}\n{% endstepper %}\n\n" +
		"{% columns %}\n{% column %}\nLeft\n{% endcolumn %}\n\n{% column %}\nRight\n{% endcolumn %}\n{% endcolumns %}\n\n" +
		"{% updates format=\"full\" %}\n{% update date=\"2024-01-15\" tags=\"api\" %}\n## V2\n{% endupdate %}\n{% endupdates %}\n\n" +
		"{% embed url=\"https://www.youtube.com/watch?v=x\" %}\n\n" +
		"{% embed url=\"javascript:alert(1)\" %}\n\n" +
		"{% content-ref url=\"guide.md\" %}\n[guide.md](guide.md)\n{% endcontent-ref %}\n\n" +
		"{% file src=\".gitbook/assets/a.pdf\" %}\nThe manual.\n{% endfile %}\n\n" +
		"$$x^2 + \\frac{1}{2}$$\n\nInline $$\\alpha$$ here.\n\n" +
		"{% code title=\"index.js\" overflow=\"wrap\" lineNumbers=\"true\" %}\n```javascript\nlet x = 1;\n```\n{% endcode %}\n\n" +
		"{% @mermaid/diagram content=\"graph\" %}\n"
	got := string(pagerender.Render(src, func(dest string, image bool) string {
		if dest == "guide.md" {
			return "/docs/guide"
		}
		return ""
	}).HTML)
	for _, want := range []string{
		`<div class="hint hint-warning" role="note">`, "<strong>now</strong>",
		`<details class="tab" name="tabs-1" open=""><summary>Windows</summary>`,
		`<details class="tab" name="tabs-1"><summary>&lt;b&gt;mac&lt;/b&gt;</summary>`,
		`<details class="tab" name="tabs-2" open="">`,
		`<ol class="stepper">`, `<li class="step">`, `<div class="columns">`, `<div class="column">`,
		`<time datetime="2024-01-15">15 January 2024</time>`, `<span class="update-tag">api</span>`,
		`<a href="https://www.youtube.com/watch?v=x"`,
		`<p class="content-ref"><a href="/docs/guide"`, `<p class="file"><a href=".gitbook/assets/a.pdf"`, "The manual.",
		`<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">`, "<mfrac>", "<mi>α</mi>",
		// A code block's options: its code, its title as caption (once
		// shown as an integration's notice, the code lost).
		`<figure class="code wrap"><figcaption>index.js</figcaption>`, `<span class="kd">let</span>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("lacks %q:\n%s", want, got)
		}
	}
	for _, not := range []string{"{%", "javascript:", "<b>mac", "$$", "graph", "“code” integration"} {
		if strings.Contains(got, not) {
			t.Errorf("has %q:\n%s", not, got)
		}
	}
}
