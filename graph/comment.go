package graph

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/forPelevin/gomoji"

	"folio/domain"
	"folio/graph/loader"
	"folio/graph/model"
	"folio/store"
)

// Comments live in threads: a space's own discussion, or a change
// request's. Reading them needs the space's view permission (seeSpace hides
// spaces the caller cannot view); posting, replying, reacting and resolving
// need its comment permission; editing a body is for its author and
// deleting for its author and admins (model.Comment's permissions).

// thread is where a request's comments live.
type thread struct {
	space model.Space
	cr    *model.ChangeRequest // nil for the space's own comments
}

func (t thread) key() store.Thread {
	k := store.Thread{SpaceID: t.space.ID}
	if t.cr != nil {
		k.ChangeRequestID = t.cr.ID
	}
	return k
}

// head is the thread's current revision: where target pages are found.
func (t thread) head() string {
	if t.cr != nil {
		return t.cr.RevisionID
	}
	return t.space.RevisionID
}

// wrap returns the GraphQL object of a comment of the thread, seen by viewerID.
func (t thread) wrap(viewerID string) func(store.Comment) model.Comment {
	return func(c store.Comment) model.Comment {
		return model.Comment{Comment: c, Space: t.space, Head: t.head(), Viewer: viewerID}
	}
}

// threadOf loads the space, and the change request when one is named.
func (r *Resolver) threadOf(ctx context.Context, spaceID string, changeRequestID *string) (thread, error) {
	sp, err := r.space(ctx, spaceID)
	if err != nil {
		return thread{}, err
	}
	t := thread{space: sp}
	if changeRequestID != nil {
		if t.cr, err = r.changeRequestIn(ctx, sp, *changeRequestID); err != nil {
			return t, err
		}
	}
	return t, nil
}

// commentIn loads a comment of a thread for the caller.
func (r *Resolver) commentIn(ctx context.Context, t thread, id string) (*model.Comment, error) {
	u, err := viewer(ctx)
	if err != nil {
		return nil, err
	}
	c, err := r.Store.Comment(ctx, t.key(), id)
	if err != nil {
		return nil, err
	}
	loader.For(ctx).CommentsListed(t.head(), []store.Comment{*c})
	m := t.wrap(u.ID)(*c)
	return &m, nil
}

// commentToDelete finds the comment a delete names. A comment that is
// already gone is no error but a nil comment (deletes answer "absent"); the
// space or change request must still be visible.
func (r *Resolver) commentToDelete(ctx context.Context, spaceID string, changeRequestID *string, commentID string) (thread, *model.Comment, error) {
	t, c, err := r.commentAt(ctx, spaceID, changeRequestID, commentID)
	if domain.ErrorCode(err) == domain.CodeNotFound && t.space.ID != "" {
		return t, nil, nil
	}
	return t, c, err
}

// commentAt finds a comment of a space's discussion, or of one of its
// change requests' when changeRequestID is set.
func (r *Resolver) commentAt(ctx context.Context, spaceID string, changeRequestID *string, commentID string) (thread, *model.Comment, error) {
	t, err := r.threadOf(ctx, spaceID, changeRequestID)
	if err != nil {
		return t, nil, err
	}
	c, err := r.commentIn(ctx, t, commentID)
	return t, c, err
}

// listComments serves the comment lists of spaces and change requests.
func (r *Resolver) listComments(ctx context.Context, t thread, page *string, limit *int, order *model.ListOrder,
	status *model.CommentStatusFilter, targetPage *string, authors []string) (*model.CommentList, error) {
	u, err := viewer(ctx)
	if err != nil {
		return nil, err
	}
	f := store.CommentFilter{Desc: order == nil || *order == model.ListOrderDesc, Authors: authors}
	if status != nil && *status != model.CommentStatusFilterAll {
		f.Status = store.CommentStatus(*status)
	}
	if targetPage != nil {
		f.PageID = *targetPage
	}
	p, err := r.Store.ListComments(ctx, t.key(), f, pageArgs(page, limit))
	if err != nil {
		return nil, err
	}
	loader.For(ctx).CommentsListed(t.head(), p.Items)
	return &model.CommentList{Items: mapItems(p.Items, t.wrap(u.ID)), Count: p.Count, Next: next(p.Next)}, nil
}

