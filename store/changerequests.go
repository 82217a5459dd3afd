package store

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"sync"
	"time"

	"github.com/uptrace/bun"

	"folio/domain"
)

// ChangeRequestStatus is where a change request is in its life.
type ChangeRequestStatus string

const (
	CRDraft    ChangeRequestStatus = "draft"
	CROpen     ChangeRequestStatus = "open"
	CRArchived ChangeRequestStatus = "archived"
	CRMerged   ChangeRequestStatus = "merged"
)

// ChangeRequest is a branch of a space's content: it starts from the space's
// revision at the time (RevisionInitial) and gathers revisions of its own
// (RevisionID is the latest) until it is merged.
type ChangeRequest struct {
	bun.BaseModel `bun:"table:change_requests,alias:cr"`

	ID              string              `bun:"id,pk"`
	OrganizationID  string              `bun:"organization_id"`
	SpaceID         string              `bun:"space_id"`
	Number          int                 `bun:"number"`
	Status          ChangeRequestStatus `bun:"status"`
	Subject         string              `bun:"subject"`
	CreatedBy       string              `bun:"created_by"`
	MergedBy        *string             `bun:"merged_by"`
	RevisionInitial string              `bun:"revision_initial"`
	RevisionID      string              `bun:"revision_id"`
	RevisionMerged  *string             `bun:"revision_merged"`
	CreatedAt       time.Time           `bun:"created_at"`
	UpdatedAt       time.Time           `bun:"updated_at"`
	MergedAt        *time.Time          `bun:"merged_at"`
	Comments        int                 `bun:"comments"` // open comments, kept by the comment writes
}

// ChangeRequest loads a change request of a space by its id or its number.
func (s *Store) ChangeRequest(ctx context.Context, spaceID, idOrNumber string) (*ChangeRequest, error) {
	return changeRequest(ctx, s.DB, spaceID, idOrNumber, false)
}

func changeRequest(ctx context.Context, db bun.IDB, spaceID, idOrNumber string, lock bool) (*ChangeRequest, error) {
	cr := new(ChangeRequest)
	q := db.NewSelect().Model(cr).Where("cr.space_id = ?", spaceID)
	if n, err := strconv.Atoi(idOrNumber); err == nil {
		q.Where("cr.number = ?", n)
	} else {
		q.Where("cr.id = ?", idOrNumber)
	}
	if lock {
		q.For("UPDATE")
	}
	err := q.Scan(ctx)
	return cr, dbError(err, "change request")
}

var changeRequestKeyset = keyset{name: "change-requests", cols: []string{"cr.number"}, desc: true}

func changeRequestKey(cr *ChangeRequest) []any { return []any{cr.Number} }

// ListChangeRequests lists a space's change requests with one status, newest first.
func (s *Store) ListChangeRequests(ctx context.Context, spaceID string, status ChangeRequestStatus, args PageArgs) (Page[ChangeRequest], error) {
	q := s.DB.NewSelect().Model((*ChangeRequest)(nil)).Where("cr.space_id = ? AND cr.status = ?", spaceID, status)
	return listPage(ctx, s, q, changeRequestKeyset.in(spaceID), args, changeRequestKey)
}

// OrgChangeRequestFilter narrows the change requests of an organization.
type OrgChangeRequestFilter struct {
	Statuses []ChangeRequestStatus // none: open ones
	Creator  *string               // created by this user
	SpaceID  *string               // of this space
}

var orgChangeRequestKeyset = keyset{name: "org-change-requests", cols: []string{"cr.created_at", "cr.id"}, desc: true}

func orgChangeRequestKey(cr *ChangeRequest) []any { return []any{cr.CreatedAt, cr.ID} }

