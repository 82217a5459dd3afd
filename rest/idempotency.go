package rest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"folio/domain"
	"folio/graph"
	"folio/internal/logs"
	"folio/store"
)

// IdempotencyHeader names the key a client sends with a POST, PUT or PATCH
// so that retrying it is safe.
const IdempotencyHeader = "Idempotency-Key"

// replayedHeader marks an answer replayed from an earlier request.
const replayedHeader = "Idempotent-Replayed"

// replayHeaders are the response headers recorded with an answer and sent
// again with its replays; the others (X-Request-Id, rate limits, statement
// counts, Date) describe the request that carries them.
var replayHeaders = []string{"Content-Type", "Location", "ETag", "Content-Disposition", "Cache-Control", "Last-Modified"}

// idempotent serves a REST write under its Idempotency-Key, when it has
// one: keys are scoped to the API token and remembered 24 hours. The first
// request with a key runs and its answer is recorded (status, body, the
// replayHeaders); a retry with the same key, method, path, query and body
// gets that answer again, byte for byte, without running; the same key
// with another request is 422.
//
// Exactly one effect, whatever fails (store/idempotency.go has the
// protocol): the key's row commits in the transaction of the request's
// write. A request that did not commit (the database went away, its
// server died) leaves no trace, and its retry runs. One that committed
// never runs again: a retry while it is being answered is 409 with
// Retry-After; once answered, a replay; if it failed after committing (an
// answer of 5xx, a panic, or its server died: no touch of its row for
// IdempotencyStale, store.TouchIdempotent), 409
// saying the request was carried out and its answer lost. An answer of 429
// or 5xx is not recorded: a retry of a request that did not commit runs.
// When the answer cannot be recorded because the database is unreachable,
// recording is retried in the background until it can be.
func idempotent(s *store.Store, w http.ResponseWriter, r *http.Request, serve func(http.ResponseWriter, *http.Request)) {
	key, has := r.Header[http.CanonicalHeaderKey(IdempotencyHeader)]
	token := bearer(r)
	if !has || token == "" || (r.Method != http.MethodPost && r.Method != http.MethodPut && r.Method != http.MethodPatch) {
		serve(w, r)
		return
	}
	k := strings.Join(key, ",")
	if err := checkIdempotencyKey(k); err != nil {
		writeDomainError(w, err)
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeDomainError(w, domain.Errorf(domain.CodeTooLarge, "the request body is larger than %d bytes", MaxBody))
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	scope := sha256.Sum256([]byte(token))
	fp := sha256.New()
	io.WriteString(fp, r.Method+" "+r.URL.Path+"?"+r.URL.RawQuery+"\n"+r.Header.Get("Content-Type")+"\n")
	fp.Write(body)
	ctx := r.Context()
	claim, answer, attempt, err := s.BeginIdempotent(ctx, scope[:], k, fp.Sum(nil))
	if err != nil {
		if graph.DomainError(err) == nil {
			logs.From(ctx).ErrorContext(ctx, "internal error", "err", err)
		}
		writeDomainError(w, err)
		return
	}
	switch claim {
	case store.IdemMismatch:
		writeError(w, http.StatusUnprocessableEntity, "this Idempotency-Key was used with another request (method, path, query or body); use a new key for a new request")
		return
	case store.IdemInFlight:
		w.Header().Set("Retry-After", "1")
		writeError(w, http.StatusConflict, "a request with this Idempotency-Key is still being served; retry when it has been answered")
		return
	case store.IdemLost:
		writeError(w, http.StatusConflict, "the request with this Idempotency-Key was carried out, but it failed before its answer could be recorded; "+
			"read the objects it changed rather than sending it again")
		return
	case store.IdemReplay:
		for name, v := range answer.Header {
			w.Header()[name] = v
		}
		w.Header().Set(replayedHeader, "true")
		w.WriteHeader(answer.Status)
		w.Write(answer.Body)
		return
	}
	rec := &capture{ResponseWriter: w, status: http.StatusOK}
	// Whatever happens to the client's connection, the outcome is recorded.
	bg := context.WithoutCancel(ctx)
	// Until it is, this server says it is still answering (once the
	// write has committed): retries wait for the answer while it lives,
	// and learn it is lost soon after it dies.
	answering := keepAnswering(bg, s, attempt)
	recorded := false
	defer func() {
		if !recorded {
			answering()
		}
	}()
	defer func() {
		if p := recover(); p != nil {
			if attempt.Marked() {
				recorded = true
				record(bg, func(ctx context.Context) error { return s.LoseIdempotent(ctx, attempt) }, answering)
			}
			panic(p)
		}
	}()
	serve(rec, r.WithContext(store.WithIdempotentAttempt(ctx, attempt)))
	if rec.status == http.StatusTooManyRequests || rec.status >= 500 {
		if attempt.Marked() {
			recorded = true
			record(bg, func(ctx context.Context) error { return s.LoseIdempotent(ctx, attempt) }, answering)
		}
		return
	}
	h := http.Header{}
	for _, name := range replayHeaders {
		if v, ok := w.Header()[name]; ok {
			h[name] = v
		}
	}
	a := store.IdempotentAnswer{Status: rec.status, Header: h, Body: rec.body.Bytes()}
	recorded = true
	record(bg, func(ctx context.Context) error { return s.FinishIdempotent(ctx, attempt, a) }, answering)
}

// keepAnswering touches the attempt's row every store.IdempotencyTouch
// once its write has committed, until the returned stop is called (when
// its outcome is recorded, or recording gave up). A request answered
// within IdempotencyTouch, as nearly all are, touches nothing.
func keepAnswering(ctx context.Context, s *store.Store, attempt *store.IdempotentAttempt) (stop func()) {
	done := make(chan struct{})
	var once sync.Once
	go func() {
		t := time.NewTicker(store.IdempotencyTouch)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				if attempt.Marked() {
					s.TouchIdempotent(ctx, attempt) //nolint:errcheck // the next tick tries again; a row untouched long enough is lost
				}
			}
		}
	}()
	return func() { once.Do(func() { close(done) }) }
}

