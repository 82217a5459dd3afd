package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"folio/domain"
)

// CommentReply is a reply in a comment's discussion.
type CommentReply struct {
	bun.BaseModel `bun:"table:comment_replies,alias:rp"`

	ID             string     `bun:"id,pk"`
	OrganizationID string     `bun:"organization_id"`
	CommentID      string     `bun:"comment_id"`
	PostedBy       string     `bun:"posted_by"`
	PostedAt       time.Time  `bun:"posted_at"`
	EditedAt       *time.Time `bun:"edited_at"`
	Markdown       string     `bun:"markdown"`
}

// Replies is the list of a comment's replies, oldest first: they read as a
// conversation.
var Replies = &NestedList[string, CommentReply]{
	from:    func(db bun.IDB) *bun.SelectQuery { return db.NewSelect().Model((*CommentReply)(nil)) },
	columns: "rp.*",
	parent:  byID("rp.comment_id", func(r *CommentReply) string { return r.CommentID }),
	order:   keyset{name: "comment-replies", cols: []string{"rp.posted_at", "rp.id"}},
	key:     func(r *CommentReply) []any { return []any{r.PostedAt, r.ID} },
}

// Reply loads a reply of a comment; replies of other comments are NOT_FOUND.
func (s *Store) Reply(ctx context.Context, commentID, id string) (*CommentReply, error) {
	return reply(ctx, s.DB, commentID, id, false)
}

func reply(ctx context.Context, db bun.IDB, commentID, id string, lock bool) (*CommentReply, error) {
	r := new(CommentReply)
	q := db.NewSelect().Model(r).Where("rp.comment_id = ? AND rp.id = ?", commentID, id)
	if lock {
		q.For("UPDATE")
	}
	err := q.Scan(ctx)
	return r, dbError(err, "reply")
}

// PostReply stores a reply of userID to a comment and counts it on the comment.
func (s *Store) PostReply(ctx context.Context, c *Comment, userID, markdown string) (*CommentReply, error) {
	r := &CommentReply{ID: domain.NewID(), OrganizationID: c.OrganizationID, CommentID: c.ID, PostedBy: userID,
		PostedAt: s.Now(), Markdown: markdown}
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		// The counter update locks the comment, and fails when it is gone.
		res, err := tx.NewUpdate().Table("comments").Set("replies = replies + 1").Where("id = ?", c.ID).Exec(ctx)
		if err != nil {
			return dbError(err, "comment")
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return domain.NotFound("comment")
		}
		if _, err = tx.NewInsert().Model(r).Exec(ctx); err != nil {
			return dbError(err, "reply")
		}
		return s.emit(ctx, tx, ev{org: r.OrganizationID, typ: EventReplyCreated, object: r.ID, space: c.SpaceID, payload: P{"comment": c.ID}})
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

// UpdateReply applies a patch (body and reactions) to a reply of a comment;
// a new body sets editedAt. The caller checks who may change what.
func (s *Store) UpdateReply(ctx context.Context, commentID, id string, p CommentPatch) (*CommentReply, error) {
	var r *CommentReply
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var err error
		if r, err = reply(ctx, tx, commentID, id, true); err != nil {
			return err
		}
		now := s.Now()
		if p.Markdown != nil && *p.Markdown != r.Markdown {
			r.Markdown, r.EditedAt = *p.Markdown, &now
			if _, err := tx.NewUpdate().Model(r).Column("markdown", "edited_at").WherePK().Exec(ctx); err != nil {
				return dbError(err, "reply")
			}
		}
		if err := react(ctx, tx, reactionSubject{orgID: r.OrganizationID, commentID: commentID, replyID: r.ID}, p, now); err != nil {
			return err
		}
		var spaceID string
		if err := tx.NewSelect().Table("comments").Column("space_id").Where("id = ?", commentID).Scan(ctx, &spaceID); err != nil {
			return dbError(err, "comment")
		}
		return s.emit(ctx, tx, ev{org: r.OrganizationID, typ: EventReplyUpdated, object: r.ID, space: spaceID, payload: P{"comment": commentID}})
	})
	return r, err
}

// DeleteReply deletes a reply of a comment with its reactions and uncounts
// it; false when there was no such reply.
func (s *Store) DeleteReply(ctx context.Context, commentID, id string) (bool, error) {
	found := false
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewDelete().Model((*CommentReply)(nil)).Where("comment_id = ? AND id = ?", commentID, id).Exec(ctx)
		if err != nil {
			return dbError(err, "reply")
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		found = true
		var cm struct {
			OrganizationID string `bun:"organization_id"`
			SpaceID        string `bun:"space_id"`
		}
		err = tx.NewUpdate().Table("comments").Set("replies = replies - 1").Where("id = ?", commentID).
			Returning("organization_id, space_id").Scan(ctx, &cm)
		if err != nil {
			return dbError(err, "comment")
		}
		return s.emit(ctx, tx, ev{org: cm.OrganizationID, typ: EventReplyDeleted, object: id, space: cm.SpaceID, payload: P{"comment": commentID}})
	})
	return found, err
}

// Replier is one user who replied to a comment: how many replies they
// posted and when they last posted or edited one.
type Replier struct {
	CommentID string    `bun:"comment_id"`
	Count     int       `bun:"count"`
	UpdatedAt time.Time `bun:"updated_at"`
	User      User      `bun:"embed:user_"`
}

// RepliersOf loads the repliers of these comments with their users in one
// statement, each comment's earliest replier first.
func (s *Store) RepliersOf(ctx context.Context, commentIDs []string) ([]Replier, error) {
	var out []Replier
	err := s.DB.NewSelect().TableExpr("comment_replies AS rp").
		Join("JOIN users AS u ON u.id = rp.posted_by").
		ColumnExpr("rp.comment_id, count(*) AS count, max(coalesce(rp.edited_at, rp.posted_at)) AS updated_at").
		ColumnExpr("u.id AS user_id, u.email AS user_email, u.display_name AS user_display_name").
		ColumnExpr("u.photo_url AS user_photo_url, u.created_at AS user_created_at").
		Where("rp.comment_id IN (?)", bun.In(commentIDs)).
		GroupExpr("rp.comment_id, u.id").
		OrderExpr("rp.comment_id, min(rp.posted_at), u.id").
		Scan(ctx, &out)
	return out, dbError(err, "reply")
}