// ListOrganizationChangeRequests lists the change requests of the live
// spaces of an organization that a member can access (as ListSpacesFor
// decides from their role), newest first.
func (s *Store) ListOrganizationChangeRequests(ctx context.Context, orgID string, role *domain.Role, f OrgChangeRequestFilter, args PageArgs) (Page[ChangeRequest], error) {
	statuses := f.Statuses
	if len(statuses) == 0 {
		statuses = []ChangeRequestStatus{CROpen}
	}
	q := s.DB.NewSelect().Model((*ChangeRequest)(nil)).
		Join("JOIN spaces AS space ON space.id = cr.space_id").
		Where("cr.organization_id = ? AND space.deleted_at IS NULL AND cr.status IN (?)", orgID, bun.In(statuses))
	if role == nil {
		q.Where("COALESCE(space.default_level, folio_collection_level(space.parent_id)) IS NOT NULL")
	}
	if f.Creator != nil {
		q.Where("cr.created_by = ?", *f.Creator)
	}
	if f.SpaceID != nil {
		q.Where("cr.space_id = ?", *f.SpaceID)
	}
	return listPage(ctx, s, q, orgChangeRequestKeyset.in(orgID), args, orgChangeRequestKey)
}

// counterColumn is the spaces column counting change requests in a status.
func counterColumn(st ChangeRequestStatus) string {
	switch st {
	case CROpen:
		return "change_requests_open"
	case CRDraft:
		return "change_requests_draft"
	}
	return ""
}

// moveCounters updates a space's counters for a change request going from
// one status to another, in the caller's transaction (CreateChangeRequest
// counts a new one itself).
func moveCounters(ctx context.Context, tx bun.IDB, spaceID string, from, to ChangeRequestStatus) error {
	dec, inc := counterColumn(from), counterColumn(to)
	if from == to || (dec == "" && inc == "") {
		return nil
	}
	q := tx.NewUpdate().Table("spaces").Where("id = ?", spaceID)
	if dec != "" {
		q.Set(dec + " = " + dec + " - 1")
	}
	if inc != "" {
		q.Set(inc + " = " + inc + " + 1")
	}
	_, err := q.Exec(ctx)
	return dbError(err, "space")
}

// CreateChangeRequest opens a draft change request on the space's current
// revision; its number is the space's next.
func (s *Store) CreateChangeRequest(ctx context.Context, sp *Space, userID, subject string) (*ChangeRequest, error) {
	cr := &ChangeRequest{ID: domain.NewID(), OrganizationID: sp.OrganizationID, SpaceID: sp.ID, Status: CRDraft,
		Subject: subject, CreatedBy: userID, CreatedAt: s.Now(), UpdatedAt: s.Now()}
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var row struct {
			Number   int    `bun:"change_requests"`
			Revision string `bun:"revision_id"`
		}
		// The counter update locks the space row, so numbers never repeat.
		err := tx.NewUpdate().Table("spaces").
			Set("change_requests = change_requests + 1, change_requests_draft = change_requests_draft + 1").
			Where("id = ? AND deleted_at IS NULL", sp.ID).Returning("change_requests, revision_id").Scan(ctx, &row)
		if err != nil {
			return dbError(err, "space")
		}
		cr.Number, cr.RevisionInitial, cr.RevisionID = row.Number, row.Revision, row.Revision
		if _, err = tx.NewInsert().Model(cr).Exec(ctx); err != nil {
			return dbError(err, "change request")
		}
		return s.emit(ctx, tx, crEvent(EventChangeRequestCreated, cr, P{"subject": cr.Subject}))
	})
	if err != nil {
		return nil, err
	}
	return cr, nil
}

// ChangeRequestPatch holds the fields of a change request update; nil leaves one unchanged.
type ChangeRequestPatch struct {
	Subject *string
	Status  *ChangeRequestStatus // draft, open or archived
}

// UpdateChangeRequest changes a change request's subject or status and the
// space's counters with it. A merged change request is CONFLICT.
func (s *Store) UpdateChangeRequest(ctx context.Context, spaceID, id string, p ChangeRequestPatch) (*ChangeRequest, error) {
	var cr *ChangeRequest
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var err error
		if cr, err = changeRequest(ctx, tx, spaceID, id, true); err != nil {
			return err
		}
		if cr.Status == CRMerged {
			return domain.Errorf(domain.CodeConflict, "change request #%d is merged and can no longer change", cr.Number)
		}
		if p.Subject != nil {
			cr.Subject = *p.Subject
		}
		if p.Status != nil && *p.Status != cr.Status {
			if err := moveCounters(ctx, tx, spaceID, cr.Status, *p.Status); err != nil {
				return err
			}
			cr.Status = *p.Status
		}
		cr.UpdatedAt = s.Now()
		if _, err = tx.NewUpdate().Model(cr).Column("subject", "status", "updated_at").WherePK().Exec(ctx); err != nil {
			return dbError(err, "change request")
		}
		var changed []string
		if p.Subject != nil {
			changed = append(changed, "subject")
		}
		if p.Status != nil {
			changed = append(changed, "status")
		}
		return s.emit(ctx, tx, crEvent(EventChangeRequestUpdated, cr, P{"changed": changed, "status": cr.Status}))
	})
	return cr, err
}

