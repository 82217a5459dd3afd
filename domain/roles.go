package domain

// Role is a member's role in an organization, or a default level of content.
// A nil *Role stands for a guest (member role) or for no default (level).
type Role string

const (
	RoleRead    Role = "read"
	RoleComment Role = "comment"
	RoleReview  Role = "review"
	RoleEdit    Role = "edit"
	RoleCreate  Role = "create"
	RoleAdmin   Role = "admin"
)

// roleRank orders roles from least to most capable; 0 is no access.
var roleRank = map[Role]int{
	RoleRead: 1, RoleComment: 2, RoleReview: 3, RoleEdit: 4, RoleCreate: 5, RoleAdmin: 6,
}

// Valid reports whether r is one of the six roles.
func (r Role) Valid() bool { return roleRank[r] > 0 }

// AtLeast reports whether r grants everything min grants. A nil role (guest,
// or not a member) grants nothing.
func (r *Role) AtLeast(min Role) bool {
	return r != nil && roleRank[*r] >= roleRank[min]
}

// Highest returns the more capable of two possibly nil roles.
func Highest(a, b *Role) *Role {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	case roleRank[*b] > roleRank[*a]:
		return b
	}
	return a
}

// TeamRole is a member's role inside a team.
type TeamRole string

const (
	TeamOwner  TeamRole = "owner"
	TeamMember TeamRole = "member"
)
