package graph

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/executor"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"folio/domain"
	"folio/graph/generated"
	"folio/graph/loader"
	"folio/internal/logs"
)

// Schema builds the executable schema over r.
func Schema(r *Resolver) graphql.ExecutableSchema {
	es := generated.NewExecutableSchema(generated.Config{Resolvers: r, Directives: Directives()})
	if r.trees == nil {
		r.trees = newTreeCache(es) // shared by /graphql and the REST routes
	}
	if r.pageTrees == nil {
		r.pageTrees = newPageTrees()
	}
	return es
}

// engine is what handler.Server (for /graphql) and executor.Executor (for
// REST in-process) have in common, so both are set up by one function.
type engine interface {
	SetErrorPresenter(graphql.ErrorPresenterFunc)
	SetRecoverFunc(graphql.RecoverFunc)
	SetQueryCache(graphql.Cache[*ast.QueryDocument])
	SetParserTokenLimit(int)
	AroundOperations(graphql.OperationMiddleware)
	AroundResponses(graphql.ResponseMiddleware)
	Use(graphql.HandlerExtension)
}

func configure(e engine, r *Resolver) {
	e.SetErrorPresenter(PresentError)
	e.SetRecoverFunc(Recover)
	e.SetQueryCache(lru.New[*ast.QueryDocument](1000))
	limits := r.Limits.withDefaults()
	e.SetParserTokenLimit(limits.MaxTokens)
	e.Use(operationLimits{limits})
	e.Use(introspectionForViewers{})
	e.Use(fieldMiddleware{r.trees.fields})
	e.AroundResponses(closeAccount)
	e.AroundOperations(refuseReadOnlyWrites)
	// Loaders live for one operation, so both interfaces batch the same way
	// and no cached row outlives the request that read it.
	e.AroundOperations(func(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
		// The access line names the operation: /graphql is one route for all.
		if oc := graphql.GetOperationContext(ctx); oc != nil && oc.Operation != nil {
			name := oc.Operation.Name
			if name == "" {
				name = "(anonymous)"
			}
			logs.AnnotateString(ctx, "operation", string(oc.Operation.Operation)+" "+name)
		}
		viewerID := ""
		if u := Viewer(ctx); u != nil {
			viewerID = u.ID
		}
		if oc := graphql.GetOperationContext(ctx); oc != nil {
			ctx = openAccount(ctx, limits, staticCost(oc).Complexity, oc.Variables)
		}
		return next(loader.With(ctx, loader.New(r.Store, viewerID)))
	})
}

// NewHTTPHandler serves the schema over HTTP at /graphql, as the GraphQL
// over HTTP specification says (transport.go): POST, and GET for queries
// only (cacheable: httpcache.go), with persisted documents (persisted.go:
// automatic persisted queries, or only r.TrustedDocuments when set); and
// subscriptions over Server-Sent Events (subscription_transport.go), whose
// documents go through the same extensions. There is no WebSocket
// transport: a long-lived connection carrying queries and mutations would
// go around every per-request limit (rate limit, body size, timeouts) of
// the HTTP middleware. An upgrade request is answered 400.
func NewHTTPHandler(r *Resolver) *handler.Server {
	srv := handler.New(Schema(r))
	srv.AddTransport(sse{r}) // first: it takes the requests that accept text/event-stream
	srv.AddTransport(post{})
	srv.AddTransport(get{})
	srv.AddTransport(otherRequests{}) // takes every request: keep it last
	srv.Use(getRunsQueries{})         // first: a GET mutation is 405, whatever else is wrong with it
	configure(srv, r)
	// After configure: a document learnt by automatic persisted queries has
	// passed the limits. Its parameter step (which finds the document of a
	// hash) runs before every other.
	srv.Use(newPersistedDocuments(r.TrustedDocuments))
	return srv
}

// NewExecutor runs operations of es (from Schema) in-process, for the REST routes.
func NewExecutor(r *Resolver, es graphql.ExecutableSchema) *executor.Executor {
	e := executor.New(es)
	configure(e, r)
	return e
}

// fieldMiddleware makes f, the page-tree cache in front of the result
// budget, the field middleware of every operation by setting it as the
// operation's ResolverMiddleware. Registered with AroundFields instead,
// gqlgen would wrap it in a closure made anew for every field of every
// result, about one allocation in nine. It replaces any AroundFields
// middleware, so it is the only one: add to f rather than beside it.
type fieldMiddleware struct{ f graphql.FieldMiddleware }

func (fieldMiddleware) ExtensionName() string                   { return "FieldMiddleware" }
func (fieldMiddleware) Validate(graphql.ExecutableSchema) error { return nil }
func (m fieldMiddleware) MutateOperationContext(_ context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	oc.ResolverMiddleware = m.f
	return nil
}

// introspectionForViewers allows introspection to authenticated callers
// only. An anonymous operation that introspects is refused as a whole,
// before anything runs, with UNAUTHENTICATED (gqlgen's own refusal would
// surface as an internal error from inside the resolvers).
type introspectionForViewers struct{}

func (introspectionForViewers) ExtensionName() string                   { return "IntrospectionForViewers" }
func (introspectionForViewers) Validate(graphql.ExecutableSchema) error { return nil }
func (introspectionForViewers) MutateOperationContext(ctx context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	anonymous := Viewer(ctx) == nil
	oc.DisableIntrospection = anonymous
	if anonymous && introspects(oc.Operation.SelectionSet) {
		return &gqlerror.Error{
			Message:    "introspection needs an API token (Authorization: Bearer <token>)",
			Extensions: map[string]any{"code": string(domain.CodeUnauthenticated)},
		}
	}
	return nil
}

// introspects reports whether a selection asks for __schema or __type
// (__typename is not introspection: it is answered from the object).
func introspects(set ast.SelectionSet) bool {
	for _, sel := range set {
		switch sel := sel.(type) {
		case *ast.Field:
			if sel.Name == "__schema" || sel.Name == "__type" || introspects(sel.SelectionSet) {
				return true
			}
		case *ast.InlineFragment:
			if introspects(sel.SelectionSet) {
				return true
			}
		case *ast.FragmentSpread:
			if sel.Definition != nil && introspects(sel.Definition.SelectionSet) {
				return true
			}
		}
	}
	return false
}
