package store

import "sync"

// Local change notes. A server that caches what published sites show
// (rest/reader) learns of other servers' writes from the change feed, a
// poll behind their commits; of its own writes it learns here, at once:
// every append of events calls the listeners with the organization and the
// types, inside the write's transaction, before it commits. A listener
// that drops what it cached then makes the server's next read see the
// write (a read racing the commit may still cache the state before it: the
// feed's copy of the same events, after the commit, drops that too).

// changeListeners are the functions called on every append of events.
type changeListeners struct {
	mu  sync.RWMutex
	fns []func(org string, types []EventType)
}

// OnChange calls fn, from now on, with the organization and the types of
// the events each write of this store appends, before the write commits.
// fn must be quick and must not write.
func (s *Store) OnChange(fn func(org string, types []EventType)) {
	s.changes.mu.Lock()
	defer s.changes.mu.Unlock()
	s.changes.fns = append(s.changes.fns, fn)
}

func (s *Store) changed(org string, types []EventType) {
	s.changes.mu.RLock()
	defer s.changes.mu.RUnlock()
	for _, fn := range s.changes.fns {
		fn(org, types)
	}
}

// ChangesPublished reports whether an event of this type can change what
// a published site or space shows to a reader without credentials: its
// visibility, structure, customization, content (a merge, an import), the
// spaces it shows, its OpenAPI specifications. Types that cannot (comments,
// change-request edits, members, teams, invites, webhooks, SAML) are the
// exceptions; a type added later counts as one that can.
func (t EventType) ChangesPublished() bool {
	switch t {
	case EventCommentCreated, EventCommentUpdated, EventCommentDeleted, EventReplyCreated, EventReplyUpdated, EventReplyDeleted,
		EventChangeRequestCreated, EventChangeRequestUpdated, EventPageUpdated,
		EventMemberCreated, EventMemberUpdated, EventMemberDeleted, EventTeamCreated, EventTeamUpdated, EventTeamDeleted,
		EventInviteCreated, EventInviteUpdated, EventInviteDeleted, EventInvitationCreated, EventInvitationDeleted,
		EventWebhookCreated, EventWebhookUpdated, EventWebhookDeleted, EventWebhookRedelivered, EventWebhookDisabled,
		EventSAMLProviderCreated, EventSAMLProviderUpdated, EventSAMLProviderDeleted:
		return false
	}
	return true
}
