package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"
)

// Reaction is one user's emoji on a comment or a reply (SubjectID is the
// one reacted to). A user reacts with an emoji once per subject.
type Reaction struct {
	bun.BaseModel `bun:"table:comment_reactions,alias:rx"`

	OrganizationID string    `bun:"organization_id"`
	CommentID      string    `bun:"comment_id"`
	ReplyID        *string   `bun:"reply_id"`
	SubjectID      string    `bun:"subject_id"`
	Emoji          string    `bun:"emoji"`
	UserID         string    `bun:"user_id"`
	ReactedAt      time.Time `bun:"reacted_at"`
}

// reactionSubject is what a patch's reactions apply to: a comment, or a
// reply of it.
type reactionSubject struct {
	orgID, commentID, replyID string
}

func (r reactionSubject) id() string {
	if r.replyID != "" {
		return r.replyID
	}
	return r.commentID
}

// react adds and removes the patch user's reactions on a subject: adding
// one the user already has and removing one they lack change nothing.
func react(ctx context.Context, tx bun.IDB, sub reactionSubject, p CommentPatch, now time.Time) error {
	if len(p.AddReactions) > 0 {
		rows := make([]Reaction, len(p.AddReactions))
		for i, e := range p.AddReactions {
			rows[i] = Reaction{OrganizationID: sub.orgID, CommentID: sub.commentID, SubjectID: sub.id(), Emoji: e,
				UserID: p.UserID, ReactedAt: now}
			if sub.replyID != "" {
				rows[i].ReplyID = &sub.replyID
			}
		}
		if _, err := tx.NewInsert().Model(&rows).On("CONFLICT DO NOTHING").Exec(ctx); err != nil {
			return dbError(err, "reaction")
		}
	}
	if len(p.RemoveReactions) > 0 {
		_, err := tx.NewDelete().Model((*Reaction)(nil)).
			Where("subject_id = ? AND user_id = ? AND emoji IN (?)", sub.id(), p.UserID, bun.In(p.RemoveReactions)).Exec(ctx)
		return dbError(err, "reaction")
	}
	return nil
}

// ReactionsOf loads the reactions on many comments and replies in one
// statement, oldest first.
func (s *Store) ReactionsOf(ctx context.Context, subjectIDs []string) ([]Reaction, error) {
	var out []Reaction
	err := s.DB.NewSelect().Model(&out).Where("rx.subject_id IN (?)", bun.In(subjectIDs)).
		OrderExpr("rx.reacted_at, rx.emoji, rx.user_id").Scan(ctx)
	return out, dbError(err, "reaction")
}
