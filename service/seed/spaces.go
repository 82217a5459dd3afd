package seed

import (
	"context"
	"encoding/json"
	"fmt"

	"folio/store"
)

var (
	collectionNames = []string{"Product", "Engineering", "Developers", "Operations", "Customers", "Internal",
		"Partners", "Handbook", "Platform", "Mobile"}
	spaceNames = []string{"Payments API", "Mobile SDK", "Web App", "CLI", "Admin Console", "Data Pipeline",
		"Design System", "Onboarding", "Runbooks", "Architecture", "Security Handbook", "Public API",
		"Integrations", "Analytics", "Help Center", "Release Notes"}
	spaceEmoji = []string{"📘", "📗", "📙", "🚀", "🛠", "🔐", "📊", "💡"}
	// Spaces at the top level cycle through the visibilities a space
	// outside a collection may have.
	topVisibilities = []store.Visibility{store.VisibilityPrivate, store.VisibilityPublic, store.VisibilityUnlisted, store.VisibilityShareLink}
)

// fieldDefs are the custom fields, one of each type, with a value for the
// i-th space that the API's checks accept.
var fieldDefs = []struct {
	field store.CustomField
	value func(i int) any
}{
	{store.CustomField{Name: "owner", Type: store.FieldText, Title: "Owner", Description: "Who keeps this space up to date", Placeholder: "A team or a person"},
		func(i int) any { return teamNames[i%len(teamNames)] + " team" }},
	{store.CustomField{Name: "review-cycle-days", Type: store.FieldNumber, Title: "Review cycle (days)", Description: "How often the content is reviewed"},
		func(i int) any { return []int{30, 60, 90, 180}[i%4] }},
	{store.CustomField{Name: "customer-facing", Type: store.FieldBoolean, Title: "Customer facing"},
		func(i int) any { return i%3 != 0 }},
	{store.CustomField{Name: "lifecycle", Type: store.FieldSingleSelect, Title: "Lifecycle", Options: []string{"draft", "beta", "stable", "deprecated"}},
		func(i int) any { return []string{"draft", "beta", "stable", "deprecated"}[i%4] }},
	{store.CustomField{Name: "platforms", Type: store.FieldMultiSelect, Title: "Platforms", Options: []string{"web", "ios", "android", "desktop"}},
		func(i int) any { return []string{"web", "ios", "android", "desktop"}[:1+i%4] }},
	{store.CustomField{Name: "tags", Type: store.FieldTags, Title: "Tags"},
		func(i int) any { return []string{"docs", teamNames[i%len(teamNames)]} }},
}

// seedCustomFields defines the organization's space fields as the
// createCustomField mutation does; past one of each type they repeat,
// numbered.
func seedCustomFields(ctx context.Context, s *store.Store, sc Scale, org *Org, done func(int)) error {
	for i := range sc.CustomFields {
		f := fieldDefs[i%len(fieldDefs)].field
		f.OrganizationID = org.ID
		if n := i / len(fieldDefs); n > 0 {
			f.Name, f.Title = fmt.Sprintf("%s-%d", f.Name, n+1), fmt.Sprintf("%s %d", f.Title, n+1)
		}
		if err := s.CreateCustomField(ctx, &f); err != nil {
			return fmt.Errorf("custom field %s: %w", f.Name, err)
		}
		org.Fields = append(org.Fields, f)
		done(1)
	}
	return nil
}

// seedCollections makes half the collections at the top level and nests
// the others in them.
func seedCollections(ctx context.Context, s *store.Store, sc Scale, org *Org, done func(int)) error {
	top := max(1, (sc.Collections+1)/2)
	for i := range sc.Collections {
		desc := fmt.Sprintf("Documentation of the %s group.", numbered(collectionNames, i))
		n := store.NewCollection{Title: numbered(collectionNames, i), Description: &desc}
		if i >= top {
			n.ParentID = &org.Collections[i%top]
		}
		c, err := s.CreateCollection(ctx, org.ID, n)
		if err != nil {
			return fmt.Errorf("collection %q: %w", n.Title, err)
		}
		org.Collections = append(org.Collections, c.ID)
		done(1)
	}
	return nil
}

