package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"folio/domain"
)

// Visibility says who can read a space beyond the organization's members.
type Visibility string

const (
	VisibilityPublic       Visibility = "public"
	VisibilityUnlisted     Visibility = "unlisted"
	VisibilityShareLink    Visibility = "share-link"
	VisibilityVisitorAuth  Visibility = "visitor-auth"
	VisibilityInCollection Visibility = "in-collection"
	VisibilityPrivate      Visibility = "private"
)

// Valid reports whether v is one of the six visibilities.
func (v Visibility) Valid() bool {
	switch v {
	case VisibilityPublic, VisibilityUnlisted, VisibilityShareLink, VisibilityVisitorAuth, VisibilityInCollection, VisibilityPrivate:
		return true
	}
	return false
}

// EditMode says whether a space's content may be edited.
type EditMode string

const (
	EditLive   EditMode = "live"
	EditLocked EditMode = "locked"
)

// RetentionPeriod is how long a deleted space can be restored before it is
// purged for good.
const RetentionPeriod = 7 * 24 * time.Hour

// Space is a container of documentation content.
type Space struct {
	bun.BaseModel `bun:"table:spaces,alias:space"`

	ID                  string       `bun:"id,pk"`
	OrganizationID      string       `bun:"organization_id"`
	ParentID            *string      `bun:"parent_id"`
	Title               string       `bun:"title"`
	Emoji               string       `bun:"emoji"`
	Visibility          Visibility   `bun:"visibility"`
	EditMode            EditMode     `bun:"edit_mode"`
	DefaultLevel        *domain.Role `bun:"default_level"`
	Position            string       `bun:"position"`
	RevisionID          string       `bun:"revision_id"`
	Comments            int          `bun:"comments"`
	ChangeRequests      int          `bun:"change_requests"`
	ChangeRequestsOpen  int          `bun:"change_requests_open"`
	ChangeRequestsDraft int          `bun:"change_requests_draft"`
	CreatedAt           time.Time    `bun:"created_at"`
	UpdatedAt           time.Time    `bun:"updated_at"`
	DeletedAt           *time.Time   `bun:"deleted_at"`
	// EffectiveLevel is the default level that applies to the space: its
	// own, or else the one its collection passes on.
	EffectiveLevel *domain.Role `bun:"effective_level,scanonly"`
}

const spaceColumns = "space.*, COALESCE(space.default_level, folio_collection_level(space.parent_id)) AS effective_level"

func selectSpaces(db bun.IDB) *bun.SelectQuery {
	return db.NewSelect().Model((*Space)(nil)).ColumnExpr(spaceColumns)
}

// SpacesByID loads live spaces by id, in no particular order; deleted
// spaces are absent.
func (s *Store) SpacesByID(ctx context.Context, ids []string) ([]Space, error) {
	var out []Space
	err := spacesByID.scan(ctx, s, &out, ids)
	return out, dbError(err, "space")
}

var spacesByID = &paramRead{build: func(db bun.IDB) *bun.SelectQuery {
	return selectSpaces(db).Where("space.id = ANY($1::text[]) AND space.deleted_at IS NULL")
}}

// SpaceAccess is a live space with what one user is to its organization,
// read in one statement (a single space read needs nothing else).
type SpaceAccess struct {
	Space          `bun:",extend"`
	ViewerMember   bool         `bun:"viewer_member,scanonly"`
	ViewerRole     *domain.Role `bun:"viewer_role,scanonly"`
	ViewerOwnsTeam bool         `bun:"viewer_owns_team,scanonly"`
}

// SpacesForUser loads live spaces by id, each with userID's membership of
// its organization; deleted spaces are absent.
func (s *Store) SpacesForUser(ctx context.Context, userID string, ids []string) ([]SpaceAccess, error) {
	var out []SpaceAccess
	err := spacesForUser.scan(ctx, s, &out, userID, ids)
	return out, dbError(err, "space")
}

