package rest_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"folio/domain"
	"folio/internal/fetch"
	"folio/rest/resttest"
	"folio/service/jobs"
	"folio/store"
)

// workersFor is the worker configuration of these tests: the documents are
// served by a local httptest server, so private addresses are allowed.
var workersFor = jobs.Config{Fetch: fetch.Config{AllowPrivate: true, Timeout: 500 * time.Millisecond}}

func petstore(title string) string {
	return `openapi: 3.0.3
info:
  title: ` + title + `
  version: 1.0.0
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        "200":
          description: The pets
          content:
            application/json:
              schema:
                type: array
                items:
                  $ref: "#/components/schemas/Pet"
components:
  schemas:
    Pet:
      type: object
      properties:
        name:
          type: string
`
}

const swagger2 = `{"swagger": "2.0", "info": {"title": "Old API", "version": "1"},
 "paths": {"/things": {"get": {"responses": {"200": {"description": "ok"}}}}}}`

const splitMain = `openapi: 3.1.0
info:
  title: Split
  version: 1.0.0
paths:
  /pets:
    get:
      responses:
        "200":
          description: A pet
          content:
            application/json:
              schema:
                $ref: "./schemas/pet.yaml"
`

const splitPet = `type: object
properties:
  name:
    type: string
`

// docServer serves specification documents: /spec.yaml is whatever was last
// set, /slow answers only once released (or when the client gives up).
type docServer struct {
	*httptest.Server
	mu          sync.Mutex
	doc         string
	hits        atomic.Int64 // requests for /spec.yaml
	arrived     chan struct{}
	arrive      sync.Once
	released    chan struct{}
	releaseOnce sync.Once
}

func newDocServer(t *testing.T, doc string) *docServer {
	d := &docServer{doc: doc, arrived: make(chan struct{}), released: make(chan struct{})}
	mux := http.NewServeMux()
	mux.HandleFunc("/spec.yaml", func(w http.ResponseWriter, r *http.Request) {
		d.hits.Add(1)
		d.mu.Lock()
		defer d.mu.Unlock()
		w.Write([]byte(d.doc))
	})
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		d.arrive.Do(func() { close(d.arrived) })
		select {
		case <-d.released:
			d.mu.Lock()
			defer d.mu.Unlock()
			w.Write([]byte(d.doc))
		case <-r.Context().Done():
		}
	})
	mux.HandleFunc("/invalid.yaml", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("openapi: 3.0.0\ninfo:\n  version: 1.0.0\npaths:\n  /x:\n    get: 12\n"))
	})
	mux.HandleFunc("/garbage", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("{not: [json")) })
	mux.HandleFunc("/split/main.yaml", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(splitMain)) })
	mux.HandleFunc("/split/schemas/pet.yaml", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(splitPet)) })
	d.Server = httptest.NewServer(mux)
	t.Cleanup(func() {
		d.release()
		d.Close()
	})
	return d
}

func (d *docServer) set(doc string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.doc = doc
}

func (d *docServer) release() { d.releaseOnce.Do(func() { close(d.released) }) }

