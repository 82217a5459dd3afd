package rest_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"folio/domain"
	"folio/rest/resttest"
)

// TestAppWholeStory is issue 35's story in one run, in headless Chromium,
// against one server: ada signs in through the sign-in page, creates a
// space, presses Edit (a change request), gives it a subject, writes three
// pages (an image dropped into one: uploaded to the space's files), moves
// a page by dragging it in the tree, leaves text unsaved, reloads and finds
// it restored, saves, and makes the change request ready for review. Bob,
// in a browser of his own, comments; ada's review shows it live. Ada
// previews the merge (what it would change) and merges, creates a site
// from the space, publishes it and opens it: the reader shows the pages.
// Then ada and bob edit one page of a new change request in two browsers:
// ada saves first, and bob's Save shows the conflict notice naming the
// page, and reloads her version.
//
// Finally what they did is read through REST and GraphQL and compared
// with the same work done by a script through the API: the pages (titles,
// slugs, paths, order, markdown), the file, the change request and the
// comment are the same, only ids and times differ. The editor renders
// styled under a CSP without 'unsafe-inline' (its <style> carries the
// page's nonce) and no CSP violation happens on any screen.
func TestAppWholeStory(t *testing.T) {
	srv := resttest.New(t)
	const pw = "tulip orbit canyon 42"
	adaUser := account(t, srv, "ada@example.com", pw)
	tok, err := srv.Store.CreateToken(t.Context(), adaUser.ID)
	if err != nil {
		t.Fatal(err)
	}
	api := srv.Anonymous() // ada's API token: what a script of hers does
	api.Token, api.UserID = tok, adaUser.ID
	org := createOrg(t, api, "Acme Docs")
	bobUser := account(t, srv, "bob@example.com", pw)
	if _, err := srv.Store.AddMember(t.Context(), srv.Store.DB, org, bobUser.ID, rolePtr(domain.RoleEdit)); err != nil {
		t.Fatal(err)
	}
	btok, err := srv.Store.CreateToken(t.Context(), bobUser.ID)
	if err != nil {
		t.Fatal(err)
	}
	bobAPI := srv.Anonymous()
	bobAPI.Token, bobAPI.UserID = btok, bobUser.ID

	// Sign in through the sign-in page; /app opens the organization.
	ada := appBrowser(t, srv, "ada@example.com", pw, "/app")
	ada.watchCSP()
	ada.waitText("main h1", "Acme Docs")

	// A space, from the organization's home.
	ada.run("new space", chromedp.SendKeys(`#new-space-title`, "Handbook", chromedp.ByQuery),
		chromedp.Click(`form.inline-form button[type="submit"]`, chromedp.ByQuery))
	ada.waitText("main h1", "Handbook")
	var loc string
	ada.run("space address", chromedp.Location(&loc))
	space := loc[strings.LastIndex(loc, "/s/")+3:]

	// Edit: a change request, given a subject.
	ada.press("Edit")
	ada.waitText("main h1", "Editing")
	ada.typeInto("#cr-subject", "First pages")
	ada.press("Save subject")
	ada.waitText("main h1", "Editing: First pages")

	// Three pages, typed as a person types (the text arrives as input,
	// so the editor's own Enter handling does not add list markers).
	pages := []struct{ title, body string }{
		{"Getting started", "Install the tools.\n\n## Tools\n\n- git\n- make\n"},
		{"Architecture", "How it fits together.\n\n```go\nfunc main() {}\n```\n\n"},
		{"FAQ", "| Question | Answer |\n| --- | --- |\n| Why? | Because. |\n"},
	}
	ids := map[string]string{}
	for i, p := range pages {
		var before string
		ada.run("where", chromedp.Location(&before))
		ada.typeInto("#new-page-title", p.title)
		ada.press("Add page")
		ada.run("the new page opens", chromedp.Poll(`location.href !== `+jsString(before)+` && document.querySelector('#page-title')?.value === `+jsString(p.title)+` && !!document.querySelector('.source .cm-content')`, nil, chromedp.WithPollingTimeout(20*time.Second)))
		if i == 0 {
			ada.checkEditorStyled()
		}
		ada.run("type into "+p.title, chromedp.Click(`.source .cm-content`, chromedp.ByQuery), input.InsertText(p.body))
		ada.waitText(".toolbar .status", "Unsaved")
		if i == 1 {
			ada.dropFile(".source .cm-content", "diagram.png", "image/png", tinyPNG)
			ada.waitText(".source .cm-content", "![diagram.png](/files/")
		}
		ada.press("Save")
		ada.waitText(".toolbar .status", "Saved.")
		ada.waitText(".edit-tree", p.title)
		ada.checkCSP()
		ada.run("page id", chromedp.Location(&loc))
		ids[p.title] = loc[strings.LastIndex(loc, "/")+1:]
	}
	ada.waitText(".preview .page-body table", "Because.")
	ada.run("open Architecture", chromedp.Click(`//nav[@aria-label="Pages of this change request"]//a[text()="Architecture"]`, chromedp.BySearch))
	ada.run("the image in the preview", chromedp.WaitVisible(`.preview .page-body img[src*="/files/"]`, chromedp.ByQuery))
	ada.waitText(".preview .page-body pre", "func main()")

	// Move FAQ first, by dragging it onto Getting started in the tree.
	ada.dragPage("FAQ", "Getting started")
	ada.run("FAQ moved first", chromedp.Poll(`[...document.querySelectorAll('nav[aria-label="Pages of this change request"] li > a')].map(a => a.textContent.trim()).join() === "FAQ,Getting started,Architecture"`, nil, chromedp.WithPollingTimeout(20*time.Second)))

	// Unsaved words survive a reload (a full load of the same address).
	ada.run("open Getting started", chromedp.Click(`//nav[@aria-label="Pages of this change request"]//a[text()="Getting started"]`, chromedp.BySearch))
	ada.waitText(".source .cm-content", "Install the tools.")
	ada.run("type unsaved", chromedp.Click(`.source .cm-content`, chromedp.ByQuery), docEnd(), input.InsertText("## Next\n\nRun make.\n"))
	ada.waitText(".toolbar .status", "Unsaved")
	ada.run("where", chromedp.Location(&loc))
	ada.open(strings.TrimPrefix(loc, srv.URL), ".source .cm-content")
	ada.waitText(".page-editor [role=status]", "Unsaved changes from your last visit were restored.")
	ada.waitText(".source .cm-content", "Run make.")
	ada.accessible("editor-restored")
	ada.press("Save")
	ada.waitText(".toolbar .status", "Saved.")
	ada.checkEditorStyled()
	ada.press("Ready for review")
	ada.waitText(".cr-form", "open")

	// Bob comments from his browser; ada's review shows it live.
	number := "1"
	review := "/app/o/" + org + "/s/" + space + "/change-requests/" + number + "/review"
	ada.open(review, ".review h1")
	ada.waitText("main h1", "First pages")
	bob := appBrowser(t, srv, "bob@example.com", pw, review)
	bob.watchCSP()
	bob.waitText("main h1", "First pages")
	bob.typeInto("#comment-cr", "Clear and short. Ship it.")
	bob.run("bob comments", chromedp.Click(`.review section[aria-labelledby="review-discussion"] form button[type="submit"]`, chromedp.ByQuery))
	ada.waitText(".review", "Clear and short. Ship it.")

	// Merge, after the preview.
	ada.press("Preview the merge")
	ada.waitText(".merge-preview", "the merge would change 3 pages")
	for _, want := range []string{"added FAQ", "added Getting started", "added Architecture"} {
		if !strings.Contains(ada.text(".merge-preview"), want) {
			t.Errorf("the merge preview lacks %q: %s", want, ada.text(".merge-preview"))
		}
	}
	ada.run("merge", chromedp.Click(`button.do-merge`, chromedp.ByQuery))
	ada.waitText(".review", "merged")

	// A site from the space, published; the reader shows the pages.
	ada.run("to the sites", chromedp.Click(`//a[normalize-space()="Sites"]`, chromedp.BySearch))
	ada.waitText("main h1", "Sites")
	ada.typeInto("#new-site-title", "Acme handbook")
	ada.choose("#new-site-space", space)
	ada.press("Create site")
	ada.waitText("main h1", "Acme handbook")
	ada.press("Publish")
	ada.waitText(`[data-testid="site-state"]`, "Published")
	var href string
	ada.run("published address", chromedp.AttributeValue(`[data-testid="open-site"]`, "href", &href, nil, chromedp.ByQuery))
	pub, err := url.Parse(href)
	if err != nil || !strings.HasPrefix(pub.Path, "/sites/") {
		t.Fatalf("published address %q", href)
	}
	ada.open(pub.EscapedPath(), "main")
	ada.waitText("main", "Because.")
	ada.open(strings.TrimSuffix(pub.EscapedPath(), "/")+"/architecture", "main")
	ada.waitText("main", "How it fits together.")
	ada.run("the image on the site", chromedp.WaitVisible(`main img`, chromedp.ByQuery))
	ada.open(strings.TrimSuffix(pub.EscapedPath(), "/")+"/getting-started", "main")
	ada.waitText("main", "Run make.")

	// Two browsers, one change request: ada saves first; bob's Save says so.
	ada.open("/app/o/"+org+"/s/"+space, "main h1")
	ada.press("Edit")
	ada.waitText("main h1", "Editing")
	ada.run("open Architecture", chromedp.Click(`//nav[@aria-label="Pages of this change request"]//a[text()="Architecture"]`, chromedp.BySearch))
	ada.waitText(".source .cm-content", "How it fits together.")
	ada.run("where", chromedp.Location(&loc))
	bob.open(strings.TrimPrefix(loc, srv.URL), ".source .cm-content")
	bob.waitText(".source .cm-content", "How it fits together.")
	ada.run("ada types", chromedp.Click(`.source .cm-content`, chromedp.ByQuery), docEnd(), input.InsertText("Ada's paragraph.\n"))
	bob.run("bob types", chromedp.Click(`.source .cm-content`, chromedp.ByQuery), docEnd(), input.InsertText("Bob's paragraph.\n"))
	ada.press("Save")
	ada.waitText(".toolbar .status", "Saved.")
	bob.press("Save")
	bob.waitText(".page-editor [role=alert]", "Someone else changed this change request")
	bob.waitText(".page-editor [role=alert]", "Architecture (updated)")
	bob.accessible("editor-conflict-two-browsers")
	bob.press("Reload this page")
	bob.waitText(".source .cm-content", "Ada's paragraph.")
	if strings.Contains(bob.text(".source .cm-content"), "Bob's paragraph.") {
		t.Errorf("bob's editor kept his text after reloading ada's version")
	}
	ada.checkCSP()
	bob.checkCSP()

	// The same work by a script, through the API, in a space of its own.
	scripted := scriptTheStory(t, api, bobAPI, org, pages[2].body, pages[0].body+"## Next\n\nRun make.\n", pages[1].body)

	// Through REST and GraphQL, what ada and bob did in the browser is what
	// the script did: only ids, times and revisions differ.
	app, script := storyState(t, api, space), storyState(t, api, scripted)
	if app != script {
		t.Errorf("what the app did differs from what the script did:\napp:    %s\nscript: %s", app, script)
	}
	if !strings.Contains(app, `"pages":[{"title":"FAQ","slug":"faq"`) || !strings.Contains(app, "![diagram.png](/files/FILE)") || !strings.Contains(app, "Clear and short. Ship it.") {
		t.Errorf("the app's state through the API lacks what was done: %s", app)
	}
	t.Logf("through REST and GraphQL: %s", app)
}

