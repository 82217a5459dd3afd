package store

import "folio/domain"

// SpacePermission is one flag of a space's permissions object.
type SpacePermission string

const (
	PermView               SpacePermission = "view"
	PermAccess             SpacePermission = "access"
	PermAdmin              SpacePermission = "admin"
	PermViewInviteLinks    SpacePermission = "viewInviteLinks"
	PermInstallIntegration SpacePermission = "installIntegration"
	PermEdit               SpacePermission = "edit"
	PermTriggerGitSync     SpacePermission = "triggerGitSync"
	PermMerge              SpacePermission = "merge"
	PermReview             SpacePermission = "review"
	PermComment            SpacePermission = "comment"
)

// spacePermissions is the one table from each permission flag of a space to
// the least effective role that grants it, and whether a locked space
// (editMode locked) withholds it. The permissions object, and every check of
// an action on a space's content, read it (docs/api/content.md shows it
// too):
//
//	flag                min role  withheld when locked
//	view, access        read
//	comment             comment
//	review              review
//	edit                edit      yes  (edit change requests)
//	merge               edit      yes  (merge change requests)
//	triggerGitSync      edit      yes
//	admin, viewInviteLinks, installIntegration  admin
var spacePermissions = map[SpacePermission]struct {
	min      domain.Role
	needLive bool
}{
	PermView: {domain.RoleRead, false}, PermAccess: {domain.RoleRead, false},
	PermComment: {domain.RoleComment, false}, PermReview: {domain.RoleReview, false},
	PermEdit: {domain.RoleEdit, true}, PermMerge: {domain.RoleEdit, true}, PermTriggerGitSync: {domain.RoleEdit, true},
	PermAdmin: {domain.RoleAdmin, false}, PermViewInviteLinks: {domain.RoleAdmin, false}, PermInstallIntegration: {domain.RoleAdmin, false},
}

// SpaceAllows reports whether an effective role grants a permission flag in
// a space with the given edit mode.
func SpaceAllows(role *domain.Role, mode EditMode, p SpacePermission) bool {
	rule, ok := spacePermissions[p]
	return ok && role.AtLeast(rule.min) && !(rule.needLive && mode == EditLocked)
}

// SpaceRequire is SpaceAllows as an error: CONFLICT when only the lock
// withholds the flag, FORBIDDEN when the role is too low.
func SpaceRequire(role *domain.Role, mode EditMode, p SpacePermission) error {
	rule := spacePermissions[p]
	if !role.AtLeast(rule.min) {
		return domain.Errorf(domain.CodeForbidden, "this needs the %s permission on the space (the %s role)", p, rule.min)
	}
	if rule.needLive && mode == EditLocked {
		return ErrLocked
	}
	return nil
}
