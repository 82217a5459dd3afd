package graph

import (
	"context"

	"folio/domain"
	"folio/graph/model"
	"folio/store"
)

// requireReader checks that the caller has a role (guests do not) in the
// organization, to read its specifications or translation settings.
func requireReader(o *model.Organization, what string) error {
	if o.Access.Role == nil {
		return domain.Errorf(domain.CodeForbidden, "guests cannot read the %s of an organization", what)
	}
	return nil
}

// openAPISource turns the source input into the store's form.
func openAPISource(in *model.OpenAPISpecSourceInput) store.OpenAPISource {
	if in == nil {
		return store.OpenAPISource{}
	}
	return store.OpenAPISource{URL: in.URL, Text: in.Text}
}

// openAPIVersion loads a version of a specification, without its content.
func (r *Resolver) openAPIVersion(ctx context.Context, spec *model.OpenAPISpec, versionID string) (*model.OpenAPISpecVersion, error) {
	v, err := r.Store.OpenAPISpecVersion(ctx, spec.ID, versionID, false)
	if err != nil {
		return nil, err
	}
	out := spec.WrapVersion(*v)
	return &out, nil
}