var spacesForUser = &paramRead{primary: true, build: func(db bun.IDB) *bun.SelectQuery {
	return selectSpaces(db).
		ColumnExpr("m.user_id IS NOT NULL AS viewer_member, m.role AS viewer_role").
		ColumnExpr("EXISTS (SELECT 1 FROM team_members AS t WHERE t.organization_id = space.organization_id AND t.user_id = m.user_id AND t.role = 'owner') AS viewer_owns_team").
		Join("LEFT JOIN members AS m ON m.organization_id = space.organization_id AND m.user_id = $1").
		Where("space.id = ANY($2::text[]) AND space.deleted_at IS NULL")
}}

// SpaceAny loads a space whether it is live or deleted.
func (s *Store) SpaceAny(ctx context.Context, id string) (*Space, error) {
	return spaceAny(ctx, s.DB, id)
}

func spaceAny(ctx context.Context, db bun.IDB, id string) (*Space, error) {
	sp := new(Space)
	err := selectSpaces(db).Where("space.id = ?", id).Scan(ctx, sp)
	return sp, dbError(err, "space")
}

// Space loads a live space; deleted spaces are NOT_FOUND.
func (s *Store) Space(ctx context.Context, id string) (*Space, error) {
	sp, err := s.SpaceAny(ctx, id)
	if err != nil {
		return nil, err
	}
	if sp.DeletedAt != nil {
		return nil, domain.NotFound("space")
	}
	return sp, nil
}

var spaceKeyset = keyset{name: "spaces", cols: []string{"space.created_at", "space.id"}}

func spaceKey(sp *Space) []any { return []any{sp.CreatedAt, sp.ID} }

// ListSpaces lists an organization's live spaces, oldest first.
func (s *Store) ListSpaces(ctx context.Context, orgID string, args PageArgs) (Page[Space], error) {
	q := selectSpaces(s.DB).Where("space.organization_id = ? AND space.deleted_at IS NULL", orgID)
	return listPage(ctx, s, q, spaceKeyset.in(orgID), args, spaceKey)
}

// ListSpacesFor lists the live spaces a member can access, given their
// organization role: every space for members with a role, for guests only
// those a default level opens. desc lists the newest first.
func (s *Store) ListSpacesFor(ctx context.Context, orgID string, role *domain.Role, desc bool, args PageArgs) (Page[Space], error) {
	q := selectSpaces(s.DB).Where("space.organization_id = ? AND space.deleted_at IS NULL", orgID)
	if role == nil {
		q.Where("COALESCE(space.default_level, folio_collection_level(space.parent_id)) IS NOT NULL")
	}
	ks := spaceKeyset
	ks.desc = desc
	return listPage(ctx, s, q, ks.in(orgID), args, spaceKey)
}

// CollectionSpaces is the list of the live spaces of a collection, in their order.
var CollectionSpaces = &NestedList[string, Space]{
	from: func(db bun.IDB) *bun.SelectQuery {
		return db.NewSelect().Model((*Space)(nil)).Where("space.deleted_at IS NULL")
	},
	columns: spaceColumns,
	parent:  byID("space.parent_id", func(sp *Space) string { return *sp.ParentID }),
	order:   keyset{name: "collection-spaces", cols: []string{`space.position COLLATE "C"`, "space.id"}},
	key:     func(sp *Space) []any { return []any{sp.Position, sp.ID} },
}

// NewSpace holds the settings of a space to create.
type NewSpace struct {
	Title      string
	Emoji      string
	Visibility Visibility
	EditMode   EditMode
	ParentID   *string
}

// CreateSpace creates a space at the end of its parent.
func (s *Store) CreateSpace(ctx context.Context, orgID string, n NewSpace) (*Space, error) {
	var sp *Space
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var err error
		if sp, err = s.createSpaceTx(ctx, tx, orgID, n); err != nil {
			return err
		}
		return s.emit(ctx, tx, spaceEvent(EventSpaceCreated, sp, P{"title": sp.Title, "parent": sp.ParentID}))
	})
	if err != nil {
		return nil, err
	}
	return sp, nil
}

