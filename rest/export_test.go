package rest_test

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"io"
	"net/http"
	"strings"
	"testing"

	"folio/domain"
	"folio/rest/resttest"
)

// TestExportSpaceContent downloads a space's content as a zip (and a
// tar.gz) over HTTP, with download's access rules.
func TestExportSpaceContent(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	reader := member(t, srv, org, "reader@example.com", rolePtr(domain.RoleRead))
	space := createSpaceID(t, alice, org, map[string]any{"title": "Payments API"})
	base := "/v1/spaces/" + space
	cr := resttest.Str(newCR(t, alice, space, "content"), "id")
	img := pngBytes(t, 3, 2)
	var up contentUpdate
	alice.Post(base+"/change-requests/"+cr+"/content", map[string]any{"changes": []any{
		map[string]any{"operation": "insert_files", "files": []any{
			map[string]any{"name": "dot.png", "contentType": "image/png", "base64": base64.StdEncoding.EncodeToString(img)},
		}},
	}}).Expect(http.StatusOK).Decode(&up)
	fileID := resttest.Str(up.InsertedFiles[0], "id")
	ids := edit(t, alice, space, cr,
		insert("guide", "", "# Guide\n\n![Dot](/files/"+fileID+")\n"),
		insert("install", "guide", "# Install\n"),
	)
	edit(t, alice, space, cr, map[string]any{"operation": "update_page", "page": ids["install"],
		"document":    map[string]any{"markdown": "# Install\n\n```sh\nmake install\n```\n\nBack to [the guide](/pages/" + ids["guide"] + ").\n"},
		"description": "How to install", "emoji": "🛠"})
	alice.Post(base+"/change-requests/"+cr+"/merge", nil).Expect(http.StatusOK)

	// Who may export: as downloads.
	if msg := srv.Anonymous().Get(base + "/content/export").ExpectError(http.StatusUnauthorized); msg == "" {
		t.Error("no message")
	}
	srv.User("eve@example.com").Get(base + "/content/export").ExpectError(http.StatusNotFound)
	alice.Get("/v1/spaces/nope/content/export").ExpectError(http.StatusNotFound)
	reader.Get(base + "/content/export?format=rar").ExpectError(http.StatusBadRequest)

	res := reader.Get(base + "/content/export").Expect(http.StatusOK)
	if ct := res.Header.Get("Content-Type"); ct != "application/zip" {
		t.Errorf("Content-Type = %q", ct)
	}
	if cd := res.Header.Get("Content-Disposition"); cd != `attachment; filename=payments-api.zip` {
		t.Errorf("Content-Disposition = %q", cd)
	}
	zr, err := zip.NewReader(bytes.NewReader(res.Body), int64(len(res.Body)))
	if err != nil {
		t.Fatal(err)
	}
	entries := map[string]string{}
	var names []string
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		entries[f.Name] = string(b)
		names = append(names, f.Name)
	}
	want := map[string]string{
		".gitbook/assets/dot.png": string(img),
		"SUMMARY.md":              "# Table of contents\n\n* [Guide](guide/README.md)\n  * [Install](guide/install.md)\n",
		"guide/README.md":         "# Guide\n\n![Dot](../.gitbook/assets/dot.png)\n",
		"guide/install.md":        "---\ndescription: How to install\nemoji: 🛠\n---\n\n# Install\n\n```sh\nmake install\n```\n\nBack to [the guide](README.md).\n",
	}
	if strings.Join(names, ",") != ".gitbook/assets/dot.png,SUMMARY.md,guide/README.md,guide/install.md" {
		t.Errorf("entries %v", names)
	}
	for name, body := range want {
		if entries[name] != body {
			t.Errorf("%s = %q, want %q", name, entries[name], body)
		}
	}
	// The same bytes every time.
	if again := alice.Get(base + "/content/export?format=zip").Expect(http.StatusOK); !bytes.Equal(again.Body, res.Body) {
		t.Error("a second export differs")
	}

	tgz := reader.Get(base + "/content/export?format=tar").Expect(http.StatusOK)
	if ct, cd := tgz.Header.Get("Content-Type"), tgz.Header.Get("Content-Disposition"); ct != "application/gzip" || cd != `attachment; filename=payments-api.tar.gz` {
		t.Errorf("tar headers %q %q", ct, cd)
	}
	gz, err := gzip.NewReader(bytes.NewReader(tgz.Body))
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	n := 0
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(tr)
		if string(b) != want[h.Name] {
			t.Errorf("tar %s = %q", h.Name, b)
		}
		n++
	}
	if n != len(want) {
		t.Errorf("tar has %d entries", n)
	}

	// An empty space is a table of contents alone.
	empty := createSpaceID(t, alice, org, map[string]any{"title": "Empty"})
	body := alice.Get("/v1/spaces/" + empty + "/content/export").Expect(http.StatusOK).Body
	zr, err = zip.NewReader(bytes.NewReader(body), int64(len(body)))
	if err != nil || len(zr.File) != 1 || zr.File[0].Name != "SUMMARY.md" {
		t.Fatalf("empty space export: %v %v", err, zr)
	}
}
