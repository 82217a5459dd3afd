package graph

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"folio/domain"
	"folio/graph/model"
	"folio/store"
)

// How each subscription turns the organization's feed into results. Each
// runs in a goroutine of its own from the resolver's return to the end of
// the stream: it waits for the hub to wake it, takes the new events from
// the ring (or, when it is behind the ring, from the feed itself), checks
// the caller's access again where an event may have changed it, and sends
// results in feed order. A send waits for the client: a slow one falls
// behind the ring and catches up from the store, never skipping an event.

// errStop ends a subscription whose stream is over (the client left, the
// lifetime ended): there is nobody to tell why.
var errStop = errors.New("stream over")

// follow runs step over the feed from cursor until ctx ends or step fails:
// with the ring's events after the cursor up to the head (replay false),
// or, when the ring starts after the cursor, with no events and replay
// true: step reads (after, until] from the store itself. An error other
// than errStop is the stream's last result.
func follow(ctx context.Context, hub *feedHub, st *stream, fl *follower, cursor int64,
	step func(after, until int64, evs []feedEvent, replay bool) error) {
	defer hub.leave(fl)
	for {
		evs, head, from := hub.since(fl, cursor)
		var err error
		switch {
		case from > cursor:
			err = step(cursor, from, nil, true)
			cursor = from
		case head > cursor:
			err = step(cursor, head, evs, false)
			cursor = head
		}
		if err != nil {
			if err != errStop && ctx.Err() == nil {
				st.endWith(err)
			}
			return
		}
		if from > 0 {
			continue // now read the ring
		}
		select {
		case <-fl.wake:
		case <-ctx.Done():
			return
		}
	}
}

// sender delivers results to ch until ctx ends.
func sender[T any](ctx context.Context, ch chan<- T) func(T) error {
	return func(v T) error {
		select {
		case ch <- v:
			return nil
		case <-ctx.Done():
			return errStop
		}
	}
}

// storedEvents reads the events of org in (after, until] through
// ListEvents, the statement of Organization.events and GET .../events,
// so what it keeps for f is exactly what those list.
func (r *Resolver) storedEvents(ctx context.Context, org string, f store.EventFilter, after, until int64, each func(store.Event) error) error {
	f.After, f.Until = after, until
	page := ""
	for {
		p, err := r.Store.ListEvents(ctx, org, f, store.PageArgs{Page: page, Limit: pollBatch})
		if err != nil {
			return err
		}
		for _, e := range p.Items {
			if err := each(e); err != nil {
				return err
			}
		}
		if p.Next == "" {
			return nil
		}
		page = p.Next
	}
}

// parseEventID reads an event id argument (after).
func parseEventID(after *string) (int64, error) {
	if after == nil || *after == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(*after, 10, 64)
	if err != nil || n < 0 {
		return 0, domain.Invalid("after", "must be an event id (a whole number)")
	}
	return n, nil
}

// aboutViewer reports whether an event may change the caller's role in
// the organization.
func aboutViewer(e *feedEvent, viewerID string) bool {
	return strings.HasPrefix(string(e.Type), "member.") && e.ObjectID == viewerID
}

