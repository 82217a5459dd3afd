package graph

import (
	"context"
	"net/http"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"folio/domain"
)

// Credential is how the caller proved who they are: an API token or a
// browser's session. Both make the same viewer; the credential adds what
// differs between them.
type Credential struct {
	// Kind is "token" or "session".
	Kind string
	// ID is the token's or the session's id (never its secret).
	ID string
	// ReadOnly refuses every mutation (a read-only personal token).
	ReadOnly bool
	// Recheck authenticates again, for what outlives one request (a
	// subscription's stream): UNAUTHENTICATED once the token is revoked or
	// expired, or the session has ended.
	Recheck func(ctx context.Context) error
}

// Credential kinds.
const (
	CredentialToken   = "token"
	CredentialSession = "session"
)

type credentialKey struct{}

// WithCredential returns a context for a request authenticated by c.
func WithCredential(ctx context.Context, c Credential) context.Context {
	return context.WithValue(ctx, credentialKey{}, c)
}

// CredentialOf returns how the request was authenticated; false for an
// anonymous one.
func CredentialOf(ctx context.Context) (Credential, bool) {
	c, ok := ctx.Value(credentialKey{}).(Credential)
	return c, ok
}

// errReadOnly is what a read-only token gets for a write.
var errReadOnly = domain.Errorf(domain.CodeForbidden, "this API token is read-only: it may not change anything")

// ReadOnlyRefusal is the error of a write by a read-only credential, nil
// when r may write. REST refuses every non-GET route with it; GraphQL
// refuses mutations (refuseReadOnlyWrites).
func ReadOnlyRefusal(r *http.Request) error {
	if c, ok := CredentialOf(r.Context()); ok && c.ReadOnly && r.Method != http.MethodGet && r.Method != http.MethodHead {
		return errReadOnly
	}
	return nil
}

// refuseReadOnlyWrites answers a mutation by a read-only credential with
// FORBIDDEN before any resolver runs, for /graphql and REST alike.
func refuseReadOnlyWrites(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
	oc := graphql.GetOperationContext(ctx)
	if c, ok := CredentialOf(ctx); ok && c.ReadOnly && oc != nil && oc.Operation != nil && oc.Operation.Operation == ast.Mutation {
		return graphql.OneShot(&graphql.Response{Errors: gqlerror.List{PresentError(ctx, errReadOnly)}})
	}
	return next(ctx)
}
