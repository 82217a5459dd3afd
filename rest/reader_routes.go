package rest

import (
	"net/http"

	"github.com/99designs/gqlgen/graphql/executor"
	"github.com/vektah/gqlparser/v2/ast"

	"folio/rest/reader"
)

// mountReader serves published sites, published spaces and app addresses
// (rest/reader) on mux; the returned reader also answers requests for
// sites' custom hostnames. Its operations are validated against schema,
// and checked as the routes' are (checkDocument), once: it fails when one
// does not validate.
func mountReader(mux *http.ServeMux, cfg Config, exec *executor.Executor, schema *ast.Schema) (*reader.Reader, error) {
	rd, err := reader.New(reader.Config{Exec: exec, Schema: schema, Check: checkDocument, Base: cfg.PublicURL, Blobs: cfg.Blobs,
		Insights: cfg.Insights, Watch: cfg.Subscriptions.WatchChanges, ClientAddr: func(r *http.Request) string { return clientAddr(r, cfg.TrustedProxies) }})
	if err != nil {
		return nil, err
	}
	// This server's own writes drop its cached views at once; other
	// servers' come through the change feed (Watch).
	cfg.Store.OnChange(rd.Changed)
	rd.Register(mux)
	return rd, nil
}
