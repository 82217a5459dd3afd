package rest_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"folio/rest/resttest"
)

// TestPlaygroundInABrowser drives Debian's headless Chromium against a real
// server: the page loads, a query typed into it with the caller's token
// returns data, a header typed into the headers editor is sent and, with
// the query, survives a reload, and no request leaves the server's origin. Chromium is
// required as root (make test installs it, and CI runs as root): there it
// fails without it. A normal user who cannot install packages gets a skip
// that says what to install. FOLIO_SCREENSHOT=path saves a screenshot of
// the page (the README's).
func TestPlaygroundInABrowser(t *testing.T) {
	chromium := requireChromium(t)
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	createOrg(t, alice, "Browser Acme")
	ctx := chromiumTab(t, chromium, 90*time.Second)

	var mu sync.Mutex
	var requests, exceptions, headerSent []string
	chromedp.ListenTarget(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch ev := ev.(type) {
		case *network.EventRequestWillBeSent:
			requests = append(requests, ev.Request.URL)
			for name, v := range ev.Request.Headers {
				if strings.EqualFold(name, "X-Folio-Playground") {
					headerSent = append(headerSent, fmt.Sprint(v))
				}
			}
		case *runtime.EventExceptionThrown:
			exceptions = append(exceptions, ev.ExceptionDetails.Error())
		}
	})

	const query = `{ organizations { items { title } } }`
	var result, hint string
	err := chromedp.Run(ctx,
		network.Enable(),
		chromedp.Navigate(srv.URL+"/graphql"),
		chromedp.WaitVisible(`#folio-token`, chromedp.ByQuery),
		// Without a token, the bar says how to get one.
		chromedp.Text(`#folio-token-state`, &hint, chromedp.ByQuery),
		chromedp.WaitVisible(`.graphiql-query-editor .CodeMirror`, chromedp.ByQuery),
		// The editor is CodeMirror: typing goes through its API, as a paste would.
		chromedp.Evaluate(`document.querySelector('.graphiql-query-editor .CodeMirror').CodeMirror.setValue(`+jsString(query)+`)`, nil),
		// Paste the token, then Run at once, with the focus still in the
		// token field: the first Run must not be lost.
		chromedp.SendKeys(`#folio-token`, alice.Token, chromedp.ByQuery),
		chromedp.Click(`.graphiql-execute-button`, chromedp.ByQuery),
		chromedp.Poll(`(() => { const cm = document.querySelector('.result-window .CodeMirror');
			const v = cm && cm.CodeMirror.getValue(); return v && v.includes('"data"') ? v : null; })()`,
			&result, chromedp.WithPollingTimeout(30*time.Second)),
	)
	if err != nil {
		mu.Lock()
		t.Fatalf("browser: %v\nrequests: %v\nexceptions: %v", err, requests, exceptions)
	}
	if !strings.Contains(hint, "folio token create") || !strings.Contains(hint, "folio seed") {
		t.Errorf("without a token the bar says %q, not how to get one", hint)
	}
	// Anonymous callers get no organizations: the data proves the page sent
	// the token typed into it.
	if !strings.Contains(result, "Browser Acme") {
		t.Errorf("the query returned %s, want the organization", result)
	}

	// A header typed into GraphiQL's headers editor is sent with the next
	// run, and survives a reload with the tab's query (GraphiQL keeps both
	// in localStorage: shouldPersistHeaders).
	const header = `{"X-Folio-Playground": "kept"}`
	headersEditor := `document.querySelectorAll('.graphiql-editor-tool .CodeMirror')[1].CodeMirror`
	var kept, keptQuery string
	err = chromedp.Run(ctx,
		chromedp.Click(`button[data-name="headers"]`, chromedp.ByQuery),
		chromedp.Evaluate(headersEditor+`.setValue(`+jsString(header)+`)`, nil),
		chromedp.Click(`.graphiql-execute-button`, chromedp.ByQuery),
		// Stored once GraphiQL has saved the tab (it waits a moment after an edit).
		chromedp.Poll(`(() => { const t = localStorage.getItem('graphiql:tabState') || '';
			return t.includes('X-Folio-Playground') && (localStorage.getItem('graphiql:headers') || '').includes('kept') ? t : null; })()`,
			nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Reload(),
		chromedp.WaitVisible(`.graphiql-query-editor .CodeMirror`, chromedp.ByQuery),
		chromedp.Poll(`(() => { const cm = document.querySelectorAll('.graphiql-editor-tool .CodeMirror')[1];
			const v = cm && cm.CodeMirror.getValue(); return v && v.includes('kept') ? v : null; })()`,
			&kept, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`document.querySelector('.graphiql-query-editor .CodeMirror').CodeMirror.getValue()`, &keptQuery),
	)
	if err != nil {
		mu.Lock()
		t.Fatalf("headers editor: %v\nexceptions: %v", err, exceptions)
	}
	if kept != header {
		t.Errorf("after a reload the headers editor holds %q, want %q", kept, header)
	}
	if keptQuery != query {
		t.Errorf("after a reload the query editor holds %q, want %q", keptQuery, query)
	}

	// The docs pane shows the schema's descriptions: the root query type's.
	var described string
	err = chromedp.Run(ctx,
		chromedp.Click(`.graphiql-sidebar button[aria-label="Show Documentation Explorer"]`, chromedp.ByQuery),
		chromedp.Poll(`(() => { const a = [...document.querySelectorAll('.graphiql-doc-explorer a.graphiql-doc-explorer-type-name')]
			.find(a => a.textContent === 'Query'); if (a) a.click(); return !!a; })()`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Poll(`(() => { const d = document.querySelector('.graphiql-doc-explorer .graphiql-markdown-description');
			return d && d.textContent.trim() ? d.textContent : null; })()`, &described, chromedp.WithPollingTimeout(10*time.Second)),
	)
	if err != nil {
		t.Fatalf("docs pane: %v", err)
	}
	var root struct {
		Type struct{ Description string } `json:"__type"`
	}
	res := alice.GraphQL(`{ __type(name: "Query") { description } }`, nil)
	if err := json.Unmarshal(res.Data, &root); err != nil || root.Type.Description == "" {
		t.Fatalf("the schema does not describe Query: %s %v", res.Data, err)
	}
	if strings.TrimSpace(described) != strings.TrimSpace(root.Type.Description) {
		t.Errorf("the docs pane describes Query as %q, want the schema's %q", described, root.Type.Description)
	}

	mu.Lock()
	if len(headerSent) == 0 || headerSent[0] != "kept" {
		t.Errorf("the header typed into the headers editor was sent as %q, want \"kept\"", headerSent)
	}
	mu.Unlock()

	if path := os.Getenv("FOLIO_SCREENSHOT"); path != "" {
		var png []byte
		if err := chromedp.Run(ctx, chromedp.CaptureScreenshot(&png)); err != nil {
			t.Fatalf("screenshot: %v", err)
		}
		if err := os.WriteFile(path, png, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	mu.Lock()
	defer mu.Unlock()
	if len(exceptions) > 0 {
		t.Errorf("the page threw: %v", exceptions)
	}
	if len(requests) < 5 {
		t.Errorf("only %d requests recorded: %v", len(requests), requests)
	}
	for _, u := range requests {
		if !strings.HasPrefix(u, srv.URL+"/") && !strings.HasPrefix(u, "data:") {
			t.Errorf("a request left the server: %s", u)
		}
	}
}

// jsString quotes s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// requireChromium finds Debian's Chromium. As root (CI, or make test, which
// installs it) a missing browser fails the test; a normal user who cannot
// install packages is told what to install and the test is skipped.
func requireChromium(t *testing.T) string {
	t.Helper()
	chromium, err := exec.LookPath("chromium")
	if err == nil {
		return chromium
	}
	const how = "Chromium is needed for the browser tests: install Debian's chromium package (sudo apt-get install chromium), or run make test as root, which installs it"
	if os.Geteuid() == 0 {
		t.Fatalf("%s: %v", how, err)
	}
	t.Skipf("%s: %v", how, err)
	return ""
}

// chromiumTab starts headless Chromium (flags that keep it off the
// network, its profile and temporary files in a scratch directory) and
// returns a tab's context, closed when the test ends. extra adds flags
// (resolveHosts, say).
func chromiumTab(t *testing.T, chromium string, timeout time.Duration, extra ...chromedp.ExecAllocatorOption) context.Context {
	profile := chromiumScratch(t)
	opts := append([]chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(filepath.Join(profile, "profile")),
		// Chromium's own temporary directories (org.chromium.Chromium.*)
		// go into the scratch directory too, so nothing is left in /tmp.
		chromedp.Env("TMPDIR=" + filepath.Join(profile, "tmp")),
		chromedp.WindowSize(1280, 800),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-default-apps", true),
		chromedp.Flag("disable-extensions", true),
	}, extra...)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(allocCtx)
	ctx, cancelTimeout := context.WithTimeout(ctx, timeout)
	t.Cleanup(func() {
		cancelTimeout()
		cancel()
		cancelAlloc()
	})
	return ctx
}

// resolveHosts has Chromium resolve host names by rules (its
// --host-resolver-rules, "MAP folio.test 127.0.0.1:1234"), and load plain
// http addresses as they are (no HTTPS upgrade): the test servers' public
// names are http://folio.test and the like.
func resolveHosts(rules string) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.Flag("host-resolver-rules", rules),
		chromedp.Flag("disable-features", "HttpsUpgrades,HttpsFirstBalancedModeAutoEnable"),
	}
}

// chromiumScratch is a directory for one browser's profile and temporary
// files, removed after the test. Not t.TempDir: Chromium's helper processes
// may still be writing to it for a moment after the browser is gone.
func chromiumScratch(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "folio-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "tmp"), 0o700); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for range 50 {
			if os.RemoveAll(dir) == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
	return dir
}
