package pagerender_test

import (
	"strings"
	"testing"

	"folio/internal/pagerender"
)

// Known providers' pages map to their players; other http(s) addresses
// are framed as they are; anything else is not an embed.
func TestEmbedFrame(t *testing.T) {
	for _, c := range []struct{ in, frame, name string }{
		{"https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", "YouTube"},
		{"https://youtu.be/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", "YouTube"},
		{"https://youtube.com/shorts/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", "YouTube"},
		{"https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871", "Vimeo"},
		{"https://www.loom.com/share/0123456789abcdef0123456789abcdef", "https://www.loom.com/embed/0123456789abcdef0123456789abcdef", "Loom"},
		{"https://codepen.io/team/pen/abcDEF1", "https://codepen.io/team/embed/abcDEF1?default-tab=result", "CodePen"},
		{"https://www.figma.com/design/AbC123/Name?node-id=1", "https://www.figma.com/embed?embed_host=folio&url=https%3A%2F%2Fwww.figma.com%2Fdesign%2FAbC123%2FName%3Fnode-id%3D1", "Figma"},
		{"https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC", "https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC", "Spotify"},
		{"https://example.com/dashboard?x=1", "https://example.com/dashboard?x=1", ""},
		{"https://www.youtube.com/@channel", "https://www.youtube.com/@channel", ""},
		{"javascript:alert(1)", "", ""},
		{"//example.com/x", "", ""},
		{"https://user:pw@example.com/", "", ""},
		{"ftp://example.com/x", "", ""},
	} {
		frame, name := pagerender.EmbedFrame(c.in)
		if frame != c.frame || name != c.name {
			t.Errorf("EmbedFrame(%q) = %q, %q; want %q, %q", c.in, frame, name, c.frame, c.name)
		}
	}
}

func TestOrigin(t *testing.T) {
	for in, want := range map[string]string{
		"https://www.YouTube-nocookie.com":    "https://www.youtube-nocookie.com",
		"https://player.vimeo.com/":           "https://player.vimeo.com",
		"HTTPS://example.com:443":             "https://example.com",
		"http://127.0.0.1:8080":               "http://127.0.0.1:8080",
		"http://[::1]:80":                     "http://[::1]",
		"https://example.com/path":            "",
		"https://example.com?x":               "",
		"https://example.com?":                "",
		"https://example.com#":                "",
		"https://*.example.com":               "",
		"https://a@example.com":               "",
		"javascript:alert(1)":                 "",
		"example.com":                         "",
		"https://example.com 'unsafe-inline'": "",
		"":                                    "",
	} {
		got, ok := pagerender.Origin(in)
		if got != want || ok != (want != "") {
			t.Errorf("Origin(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

// An embed is framed, sandboxed, only from an allowed origin; elsewhere
// it is a link; a frame written in the page itself never survives, nor a
// placeholder a page writes.
func TestRenderEmbeds(t *testing.T) {
	src := "# Page\n\n" +
		"{% embed url=\"https://www.youtube.com/watch?v=dQw4w9WgXcQ\" %}\nOur \"launch\" video\n{% endembed %}\n\n" +
		"{% embed url=\"https://vimeo.com/76979871\" %}\n\n" +
		"{% embed url=\"https://example.com/x?a=1&b=<2>\" %}\n\n" +
		"<iframe src=\"https://www.youtube-nocookie.com/embed/evil\"></iframe>\n\n" +
		"<div class=\"folio-frame-000000000000000000000000-0\"></div>\n"
	got := string(pagerender.RenderWith(src, pagerender.Options{FrameOrigins: []string{"https://www.youtube-nocookie.com", "https://example.com"}}).HTML)
	for _, want := range []string{
		`<figure class="embed"><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Our &#34;launch&#34; video" sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-presentation"`,
		`<figcaption><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" rel="nofollow">Our &#34;launch&#34; video</a></figcaption></figure>`,
		`<p class="embed"><a href="https://vimeo.com/76979871"`,
		`<iframe src="https://example.com/x?a=1&amp;b=&lt;2&gt;" title="Embedded page from example.com" sandbox=`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("lacks %q:\n%s", want, got)
		}
	}
	if n := strings.Count(got, "<iframe"); n != 2 {
		t.Errorf("%d frames, want 2:\n%s", n, got)
	}
	if strings.Contains(got, "embed/evil") || !strings.Contains(got, `<div class="folio-frame-000000000000000000000000-0"></div>`) {
		t.Errorf("a page's own frame survived, or its placeholder became one:\n%s", got)
	}
	// Without allowed origins (and with Render), every embed is a link.
	for _, out := range []string{string(pagerender.Render(src, nil).HTML), string(pagerender.RenderWith(src, pagerender.Options{}).HTML)} {
		if strings.Contains(out, "<iframe") || !strings.Contains(out, `<p class="embed"><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" rel="nofollow">https://www.youtube.com/watch?v=dQw4w9WgXcQ</a> Our &#34;launch&#34; video</p>`) {
			t.Errorf("framed without allowed origins:\n%s", out)
		}
	}
}
