package rest_test

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"strings"
	"testing"

	"folio/domain"
	"folio/rest/resttest"
)

func pngBytes(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	img.Set(1, 1, color.RGBA{R: 255, A: 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// download fetches a downloadURL (served by the test server) as c.
func download(t *testing.T, srv *resttest.Server, c *resttest.Client, url string) (int, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, strings.Replace(url, "http://folio.test", srv.URL, 1), nil)
	if c.Token != "" {
		req.Header.Set("Authorization", "Bearer "+c.Token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

func TestFilesUploadDownload(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	reader := member(t, srv, org, "reader@example.com", rolePtr(domain.RoleRead))
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})
	base := "/v1/spaces/" + space
	cr := resttest.Str(newCR(t, alice, space, "files"), "id")

	img := pngBytes(t, 7, 3)
	var out contentUpdate
	alice.Post(base+"/change-requests/"+cr+"/content", map[string]any{"changes": []any{
		map[string]any{"operation": "insert_files", "files": []any{
			map[string]any{"name": "dot.png", "contentType": "image/png", "base64": base64.StdEncoding.EncodeToString(img)},
			map[string]any{"name": "notes.txt", "contentType": "text/plain", "base64": base64.StdEncoding.EncodeToString([]byte("hello"))},
		}},
	}}).Expect(http.StatusOK).Decode(&out)
	if len(out.InsertedFiles) != 2 {
		t.Fatalf("inserted = %v", out.InsertedFiles)
	}
	pic := out.InsertedFiles[0]
	expectFields(t, pic, map[string]string{"name": "dot.png", "contentType": "image/png", "size": fmt.Sprint(len(img)),
		"dimensions.width": "7", "dimensions.height": "3"})
	if _, ok := out.InsertedFiles[1]["dimensions"]; ok {
		t.Error("a text file has dimensions")
	}
	fileID := resttest.Str(pic, "id")
	url := resttest.Str(pic, "downloadURL")
	if url != "http://folio.test/v1/spaces/"+space+"/files/"+fileID+"/download" {
		t.Errorf("downloadURL = %s", url)
	}
	// A page references the file; the change request lists and serves it.
	edit(t, alice, space, cr, insert("p", "", "# Pictures\n\n![Dot](/files/"+fileID+")\n"))
	expectFields(t, alice.Get(base+"/change-requests/"+cr+"/content/files/"+fileID).Expect(http.StatusOK).JSON(), map[string]string{"name": "dot.png"})
	list := alice.Get(base + "/change-requests/" + cr + "/content/files?limit=1").Expect(http.StatusOK).JSON()
	next := resttest.Str(list, "next.page")
	if resttest.Str(list, "count") != "2" || next == "" {
		t.Fatalf("files page = %v", list)
	}
	if rest := alice.Get(base + "/change-requests/" + cr + "/content/files?limit=1&page=" + next).Expect(http.StatusOK).JSON(); len(ids(rest)) != 1 || ids(rest)[0] == ids(list)[0] {
		t.Errorf("second files page = %v", rest)
	}
	alice.Get(base + "/content/files/" + fileID).ExpectError(http.StatusNotFound) // not merged yet

	// Downloads follow the space's read rules.
	if status, body := download(t, srv, reader, url); status != http.StatusOK || !bytes.Equal(body, img) {
		t.Errorf("reader download: %d (%d bytes)", status, len(body))
	}
	if status, _ := download(t, srv, srv.User("eve@example.com"), url); status != http.StatusNotFound {
		t.Errorf("outsider download: %d", status)
	}
	if status, _ := download(t, srv, srv.Anonymous(), url); status != http.StatusUnauthorized {
		t.Errorf("anonymous download: %d", status)
	}
	if status, _ := download(t, srv, alice, strings.Replace(url, fileID, "nope", 1)); status != http.StatusNotFound {
		t.Errorf("unknown file download: %d", status)
	}
	alice.Post(base+"/change-requests/"+cr+"/merge", nil).Expect(http.StatusOK)
	files := alice.Get(base + "/content/files").Expect(http.StatusOK).JSON()
	if resttest.Str(files, "count") != "2" {
		t.Errorf("space files = %v", files)
	}
	alice.Post(base+"/change-requests", map[string]any{}).Expect(http.StatusCreated)
	bad := alice.Post(base+"/change-requests/2/content", map[string]any{"changes": []any{map[string]any{"operation": "insert_files",
		"files": []any{map[string]any{"name": "x.bin", "base64": "AAAA"}}}}})
	if msg := bad.ExpectError(http.StatusBadRequest); !strings.Contains(msg, "contentType") {
		t.Errorf("missing contentType: %q", msg)
	}
}

// TestDuplicateSpaceContent checks that a duplicate reads the same content
// and costs one revision row: documents and tree nodes are shared.
func TestDuplicateSpaceContent(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})
	cr := resttest.Str(newCR(t, alice, space, "x"), "id")
	ids := edit(t, alice, space, cr, insert("a", "", "# A\n\nText.\n"), insert("b", "a", "# B\n"),
		map[string]any{"operation": "insert_files", "files": []any{map[string]any{"name": "n.txt", "contentType": "text/plain", "base64": "aGk="}}})
	alice.Post("/v1/spaces/"+space+"/change-requests/"+cr+"/merge", nil).Expect(http.StatusOK)

	count := func(table string) int {
		n, err := srv.Store.DB.NewSelect().Table(table).Count(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		return int(n)
	}
	nodes, docs := count("tree_nodes"), count("documents")
	cp := resttest.Str(alice.Post("/v1/spaces/"+space+"/duplicate", nil).Expect(http.StatusCreated).JSON(), "id")
	if count("tree_nodes") != nodes || count("documents") != docs {
		t.Errorf("duplicate copied content rows: nodes %d -> %d, documents %d -> %d", nodes, count("tree_nodes"), docs, count("documents"))
	}
	orig := outline(pagesAt(t, alice, "/v1/spaces/"+space+"/content/pages"))
	if got := outline(pagesAt(t, alice, "/v1/spaces/"+cp+"/content/pages")); got != orig || got != "A(a)[B(a/b)]" {
		t.Errorf("duplicate pages = %s, want %s", got, orig)
	}
	var a page
	alice.Get("/v1/spaces/" + cp + "/content/page/" + ids["a"] + "?format=markdown").Expect(http.StatusOK).Decode(&a)
	if a.Markdown != "# A\n\nText.\n" {
		t.Errorf("duplicate markdown = %q", a.Markdown)
	}
	f := alice.Get("/v1/spaces/" + cp + "/content/files").Expect(http.StatusOK).JSON()
	items := f["items"].([]any)
	if len(items) != 1 {
		t.Fatalf("duplicate files = %v", f)
	}
	if status, body := download(t, srv, alice, items[0].(map[string]any)["downloadURL"].(string)); status != http.StatusOK || string(body) != "hi" {
		t.Errorf("duplicate download: %d %q", status, body)
	}
	// The copy moves on by itself.
	cr2 := resttest.Str(newCR(t, alice, cp, "y"), "id")
	edit(t, alice, cp, cr2, map[string]any{"operation": "delete_page", "page": ids["b"]})
	alice.Post("/v1/spaces/"+cp+"/change-requests/"+cr2+"/merge", nil).Expect(http.StatusOK)
	if got := outline(pagesAt(t, alice, "/v1/spaces/"+space+"/content/pages")); got != orig {
		t.Errorf("original changed with its copy: %s", got)
	}
}