// docEnd puts the cursor at the end of the editor's document (Ctrl-End).
func docEnd() chromedp.Action {
	return chromedp.KeyEvent(kb.End, chromedp.KeyModifiers(input.ModifierCtrl))
}

// cspProbe is the inline style watchCSP adds to see it refused; the
// harness does not count that refusal (the console names it by its hash).
const cspProbe = "body { outline: 1px solid red; }"

// watchCSP reports every securitypolicyviolation event of this tab, on
// this page and every later one, as a CSP refusal (the test fails at its
// end). It then proves the watch and the policy work: an inline <style>
// without the page's nonce is refused and reported.
func (a *appTab) watchCSP() {
	a.t.Helper()
	const watch = `(() => { if (window.__folioCSPWatch) return true; window.__folioCSPWatch = true;
  document.addEventListener("securitypolicyviolation", (e) => folioCSP(e.effectiveDirective + " refused " + (e.blockedURI || "inline") + " at " + e.sourceFile + ":" + e.lineNumber + ": " + (e.sample || "")));
  return true; })()`
	seen := make(chan string, 100)
	chromedp.ListenTarget(a.ctx, func(ev any) {
		if ev, ok := ev.(*runtime.EventBindingCalled); ok && ev.Name == "folioCSP" {
			select {
			case seen <- ev.Payload:
			default:
			}
		}
	})
	a.run("watch CSP", runtime.AddBinding("folioCSP"),
		chromedp.ActionFunc(func(ctx context.Context) error {
			_, err := cdppage.AddScriptToEvaluateOnNewDocument(watch).Do(ctx)
			return err
		}),
		chromedp.Evaluate(watch, nil),
		chromedp.Evaluate(`(() => { const s = document.createElement("style"); s.textContent = `+jsString(cspProbe)+`; document.head.append(s); return true; })()`, nil))
	select {
	case v := <-seen:
		if !strings.Contains(v, "style-src") {
			a.t.Errorf("the probe was reported as %q", v)
		}
	case <-time.After(10 * time.Second):
		a.t.Fatal("an inline <style> without the nonce was not refused (or not reported)")
	}
	a.mu.Lock()
	a.csp = seen
	a.mu.Unlock()
	a.t.Cleanup(a.checkCSP)
}