// createSpaceTx creates a space inside tx, at the end of its parent,
// holding the tree lock shared with other creates (shareTree).
func (s *Store) createSpaceTx(ctx context.Context, tx bun.Tx, orgID string, n NewSpace) (*Space, error) {
	sp := &Space{ID: domain.NewID(), OrganizationID: orgID, ParentID: n.ParentID, Title: n.Title, Emoji: n.Emoji,
		Visibility: n.Visibility, EditMode: n.EditMode, RevisionID: domain.NewID()}
	if sp.EditMode == "" {
		sp.EditMode = EditLive
	}
	if err := shareTree(ctx, tx, orgID); err != nil {
		return nil, err
	}
	if err := checkParent(ctx, tx, orgID, n.ParentID, "parent"); err != nil {
		return nil, err
	}
	key, err := endKey(ctx, tx, orgID, n.ParentID, sp.ID)
	if err != nil {
		return nil, err
	}
	sp.Position = key
	sp.CreatedAt, sp.UpdatedAt = s.Now(), s.Now()
	// A space starts with a real, empty revision, stored by the same
	// statement; the space comes back as a read answers it.
	rev := &Revision{ID: sp.RevisionID, OrganizationID: orgID, SpaceID: sp.ID, Type: RevisionEdits, Parents: []string{}, CreatedAt: sp.CreatedAt}
	if _, err = tx.NewInsert().With("r", tx.NewInsert().Model(rev)).Model(sp).
		Returning("*, COALESCE(default_level, folio_collection_level(parent_id)) AS effective_level").Exec(ctx); err != nil {
		return nil, dbError(err, "space")
	}
	return sp, nil
}

// SpacePatch holds the fields of a space update; nil leaves a field
// unchanged, the Set* flag lets a null clear the default level.
type SpacePatch struct {
	Title           *string
	Emoji           *string
	EditMode        *EditMode
	Visibility      *Visibility
	SetDefaultLevel bool
	DefaultLevel    *domain.Role
}

// UpdateSpace applies a patch to a live space.
func (s *Store) UpdateSpace(ctx context.Context, id string, p SpacePatch) (*Space, error) {
	q := s.DB.NewUpdate().Model((*Space)(nil)).Where("id = ? AND deleted_at IS NULL", id).Set("updated_at = ?", s.Now())
	if p.Title != nil {
		q.Set("title = ?", *p.Title)
	}
	if p.Emoji != nil {
		q.Set("emoji = ?", *p.Emoji)
	}
	if p.EditMode != nil {
		q.Set("edit_mode = ?", *p.EditMode)
	}
	if p.Visibility != nil {
		q.Set("visibility = ?", *p.Visibility)
	}
	if p.SetDefaultLevel {
		q.Set("default_level = ?", p.DefaultLevel)
	}
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var orgID string
		if err := q.Conn(tx).Returning("organization_id").Scan(ctx, &orgID); err != nil {
			return dbError(err, "space")
		}
		return s.emit(ctx, tx, ev{org: orgID, typ: EventSpaceUpdated, object: id, space: id, payload: P{"changed": p.changed()}})
	})
	if err != nil {
		return nil, err
	}
	return s.Space(ctx, id)
}

// DeleteSpace moves a live space to the deleted state.
func (s *Store) DeleteSpace(ctx context.Context, id string) error {
	return s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var orgID string
		err := tx.NewUpdate().Table("spaces").Set("deleted_at = ?, updated_at = ?", s.Now(), s.Now()).
			Where("id = ? AND deleted_at IS NULL", id).Returning("organization_id").Scan(ctx, &orgID)
		if err != nil {
			return dbError(err, "space")
		}
		return s.emit(ctx, tx, ev{org: orgID, typ: EventSpaceDeleted, object: id, space: id})
	})
}

