// Package logs is Folio's structured logging: JSON lines (log/slog), a
// logger per request carried in the context so every line of a request
// names it, and redaction of secrets (API tokens, share keys, JWTs,
// Authorization headers) before anything is written.
package logs

import (
	"context"
	"io"
	"log/slog"
	"regexp"
	"strings"
	"sync"
)

type loggerKey struct{}

// contextLogger is the logger of a context: l with args, made the first
// time a line is written. slog's With formats its attributes at once, and
// most requests write no line but their access line, which a level above
// info drops.
type contextLogger struct {
	once sync.Once
	l    *slog.Logger
	args []any
	// requestID, when set, is an attribute of every line before args
	// (WithRequest).
	requestID string
}

func (c *contextLogger) logger() *slog.Logger {
	c.once.Do(func() {
		if c.requestID != "" {
			c.l = c.l.With("request_id", c.requestID)
		}
		if len(c.args) > 0 {
			c.l = c.l.With(c.args...)
		}
	})
	return c.l
}

// requestContext is WithRequest's context: With's logger and
// WithAnnotations' collection, in one allocation (every request makes
// one).
type requestContext struct {
	context.Context
	log   contextLogger
	notes annotations
}

func (c *requestContext) Value(key any) any {
	switch key.(type) {
	case loggerKey:
		return &c.log
	case annotationsKey:
		return &c.notes
	}
	return c.Context.Value(key)
}

// WithRequest is WithAnnotations(With(ctx, l, "request_id", id)), made at
// once.
func WithRequest(ctx context.Context, l *slog.Logger, id string) context.Context {
	return &requestContext{Context: ctx, log: contextLogger{l: l, requestID: id}}
}

// With returns a context whose lines are written by l, with args (as for
// slog.Logger.With) on each of them.
func With(ctx context.Context, l *slog.Logger, args ...any) context.Context {
	return context.WithValue(ctx, loggerKey{}, &contextLogger{l: l, args: args})
}

// From returns the logger of ctx (carrying the request id inside a request),
// or the default logger.
func From(ctx context.Context) *slog.Logger {
	if c, ok := ctx.Value(loggerKey{}).(*contextLogger); ok {
		return c.logger()
	}
	return slog.Default()
}

// annotations are attributes learned while serving a request, for its
// access line: the GraphQL operation it ran, say.
type annotations struct {
	mu    sync.Mutex
	attrs []slog.Attr
}

type annotationsKey struct{}

// WithAnnotations returns a context that collects Annotate calls.
func WithAnnotations(ctx context.Context) context.Context {
	return context.WithValue(ctx, annotationsKey{}, &annotations{})
}

// Annotate adds attributes to the access line of the request running in
// ctx; without WithAnnotations it does nothing.
func Annotate(ctx context.Context, attrs ...slog.Attr) {
	if a, ok := ctx.Value(annotationsKey{}).(*annotations); ok {
		a.mu.Lock()
		a.attrs = append(a.attrs, attrs...)
		a.mu.Unlock()
	}
}

// AnnotateString adds value to the string attribute key of the access
// line, after the values added before it, comma-separated: a request that
// runs several GraphQL operations (a page of the site reader) names them
// all under one key.
func AnnotateString(ctx context.Context, key, value string) {
	a, ok := ctx.Value(annotationsKey{}).(*annotations)
	if !ok {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	for i, at := range a.attrs {
		if at.Key == key {
			a.attrs[i] = slog.String(key, at.Value.String()+", "+value)
			return
		}
	}
	a.attrs = append(a.attrs, slog.String(key, value))
}

// Annotations returns the attributes added with Annotate.
func Annotations(ctx context.Context) []slog.Attr {
	a, ok := ctx.Value(annotationsKey{}).(*annotations)
	if !ok {
		return nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]slog.Attr(nil), a.attrs...)
}

// New returns a JSON logger writing to w at level, with secrets redacted.
func New(w io.Writer, level slog.Leveler) *slog.Logger {
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: level, ReplaceAttr: Redact}))
}

// Redacted replaces a secret in the logs.
const Redacted = "[redacted]"

// secretKeys are attribute names whose values are never written, whatever
// they hold.
var secretKeys = []string{"authorization", "token", "password", "secret", "cookie", "share_key", "sharekey", "jwt", "api_key", "apikey"}

// secretValues finds secrets inside any string: API tokens, bearer
// credentials and JWTs (three base64url parts, the first a JSON header).
var secretValues = regexp.MustCompile(`gb_api_[A-Za-z0-9_-]*|(?i:bearer\s+\S+)|eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*`)

// Redact is a slog ReplaceAttr function: it blanks attributes named like
// secrets and cuts secrets out of string values and error messages, so a
// secret that reaches a log line by accident (say, inside a wrapped error)
// is not written either.
func Redact(_ []string, a slog.Attr) slog.Attr {
	key := strings.ToLower(a.Key)
	for _, k := range secretKeys {
		if strings.Contains(key, k) {
			return slog.String(a.Key, Redacted)
		}
	}
	switch a.Value.Kind() {
	case slog.KindString:
		if s := a.Value.String(); maySecret(s) && secretValues.MatchString(s) {
			return slog.String(a.Key, secretValues.ReplaceAllString(s, Redacted))
		}
	case slog.KindAny:
		if err, ok := a.Value.Any().(error); ok {
			if s := err.Error(); maySecret(s) && secretValues.MatchString(s) {
				return slog.String(a.Key, secretValues.ReplaceAllString(s, Redacted))
			}
		}
	}
	return a
}

// maySecret reports whether s holds what every match of secretValues
// starts with ("gb_api_", "eyJ", or "bearer" in any case): most values of
// a line (every one of an access line) hold none, and this is far cheaper
// than the expression.
func maySecret(s string) bool {
	if strings.Contains(s, "gb_api_") || strings.Contains(s, "eyJ") {
		return true
	}
	for i := strings.IndexAny(s, "bB"); i >= 0 && len(s)-i >= 6; {
		if strings.EqualFold(s[i:i+6], "bearer") {
			return true
		}
		s = s[i+1:]
		i = strings.IndexAny(s, "bB")
	}
	return false
}
