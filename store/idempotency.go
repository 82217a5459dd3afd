package store

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/uptrace/bun"

	"folio/domain"
)

// IdempotencyTTL is how long an Idempotency-Key is remembered.
const IdempotencyTTL = 24 * time.Hour

// IdempotencyAbandoned is how long a server keeps trying to record the
// answer of a request whose write committed while the database cannot be
// reached (rest's record). It outlasts the longest request (the write
// timeout's default).
const IdempotencyAbandoned = 10 * time.Minute

// IdempotencyTouch is how often the server of a request whose write
// committed says it is still answering it (TouchIdempotent), until the
// answer is recorded; IdempotencyStale is how long a row may go untouched
// before its retries are told the answer is lost: its server died (kill
// -9, a lost machine) between the commit and the answer, and no answer
// will come. A retry learns it within IdempotencyStale of the death, not
// once IdempotencyAbandoned has passed.
const (
	IdempotencyTouch = 2 * time.Second
	IdempotencyStale = 5 * IdempotencyTouch
)

// IdempotentAnswer is the recorded answer of the first request with a key.
type IdempotentAnswer struct {
	Status int
	Header http.Header
	Body   []byte
}

// IdempotencyClaim is what BeginIdempotent found.
type IdempotencyClaim int

const (
	// IdemOwned: the key is new (or expired): run the request.
	IdemOwned IdempotencyClaim = iota
	// IdemReplay: the same request was answered; replay Answer.
	IdemReplay
	// IdemInFlight: the same request committed its write and is being
	// answered right now.
	IdemInFlight
	// IdemMismatch: the key was used with another request.
	IdemMismatch
	// IdemLost: the same request committed its write, but failed (or its
	// server died) before its answer was recorded: it must not run again,
	// and there is no answer to replay.
	IdemLost
)

// The protocol. A key's row is written by the first transaction of the
// request that commits (RunInTx, under the IdempotentAttempt in its
// context), in that same transaction: so the row exists exactly when the
// request's write does. A request that failed before committing (the
// database went away, say) leaves nothing behind, and its retry runs; one
// that committed is never run again, whatever became of its answer. Two
// attempts of one request at once both run, but only one commits: the
// other's transaction waits on the first's row and then fails. The answer
// is added to the row afterwards (FinishIdempotent); a request that
// committed and then failed to answer marks its row lost (LoseIdempotent);
// one whose server died cannot, so the holder of a row touches it every
// IdempotencyTouch until its answer is recorded (TouchIdempotent), and a
// row untouched for IdempotencyStale is taken as lost.
// Requests that write nothing (a refusal, say) record their answer the
// same way, with no transaction to join.

// IdempotentAttempt is one request's attempt at a key: the context of its
// transactions carries it (WithIdempotentAttempt).
type IdempotentAttempt struct {
	tokenHash   []byte
	key         string
	fingerprint []byte
	id          []byte
	createdAt   time.Time
	marked      atomic.Bool
}

// Marked reports whether a transaction of the attempt wrote the key's row
// (it may have committed, even if the commit's answer never came back).
func (a *IdempotentAttempt) Marked() bool { return a.marked.Load() }

type attemptKey struct{}

// WithIdempotentAttempt makes every transaction run in ctx (RunInTx) write
// the attempt's key row with its write.
func WithIdempotentAttempt(ctx context.Context, a *IdempotentAttempt) context.Context {
	return context.WithValue(ctx, attemptKey{}, a)
}

func attemptOf(ctx context.Context) *IdempotentAttempt {
	a, _ := ctx.Value(attemptKey{}).(*IdempotentAttempt)
	return a
}

type idempotencyRow struct {
	bun.BaseModel `bun:"table:idempotency_keys,alias:ik"`

	TokenHash   []byte          `bun:"token_hash,pk"`
	Key         string          `bun:"key,pk"`
	Fingerprint []byte          `bun:"fingerprint"`
	Status      *int            `bun:"status"`
	Header      json.RawMessage `bun:"header"`
	Body        []byte          `bun:"body"`
	CreatedAt   time.Time       `bun:"created_at"`
	Attempt     []byte          `bun:"attempt"`
	Lost        bool            `bun:"lost"`
	TouchedAt   *time.Time      `bun:"touched_at"`
}

// BeginIdempotent looks up (tokenHash, key) for a request with
// fingerprint: the attempt to run it under when the key is new, or why
// not (the answer to replay, in flight, lost, or another request).
func (s *Store) BeginIdempotent(ctx context.Context, tokenHash []byte, key string, fingerprint []byte) (IdempotencyClaim, *IdempotentAnswer, *IdempotentAttempt, error) {
	now := s.Now()
	var row idempotencyRow
	err := s.DB.NewSelect().Model(&row).Where("token_hash = ? AND key = ? AND created_at >= ?", tokenHash, key, now.Add(-IdempotencyTTL)).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		id := make([]byte, 16)
		rand.Read(id)
		return IdemOwned, nil, &IdempotentAttempt{tokenHash: tokenHash, key: key, fingerprint: fingerprint, id: id, createdAt: now}, nil
	}
	if err != nil {
		return 0, nil, nil, dbError(err, "idempotency key")
	}
	switch {
	case !bytes.Equal(row.Fingerprint, fingerprint):
		return IdemMismatch, nil, nil, nil
	case row.Status == nil && (row.Lost || lastTouch(row).Before(now.Add(-IdempotencyStale))):
		return IdemLost, nil, nil, nil
	case row.Status == nil:
		return IdemInFlight, nil, nil, nil
	}
	a := &IdempotentAnswer{Status: *row.Status, Header: http.Header{}, Body: row.Body}
	if len(row.Header) > 0 {
		if err := json.Unmarshal(row.Header, &a.Header); err != nil {
			return 0, nil, nil, fmt.Errorf("idempotency key: %w", err)
		}
	}
	return IdemReplay, a, nil, nil
}

