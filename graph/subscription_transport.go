package graph

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"folio/domain"
	"folio/store"
)

// sse serves operations over Server-Sent Events by the graphql-sse
// protocol's distinct connections mode: a request with Accept:
// text/event-stream, a POST with a JSON body or a GET with the operation
// in its query string (queries and subscriptions only), answers 200 with
// an event stream: `next` events carrying results, then `complete`. As the
// protocol asks, everything refused before execution (no token, a
// malformed request, a document over a limit, too many subscriptions) is
// a `next` event carrying the errors, not an HTTP error status that
// EventSource and graphql-sse clients would only retry.
//
// gqlgen's transport.SSE serves the same mode but not all of it: POST
// only, no lifetime or idle limit, and a keep-alive goroutine that may
// write after the handler returned. Everything the HTTP middleware does
// (authentication, the rate limit counting this request, the body limit)
// has run before Do, and the document goes through the same
// CreateOperationContext as a POST: the same parse, validation and
// operation limits.
type sse struct{ r *Resolver }

var _ graphql.Transport = sse{}

// streamWriteTimeout bounds each write to a stream, in place of the
// server's write timeout (which runs from the request's start and would
// cut every stream): a client that stops reading is dropped.
const streamWriteTimeout = time.Minute

func (t sse) Supports(r *http.Request) bool {
	if t.r.Subscriptions == nil || !acceptsEventStream(r.Header.Values("Accept")) {
		return false
	}
	switch r.Method {
	case http.MethodGet:
		return true
	case http.MethodPost:
		mediaType, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
		return err == nil && mediaType == "application/json"
	}
	return false
}

// acceptsEventStream reports whether an Accept header names text/event-stream.
func acceptsEventStream(accept []string) bool {
	for _, h := range accept {
		for part := range strings.SplitSeq(h, ",") {
			if mediaType, _, err := mime.ParseMediaType(strings.TrimSpace(part)); err == nil && mediaType == "text/event-stream" {
				return true
			}
		}
	}
	return false
}

func (t sse) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	subs := t.r.Subscriptions
	limits := subs.limits
	ctx := r.Context()
	start := graphql.Now()
	out := newEventStream(w, limits.KeepAlive)
	defer out.close()
	fail := func(ctx context.Context, errs gqlerror.List) {
		out.next(exec.DispatchError(ctx, errs))
		out.complete()
	}

	u := Viewer(ctx)
	if u == nil {
		fail(ctx, gqlerror.List{{Message: "subscriptions need an API token (Authorization: Bearer <token>)",
			Extensions: map[string]any{"code": string(domain.CodeUnauthenticated)}}})
		return
	}
	params, err := readStreamParams(r)
	if err != nil {
		fail(ctx, gqlerror.List{{Message: err.Error(), Extensions: map[string]any{"code": string(domain.CodeInvalid)}}})
		return
	}
	params.Headers = r.Header
	params.ReadTime = graphql.TraceTiming{Start: start, End: graphql.Now()}
	oc, errs := exec.CreateOperationContext(ctx, params)
	if errs != nil {
		fail(graphql.WithOperationContext(ctx, oc), errs)
		return
	}
	if r.Method == http.MethodGet && oc.Operation.Operation == ast.Mutation {
		fail(graphql.WithOperationContext(ctx, oc), gqlerror.List{{Message: "a GET runs queries and subscriptions, never mutations: POST it",
			Extensions: map[string]any{"code": string(domain.CodeInvalid)}}})
		return
	}

	sctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	st, refused := subs.admit(credential(ctx, u), cancel)
	if refused != nil {
		fail(graphql.WithOperationContext(ctx, oc), gqlerror.List{refused})
		return
	}
	defer subs.release(st)
	sctx = withStream(sctx, st)
	lifetime := time.AfterFunc(limits.MaxLifetime, func() { cancel(errLifetime) })
	defer lifetime.Stop()
	idle := time.AfterFunc(limits.IdleTimeout, func() { cancel(errIdle) })
	defer idle.Stop()
	if c, ok := CredentialOf(ctx); ok && c.Recheck != nil {
		go t.recheck(sctx, c.Recheck, st, cancel)
	}

	responses, dctx := exec.DispatchOperation(sctx, oc)
	out.open()
	subscription := oc.Operation.Operation == ast.Subscription
	cost := staticCost(oc).Complexity
	for {
		ectx := dctx
		if subscription {
			// Each result is an operation of its own: fresh loaders (no
			// row cached an hour ago) and a fresh result budget.
			ectx = openAccount(t.r.fresh(dctx), t.r.Limits.withDefaults(), cost, oc.Variables)
		}
		resp := responses(ectx)
		if resp == nil {
			break
		}
		if err := out.next(resp); err != nil {
			return // the client is gone
		}
		idle.Reset(limits.IdleTimeout)
	}
	if err := st.endError(); err != nil {
		out.next(exec.DispatchError(dctx, gqlerror.List{PresentError(dctx, err)}))
	}
	out.complete()
}

