package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"folio/domain"
)

// CommentStatus is where a comment is in its discussion (the reference
// document's Comment status: open, or resolved).
type CommentStatus string

const (
	CommentOpen     CommentStatus = "open"
	CommentResolved CommentStatus = "resolved"
)

// Thread names where comments live: a space's own discussion, or one change
// request's (ChangeRequestID set). The two never share comments.
type Thread struct {
	SpaceID         string
	ChangeRequestID string // "" for the space's own comments
}

// Comment is a top-level comment of a thread.
type Comment struct {
	bun.BaseModel `bun:"table:comments,alias:cm"`

	ID              string     `bun:"id,pk"`
	OrganizationID  string     `bun:"organization_id"`
	SpaceID         string     `bun:"space_id"`
	ChangeRequestID *string    `bun:"change_request_id"`
	PostedBy        string     `bun:"posted_by"`
	PostedAt        time.Time  `bun:"posted_at"`
	EditedAt        *time.Time `bun:"edited_at"`
	Markdown        string     `bun:"markdown"`
	NodeID          *string    `bun:"node_id"`
	PageID          *string    `bun:"page_id"`
	// PageDocument is the hash of the page's document when the comment was
	// posted: the page is outdated for the comment when it differs now.
	PageDocument *string       `bun:"page_document"`
	RevisionID   string        `bun:"revision_id"`
	Status       CommentStatus `bun:"status"`
	ResolvedAt   *time.Time    `bun:"resolved_at"`
	ResolvedBy   *string       `bun:"resolved_by"`
	Replies      int           `bun:"replies"`
}

// NewComment is what posting a comment stores besides its thread and author:
// the target (page and node, optional) as found in the thread's current
// revision.
type NewComment struct {
	Markdown     string
	NodeID       *string
	PageID       *string
	PageDocument *string
	RevisionID   string
}

// counterTable is the row counting a thread's open comments: the space, or
// the change request.
func (th Thread) counterTable() (string, string) {
	if th.ChangeRequestID != "" {
		return "change_requests", th.ChangeRequestID
	}
	return "spaces", th.SpaceID
}

// inThread restricts a comment query to one thread.
func (th Thread) inThread(q *bun.SelectQuery) *bun.SelectQuery {
	q = q.Where("cm.space_id = ?", th.SpaceID)
	if th.ChangeRequestID != "" {
		return q.Where("cm.change_request_id = ?", th.ChangeRequestID)
	}
	return q.Where("cm.change_request_id IS NULL")
}

// countOpen moves a thread's open-comment counter by delta, in the caller's transaction.
func countOpen(ctx context.Context, tx bun.IDB, th Thread, delta int) error {
	if delta == 0 {
		return nil
	}
	table, id := th.counterTable()
	_, err := tx.NewUpdate().Table(table).Set("comments = comments + ?", delta).Where("id = ?", id).Exec(ctx)
	return dbError(err, "comment counter")
}

// Comment loads a comment of a thread; comments of other threads are NOT_FOUND.
func (s *Store) Comment(ctx context.Context, th Thread, id string) (*Comment, error) {
	return comment(ctx, s.DB, th, id, false)
}

func comment(ctx context.Context, db bun.IDB, th Thread, id string, lock bool) (*Comment, error) {
	c := new(Comment)
	q := th.inThread(db.NewSelect().Model(c).Where("cm.id = ?", id))
	if lock {
		q.For("UPDATE")
	}
	err := q.Scan(ctx)
	return c, dbError(err, "comment")
}

// CommentFilter selects and orders the comments of a list.
type CommentFilter struct {
	Desc    bool          // newest first
	Status  CommentStatus // "" for every status
	PageID  string        // "" for every target
	Authors []string      // user ids; none for every author
}

func commentKeyset(desc bool) keyset {
	name := "comments-asc"
	if desc {
		name = "comments-desc"
	}
	return keyset{name: name, cols: []string{"cm.posted_at", "cm.id"}, desc: desc}
}

func commentKey(c *Comment) []any { return []any{c.PostedAt, c.ID} }