// checkCSP fails the test for every violation reported since watchCSP.
func (a *appTab) checkCSP() {
	a.t.Helper()
	for {
		select {
		case v := <-a.csp:
			a.t.Errorf("CSP violation: %s", v)
		default:
			return
		}
	}
}

// checkEditorStyled: CodeMirror's own stylesheet applied (its <style>
// carries the page's nonce), and nothing refused.
func (a *appTab) checkEditorStyled() {
	a.t.Helper()
	var got struct {
		Display, WhiteSpace string
		Nonced              int
	}
	a.run("editor styles", chromedp.WaitVisible(".cm-editor .cm-content", chromedp.ByQuery), chromedp.Evaluate(`(() => ({
  display: getComputedStyle(document.querySelector(".cm-editor")).display,
  whiteSpace: getComputedStyle(document.querySelector(".cm-content")).whiteSpace,
  nonced: [...document.querySelectorAll("style")].filter((s) => s.nonce).length }))()`, &got))
	if got.Display != "flex" || (got.WhiteSpace != "pre-wrap" && got.WhiteSpace != "break-spaces") || got.Nonced == 0 {
		a.t.Errorf("the editor is not styled as CodeMirror styles it: %+v", got)
	}
	a.checkCSP()
}

// dropFile drops a file at the end of the element sel (the editor), as a
// file dragged from the desktop is dropped.
func (a *appTab) dropFile(sel, name, contentType string, data []byte) {
	a.t.Helper()
	a.run("drop "+name, chromedp.Evaluate(`(() => {
  const el = document.querySelector(`+jsString(sel)+`);
  const lines = el.querySelectorAll(".cm-line"), r = lines[lines.length - 1].getBoundingClientRect();
  const bytes = Uint8Array.from(atob(`+jsString(base64.StdEncoding.EncodeToString(data))+`), (c) => c.charCodeAt(0));
  const dt = new DataTransfer();
  dt.items.add(new File([bytes], `+jsString(name)+`, { type: `+jsString(contentType)+` }));
  const at = { bubbles: true, cancelable: true, dataTransfer: dt, clientX: r.right - 2, clientY: r.top + r.height / 2 };
  for (const type of ["dragenter", "dragover", "drop"]) el.dispatchEvent(new DragEvent(type, at));
  return true; })()`, nil))
}

