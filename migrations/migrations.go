// Package migrations holds Folio's SQL migrations, embedded in the binary and
// applied with bun/migrate.
package migrations

import (
	"embed"

	"github.com/uptrace/bun/migrate"
)

//go:embed *.sql
var sqlFiles embed.FS

// Migrations is the ordered set of all schema migrations.
var Migrations = migrate.NewMigrations()

func init() {
	if err := Migrations.Discover(sqlFiles); err != nil {
		panic(err)
	}
}

// Files exposes the embedded SQL, so tests can hash it to name a template database.
func Files() embed.FS { return sqlFiles }