// waitSpec polls a spec until done says it is; processing is asynchronous.
// The deadline only keeps a broken run from hanging: it is not a timing.
func waitSpec(t *testing.T, c *resttest.Client, path string, done func(map[string]any) bool) map[string]any {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		spec := c.Get(path).Expect(http.StatusOK).JSON()
		if done(spec) {
			return spec
		}
		if time.Now().After(deadline) {
			t.Fatalf("spec never reached the expected state: %v", spec)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func complete(spec map[string]any) bool { return spec["processingState"] == "complete" }

// completeAfter is complete with a processing newer than the one seen in prev.
func completeAfter(prev map[string]any) func(map[string]any) bool {
	return func(spec map[string]any) bool {
		return complete(spec) && resttest.Str(spec, "lastProcessedAt") != resttest.Str(prev, "lastProcessedAt")
	}
}

func count(t *testing.T, c *resttest.Client, path string) int {
	t.Helper()
	return len(c.Get(path).Expect(http.StatusOK).JSON()["items"].([]any))
}

// entryTitle is info.title of the entrypoint of a version's content.
func entryTitle(content map[string]any) string {
	fs := content["filesystem"].(map[string]any)
	entry := fs["files"].(map[string]any)[fs["entrypoint"].(string)].(map[string]any)
	return resttest.Str(entry, "info.title")
}

func TestOpenAPISpecLifecycle(t *testing.T) {
	srv := resttest.New(t)
	srv.StartWorkers(workersFor)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	docs := newDocServer(t, petstore("Petstore"))
	base := "/v1/orgs/" + org + "/openapi"
	specPath := base + "/petstore"

	r := alice.Post(base, map[string]any{"slug": "petstore", "source": map[string]any{"url": docs.URL + "/spec.yaml"}}).Expect(http.StatusCreated)
	created := r.JSON()
	for path, want := range map[string]string{
		"object": "openapi-spec", "slug": "petstore", "processingState": "pending", "sourceURL": docs.URL + "/spec.yaml",
		"lastProcessedErrorCount": "0", "permissions.view": "true", "permissions.edit": "true",
		"urls.location": "http://folio.test" + specPath, "urls.app": "http://folio.test/app/o/" + org + "/openapi/petstore",
	} {
		if got := resttest.Str(created, path); got != want {
			t.Errorf("created %s = %q, want %q", path, got, want)
		}
	}
	for _, absent := range []string{"lastVersion", "lastProcessedAt", "lastProcessErrorCode", "lastProcessedErrors"} {
		if _, ok := created[absent]; ok {
			t.Errorf("a pending new spec must have no %s", absent)
		}
	}
	if got := r.Header.Get("Location"); got != "http://folio.test"+specPath {
		t.Errorf("Location = %q", got)
	}

	// pending -> complete, with one version.
	spec := waitSpec(t, alice, specPath, complete)
	v1 := resttest.Str(spec, "lastVersion")
	// The job that processed it is in the server's metrics, once it has
	// returned: its write is seen before (the job's commit, then the
	// numbering of its events, then the job's end), so it is waited for.
	const processed = `folio_jobs_total{kind="openapi_spec_process",outcome="ok"} 1`
	m := srv.Metrics()
	for end := time.Now().Add(10 * time.Second); !strings.Contains(m, processed) && time.Now().Before(end); m = srv.Metrics() {
		time.Sleep(20 * time.Millisecond)
	}
	if !strings.Contains(m, processed) {
		t.Errorf("the processing job is not in the metrics:\n%s", m)
	}
	if v1 == "" || resttest.Str(spec, "lastProcessedAt") == "" || spec["lastProcessErrorCode"] != nil {
		t.Fatalf("after processing: %v", spec)
	}
	if n := count(t, alice, specPath+"/versions"); n != 1 {
		t.Fatalf("versions = %d, want 1", n)
	}
	latest := alice.Get(specPath + "/versions/latest").Expect(http.StatusOK).JSON()
	for path, want := range map[string]string{
		"object": "openapi-spec-version", "id": v1, "url": docs.URL + "/spec.yaml",
		"urls.location": "http://folio.test" + specPath + "/versions/" + v1,
	} {
		if got := resttest.Str(latest, path); got != want {
			t.Errorf("latest %s = %q, want %q", path, got, want)
		}
	}
	content := alice.Get(specPath + "/versions/latest/content").Expect(http.StatusOK).JSON()
	if got := entryTitle(content); got != "Petstore" {
		t.Errorf("content title = %q", got)
	}
	if resttest.Str(content, "filesystem.entrypoint") != "spec.yaml" || resttest.Str(content, "url") != docs.URL+"/spec.yaml" {
		t.Errorf("content = %v", content)
	}
	if v, ok := content["urls"].(map[string]any)["public"]; !ok || v != nil {
		t.Errorf("urls.public must be null: %v", content["urls"])
	}

	// A changed document: PUT adds a version and latest follows.
	docs.set(petstore("Petstore v2"))
	put := alice.Put(specPath, map[string]any{"source": map[string]any{"url": docs.URL + "/spec.yaml"}}).Expect(http.StatusOK).JSON()
	if resttest.Str(put, "processingState") != "pending" || resttest.Str(put, "lastVersion") != v1 {
		t.Errorf("after put: %v", put)
	}
	spec = waitSpec(t, alice, specPath, completeAfter(spec))
	v2 := resttest.Str(spec, "lastVersion")
	if v2 == v1 {
		t.Fatalf("a changed document must add a version: %v", spec)
	}
	versions := alice.Get(specPath + "/versions").Expect(http.StatusOK).JSON()
	if resttest.Str(versions, "count") != "2" || resttest.Str(versions["items"].([]any)[0].(map[string]any), "id") != v2 {
		t.Errorf("versions (newest first) = %v", versions)
	}
	if got := resttest.Str(alice.Get(specPath+"/versions/latest").Expect(http.StatusOK).JSON(), "id"); got != v2 {
		t.Errorf("latest = %q, want %q", got, v2)
	}
	if got := entryTitle(alice.Get(specPath + "/versions/latest/content").Expect(http.StatusOK).JSON()); got != "Petstore v2" {
		t.Errorf("latest content title = %q", got)
	}
	if got := entryTitle(alice.Get(specPath + "/versions/" + v1 + "/content").Expect(http.StatusOK).JSON()); got != "Petstore" {
		t.Errorf("first version content title = %q", got)
	}
	if got := resttest.Str(alice.Get(specPath+"/versions/"+v1).Expect(http.StatusOK).JSON(), "id"); got != v1 {
		t.Errorf("version by id = %q", got)
	}

	// The same document again: processed, no new version.
	alice.Put(specPath, map[string]any{"source": map[string]any{"url": docs.URL + "/spec.yaml"}}).Expect(http.StatusOK)
	spec = waitSpec(t, alice, specPath, completeAfter(spec))
	if resttest.Str(spec, "lastVersion") != v2 || count(t, alice, specPath+"/versions") != 2 {
		t.Errorf("an unchanged document must add no version: %v", spec)
	}

	// PUT on a new slug creates the spec.
	alice.Put(base+"/from-put", map[string]any{"source": map[string]any{"text": petstore("Text")}}).Expect(http.StatusOK)
	list := alice.Get(base).Expect(http.StatusOK).JSON()
	if resttest.Str(list, "count") != "2" {
		t.Errorf("list = %v", list)
	}

	r = alice.Delete(specPath)
	r.Expect(http.StatusResetContent)
	alice.Get(specPath).ExpectError(http.StatusNotFound)
	alice.Get(specPath + "/versions/" + v1).ExpectError(http.StatusNotFound)
	if n := count(t, alice, base); n != 1 {
		t.Errorf("after delete, list has %d specs", n)
	}
}

func TestOpenAPISpecSources(t *testing.T) {
	srv := resttest.New(t)
	srv.StartWorkers(workersFor)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	docs := newDocServer(t, petstore("Petstore"))
	base := "/v1/orgs/" + org + "/openapi"

	t.Run("text-openapi-3", func(t *testing.T) {
		alice.In(t).Post(base, map[string]any{"slug": "text", "source": map[string]any{"text": petstore("From text")}}).Expect(http.StatusCreated)
		spec := waitSpec(t, alice.In(t), base+"/text", complete)
		if _, ok := spec["sourceURL"]; ok || spec["lastProcessErrorCode"] != nil {
			t.Errorf("text spec = %v", spec)
		}
		v := resttest.Str(spec, "lastVersion")
		content := alice.In(t).Get(base + "/text/versions/" + v + "/content").Expect(http.StatusOK).JSON()
		if entryTitle(content) != "From text" || resttest.Str(content, "url") != "http://folio.test"+base+"/text/versions/"+v+"/content" {
			t.Errorf("text content = %v", content)
		}
	})
	t.Run("swagger-2", func(t *testing.T) {
		alice.In(t).Post(base, map[string]any{"slug": "swagger", "source": map[string]any{"text": swagger2}}).Expect(http.StatusCreated)
		spec := waitSpec(t, alice.In(t), base+"/swagger", complete)
		if spec["lastProcessErrorCode"] != nil || resttest.Str(spec, "lastVersion") == "" {
			t.Errorf("swagger spec = %v", spec)
		}
	})
	t.Run("split-files", func(t *testing.T) {
		alice.In(t).Post(base, map[string]any{"slug": "split", "source": map[string]any{"url": docs.URL + "/split/main.yaml"}}).Expect(http.StatusCreated)
		spec := waitSpec(t, alice.In(t), base+"/split", complete)
		if spec["lastProcessErrorCode"] != nil {
			t.Fatalf("split spec = %v", spec)
		}
		content := alice.In(t).Get(base + "/split/versions/latest/content").Expect(http.StatusOK).JSON()
		files := content["filesystem"].(map[string]any)["files"].(map[string]any)
		if resttest.Str(content, "filesystem.entrypoint") != "main.yaml" || len(files) != 2 || files["schemas/pet.yaml"] == nil {
			t.Errorf("split filesystem = %v", content["filesystem"])
		}
	})
}

func TestOpenAPISpecFailuresKeepTheVersion(t *testing.T) {
	srv := resttest.New(t)
	srv.StartWorkers(workersFor)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	docs := newDocServer(t, petstore("Petstore"))
	specPath := "/v1/orgs/" + org + "/openapi/petstore"

	alice.Put(specPath, map[string]any{"source": map[string]any{"url": docs.URL + "/spec.yaml"}}).Expect(http.StatusOK)
	spec := waitSpec(t, alice, specPath, complete)
	v1 := resttest.Str(spec, "lastVersion")

	cases := []struct {
		name   string
		source map[string]any
		code   string
	}{
		{"slow-server-FETCH_TIMEOUT", map[string]any{"url": docs.URL + "/slow"}, "FETCH_TIMEOUT"},
		{"missing-FETCH_ERROR", map[string]any{"url": docs.URL + "/nothing-here"}, "FETCH_ERROR"},
		{"invalid-document-PARSE_ERROR", map[string]any{"url": docs.URL + "/invalid.yaml"}, "PARSE_ERROR"},
		{"not-yaml-PARSE_ERROR", map[string]any{"url": docs.URL + "/garbage"}, "PARSE_ERROR"},
		{"not-openapi-PARSE_ERROR", map[string]any{"text": `{"hello": "world"}`}, "PARSE_ERROR"},
		{"text-with-file-ref-PARSE_ERROR", map[string]any{"text": splitMain}, "PARSE_ERROR"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			alice := alice.In(t)
			alice.Put(specPath, map[string]any{"source": c.source}).Expect(http.StatusOK)
			spec = waitSpec(t, alice, specPath, completeAfter(spec))
			if got := resttest.Str(spec, "lastProcessErrorCode"); got != c.code {
				t.Errorf("lastProcessErrorCode = %q, want %q (%v)", got, c.code, spec["lastProcessedErrors"])
			}
			errs, _ := spec["lastProcessedErrors"].([]any)
			if len(errs) != 1 || resttest.Str(errs[0].(map[string]any), "message") == "" || resttest.Str(spec, "lastProcessedErrorCount") != "1" {
				t.Errorf("lastProcessedErrors = %v", spec["lastProcessedErrors"])
			}
			if resttest.Str(spec, "lastVersion") != v1 || count(t, alice, specPath+"/versions") != 1 {
				t.Errorf("a failure must keep the previous version: %v", spec)
			}
			if got := entryTitle(alice.Get(specPath + "/versions/latest/content").Expect(http.StatusOK).JSON()); got != "Petstore" {
				t.Errorf("latest content title = %q", got)
			}
		})
	}

	// A success afterwards clears the error.
	alice.Put(specPath, map[string]any{"source": map[string]any{"url": docs.URL + "/spec.yaml"}}).Expect(http.StatusOK)
	spec = waitSpec(t, alice, specPath, completeAfter(spec))
	if spec["lastProcessErrorCode"] != nil || spec["lastProcessedErrors"] != nil || resttest.Str(spec, "lastProcessedErrorCount") != "0" {
		t.Errorf("after a success: %v", spec)
	}
}

func TestOpenAPISpecPrivateAddressRefused(t *testing.T) {
	srv := resttest.New(t)
	// The configuration of a real server: private addresses refused.
	srv.StartWorkers(jobs.Config{Fetch: fetch.Config{Timeout: 5 * time.Second}})
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	docs := newDocServer(t, petstore("Petstore"))
	if !strings.HasPrefix(docs.URL, "http://127.0.0.1:") {
		t.Fatalf("test server at %s, want 127.0.0.1", docs.URL)
	}
	specPath := "/v1/orgs/" + org + "/openapi/internal"

	alice.Put(specPath, map[string]any{"source": map[string]any{"url": docs.URL + "/spec.yaml"}}).Expect(http.StatusOK)
	spec := waitSpec(t, alice, specPath, complete)
	if resttest.Str(spec, "lastProcessErrorCode") != "FETCH_ERROR" || !strings.Contains(resttest.Str(spec, "lastProcessedErrors"), "not a public address") {
		t.Errorf("spec = %v", spec)
	}
	if docs.hits.Load() != 0 {
		t.Errorf("the private server was reached %d times", docs.hits.Load())
	}
	if _, ok := spec["lastVersion"]; ok {
		t.Errorf("a refused fetch must add no version: %v", spec)
	}
}

func TestOpenAPIJobSurvivesRestart(t *testing.T) {
	srv := resttest.New(t)
	cfg := jobs.Config{Fetch: fetch.Config{AllowPrivate: true, Timeout: time.Minute}}
	first := srv.StartWorkers(cfg)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	docs := newDocServer(t, petstore("Petstore"))
	specPath := "/v1/orgs/" + org + "/openapi/petstore"

	// The job starts and hangs on a source that does not answer yet.
	alice.Put(specPath, map[string]any{"source": map[string]any{"url": docs.URL + "/slow"}}).Expect(http.StatusOK)
	<-docs.arrived
	if got := resttest.Str(alice.Get(specPath).Expect(http.StatusOK).JSON(), "processingState"); got != "progress" {
		t.Errorf("while the job runs, processingState = %q, want progress", got)
	}

	// The server stops; its grace period ends at once, so the job is cancelled mid-fetch.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := first.Stop(ctx); err != nil {
		t.Fatalf("stop: %v", err)
	}
	spec := alice.Get(specPath).Expect(http.StatusOK).JSON()
	if complete(spec) || spec["lastVersion"] != nil {
		t.Fatalf("an interrupted job must record nothing: %v", spec)
	}

	// A new server picks the job up and completes it.
	docs.release()
	srv.StartWorkers(cfg)
	spec = waitSpec(t, alice, specPath, complete)
	if spec["lastProcessErrorCode"] != nil || resttest.Str(spec, "lastVersion") == "" || count(t, alice, specPath+"/versions") != 1 {
		t.Errorf("after the restart: %v", spec)
	}
}

