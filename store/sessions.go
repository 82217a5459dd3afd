package store

import (
	"context"
	"crypto/subtle"
	"time"

	"github.com/uptrace/bun"

	"folio/domain"
)

// Session is a signed-in browser. Its cookie holds a random secret of
// which only the SHA-256 is stored, like API tokens.
type Session struct {
	bun.BaseModel `bun:"table:sessions,alias:sess"`

	ID     string `bun:"id,pk"`
	UserID string `bun:"user_id"`
	// TokenHash is the SHA-256 of the cookie's secret.
	TokenHash []byte `bun:"token_hash"`
	// Method is how the user signed in: password, saml or oidc.
	Method string `bun:"method"`
	// ProviderID is the SAML provider signed in through, if any.
	ProviderID *string   `bun:"provider_id"`
	UserAgent  string    `bun:"user_agent"`
	Client     string    `bun:"client"`
	CreatedAt  time.Time `bun:"created_at"`
	LastSeenAt time.Time `bun:"last_seen_at"`
	// ExpiresAt ends the session whatever its use (absolute lifetime).
	ExpiresAt time.Time `bun:"expires_at"`
}

// Session methods: how a person signed in.
const (
	SignInPassword = "password"
	SignInSAML     = "saml"
	SignInOIDC     = "oidc"
)

// SessionTokenPrefix starts every session secret, so that one pasted as an
// API token is refused at once.
const SessionTokenPrefix = "fs_"

// NewSession is a session about to start.
type NewSession struct {
	UserID     string
	Method     string
	ProviderID *string
	UserAgent  string
	Client     string
	// MaxAge is the absolute lifetime.
	MaxAge time.Duration
	// Replaces is the secret of the session the browser held before, if
	// any: it ends as the new one starts, so that a session id planted in a
	// browser before sign-in is never the one signed in (fixation).
	Replaces string
}

// CreateSession starts a session and returns its secret (for the cookie)
// and row.
func (s *Store) CreateSession(ctx context.Context, n NewSession) (string, *Session, error) {
	secret := SessionTokenPrefix + domain.RandomString(43)
	now := s.Now()
	sess := &Session{ID: domain.NewID(), UserID: n.UserID, TokenHash: hashToken(secret), Method: n.Method,
		ProviderID: n.ProviderID, UserAgent: truncate(n.UserAgent, 300), Client: truncate(n.Client, 100),
		CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(n.MaxAge)}
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if n.Replaces != "" {
			if _, err := tx.NewDelete().Model((*Session)(nil)).Where("token_hash = ?", hashToken(n.Replaces)).Exec(ctx); err != nil {
				return err
			}
		}
		_, err := tx.NewInsert().Model(sess).Exec(ctx)
		return err
	})
	if err != nil {
		return "", nil, dbError(err, "session")
	}
	return secret, sess, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 { // not in the middle of a UTF-8 sequence
		n--
	}
	return s[:n]
}

// sessionUser is a session with its user.
type sessionUser struct {
	User       `bun:",extend"`
	SessID     string    `bun:"sess_id,scanonly"`
	SessHash   []byte    `bun:"sess_hash,scanonly"`
	SessMethod string    `bun:"sess_method,scanonly"`
	SessProv   *string   `bun:"sess_provider_id,scanonly"`
	SessSeen   time.Time `bun:"sess_last_seen_at,scanonly"`
	SessExp    time.Time `bun:"sess_expires_at,scanonly"`
	SessCreate time.Time `bun:"sess_created_at,scanonly"`
}

var sessionUsers = &paramRead{primary: true, build: func(db bun.IDB) *bun.SelectQuery {
	return db.NewSelect().Model((*sessionUser)(nil)).
		ColumnExpr("u.*, sess.id AS sess_id, sess.token_hash AS sess_hash, sess.method AS sess_method").
		ColumnExpr("sess.provider_id AS sess_provider_id, sess.last_seen_at AS sess_last_seen_at").
		ColumnExpr("sess.expires_at AS sess_expires_at, sess.created_at AS sess_created_at").
		ModelTableExpr("sessions AS sess").Join("JOIN users AS u ON u.id = sess.user_id").
		Where("sess.token_hash = $1").Limit(1)
}}