// dragPage drags the tree's page from onto the page to (HTML drag and
// drop: dragstart on the one, dragover and drop on the other, dragend).
func (a *appTab) dragPage(from, to string) {
	a.t.Helper()
	const find = `const li = (t) => [...document.querySelectorAll('nav[aria-label="Pages of this change request"] li')].find((l) => l.querySelector(":scope > a").textContent.trim() === t);`
	a.run("drag "+from, chromedp.Evaluate(`(() => { `+find+`
  window.__folioDrag = new DataTransfer();
  li(`+jsString(from)+`).dispatchEvent(new DragEvent("dragstart", { bubbles: true, cancelable: true, dataTransfer: window.__folioDrag }));
  return true; })()`, nil),
		chromedp.Poll(`!!document.querySelector("nav[aria-label='Pages of this change request'] li.dragging")`, nil, chromedp.WithPollingTimeout(5*time.Second)),
		chromedp.Evaluate(`(() => { `+find+`
  const target = li(`+jsString(to)+`), r = target.getBoundingClientRect();
  const at = { bubbles: true, cancelable: true, dataTransfer: window.__folioDrag, clientX: r.left + 5, clientY: r.top + 5 };
  target.dispatchEvent(new DragEvent("dragenter", at));
  const over = target.dispatchEvent(new DragEvent("dragover", at));
  target.dispatchEvent(new DragEvent("drop", at));
  li(`+jsString(from)+`).dispatchEvent(new DragEvent("dragend", at));
  return !over; })()`, nil))
}

