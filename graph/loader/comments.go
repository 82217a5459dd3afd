package loader

import (
	"context"

	"github.com/graph-gophers/dataloader/v7"

	"folio/store"
)

// CommentLoaders batch the reads under a list of comments: the first page
// of each comment's replies and the reactions of every comment and reply.
// Each list announces the keys of the level below, so a discussion costs
// one statement per level however many comments it has.
type CommentLoaders struct {
	RepliesPage *PageLoader[string, store.CommentReply]
	// Reactions are by the id of the comment or reply reacted to, oldest first.
	Reactions *Loader[string, []store.Reaction]
	user      *Loader[string, store.User]
}

func newCommentLoaders(s *store.Store, user *Loader[string, store.User]) *CommentLoaders {
	l := &CommentLoaders{user: user}
	l.RepliesPage = newFirstPages(s.RepliesFirstPages, func(r store.CommentReply) string { return r.CommentID }, l.RepliesListed)
	l.Reactions = newBatched(func(ctx context.Context, ids []string) []*dataloader.Result[[]store.Reaction] {
		rows, err := s.ReactionsOf(ctx, ids)
		bySubject := map[string][]store.Reaction{}
		for _, r := range rows {
			bySubject[r.SubjectID] = append(bySubject[r.SubjectID], r)
			l.user.Register(r.UserID)
		}
		out := make([]*dataloader.Result[[]store.Reaction], len(ids))
		for i, id := range ids {
			out[i] = &dataloader.Result[[]store.Reaction]{Data: bySubject[id], Error: err}
		}
		return out
	})
	return l
}

// CommentsListed announces what the fields of these comments will load:
// their authors and resolvers, reactions and first pages of replies.
func (l *CommentLoaders) CommentsListed(cs []store.Comment) {
	for _, c := range cs {
		l.user.Register(c.PostedBy)
		if c.ResolvedBy != nil {
			l.user.Register(*c.ResolvedBy)
		}
		l.Reactions.Register(c.ID)
		l.RepliesPage.Register(c.ID)
	}
}

// RepliesListed announces the authors and reactions of these replies.
func (l *CommentLoaders) RepliesListed(rs []store.CommentReply) {
	for _, r := range rs {
		l.user.Register(r.PostedBy)
		l.Reactions.Register(r.ID)
	}
}