// lastTouch is when the holder of a row last said it is answering it.
func lastTouch(row idempotencyRow) time.Time {
	if row.TouchedAt != nil && row.TouchedAt.After(row.CreatedAt) {
		return *row.TouchedAt
	}
	return row.CreatedAt
}

// ErrIdempotencyTaken refuses the write of an attempt whose key another
// attempt of the same request committed first.
var ErrIdempotencyTaken = domain.Errorf(domain.CodeConflict,
	"another request with this Idempotency-Key was carried out first; retry to get its answer")

// markIdempotent writes the attempt's key row in tx, the transaction of
// its write: the row commits with the write, or not at all. A row of
// another attempt (live, not expired) fails the transaction; it waits
// for an uncommitted one to end first.
func (s *Store) markIdempotent(ctx context.Context, tx bun.Tx, a *IdempotentAttempt) error {
	// touched_at is the commit's time (about): the request may have run
	// for a while since it began (created_at).
	res, err := tx.NewRaw(`INSERT INTO idempotency_keys AS ik (token_hash, key, fingerprint, created_at, attempt, touched_at) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (token_hash, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, status = NULL, header = NULL, body = NULL,
			created_at = EXCLUDED.created_at, attempt = EXCLUDED.attempt, lost = false, touched_at = EXCLUDED.touched_at
		WHERE ik.attempt = EXCLUDED.attempt OR ik.created_at < ?`,
		a.tokenHash, a.key, a.fingerprint, a.createdAt, a.id, s.Now(), s.Now().Add(-IdempotencyTTL)).Exec(ctx)
	if err != nil {
		return dbError(err, "idempotency key")
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrIdempotencyTaken
	}
	a.marked.Store(true)
	return nil
}

// FinishIdempotent records the answer of the attempt: on the row its write
// committed, or on a new row when it wrote nothing; never over the row of
// another attempt.
func (s *Store) FinishIdempotent(ctx context.Context, a *IdempotentAttempt, ans IdempotentAnswer) error {
	h, err := json.Marshal(ans.Header)
	if err != nil {
		return err
	}
	body := ans.Body
	if body == nil {
		body = []byte{}
	}
	_, err = s.DB.NewRaw(`INSERT INTO idempotency_keys AS ik (token_hash, key, fingerprint, created_at, attempt, status, header, body)
		VALUES (?, ?, ?, ?, ?, ?, ?::jsonb, ?)
		ON CONFLICT (token_hash, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, created_at = EXCLUDED.created_at,
			attempt = EXCLUDED.attempt, status = EXCLUDED.status, header = EXCLUDED.header, body = EXCLUDED.body, lost = false
		WHERE ik.attempt = EXCLUDED.attempt OR ik.created_at < ?`,
		a.tokenHash, a.key, a.fingerprint, a.createdAt, a.id, ans.Status, string(h), body, s.Now().Add(-IdempotencyTTL)).Exec(ctx)
	if err != nil {
		return dbError(err, "idempotency key")
	}
	return nil
}

// LoseIdempotent marks the row of an attempt that committed its write but
// failed before answering it (an error after the commit, a panic): its
// retries are told so rather than waiting for an answer that will not come.
func (s *Store) LoseIdempotent(ctx context.Context, a *IdempotentAttempt) error {
	_, err := s.DB.NewRaw(`UPDATE idempotency_keys SET lost = true WHERE token_hash = ? AND key = ? AND attempt = ? AND status IS NULL`,
		a.tokenHash, a.key, a.id).Exec(ctx)
	if err != nil {
		return dbError(err, "idempotency key")
	}
	return nil
}

// TouchIdempotent says the attempt's request, whose write committed, is
// still being answered (every IdempotencyTouch until its answer is
// recorded): its retries are told "still being served" meanwhile, and
// that the answer is lost once it stops (its server died). Nothing when
// the attempt's row holds an answer already.
func (s *Store) TouchIdempotent(ctx context.Context, a *IdempotentAttempt) error {
	_, err := s.DB.NewRaw(`UPDATE idempotency_keys SET touched_at = ? WHERE token_hash = ? AND key = ? AND attempt = ? AND status IS NULL`,
		s.Now(), a.tokenHash, a.key, a.id).Exec(ctx)
	if err != nil {
		return dbError(err, "idempotency key")
	}
	return nil
}

// PruneIdempotencyKeys deletes the keys older than IdempotencyTTL.
func (s *Store) PruneIdempotencyKeys(ctx context.Context) (int, error) {
	res, err := s.DB.NewRaw(`DELETE FROM idempotency_keys WHERE created_at < ?`, s.Now().Add(-IdempotencyTTL)).Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("prune idempotency keys: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}
