package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"folio/domain"
)

// Collection is a nestable grouping of spaces.
type Collection struct {
	bun.BaseModel `bun:"table:collections,alias:collection"`

	ID             string       `bun:"id,pk"`
	OrganizationID string       `bun:"organization_id"`
	ParentID       *string      `bun:"parent_id"`
	Title          string       `bun:"title"`
	Description    *string      `bun:"description"`
	DefaultLevel   *domain.Role `bun:"default_level"`
	Position       string       `bun:"position"`
	CreatedAt      time.Time    `bun:"created_at"`
	UpdatedAt      time.Time    `bun:"updated_at"`
	// EffectiveLevel is the default level that applies inside the
	// collection: its own, or the nearest ancestor's.
	EffectiveLevel *domain.Role `bun:"effective_level,scanonly"`
}

const collectionColumns = "collection.*, folio_collection_level(collection.id) AS effective_level"

func selectCollections(db bun.IDB) *bun.SelectQuery {
	return db.NewSelect().Model((*Collection)(nil)).ColumnExpr(collectionColumns)
}

// CollectionsByID loads collections by id, in no particular order.
func (s *Store) CollectionsByID(ctx context.Context, ids []string) ([]Collection, error) {
	var out []Collection
	err := collectionsByID.scan(ctx, s, &out, ids)
	return out, dbError(err, "collection")
}

var collectionsByID = &paramRead{build: func(db bun.IDB) *bun.SelectQuery {
	return selectCollections(db).Where("collection.id = ANY($1::text[])")
}}

func (s *Store) collection(ctx context.Context, db bun.IDB, id string) (*Collection, error) {
	c := new(Collection)
	err := selectCollections(db).Where("collection.id = ?", id).Scan(ctx, c)
	return c, dbError(err, "collection")
}

// Collection loads one collection; NOT_FOUND when there is none.
func (s *Store) Collection(ctx context.Context, id string) (*Collection, error) {
	return s.collection(ctx, s.DB, id)
}

var collectionKeyset = keyset{name: "collections", cols: []string{"collection.created_at", "collection.id"}}

// ListCollections lists an organization's collections, oldest first: all of
// them when nested, else only those at the top level. For guests (role nil)
// only those a default level opens to them.
func (s *Store) ListCollections(ctx context.Context, orgID string, role *domain.Role, nested bool, args PageArgs) (Page[Collection], error) {
	q := selectCollections(s.DB).Where("collection.organization_id = ?", orgID)
	if !nested {
		q.Where("collection.parent_id IS NULL")
	}
	if role == nil {
		q.Where("folio_collection_level(collection.id) IS NOT NULL")
	}
	return listPage(ctx, s, q, collectionKeyset.in(orgID), args, func(c *Collection) []any { return []any{c.CreatedAt, c.ID} })
}

// ChildCollections is the list of the collections inside a collection, in their order.
var ChildCollections = &NestedList[string, Collection]{
	from:    func(db bun.IDB) *bun.SelectQuery { return db.NewSelect().Model((*Collection)(nil)) },
	columns: collectionColumns,
	parent:  byID("collection.parent_id", func(c *Collection) string { return *c.ParentID }),
	order:   keyset{name: "child-collections", cols: []string{`collection.position COLLATE "C"`, "collection.id"}},
	key:     func(c *Collection) []any { return []any{c.Position, c.ID} },
}

// NewCollection holds the settings of a collection to create.
type NewCollection struct {
	Title       string
	Description *string
	ParentID    *string
}

// CreateCollection creates a collection at the end of its parent (nil: the
// top level).
func (s *Store) CreateCollection(ctx context.Context, orgID string, n NewCollection) (*Collection, error) {
	parentID := n.ParentID
	c := &Collection{ID: domain.NewID(), OrganizationID: orgID, ParentID: parentID, Title: n.Title, Description: n.Description}
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := shareTree(ctx, tx, orgID); err != nil {
			return err
		}
		if err := checkParent(ctx, tx, orgID, parentID, "parent"); err != nil {
			return err
		}
		key, err := endKey(ctx, tx, orgID, parentID, c.ID)
		if err != nil {
			return err
		}
		c.Position = key
		c.CreatedAt, c.UpdatedAt = s.Now(), s.Now()
		if _, err = tx.NewInsert().Model(c).Exec(ctx); err != nil {
			return dbError(err, "collection")
		}
		return s.emit(ctx, tx, collectionEvent(EventCollectionCreated, c, P{"title": c.Title, "parent": c.ParentID}))
	})
	if err != nil {
		return nil, err
	}
	return s.Collection(ctx, c.ID)
}

// CollectionPatch holds the fields of a collection update; nil leaves a
// field unchanged, the Set* flags let a null clear it.
type CollectionPatch struct {
	Title           *string
	SetDescription  bool
	Description     *string
	SetDefaultLevel bool
	DefaultLevel    *domain.Role
}

// UpdateCollection applies a patch.
func (s *Store) UpdateCollection(ctx context.Context, id string, p CollectionPatch) (*Collection, error) {
	q := s.DB.NewUpdate().Model((*Collection)(nil)).Where("id = ?", id).Set("updated_at = ?", s.Now())
	if p.Title != nil {
		q.Set("title = ?", *p.Title)
	}
	if p.SetDescription {
		q.Set("description = ?", p.Description)
	}
	if p.SetDefaultLevel {
		q.Set("default_level = ?", p.DefaultLevel)
	}
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var orgID string
		if err := q.Conn(tx).Returning("organization_id").Scan(ctx, &orgID); err != nil {
			return dbError(err, "collection")
		}
		var changed []string
		for _, f := range []struct {
			name string
			set  bool
		}{{"title", p.Title != nil}, {"description", p.SetDescription}, {"defaultLevel", p.SetDefaultLevel}} {
			if f.set {
				changed = append(changed, f.name)
			}
		}
		return s.emit(ctx, tx, ev{org: orgID, typ: EventCollectionUpdated, object: id, payload: P{"changed": changed}})
	})
	if err != nil {
		return nil, err
	}
	return s.Collection(ctx, id)
}

