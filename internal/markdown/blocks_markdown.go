package markdown

import (
	"encoding/json"
	"path"
	"slices"
	"strconv"
	"strings"
)

// extraBlockMarkdown writes the blocks of blocks_document.go as GitBook's
// Git Sync does; ok is false for a type it does not know.
func extraBlockMarkdown(n node) (text string, ok bool, err error) {
	data := n.data()
	str := func(k string) string { s, _ := data[k].(string); return s }
	switch n.str("type") {
	case "tabs":
		text, err = itemsMarkdown(n, "tabs", "tab", "tabs-item", func(item node) string {
			return liquidAttr(item.data(), "title", "icon")
		})
	case "stepper":
		text, err = itemsMarkdown(n, "stepper", "step", "stepper-step", func(node) string { return "" })
	case "columns":
		text, err = itemsMarkdown(n, "columns", "column", "column", func(item node) string {
			attrs := ""
			if w, ok := item.data()["width"].(map[string]any); ok && w["unit"] == "%" {
				if v, ok := w["value"].(float64); ok {
					attrs += ` width="` + strconv.FormatFloat(v, 'f', -1, 64) + `%"`
				}
			}
			return attrs + liquidAttrAs(item.data(), "verticalAlignment", "valign")
		})
	case "updates":
		format := str("format")
		if format == "" {
			format = "full"
		}
		text, err = itemsMarkdown(n, "updates"+liquidAttr(map[string]any{"format": format}, "format"), "update", "update", func(item node) string {
			date, _ := item.data()["date"].(string)
			attrs := liquidAttr(map[string]any{"date": strings.TrimSuffix(date, "T00:00:00.000Z")}, "date")
			var tags []string
			list, _ := item.data()["tags"].([]any)
			for _, t := range list {
				if t, ok := t.(map[string]any); ok {
					if s, ok := t["tag"].(string); ok && strings.TrimSpace(strings.ReplaceAll(s, ",", "")) != "" {
						tags = append(tags, strings.TrimSpace(strings.ReplaceAll(s, ",", "")))
					}
				}
			}
			if len(tags) > 0 {
				attrs += liquidAttr(map[string]any{"tags": strings.Join(tags, ",")}, "tags")
			}
			return attrs
		})
	case "if":
		var body string
		if body, err = blocksMarkdown(n, false); err == nil {
			text = wrapLiquid("if "+liquidValue(str("expression")), body, "endif")
		}
	case "embed":
		text = "{% embed" + liquidAttr(data, "url") + " %}"
		if caption := liquidCaption(str("caption")); caption != "" {
			text += "\n" + caption + "\n{% endembed %}"
		}
	case "content-ref":
		var url string
		if url, err = refURL(n); err == nil {
			name := path.Base(strings.TrimSuffix(url, "/"))
			if name == "." || name == "/" || name == "" {
				name = url
			}
			text = "{% content-ref" + liquidAttr(map[string]any{"url": url}, "url") + " %}\n[" +
				escapeText(strings.ReplaceAll(name, "\n", " "), false) + "](" + linkDestination(url) + ")\n{% endcontent-ref %}"
		}
	case "file":
		ref, _ := data["ref"].(map[string]any)
		src, _ := ref["file"].(string)
		if src == "" {
			src, _ = ref["url"].(string)
		}
		text = "{% file" + liquidAttr(map[string]any{"src": src}, "src") + " %}\n"
		if caption := liquidCaption(str("caption")); caption != "" {
			text += caption + "\n"
		}
		text += "{% endfile %}"
	case "reusable-content":
		ref, _ := data["ref"].(map[string]any)
		id, _ := ref["reusableContent"].(string)
		text = `{% include "` + liquidValue(id) + `" %}`
	case "integration":
		integration, block := liquidName(str("integration")), liquidName(str("block"))
		if integration == "" || block == "" {
			return "", true, n.errorf("an integration block needs data.integration and data.block")
		}
		text = "{% @" + integration + "/" + block
		props, _ := data["props"].(map[string]any)
		keys := make([]string, 0, len(props))
		for k := range props {
			if liquidName(k) == k && k != "" {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		for _, k := range keys {
			v, isString := props[k].(string)
			if !isString {
				b, _ := json.Marshal(props[k])
				v = string(b)
			}
			text += " " + k + `="` + liquidValue(v) + `"`
		}
		text += " %}"
	case "prompt":
		// One code block, as GitBook's schema wants; other blocks in it
		// have no place in GitBook's form.
		kids, cerr := n.children("nodes", "block")
		if cerr != nil {
			return "", true, cerr
		}
		if len(kids) != 1 || kids[0].str("type") != "code" || kids[0].data()["html"] == true {
			return "", true, n.errorf("a prompt holds one code block")
		}
		var code string
		if code, err = codeMarkdown(kids[0]); err == nil {
			attrs := " description=\"" + liquidValue(str("description")) + "\"" + liquidAttr(data, "icon", "defaultExpanded")
			if v, ok := data["openInAIProviders"].(bool); ok {
				attrs += ` openInAIProviders="` + strconv.FormatBool(v) + `"`
			}
			text = wrapLiquid("prompt"+attrs, code, "endprompt")
		}
	case "math":
		text = mathMarkdown(str("formula"))
	case "drawing":
		ref, _ := data["ref"].(map[string]any)
		src, _ := ref["file"].(string)
		alt, _ := data["alt"].(string)
		text = `<img src="` + htmlAttr.Replace(src) + `" alt="` + htmlAttr.Replace(alt) + `" class="gitbook-drawing">`
	default:
		return "", false, nil
	}
	return text, true, err
}

// itemsMarkdown writes a block of items (tabs, steps…) as its tag around
// the items' tags around their blocks.
func itemsMarkdown(n node, open, item, itemType string, attrs func(node) string) (string, error) {
	items, err := n.children("nodes", "block")
	if err != nil {
		return "", err
	}
	parts := make([]string, len(items))
	for i, it := range items {
		if it.str("type") != itemType {
			return "", it.errorf("a %q block in %s, want %s", it.str("type"), n.str("type"), itemType)
		}
		body, err := blocksMarkdown(it, false)
		if err != nil {
			return "", err
		}
		parts[i] = wrapLiquid(item+attrs(it), body, "end"+item)
	}
	name, _, _ := strings.Cut(open, " ")
	return wrapLiquid(open, strings.Join(parts, "\n\n"), "end"+name), nil
}

// wrapLiquid puts body between an opening and an end tag.
func wrapLiquid(open, body, end string) string {
	if body != "" {
		body += "\n"
	}
	return "{% " + open + " %}\n" + body + "{% " + end + " %}"
}

// liquidAttr writes the given string fields of data as ` key="value"`.
func liquidAttr(data map[string]any, keys ...string) string {
	var s string
	for _, k := range keys {
		s += liquidAttrAs(data, k, k)
	}
	return s
}

func liquidAttrAs(data map[string]any, key, name string) string {
	v, _ := data[key].(string)
	if v = liquidValue(v); v == "" {
		return ""
	}
	return " " + name + `="` + v + `"`
}

// liquidValue is a string as a tag's attribute can hold it: on one line,
// without a double quote or the tag's end.
func liquidValue(s string) string {
	s = strings.NewReplacer(`"`, "'", "\n", " ", "%}", "% }").Replace(s)
	return strings.TrimSpace(s)
}

// liquidName keeps the characters a tag's name or attribute key may have.
func liquidName(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x80 && (isAlnum(byte(r)) || strings.ContainsRune("-_.:", r)) {
			return r
		}
		return -1
	}, s)
}