// headTree loads the content of a thread's current revision.
func headTree(ctx context.Context, head string) (*store.Tree, error) {
	l := loader.For(ctx).Content()
	rev, err := l.Revision.Load(ctx, head)
	if err != nil {
		return nil, err
	}
	return l.Tree.Load(ctx, store.TreeKey{OrganizationID: rev.OrganizationID, Root: rev.Root})
}

// commentTarget describes what a comment is attached to, its page as it is
// now in the thread's current revision.
func commentTarget(ctx context.Context, c *model.Comment) (*model.CommentTarget, error) {
	t := &model.CommentTarget{Space: c.SpaceID, Revision: c.RevisionID, ChangeRequest: c.ChangeRequestID}
	if c.NodeID != nil {
		t.Node = &model.CommentTargetNode{ID: *c.NodeID}
	}
	if c.PageID == nil {
		return t, nil
	}
	tr, err := headTree(ctx, c.Head)
	if err != nil {
		return nil, err
	}
	e := tr.Entries[store.EntryPage+":"+*c.PageID]
	path := ""
	if e != nil {
		path = pagePath(tr, e)
	}
	t.Page = model.NewCommentTargetPage(*c.PageID, e, path, c.PageDocument)
	return t, nil
}

// pagePath joins the slugs of a page and its ancestors.
func pagePath(tr *store.Tree, e *store.Entry) string {
	parts := []string{e.Slug}
	for depth := 0; e.Parent != "" && depth < store.MaxPageDepth; depth++ {
		if e = tr.Entries[store.EntryPage+":"+e.Parent]; e == nil {
			break
		}
		parts = append([]string{e.Slug}, parts...)
	}
	return strings.Join(parts, "/")
}

// newComment reads a post: the page, when named, must be in the thread's
// current revision; its document's hash is kept to tell later whether the
// page changed.
func newComment(ctx context.Context, t thread, in model.PostCommentInput) (store.NewComment, error) {
	nc := store.NewComment{Markdown: in.Body.Markdown, RevisionID: t.head()}
	if in.Node != nil && *in.Node != "" {
		nc.NodeID = in.Node
	}
	if in.Page == nil || *in.Page == "" {
		return nc, nil
	}
	tr, err := headTree(ctx, t.head())
	if err != nil {
		return nc, err
	}
	e := tr.Entries[store.EntryPage+":"+*in.Page]
	if e == nil {
		return nc, domain.Invalid("page", "page %q is not in the current revision", *in.Page)
	}
	nc.PageID, nc.PageDocument = &e.ID, &e.Document
	return nc, nil
}

// commentPatch reads an update of a comment or a reply against the
// caller's permissions on it: FORBIDDEN for a body they did not write, or
// reactions without the comment permission.
func commentPatch(perm model.CommentPermissions, userID string, body *model.CommentBodyInput, added, removed []string) (store.CommentPatch, error) {
	p := store.CommentPatch{UserID: userID}
	if body != nil {
		if !perm.Edit {
			return p, domain.Errorf(domain.CodeForbidden, "only the author can edit the body (with the comment permission on the space)")
		}
		p.Markdown = &body.Markdown
	}
	if len(added)+len(removed) > 0 && !perm.Reply {
		return p, domain.Errorf(domain.CodeForbidden, "reacting needs the comment permission on the space (the comment role)")
	}
	var err error
	if p.AddReactions, err = reactionEmoji("addedReactions", added); err != nil {
		return p, err
	}
	p.RemoveReactions, err = reactionEmoji("removedReactions", removed)
	return p, err
}

// reactionEmoji checks that each reaction is one emoji of the Unicode emoji
// list (gomoji's, Emoji 17.0), given as its characters or its hexadecimal
// code points ("1f44d"), and returns them as characters, each once.
func reactionEmoji(field string, in []string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for i, e := range in {
		ch := e
		if emojiCodes.MatchString(e) {
			ch = fromCodePoints(e)
		}
		if _, err := gomoji.GetInfo(ch); err != nil {
			return nil, domain.Invalid(fmt.Sprintf("%s[%d]", field, i), "%q is not an emoji", e)
		}
		if !seen[ch] {
			seen[ch] = true
			out = append(out, ch)
		}
	}
	return out, nil
}

// fromCodePoints turns "1f1eb-1f1f7" into the characters it names.
func fromCodePoints(hex string) string {
	var b strings.Builder
	for _, cp := range strings.Split(hex, "-") {
		n, _ := strconv.ParseUint(cp, 16, 32)
		b.WriteRune(rune(n))
	}
	return b.String()
}
