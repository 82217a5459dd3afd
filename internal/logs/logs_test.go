package logs_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"folio/internal/logs"
)

func TestRedact(t *testing.T) {
	const token = "gb_api_0123456789abcdefABCDEF"
	const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl"
	cases := []struct {
		name string
		log  func(l *slog.Logger)
	}{
		{"secret-key-blanked", func(l *slog.Logger) { l.Info("x", "authorization", "anything at all") }},
		{"token-in-message-value", func(l *slog.Logger) { l.Info("x", "detail", "sent "+token+" twice") }},
		{"jwt-in-value", func(l *slog.Logger) { l.Info("x", "claims", jwt) }},
		{"bearer-in-error", func(l *slog.Logger) { l.Info("x", "err", errors.New("bad header Bearer s3cr3t-value")) }},
		{"bearer-any-case-in-value", func(l *slog.Logger) { l.Info("x", "detail", "header was bEaReR\ts3cr3t-value") }},
		{"share-key-attribute", func(l *slog.Logger) { l.Info("x", "share_key", "sk_live_value") }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			c.log(logs.New(&buf, slog.LevelInfo))
			out := buf.String()
			for _, secret := range []string{token, jwt, "s3cr3t-value", "anything at all", "sk_live_value"} {
				if strings.Contains(out, secret) {
					t.Fatalf("secret %q logged: %s", secret, out)
				}
			}
			if !strings.Contains(out, logs.Redacted) {
				t.Fatalf("no redaction marker: %s", out)
			}
		})
	}
}

func TestFromFallsBackToDefault(t *testing.T) {
	if logs.From(context.Background()) != slog.Default() {
		t.Fatal("a context without a logger must give the default logger")
	}
	var buf bytes.Buffer
	ctx := logs.With(context.Background(), logs.New(&buf, slog.LevelInfo), "request_id", "abc")
	logs.From(ctx).Info("hello")
	logs.From(ctx).Info("again")
	if n := strings.Count(buf.String(), `"request_id":"abc"`); n != 2 {
		t.Fatalf("context logger not used, or its attributes not on every line: %s", buf.String())
	}
	if logs.From(ctx) != logs.From(ctx) {
		t.Error("the context's logger is made anew for each line")
	}
}

// TestAnnotateString: values added under one key share one attribute of
// the access line, in the order they came.
func TestAnnotateString(t *testing.T) {
	logs.AnnotateString(context.Background(), "operation", "ignored") // no annotations: nothing happens
	ctx := logs.WithAnnotations(context.Background())
	logs.AnnotateString(ctx, "operation", "query A")
	logs.Annotate(ctx, slog.Int("n", 1))
	logs.AnnotateString(ctx, "operation", "query B")
	got := logs.Annotations(ctx)
	if len(got) != 2 || got[0].Key != "operation" || got[0].Value.String() != "query A, query B" || got[1].Key != "n" {
		t.Errorf("annotations = %v", got)
	}
}

// TestWithRequest: WithRequest's context is With's and WithAnnotations'
// at once: every line of the request names it, its annotations are
// collected, and the parent's values and cancellation still reach it.
func TestWithRequest(t *testing.T) {
	type key struct{}
	parent, cancel := context.WithCancel(context.WithValue(context.Background(), key{}, "parent"))
	var buf bytes.Buffer
	ctx := logs.WithRequest(parent, logs.New(&buf, slog.LevelInfo), "abc")
	logs.From(ctx).Info("hello", "n", 1)
	logs.From(ctx).Info("again")
	if n := strings.Count(buf.String(), `"request_id":"abc"`); n != 2 {
		t.Fatalf("request id not on every line: %s", buf.String())
	}
	if logs.From(ctx) != logs.From(ctx) {
		t.Error("the context's logger is made anew for each line")
	}
	logs.AnnotateString(ctx, "operation", "query A")
	logs.AnnotateString(ctx, "operation", "query B")
	if got := logs.Annotations(ctx); len(got) != 1 || got[0].Value.String() != "query A, query B" {
		t.Errorf("annotations = %v", got)
	}
	if ctx.Value(key{}) != "parent" {
		t.Error("the parent's value is lost")
	}
	// A child's own logger still wins over the request's.
	var other bytes.Buffer
	logs.From(logs.With(ctx, logs.New(&other, slog.LevelInfo), "job", "x")).Info("child")
	if !strings.Contains(other.String(), `"job":"x"`) {
		t.Errorf("child logger: %s", other.String())
	}
	child, stop := context.WithCancel(ctx)
	defer stop()
	cancel()
	<-child.Done()
}
