package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"sort"
	"time"

	"github.com/uptrace/bun"

	"folio/domain"
)

// CustomFieldType says what values a custom field holds.
type CustomFieldType string

const (
	FieldText         CustomFieldType = "text"          // a string of at most 256 characters
	FieldNumber       CustomFieldType = "number"        // a JSON number
	FieldBoolean      CustomFieldType = "boolean"       // true or false
	FieldSingleSelect CustomFieldType = "single-select" // one of the field's options
	FieldMultiSelect  CustomFieldType = "multi-select"  // an array of the field's options
	FieldTags         CustomFieldType = "tags"          // an array of strings
)

// Valid reports whether t is a known field type.
func (t CustomFieldType) Valid() bool {
	switch t {
	case FieldText, FieldNumber, FieldBoolean, FieldSingleSelect, FieldMultiSelect, FieldTags:
		return true
	}
	return false
}

// HasOptions reports whether values of the type are chosen among options.
func (t CustomFieldType) HasOptions() bool { return t == FieldSingleSelect || t == FieldMultiSelect }

// CustomField is an organization's definition of a field its spaces can fill in.
type CustomField struct {
	bun.BaseModel `bun:"table:custom_fields,alias:field"`

	ID             string          `bun:"id,pk"`
	OrganizationID string          `bun:"organization_id"`
	Name           string          `bun:"name"`
	Type           CustomFieldType `bun:"type"`
	Title          string          `bun:"title"`
	Description    string          `bun:"description"`
	Placeholder    string          `bun:"placeholder"`
	Options        []string        `bun:"options,array"`
	CreatedAt      time.Time       `bun:"created_at"`
	UpdatedAt      time.Time       `bun:"updated_at"`
}

// ListCustomFields lists an organization's fields, oldest first.
func (s *Store) ListCustomFields(ctx context.Context, orgID string, args PageArgs) (Page[CustomField], error) {
	q := s.DB.NewSelect().Model((*CustomField)(nil)).Where("field.organization_id = ?", orgID)
	return listPage(ctx, s, q, keyset{name: "custom-fields", cols: []string{"field.created_at", "field.id"}}.in(orgID), args,
		func(f *CustomField) []any { return []any{f.CreatedAt, f.ID} })
}

// AllCustomFields loads every field of an organization, oldest first.
func (s *Store) AllCustomFields(ctx context.Context, orgID string) ([]CustomField, error) {
	var out []CustomField
	err := s.DB.NewSelect().Model(&out).Where("organization_id = ?", orgID).OrderExpr("created_at, id").Scan(ctx)
	return out, dbError(err, "custom field")
}

// CustomFieldByName loads a field by its name.
func (s *Store) CustomFieldByName(ctx context.Context, orgID, name string) (*CustomField, error) {
	f := new(CustomField)
	err := s.DB.NewSelect().Model(f).Where("organization_id = ? AND name = ?", orgID, name).Scan(ctx)
	return f, dbError(err, "custom field")
}

// CreateCustomField creates a field; a taken name is a conflict.
func (s *Store) CreateCustomField(ctx context.Context, f *CustomField) error {
	f.ID = domain.NewID()
	f.CreatedAt, f.UpdatedAt = s.Now(), s.Now()
	return s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		_, err := tx.NewInsert().Model(f).Exec(ctx)
		if domain.ErrorCode(dbError(err, "")) == domain.CodeConflict {
			return domain.Errorf(domain.CodeConflict, "name: a custom field named %q already exists", f.Name)
		}
		return dbError(err, "custom field")
	}, ev{org: f.OrganizationID, typ: EventCustomFieldCreated, object: f.ID, payload: P{"name": f.Name}})
}

// CustomFieldPatch holds the fields of a field update; nil leaves a field unchanged.
type CustomFieldPatch struct {
	Title, Description, Placeholder *string
	Options                         []string
}