func TestOpenAPISpecDeletedWhileProcessing(t *testing.T) {
	srv := resttest.New(t)
	srv.StartWorkers(jobs.Config{Fetch: fetch.Config{AllowPrivate: true, Timeout: time.Minute}})
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	docs := newDocServer(t, petstore("Petstore"))
	specPath := "/v1/orgs/" + org + "/openapi/petstore"

	alice.Put(specPath, map[string]any{"source": map[string]any{"url": docs.URL + "/slow"}}).Expect(http.StatusOK)
	<-docs.arrived
	alice.Delete(specPath).Expect(http.StatusResetContent)
	docs.release()
	// The job ends without recording anything and without a retry.
	var state string
	deadline := time.Now().Add(60 * time.Second)
	for state != "completed" && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
		if err := srv.Store.DB.NewRaw(`SELECT state FROM river_job WHERE kind = ?`, store.ProcessOpenAPISpec{}.Kind()).
			Scan(context.Background(), &state); err != nil {
			t.Fatal(err)
		}
	}
	if state != "completed" {
		t.Errorf("job state = %q, want completed", state)
	}
	alice.Get(specPath).ExpectError(http.StatusNotFound)
}

func TestOpenAPIJobsRunOnceAcrossServers(t *testing.T) {
	srv := resttest.New(t)
	// Two servers share the database.
	srv.StartWorkers(workersFor)
	srv.StartWorkers(workersFor)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	docs := newDocServer(t, petstore("Petstore"))
	const n = 8
	for i := range n {
		slug := "spec-" + string(rune('a'+i))
		alice.Post("/v1/orgs/"+org+"/openapi", map[string]any{"slug": slug, "source": map[string]any{"url": docs.URL + "/spec.yaml"}}).Expect(http.StatusCreated)
	}
	for i := range n {
		path := "/v1/orgs/" + org + "/openapi/spec-" + string(rune('a'+i))
		waitSpec(t, alice, path, complete)
		if c := count(t, alice, path+"/versions"); c != 1 {
			t.Errorf("%s has %d versions, want 1", path, c)
		}
	}
	if got := docs.hits.Load(); got != n {
		t.Errorf("the source was fetched %d times for %d jobs", got, n)
	}
	// River marks a job completed just after its work returns: wait for all.
	var attempts []int
	deadline := time.Now().Add(60 * time.Second)
	for len(attempts) < n && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
		attempts = nil
		if err := srv.Store.DB.NewRaw(`SELECT attempt FROM river_job WHERE kind = ? AND state = 'completed'`,
			store.ProcessOpenAPISpec{}.Kind()).Scan(context.Background(), &attempts); err != nil {
			t.Fatal(err)
		}
	}
	if len(attempts) != n {
		t.Errorf("%d completed jobs, want %d", len(attempts), n)
	}
	for _, a := range attempts {
		if a != 1 {
			t.Errorf("a job ran %d times", a)
		}
	}
}

