package graph

import (
	"context"
	"errors"
	"runtime/debug"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"folio/domain"
	"folio/internal/logs"
)

// PresentError turns any resolver error into a GraphQL error whose
// extensions.code is the domain code. Errors without a domain code are
// internal: logged with their cause, shown to no one.
func PresentError(ctx context.Context, err error) *gqlerror.Error {
	var gqlErr *gqlerror.Error
	if errors.As(err, &gqlErr) && gqlErr.Err == nil {
		return gqlErr // parse, validation and coercion errors: already client-safe
	}
	var path = graphql.GetPath(ctx)
	if gqlErr != nil {
		path = gqlErr.Path
	}
	var derr *domain.Error
	if !errors.As(err, &derr) {
		logs.From(ctx).ErrorContext(ctx, "internal error", "err", err, "path", path.String())
		derr = &domain.Error{Code: domain.CodeInternal, Message: "internal error"}
	}
	ext := map[string]any{"code": string(derr.Code)}
	for k, v := range derr.Data {
		if k != "code" {
			ext[k] = v
		}
	}
	return &gqlerror.Error{Message: derr.Message, Path: path, Extensions: ext}
}

// Recover turns a panic in a resolver into an internal error, logged.
func Recover(ctx context.Context, p any) error {
	logs.From(ctx).ErrorContext(ctx, "panic in resolver", "panic", p, "path", graphql.GetPath(ctx).String(), "stack", string(debug.Stack()))
	return &domain.Error{Code: domain.CodeInternal, Message: "internal error"}
}
