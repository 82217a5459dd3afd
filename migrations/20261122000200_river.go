package migrations

import (
	"context"
	"fmt"

	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/uptrace/bun"
)

// RiverSchemaVersion is the version of River's own schema (its job queue
// tables) this migration installs. It is pinned rather than "latest" so that
// upgrading the library never changes the schema behind a migration that has
// already run: a newer River schema comes with a new migration.
const RiverSchemaVersion = 7

// River's tables come from River's own migrator, so they are exactly what the
// library expects; running it inside a Folio migration puts them in every
// database Folio migrates, the test template included.
func init() {
	Migrations.MustRegister(func(ctx context.Context, db *bun.DB) error {
		m, err := rivermigrate.New(riverdatabasesql.New(db.DB), nil)
		if err != nil {
			return fmt.Errorf("river migrator: %w", err)
		}
		if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, &rivermigrate.MigrateOpts{TargetVersion: RiverSchemaVersion}); err != nil {
			return fmt.Errorf("install river schema: %w", err)
		}
		return nil
	}, func(ctx context.Context, db *bun.DB) error {
		m, err := rivermigrate.New(riverdatabasesql.New(db.DB), nil)
		if err != nil {
			return fmt.Errorf("river migrator: %w", err)
		}
		if _, err := m.Migrate(ctx, rivermigrate.DirectionDown, &rivermigrate.MigrateOpts{TargetVersion: -1}); err != nil {
			return fmt.Errorf("remove river schema: %w", err)
		}
		return nil
	})
}
