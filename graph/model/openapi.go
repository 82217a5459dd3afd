package model

import (
	"encoding/json"

	"folio/domain"
	"folio/store"
)

// OpenAPISpec is an OpenAPI specification seen by the caller.
type OpenAPISpec struct {
	store.OpenAPISpec
	Viewer Access
	base   Base
}

func NewOpenAPISpec(b Base, sp store.OpenAPISpec, viewer Access) OpenAPISpec {
	return OpenAPISpec{OpenAPISpec: sp, Viewer: viewer, base: b}
}

func (OpenAPISpec) Object() string { return "openapi-spec" }

func (s OpenAPISpec) LastVersion() *string { return s.LastVersionID }

func (s OpenAPISpec) LastProcessErrorCode() *OpenAPISpecProcessingErrorCode {
	if s.LastErrorCode == nil {
		return nil
	}
	c := OpenAPISpecProcessingErrorCode(*s.LastErrorCode)
	return &c
}

// LastProcessedErrors says what went wrong in the last processing, so the
// owner can fix the document; absent when it succeeded.
func (s OpenAPISpec) LastProcessedErrors() []OpenAPIErrorObject {
	if s.LastErrorCode == nil {
		return nil
	}
	msg := *s.LastErrorCode
	if s.LastErrorMessage != nil {
		msg = *s.LastErrorMessage
	}
	return []OpenAPIErrorObject{{Message: msg, Code: s.LastErrorCode}}
}

func (s OpenAPISpec) LastProcessedErrorCount() int { return len(s.LastProcessedErrors()) }

// Permissions: members with a role view specifications; create and above edit them.
func (s OpenAPISpec) Permissions() OpenAPISpecPermissions {
	return OpenAPISpecPermissions{View: s.Viewer.Role != nil, Edit: s.Viewer.Role.AtLeast(domain.RoleCreate)}
}

func (s OpenAPISpec) location() string {
	return string(s.base) + "/v1/orgs/" + s.OrganizationID + "/openapi/" + s.Slug
}

func (s OpenAPISpec) Urls() OpenAPISpecURLs {
	return OpenAPISpecURLs{Location: s.location(), App: string(s.base) + "/app/o/" + s.OrganizationID + "/openapi/" + s.Slug}
}

// WrapVersion wraps a version of this specification.
func (s OpenAPISpec) WrapVersion(v store.OpenAPISpecVersion) OpenAPISpecVersion {
	return OpenAPISpecVersion{OpenAPISpecVersion: v, specLocation: s.location()}
}

// OpenAPISpecVersion is one processed document of a specification.
type OpenAPISpecVersion struct {
	store.OpenAPISpecVersion
	specLocation string
}

func (OpenAPISpecVersion) Object() string { return "openapi-spec-version" }

func (v OpenAPISpecVersion) location() string { return v.specLocation + "/versions/" + v.ID }

// URL is where the document came from; a text source has no URL of its own,
// so its version points at its content in the API.
func (v OpenAPISpecVersion) URL() string {
	if v.SourceURL != nil {
		return *v.SourceURL
	}
	return v.location() + "/content"
}

func (v OpenAPISpecVersion) Urls() OpenAPISpecVersionURLs {
	return OpenAPISpecVersionURLs{Location: v.location()}
}

// Document is the version's content; v must have been loaded with its filesystem.
func (v OpenAPISpecVersion) Document() OpenAPISpecContent {
	return OpenAPISpecContent{
		Filesystem: json.RawMessage(v.Filesystem),
		URL:        v.URL(),
		Urls:       &OpenAPISpecContentURLs{Source: v.URL()},
	}
}