// organizationEvents streams the feed of an organization, filtered for
// the caller as Organization.events filters it: members with a role get
// every event of the types asked for (matched here, by the statement's
// own rule), guests what ListEvents keeps for them. An event about the
// caller's membership has their access read again before the events are
// sent: a member removed from the organization gets NOT_FOUND and no more.
func (r *Resolver) organizationEvents(ctx context.Context, orgID string, types []string, after *string) (<-chan *model.Event, error) {
	subs, st, err := r.subscription(ctx)
	if err != nil {
		return nil, err
	}
	org, err := r.orgAccess(ctx, orgID)
	if err != nil {
		return nil, err
	}
	cursor, err := parseEventID(after)
	if err != nil {
		return nil, err
	}
	fl, latest, err := subs.hub.join(ctx, org.ID, after == nil)
	if err != nil {
		return nil, err
	}
	if after == nil {
		cursor = latest
	}
	viewerID := Viewer(ctx).ID
	f := store.EventFilter{Types: types, Role: org.Access.Role}
	ch := make(chan *model.Event)
	send := sender(ctx, ch)
	sendStored := func(e store.Event) error {
		m := model.NewEvent(e)
		return send(&m)
	}
	go func() {
		defer close(ch)
		follow(ctx, subs.hub, st, fl, cursor, func(after, until int64, evs []feedEvent, replay bool) error {
			for i := range evs {
				if aboutViewer(&evs[i], viewerID) {
					o, err := r.orgAccess(r.fresh(ctx), org.ID)
					if err != nil {
						return err
					}
					f.Role = o.Access.Role
					break
				}
			}
			if replay || f.Role == nil {
				if !replay && !anyGuestCandidate(evs, f) {
					return nil // nothing a guest could see: spare the statement
				}
				return r.storedEvents(ctx, org.ID, f, after, until, sendStored)
			}
			for i := range evs {
				if f.Matches(&evs[i].Event) {
					if err := send(evs[i].model); err != nil {
						return err
					}
				}
			}
			return nil
		})
	}()
	return ch, nil
}

// anyGuestCandidate reports whether a guest could see one of evs: guests
// see only events about a space, of the types asked for.
func anyGuestCandidate(evs []feedEvent, f store.EventFilter) bool {
	for i := range evs {
		if evs[i].SpaceID != nil && f.Matches(&evs[i].Event) {
			return true
		}
	}
	return false
}

// affectsSpaceAccess reports whether an event may change whether the
// caller can read the space: their membership, teams, the space itself
// (deleted, moved, its default level), the collections above it.
func affectsSpaceAccess(e *feedEvent, spaceID, viewerID string) bool {
	t := string(e.Type)
	switch {
	case strings.HasPrefix(t, "member."):
		return e.ObjectID == viewerID
	case strings.HasPrefix(t, "team."), strings.HasPrefix(t, "collection."):
		return true
	case strings.HasPrefix(t, "space."):
		return e.ObjectID == spaceID
	}
	return false
}

// changeRequestUpdated streams the change request each time an event is
// about it (its own events, and those naming it in their payload: content
// commits, imports, comments), once per run of events: the result is the
// change request as it is, read anew with the caller's access.
func (r *Resolver) changeRequestUpdated(ctx context.Context, spaceID, changeRequestID string) (<-chan *model.ChangeRequest, error) {
	subs, st, err := r.subscription(ctx)
	if err != nil {
		return nil, err
	}
	sp, err := r.space(ctx, spaceID)
	if err != nil {
		return nil, err
	}
	cr, err := r.changeRequestIn(ctx, sp, changeRequestID)
	if err != nil {
		return nil, err
	}
	fl, cursor, err := subs.hub.join(ctx, sp.OrganizationID, true)
	if err != nil {
		return nil, err
	}
	viewerID := Viewer(ctx).ID
	ch := make(chan *model.ChangeRequest)
	send := sender(ctx, ch)
	go func() {
		defer close(ch)
		follow(ctx, subs.hub, st, fl, cursor, func(_, _ int64, evs []feedEvent, replay bool) error {
			// Behind the ring, something may have changed: read it.
			changed, recheck := replay, replay
			for i := range evs {
				e := &evs[i]
				changed = changed || e.ObjectID == cr.ID || e.changeRequest == cr.ID
				recheck = recheck || affectsSpaceAccess(e, spaceID, viewerID)
			}
			if !changed && !recheck {
				return nil
			}
			fctx := r.fresh(ctx)
			sp, err := r.space(fctx, spaceID)
			if err != nil {
				return err
			}
			now, err := r.changeRequestIn(fctx, sp, cr.ID)
			if err != nil || !changed {
				return err
			}
			return send(now)
		})
	}()
	return ch, nil
}

