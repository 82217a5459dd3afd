package rest

import (
	"mime"
	"net/http"
	"time"

	"folio/graph"
)

// downloadPath serves the bytes of a space's files (RevisionFile.downloadURL):
// not a GraphQL operation, as the body is the file itself.
const downloadPath = "/v1/spaces/{spaceId}/files/{fileId}/download"

// download answers with a file's bytes to callers who can read its space.
func download(res *graph.Resolver) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if graph.Viewer(r.Context()) == nil {
			writeError(w, http.StatusUnauthorized, "an API token is required (Authorization: Bearer <token>)")
			return
		}
		f, rc, err := res.OpenFile(r.Context(), r.PathValue("spaceId"), r.PathValue("fileId"))
		if err != nil {
			writeDomainError(w, err)
			return
		}
		defer rc.Close()
		w.Header().Set("Content-Type", f.ContentType)
		w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": f.Name}))
		w.Header().Set("X-Content-Type-Options", "nosniff")
		http.ServeContent(w, r, "", time.Time{}, rc)
	}
}
