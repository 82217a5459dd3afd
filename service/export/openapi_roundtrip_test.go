package export_test

import (
	"strings"
	"testing"

	"folio/internal/blob"
	"folio/service/export"
	"folio/store"
	"folio/store/pgtest"
)

// TestExportImportAPIReference: a page's API reference blocks, as GitBook's
// Git Sync writes them, leave in the export as they are and come back the
// same from an import.
func TestExportImportAPIReference(t *testing.T) {
	s := pgtest.New(t)
	blobs := blob.Dir{Root: t.TempDir()}
	ctx := t.Context()
	u, err := s.EnsureUser(ctx, "admin@example.com", "")
	if err != nil {
		t.Fatal(err)
	}
	org, err := s.CreateOrganization(ctx, u.ID, "Acme", nil)
	if err != nil {
		t.Fatal(err)
	}
	sp, err := s.CreateSpace(ctx, org.ID, store.NewSpace{Title: "API", Visibility: store.VisibilityPrivate})
	if err != nil {
		t.Fatal(err)
	}
	const md = "# Pets\n\n{% openapi-operation spec=\"pets\" path=\"/pets/{id}\" method=\"get\" %}\nOpenAPI pets\n{% endopenapi-operation %}\n\n" +
		"{% openapi-schemas spec=\"pets\" schemas=\"Pet,Error\" grouped=\"true\" %}\nOpenAPI pets\n{% endopenapi-schemas %}\n\n" +
		"{% openapi-webhook spec=\"pets\" name=\"newPet\" method=\"post\" %}\nOpenAPI pets\n{% endopenapi-webhook %}\n\n" +
		"{% openapi src=\"https://example.com/o.json\" path=\"/a\" method=\"get\" %}\nhttps://example.com/o.json\n{% endopenapi %}\n"
	cr, err := s.CreateChangeRequest(ctx, sp, u.ID, "API")
	if err != nil {
		t.Fatal(err)
	}
	text := md
	if _, err := s.UpdateChangeRequestContent(ctx, sp.ID, cr.ID, u.ID, []store.PageChange{{Operation: store.OpInsertPage, Ref: "p", Markdown: &text}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.MergeChangeRequest(ctx, sp.ID, cr.ID, u.ID); err != nil {
		t.Fatal(err)
	}
	first := exportBytes(t, s, blobs, sp.ID, export.FormatZip)
	res, err := export.Import(ctx, s, blobs, org.ID, u, "Imported", first)
	if err != nil {
		t.Fatal(err)
	}
	if again := exportBytes(t, s, blobs, res.Space.ID, export.FormatZip); string(again) != string(first) {
		t.Errorf("export of the imported space differs")
	}
	_, _, docs := content(t, s, blobs, res.Space.ID)
	found := false
	for _, d := range docs {
		if strings.Contains(d, "{% openapi") {
			found = true
			if d != md {
				t.Errorf("imported document:\n%q\nwant\n%q", d, md)
			}
		}
	}
	if !found {
		t.Errorf("no API reference page imported: %v", docs)
	}
}