// commentKinds maps the comment event types to the kind of change.
var commentKinds = map[store.EventType]model.CommentChangeKind{
	store.EventCommentCreated: model.CommentChangeKindCommentCreated,
	store.EventCommentUpdated: model.CommentChangeKindCommentUpdated,
	store.EventCommentDeleted: model.CommentChangeKindCommentDeleted,
	store.EventReplyCreated:   model.CommentChangeKindReplyCreated,
	store.EventReplyUpdated:   model.CommentChangeKindReplyUpdated,
	store.EventReplyDeleted:   model.CommentChangeKindReplyDeleted,
}

// commentEventTypes selects the comment events from the feed.
var commentEventTypes = []string{"comment.*", "comment_reply.*"}

// commentsChanged streams one result per comment event of a thread: a
// space's own comments, or a change request's. A comment event names its
// change request in its payload; a reply event names its comment, which
// must be in the thread. Each run of events reads the space again with
// the caller's access, and each comment as it is now.
func (r *Resolver) commentsChanged(ctx context.Context, spaceID string, changeRequestID *string) (<-chan *model.CommentChange, error) {
	subs, st, err := r.subscription(ctx)
	if err != nil {
		return nil, err
	}
	t, err := r.threadOf(ctx, spaceID, changeRequestID)
	if err != nil {
		return nil, err
	}
	fl, cursor, err := subs.hub.join(ctx, t.space.OrganizationID, true)
	if err != nil {
		return nil, err
	}
	viewerID := Viewer(ctx).ID
	key := t.key()
	// The feed's comment events, whoever the caller is: access is checked
	// on the space, as the comment lists check it.
	all := store.EventFilter{Types: commentEventTypes, Role: new(domain.RoleAdmin)}
	ch := make(chan *model.CommentChange)
	send := sender(ctx, ch)
	go func() {
		defer close(ch)
		follow(ctx, subs.hub, st, fl, cursor, func(after, until int64, evs []feedEvent, replay bool) error {
			if replay {
				evs = nil
				err := r.storedEvents(ctx, t.space.OrganizationID, all, after, until, func(e store.Event) error {
					evs = append(evs, newFeedEvent(e))
					return nil
				})
				if err != nil {
					return err
				}
			}
			recheck := false
			var mine []*feedEvent
			for i := range evs {
				e := &evs[i]
				recheck = recheck || affectsSpaceAccess(e, spaceID, viewerID)
				if _, ok := commentKinds[e.Type]; ok && e.SpaceID != nil && *e.SpaceID == spaceID {
					mine = append(mine, e)
				}
			}
			if len(mine) == 0 && !recheck {
				return nil
			}
			fctx := r.fresh(ctx)
			th, err := r.threadOf(fctx, spaceID, changeRequestID)
			if err != nil {
				return err
			}
			comments := map[string]*store.Comment{} // as they are now; nil when gone
			load := func(id string) (*store.Comment, error) {
				if c, ok := comments[id]; ok {
					return c, nil
				}
				c, err := r.Store.Comment(fctx, key, id)
				if domain.ErrorCode(err) == domain.CodeNotFound {
					c, err = nil, nil
				}
				comments[id] = c
				return c, err
			}
			for _, e := range mine {
				ch := &model.CommentChange{Kind: commentKinds[e.Type], Event: e.model, CommentID: e.ObjectID}
				if strings.HasPrefix(string(e.Type), "comment_reply.") {
					ch.CommentID, ch.ReplyID = e.comment, &e.ObjectID
				} else if e.changeRequest != key.ChangeRequestID {
					continue // another thread's comment
				}
				c, err := load(ch.CommentID)
				if err != nil {
					return err
				}
				if c == nil && ch.ReplyID != nil {
					continue // the comment is not in this thread (or is gone with its replies)
				}
				if c != nil {
					m := th.wrap(viewerID)(*c)
					ch.Comment = &m
				}
				if err := send(ch); err != nil {
					return err
				}
			}
			return nil
		})
	}()
	return ch, nil
}
