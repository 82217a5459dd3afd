package rest_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"

	"folio/rest/resttest"
)

// guarded sends a JSON POST with an If-Match header ("" sends none).
func guarded(t *testing.T, srv *resttest.Server, c *resttest.Client, path, ifMatch, body string) answer {
	t.Helper()
	req, err := http.NewRequest("POST", srv.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+c.Token)
	req.Header.Set("Content-Type", "application/json")
	if ifMatch != "" {
		req.Header.Set("If-Match", ifMatch)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := resp.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return answer{resp.StatusCode, resp.Header, []byte(b.String())}
}

// preconditionFailed decodes a 412 body.
type preconditionFailed struct {
	Error struct {
		Code         int    `json:"code"`
		Message      string `json:"message"`
		Revision     string `json:"revision"`
		ChangedPages []struct {
			ID     string `json:"id"`
			Title  string `json:"title"`
			Change string `json:"change"`
		} `json:"changedPages"`
	} `json:"error"`
}

func updateBody(page, markdown string) string {
	b, _ := json.Marshal(map[string]any{"changes": []any{map[string]any{"operation": "update_page", "page": page, "document": map[string]any{"markdown": markdown}}}})
	return string(b)
}

func TestRevisionGuardedEdits(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("admin@example.com")
	org := createOrg(t, admin, "Acme")
	space := createSpaceID(t, admin, org, map[string]any{"title": "Docs"})
	first := resttest.Str(newCR(t, admin, space, "seed"), "id")
	ids := edit(t, admin, space, first, insert("a", "", "# A\n\nOne."), insert("b", "", "# B\n\nTwo."))
	admin.Post("/v1/spaces/"+space+"/change-requests/"+first+"/merge", nil).Expect(http.StatusOK)
	pageA, pageB := ids["a"], ids["b"]

	// Page reads carry an ETag: the revision read and a hash of the page.
	spaceRev := resttest.Str(admin.Get("/v1/spaces/"+space+"/content").Expect(http.StatusOK).JSON(), "id")
	read := admin.Get("/v1/spaces/" + space + "/content/page/" + pageA).Expect(http.StatusOK)
	etag := read.Header.Get("ETag")
	if !strings.HasPrefix(etag, `"`+spaceRev+".") {
		t.Fatalf("ETag %q, want the space revision %s and a hash", etag, spaceRev)
	}
	if again := admin.Get("/v1/spaces/" + space + "/content/page/" + pageA).Header.Get("ETag"); again != etag {
		t.Errorf("ETag changed between two reads: %q %q", etag, again)
	}
	if other := admin.Get("/v1/spaces/" + space + "/content/page/" + pageB).Header.Get("ETag"); other == etag {
		t.Errorf("two pages share ETag %q", etag)
	}

	// Two writers read the change request's page, then race to edit it with
	// the ETag they read: one wins, the other is 412 naming the page.
	cr := resttest.Str(newCR(t, admin, space, "race"), "id")
	crPath := "/v1/spaces/" + space + "/change-requests/" + cr
	crTag := admin.Get(crPath + "/content/page/" + pageA).Expect(http.StatusOK).Header.Get("ETag")
	if crTag == "" || !strings.HasPrefix(crTag, `"`+spaceRev+".") {
		t.Fatalf("change request page ETag %q (a new change request's head is the space revision %s)", crTag, spaceRev)
	}
	var wg sync.WaitGroup
	answers := make([]answer, 2)
	for i, text := range []string{"# A\n\nWriter one.", "# A\n\nWriter two."} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[i] = guarded(t, srv, admin, crPath+"/content", crTag, updateBody(pageA, text))
		}()
	}
	wg.Wait()
	won, lost := answers[0], answers[1]
	if won.status != http.StatusOK {
		won, lost = lost, won
	}
	if won.status != http.StatusOK || lost.status != http.StatusPreconditionFailed {
		t.Fatalf("race: %d %s / %d %s", answers[0].status, answers[0].body, answers[1].status, answers[1].body)
	}
	var pf preconditionFailed
	if err := json.Unmarshal(lost.body, &pf); err != nil {
		t.Fatal(err)
	}
	head := resttest.Str(admin.Get(crPath+"/content").Expect(http.StatusOK).JSON(), "id")
	if pf.Error.Code != 412 || pf.Error.Revision != head || len(pf.Error.ChangedPages) != 1 ||
		pf.Error.ChangedPages[0].ID != pageA || pf.Error.ChangedPages[0].Change != "updated" || pf.Error.ChangedPages[0].Title != "A" {
		t.Errorf("412 body = %s (head %s)", lost.body, head)
	}
	// The loser reads again and retries with the new revision in the body.
	tag2 := admin.Get(crPath + "/content/page/" + pageA).Header.Get("ETag")
	if !strings.HasPrefix(tag2, `"`+head+".") {
		t.Errorf("ETag after the edit %q, want revision %s", tag2, head)
	}
	retry := map[string]any{"baseRevision": head, "changes": []any{map[string]any{"operation": "update_page", "page": pageB, "document": map[string]any{"markdown": "# B\n\nEdited."}}}}
	admin.Post(crPath+"/content", retry).Expect(http.StatusOK)
	// The same body again is stale now.
	admin.Post(crPath+"/content", retry).ExpectError(http.StatusPreconditionFailed)
	// If-Match and a body naming different revisions is 400; unknown revisions are 400.
	if a := guarded(t, srv, admin, crPath+"/content", `"`+spaceRev+`"`, `{"baseRevision":"`+head+`","changes":[]}`); a.status != http.StatusBadRequest {
		t.Errorf("two bases: %d %s", a.status, a.body)
	}
	if a := guarded(t, srv, admin, crPath+"/content", `"nope"`, updateBody(pageA, "x")); a.status != http.StatusBadRequest {
		t.Errorf("unknown base: %d %s", a.status, a.body)
	}
	// If-Match: * guards nothing.
	if a := guarded(t, srv, admin, crPath+"/content", `*`, updateBody(pageA, "# A\n\nStar.")); a.status != http.StatusOK {
		t.Errorf("If-Match *: %d %s", a.status, a.body)
	}

	// Merges: a reviewer's revision of the change request must still be its head.
	reviewed := resttest.Str(admin.Get(crPath+"/content").JSON(), "id")
	edit(t, admin, space, cr, map[string]any{"operation": "update_page", "page": pageB, "document": map[string]any{"markdown": "# B\n\nLate."}})
	a := guarded(t, srv, admin, crPath+"/merge", `"`+reviewed+`"`, "")
	if a.status != http.StatusPreconditionFailed || !strings.Contains(string(a.body), pageB) {
		t.Fatalf("merge after a late edit: %d %s", a.status, a.body)
	}
	// ... and a revision of the space must still be its current one.
	other := resttest.Str(newCR(t, admin, space, "other"), "id")
	edit(t, admin, space, other, insert("c", "", "# C"))
	admin.Post("/v1/spaces/"+space+"/change-requests/"+other+"/merge", nil).Expect(http.StatusOK)
	a = guarded(t, srv, admin, crPath+"/merge?baseRevision="+spaceRev, "", "")
	if a.status != http.StatusPreconditionFailed {
		t.Fatalf("merge over a moved space: %d %s", a.status, a.body)
	}
	json.Unmarshal(a.body, &pf)
	if len(pf.Error.ChangedPages) != 1 || pf.Error.ChangedPages[0].Change != "created" || pf.Error.ChangedPages[0].Title != "C" {
		t.Errorf("changed pages of the space: %s", a.body)
	}
	now := resttest.Str(admin.Get(crPath+"/content").JSON(), "id")
	if a := guarded(t, srv, admin, crPath+"/merge", `"`+now+`"`, ""); a.status != http.StatusOK {
		t.Errorf("merge at the head: %d %s", a.status, a.body)
	}

	// GraphQL takes the same argument and says the same in extensions.
	cr3 := resttest.Str(newCR(t, admin, space, "gql"), "id")
	res := admin.GraphQL(`mutation($s: ID!, $c: String!, $p: String!) {
		updateChangeRequestContent(spaceId: $s, changeRequestId: $c, baseRevision: "`+spaceRev+`",
			input: {changes: [{operation: "update_page", page: $p, document: {markdown: "# A"}}]}) { changeRequest { id } } }`,
		map[string]any{"s": space, "c": cr3, "p": pageA})
	if len(res.Errors) != 1 || res.Errors[0].Extensions["code"] != "PRECONDITION" || res.Errors[0].Extensions["changedPages"] == nil {
		t.Errorf("graphql guard: %s %+v", res.Data, res.Errors)
	}
}