// scriptTheStory does through REST what the browser story did up to its
// merge (a space, a change request with a subject, the file, three pages,
// FAQ moved first, ready for review, bob's comment, the merge) and
// answers the new space's id.
func scriptTheStory(t *testing.T, ada, bob *resttest.Client, org, faq, started, arch string) string {
	t.Helper()
	space := resttest.Str(ada.Post("/v1/orgs/"+org+"/spaces", map[string]any{"title": "Handbook"}).Expect(http.StatusCreated).JSON(), "id")
	cr := newCR(t, ada, space, "First pages")
	crID := resttest.Str(cr, "id")
	var up contentUpdate
	ada.Post("/v1/spaces/"+space+"/change-requests/"+crID+"/content", map[string]any{"changes": []any{
		map[string]any{"operation": "insert_files", "files": []any{map[string]any{"name": "diagram.png", "contentType": "image/png", "base64": base64.StdEncoding.EncodeToString(tinyPNG)}}},
	}}).Expect(http.StatusOK).Decode(&up)
	file := up.InsertedFiles[0]["id"].(string)
	ids := edit(t, ada, space, crID,
		map[string]any{"operation": "insert_page", "ref": "gs", "title": "Getting started", "document": map[string]any{"markdown": started}},
		map[string]any{"operation": "insert_page", "ref": "arch", "title": "Architecture", "document": map[string]any{"markdown": arch + "![diagram.png](/files/" + file + ")"}},
		map[string]any{"operation": "insert_page", "ref": "faq", "title": "FAQ", "document": map[string]any{"markdown": faq}})
	edit(t, ada, space, crID, map[string]any{"operation": "update_page", "page": ids["faq"], "at": 0})
	ada.Patch("/v1/spaces/"+space+"/change-requests/"+crID, map[string]any{"status": "open"}).Expect(http.StatusOK)
	bob.Post("/v1/spaces/"+space+"/change-requests/"+crID+"/comments", map[string]any{"body": map[string]any{"markdown": "Clear and short. Ship it."}}).Expect(http.StatusOK)
	ada.Post("/v1/spaces/"+space+"/change-requests/"+crID+"/merge", nil).Expect(http.StatusOK)
	return space
}