// recheck authenticates the caller again at every keep-alive interval
// while the stream lives: a token revoked or a session ended meanwhile
// ends its streams within one interval (with UNAUTHENTICATED, then
// complete) rather than at their lifetime. One indexed read per stream per
// interval.
func (t sse) recheck(ctx context.Context, again func(context.Context) error, st *stream, cancel context.CancelCauseFunc) {
	tick := time.NewTicker(t.r.Subscriptions.limits.KeepAlive)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			err := again(ctx)
			if domain.ErrorCode(err) == domain.CodeUnauthenticated {
				st.endWith(err)
				cancel(err)
				return
			}
		}
	}
}

// credential names what a stream counts against: the API token or the
// session (by id), or the user when neither is known.
func credential(ctx context.Context, u *store.User) string {
	if c, ok := CredentialOf(ctx); ok {
		return c.Kind + ":" + c.ID
	}
	return "user:" + u.ID
}

// readStreamParams reads the operation: the JSON body of a POST, the
// query string of a GET (query, operationName, and variables and
// extensions as JSON), as the GraphQL over HTTP spec has them.
func readStreamParams(r *http.Request) (*graphql.RawParams, error) {
	params := &graphql.RawParams{}
	if r.Method == http.MethodGet {
		q := r.URL.Query()
		params.Query, params.OperationName = q.Get("query"), q.Get("operationName")
		for name, dest := range map[string]any{"variables": &params.Variables, "extensions": &params.Extensions} {
			if v := q.Get(name); v != "" {
				if err := decodeJSON(strings.NewReader(v), dest); err != nil {
					return nil, errors.New(name + " must be a JSON object: " + err.Error())
				}
			}
		}
		return params, nil
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return nil, errors.New("could not read request body: " + err.Error())
	}
	if err := decodeJSON(bytes.NewReader(body), params); err != nil {
		return nil, errors.New("json request body could not be decoded: " + err.Error())
	}
	return params, nil
}

func decodeJSON(r io.Reader, dest any) error {
	dec := json.NewDecoder(r)
	dec.UseNumber()
	return dec.Decode(dest)
}

// eventStream writes one SSE response: events, and a comment line when it
// has been quiet for keepAlive. Writes come from the handler and from the
// keep-alive timer, one at a time; none after close.
type eventStream struct {
	w         http.ResponseWriter
	rc        *http.ResponseController
	keepAlive time.Duration

	mu     sync.Mutex
	timer  *time.Timer
	closed bool
	err    error // the first write error: the client is gone
}

func newEventStream(w http.ResponseWriter, keepAlive time.Duration) *eventStream {
	s := &eventStream{w: w, rc: http.NewResponseController(w), keepAlive: keepAlive}
	// The read deadline of the server's read timeout would end the request
	// (net/http cancels it when its background read times out).
	s.rc.SetReadDeadline(time.Time{})
	return s
}

// open sends the response's headers, once. Do opens the stream when the
// subscription is registered, so a client that sees the headers (the
// graphql-sse client's `connected`) knows every event committed from
// then on will come.
func (s *eventStream) open() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.openLocked()
}

func (s *eventStream) openLocked() {
	if s.timer != nil || s.closed {
		return
	}
	h := s.w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no") // nginx: pass events on as they come
	s.w.WriteHeader(http.StatusOK)
	s.timer = time.AfterFunc(s.keepAlive, s.ping)
	s.write([]byte(":\n\n"))
}

// write opens the stream if need be, sends b and flushes it; s.mu is held.
func (s *eventStream) write(b []byte) error {
	if s.closed || s.err != nil {
		return s.errOrClosed()
	}
	if s.timer == nil {
		s.openLocked()
	}
	s.rc.SetWriteDeadline(time.Now().Add(streamWriteTimeout))
	if _, err := s.w.Write(b); err != nil {
		s.err = err
		return err
	}
	if err := s.rc.Flush(); err != nil {
		s.err = err
		return err
	}
	if s.timer != nil {
		s.timer.Reset(s.keepAlive)
	}
	return nil
}

func (s *eventStream) errOrClosed() error {
	if s.err != nil {
		return s.err
	}
	return errors.New("stream closed")
}

func (s *eventStream) ping() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.write([]byte(":\n\n"))
}

// next sends a result as a `next` event. json.Marshal writes no line
// break, so the result fits the one data line.
func (s *eventStream) next(resp *graphql.Response) error {
	b, err := json.Marshal(resp)
	if err != nil {
		return err
	}
	buf := make([]byte, 0, len(b)+24)
	buf = append(append(append(buf, "event: next\ndata: "...), b...), "\n\n"...)
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.write(buf)
}

// complete ends the stream for the client.
func (s *eventStream) complete() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.write([]byte("event: complete\n\n"))
}

func (s *eventStream) close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	if s.timer != nil {
		s.timer.Stop()
	}
}
