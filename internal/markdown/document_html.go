package markdown

import (
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Images written as HTML. READMEs size and place pictures with `<img>`
// (width, height, alt, align), and GitBook's Git Sync writes a captioned
// image as `<figure><img …><figcaption><p>…</p></figcaption></figure>`. An
// HTML block of nothing but such images is GitBook's images block; any
// other attribute or element keeps the block raw HTML, so nothing is lost.

// htmlImages is the images block an HTML block stands for, or nil.
func htmlImages(src string) map[string]any {
	z := html.NewTokenizer(strings.NewReader(src))
	var images []any
	align := ""
	var figure map[string]any // the image of the figure being read
	caption, inCaption, captionDone := "", false, false
	for {
		tt := z.Next()
		tok := z.Token()
		switch tt {
		case html.ErrorToken:
			if figure != nil || len(images) == 0 {
				return nil
			}
			data := map[string]any{}
			if align != "" {
				data["align"] = align
			}
			if plainImages(images) && align == "" {
				// Folio's data.html: written back as HTML though nothing
				// else says so (an <img> block renders without a paragraph
				// round it, `![](…)` with one).
				data["html"] = true
			}
			return map[string]any{"object": "block", "type": "images", "isVoid": false, "data": data, "nodes": images}
		case html.TextToken:
			switch {
			case inCaption:
				caption += tok.Data
			case strings.TrimSpace(tok.Data) != "":
				return nil
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			switch {
			case tok.DataAtom == atom.Img && !inCaption && (figure == nil || figure["data"] == nil):
				img, a, ok := htmlImage(tok.Attr)
				if !ok || len(images) > 0 && a != align {
					return nil
				}
				align = a
				if figure != nil {
					figure["data"] = img
				} else {
					images = append(images, imageBlock(img, ""))
				}
			case tok.DataAtom == atom.Figure && figure == nil && len(tok.Attr) == 0 && tt == html.StartTagToken:
				figure, caption, captionDone = map[string]any{}, "", false
			case tok.DataAtom == atom.Figcaption && figure != nil && figure["data"] != nil && !captionDone && len(tok.Attr) == 0:
				inCaption = true
			case tok.DataAtom == atom.P && inCaption && len(tok.Attr) == 0:
			default:
				return nil
			}
		case html.EndTagToken:
			switch {
			case tok.DataAtom == atom.P && inCaption:
			case tok.DataAtom == atom.Figcaption && inCaption:
				inCaption, captionDone = false, true
			case tok.DataAtom == atom.Figure && figure != nil && figure["data"] != nil && !inCaption:
				if len(images) > 0 && align != "" {
					return nil
				}
				images = append(images, imageBlock(figure["data"].(map[string]any), strings.TrimSpace(caption)))
				figure = nil
			default:
				return nil
			}
		default:
			return nil
		}
		if strings.Contains(caption, "<") {
			return nil
		}
	}
}

// htmlImage reads an `<img>`'s attributes: its data, and its align.
func htmlImage(attrs []html.Attribute) (map[string]any, string, bool) {
	data, align := map[string]any{}, ""
	for _, a := range attrs {
		switch a.Key {
		case "src":
			data["ref"] = urlRef(a.Val)
		case "alt":
			if a.Val != "" {
				data["alt"] = a.Val
			}
		case "width", "height":
			l, ok := htmlLength(a.Val)
			if !ok {
				return nil, "", false
			}
			data[a.Key] = l
		case "align":
			if a.Val != "left" && a.Val != "center" && a.Val != "right" {
				return nil, "", false
			}
			align = a.Val
		default:
			return nil, "", false
		}
	}
	ref, _ := data["ref"].(map[string]any)
	return data, align, ref != nil && ref["url"] != ""
}

// htmlLength reads "160", "160px" or "50%" as GitBook's length.
func htmlLength(s string) (any, bool) {
	if v, ok := strings.CutSuffix(s, "%"); ok {
		n, err := strconv.Atoi(v)
		return map[string]any{"unit": "%", "value": n}, err == nil && n >= 0
	}
	n, err := strconv.Atoi(strings.TrimSuffix(s, "px"))
	return n, err == nil && n >= 0
}

func imageBlock(data map[string]any, caption string) map[string]any {
	fragments := []any{}
	if caption != "" {
		para := block("paragraph", map[string]any{}, []any{textNode(leaf(caption, 0))})
		fragments = append(fragments, map[string]any{"object": "fragment", "fragment": "caption", "nodes": []any{para}})
	}
	return map[string]any{"object": "block", "type": "image", "isVoid": true, "data": data, "fragments": fragments}
}

// plainImages is whether no image has a size or a caption, which would
// have FromDocument write them as HTML anyway.
func plainImages(images []any) bool {
	for _, img := range images {
		img := img.(map[string]any)
		data := img["data"].(map[string]any)
		if data["width"] != nil || data["height"] != nil || len(img["fragments"].([]any)) > 0 {
			return false
		}
	}
	return true
}
