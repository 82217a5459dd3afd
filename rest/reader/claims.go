package reader

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"net/url"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/golang-jwt/jwt/v5"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"folio/graph"
	"folio/store"
)

// Unsigned claims. A reader may say things about themselves in the
// address, visitor.<name>=<value> (true, false and numbers are read as
// such, anything else as a string): conditions see them as
// visitor.claims.unsigned.<name>, beside the claims of a signed visitor
// token. They are kept only when the site's adaptive schema declares an
// unsigned property and they validate against it (its other required
// claims aside); otherwise they are ignored. Being unsigned, they decide
// only which conditional sections and site spaces show, never whether the
// reader may open the site.

const claimsCookie = "folio_claims_"

// unsignedFromQuery reads visitor.<name> parameters; nil when there are none.
func unsignedFromQuery(q url.Values) map[string]any {
	var out map[string]any
	for k, vs := range q {
		name, ok := strings.CutPrefix(k, "visitor.")
		if !ok || name == "" || len(vs) == 0 || len(name) > 100 || len(vs[0]) > 1000 {
			continue
		}
		if out == nil {
			out = map[string]any{}
		}
		out[name] = claimValue(vs[0])
	}
	return out
}

func claimValue(s string) any {
	var v any
	if json.Unmarshal([]byte(s), &v) == nil {
		switch v.(type) {
		case bool, float64:
			return v
		}
	}
	return s
}

func encodeClaims(c map[string]any) string {
	b, _ := json.Marshal(c)
	return base64.RawURLEncoding.EncodeToString(b)
}

func decodeClaims(s string) map[string]any {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return nil
	}
	var c map[string]any
	if json.Unmarshal(b, &c) != nil {
		return nil
	}
	return c
}

// unsignedValid checks unsigned claims against a site's adaptive schema:
// the schema must declare "unsigned", and {"unsigned": claims} must
// validate against the schema without its required list.
func unsignedValid(schema json.RawMessage, claims map[string]any) bool {
	var top map[string]any
	if len(claims) == 0 || json.Unmarshal(schema, &top) != nil {
		return false
	}
	props, _ := top["properties"].(map[string]any)
	if _, ok := props["unsigned"]; !ok {
		return false
	}
	delete(top, "required")
	raw, _ := json.Marshal(top)
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return false
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft7)
	c.UseLoader(&graph.RefusingLoader{})
	const loc = "folio:///adaptive-schema.json"
	if c.AddResource(loc, doc) != nil {
		return false
	}
	sch, err := c.Compile(loc)
	if err != nil {
		return false
	}
	inst, _ := json.Marshal(map[string]any{"unsigned": claims})
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(inst))
	return err == nil && sch.Validate(v) == nil
}

// signedClaims reads the claims of a visitor token the site's operation
// has just accepted (so it is not verified again).
func signedClaims(token string) map[string]any {
	if token == "" {
		return map[string]any{}
	}
	claims := jwt.MapClaims{}
	if _, _, err := jwt.NewParser().ParseUnverified(token, claims); err != nil {
		return map[string]any{}
	}
	return claims
}

// conditionHolds evaluates a condition as the API does: no condition
// holds; one that does not compile or fails at run time does not.
func conditionHolds(src *string, claims map[string]any) bool {
	if src == nil {
		return true
	}
	env := map[string]any{"visitor": map[string]any{"claims": claims}}
	prog, err := expr.Compile(*src, expr.Env(map[string]any{"visitor": map[string]any{"claims": map[string]any{}}}), expr.AsBool())
	if err != nil {
		return false
	}
	out, err := expr.Run(prog, env)
	b, ok := out.(bool)
	return err == nil && ok && b
}

// adaptiveSections rebuilds the visible sections of a site for claims (the
// signed ones with the unsigned ones under "unsigned"), as the published
// view does: three statements (site spaces with their spaces, sections,
// groups).
func (rd *Reader) adaptiveSections(ctx context.Context, s *siteView, claims map[string]any) error {
	all, err := rd.cfg.Store.SiteSpacesOf(ctx, s.ID)
	if err != nil {
		return err
	}
	sections, err := store.SiteSections.List(ctx, rd.cfg.Store, s.ID, store.PageArgs{Limit: store.MaxLimit})
	if err != nil {
		return err
	}
	groups, err := store.SiteSectionGroups.List(ctx, rd.cfg.Store, s.ID, store.PageArgs{Limit: store.MaxLimit})
	if err != nil {
		return err
	}
	groupTitle := map[string]string{}
	for _, g := range groups.Items {
		groupTitle[g.ID] = g.Title
	}
	variant := func(ss store.SiteSpace, sec *sectionView) *variantView {
		return &variantView{ID: ss.ID, Path: ss.Path, Title: ss.Space.Title, Emoji: ss.Space.Emoji, SpaceID: ss.Space.ID,
			RevisionID: ss.Space.RevisionID, Default: ss.IsDefault, Section: sec}
	}
	s.HasSections = sections.Count > 0
	if !s.HasSections {
		root := &sectionView{Default: true}
		for _, ss := range all {
			if ss.SectionID == nil && conditionHolds(ss.Condition, claims) {
				root.Spaces = append(root.Spaces, variant(ss, root))
			}
		}
		s.Sections = []*sectionView{root}
		return nil
	}
	byID := map[string]*sectionView{}
	s.Sections = nil
	var ordered []*sectionView
	for _, sec := range sections.Items {
		if !conditionHolds(sec.Condition, claims) {
			continue
		}
		v := &sectionView{ID: sec.ID, Title: sec.Title, Path: sec.Path, Default: sec.IsDefault}
		if sec.GroupID != nil {
			v.GroupID, v.Group = *sec.GroupID, groupTitle[*sec.GroupID]
		}
		byID[sec.ID] = v
		ordered = append(ordered, v)
	}
	for _, ss := range all {
		if ss.SectionID == nil || !conditionHolds(ss.Condition, claims) {
			continue
		}
		if sec := byID[*ss.SectionID]; sec != nil {
			sec.Spaces = append(sec.Spaces, variant(ss, sec))
		}
	}
	// Sections come in site order with a group's sections together; a
	// group sits where its first section is, as in the published view.
	placed := map[string]bool{}
	for i, sec := range ordered {
		if len(sec.Spaces) == 0 || placed[sec.ID] {
			continue
		}
		s.Sections = append(s.Sections, sec)
		placed[sec.ID] = true
		if sec.GroupID == "" {
			continue
		}
		for _, other := range ordered[i+1:] {
			if other.GroupID == sec.GroupID && len(other.Spaces) > 0 && !placed[other.ID] {
				s.Sections = append(s.Sections, other)
				placed[other.ID] = true
			}
		}
	}
	return nil
}
