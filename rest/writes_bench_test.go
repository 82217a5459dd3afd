package rest_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"folio/rest/resttest"
	"folio/store"
)

// BenchmarkWrite measures one write at a time through REST, as make
// bench's writes in one organization send them: a space created at the
// organization's top level, and update_page of one page in a change
// request. Reported per write: the statements, the CPU time of this
// process (handler, GraphQL, store, driver) and of the database's
// backends serving the test's database (cpu-db-ns/op, from /proc, in
// clock ticks, so meaningful over many writes only), and allocations. On
// two cores shared with other work these say more than wall time.
// FOLIO_BENCH_STATEMENTS=1 prints the statements of the last write.
func BenchmarkWrite(b *testing.B) {
	srv := resttest.New(b)
	alice := srv.User("alice@example.com")
	org := createOrgB(b, alice, "Acme")
	ctx := b.Context()
	h := benchHandler(b, srv.Store)
	var mu sync.Mutex
	var log []string
	logged := store.WithStatementLog(ctx, func(q string) {
		mu.Lock()
		log = append(log, q)
		mu.Unlock()
	})
	// Spaces already in the organization, as in make bench's (a create
	// must not cost more with them).
	for i := range 200 {
		if _, err := srv.Store.CreateSpace(ctx, org, store.NewSpace{Title: fmt.Sprint("Space ", i), Visibility: store.VisibilityPrivate}); err != nil {
			b.Fatal(err)
		}
	}
	sp, err := srv.Store.CreateSpace(ctx, org, store.NewSpace{Title: "Edited", Visibility: store.VisibilityPrivate})
	if err != nil {
		b.Fatal(err)
	}
	// update_page goes to 32 change requests in turn, each with a page of
	// its own, as make bench's writes in one organization do.
	type edit struct{ cr, page string }
	var edits []edit
	for i := range 32 {
		cr, err := srv.Store.CreateChangeRequest(ctx, sp, alice.UserID, fmt.Sprint("edits ", i))
		if err != nil {
			b.Fatal(err)
		}
		md := fmt.Sprintf("# Page %d\n\nText.\n", i)
		res, err := srv.Store.UpdateChangeRequestContent(ctx, sp.ID, cr.ID, alice.UserID, []store.PageChange{{Operation: store.OpInsertPage, Markdown: &md}})
		if err != nil {
			b.Fatal(err)
		}
		edits = append(edits, edit{cr.ID, res.Changes[0].Page})
	}
	writes := []struct {
		name string
		path func(i int) string
		body func(i int) string
	}{
		{"create-space", func(int) string { return "/v1/orgs/" + org + "/spaces" }, func(i int) string { return fmt.Sprintf(`{"title":"Written %d"}`, i) }},
		{"update-page", func(i int) string {
			return "/v1/spaces/" + sp.ID + "/change-requests/" + edits[i%len(edits)].cr + "/content"
		}, func(i int) string {
			return fmt.Sprintf(`{"changes":[{"operation":"update_page","page":"%s","document":{"markdown":"# Page\n\nEdited %d.\n"}}]}`, edits[i%len(edits)].page, i)
		}},
	}
	for _, w := range writes {
		b.Run(w.name, func(b *testing.B) {
			b.ReportAllocs()
			db := dbBackends(b, srv.Store)
			statements := ""
			cpu, dbCPU := cpuTime(), db.cpu()
			n := 0
			for b.Loop() {
				n++
				mu.Lock()
				log = log[:0]
				mu.Unlock()
				req := httptest.NewRequest(http.MethodPost, w.path(n), strings.NewReader(w.body(n)))
				req = req.WithContext(logged)
				req.Header.Set("Authorization", "Bearer "+alice.Token)
				req.Header.Set("Content-Type", "application/json")
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				if rec.Code/100 != 2 {
					b.Fatalf("%d %s", rec.Code, rec.Body)
				}
				statements = rec.Header().Get("X-Folio-Statements")
			}
			b.ReportMetric(float64(cpuTime()-cpu)/float64(n), "cpu-ns/op")
			b.ReportMetric(float64(db.cpu()-dbCPU)/float64(n), "cpu-db-ns/op")
			if n, err := strconv.Atoi(statements); err == nil {
				b.ReportMetric(float64(n), "statements/op")
			}
			if os.Getenv("FOLIO_BENCH_STATEMENTS") != "" {
				mu.Lock()
				fmt.Fprintf(os.Stderr, "%s: %d statements\n%s\n", w.name, len(log), strings.Join(log, "\n---\n"))
				mu.Unlock()
			}
		})
	}
}

// backends are the database server's processes serving one database.
type backends struct {
	s *store.Store
	b *testing.B
}

func dbBackends(b *testing.B, s *store.Store) backends { return backends{s, b} }

// cpu is the CPU time the backends connected to the store's database have
// used so far, in nanoseconds (0 when /proc cannot tell: a server on
// another machine).
func (bk backends) cpu() int64 {
	var pids []int
	err := bk.s.DB.NewRaw("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'").Scan(context.Background(), &pids)
	if err != nil {
		bk.b.Fatal(err)
	}
	var total int64
	for _, pid := range pids {
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			continue
		}
		// The fields after the command (in parentheses): utime and
		// stime are the 12th and 13th of them, in clock ticks (100/s).
		f := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+2:]))
		if len(f) < 13 {
			continue
		}
		u, _ := strconv.ParseInt(f[11], 10, 64)
		s, _ := strconv.ParseInt(f[12], 10, 64)
		total += (u + s) * 10_000_000
	}
	return total
}
