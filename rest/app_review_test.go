package rest_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"folio/domain"
	"folio/rest/resttest"
	"folio/store"
)

// reviewWorld is an organization with a space, a change request on it and
// two people with password accounts: ada (admin) and bob (may comment).
type reviewWorld struct {
	srv        *resttest.Server
	ada        *resttest.Client // ada's API token
	org, space string
	pages      map[string]string // page ids: intro, setup
}

const reviewPassword = "tulip orbit canyon 42"

func newReviewWorld(t *testing.T) *reviewWorld {
	t.Helper()
	srv := resttest.New(t)
	u := account(t, srv, "ada@example.com", reviewPassword)
	tok, err := srv.Store.CreateToken(t.Context(), u.ID)
	if err != nil {
		t.Fatal(err)
	}
	ada := srv.Anonymous()
	ada.Token, ada.UserID = tok, u.ID
	w := &reviewWorld{srv: srv, ada: ada, org: createOrg(t, ada, "Acme Docs"), pages: map[string]string{}}
	bob := account(t, srv, "bob@example.com", reviewPassword)
	if _, err := srv.Store.AddMember(t.Context(), srv.Store.DB, w.org, bob.ID, rolePtr(domain.RoleComment)); err != nil {
		t.Fatal(err)
	}
	sp := spaceWithDocs(t, srv, w.org, "Handbook", store.VisibilityPrivate, []readerDoc{
		{"intro", "", "# Welcome aboard\n\nHow we work.\n\nWe write things down.\n"},
		{"setup", "", "# Setup\n\nInstall things.\n"},
	})
	w.space = sp.ID
	for i, p := range ada.Get("/v1/spaces/" + sp.ID + "/content").Expect(http.StatusOK).JSON()["pages"].([]any) {
		w.pages[[]string{"intro", "setup"}[i]] = resttest.Str(p.(map[string]any), "id")
	}
	return w
}

// changeRequest opens a change request with these changes and answers its number.
func (w *reviewWorld) changeRequest(t *testing.T, subject string, changes ...map[string]any) string {
	t.Helper()
	cr := newCR(t, w.ada, w.space, subject)
	if len(changes) > 0 {
		edit(t, w.ada, w.space, resttest.Str(cr, "id"), changes...)
	}
	return resttest.Str(cr, "number")
}

func (w *reviewWorld) updatePage(ref, md string) map[string]any {
	return map[string]any{"operation": "update_page", "page": w.pages[ref], "document": map[string]any{"markdown": md}}
}

func (w *reviewWorld) reviewPath(number string) string {
	return "/app/o/" + w.org + "/s/" + w.space + "/change-requests/" + number + "/review"
}

