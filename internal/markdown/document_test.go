package markdown_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"folio/internal/markdown"
	"folio/internal/markdown/mdtest"
)

// documentCases are markdown documents and the markdown FromDocument writes
// for them; an empty want means the document is written as it was.
var documentCases = []struct{ name, src, want string }{
	{"inline marks", "Some *italic*, **bold**, ~~struck~~ and `code` text, ***both*** and **bold *nested***.\n", ""},
	{"other delimiters", "_italic_ and __bold__ and ~struck~\n", "*italic* and **bold** and ~~struck~~\n"},
	{"links", "See [the guide](/getting-started/overview), [site](https://acme.example/a?b=1) and <https://status.acme.example>.\n", ""},
	{"email autolink", "Write to <team@acme.example>.\n", ""},
	{"link with spaces", "[file](<my file.md>) and [**bold link**](/x) and **[whole](/y)**\n", "[file](<my file.md>) and [**bold link**](/x) and [**whole**](/y)\n"},
	{"link title", "[a](/b \"title\") and [c](/d \"say \\\"hi\\\"\")\n", ""},
	{"reference link", "[a][ref]\n\n[ref]: /target\n", "[a](/target)\n"},
	{"reference link title", "[a][ref] and [ref]\n\n[ref]: /target \"Title\"\n", "[a](/target \"Title\") and [ref](/target \"Title\")\n"},
	{"hard breaks", "one\\\ntwo  \nthree\nfour\n", "one\\\ntwo\\\nthree four\n"},
	{"escapes", "1\\. not a list, a \\* star, snake_case, \\_under\\_, a \\[bracket\\], AT&T, \\&amp; and a \\<tag>\n", ""},
	{"needless escapes", "x \\# not a heading, a\\. b\\!\n", "x # not a heading, a. b!\n"},
	{"entities", "&copy; &#35; &amp;\n", "© # &\n"},
	{"line start escapes", "\\- dash\\\n\\# hash\\\n\\> quote\\\n2\\) paren\n", ""},
	{"headings", "# One\n\n## Two\n\n### Three\n\n#### Four\n\nSetext\n======\n\n## Ends with \\#\n", "# One\n\n## Two\n\n### Three\n\n#### Four\n\n# Setext\n\n## Ends with \\#\n"},
	{"deep headings", "#### Four\n\n##### Five\n\n###### Six\n", ""},
	{"bullets", "* one\n* two\n+ three\n", "- one\n- two\n\n* three\n"},
	{"nested lists", "- one\n  - one.one\n    1. deep\n    2. deeper\n- two\n\n  more of two\n", ""},
	{"loose lists", "- a\n\n- b\n  - c\n\n1. x\n\n2. y\n\n- [ ] t\n\n- [x] u\n", ""},
	{"loose list blank inside", "- a\n\n  more\n- b\n", "- a\n\n  more\n- b\n"},
	{"tight list", "- a\n- b\n", ""},
	{"lists in a row in an item", "- a\n  1. b\n  - c\n- d\n  - e\n  * f\n", ""},
	{"ordered lists", "1. a\n1. b\n1. c\n\n3) x\n4) y\n", "1. a\n2. b\n3. c\n\n3) x\n4) y\n"},
	{"ordered start in item", "- item\n\n  7. seven\n  8. eight\n", ""},
	{"tasks", "- [ ] todo\n- [x] done\n  - [ ] nested\n", ""},
	{"mixed tasks", "- [ ] todo\n- plain\n", "- \\[ \\] todo\n- plain\n"},
	{"code blocks", "```go\nfunc main() {\n\tfmt.Println(\"hi\")\n}\n```\n\n    indented\n    code\n\n~~~\nhas ``` inside\n~~~\n\n```\n```\n", "```go\nfunc main() {\n\tfmt.Println(\"hi\")\n}\n```\n\n```\nindented\ncode\n```\n\n````\nhas ``` inside\n````\n\n```\n```\n"},
	{"code info", "```js title=\"x.js\"\nx\n```\n", "```js\nx\n```\n"},
	{"code spans", "`` a`b `` and ` `` ` and `  padded  `\n", "``a`b`` and ``` `` ``` and `  padded  `\n"},
	{"blockquote", "> **Note:** Keep `tokens` secret.\n>\n> - a list\n> - in a quote\n", ""},
	{"nested quote", "> outer\n>\n> > inner\n", ""},
	{"code in quote", "> ```\n> a\n> b\n> ```\n", "> `a`\\\n> `b`\n"},
	{"hints", "{% hint style=\"info\" %}\nInfo **text**.\n{% endhint %}\n\n{% hint style=\"warning\" %}\nOne.\n\nTwo.\n{% endhint %}\n\n{% hint style=\"danger\" %}\n- a\n- b\n{% endhint %}\n\n{% hint style=\"success\" %}\n{% endhint %}\n", ""},
	{"hint blank lines", "{% hint style=\"info\" %}\n\nText.\n\n{% endhint %}\n", "{% hint style=\"info\" %}\nText.\n{% endhint %}\n"},
	{"hint unknown style", "{% hint style=\"tip\" %}\nText.\n{% endhint %}\n", "\\{% hint style=\"tip\" %} Text. {% endhint %}\n"},
	{"hint with code", "{% hint style=\"info\" %}\n```sh\nmake\n```\n{% endhint %}\n", "{% hint style=\"info\" %}\n`make`\n{% endhint %}\n"},
	{"hint in list", "- item\n\n  {% hint style=\"info\" %}\n  Inside.\n  {% endhint %}\n", ""},
	{"divider", "Above.\n\n---\n\nBelow.\n\n***\n", "Above.\n\n---\n\nBelow.\n\n---\n"},
	{"images", "![A diagram](https://acme.example/d.png)\n\n![one](/a.png)\n![two](/b.png \"Second\")\n\nInline ![icon](/i.svg) image.\n", ""},
	{"image in list", "- ![pic](/p.png)\n", ""},
	{"linked image", "[![badge](/b.svg)](https://ci.example)\n", ""},
	{"table", "| Name | Type | Default |\n| --- | :---: | ---: |\n| `limit` | **int** | 10 |\n| [docs](/d) |  | a \\| b |\n", ""},
	{"table header formatting", "| **A** | `b` |\n|:--|--|\n| 1 | 2 |\n", "| A | b |\n| :--- | --- |\n| 1 | 2 |\n"},
	{"table left and not aligned", "| a | b | c | d |\n| :-- | --- | :-: | --: |\n| 1 | 2 | 3 | 4 |\n", "| a | b | c | d |\n| :--- | --- | :---: | ---: |\n| 1 | 2 | 3 | 4 |\n"},
	{"table in quote", "> | a | b |\n> | --- | --- |\n> | 1 | 2 |\n", "> a \\| b\n>\n> 1 \\| 2\n"},
	{"html", "<div class=\"x\">\n<b>hi</b>\n</div>\n\nText with <kbd>Ctrl</kbd>.\n", ""},
	{"html paragraph align", "<p align=\"center\">\n  <img src=\"logo.png\" width=\"160\">\n</p>\n\n<h1 align=\"center\">Name</h1>\n", ""},
	{"html inline", "**<kbd>Ctrl</kbd>** and <sup>1</sup>, <a href=\"/x\">x</a> <!-- note -->\n", "<kbd>**Ctrl**</kbd> and <sup>1</sup>, <a href=\"/x\">x</a> <!-- note -->\n"},
	{"html in list", "- <b>a</b>\n- b\n\n  <div>\n  c\n  </div>\n", ""},
	{"html in quote", "> <div>\n> x\n> </div>\n", ""},
	{"html in table", "| a | b |\n| --- | --- |\n| <b>x</b> | <img src=\"i.png\" width=\"9\"> |\n", ""},
	{"html comment block", "<!--\nhidden\n\nstill hidden\n-->\n\nText.\n", ""},
	{"html break", "a<br>b<br/>c<br />d\n", "a\\\nb\\\nc\\\nd\n"},
	{"html break at line end", "a<br>\nb<BR>\nc<br>\n", "a\\\nb\\\nc<br>\n"},
	{"html img", "<img src=\"logo.png\" alt=\"Logo\" width=\"160\">\n\n<img src=\"a.png\" alt=\"\" width=\"50%\" height=\"20\" align=\"right\">\n<img src=\"b.png\" alt=\"b\" align=\"right\">\n", ""},
	{"html img other attributes", "<img src=\"a.png\" class=\"x\">\n\n<img src=\"b.png\" width=\"auto\">\n", ""},
	{"html img unsized", "<img src=\"a.png\" alt=\"A\">\n\n![B](b.png)\n", ""},
	{"html img order", "<img width=\"10\" src=\"a.png\">\n", "<img src=\"a.png\" alt=\"\" width=\"10\">\n"},
	{"html figure", "<figure><img src=\"a.png\" alt=\"A\" width=\"300\"><figcaption><p>A &amp; B</p></figcaption></figure>\n", ""},
	{"html figure unsized", "<figure><img src=\"a.png\" alt=\"A\"><figcaption><p>Cap</p></figcaption></figure>\n", ""},
	{"image title and figure", "![A](a.png \"Title\")\n\n<figure><img src=\"b.png\" alt=\"B\"><figcaption><p>Cap</p></figcaption></figure>\n", ""},
	{"html details", "<details>\n<summary>More &amp; less</summary>\n\nBody **text**.\n\n- a\n- b\n\n</details>\n", ""},
	{"html details open", "<details open>\n<summary><b>Bold</b> title</summary>\n\n```sh\nmake\n```\n\n</details>\n", ""},
	{"html details nested", "<details>\n<summary>Out</summary>\n\n<details>\n<summary>In</summary>\n\nx\n\n</details>\n\n</details>\n", ""},
	{"html details one line", "<details><summary>A</summary>\n\nx\n</details>\n", "<details>\n<summary>A</summary>\n\nx\n\n</details>\n"},
	{"html details unclosed", "<details>\n<summary>A</summary>\n\nx\n", ""},
	{"frontmatter", "---\ntitle: Hello\n---\n# Hello\n\nBody.\n", "# Hello\n\nBody.\n"},
	{"empty", "", ""},
	{"bang before link", "Wow\\![a](/b)\n", ""},
	// CommonMark's HTML blocks take a tab where goldmark takes a space.
	{"html tag then a tab", "<img src=\"a.png\">\t\n\n<div\tclass=\"x\">\n*a*\n</div>\n", "<img src=\"a.png\" alt=\"\">\n\n<div\tclass=\"x\">\n*a*\n</div>\n"},
	// A task's box is a paragraph's line: an empty item under it would
	// make it a heading (`- [x]` then `  -`).
	{"task box then an empty item", "- [x]\n\n  -\n", ""},
	{"task box then a heading", "- [ ] a\n- [x]\n  # h\n", "- [ ] a\n- [x]\n\n  # h\n"},
	// A formula's lines are a paragraph's: one that would start a block
	// is indented as code (which cannot interrupt a paragraph).
	{"formula lines", "x $$a\n    - b\n    # c\nd$$\n\n$$$\n##$$\n\n$$x\ny$$\n=\n", "x $$a\n    - b\n    # c\nd$$\n\n$$ $\n    ##$$\n\n# $$x y$$\n"},
	// An HTML block split by a `{% … %}` line is read as written back:
	// a `<details>` after that line closes after the block.
	{"details after a tag in html", "<b>\n{% x %}\n<details><summary>a</summary>\n\nb\n\n</details>\n", "<b>\n\n\\{% x %}\n\n<details>\n<summary>a</summary>\n\nb\n\n</details>\n"},
	// An element around text in another (`<sup>` in `<kbd>`) is written
	// in it, the one that runs on longest outermost, so that no element
	// is split where a space would start or end its text (it would stay
	// raw HTML).
	{"html marks nested", "<kbd>a<sup>b</sup> c</kbd> and <sup>d<kbd>e</kbd> f</sup>\n", ""},
	// A list that cannot interrupt a paragraph (numbered from 2, or its
	// first item empty) has a blank line before it, which makes the list
	// around it loose: a tight one is not said to be (data.loose).
	{"list under a paragraph it cannot interrupt", "- a\n\n  2. b\n- c\n\n  -\n  - d\n", ""},
	// Inline HTML's lines too (a tag may run over lines).
	{"html tag over lines", "a <b\n    > c=\"d\">x</b>\n", ""},
	// Blocks in a stepper before its first step go to a step of their own.
	{"details before a step", "{% stepper %}\n<details>\n<summary>a</summary>\n\nb\n\n</details>\n{% endstepper %}\n", "{% stepper %}\n{% step %}\n<details>\n<summary>a</summary>\n\nb\n\n</details>\n{% endstep %}\n{% endstepper %}\n"},
}

