package rest

import (
	"mime"
	"net/http"

	"folio/domain"
	"folio/graph"
	"folio/internal/logs"
	"folio/service/export"
)

// exportPath serves a space's current content as an archive of markdown
// files in GitBook's Git Sync layout (service/export): not a GraphQL
// operation, as the body is the archive itself.
const exportPath = "/v1/spaces/{spaceId}/content/export"

// exportContent answers with the archive (zip, or tar.gz with
// ?format=tar) to callers who can read the space, with download's rules:
// 401 without a token, 404 for spaces the caller cannot see.
func exportContent(res *graph.Resolver) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if graph.Viewer(r.Context()) == nil {
			writeError(w, http.StatusUnauthorized, "an API token is required (Authorization: Bearer <token>)")
			return
		}
		format := r.URL.Query().Get("format")
		ctype, ext := "application/zip", ".zip"
		switch format {
		case "", export.FormatZip:
			format = export.FormatZip
		case export.FormatTarGz:
			ctype, ext = "application/gzip", ".tar.gz"
		default:
			writeError(w, http.StatusBadRequest, "format: must be zip or tar")
			return
		}
		sp, a, err := res.ExportSpace(r.Context(), r.PathValue("spaceId"))
		if err != nil {
			writeExportError(w, r, err)
			return
		}
		w.Header().Set("Content-Type", ctype)
		w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": domain.Slugify(sp.Title) + ext}))
		w.Header().Set("X-Content-Type-Options", "nosniff")
		// Streamed: every file's bytes were found before the status was
		// sent, and an archive cut short by a later failure (or a client
		// gone) lacks its zip directory or gzip trailer, so it does not
		// read as a whole one.
		if err := a.Write(r.Context(), w, format); err != nil {
			logs.From(r.Context()).WarnContext(r.Context(), "export space content cut short", "error", err)
		}
	}
}

func writeExportError(w http.ResponseWriter, r *http.Request, err error) {
	if domain.ErrorCode(err) == domain.CodeInternal {
		logs.From(r.Context()).ErrorContext(r.Context(), "export space content", "error", err)
	}
	writeDomainError(w, err)
}
