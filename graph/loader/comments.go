package loader

import (
	"context"

	"github.com/graph-gophers/dataloader/v7"

	"folio/store"
)

// CommentLoaders batch the reads under a list of comments. Each loader
// serves one level of a discussion, and the level above announces its keys,
// so a discussion costs one statement per level however many comments it
// has, and always the same ones: a loader shared by two levels would merge
// or split their batches depending on which finished first. Hence users
// come from four loaders of their own (comment authors and resolvers, reply
// authors, and the users who reacted to each).
type CommentLoaders struct {
	Replies          *Nested[string, store.CommentReply] // its count is the comment's
	CommentReactions *Loader[string, []store.Reaction]   // by comment id, oldest first
	ReplyReactions   *Loader[string, []store.Reaction]   // by reply id, oldest first
	Repliers         *Loader[string, []store.Replier]    // by comment id, with their users
	Authors          *Loader[string, store.User]         // of comments, and who resolved them
	ReplyAuthors     *Loader[string, store.User]
	Reactors         *Loader[string, store.User] // who reacted to comments
	ReplyReactors    *Loader[string, store.User]
}

func newCommentLoaders(s *store.Store) *CommentLoaders {
	users := func() *Loader[string, store.User] {
		return newLoader(s.UsersByID, func(u store.User) string { return u.ID }, "user", nil)
	}
	l := &CommentLoaders{Authors: users(), ReplyAuthors: users(), Reactors: users(), ReplyReactors: users()}
	l.Replies = newNested(s, store.Replies, l.RepliesListed)
	l.CommentReactions = newReactions(s, l.Reactors)
	l.ReplyReactions = newReactions(s, l.ReplyReactors)
	l.Repliers = newBatched(func(ctx context.Context, ids []string) []*dataloader.Result[[]store.Replier] {
		rows, err := s.RepliersOf(ctx, ids)
		byComment := map[string][]store.Replier{}
		for _, r := range rows {
			byComment[r.CommentID] = append(byComment[r.CommentID], r)
		}
		out := make([]*dataloader.Result[[]store.Replier], len(ids))
		for i, id := range ids {
			out[i] = &dataloader.Result[[]store.Replier]{Data: byComment[id], Error: err}
		}
		return out
	})
	return l
}

// newReactions loads reactions by subject and announces who reacted to users.
func newReactions(s *store.Store, users *Loader[string, store.User]) *Loader[string, []store.Reaction] {
	return newBatched(func(ctx context.Context, ids []string) []*dataloader.Result[[]store.Reaction] {
		rows, err := s.ReactionsOf(ctx, ids)
		bySubject := map[string][]store.Reaction{}
		for _, r := range rows {
			bySubject[r.SubjectID] = append(bySubject[r.SubjectID], r)
			users.Register(r.UserID)
		}
		out := make([]*dataloader.Result[[]store.Reaction], len(ids))
		for i, id := range ids {
			out[i] = &dataloader.Result[[]store.Reaction]{Data: bySubject[id], Error: err}
		}
		return out
	})
}

// CommentsListed announces what the fields of these comments will load:
// their authors and resolvers, reactions and first pages of replies.
func (l *CommentLoaders) CommentsListed(cs []store.Comment) {
	for _, c := range cs {
		l.Authors.Register(c.PostedBy)
		if c.ResolvedBy != nil {
			l.Authors.Register(*c.ResolvedBy)
		}
		l.CommentReactions.Register(c.ID)
		l.Repliers.Register(c.ID)
		l.Replies.Pages.Register(c.ID)
	}
}

// RepliesListed announces the authors and reactions of these replies.
func (l *CommentLoaders) RepliesListed(rs []store.CommentReply) {
	for _, r := range rs {
		l.ReplyAuthors.Register(r.PostedBy)
		l.ReplyReactions.Register(r.ID)
	}
}