// hardDocuments are hard to write back: marks that meet, marks around
// links and code, markers that are text, blocks where GitBook does not
// allow them.
var hardDocuments = []string{
	// A list item whose nested list ends with an empty item, then more of
	// the item (found by FuzzDocumentRoundTrip).
	"- 0. 0. 0.\n  0\n", "- a\n\n  -\n  b\n", "1. - 2.\n\n     x\n\n   y\n",
	"*a***b**\n", "**a**~~b~~\n", "***a* b**\n", "~~**x**~~\n", "***a** b*\n", "x*a*y\n", "**foo**bar\n",
	"a**(b)**c\n", "**a.**b\n", "**bold `code`**\n", "*[link **x**](/u) y*\n", "**a [b](c)**\n",
	"**a\\\nb**\n", "a\\\n\\\nb\n", "a  \n  b\n", "\\\\\n", "Wow!\n", "a_b_c\n", "foo_\n",
	"[a](/x(1))\n", "[a](/x(1)\n", "[a](/x\\(1)\n", "[a]()\n", "[](/c)\n", "![a *b*](/c)\n", "![](/c)\n",
	"<https://a.b/c?d=1&amp;e=2>\n", "[https://a.b](https://a.b)\n", "[a@b.co](mailto:a@b.co)\n",
	"- \n- b\n", "- [ ]\n- [x] b\n", "1. [x](/a)\n", "10. ten\n11. eleven\n", "- ---\n", "- # h\n", "-\n", "1.\n",
	"> - a\n>   ```\n>   code\n>   ```\n", "- a\n\n  ---\n", "- a\n- b\n\n\n- c\n", "1. a\n\n\n1. b\n",
	"| a |\n| - |\n| `x|y` |\n", "|a|b|\n|-|-|\n|1|\n|1|2|3|\n", "| # | - |\n|-|-|\n| 1. | **a.**b |\n",
	"text\n{% hint style=\"info\" %}\nx\n{% endhint %}\n", "{% hint style=\"info\" %}\nunclosed\n",
	"{% hint style=\"info\" %}\n> quote\n\n| a |\n| - |\n| b |\n{% endhint %}\n",
	"> {% hint style=\"info\" %}\n> hint in quote\n> {% endhint %}\n",
	"x <!-- comment --> y\n", "<!-- block comment -->\n",
	"<details>\n<summary>a</summary>\n\n</details>\n", "<details>\n<summary></summary>\n</details>\n", "</details>\n<details>\n<summary>x</summary>\n",
	"- <details>\n  <summary>a</summary>\n\n  b\n\n  </details>\n", "> <details>\n> <summary>a</summary>\n>\n> </details>\n",
	"<img src=\"\">\n", "<img src=\"a\" width=\"-1\">\n", "<figure><img src=\"a\"></figure>\n", "<figure><figcaption>x</figcaption></figure>\n",
	"| <a | b> |\n| - | - |\n| <i>x | y</i> |\n", "a <b\nc=\"d\">e</b>\n", "a\n<div>\nb\n", "<br>\n\na<br>\n",
	"[a](/b 'single') [c](/d (paren))\n", "- a\n\n-\n\n- c\n", "1. a\n\n   7. x\n\n   8. y\n", "- a\n\n  ```\n  x\n  ```\n- b\n\n- c\n", "# x\n\n####### seven\n",
	// Found by fuzzing the document itself (markdown → document →
	// markdown → document must give the first document again).
	"* 0\n\n  * 0", "* [X]\n0", "~0~$~~0~ 0", "{%embed url=\" \"%}", "a\\~~~b~~ x ~~b\\~~~ y", "**a<br>b**\n", "    \n", "# \n", "#\n", "## a #\n", "## #\n",
}