// editHeadSQL reads what a content update starts from in one statement:
// the change request, locked, with the root of its head revision, under a
// share lock of its space (editable's two locks, taken in its order: the
// space's first, as a merge takes them). Built once, by id and by number.
var editHead struct {
	once sync.Once
	text [2]string
}

func editHeadSQL(db *bun.DB) [2]string {
	editHead.once.Do(func() {
		for i, key := range []string{"cr.id = $2", "cr.number = $2::int"} {
			editHead.text[i] = db.NewSelect().Model((*ChangeRequest)(nil)).ColumnExpr("?TableColumns").
				ColumnExpr("s.edit_mode, s.deleted_at").
				ColumnExpr("(SELECT r.root FROM revisions AS r WHERE r.id = cr.revision_id) AS head_root").
				Join("JOIN spaces AS s ON s.id = cr.space_id").
				Where("cr.space_id = $1 AND " + key).For("SHARE OF s FOR UPDATE OF cr").String()
		}
	})
	return editHead.text
}

// editableHead is editable and the root of the change request's head
// revision, in one statement where editable and revisionFor took three.
//
// The root is read in the statement that locks the change request, so it
// is the root of the head the statement's snapshot saw: when another
// write moved the head and committed while this one waited for the lock,
// the locked row names a revision that snapshot does not see (no root),
// and the root is read again. An answer without a row (no such space or
// change request) is editable's, for its errors.
func (s *Store) editableHead(ctx context.Context, tx bun.Tx, spaceID, id string) (*ChangeRequest, string, error) {
	text := editHeadSQL(s.DB)[0]
	var key any = id
	if n, err := strconv.Atoi(id); err == nil {
		text, key = editHeadSQL(s.DB)[1], n
	}
	var row struct {
		ChangeRequest `bun:",extend"`
		EditMode      EditMode   `bun:"edit_mode"`
		DeletedAt     *time.Time `bun:"deleted_at"`
		HeadRoot      *string    `bun:"head_root"`
	}
	rows, err := queryArgs(ctx, tx, text, spaceID, key)
	if err == nil {
		err = s.DB.ScanRows(ctx, rows, &row)
	}
	if errors.Is(err, sql.ErrNoRows) {
		cr, err := editable(ctx, tx, spaceID, id)
		if err != nil {
			return nil, "", err
		}
		head, err := revisionFor(ctx, tx, cr.RevisionID)
		if err != nil {
			return nil, "", err
		}
		return cr, head.Root, nil
	}
	if err != nil {
		return nil, "", dbError(err, "change request")
	}
	switch {
	case row.DeletedAt != nil:
		return nil, "", domain.NotFound("space")
	case row.EditMode == EditLocked:
		return nil, "", ErrLocked
	}
	cr := &row.ChangeRequest
	if cr.Status == CRMerged || cr.Status == CRArchived {
		return nil, "", domain.Errorf(domain.CodeConflict, "change request #%d is %s and takes no more changes", cr.Number, cr.Status)
	}
	if row.HeadRoot != nil {
		return cr, *row.HeadRoot, nil
	}
	head, err := revisionFor(ctx, tx, cr.RevisionID)
	if err != nil {
		return nil, "", err
	}
	return cr, head.Root, nil
}

// editable locks a change request for a content write and checks that it
// takes edits: its space live (not locked, not deleted), itself neither
// merged nor archived.
func editable(ctx context.Context, tx bun.IDB, spaceID, id string) (*ChangeRequest, error) {
	if err := RequireLive(ctx, tx, spaceID); err != nil {
		return nil, err
	}
	cr, err := changeRequest(ctx, tx, spaceID, id, true)
	if err != nil {
		return nil, err
	}
	if cr.Status == CRMerged || cr.Status == CRArchived {
		return nil, domain.Errorf(domain.CodeConflict, "change request #%d is %s and takes no more changes", cr.Number, cr.Status)
	}
	return cr, nil
}