// record runs a write of an idempotency key's outcome. When the database
// cannot be reached, it tries again in the background, waiting a little
// longer each time, for up to IdempotencyAbandoned: a request that
// committed its write just before an outage gets its answer recorded once
// the database is back, so that its retries replay it.
// done is called once it has, or has given up.
func record(ctx context.Context, write func(context.Context) error, done func()) {
	err := write(ctx)
	if err == nil {
		done()
		return
	}
	if !unavailable(err) {
		done()
		logs.From(ctx).ErrorContext(ctx, "idempotency key", "err", err)
		return
	}
	go func() {
		defer done()
		deadline := time.Now().Add(store.IdempotencyAbandoned)
		for wait := 100 * time.Millisecond; time.Now().Before(deadline); wait = min(2*wait, time.Second) {
			time.Sleep(wait)
			if err = write(ctx); err == nil || !unavailable(err) {
				break
			}
		}
		if err != nil {
			logs.From(ctx).ErrorContext(ctx, "idempotency key not recorded", "err", err)
		}
	}()
}

// secretRoute serves a Secret route: its answer is not recorded, so an
// Idempotency-Key is refused rather than silently not honoured (a client
// counting on it would make two tokens on a retry), and no cache keeps it.
func secretRoute(w http.ResponseWriter, r *http.Request, serve func(http.ResponseWriter, *http.Request)) {
	if _, has := r.Header[http.CanonicalHeaderKey(IdempotencyHeader)]; has {
		writeDomainError(w, domain.Invalid(IdempotencyHeader, "not accepted here: this request or its answer carries a secret, which is never stored; "+
			"send it without the header (a retry of a lost answer makes a new one)"))
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	serve(w, r)
}

// checkIdempotencyKey allows 1 to 255 printable ASCII characters.
func checkIdempotencyKey(k string) error {
	if k == "" || len(k) > 255 {
		return domain.Invalid(IdempotencyHeader, "must be 1 to 255 characters")
	}
	for i := 0; i < len(k); i++ {
		if k[i] < 0x20 || k[i] > 0x7e {
			return domain.Invalid(IdempotencyHeader, "must be printable ASCII")
		}
	}
	return nil
}

// bearer is the request's API token, or "".
func bearer(r *http.Request) string {
	t, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok {
		return ""
	}
	return strings.TrimSpace(t)
}

// capture passes a response through and keeps its status and body.
type capture struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
	wrote  bool
}

func (c *capture) WriteHeader(status int) {
	if !c.wrote {
		c.wrote, c.status = true, status
	}
	c.ResponseWriter.WriteHeader(status)
}

func (c *capture) Write(b []byte) (int, error) {
	if !c.wrote {
		c.WriteHeader(http.StatusOK)
	}
	c.body.Write(b)
	return c.ResponseWriter.Write(b)
}