// TestAppReviewLiveAndMerge is the review's story in two Chromium
// browsers: ada and bob open one change request's review; bob comments
// and ada's review shows it without a reload; ada's edit saved elsewhere
// shows in bob's; ada replies, reacts and resolves; she previews the
// merge (what it changes) and merges. Another change request that
// conflicts shows the conflict, names the page and the way out, and
// cannot be merged. The screen passes axe-core in light, dark and at 360
// px (FOLIO_APP_SCREENSHOTS saves app-review-*.png).
func TestAppReviewLiveAndMerge(t *testing.T) {
	w := newReviewWorld(t)
	number := w.changeRequest(t, "Friendlier intro",
		w.updatePage("intro", "# Welcome aboard\n\nHow we work, together.\n\nWe write things down.\n"),
		insert("faq", "", "# FAQ\n\nAsk away.\n"))
	path := w.reviewPath(number)

	ada := appBrowser(t, w.srv, "ada@example.com", reviewPassword, path)
	ada.run("the review opens", chromedp.WaitVisible(`.review h1`, chromedp.ByQuery))
	ada.waitText("main h1", "Friendlier intro")
	ada.waitText("main", "How we work, together.")
	ada.waitText("main", "2 pages")
	bob := appBrowser(t, w.srv, "bob@example.com", reviewPassword, path)
	bob.run("the review opens", chromedp.WaitVisible(`.review h1`, chromedp.ByQuery))
	bob.waitText("main h1", "Friendlier intro")
	if strings.Contains(bob.text("main"), "Preview the merge") {
		t.Errorf("bob (comment role) is offered the merge")
	}

	// Bob comments; ada sees it live.
	bob.run("bob comments",
		chromedp.SendKeys(`#comment-cr`, "Looks good to me", chromedp.ByQuery),
		chromedp.Click(`.review section[aria-labelledby="review-discussion"] form button[type="submit"]`, chromedp.ByQuery))
	bob.waitText(".review", "Looks good to me")
	start := time.Now()
	ada.waitText(".review", "Looks good to me")
	t.Logf("bob's comment reached ada's review %v after bob saw it", time.Since(start).Round(time.Millisecond))

	// Ada saves an edit elsewhere (the API); bob sees it live.
	crID := resttest.Str(w.ada.Get("/v1/spaces/"+w.space+"/change-requests/"+number).Expect(http.StatusOK).JSON(), "id")
	edit(t, w.ada, w.space, crID, w.updatePage("setup", "# Setup\n\nInstall things, then run them.\n"))
	start = time.Now()
	bob.waitText(".review", "Install things, then run them.")
	bob.waitText(".review", "3 pages")
	t.Logf("ada's saved edit reached bob's review %v after it was saved", time.Since(start).Round(time.Millisecond))

	// Ada replies, reacts and resolves; bob sees the reply.
	ada.run("ada replies",
		chromedp.SendKeys(`.thread textarea`, "Thanks!", chromedp.ByQuery),
		chromedp.Click(`.reply-form button[type="submit"]`, chromedp.ByQuery))
	ada.waitText(".replies", "Thanks!")
	bob.waitText(".review", "Thanks!")
	ada.run("ada reacts", chromedp.Click(`.thread .reaction`, chromedp.ByQuery))
	ada.run("wait for the reaction", chromedp.WaitVisible(`.thread .reaction.mine`, chromedp.ByQuery))
	ada.run("ada resolves", chromedp.Click(`//li[contains(@class,"thread")]//button[normalize-space()="Resolve"]`, chromedp.BySearch))
	ada.waitText(".thread", "Resolved")
	ada.accessible("review")

	// The merge, previewed first.
	ada.run("preview the merge", chromedp.Click(`button.preview-merge`, chromedp.ByQuery))
	ada.waitText(".merge-preview", "the merge would change 3 pages")
	preview := ada.text(".merge-preview")
	for _, want := range []string{"added FAQ", "changed Welcome aboard", "changed Setup"} {
		if !strings.Contains(preview, want) {
			t.Errorf("the preview lacks %q: %s", want, preview)
		}
	}
	ada.accessible("review-merge")
	ada.run("merge", chromedp.Click(`button.do-merge`, chromedp.ByQuery))
	ada.waitText(".review", "merged")
	if st := resttest.Str(w.ada.Get("/v1/spaces/"+w.space+"/change-requests/"+number).Expect(http.StatusOK).JSON(), "status"); st != "merged" {
		t.Fatalf("status after the merge: %s", st)
	}

	// Two change requests edit one page; the first is merged, the second's
	// preview names the conflict and the way out, and cannot merge.
	one := w.changeRequest(t, "One", w.updatePage("setup", "# Setup\n\nFrom one.\n"))
	two := w.changeRequest(t, "Two", w.updatePage("setup", "# Setup\n\nFrom two.\n"))
	w.ada.Post("/v1/spaces/"+w.space+"/change-requests/"+one+"/merge", nil).Expect(http.StatusOK)
	ada.open(w.reviewPath(two), ".review h1")
	ada.run("preview the conflicting merge", chromedp.Click(`button.preview-merge`, chromedp.ByQuery))
	ada.waitText(".conflicts", "1 conflict")
	conflict := ada.text(".conflicts")
	if !strings.Contains(conflict, "Setup") || !strings.Contains(conflict, "new change request") {
		t.Errorf("the conflict notice = %q", conflict)
	}
	var disabled bool
	ada.run("the merge button", chromedp.Evaluate(`document.querySelector("button.do-merge").disabled`, &disabled))
	if !disabled {
		t.Errorf("a conflicting change request can be merged from the app")
	}
	ada.accessible("review-conflict")
}

// TestAppReviewStatements: the review screen's one operation (the changes
// with a line diff each, the threads with replies and reactions) and the
// merge preview run as many statements for a change request of 2 pages
// and 2 threads as for one of 12 pages and 12 threads.
func TestAppReviewStatements(t *testing.T) {
	docs := appDocuments(t)
	w := newReviewWorld(t)
	measure := func(pages int) [2]int {
		var changes []map[string]any
		for i := range pages {
			changes = append(changes, insert(fmt.Sprint("p", i), "", fmt.Sprintf("# Page %d\n\nText %d.\n", i, i)))
		}
		number := w.changeRequest(t, fmt.Sprint(pages, " pages"), changes...)
		content := w.ada.Get("/v1/spaces/" + w.space + "/change-requests/" + number + "/content").Expect(http.StatusOK).JSON()
		for i, p := range content["pages"].([]any) {
			if i >= pages {
				break
			}
			c := w.ada.Post("/v1/spaces/"+w.space+"/change-requests/"+number+"/comments",
				map[string]any{"page": resttest.Str(p.(map[string]any), "id"), "body": map[string]any{"markdown": "Why?"}}).Expect(http.StatusOK).JSON()
			w.ada.Post("/v1/spaces/"+w.space+"/change-requests/"+number+"/comments/"+resttest.Str(c, "id")+"/replies",
				map[string]any{"body": map[string]any{"markdown": "Because."}}).Expect(http.StatusOK)
		}
		vars := map[string]any{"space": w.space, "number": number}
		return [2]int{appStatements(t, w.ada, docs, "ReviewScreen", vars), appStatements(t, w.ada, docs, "ReviewMergePreview", vars)}
	}
	small, large := measure(2), measure(12)
	t.Logf("ReviewScreen: %d statements, ReviewMergePreview: %d", large[0], large[1])
	if small != large {
		t.Errorf("statements for 2 pages %v, for 12 pages %v", small, large)
	}
	if large != [2]int{reviewScreenStatements, reviewPreviewStatements} {
		t.Errorf("statements %v, want %v", large, [2]int{reviewScreenStatements, reviewPreviewStatements})
	}
}

// The review's statement counts, exactly (a change either way is news).
const (
	reviewScreenStatements  = 14
	reviewPreviewStatements = 8
)