// seedSpaces makes the spaces, four in five in a collection, and fills in
// their custom fields. Space creation takes the organization's tree lock,
// so it is not worth doing in parallel.
func seedSpaces(ctx context.Context, s *store.Store, sc Scale, org *Org, done func(int)) error {
	for i := range sc.Spaces {
		n := store.NewSpace{Title: numbered(spaceNames, i), Emoji: spaceEmoji[i%len(spaceEmoji)], EditMode: store.EditLive}
		if len(org.Collections) > 0 && i%5 != 4 {
			n.ParentID, n.Visibility = &org.Collections[i%len(org.Collections)], store.VisibilityInCollection
		} else {
			n.Visibility = topVisibilities[(i/5)%len(topVisibilities)]
		}
		sp, err := s.CreateSpace(ctx, org.ID, n)
		if err != nil {
			return fmt.Errorf("space %q: %w", n.Title, err)
		}
		values := map[string]json.RawMessage{}
		for k, f := range org.Fields {
			v, err := json.Marshal(fieldDefs[k%len(fieldDefs)].value(i + k))
			if err != nil {
				return fmt.Errorf("space %q field %s: %w", n.Title, f.Name, err)
			}
			values[f.ID] = v
		}
		if err := s.SetSpaceCustomValues(ctx, sp, values); err != nil {
			return fmt.Errorf("space %q custom fields: %w", n.Title, err)
		}
		org.Spaces = append(org.Spaces, sp)
		done(1)
	}
	org.Pages = make([][]string, len(org.Spaces))
	return nil
}

// seedPages writes each space's pages the way an editor would through the
// API: one change request, content updates of store.MaxChanges pages each
// (parents in earlier updates are named by id, in the same update by ref),
// then a merge. Spaces are filled in parallel.
func seedPages(ctx context.Context, s *store.Store, sc Scale, org *Org, done func(int)) error {
	plan := pagePlan(sc.PagesPerSpace)
	return forEach(ctx, len(org.Spaces), func(ctx context.Context, si int) error {
		if len(plan) == 0 {
			return nil
		}
		sp := org.Spaces[si]
		author := pick(org.writers, si, org.Admin.ID)
		cr, err := s.CreateChangeRequest(ctx, sp, author, "First draft of "+sp.Title)
		if err != nil {
			return fmt.Errorf("space %q: change request: %w", sp.Title, err)
		}
		ids := make([]string, len(plan))
		for start := 0; start < len(plan); start += store.MaxChanges {
			end := min(start+store.MaxChanges, len(plan))
			batch := make([]store.PageChange, 0, end-start)
			for i := start; i < end; i++ {
				p := plan[i]
				md := pageMarkdown(si, i, plan)
				c := store.PageChange{Operation: store.OpInsertPage, Ref: fmt.Sprint("p", i), Title: &p.Title, Slug: &p.Slug, Markdown: &md}
				switch {
				case p.Parent >= start:
					ref := fmt.Sprint("p", p.Parent)
					c.Into = &ref
				case p.Parent >= 0:
					c.Into = &ids[p.Parent]
				}
				batch = append(batch, c)
			}
			res, err := s.UpdateChangeRequestContent(ctx, sp.ID, cr.ID, author, batch)
			if err != nil {
				return fmt.Errorf("space %q: pages %d-%d: %w", sp.Title, start, end-1, err)
			}
			for _, o := range res.Changes {
				var i int
				if _, err := fmt.Sscanf(o.Ref, "p%d", &i); err == nil && i < len(ids) {
					ids[i] = o.Page
				}
			}
			done(end - start)
		}
		if _, err := s.MergeChangeRequest(ctx, sp.ID, cr.ID, org.Admin.ID); err != nil {
			return fmt.Errorf("space %q: merge: %w", sp.Title, err)
		}
		org.Pages[si] = ids
		return nil
	})
}