// liquidCaption writes a caption as one line of text.
func liquidCaption(s string) string {
	return escapeText(strings.Join(strings.Fields(s), " "), true)
}

// mathMarkdown writes a formula between "$$", as GitBook does; "$$" in it
// would end it, a blank line would end the paragraph.
func mathMarkdown(formula string) string {
	formula = strings.ReplaceAll(strings.TrimSpace(formula), "$$", "$ $")
	for strings.Contains(formula, "\n\n") {
		formula = strings.ReplaceAll(formula, "\n\n", "\n")
	}
	// "$$$" would close at once. Only the side that needs it is padded: a
	// space after the last line's `##` would make that line a heading.
	if strings.HasPrefix(formula, "$") {
		formula = " " + formula
	}
	if strings.HasSuffix(formula, "$") {
		formula += " "
	}
	return "$$" + paragraphLines(formula) + "$$"
}

// paragraphLines keeps the lines after the first of a formula or inline
// HTML lines of their paragraph: one that would start a block there (a
// list, a quote, a heading, a fence…; they were read without the spaces
// that start them) is indented as code would be, which cannot interrupt a
// paragraph, and whose spaces are not read either.
func paragraphLines(s string) string {
	if !strings.Contains(s, "\n") {
		return s
	}
	lines := strings.Split(s, "\n")
	for i := 1; i < len(lines); i++ {
		if line := strings.TrimLeft(lines[i], " \t"); line != "" && strings.ContainsRune("#>-*+_=<{~`0123456789", rune(line[0])) {
			lines[i] = "    " + line
		}
	}
	return strings.Join(lines, "\n")
}

// codeOptions puts a code block's title and options around it as GitBook
// does: {% code title="…" overflow="wrap" lineNumbers="true" %}.
func codeOptions(data map[string]any, fenced string) string {
	attrs := liquidAttr(data, "title")
	if data["overflow"] == "wrap" {
		attrs += ` overflow="wrap"`
	}
	for _, k := range []string{"lineNumbers", "expandable"} {
		if data[k] == true {
			attrs += " " + k + `="true"`
		}
	}
	if attrs == "" {
		return fenced
	}
	return "{% code" + attrs + " %}\n" + fenced + "\n{% endcode %}"
}
