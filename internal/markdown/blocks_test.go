package markdown_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"folio/internal/markdown"
	"folio/internal/markdown/mdtest"
)

// blockCases are GitBook's blocks as its Git Sync writes them (GitBook's
// documentation, "Representation in Markdown" of each block), the node
// type each must become, and the markdown written back ("" when it is the
// source itself).
var blockCases = []struct{ name, src, nodeType, want string }{
	{"tabs", "{% tabs %}\n{% tab title=\"Windows\" icon=\"windows\" %}\nRun `setup.exe`.\n\n```powershell\n.\\setup.exe\n```\n{% endtab %}\n\n{% tab title=\"macOS\" %}\nRun the installer.\n{% endtab %}\n{% endtabs %}\n", "tabs", ""},
	{"stepper", "{% stepper %}\n{% step %}\n## Install\n\nRun `make`.\n{% endstep %}\n\n{% step %}\n## Start\n\n<details>\n<summary>Why?</summary>\n\nBecause.\n\n</details>\n{% endstep %}\n{% endstepper %}\n", "stepper", ""},
	{"columns", "{% columns %}\n{% column width=\"66.66666666666666%\" valign=\"middle\" %}\n### Before\n\nOld.\n{% endcolumn %}\n\n{% column %}\n### After\n\nNew.\n{% endcolumn %}\n{% endcolumns %}\n", "columns", ""},
	{"updates", "{% updates format=\"full\" %}\n{% update date=\"2024-01-15\" tags=\"api,beta\" %}\n## Version 2\n\nDark mode.\n{% endupdate %}\n\n{% update date=\"2024-01-01\" %}\n## Fixes\n{% endupdate %}\n{% endupdates %}\n", "updates", ""},
	{"if", "{% if visitor.claims.unsigned.beta %}\nOnly for **beta** readers.\n{% endif %}\n", "if", ""},
	{"embed", "{% embed url=\"https://www.youtube.com/watch?v=dQw4w9WgXcQ\" %}\n", "embed", ""},
	{"embed with caption", "{% embed url=\"https://example.com/a.mp4\" %}\nTry it out.\n{% endembed %}\n", "embed", ""},
	{"content-ref", "{% content-ref url=\"../formatting/inline.md\" %}\n[inline.md](../formatting/inline.md)\n{% endcontent-ref %}\n", "content-ref", ""},
	{"file", "{% file src=\".gitbook/assets/guide.pdf\" %}\nThe whole guide.\n{% endfile %}\n", "file", ""},
	{"reusable content", "{% include \"../.gitbook/includes/environments.md\" %}\n", "reusable-content", ""},
	{"integration", "{% @github-files/github-code-block %}\n", "integration", ""},
	// GitBook's PlainObject (an integration block's props) has no type, so
	// a string matches it and a string prop matches two of the oneOf: no
	// prop value passes GitBook's schema, though GitBook writes them.
	{"integration with props " + noSchema, "{% @mermaid/diagram content=\"graph LR; A-->B\" %}\n", "integration", ""},
	{"math", "$$f(x) = x * e^{2 pi i \\xi x}$$\n", "math", ""},
	{"inline math", "Where $$E = mc^2$$ holds.\n", "inline-math", ""},
	{"drawing", "<img src=\".gitbook/assets/flow.svg\" alt=\"The flow\" class=\"gitbook-drawing\">\n", "drawing", ""},
	{"dollars stay text", "It costs $5, \\$$ is not math.\n", "paragraph", "It costs \\$5, \\$\\$ is not math.\n"},
	{"stepper where tabs allow none", "{% tabs %}\n{% tab title=\"A\" %}\n{% stepper %}\n{% step %}\nOne.\n{% endstep %}\n{% endstepper %}\n{% endtab %}\n{% endtabs %}\n", "tabs",
		"{% tabs %}\n{% tab title=\"A\" %}\nOne.\n{% endtab %}\n{% endtabs %}\n"},
	{"color marks", "Some <mark style=\"color:orange;\">**coloured** text</mark> and <mark style=\"color:red;background-color:blue;\">both</mark>.\n", "paragraph", ""},
	{"keyboard, superscript, subscript", "Press <kbd>Ctrl</kbd>+<kbd>C</kbd>: x<sup>2</sup>, H<sub>2</sub>O, <kbd>[link](/u)</kbd>.\n", "paragraph", ""},
	{"marks read in any order are written in one", "<kbd><mark style=\"color:red;\">x</mark></kbd>\n", "paragraph", "<mark style=\"color:red;\"><kbd>x</kbd></mark>\n"},
	{"icon", "Launch <i class=\"fa-rocket\" style=\"color:$primary;\">:rocket:</i> and <i class=\"fa-key\">:key:</i>.\n", "icon", ""},
	// GitBook's button data is allOf a {label, kind} object and oneOf {ref}
	// or {action} with additionalProperties false: label and kind are
	// additional there, so no button passes GitBook's schema.
	{"button link " + noSchema, "<a href=\"https://example.com/signup\" class=\"button primary\" data-icon=\"rocket\">Get started</a>\n", "button", ""},
	{"button action " + noSchema, "<button type=\"button\" class=\"button secondary\" data-action=\"ask\" data-query=\"How do I rotate a key?\">API keys</button>\n", "button", ""},
	{"expression", "Base URL: <code class=\"expression\">space.vars.api_live</code>\n", "expression", ""},
	{"mention", "See [automatic-docs.md](../agent/automatic-docs.md \"mention\") to learn more.\n", "mention", ""},
	{"other inline HTML stays raw", "A <span class=\"x\">span</span> and <mark>plain mark</mark>.\n", "paragraph", ""},
	{"code options", "{% code title=\"index.js\" overflow=\"wrap\" lineNumbers=\"true\" %}\n```javascript\nimport x from 'x';\n```\n{% endcode %}\n", "code", ""},
	{"prompt", "{% prompt description=\"Summarise a release\" icon=\"rectangle-terminal\" defaultExpanded=\"full\" %}\n```markdown\nSummarise the key changes.\n\n- New features\n```\n{% endprompt %}\n", "prompt", ""},
	{"prompt in a tab", "{% tabs %}\n{% tab title=\"A\" %}\n{% prompt description=\"Ask\" %}\n\n```\nHello\n```\n\n{% endprompt %}\n{% endtab %}\n{% endtabs %}\n",
		"prompt", "{% tabs %}\n{% tab title=\"A\" %}\n{% prompt description=\"Ask\" %}\n```\nHello\n```\n{% endprompt %}\n{% endtab %}\n{% endtabs %}\n"},
	{"table aligned left and not aligned", "| a | b | c |\n| :--- | --- | ---: |\n| 1 | 2 | 3 |\n", "table", ""},
	{"unsized figure", "<figure><img src=\"a.png\" alt=\"A\"><figcaption><p>A caption</p></figcaption></figure>\n", "image", ""},
	{"image title", "![A](a.png \"A title\")\n", "image", ""},
	{"details in a list item stays HTML", "- item\n\n  <details>\n  <summary>More</summary>\n\n  Body *text*\n\n  </details>\n", "list-item", ""},
	{"details in a quote stays HTML", "> <details>\n> <summary>More</summary>\n>\n> Body\n>\n> </details>\n", "blockquote", ""},
	{"aligned paragraph", "<p align=\"center\">A <strong>bold</strong> <a href=\"https://example.com/?a=1&amp;b=2\">link</a>,<br><code>x &lt; y</code> and <img src=\"i.png\" alt=\"icon\"></p>\n", "paragraph", ""},
	{"aligned heading", "<h2 align=\"right\">Right <em>side</em></h2>\n\n<h5 align=\"left\">Five</h5>\n", "heading-3", ""},
	{"aligned paragraph written on lines", "<p align=\"center\">\n  Some   text\n  <kbd>Ctrl</kbd>\n</p>\n", "paragraph", "<p align=\"center\">Some text <kbd>Ctrl</kbd></p>\n"},
	{"aligned paragraph with other HTML stays raw", "<p align=\"center\">\n  <img src=\"logo.png\" width=\"160\">\n</p>\n", "code", ""},
	{"legacy swagger block kept as written", "{% swagger method=\"get\" path=\"/pets\" baseUrl=\"https://api.example.com\" summary=\"List pets\" %}\n{% swagger-description %}\nAll the *pets*.\n{% endswagger-description %}\n\n{% swagger-parameter in=\"query\" name=\"limit\" type=\"integer\" %}\nHow many\n{% endswagger-parameter %}\n\n{% swagger-response status=\"200: OK\" description=\"\" %}\n```json\n[]\n```\n{% endswagger-response %}\n{% endswagger %}\n\nAfter.\n", "code", ""},
	{"legacy swagger block in a quote", "> {% swagger method=\"get\" path=\"/p\" %}\n>\n> x\n> {% endswagger %}\n", "blockquote", ""},
	{"legacy swagger block in a tab", "{% tabs %}\n{% tab title=\"A\" %}\n{% swagger method=\"get\" path=\"/p\" %}\n{% endtab %}\n{% endswagger %}\n{% endtab %}\n{% endtabs %}\n", "tabs", ""},
	{"swagger without its end stays text", "{% swagger method=\"get\" %}\nx\n", "paragraph", "\\{% swagger method=\"get\" %} x\n"},
	{"embed without end tag before text", "{% embed url=\"https://example.com\" %}\n\nAfter.\n", "embed", ""},
}

