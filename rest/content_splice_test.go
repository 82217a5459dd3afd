package rest_test

import (
	"bytes"
	"encoding/base64"
	"net/http"
	"strconv"
	"testing"

	"folio/rest"
	"folio/rest/resttest"
)

// TestSplicedContent: the content reads whose page tree and files come
// from the page-tree cache as segments (spliced into the body, not copied
// through the operation's data) answer byte for byte what a fresh render
// shaped the usual way answers, first from a fresh rendering and then from
// the cache, with fewer statements; a merge shows in the next read.
func TestSplicedContent(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})
	base := "/v1/spaces/" + space
	cr := resttest.Str(newCR(t, alice, space, "content"), "id")
	var up contentUpdate
	alice.Post(base+"/change-requests/"+cr+"/content", map[string]any{"changes": []any{
		map[string]any{"operation": "insert_files", "files": []any{
			map[string]any{"name": "dot.png", "contentType": "image/png", "base64": base64.StdEncoding.EncodeToString(pngBytes(t, 3, 2))},
			map[string]any{"name": "notes.txt", "contentType": "text/plain", "base64": base64.StdEncoding.EncodeToString([]byte("notes"))},
		}},
	}}).Expect(http.StatusOK).Decode(&up)
	file := resttest.Str(up.InsertedFiles[0], "id")
	edit(t, alice, space, cr,
		insert("guide", "", "# Guide\n\n![Dot](/files/"+file+")\n\n\"Quoted\" <b>&</b> \\ text.\n"),
		insert("install", "guide", "# Install\n\n```sh\nmake install\n```\n"),
		insert("deep", "install", "# Deep\n"))
	alice.Post(base+"/change-requests/"+cr+"/merge", nil).Expect(http.StatusOK)

	paths := []string{base + "/content", base + "/content/pages", base + "/content/files"}
	rest.SetSplicing(false)
	fresh := map[string][]byte{}
	for _, p := range paths {
		fresh[p] = alice.Get(p).Expect(http.StatusOK).Body
	}
	rest.SetSplicing(true)
	defer rest.SetSplicing(true)
	for _, p := range paths {
		first := alice.Get(p).Expect(http.StatusOK)
		second := alice.Get(p).Expect(http.StatusOK)
		for i, r := range []*resttest.Response{first, second} {
			if !bytes.Equal(r.Body, fresh[p]) {
				t.Fatalf("%s, read %d: spliced body differs from a fresh render:\n%s\n%s", p, i+1, r.Body, fresh[p])
			}
			if cl := r.Header.Get("Content-Length"); cl != "" && cl != strconv.Itoa(len(r.Body)) {
				t.Errorf("%s: Content-Length %s for %d bytes", p, cl, len(r.Body))
			}
		}
		if p == base+"/content" && second.Statements >= first.Statements {
			t.Errorf("%s: %d statements, then %d from the cache; want fewer", p, first.Statements, second.Statements)
		}
	}
	if !bytes.Contains(fresh[base+"/content"], []byte(`"name":"notes.txt"`)) || !bytes.Contains(fresh[base+"/content"], []byte(`"title":"Deep"`)) {
		t.Fatalf("content lacks its files or pages: %s", fresh[base+"/content"])
	}

	// A merge makes another revision: another tree and other files.
	publish(t, alice, space, insert("later", "", "# Later\n"))
	if after := alice.Get(base + "/content").Expect(http.StatusOK).Body; !bytes.Contains(after, []byte(`"title":"Later"`)) {
		t.Errorf("content after a merge lacks the new page: %s", after)
	}
}
