// Package buildinfo says which release this binary is. The Makefile and
// the Dockerfile stamp the values in at link time
// (-X folio/internal/buildinfo.Version=... and so on); a leaf of its own so
// that `folio version`, the backup manifest and GET /v1/ name the release
// without importing the GraphQL layer.
package buildinfo

// Version, Build and Commit describe this release: the git describe of the
// tree, the build time (RFC 3339, UTC) and the commit's full hash.
var (
	Version = "dev"
	Build   = "1970-01-01T00:00:00Z"
	Commit  = "unknown"
)