// noSchema ends the name of a case whose document GitBook's schema cannot
// take (the case says why).
const noSchema = "(no schema)"

func TestBlocksRoundTrip(t *testing.T) {
	schema := mdtest.DocumentSchema(t)
	for _, c := range blockCases {
		t.Run(c.name, func(t *testing.T) {
			want := c.want
			if want == "" {
				want = c.src
			}
			if got := roundTrip(t, c.src); got != want {
				t.Errorf("FromDocument(ToDocument(%q))\n got %q\nwant %q", c.src, got, want)
			}
			b, err := json.Marshal(markdown.ToDocument(c.src))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(b, []byte(`"type":"`+c.nodeType+`"`)) {
				t.Errorf("no %s node in %s", c.nodeType, b)
			}
			if strings.HasSuffix(c.name, noSchema) {
				return
			}
			doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			if err := schema.Validate(doc); err != nil {
				t.Errorf("not a GitBook JSONDocument: %v\n%s", err, b)
			}
		})
	}
}

// TestAlignedBlocks: HTML's align is GitBook's data.align, and a
// document's alignment is written back as HTML.
func TestAlignedBlocks(t *testing.T) {
	for src, want := range map[string]string{
		"<p align=\"center\">x</p>\n":    `"data":{"align":"center"}`,
		"<h1 align=\"right\">x</h1>\n":   `"data":{"align":"end"}`,
		"<h6 align=\"left\">x</h6>\n":    `"data":{"align":"start","level":6}`,
		"<p align=\"justify\">x</p>\n":   `"syntax":"html"`,
		"<p align=\"center\">x</p>y\n":   `"syntax":"html"`,
		"<p align=\"center\" id=a>x</p>": `"syntax":"html"`,
	} {
		b, _ := json.Marshal(markdown.ToDocument(src))
		if !bytes.Contains(b, []byte(want)) {
			t.Errorf("ToDocument(%q) = %s, want %s in it", src, b, want)
		}
	}
	doc := `{"object":"document","nodes":[{"object":"block","type":"paragraph","data":{"align":"end"},"nodes":[{"object":"text","leaves":[{"object":"leaf","text":"a < b","marks":[{"object":"mark","type":"bold"}]}]}]},` +
		`{"object":"block","type":"paragraph","data":{"align":"center"},"nodes":[{"object":"inline","type":"inline-math","isVoid":true,"data":{"formula":"x"}}]}]}`
	var v any
	if err := json.Unmarshal([]byte(doc), &v); err != nil {
		t.Fatal(err)
	}
	got, err := markdown.FromDocument(v)
	if want := "<p align=\"right\"><strong>a &lt; b</strong></p>\n\n$$x$$\n"; err != nil || got != want {
		t.Errorf("FromDocument = %q, %v; want %q (a formula has no HTML form: its paragraph loses the alignment)", got, err, want)
	}
}