var fileRef = regexp.MustCompile(`/files/[A-Za-z0-9_-]+`)

// storyState is what a space's first change request left, read through
// REST (the content, each page's markdown, the files and their bytes, the
// change request, its comments) and GraphQL (the same, from the public
// schema), as JSON without ids, times or revisions: equal for equal work.
func storyState(t *testing.T, c *resttest.Client, space string) string {
	t.Helper()
	type page struct {
		Title, Slug, Path, Type, Markdown string
		Pages                             []page `json:"pages,omitempty"`
	}
	var walk func(ps []any) []page
	walk = func(ps []any) []page {
		var out []page
		for _, p := range ps {
			m := p.(map[string]any)
			id := resttest.Str(m, "id")
			md := resttest.Str(c.Get("/v1/spaces/"+space+"/content/page/"+id+"?format=markdown").Expect(http.StatusOK).JSON(), "markdown")
			sub, _ := m["pages"].([]any)
			out = append(out, page{Title: resttest.Str(m, "title"), Slug: resttest.Str(m, "slug"), Path: resttest.Str(m, "path"), Type: resttest.Str(m, "type"),
				Markdown: fileRef.ReplaceAllString(md, "/files/FILE"), Pages: walk(sub)})
		}
		return out
	}
	content := c.Get("/v1/spaces/" + space + "/content").Expect(http.StatusOK).JSON()
	var files []string
	for _, f := range items(c.Get("/v1/spaces/" + space + "/content/files").Expect(http.StatusOK).JSON()) {
		u, err := url.Parse(resttest.Str(f, "downloadURL"))
		if err != nil {
			t.Fatal(err)
		}
		b := c.Get(u.RequestURI()).Expect(http.StatusOK).Body
		files = append(files, fmt.Sprintf("%s %s %v same bytes: %v", resttest.Str(f, "name"), resttest.Str(f, "contentType"), f["size"], bytes.Equal(b, tinyPNG)))
	}
	cr := c.Get("/v1/spaces/" + space + "/change-requests/1").Expect(http.StatusOK).JSON()
	var comments []string
	for _, cm := range items(c.Get("/v1/spaces/" + space + "/change-requests/1/comments").Expect(http.StatusOK).JSON()) {
		comments = append(comments, resttest.Str(cm, "postedBy.email")+": "+resttest.Str(cm, "body.markdown"))
	}
	rest := map[string]any{
		"pages":    walk(content["pages"].([]any)),
		"files":    files,
		"change":   []string{resttest.Str(cr, "subject"), resttest.Str(cr, "status"), resttest.Str(cr, "createdBy.email"), resttest.Str(cr, "mergedBy.email")},
		"comments": comments,
	}

	gql := c.GraphQL(`query($space: ID!) { space(id: $space) {
  title
  revision { pages { title slug path type pages { title slug path } } files { name contentType size } }
  changeRequest(id: "1") { subject status createdBy { email } mergedBy { email }
    commentList(limit: 50) { items { postedBy { email } body { markdown } } } } } }`, map[string]any{"space": space})
	if len(gql.Errors) > 0 {
		t.Fatalf("GraphQL: %v", gql.Errors)
	}
	return mustJSON(t, map[string]any{"rest": rest, "graphql": gql.Data})
}
