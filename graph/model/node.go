package model

// The types that implement the Node interface (schema/node.graphqls): each
// one's id alone names one object, so node(id:) can fetch it again.

func (Organization) IsNode()        {}
func (User) IsNode()                {}
func (Team) IsNode()                {}
func (Invite) IsNode()              {}
func (Invitation) IsNode()          {}
func (SAMLProvider) IsNode()        {}
func (Collection) IsNode()          {}
func (Space) IsNode()               {}
func (Revision) IsNode()            {}
func (ChangeRequest) IsNode()       {}
func (Comment) IsNode()             {}
func (CommentReply) IsNode()        {}
func (CustomField) IsNode()         {}
func (OpenAPISpec) IsNode()         {}
func (OpenAPISpecVersion) IsNode()  {}
func (TranslationSettings) IsNode() {}
func (Site) IsNode()                {}
func (SiteSection) IsNode()         {}
func (SiteSectionGroup) IsNode()    {}
func (SiteSpace) IsNode()           {}
func (ShareLink) IsNode()           {}
func (SiteRedirect) IsNode()        {}
func (Webhook) IsNode()             {}
func (WebhookDelivery) IsNode()     {}

func (o Organization) GetID() string        { return o.ID }
func (r SiteRedirect) GetID() string        { return r.ID }
func (u User) GetID() string                { return u.ID }
func (t Team) GetID() string                { return t.ID }
func (i Invite) GetID() string              { return i.ID }
func (i Invitation) GetID() string          { return i.ID }
func (p SAMLProvider) GetID() string        { return p.ID }
func (c Collection) GetID() string          { return c.ID }
func (s Space) GetID() string               { return s.ID }
func (r Revision) GetID() string            { return r.ID }
func (c ChangeRequest) GetID() string       { return c.ID }
func (c Comment) GetID() string             { return c.ID }
func (c CommentReply) GetID() string        { return c.ID }
func (f CustomField) GetID() string         { return f.ID }
func (s OpenAPISpec) GetID() string         { return s.ID }
func (v OpenAPISpecVersion) GetID() string  { return v.ID }
func (t TranslationSettings) GetID() string { return t.ID }
func (s Site) GetID() string                { return s.ID }
func (s SiteSection) GetID() string         { return s.ID }
func (g SiteSectionGroup) GetID() string    { return g.ID }
func (s SiteSpace) GetID() string           { return s.ID }
func (l ShareLink) GetID() string           { return l.ID }
func (w Webhook) GetID() string             { return w.ID }
func (d WebhookDelivery) GetID() string     { return d.ID }
