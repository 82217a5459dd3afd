package model

import (
	"encoding/json"
	"time"

	"folio/internal/markdown"
	"folio/store"
)

// Comment is a comment seen by the caller, in its space.
type Comment struct {
	store.Comment
	Space  Space
	Head   string // the thread's current revision, where the target page is looked up now
	Viewer string // the caller's user id
}

func (Comment) Object() string { return "comment" }

func (c Comment) Body(format *DocumentFormat) CommentBody { return body(c.Markdown, format) }

func (c Comment) Urls() CommentURLs { return CommentURLs{Location: c.Location()} }

// Location is where the API serves the comment: under its change request
// when it was posted in one.
func (c Comment) Location() string {
	base := string(c.Space.base) + "/v1/spaces/" + c.SpaceID
	if c.ChangeRequestID != nil {
		base += "/change-requests/" + *c.ChangeRequestID
	}
	return base + "/comments/" + c.ID
}

func (c Comment) Permissions() CommentPermissions {
	return commentPermissions(c.Space, c.PostedBy, c.Viewer)
}

// CommentReply is a reply seen by the caller, with its comment.
type CommentReply struct {
	store.CommentReply
	Comment Comment
}

func (CommentReply) Object() string { return "comment-reply" }

func (r CommentReply) Body(format *DocumentFormat) CommentBody { return body(r.Markdown, format) }

func (r CommentReply) Urls() CommentURLs {
	return CommentURLs{Location: r.Comment.Location() + "/replies/" + r.ID}
}

func (r CommentReply) Permissions() CommentPermissions {
	return commentPermissions(r.Comment.Space, r.PostedBy, r.Comment.Viewer)
}

// commentPermissions: whoever reads the space views; the comment role
// replies, reacts and resolves; the author (still holding that role) edits
// the body and deletes, and admins delete too.
func commentPermissions(sp Space, author, viewer string) CommentPermissions {
	role, mode := sp.Role(), sp.EditMode
	can := store.SpaceAllows(role, mode, store.PermComment)
	own := can && author == viewer
	return CommentPermissions{View: true, Edit: own, Reply: can, Delete: own || store.SpaceAllows(role, mode, store.PermAdmin)}
}

// body is a comment's content in the format asked for: Folio keeps
// markdown and has no document form, so format document gives the empty
// body.
func body(md string, format *DocumentFormat) CommentBody {
	if format != nil && *format == DocumentFormatDocument {
		doc, _ := json.Marshal(markdown.ToDocument(md)) // a map of plain values always encodes
		return CommentBody{Document: doc}
	}
	return CommentBody{Markdown: &md}
}

// EmojiReaction is the reactions with one emoji, in the order they came.
type EmojiReaction struct {
	Emoji string
	Users []ReactionUser
}

func (e EmojiReaction) Count() int { return len(e.Users) }

// ReactionUser is who reacted and when; the user is loaded (by the
// loader of reply or comment reactors, OnReply says which).
type ReactionUser struct {
	UserID    string
	ReactedAt time.Time
	OnReply   bool
}

// GroupReactions groups reactions (oldest first) by emoji, in the order
// each emoji first appeared.
func GroupReactions(rows []store.Reaction, onReply bool) []EmojiReaction {
	out := []EmojiReaction{}
	at := map[string]int{}
	for _, r := range rows {
		i, ok := at[r.Emoji]
		if !ok {
			i = len(out)
			at[r.Emoji] = i
			out = append(out, EmojiReaction{Emoji: r.Emoji})
		}
		out[i].Users = append(out[i].Users, ReactionUser{UserID: r.UserID, ReactedAt: r.ReactedAt, OnReply: onReply})
	}
	return out
}

// NewCommentTargetPage describes a commented page as it is now (e nil: it
// is gone, and only its id is left). It is outdated when gone, or when its
// document's hash is not the one it had when the comment was posted.
func NewCommentTargetPage(id string, e *store.Entry, path string, docAtPost *string) *CommentTargetPage {
	p := &CommentTargetPage{ID: id, Outdated: true}
	if e == nil {
		return p
	}
	p.Title, p.Emoji, p.CreatedAt, p.UpdatedAt = &e.Title, opt(e.Emoji), optTime(e.CreatedAt), optTime(e.UpdatedAt)
	if e.Type != store.PageLink {
		p.Path = &path
	}
	p.Outdated = docAtPost == nil || *docAtPost != e.Document
	return p
}
