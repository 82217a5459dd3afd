package store

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"time"

	"github.com/uptrace/bun"

	"folio/domain"
)

// Share links open a share-link site to whoever holds their key. Admins
// must be able to see a link's key again (urls.published), so the key is
// not stored: it is derived from the link id with the server's share-link
// secret (HMAC-SHA256), and only the key's SHA-256 is kept, to find a link
// by its key. A database dump alone reveals no key; deleting a link makes
// its key worthless for good.

// ShareLink is a secret link to a site.
type ShareLink struct {
	bun.BaseModel `bun:"table:site_share_links,alias:link"`

	ID             string    `bun:"id,pk"`
	OrganizationID string    `bun:"organization_id"`
	SiteID         string    `bun:"site_id"`
	Name           string    `bun:"name"`
	Active         bool      `bun:"active"`
	KeyHash        []byte    `bun:"key_hash"`
	CreatedAt      time.Time `bun:"created_at"`
}

// ShareKey is the secret key of a share link.
func (s *Store) ShareKey(linkID string) string {
	m := hmac.New(sha256.New, s.shareKey)
	m.Write([]byte("share-link\x00" + linkID))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:24])
}

func keyHash(key string) []byte {
	h := sha256.Sum256([]byte(key))
	return h[:]
}

var shareLinkKeyset = keyset{name: "share-links", cols: []string{"link.created_at", "link.id"}}

// ListShareLinks lists the share links of a site, oldest first.
func (s *Store) ListShareLinks(ctx context.Context, siteID string, args PageArgs) (Page[ShareLink], error) {
	q := s.DB.NewSelect().Model((*ShareLink)(nil)).Where("link.site_id = ?", siteID)
	return listPage(ctx, s, q, shareLinkKeyset.in(siteID), args, func(l *ShareLink) []any { return []any{l.CreatedAt, l.ID} })
}

// ShareLink loads a share link of a site.
func (s *Store) ShareLink(ctx context.Context, siteID, id string) (*ShareLink, error) {
	l := new(ShareLink)
	err := s.DB.NewSelect().Model(l).Where("link.id = ? AND link.site_id = ?", id, siteID).Scan(ctx)
	return l, dbError(err, "share link")
}

// ActiveShareLink reports whether key is the key of an active share link of
// the site. It reads the primary even where the reader's other reads may
// come from a replica (replicas.go): a link switched off or deleted stops
// admitting readers at once, not once a replica has replayed the change.
func (s *Store) ActiveShareLink(ctx context.Context, siteID, key string) (bool, error) {
	if key == "" {
		return false, nil
	}
	ok, err := exists(ctx, s.DB.NewSelect().Table("site_share_links").Where("site_id = ? AND key_hash = ? AND active", siteID, keyHash(key)))
	return ok, dbError(err, "share link")
}

// CreateShareLink creates an active share link with a new key.
func (s *Store) CreateShareLink(ctx context.Context, site *Site, name string) (*ShareLink, error) {
	l := &ShareLink{ID: domain.NewID(), OrganizationID: site.OrganizationID, SiteID: site.ID, Name: name, Active: true, CreatedAt: s.Now()}
	l.KeyHash = keyHash(s.ShareKey(l.ID))
	err := s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		_, err := tx.NewInsert().Model(l).Exec(ctx)
		return dbError(err, "share link")
	}, shareLinkEvent(EventShareLinkCreated, l))
	if err != nil {
		return nil, err
	}
	return l, nil
}

// UpdateShareLink changes a share link's name and whether it is active.
func (s *Store) UpdateShareLink(ctx context.Context, l *ShareLink, name *string, active *bool) (*ShareLink, error) {
	err := s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		q := tx.NewUpdate().Table("site_share_links").Where("id = ?", l.ID).Set("id = id")
		if name != nil {
			q.Set("name = ?", *name)
		}
		if active != nil {
			q.Set("active = ?", *active)
		}
		_, err := q.Exec(ctx)
		return dbError(err, "share link")
	}, shareLinkEvent(EventShareLinkUpdated, l))
	if err != nil {
		return nil, err
	}
	return s.ShareLink(ctx, l.SiteID, l.ID)
}

// DeleteShareLink removes a share link; its key opens nothing any more.
func (s *Store) DeleteShareLink(ctx context.Context, l *ShareLink) error {
	return s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		_, err := tx.NewDelete().Table("site_share_links").Where("id = ?", l.ID).Exec(ctx)
		return dbError(err, "share link")
	}, shareLinkEvent(EventShareLinkDeleted, l))
}