// RestoreSpace brings back a space deleted less than RetentionPeriod ago,
// at the end of its parent (the top level when its collection is gone, where
// in-collection visibility becomes private). A live space is returned as it
// is; one deleted longer ago is NOT_FOUND, as it is about to be purged.
func (s *Store) RestoreSpace(ctx context.Context, sp *Space) (*Space, error) {
	if sp.DeletedAt == nil {
		return sp, nil
	}
	if !sp.DeletedAt.After(s.Now().Add(-RetentionPeriod)) {
		return nil, domain.Errorf(domain.CodeNotFound, "space not found: it was deleted more than 7 days ago and can no longer be restored")
	}
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockTrees(ctx, tx, sp.OrganizationID); err != nil {
			return err
		}
		cur, err := spaceAny(ctx, tx, sp.ID) // the parent may have gone since it was read
		if err != nil {
			return err
		}
		key, err := placeKey(ctx, tx, sp.OrganizationID, cur.ParentID, Position{}, sp.ID)
		if err != nil {
			return err
		}
		vis := cur.Visibility
		if cur.ParentID == nil && vis == VisibilityInCollection {
			vis = VisibilityPrivate
		}
		_, err = tx.NewUpdate().Table("spaces").Set("deleted_at = NULL, position = ?, visibility = ?, updated_at = ?", key, vis, s.Now()).
			Where("id = ? AND deleted_at IS NOT NULL", sp.ID).Exec(ctx)
		if err != nil {
			return dbError(err, "space")
		}
		return s.emit(ctx, tx, spaceEvent(EventSpaceRestored, cur, nil))
	})
	if err != nil {
		return nil, err
	}
	return s.Space(ctx, sp.ID)
}

// PurgeDeletedSpaces permanently removes the spaces deleted more than
// RetentionPeriod ago, with everything in them (ON DELETE CASCADE). It is one
// statement, so servers running it at the same time never conflict: a row
// one of them removed is simply not there for the others.
func (s *Store) PurgeDeletedSpaces(ctx context.Context) (int, error) {
	res, err := s.DB.NewDelete().Table("spaces").
		Where("deleted_at IS NOT NULL AND deleted_at <= ?", s.Now().Add(-RetentionPeriod)).Exec(ctx)
	if err != nil {
		return 0, dbError(err, "space")
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// DuplicateSpace copies a live space with its settings and custom field
// values, just after it among its siblings.
func (s *Store) DuplicateSpace(ctx context.Context, src *Space) (*Space, error) {
	cp := *src
	cp.ID, cp.RevisionID = domain.NewID(), domain.NewID()
	cp.Comments, cp.ChangeRequests, cp.ChangeRequestsOpen, cp.ChangeRequestsDraft = 0, 0, 0, 0
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockTrees(ctx, tx, src.OrganizationID); err != nil {
			return err
		}
		key, err := placeKey(ctx, tx, src.OrganizationID, src.ParentID, Position{After: &Pointer{Type: "space", ID: src.ID}}, cp.ID)
		if err != nil {
			return err
		}
		cp.Position = key
		cp.CreatedAt, cp.UpdatedAt = s.Now(), s.Now()
		if _, err := tx.NewInsert().Model(&cp).Exec(ctx); err != nil {
			return dbError(err, "space")
		}
		_, err = tx.NewRaw(`INSERT INTO space_custom_values (organization_id, space_id, field_id, value)
			SELECT organization_id, ?, field_id, value FROM space_custom_values WHERE space_id = ?`, cp.ID, src.ID).Exec(ctx)
		if err != nil {
			return dbError(err, "custom field value")
		}
		if err := copyContent(ctx, tx, src, &cp); err != nil {
			return err
		}
		return s.emit(ctx, tx, spaceEvent(EventSpaceCreated, &cp, P{"title": cp.Title, "parent": cp.ParentID, "duplicateOf": src.ID}))
	})
	if err != nil {
		return nil, err
	}
	return s.Space(ctx, cp.ID)
}