// seedPages are pages as service/seed writes them (pageMarkdown and
// editedMarkdown), with "´" for a backtick.
var seedPages = []string{
	// space 1, page 5 (json)
	`Hook deploy configure **secret** branch each space a sends call version run build. Client without option error event limit cache metric after run. Member build token branch **release** database setting with after without body sends call install returns.

## Overview

Run ´after´ option team account deploy setting run build run metric. When after change merge configure deploy when stores release every page. Every account when setting value branch space header.

Change configure space after field reads. Returns branch body run index a request setting limit when ´worker´ page request.

## Steps

1. Default sends run account event site writes version install header.
2. A ´reads´ with limit change review change change event deploy configure default.
3. Value header stores release configure version the.
4. Without with cache returns header response ´build´ metric install option.
5. Without log **team** endpoint field default.

## Example

´´´json
{
  "space": "database",
  "limit": 85
}
´´´

> **Note:** Writes option without deploy worker ´run´.

## See also

- [Installation](/installation)
- [Getting started](/getting-started)
- [Status page](https://status.acme.example/overview)
`,
	// space 1, page 23 (sh)
	`Response call site install branch team account server server client database branch ´error´ member. Test **without** writes header configure default each limit space version sends client.

## Overview

´install´ worker without header status release build. Sends space test version database secret page the sends token site build. Run release limit field **queue** after without before review client response index. Default change change without status default without limit server ´token´. Merge key database field reads without client key sends returns request. When space default error server with field release after member database server run cache.

Before key limit when member field team request index. Metric request header install worker stores deploy when. Version version install every page when team page after release version **endpoint** branch.

## Steps

1. Branch **client** before release reads build merge.
2. Install site status cache change option member after event.
3. Account each **response** every response metric without status change build sends body with a.
4. Version token secret hook stores limit stores **merge** status before user queue returns without.

## Example

´´´sh
curl -H "Authorization: Bearer $TOKEN" https://api.acme.example/v1/teams
´´´

> **Note:** Option user **response** a team the test stores install hook returns endpoint event request.

## See also

- [Overview](/installation/overview)
- [Getting started](/getting-started)
- [Status page](https://status.acme.example/rate-limits)
`,
	// space 2, page 30, change request 1 (go)
	`Deploy configure site token writes header without deploy value cache worker hook each. Without merge ´default´ metric cache account the writes secret status change account release space.

## Overview

Account log sends token key event. Cache **sends** log a cache every with when. Reads change returns client server reads call hook with returns change secret team header change.

Run install version sends cache option run field. A before stores review status body. Each request change token change the response stores cache stores the. Merge user key after metric queue writes call user server header reads before.

## Steps

1. Merge value database version install test deploy configure a error run default secret site.
2. Merge build request sends space header.
3. Option every event ´every´ error hook.
4. Run stores returns deploy metric **install** call reads branch.

## Example

´´´go
resp, err := client.Get(ctx, "index")
if err != nil {
	return err
}
´´´

> **Note:** Default account every each without event ´change´ merge value limit.

## See also

- [Tokens](/getting-started/tokens)
- [Authentication](/authentication)
- [Status page](https://status.acme.example/rate-limits)

## Changes in revision 2

Limit endpoint a ´review´ field default run response reads. Error database key with ´before´ page error secret install field a setting.

- Space build a hook review log cache merge writes event.
- Value change secret value every response body test a client body.
`,
}

