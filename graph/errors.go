package graph

import (
	"context"
	"errors"
	"runtime/debug"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"folio/domain"
	"folio/internal/blob"
	"folio/internal/logs"
	"folio/store"
)

// RetryAfterSeconds is the Retry-After of an UNAVAILABLE answer (a REST
// 503, a GraphQL 503, a reader's 503 page): a database restart or
// failover takes a few seconds, and a client that retries sooner only
// adds load.
const RetryAfterSeconds = "2"

// unavailable lists the causes that make an error UNAVAILABLE when it
// carries no domain code of its own: the database (store.Unavailable is
// its table of driver errors) or the file store cannot be reached. Each
// comes with the message its clients see.
var unavailable = []struct {
	is      func(error) bool
	message string
}{
	// The file store first: its errors carry the network's, which the
	// database's table would take for its own.
	{func(err error) bool { return errors.Is(err, blob.ErrUnavailable) }, "the file store cannot be reached right now; retry in a few seconds"},
	{store.Unavailable, store.ErrUnavailable(nil).Message},
}

// DomainError is err as a domain error: its own, or UNAVAILABLE when it
// says the database or the file store could not be reached, or nil when it
// is internal (a bug, or a failure a retry will not fix).
func DomainError(err error) *domain.Error {
	if err == nil {
		return nil // most callers ask of every request's error, mostly none
	}
	var derr *domain.Error
	if errors.As(err, &derr) {
		return derr
	}
	for _, u := range unavailable {
		if u.is(err) {
			return &domain.Error{Code: domain.CodeUnavailable, Message: u.message, Err: err}
		}
	}
	return nil
}

// PresentError turns any resolver error into a GraphQL error whose
// extensions.code is the domain code. Errors without a domain code are
// internal: logged with their cause, shown to no one.
func PresentError(ctx context.Context, err error) *gqlerror.Error {
	var gqlErr *gqlerror.Error
	if errors.As(err, &gqlErr) && gqlErr.Err == nil {
		// Parse, validation and coercion errors: already client-safe. A
		// variable that does not coerce names its input field, as a
		// domain INVALID does (extensions.field).
		if field := variableField(gqlErr.Path); field != "" {
			if gqlErr.Extensions == nil {
				gqlErr.Extensions = map[string]any{}
			}
			gqlErr.Extensions["field"] = field
		}
		return gqlErr
	}
	var path = graphql.GetPath(ctx)
	if gqlErr != nil {
		path = gqlErr.Path
	}
	derr := DomainError(err)
	switch {
	case derr == nil:
		logs.From(ctx).ErrorContext(ctx, "internal error", "err", err, "path", path.String())
		derr = &domain.Error{Code: domain.CodeInternal, Message: "internal error"}
	case derr.Code == domain.CodeUnavailable:
		logs.From(ctx).WarnContext(ctx, "unavailable", "err", err, "path", path.String())
	}
	ext := map[string]any{"code": string(derr.Code)}
	for k, v := range derr.Data {
		if k != "code" {
			ext[k] = v
		}
	}
	return &gqlerror.Error{Message: derr.Message, Path: path, Extensions: ext}
}

// variableField is the input field a variable coercion error is about:
// the last name of its path (["variable", "input", "title"] is "title"),
// or "" for an error that is not about a variable, or about a whole one.
func variableField(path ast.Path) string {
	if len(path) < 3 || path[0] != ast.PathName("variable") {
		return ""
	}
	for i := len(path) - 1; i >= 2; i-- {
		if name, ok := path[i].(ast.PathName); ok {
			return string(name)
		}
	}
	return ""
}

// Recover turns a panic in a resolver into an internal error, logged.
func Recover(ctx context.Context, p any) error {
	logs.From(ctx).ErrorContext(ctx, "panic in resolver", "panic", p, "path", graphql.GetPath(ctx).String(), "stack", string(debug.Stack()))
	return &domain.Error{Code: domain.CodeInternal, Message: "internal error"}
}
