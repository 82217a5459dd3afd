package model

import (
	"time"

	"folio/store"
)

// PersonalToken is an API token as its owner sees it. It copies the fields
// it shows rather than embedding store.APIToken, so that the token's hash
// can never be bound to a field of the schema.
type PersonalToken struct {
	ID         string
	Name       string
	ReadOnly   bool
	ExpiresAt  *time.Time
	CreatedAt  time.Time
	LastUsedAt *time.Time
	// now is the store's clock when the token was read (Expired).
	now time.Time
}

// NewPersonalToken shows a token read at now (the store's clock).
func NewPersonalToken(t store.APIToken, now time.Time) PersonalToken {
	return PersonalToken{ID: t.ID, Name: t.Name, ReadOnly: t.ReadOnly, ExpiresAt: t.ExpiresAt,
		CreatedAt: t.CreatedAt, LastUsedAt: t.LastUsedAt, now: now}
}

func (PersonalToken) Object() string { return "token" }

// CommandLine: `folio token create` names no token, and the API refuses an
// empty name, so the name tells them apart.
func (t PersonalToken) CommandLine() bool { return t.Name == "" }

func (t PersonalToken) Expired() bool { return t.ExpiresAt != nil && !t.now.Before(*t.ExpiresAt) }

// CreatedPersonalToken is a token just made, with its secret.
type CreatedPersonalToken struct {
	PersonalToken
	Token string
}

// Session is a signed-in browser as its owner sees it (never the hash of
// its cookie's secret).
type Session struct {
	ID         string
	MethodName string
	ProviderID *string
	UserAgent  string
	Client     string
	CreatedAt  time.Time
	LastSeenAt time.Time
	ExpiresAt  time.Time
	// Current marks the session making the request.
	Current bool
}

// NewSession shows a session; current says whether it makes the request.
func NewSession(s store.Session, current bool) Session {
	return Session{ID: s.ID, MethodName: s.Method, ProviderID: s.ProviderID, UserAgent: s.UserAgent, Client: s.Client,
		CreatedAt: s.CreatedAt, LastSeenAt: s.LastSeenAt, ExpiresAt: s.ExpiresAt, Current: current}
}

func (Session) Object() string { return "session" }

func (s Session) Provider() *string { return s.ProviderID }

func (PersonalToken) IsNode()         {}
func (t PersonalToken) GetID() string { return t.ID }
func (Session) IsNode()               {}
func (s Session) GetID() string       { return s.ID }

func (s Session) Method() SignInMethod { return SignInMethod(s.MethodName) }