// MoveSpace moves a live space under parentID (nil: the top level) at pos.
// An in-collection space moved to the top level becomes private.
func (s *Store) MoveSpace(ctx context.Context, sp *Space, parentID *string, pos Position) (*Space, error) {
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockTrees(ctx, tx, sp.OrganizationID); err != nil {
			return err
		}
		if err := checkParent(ctx, tx, sp.OrganizationID, parentID, "parent"); err != nil {
			return err
		}
		key, err := placeKey(ctx, tx, sp.OrganizationID, parentID, pos, sp.ID)
		if err != nil {
			return err
		}
		if err := relocate(ctx, tx, s.Now(), sp, sp.OrganizationID, parentID, key); err != nil {
			return err
		}
		return s.emit(ctx, tx, spaceEvent(EventSpaceMoved, sp, P{"parent": parentID}))
	})
	if err != nil {
		return nil, err
	}
	return s.Space(ctx, sp.ID)
}

// relocate writes a space's new place.
func relocate(ctx context.Context, tx bun.Tx, now time.Time, sp *Space, orgID string, parentID *string, key string) error {
	vis := sp.Visibility
	if parentID == nil && vis == VisibilityInCollection {
		vis = VisibilityPrivate
	}
	_, err := tx.NewUpdate().Table("spaces").
		Set("organization_id = ?, parent_id = ?, position = ?, visibility = ?, updated_at = ?", orgID, parentID, key, vis, now).
		Where("id = ?", sp.ID).Exec(ctx)
	return dbError(err, "space")
}

// TransferSpace moves a live space to another organization, at the end of
// parentID there (nil: the top level), with everything in it, in one
// transaction.
func (s *Store) TransferSpace(ctx context.Context, sp *Space, toOrg string, parentID *string) (*Space, error) {
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockTrees(ctx, tx, sp.OrganizationID, toOrg); err != nil {
			return err
		}
		if err := checkParent(ctx, tx, toOrg, parentID, "collection"); err != nil {
			return err
		}
		key, err := placeKey(ctx, tx, toOrg, parentID, Position{}, sp.ID)
		if err != nil {
			return err
		}
		if err := relocate(ctx, tx, s.Now(), sp, toOrg, parentID, key); err != nil {
			return err
		}
		if err := moveCustomValues(ctx, tx, []string{sp.ID}, toOrg); err != nil {
			return err
		}
		if err := moveContent(ctx, tx, []string{sp.ID}, sp.OrganizationID, toOrg); err != nil {
			return err
		}
		p := P{"from": sp.OrganizationID, "to": toOrg}
		return s.emit(ctx, tx, ev{org: sp.OrganizationID, typ: EventSpaceTransferred, object: sp.ID, space: sp.ID, payload: p},
			ev{org: toOrg, typ: EventSpaceTransferred, object: sp.ID, space: sp.ID, payload: p})
	})
	if err != nil {
		return nil, err
	}
	return s.Space(ctx, sp.ID)
}

// RequireLive checks, inside the transaction of a content write, that the
// space exists, is not deleted and is not locked; it holds a share lock on
// the space row until the transaction ends, so the space cannot be locked
// or deleted half-way through the write. Every content write calls it.
func RequireLive(ctx context.Context, db bun.IDB, spaceID string) error {
	var row struct {
		EditMode  EditMode   `bun:"edit_mode"`
		DeletedAt *time.Time `bun:"deleted_at"`
	}
	err := db.NewSelect().Table("spaces").Column("edit_mode", "deleted_at").Where("id = ?", spaceID).For("SHARE").Scan(ctx, &row)
	if err != nil {
		return dbError(err, "space")
	}
	if row.DeletedAt != nil {
		return domain.NotFound("space")
	}
	if row.EditMode == EditLocked {
		return ErrLocked
	}
	return nil
}

// ErrLocked answers content writes to a space whose editMode is locked.
var ErrLocked = &domain.Error{Code: domain.CodeConflict, Message: "the space is locked (editMode is locked): an admin must set editMode to live before its content can change"}