// SessionByToken resolves a session cookie's secret to its session and
// user. A secret that is unknown, signed out, past its absolute lifetime,
// or idle for longer than idle is CodeUnauthenticated. Use refreshes the
// session's last-seen time (at most once a minute, uncounted).
func (s *Store) SessionByToken(ctx context.Context, secret string, idle time.Duration) (*Session, *User, error) {
	bad := domain.Errorf(domain.CodeUnauthenticated, "the session has ended; sign in again")
	if len(secret) != len(SessionTokenPrefix)+43 || secret[:len(SessionTokenPrefix)] != SessionTokenPrefix {
		return nil, nil, bad
	}
	sum := hashToken(secret)
	var rows []sessionUser
	if err := sessionUsers.scan(ctx, s, &rows, sum); err != nil {
		return nil, nil, dbError(err, "session")
	}
	if len(rows) == 0 || subtle.ConstantTimeCompare(rows[0].SessHash, sum) != 1 {
		return nil, nil, bad
	}
	row := &rows[0]
	now := s.Now()
	if !now.Before(row.SessExp) || (idle > 0 && now.Sub(row.SessSeen) >= idle) {
		_, _ = s.DB.NewDelete().Model((*Session)(nil)).Where("id = ?", row.SessID).Exec(uncounted(ctx))
		return nil, nil, bad
	}
	sess := &Session{ID: row.SessID, UserID: row.User.ID, Method: row.SessMethod, ProviderID: row.SessProv,
		CreatedAt: row.SessCreate, LastSeenAt: row.SessSeen, ExpiresAt: row.SessExp}
	if now.Sub(row.SessSeen) >= touchGranularity {
		_, _ = s.DB.NewUpdate().Model((*Session)(nil)).Set("last_seen_at = ?", now).Where("id = ?", sess.ID).Exec(uncounted(ctx))
		sess.LastSeenAt = now
	}
	return sess, &row.User, nil
}

// SessionAlive checks again that a session has not ended (a stream that
// lives longer than a request asks at each keep-alive).
func (s *Store) SessionAlive(ctx context.Context, id string, idle time.Duration) error {
	var sess Session
	err := s.DB.NewSelect().Model(&sess).Where("id = ?", id).Scan(ctx)
	if err != nil || !s.Now().Before(sess.ExpiresAt) || (idle > 0 && s.Now().Sub(sess.LastSeenAt) >= idle) {
		if err != nil && domain.ErrorCode(dbError(err, "session")) != domain.CodeNotFound {
			return dbError(err, "session")
		}
		return domain.Errorf(domain.CodeUnauthenticated, "the session has ended; sign in again")
	}
	return nil
}

// Sessions lists the user's sessions that have not ended, newest first
// (not paged: a person has a handful).
func (s *Store) Sessions(ctx context.Context, userID string) ([]Session, error) {
	var out []Session
	err := s.DB.NewSelect().Model(&out).Where("user_id = ? AND expires_at > ?", userID, s.Now()).
		Order("created_at DESC", "id DESC").Limit(1000).Scan(ctx)
	return out, dbError(err, "session")
}

// EndSession signs one of the user's sessions out: not found when the user
// has no session of that id.
func (s *Store) EndSession(ctx context.Context, userID, id string) error {
	res, err := s.DB.NewDelete().Model((*Session)(nil)).Where("id = ? AND user_id = ?", id, userID).Exec(ctx)
	if err != nil {
		return dbError(err, "session")
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.NotFound("session")
	}
	return nil
}

// EndSessionByToken signs out the session of a cookie's secret, if any.
func (s *Store) EndSessionByToken(ctx context.Context, secret string) error {
	_, err := s.DB.NewDelete().Model((*Session)(nil)).Where("token_hash = ?", hashToken(secret)).Exec(ctx)
	return dbError(err, "session")
}

// EndSessions signs out every session of the user but keep (a session id,
// or "" for none) and returns how many ended.
func (s *Store) EndSessions(ctx context.Context, userID, keep string) (int, error) {
	res, err := s.DB.NewDelete().Model((*Session)(nil)).Where("user_id = ? AND id <> ?", userID, keep).Exec(ctx)
	if err != nil {
		return 0, dbError(err, "session")
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// PruneSessions deletes sessions past their absolute lifetime.
func (s *Store) PruneSessions(ctx context.Context) (int64, error) {
	res, err := s.DB.NewDelete().Model((*Session)(nil)).Where("expires_at <= ?", s.Now()).Exec(ctx)
	if err != nil {
		return 0, dbError(err, "session")
	}
	n, _ := res.RowsAffected()
	return n, nil
}

// SeeDevice records that the user signed in from a browser (its device
// cookie's secret) and reports whether the browser is new to an account
// that had signed in elsewhere before (a first sign-in ever is not news).
func (s *Store) SeeDevice(ctx context.Context, userID, device string) (news bool, err error) {
	err = s.DB.NewRaw(`WITH prior AS (
			SELECT count(*) AS n FROM user_devices WHERE user_id = ?0
		), seen AS (
			INSERT INTO user_devices (user_id, device_hash, first_seen_at, last_seen_at) VALUES (?0, ?1, ?2, ?2)
			ON CONFLICT (user_id, device_hash) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at
			RETURNING (xmax = 0) AS first
		)
		SELECT seen.first AND prior.n > 0 FROM seen, prior`, userID, hashToken(device), s.Now()).Scan(ctx, &news)
	return news, dbError(err, "device")
}
