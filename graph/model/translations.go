package model

import (
	"folio/domain"
	"folio/store"
)

// TranslationSettings are translation settings seen by the caller.
type TranslationSettings struct {
	store.TranslationSettings
	Viewer Access
	base   Base
}

func NewTranslationSettings(b Base, t store.TranslationSettings, viewer Access) TranslationSettings {
	return TranslationSettings{TranslationSettings: t, Viewer: viewer, base: b}
}

func (TranslationSettings) Object() string { return "translation-settings" }

func (t TranslationSettings) Languages() []string {
	if t.TranslationSettings.Languages == nil {
		return []string{}
	}
	return t.TranslationSettings.Languages
}

// Permissions: members with a role view settings; admins edit them.
func (t TranslationSettings) Permissions() TranslationSettingsPermissions {
	return TranslationSettingsPermissions{View: t.Viewer.Role != nil, Edit: t.Viewer.Role.AtLeast(domain.RoleAdmin)}
}

func (t TranslationSettings) Urls() TranslationSettingsURLs {
	return TranslationSettingsURLs{Location: string(t.base) + "/v1/orgs/" + t.OrganizationID + "/translations/" + t.ID}
}
