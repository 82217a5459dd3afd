package rest

import (
	"net/http"

	"github.com/99designs/gqlgen/graphql/executor"

	"folio/rest/reader"
)

// mountReader serves published sites, published spaces and app addresses
// (rest/reader) on mux; the returned reader also answers requests for
// sites' custom hostnames.
func mountReader(mux *http.ServeMux, cfg Config, exec *executor.Executor) *reader.Reader {
	rd := reader.New(reader.Config{Store: cfg.Store, Exec: exec, Base: cfg.PublicURL, Blobs: cfg.Blobs})
	rd.Register(mux)
	return rd
}