// ListComments lists a thread's comments in the order they were posted.
func (s *Store) ListComments(ctx context.Context, th Thread, f CommentFilter, args PageArgs) (Page[Comment], error) {
	q := th.inThread(s.DB.NewSelect().Model((*Comment)(nil)))
	if f.Status != "" {
		q.Where("cm.status = ?", f.Status)
	}
	if f.PageID != "" {
		q.Where("cm.page_id = ?", f.PageID)
	}
	if len(f.Authors) > 0 {
		q.Where("cm.posted_by IN (?)", bun.In(f.Authors))
	}
	return listPage(ctx, s, q, commentKeyset(f.Desc).in(th.SpaceID, th.ChangeRequestID), args, commentKey)
}

// PostComment stores a new open comment of userID in a thread and counts it.
func (s *Store) PostComment(ctx context.Context, orgID string, th Thread, userID string, in NewComment) (*Comment, error) {
	c := &Comment{ID: domain.NewID(), OrganizationID: orgID, SpaceID: th.SpaceID, PostedBy: userID, PostedAt: s.Now(),
		Markdown: in.Markdown, NodeID: in.NodeID, PageID: in.PageID, PageDocument: in.PageDocument,
		RevisionID: in.RevisionID, Status: CommentOpen}
	if th.ChangeRequestID != "" {
		c.ChangeRequestID = &th.ChangeRequestID
	}
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(c).Exec(ctx); err != nil {
			return dbError(err, "comment")
		}
		if err := countOpen(ctx, tx, th, 1); err != nil {
			return err
		}
		return s.emit(ctx, tx, commentEvent(EventCommentCreated, c, nil))
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// CommentPatch is an update of a comment or a reply by UserID; nil and
// empty leave a part unchanged. Reactions added and removed are the user's
// own.
type CommentPatch struct {
	UserID          string
	Markdown        *string
	Resolved        *bool // comments only
	AddReactions    []string
	RemoveReactions []string
}

// UpdateComment applies a patch to a comment of a thread: a new body sets
// editedAt; resolving sets status resolved with when and by whom, reopening
// sets status open and clears them, and the thread's open count follows.
// The caller checks who may change what.
func (s *Store) UpdateComment(ctx context.Context, th Thread, id string, p CommentPatch) (*Comment, error) {
	var c *Comment
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var err error
		if c, err = comment(ctx, tx, th, id, true); err != nil {
			return err
		}
		now := s.Now()
		if p.Markdown != nil && *p.Markdown != c.Markdown {
			c.Markdown, c.EditedAt = *p.Markdown, &now
		}
		if p.Resolved != nil {
			delta := 0
			switch {
			case *p.Resolved && c.Status != CommentResolved:
				c.Status, c.ResolvedAt, c.ResolvedBy, delta = CommentResolved, &now, &p.UserID, -1
			case !*p.Resolved && c.Status != CommentOpen:
				c.Status, c.ResolvedAt, c.ResolvedBy, delta = CommentOpen, nil, nil, 1
			}
			if err := countOpen(ctx, tx, th, delta); err != nil {
				return err
			}
		}
		_, err = tx.NewUpdate().Model(c).Column("markdown", "edited_at", "status", "resolved_at", "resolved_by").WherePK().Exec(ctx)
		if err != nil {
			return dbError(err, "comment")
		}
		if err := react(ctx, tx, reactionSubject{orgID: c.OrganizationID, commentID: c.ID}, p, now); err != nil {
			return err
		}
		return s.emit(ctx, tx, commentEvent(EventCommentUpdated, c, P{"status": c.Status}))
	})
	return c, err
}

// DeleteComment deletes a comment of a thread with its replies and
// reactions; false when there was no such comment.
func (s *Store) DeleteComment(ctx context.Context, th Thread, id string) (bool, error) {
	found := false
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		c, err := comment(ctx, tx, th, id, true)
		if domain.ErrorCode(err) == domain.CodeNotFound {
			return nil
		}
		if err != nil {
			return err
		}
		found = true
		if _, err := tx.NewDelete().Model(c).WherePK().Exec(ctx); err != nil {
			return dbError(err, "comment")
		}
		if c.Status == CommentOpen {
			if err := countOpen(ctx, tx, th, -1); err != nil {
				return err
			}
		}
		return s.emit(ctx, tx, commentEvent(EventCommentDeleted, c, nil))
	})
	return found, err
}
