package rest_test

import (
	"testing"

	"github.com/chromedp/chromedp"

	"folio/rest/resttest"
	"folio/store"
)

// TestAppHistory merges two change requests and reads them in the app's
// History screen, reached from the space: both merges listed newest
// first, each opening (by keyboard) its page changes with line diffs;
// axe-core finds nothing serious in light, dark and at 360 px.
func TestAppHistory(t *testing.T) {
	srv := resttest.New(t)
	const pw = "tulip orbit canyon 42"
	u := account(t, srv, "ada@example.com", pw)
	tok, err := srv.Store.CreateToken(t.Context(), u.ID)
	if err != nil {
		t.Fatal(err)
	}
	ada := srv.Anonymous()
	ada.Token = tok
	org := createOrg(t, ada, "Acme Docs")
	space := createSpaceID(t, ada, org, map[string]any{"title": "Handbook"})
	ids := mergeChanges(t, srv, space, u.ID, "Write the guide", []store.PageChange{
		{Operation: store.OpInsertPage, Title: ptr("Guide"), Slug: ptr("guide"), Markdown: ptr("Install the tools.\n\nRun make.\n")},
	})
	mergeChanges(t, srv, space, u.ID, "Fix the guide", []store.PageChange{
		{Operation: store.OpUpdatePage, Page: ids[0], Markdown: ptr("Install the tools.\n\nRun make test.\n")},
	})

	a := appBrowser(t, srv, "ada@example.com", pw, "/app/o/"+org+"/s/"+space)
	a.waitText("main h1", "Handbook")
	a.run("open the history", chromedp.Click(`//main//a[text()="History"]`, chromedp.BySearch))
	a.waitText("main h1", "History")
	a.waitText(".history-list ol li:nth-child(1)", "Merged #2: Fix the guide")
	a.waitText(".history-list ol li:nth-child(1)", "1 changed")
	a.waitText(".history-list ol li:nth-child(2)", "Merged #1: Write the guide")
	a.waitText(".history-list ol li:nth-child(2)", "1 added")

	// By keyboard: focus the newest merge and press Enter.
	a.run("choose the newest", chromedp.Focus(`.history-list ol li:nth-child(1) a`, chromedp.ByQuery), chromedp.KeyEvent("\r"))
	a.waitText(".history-detail h2", "Fix the guide")
	a.waitText(".history-detail .page-change h3", "Guide")
	a.waitText(".history-detail .diff .line.removed", "Run make.")
	a.waitText(".history-detail .diff .line.added", "Run make test.")
	if got := a.text(".history-detail .page-change .muted:not(.path)"); got != "1 line added, 1 removed" {
		t.Errorf("counts: %q", got)
	}
	a.accessible("history")

	a.run("choose the first merge", chromedp.Click(`.history-list ol li:nth-child(2) a`, chromedp.ByQuery))
	a.waitText(".history-detail h2", "Write the guide")
	a.waitText(".history-detail .page-change h3", "added")
	a.waitText(".history-detail .diff .line.added", "Install the tools.")
}
