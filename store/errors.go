package store

import (
	"database/sql"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5/pgconn"

	"folio/domain"
)

// dbError turns driver errors into domain errors: no rows is not found,
// unique violations are conflicts. what names the object for the message.
func dbError(err error, what string) error {
	if err == nil {
		return nil
	}
	var e *domain.Error
	if errors.As(err, &e) {
		return err
	}
	if errors.Is(err, sql.ErrNoRows) {
		return &domain.Error{Code: domain.CodeNotFound, Message: what + " not found", Err: err}
	}
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		switch pg.Code {
		case "23505":
			return &domain.Error{Code: domain.CodeConflict, Message: what + " already exists", Err: err}
		case "23503":
			return &domain.Error{Code: domain.CodeInvalid, Message: what + " refers to an unknown object", Err: err}
		}
	}
	return fmt.Errorf("%s: %w", what, err)
}
