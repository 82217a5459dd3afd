package seed

import (
	"context"
	"fmt"

	"folio/store"
)

var (
	crSubjects = []string{"Document the new endpoints", "Fix typos", "Update the quickstart", "Explain rate limits",
		"Add troubleshooting steps", "Rework the overview", "Describe the migration", "Clarify permissions"}
	commentBodies = []string{
		"Should we mention the **rate limits** here?",
		"This example no longer works with `v2`; can someone check?",
		"Great page. A diagram would help newcomers.",
		"The second step is missing a prerequisite: the API token.",
		"Could we link to the [status page](https://status.acme.example) from here?",
	}
	replyBodies = []string{"Good point, I'll update it.", "Agreed 👍", "Done in the latest change request.",
		"I think this is fine as is.", "Let's discuss in the next docs review."}
)

// seedChangeRequests opens change requests on every space after its first
// pages, each editing two pages and adding one: a third are merged, a third
// left open for review (with a comment), the rest drafts. They run one after
// another within a space, so each merge is a fast-forward; spaces run in
// parallel.
func seedChangeRequests(ctx context.Context, s *store.Store, sc Scale, org *Org, done func(int)) error {
	plan := pagePlan(sc.PagesPerSpace)
	return forEach(ctx, len(org.Spaces), func(ctx context.Context, si int) error {
		sp, pages := org.Spaces[si], org.Pages[si]
		for k := range sc.ChangeRequestsPerSpace {
			author := pick(org.writers, si+k, org.Admin.ID)
			subject := numbered(crSubjects, (si+k)%len(crSubjects))
			cr, err := s.CreateChangeRequest(ctx, sp, author, subject)
			if err != nil {
				return fmt.Errorf("space %q: change request %d: %w", sp.Title, k+1, err)
			}
			var changes []store.PageChange
			// Each change request edits its own pages, so open ones do not
			// collide with the ones merged after them.
			for e := range min(2, len(pages)) {
				i := (k*2 + e) % len(pages)
				md := editedMarkdown(si, i, k, plan)
				changes = append(changes, store.PageChange{Operation: store.OpUpdatePage, Page: pages[i], Markdown: &md})
			}
			title := fmt.Sprintf("%s notes %d", numbered(pageTopics, k), k+1)
			md := fmt.Sprintf("# %s\n\n%s\n", title, commentBodies[k%len(commentBodies)])
			changes = append(changes, store.PageChange{Operation: store.OpInsertPage, Title: &title, Markdown: &md})
			if _, err := s.UpdateChangeRequestContent(ctx, sp.ID, cr.ID, author, changes); err != nil {
				return fmt.Errorf("space %q: change request #%d content: %w", sp.Title, cr.Number, err)
			}
			switch k % 3 {
			case 0:
				if _, err := s.MergeChangeRequest(ctx, sp.ID, cr.ID, org.Admin.ID); err != nil {
					return fmt.Errorf("space %q: merge #%d: %w", sp.Title, cr.Number, err)
				}
			case 1:
				open := store.CROpen
				if _, err := s.UpdateChangeRequest(ctx, sp.ID, cr.ID, store.ChangeRequestPatch{Status: &open}); err != nil {
					return fmt.Errorf("space %q: open #%d: %w", sp.Title, cr.Number, err)
				}
				cr, err = s.ChangeRequest(ctx, sp.ID, cr.ID)
				if err != nil {
					return fmt.Errorf("space %q: reload #%d: %w", sp.Title, cr.Number, err)
				}
				review := store.NewComment{Markdown: "Looks good to me, one question: " + commentBodies[(si+k)%len(commentBodies)], RevisionID: cr.RevisionID}
				reviewer := pick(org.commenters, si+k+1, org.Admin.ID)
				if _, err := s.PostComment(ctx, org.ID, store.Thread{SpaceID: sp.ID, ChangeRequestID: cr.ID}, reviewer, review); err != nil {
					return fmt.Errorf("space %q: review comment on #%d: %w", sp.Title, cr.Number, err)
				}
			}
			done(1)
		}
		return nil
	})
}

// seedComments posts comments on pages of each space's current content,
// as postComment does (the page's document hash kept to tell later edits),
// with replies from other members; every third is resolved.
func seedComments(ctx context.Context, s *store.Store, sc Scale, org *Org, done func(int)) error {
	return forEach(ctx, len(org.Spaces), func(ctx context.Context, si int) error {
		if sc.CommentsPerSpace == 0 {
			return nil
		}
		sp, err := s.Space(ctx, org.Spaces[si].ID)
		if err != nil {
			return fmt.Errorf("space %q: %w", org.Spaces[si].Title, err)
		}
		revs, err := s.RevisionsByID(ctx, []string{sp.RevisionID})
		if err != nil || len(revs) != 1 {
			return fmt.Errorf("space %q: revision %s: %w", sp.Title, sp.RevisionID, err)
		}
		tree, err := s.Tree(ctx, store.TreeKey{OrganizationID: org.ID, Root: revs[0].Root})
		if err != nil {
			return fmt.Errorf("space %q: content: %w", sp.Title, err)
		}
		pages := tree.Pages()
		th := store.Thread{SpaceID: sp.ID}
		for k := range sc.CommentsPerSpace {
			nc := store.NewComment{Markdown: commentBodies[(si+k)%len(commentBodies)], RevisionID: sp.RevisionID}
			if len(pages) > 0 {
				e := pages[(si*7+k*3)%len(pages)]
				nc.PageID, nc.PageDocument = &e.ID, &e.Document
			}
			c, err := s.PostComment(ctx, org.ID, th, pick(org.commenters, si+k, org.Admin.ID), nc)
			if err != nil {
				return fmt.Errorf("space %q: comment %d: %w", sp.Title, k+1, err)
			}
			for r := range sc.RepliesPerComment {
				if _, err := s.PostReply(ctx, c, pick(org.commenters, si+k+r+1, org.Admin.ID), replyBodies[(k+r)%len(replyBodies)]); err != nil {
					return fmt.Errorf("space %q: reply to comment %d: %w", sp.Title, k+1, err)
				}
			}
			if k%3 == 2 {
				resolved := true
				if _, err := s.UpdateComment(ctx, th, c.ID, store.CommentPatch{UserID: org.Admin.ID, Resolved: &resolved}); err != nil {
					return fmt.Errorf("space %q: resolve comment %d: %w", sp.Title, k+1, err)
				}
			}
			done(1)
		}
		return nil
	})
}

// MergedPerSpace is how many of a space's change requests (besides the one
// of its first pages) are merged: every third, from the first. Each adds a
// page.
func (sc Scale) MergedPerSpace() int { return (sc.ChangeRequestsPerSpace + 2) / 3 }

// TotalPages is how many pages the spaces hold once seeded.
func (sc Scale) TotalPages() int {
	if sc.PagesPerSpace == 0 {
		return 0
	}
	return sc.Spaces * (sc.PagesPerSpace + sc.MergedPerSpace())
}
