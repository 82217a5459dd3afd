package markdown

import (
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// allowedIn are the blocks, beyond GitBook's essentials, that GitBook's
// schema (@gitbook/api's DocumentBlock* nodes) lets each container hold;
// the page holds any. A block where it is not allowed is replaced by its
// content (see converter.liquid), as quotes and hints already were.
var allowedIn = map[container][]string{
	inListItem:   {"code", "hint", "blockquote", "math", "table"},
	inQuote:      {"blockquote"},
	inHint:       {"embed", "integration", "table"},
	inTab:        {"content-ref", "code", "embed", "file", "images", "drawing", "hint", "blockquote", "math", "integration", "prompt"},
	inStep:       {"content-ref", "code", "embed", "file", "images", "drawing", "hint", "blockquote", "math", "integration", "expandable", "prompt"},
	inColumn:     {"images", "code", "hint", "content-ref", "drawing", "embed", "file", "integration", "math", "blockquote", "table", "expandable", "stepper", "prompt"},
	inUpdate:     {"content-ref", "code", "embed", "file", "images", "drawing", "hint", "blockquote", "math", "integration", "tabs", "expandable", "prompt"},
	inExpandable: {"file", "images", "code", "table", "hint", "blockquote", "reusable-content", "integration", "prompt"},
}

// liquidTypes are the document block each tag stands for.
var liquidTypes = map[string]string{
	"tabs": "tabs", "stepper": "stepper", "columns": "columns", "updates": "updates", "if": "if",
	"code": "code", "prompt": "prompt",
	"embed": "embed", "content-ref": "content-ref", "file": "file", "include": "reusable-content",
}

// liquid converts a block of GitBook's tag syntax (blocks_liquid.go).
func (c *converter) liquid(n *liquidNode, in container) []any {
	blockType := liquidTypes[n.name]
	if strings.HasPrefix(n.name, "@") {
		blockType = "integration"
	}
	if blockType == "" || !in.allows(blockType) {
		// A tab, step, column or update out of its list, or a block GitBook
		// does not allow here: its content stays, the tag goes.
		return c.blocks(n, in)
	}
	void := func(data map[string]any) []any {
		return []any{map[string]any{"object": "block", "type": blockType, "isVoid": true, "data": data}}
	}
	switch n.name {
	case "code":
		fenced, ok := n.FirstChild().(*ast.FencedCodeBlock)
		if !ok || n.ChildCount() != 1 {
			return c.blocks(n, in)
		}
		code := c.code(fenced, string(fenced.Language(c.src)), in)
		data := code[0].(map[string]any)["data"].(map[string]any)
		if v := n.attrs["title"]; v != "" {
			data["title"] = v
		}
		if n.attrs["overflow"] == "wrap" {
			data["overflow"] = "wrap"
		}
		for _, k := range []string{"lineNumbers", "expandable"} {
			if n.attrs[k] == "true" {
				data[k] = true
			}
		}
		return code
	case "prompt":
		// GitBook's prompt holds one code block: the prompt's text.
		fenced, ok := n.FirstChild().(*ast.FencedCodeBlock)
		if !ok || n.ChildCount() != 1 {
			return c.blocks(n, in)
		}
		data := map[string]any{"description": n.attrs["description"]}
		if v := n.attrs["icon"]; v != "" {
			data["icon"] = v
		}
		if v := n.attrs["defaultExpanded"]; v == "hidden" || v == "partial" || v == "full" {
			data["defaultExpanded"] = v
		}
		if v := n.attrs["openInAIProviders"]; v == "true" || v == "false" {
			data["openInAIProviders"] = v == "true"
		}
		return []any{block("prompt", data, c.code(fenced, string(fenced.Language(c.src)), inPage))}
	case "tabs":
		return []any{c.items(n, "tab", "tabs-item", inTab, map[string]any{}, func(tab *liquidNode) map[string]any {
			data := map[string]any{}
			for _, k := range []string{"title", "icon"} {
				if v := tab.attrs[k]; v != "" {
					data[k] = v
				}
			}
			return data
		})}
	case "stepper":
		return []any{c.items(n, "step", "stepper-step", inStep, map[string]any{}, func(*liquidNode) map[string]any {
			return map[string]any{}
		})}
	case "columns":
		b := c.items(n, "column", "column", inColumn, map[string]any{}, func(col *liquidNode) map[string]any {
			data := map[string]any{}
			if w, ok := strings.CutSuffix(col.attrs["width"], "%"); ok {
				if v, err := strconv.ParseFloat(w, 64); err == nil && v > 0 && v <= 100 {
					data["width"] = map[string]any{"unit": "%", "value": v}
				}
			}
			if v := col.attrs["valign"]; v == "top" || v == "middle" || v == "bottom" {
				data["verticalAlignment"] = v
			}
			return data
		})
		b["isVoid"] = false
		return []any{b}
	case "updates":
		format := n.attrs["format"]
		if format != "numeric" && format != "short" {
			format = "full"
		}
		return []any{c.items(n, "update", "update", inUpdate, map[string]any{"format": format}, func(u *liquidNode) map[string]any {
			data := map[string]any{"date": updateDate(u.attrs["date"])}
			if tags := u.attrs["tags"]; tags != "" {
				list := []any{}
				for t := range strings.SplitSeq(tags, ",") {
					if t = strings.TrimSpace(t); t != "" {
						list = append(list, map[string]any{"kind": "tag", "tag": t})
					}
				}
				data["tags"] = list
			}
			return data
		})}
	case "if":
		return []any{block("if", map[string]any{"expression": n.arg}, c.blocks(n, inPage))}
	case "embed":
		data := map[string]any{"url": n.attrs["url"]}
		if caption := c.caption(n); caption != "" {
			data["caption"] = caption
		}
		return void(data)
	case "content-ref":
		return void(map[string]any{"ref": urlRef(n.attrs["url"])})
	case "file":
		data := map[string]any{"ref": map[string]any{"kind": "file", "file": n.attrs["src"]}}
		if caption := c.caption(n); caption != "" {
			data["caption"] = caption
		}
		return void(data)
	case "include":
		// The path between quotes, as it is: FromDocument writes it so
		// (a backslash in it is no escape).
		path := strings.Trim(n.arg, `"`)
		return void(map[string]any{"ref": map[string]any{"kind": "reusable-content", "reusableContent": path}})
	}
	// An integration's block: `{% @integration/block key="value" %}`.
	integration, blockName, _ := strings.Cut(strings.TrimPrefix(n.name, "@"), "/")
	props := map[string]any{}
	for k, v := range n.attrs {
		props[k] = v
	}
	return void(map[string]any{"integration": integration, "block": blockName, "props": props})
}

// items is a block of items (tabs, steps, columns, updates): each child tag
// named item is one, with the data itemData gives it; blocks between them
// go to the item before (or a new one, when none is before), read as the
// blocks of an item are (FromDocument writes them in one: a `<details>`
// there is an expandable).
func (c *converter) items(n *liquidNode, item, itemType string, in container, data map[string]any,
	itemData func(*liquidNode) map[string]any) map[string]any {
	isItem := func(k ast.Node) bool {
		l, ok := k.(*liquidNode)
		return ok && l.name == item
	}
	items := []any{}
	for k := n.FirstChild(); k != nil; {
		if isItem(k) {
			items = append(items, block(itemType, itemData(k.(*liquidNode)), c.blocks(k, in)))
			k = k.NextSibling()
			continue
		}
		stop := k.NextSibling()
		for stop != nil && !isItem(stop) {
			stop = stop.NextSibling()
		}
		converted := c.blockRun(k, stop, in)
		k = stop
		if len(converted) == 0 {
			continue
		}
		if len(items) == 0 {
			items = append(items, block(itemType, itemData(&liquidNode{}), []any{}))
		}
		last := items[len(items)-1].(map[string]any)
		last["nodes"] = append(last["nodes"].([]any), converted...)
	}
	return block(liquidTypes[n.name], data, items)
}

// caption is the text of a file's or embed's body.
func (c *converter) caption(n ast.Node) string {
	var parts []string
	for k := n.FirstChild(); k != nil; k = k.NextSibling() {
		if s := strings.TrimSpace(nodesText(c.inlines(k))); s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(strings.Fields(strings.Join(parts, " ")), " ")
}

// updateDate is an update's date as GitBook's timestamp: Git Sync writes a
// day ("2024-01-15"), the document holds its midnight UTC.
func updateDate(s string) string {
	if len(s) == len("2006-01-02") {
		return s + "T00:00:00.000Z"
	}
	return s
}
