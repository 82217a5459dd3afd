package rest_test

import (
	"net/http"
	"testing"

	"folio/rest/resttest"
)

// Operations of GitBook's document that no other test happens to answer
// with a body, so the schema check (resttest's hook) sees every one.
func TestGitBookSchemasRemainingOperations(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Docs"})
	base := "/v1/spaces/" + space
	refs := publish(t, alice, space, insert("guide", "", "# Guide\n\nText.\n"))
	cr := resttest.Str(newCR(t, alice, space, "files"), "id")
	crBase := base + "/change-requests/" + cr
	var up struct{ InsertedFiles []struct{ ID string } }
	alice.Post(crBase+"/content", map[string]any{"changes": []any{
		map[string]any{"operation": "insert_files", "files": []any{map[string]any{"name": "n.txt", "contentType": "text/plain", "base64": "aGk="}}},
		map[string]any{"operation": "insert_page", "ref": "sub", "into": refs["guide"], "document": map[string]any{"markdown": "# Sub\n\nNested.\n"}},
	}}).Expect(http.StatusOK).Decode(&up)
	if len(up.InsertedFiles) != 1 {
		t.Fatalf("inserted files: %+v", up.InsertedFiles)
	}
	alice.Get(crBase + "/content").Expect(http.StatusOK)
	comment := resttest.Str(alice.Post(crBase+"/comments", map[string]any{"body": map[string]any{"markdown": "Look"}}).Expect(http.StatusOK).JSON(), "id")
	reply := resttest.Str(alice.Post(crBase+"/comments/"+comment+"/replies", map[string]any{"body": map[string]any{"markdown": "Seen"}}).Expect(http.StatusOK).JSON(), "id")
	alice.Put(crBase+"/comments/"+comment+"/replies/"+reply, map[string]any{"body": map[string]any{"markdown": "Seen twice"}}).Expect(http.StatusOK)
	alice.Post(crBase+"/merge", nil).Expect(http.StatusOK)
	alice.Get(base + "/content/files/" + up.InsertedFiles[0].ID).Expect(http.StatusOK)
	alice.Get(base + "/content/path/guide/sub").Expect(http.StatusOK)
	alice.Get(base + "/content/path/guide/sub?format=markdown").Expect(http.StatusOK)
}