func TestDocumentRoundTrip(t *testing.T) {
	for _, c := range documentCases {
		t.Run(c.name, func(t *testing.T) {
			want := c.want
			if want == "" {
				want = c.src
			}
			got := roundTrip(t, c.src)
			if got != want {
				t.Errorf("FromDocument(ToDocument(%q))\n got %q\nwant %q", c.src, got, want)
			}
			if again := roundTrip(t, got); again != got {
				t.Errorf("not idempotent:\n once %q\ntwice %q", got, again)
			}
		})
	}
}

// TestDocumentStable converts markdown that is hard to write back (see
// hardDocuments): whatever comes out must convert to the same document and
// to itself.
func TestDocumentStable(t *testing.T) {
	for _, src := range hardDocuments {
		got := roundTrip(t, src)
		if again := roundTrip(t, got); again != got {
			t.Errorf("%q: not idempotent:\n once %q\ntwice %q", src, got, again)
		}
	}
}

func TestDocumentSchema(t *testing.T) {
	schema := mdtest.DocumentSchema(t)
	invalid := map[string]any{"object": "document", "data": map[string]any{}, "nodes": []any{
		map[string]any{"object": "block", "type": "hint", "nodes": []any{}}}}
	if schema.Validate(invalid) == nil {
		t.Fatal("the schema takes a hint without data")
	}
	srcs := []string{}
	for _, c := range documentCases {
		srcs = append(srcs, c.src)
	}
	for _, p := range seedPages {
		srcs = append(srcs, strings.ReplaceAll(p, "´", "`"))
	}
	srcs = append(srcs, hardDocuments...)
	for _, src := range srcs {
		b, err := json.Marshal(markdown.ToDocument(src))
		if err != nil {
			t.Fatal(err)
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if err := schema.Validate(doc); err != nil {
			t.Errorf("document of %q is not a JSONDocument: %v\n%s", src, err, b)
		}
	}
}

func TestDocumentSeedPages(t *testing.T) {
	for i, p := range seedPages {
		src := strings.ReplaceAll(p, "´", "`")
		got := roundTrip(t, src)
		if got != src {
			t.Errorf("page %d changed:\n got %q\nwant %q", i, got, src)
		}
		if a, b := markdown.Sections(src), markdown.Sections(got); !reflect.DeepEqual(a, b) {
			t.Errorf("page %d text changed:\n got %+v\nwant %+v", i, b, a)
		}
		if a, b := markdown.Links(src), markdown.Links(got); !reflect.DeepEqual(a, b) {
			t.Errorf("page %d links changed:\n got %+v\nwant %+v", i, b, a)
		}
	}
}

func TestToDocument(t *testing.T) {
	src := "###### Deep\n\n1. [x](/a)\n\n- [x] done\n\n```py\nprint(1)\n```\n\n{% hint style=\"danger\" %}\nNo.\n{% endhint %}\n\n![a](/i.png \"Cap\")\n\n| h |\n| :-: |\n| **v** |\n"
	doc := mdtest.ViaJSON(t, markdown.ToDocument(src))
	checks := map[string]any{
		"nodes.0.type":                                 "heading-3",
		"nodes.1.type":                                 "list-ordered",
		"nodes.1.nodes.0.nodes.0.nodes.0.type":         "link",
		"nodes.1.nodes.0.nodes.0.nodes.0.data.ref":     map[string]any{"kind": "url", "url": "/a"},
		"nodes.2.type":                                 "list-tasks",
		"nodes.2.nodes.0.data.checked":                 true,
		"nodes.3.type":                                 "code",
		"nodes.3.data.syntax":                          "py",
		"nodes.3.nodes.0.nodes.0.leaves.0.text":        "print(1)",
		"nodes.4.data.style":                           "danger",
		"nodes.5.type":                                 "images",
		"nodes.5.nodes.0.data.alt":                     "a",
		"nodes.5.nodes.0.fragments.0.fragment":         "caption",
		"nodes.6.type":                                 "table",
		"nodes.6.data.definition.c0.title":             "h",
		"nodes.6.data.definition.c0.textAlignment":     "center",
		"nodes.6.data.records.r0.values.c0":            "r0c0",
		"nodes.6.fragments.0.nodes.0.nodes.0.leaves.0": map[string]any{"object": "leaf", "text": "v", "marks": []any{map[string]any{"object": "mark", "type": "bold"}}},
	}
	for path, want := range checks {
		if got := at(doc, path); !reflect.DeepEqual(got, want) {
			t.Errorf("%s = %#v, want %#v", path, got, want)
		}
	}
}

func TestFromDocumentGitBook(t *testing.T) {
	// As GitBook writes documents: keys on every node, leaves split where
	// markdown would not split them, marks markdown has no syntax for.
	doc := `{"object":"document","data":{"schemaVersion":1},"nodes":[
		{"object":"block","type":"heading-2","key":"k1","data":{"id":"intro"},"meta":{"id":"intro"},"nodes":[
			{"object":"text","key":"k2","leaves":[{"object":"leaf","text":"Intro","marks":[]}]}]},
		{"object":"block","type":"paragraph","key":"k3","nodes":[
			{"object":"text","key":"k4","leaves":[
				{"object":"leaf","text":"Press ","marks":[]},
				{"object":"leaf","text":"Ctrl","marks":[{"object":"mark","type":"keyboard"}]},
				{"object":"leaf","text":" and ","marks":[]},
				{"object":"leaf","text":"bold ","marks":[{"object":"mark","type":"bold"}]},
				{"object":"leaf","text":"text","marks":[{"object":"mark","type":"bold"},{"object":"mark","type":"italic"}]},
				{"object":"leaf","text":".\n","marks":[]}]}]},
		{"object":"block","type":"list-ordered","data":{"start":3},"nodes":[
			{"object":"block","type":"list-item","nodes":[
				{"object":"block","type":"paragraph","nodes":[{"object":"text","leaves":[{"object":"leaf","text":"three","marks":[]}]}]}]}]},
		{"object":"block","type":"table","isVoid":true,"data":{
			"view":{"type":"grid","columns":["b","a"],"hideHeader":false},
			"definition":{"a":{"id":"a","title":"A","type":"text","textAlignment":"right"},"b":{"id":"b","title":"B","type":"number","textAlignment":"left"}},
			"records":{"x":{"orderIndex":"a1","values":{"a":"f1","b":2}},"y":{"orderIndex":"a0","values":{"a":"plain | text"}}}},
			"fragments":[{"object":"fragment","key":"f","fragment":"f1","nodes":[
				{"object":"block","type":"paragraph","nodes":[{"object":"text","leaves":[{"object":"leaf","text":"two\nlines","marks":[]}]}]}]}]}
	]}`
	var v any
	if err := json.Unmarshal([]byte(doc), &v); err != nil {
		t.Fatal(err)
	}
	got, err := markdown.FromDocument(v)
	if err != nil {
		t.Fatal(err)
	}
	want := "## Intro\n\nPress <kbd>Ctrl</kbd> and **bold *text***.\n\n3. three\n\n| B | A |\n| --- | ---: |\n|  | plain \\| text |\n| 2 | two lines |\n"
	if got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// TestInternalRefs: links, cards and images to a page, a file or an anchor
// of the space, as GitBook's editor makes them ({kind: page|file|anchor}),
// are written in Folio's link forms, which the reader and the export
// resolve to paths.
func TestInternalRefs(t *testing.T) {
	link := func(ref string) string {
		return `{"object":"document","nodes":[{"object":"block","type":"paragraph","nodes":[{"object":"inline","type":"link","data":{"ref":` + ref +
			`},"nodes":[{"object":"text","leaves":[{"object":"leaf","text":"see","marks":[]}]}]}]}]}`
	}
	cases := []struct{ doc, want string }{
		{link(`{"kind":"page","page":"p1"}`), "[see](/pages/p1)\n"},
		{link(`{"kind":"file","file":"f_2"}`), "[see](/files/f_2)\n"},
		{link(`{"kind":"anchor","anchor":"set up"}`), "[see](#set%20up)\n"},
		{link(`{"kind":"anchor","anchor":"install","page":"p1"}`), "[see](/pages/p1#install)\n"},
		{`{"object":"document","nodes":[{"object":"block","type":"content-ref","isVoid":true,"data":{"ref":{"kind":"page","page":"p1"}}}]}`,
			"{% content-ref url=\"/pages/p1\" %}\n[p1](/pages/p1)\n{% endcontent-ref %}\n"},
	}
	for _, c := range cases {
		var doc any
		if err := json.Unmarshal([]byte(c.doc), &doc); err != nil {
			t.Fatal(err)
		}
		md, err := markdown.FromDocument(doc)
		if err != nil {
			t.Errorf("FromDocument(%s): %v", c.doc, err)
			continue
		}
		if md != c.want {
			t.Errorf("FromDocument(%s) = %q, want %q", c.doc, md, c.want)
		}
	}
}

func TestFromDocumentErrors(t *testing.T) {
	para := `{"object":"block","type":"paragraph","nodes":[]}`
	cases := []struct{ doc, err string }{
		{`[]`, "document: not an object"},
		{`{"object":"page","nodes":[]}`, `document: object is "page", want "document"`},
		{`{"object":"document"}`, "document: nodes is missing or not an array"},
		{`{"object":"document","nodes":[` + para + `,{"object":"block","type":"foo","nodes":[]}]}`, `nodes[1]: unknown block type "foo"`},
		{`{"object":"document","nodes":[{"object":"inline","type":"link","nodes":[]}]}`, `nodes[0]: object is "inline", want "block"`},
		{`{"object":"document","nodes":[{"object":"block","type":"paragraph"}]}`, "nodes[0]: nodes is missing or not an array"},
		{`{"object":"document","nodes":[{"object":"block","type":"blockquote","nodes":[` + para + `,{"object":"block","type":"heading-4","nodes":[]}]}]}`, `nodes[0].nodes[1]: unknown block type "heading-4"`},
		{`{"object":"document","nodes":[{"object":"block","type":"paragraph","nodes":[{"object":"text","leaves":[{"object":"leaf","marks":[]}]}]}]}`, "nodes[0].nodes[0].leaves[0]: text is missing or not a string"},
		{`{"object":"document","nodes":[{"object":"block","type":"paragraph","nodes":[{"object":"text","leaves":[{"object":"leaf","text":"x","marks":[{"object":"mark","type":"blink"}]}]}]}]}`, `nodes[0].nodes[0].leaves[0].marks[0]: unknown mark type "blink"`},
		{`{"object":"document","nodes":[{"object":"block","type":"paragraph","nodes":[{"object":"inline","type":"link","data":{"ref":{"kind":"page","page":"p1","space":"s2"}},"nodes":[]}]}]}`, `nodes[0].nodes[0]: data.ref of kind "page" into another space`},
		{`{"object":"document","nodes":[{"object":"block","type":"paragraph","nodes":[{"object":"inline","type":"link","data":{"ref":{"kind":"page","page":"../p1"}},"nodes":[]}]}]}`, `nodes[0].nodes[0]: data.ref.page is not an id`},
		{`{"object":"document","nodes":[{"object":"block","type":"paragraph","nodes":[{"object":"inline","type":"link","data":{"ref":{"kind":"user","user":"u1"}},"nodes":[]}]}]}`, `nodes[0].nodes[0]: data.ref of kind "user": only url, page, file and anchor`},
		{`{"object":"document","nodes":[{"object":"block","type":"paragraph","nodes":[{"object":"inline","type":"sparkle","data":{}}]}]}`, `nodes[0].nodes[0]: unknown inline type "sparkle"`},
		{`{"object":"document","nodes":[{"object":"block","type":"list-unordered","nodes":[` + para + `]}]}`, `nodes[0].nodes[0]: a "paragraph" block in a list, want list-item`},
		{`{"object":"document","nodes":[{"object":"block","type":"hint","data":{"style":"tip"},"nodes":[]}]}`, `nodes[0]: hint style "tip"`},
		{`{"object":"document","nodes":[{"object":"block","type":"code","data":{},"nodes":[` + para + `]}]}`, `nodes[0].nodes[0]: a "paragraph" block in code, want code-line`},
		{`{"object":"document","nodes":[{"object":"block","type":"table","data":{"view":{"columns":["a"]},"records":{"r":{"orderIndex":"0","values":{"a":["x"]}}}},"fragments":[]}]}`, `nodes[0].data.records.r.values.a: a []interface {} value has no markdown form`},
	}
	for _, c := range cases {
		var v any
		if err := json.Unmarshal([]byte(c.doc), &v); err != nil {
			t.Fatalf("%s: %v", c.doc, err)
		}
		_, err := markdown.FromDocument(v)
		if err == nil || !strings.HasPrefix(err.Error(), c.err) {
			t.Errorf("FromDocument(%s) error = %v, want %q", c.doc, err, c.err)
		}
	}
}

// roundTrip is the markdown of a document's JSON, as a client sends it
// back. It also checks that the document itself reads the same, and that
// the markdown converts back to the very same document.
func roundTrip(t *testing.T, src string) string {
	t.Helper()
	doc := markdown.ToDocument(src)
	direct, err := markdown.FromDocument(doc)
	if err != nil {
		t.Fatalf("FromDocument(ToDocument(%q)): %v", src, err)
	}
	viaJSON, err := markdown.FromDocument(mdtest.ViaJSON(t, doc))
	if err != nil {
		t.Fatalf("FromDocument of the JSON of %q: %v", src, err)
	}
	if direct != viaJSON {
		t.Fatalf("document and its JSON read differently:\n%q\n%q", direct, viaJSON)
	}
	if again := mdtest.ViaJSON(t, markdown.ToDocument(viaJSON)); !reflect.DeepEqual(again, mdtest.ViaJSON(t, doc)) {
		a, _ := json.Marshal(doc)
		b, _ := json.Marshal(again)
		t.Errorf("the markdown of the document of %q is another document:\n%s\n%s", src, a, b)
	}
	return viaJSON
}

// at follows a dotted path of keys and indexes into decoded JSON.
func at(v any, path string) any {
	for _, k := range strings.Split(path, ".") {
		switch x := v.(type) {
		case map[string]any:
			v = x[k]
		case []any:
			i := 0
			for _, c := range k {
				i = i*10 + int(c-'0')
			}
			if i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}