// UpdateCustomField applies a patch.
func (s *Store) UpdateCustomField(ctx context.Context, id string, p CustomFieldPatch) (*CustomField, error) {
	q := s.DB.NewUpdate().Model((*CustomField)(nil)).Where("id = ?", id).Set("updated_at = ?", s.Now())
	if p.Title != nil {
		q.Set("title = ?", *p.Title)
	}
	if p.Description != nil {
		q.Set("description = ?", *p.Description)
	}
	if p.Placeholder != nil {
		q.Set("placeholder = ?", *p.Placeholder)
	}
	if p.Options != nil {
		q.Set("options = ?", pgArray(p.Options))
	}
	f := new(CustomField)
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := q.Conn(tx).Returning("*").Scan(ctx, f); err != nil {
			return dbError(err, "custom field")
		}
		return s.emit(ctx, tx, ev{org: f.OrganizationID, typ: EventCustomFieldUpdated, object: f.ID, payload: P{"name": f.Name}})
	})
	return f, err
}

// DeleteCustomField deletes a field and every value of it.
func (s *Store) DeleteCustomField(ctx context.Context, id string) error {
	return s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var f CustomField
		err := tx.NewDelete().Model(&f).Where("id = ?", id).Returning("organization_id, name").Scan(ctx)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return dbError(err, "custom field")
		}
		return s.emit(ctx, tx, ev{org: f.OrganizationID, typ: EventCustomFieldDeleted, object: id, payload: P{"name": f.Name}})
	})
}

// CustomValue is a space's value of one field.
type CustomValue struct {
	bun.BaseModel `bun:"table:space_custom_values,alias:value"`

	OrganizationID string          `bun:"organization_id"`
	SpaceID        string          `bun:"space_id,pk"`
	FieldID        string          `bun:"field_id,pk"`
	Value          json.RawMessage `bun:"value,type:jsonb"`
}

// SpaceCustomValues loads a space's values keyed by field id.
func (s *Store) SpaceCustomValues(ctx context.Context, spaceID string) (map[string]json.RawMessage, error) {
	var rows []CustomValue
	if err := s.DB.NewSelect().Model(&rows).Where("space_id = ?", spaceID).Scan(ctx); err != nil {
		return nil, dbError(err, "custom field value")
	}
	out := make(map[string]json.RawMessage, len(rows))
	for _, r := range rows {
		out[r.FieldID] = r.Value
	}
	return out, nil
}

// SetSpaceCustomValues writes checked values (nil clears one) in one
// transaction: all of them or, on any error, none. Values are content: a
// locked or deleted space refuses them.
func (s *Store) SetSpaceCustomValues(ctx context.Context, sp *Space, values map[string]json.RawMessage) error {
	return s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := RequireLive(ctx, tx, sp.ID); err != nil {
			return err
		}
		for fieldID, v := range values {
			var err error
			if v == nil {
				_, err = tx.NewDelete().Model((*CustomValue)(nil)).Where("space_id = ? AND field_id = ?", sp.ID, fieldID).Exec(ctx)
			} else {
				_, err = tx.NewInsert().Model(&CustomValue{OrganizationID: sp.OrganizationID, SpaceID: sp.ID, FieldID: fieldID, Value: v}).
					On("CONFLICT (space_id, field_id) DO UPDATE").Set("value = EXCLUDED.value").Exec(ctx)
			}
			if err != nil {
				return dbError(err, "custom field value")
			}
		}
		fields := make([]string, 0, len(values))
		for id := range values {
			fields = append(fields, id)
		}
		sort.Strings(fields)
		return s.emit(ctx, tx, spaceEvent(EventSpaceCustomFields, sp, P{"fields": fields}))
	})
}

// moveCustomValues carries the values of transferred spaces over to the
// target organization's fields of the same name and type; values of fields
// the target does not define are dropped with the old organization's fields.
func moveCustomValues(ctx context.Context, tx bun.Tx, spaceIDs []string, toOrg string) error {
	if len(spaceIDs) == 0 {
		return nil
	}
	_, err := tx.NewRaw(`UPDATE space_custom_values AS v SET organization_id = ?, field_id = t.id
		FROM custom_fields AS f, custom_fields AS t
		WHERE v.space_id IN (?) AND f.id = v.field_id AND f.organization_id <> ?
		  AND t.organization_id = ? AND t.name = f.name AND t.type = f.type`,
		toOrg, bun.In(spaceIDs), toOrg, toOrg).Exec(ctx)
	if err != nil {
		return dbError(err, "custom field value")
	}
	_, err = tx.NewRaw(`DELETE FROM space_custom_values WHERE space_id IN (?) AND organization_id <> ?`, bun.In(spaceIDs), toOrg).Exec(ctx)
	return dbError(err, "custom field value")
}
