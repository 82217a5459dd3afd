package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/uptrace/bun"
)

// IdempotencyTTL is how long an Idempotency-Key is remembered.
const IdempotencyTTL = 24 * time.Hour

// IdempotencyAbandoned is how long a request may hold its key without an
// answer before a retry takes the key over (its server died mid-request).
// It outlasts the longest request (the write timeout's default).
const IdempotencyAbandoned = 10 * time.Minute

// IdempotentAnswer is the recorded answer of the first request with a key.
type IdempotentAnswer struct {
	Status int
	Header http.Header
	Body   []byte
}

// IdempotencyClaim is what BeginIdempotent found.
type IdempotencyClaim int

const (
	// IdemOwned: the key is new (or expired, or abandoned): run the request.
	IdemOwned IdempotencyClaim = iota
	// IdemReplay: the same request was answered; replay Answer.
	IdemReplay
	// IdemInFlight: the same key is being served right now.
	IdemInFlight
	// IdemMismatch: the key was used with another request.
	IdemMismatch
)

type idempotencyRow struct {
	bun.BaseModel `bun:"table:idempotency_keys,alias:ik"`

	TokenHash   []byte          `bun:"token_hash,pk"`
	Key         string          `bun:"key,pk"`
	Fingerprint []byte          `bun:"fingerprint"`
	Status      *int            `bun:"status"`
	Header      json.RawMessage `bun:"header"`
	Body        []byte          `bun:"body"`
	CreatedAt   time.Time       `bun:"created_at"`
}

// BeginIdempotent claims (tokenHash, key) for a request with fingerprint,
// or says why not: the answer to replay, in flight, or another request.
// One statement claims a new key, so two servers racing on one key never
// both run the request.
func (s *Store) BeginIdempotent(ctx context.Context, tokenHash []byte, key string, fingerprint []byte) (IdempotencyClaim, *IdempotentAnswer, error) {
	now := s.Now()
	for range 3 {
		res, err := s.DB.NewRaw(`INSERT INTO idempotency_keys AS ik (token_hash, key, fingerprint, created_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (token_hash, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, status = NULL, header = NULL, body = NULL,
				created_at = EXCLUDED.created_at
			WHERE ik.created_at < ? OR (ik.status IS NULL AND ik.created_at < ? AND ik.fingerprint = EXCLUDED.fingerprint)`,
			tokenHash, key, fingerprint, now, now.Add(-IdempotencyTTL), now.Add(-IdempotencyAbandoned)).Exec(ctx)
		if err != nil {
			return 0, nil, fmt.Errorf("idempotency key: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 1 {
			return IdemOwned, nil, nil
		}
		var row idempotencyRow
		err = s.DB.NewSelect().Model(&row).Where("token_hash = ? AND key = ?", tokenHash, key).Scan(ctx)
		if errors.Is(err, sql.ErrNoRows) {
			continue // released between the two statements: claim it again
		}
		if err != nil {
			return 0, nil, fmt.Errorf("idempotency key: %w", err)
		}
		switch {
		case !bytes.Equal(row.Fingerprint, fingerprint):
			return IdemMismatch, nil, nil
		case row.Status == nil:
			return IdemInFlight, nil, nil
		}
		a := &IdempotentAnswer{Status: *row.Status, Header: http.Header{}, Body: row.Body}
		if len(row.Header) > 0 {
			if err := json.Unmarshal(row.Header, &a.Header); err != nil {
				return 0, nil, fmt.Errorf("idempotency key: %w", err)
			}
		}
		return IdemReplay, a, nil
	}
	return IdemInFlight, nil, nil
}

// FinishIdempotent records the answer of the request that claimed the key.
func (s *Store) FinishIdempotent(ctx context.Context, tokenHash []byte, key string, a IdempotentAnswer) error {
	h, err := json.Marshal(a.Header)
	if err != nil {
		return err
	}
	body := a.Body
	if body == nil {
		body = []byte{}
	}
	_, err = s.DB.NewRaw(`UPDATE idempotency_keys SET status = ?, header = ?::jsonb, body = ? WHERE token_hash = ? AND key = ?`,
		a.Status, string(h), body, tokenHash, key).Exec(ctx)
	if err != nil {
		return fmt.Errorf("idempotency key: %w", err)
	}
	return nil
}

// ReleaseIdempotent forgets a claimed key whose request failed in a way a
// retry may fix (a server error, a rate limit): the retry runs again.
func (s *Store) ReleaseIdempotent(ctx context.Context, tokenHash []byte, key string) error {
	_, err := s.DB.NewRaw(`DELETE FROM idempotency_keys WHERE token_hash = ? AND key = ? AND status IS NULL`, tokenHash, key).Exec(ctx)
	if err != nil {
		return fmt.Errorf("idempotency key: %w", err)
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