func TestOpenAPISpecRulesAndRoles(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	other := createOrg(t, srv.User("bob@example.com"), "Other")
	base := "/v1/orgs/" + org + "/openapi"
	alice.Post(base, map[string]any{"slug": "taken", "source": map[string]any{"text": petstore("P")}}).Expect(http.StatusCreated)

	member := func(email string, role *domain.Role) *resttest.Client {
		c := srv.User(email)
		if _, err := srv.Store.AddMember(context.Background(), srv.Store.DB, org, c.UserID, role); err != nil {
			t.Fatal(err)
		}
		return c
	}
	r := func(r domain.Role) *domain.Role { return &r }
	editor := member("editor@example.com", r(domain.RoleEdit))
	creator := member("creator@example.com", r(domain.RoleCreate))
	guest := member("guest@example.com", nil)

	src := map[string]any{"url": "https://example.com/openapi.yaml"}
	cases := []struct {
		name   string
		c      *resttest.Client
		method string
		path   string
		body   any
		status int
		msg    string
	}{
		{"create-slug-missing-400", alice, "POST", base, map[string]any{"source": src}, 400, "slug"},
		{"create-slug-pattern-400", alice, "POST", base, map[string]any{"slug": "Pet Store", "source": src}, 400, "slug"},
		{"create-slug-hyphens-400", alice, "POST", base, map[string]any{"slug": "pet--store", "source": src}, 400, "slug"},
		{"create-slug-long-400", alice, "POST", base, map[string]any{"slug": strings.Repeat("a", 101), "source": src}, 400, "slug"},
		{"create-source-missing-400", alice, "POST", base, map[string]any{"slug": "a"}, 400, "source"},
		{"create-source-empty-400", alice, "POST", base, map[string]any{"slug": "a", "source": map[string]any{}}, 400, "source"},
		{"create-source-both-400", alice, "POST", base, map[string]any{"slug": "a", "source": map[string]any{"url": "https://x.com/a", "text": "openapi: 3.0.0"}}, 400, "source"},
		{"create-url-scheme-400", alice, "POST", base, map[string]any{"slug": "a", "source": map[string]any{"url": "file:///etc/passwd"}}, 400, "url"},
		{"create-url-long-400", alice, "POST", base, map[string]any{"slug": "a", "source": map[string]any{"url": "https://x.com/" + strings.Repeat("a", 2048)}}, 400, "url"},
		{"create-text-empty-400", alice, "POST", base, map[string]any{"slug": "a", "source": map[string]any{"text": ""}}, 400, "text"},
		{"create-slug-taken-409", alice, "POST", base, map[string]any{"slug": "taken", "source": src}, 409, "exists"},
		{"put-slug-pattern-400", alice, "PUT", base + "/Bad_Slug", map[string]any{"source": src}, 400, "specSlug"},
		{"put-source-missing-400", alice, "PUT", base + "/taken", map[string]any{}, 400, "source"},
		{"list-limit-400", alice, "GET", base + "?limit=1001", nil, 400, "limit"},
		{"get-unknown-404", alice, "GET", base + "/nope", nil, 404, ""},
		{"delete-unknown-404", alice, "DELETE", base + "/nope", nil, 404, ""},
		{"latest-before-processing-404", alice, "GET", base + "/taken/versions/latest", nil, 404, ""},
		{"version-unknown-404", alice, "GET", base + "/taken/versions/nope", nil, 404, ""},
		{"content-unknown-404", alice, "GET", base + "/taken/versions/nope/content", nil, 404, ""},
		{"anonymous-401", srv.Anonymous(), "GET", base, nil, 401, ""},
		{"foreign-org-list-404", alice, "GET", "/v1/orgs/" + other + "/openapi", nil, 404, ""},
		{"foreign-org-create-404", alice, "POST", "/v1/orgs/" + other + "/openapi", map[string]any{"slug": "a", "source": src}, 404, ""},
		{"guest-list-403", guest, "GET", base, nil, 403, ""},
		{"guest-get-403", guest, "GET", base + "/taken", nil, 403, ""},
		{"editor-create-403", editor, "POST", base, map[string]any{"slug": "a", "source": src}, 403, "create"},
		{"editor-put-403", editor, "PUT", base + "/taken", map[string]any{"source": src}, 403, "create"},
		{"editor-delete-403", editor, "DELETE", base + "/taken", nil, 403, "create"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			msg := c.c.In(t).Do(c.method, c.path, c.body).ExpectError(c.status)
			if !strings.Contains(msg, c.msg) {
				t.Errorf("message %q does not name %q", msg, c.msg)
			}
		})
	}

	// Readers with a role see specs without edit; creators edit them.
	spec := editor.Get(base + "/taken").Expect(http.StatusOK).JSON()
	if resttest.Str(spec, "permissions.view") != "true" || resttest.Str(spec, "permissions.edit") != "false" {
		t.Errorf("editor permissions = %v", spec["permissions"])
	}
	creator.Post(base, map[string]any{"slug": "by-creator", "source": src}).Expect(http.StatusCreated)
	creator.Put(base+"/by-creator", map[string]any{"source": map[string]any{"text": petstore("T")}}).Expect(http.StatusOK)
	creator.Delete(base + "/by-creator").Expect(http.StatusResetContent)
	if n := count(t, alice, base); n != 1 {
		t.Errorf("rejected requests changed the list: %d specs", n)
	}
}