// DeleteCollection removes a collection and the collections inside it. Their
// spaces are deleted like any space (restorable for RetentionPeriod, at the
// top level); spaces that were already deleted stay deleted.
func (s *Store) DeleteCollection(ctx context.Context, c *Collection) error {
	return s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockTrees(ctx, tx, c.OrganizationID); err != nil {
			return err
		}
		ids, err := subtree(ctx, tx, c.ID)
		if err != nil {
			return err
		}
		var spaceIDs []string
		if err := tx.NewUpdate().Table("spaces").Set("deleted_at = ?, updated_at = ?", s.Now(), s.Now()).
			Where("parent_id IN (?) AND deleted_at IS NULL", bun.In(ids)).Returning("id").Scan(ctx, &spaceIDs); err != nil {
			return dbError(err, "space")
		}
		// Child collections go with it (ON DELETE CASCADE); spaces lose their parent (SET NULL).
		if _, err = tx.NewDelete().Table("collections").Where("id = ?", c.ID).Exec(ctx); err != nil {
			return dbError(err, "collection")
		}
		events := []ev{collectionEvent(EventCollectionDeleted, c, P{"collections": ids})}
		for _, id := range spaceIDs {
			events = append(events, ev{org: c.OrganizationID, typ: EventSpaceDeleted, object: id, space: id, payload: P{"collection": c.ID}})
		}
		return s.emit(ctx, tx, events...)
	})
}

// MoveCollection moves a collection under parentID (nil: the top level) at
// pos. A collection cannot go under itself or a descendant.
func (s *Store) MoveCollection(ctx context.Context, c *Collection, parentID *string, pos Position) (*Collection, error) {
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockTrees(ctx, tx, c.OrganizationID); err != nil {
			return err
		}
		if err := checkParent(ctx, tx, c.OrganizationID, parentID, "parent"); err != nil {
			return err
		}
		if parentID != nil {
			cycle, err := isWithin(ctx, tx, *parentID, c.ID)
			if err != nil {
				return err
			}
			if cycle {
				return domain.Invalid("parent", "a collection cannot be moved into itself or one of its descendants")
			}
		}
		key, err := placeKey(ctx, tx, c.OrganizationID, parentID, pos, c.ID)
		if err != nil {
			return err
		}
		_, err = tx.NewUpdate().Table("collections").Set("parent_id = ?, position = ?, updated_at = ?", parentID, key, s.Now()).
			Where("id = ?", c.ID).Exec(ctx)
		if err != nil {
			return dbError(err, "collection")
		}
		return s.emit(ctx, tx, collectionEvent(EventCollectionMoved, c, P{"parent": parentID}))
	})
	if err != nil {
		return nil, err
	}
	return s.Collection(ctx, c.ID)
}

// TransferCollection moves a collection, with everything inside it, to the
// top level of another organization, in one transaction.
func (s *Store) TransferCollection(ctx context.Context, c *Collection, toOrg string) (*Collection, error) {
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockTrees(ctx, tx, c.OrganizationID, toOrg); err != nil {
			return err
		}
		ids, err := subtree(ctx, tx, c.ID)
		if err != nil {
			return err
		}
		key, err := placeKey(ctx, tx, toOrg, nil, Position{}, c.ID)
		if err != nil {
			return err
		}
		// The root first, with its new key in one go: its old key may be taken
		// at the target's top level.
		if _, err := tx.NewUpdate().Table("collections").Set("organization_id = ?, parent_id = NULL, position = ?, updated_at = ?", toOrg, key, s.Now()).
			Where("id = ?", c.ID).Exec(ctx); err != nil {
			return dbError(err, "collection")
		}
		if _, err := tx.NewUpdate().Table("collections").Set("organization_id = ?, updated_at = ?", toOrg, s.Now()).
			Where("id IN (?) AND id <> ?", bun.In(ids), c.ID).Exec(ctx); err != nil {
			return dbError(err, "collection")
		}
		var spaceIDs []string
		if err := tx.NewUpdate().Table("spaces").Set("organization_id = ?, updated_at = ?", toOrg, s.Now()).
			Where("parent_id IN (?)", bun.In(ids)).Returning("id").Scan(ctx, &spaceIDs); err != nil {
			return dbError(err, "space")
		}
		if err := moveCustomValues(ctx, tx, spaceIDs, toOrg); err != nil {
			return err
		}
		if err := moveContent(ctx, tx, spaceIDs, c.OrganizationID, toOrg); err != nil {
			return err
		}
		p := P{"from": c.OrganizationID, "to": toOrg, "spaces": spaceIDs}
		return s.emit(ctx, tx, ev{org: c.OrganizationID, typ: EventCollectionTransferred, object: c.ID, payload: p},
			ev{org: toOrg, typ: EventCollectionTransferred, object: c.ID, payload: p})
	})
	if err != nil {
		return nil, err
	}
	return s.Collection(ctx, c.ID)
}