func TestOpenAPISpecGraphQL(t *testing.T) {
	srv := resttest.New(t)
	srv.StartWorkers(workersFor)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	alice.Post("/v1/orgs/"+org+"/openapi", map[string]any{"slug": "petstore", "source": map[string]any{"text": petstore("P")}}).Expect(http.StatusCreated)
	waitSpec(t, alice, "/v1/orgs/"+org+"/openapi/petstore", complete)

	res := alice.GraphQL(`query($id: ID!) { organization(id: $id) {
		openAPISpecs { count items { slug processingState versions { count items { id content { url } } } latestVersion { id } } }
		translations { count }
	} }`, map[string]any{"id": org})
	if len(res.Errors) > 0 {
		t.Fatalf("errors: %v", res.Errors)
	}
	var data struct {
		Organization struct {
			OpenAPISpecs struct {
				Count int
				Items []struct {
					Slug            string
					ProcessingState string
					Versions        struct {
						Count int
						Items []struct{ ID string }
					}
					LatestVersion struct{ ID string }
				}
			}
			Translations struct{ Count int }
		}
	}
	if err := json.Unmarshal(res.Data, &data); err != nil {
		t.Fatal(err)
	}
	specs := data.Organization.OpenAPISpecs
	if specs.Count != 1 || specs.Items[0].ProcessingState != "complete" || specs.Items[0].Versions.Count != 1 ||
		specs.Items[0].Versions.Items[0].ID != specs.Items[0].LatestVersion.ID {
		t.Errorf("data = %s", res.Data)
	}
}
