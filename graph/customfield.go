package graph

import (
	"bytes"
	"encoding/json"
	"slices"
	"unicode/utf8"

	"folio/domain"
	"folio/store"
)

// maxTextValue is the longest string a text or tags value may hold.
const maxTextValue = 256

// fieldOptions checks a field's options against its type: select types need
// them, other types take none. Each option is 1 to 100 characters, unique.
func fieldOptions(t store.CustomFieldType, options []string, set bool) error {
	if !t.HasOptions() {
		if set {
			return domain.Invalid("options", "only single-select and multi-select fields have options")
		}
		return nil
	}
	if len(options) == 0 {
		return domain.Invalid("options", "a %s field needs 1 to 50 options", t)
	}
	seen := map[string]bool{}
	for _, o := range options {
		if n := utf8.RuneCountInString(o); n == 0 || n > 100 {
			return domain.Invalid("options", "each option must have 1 to 100 characters")
		}
		if seen[o] {
			return domain.Invalid("options", "%q is listed twice", o)
		}
		seen[o] = true
	}
	return nil
}

// customValues checks a PATCH of a space's values, {name: {value}}, against
// the organization's fields, and returns them keyed by field id (nil
// clears). Any bad entry rejects the whole request.
func customValues(raw json.RawMessage, fields []store.CustomField) (map[string]json.RawMessage, error) {
	var in map[string]json.RawMessage
	if err := json.Unmarshal(raw, &in); err != nil || in == nil {
		return nil, domain.Invalid("values", `must be an object keyed by custom field name, each {"value": ...}`)
	}
	byName := map[string]store.CustomField{}
	for _, f := range fields {
		byName[f.Name] = f
	}
	out := make(map[string]json.RawMessage, len(in))
	for name, entryRaw := range in {
		field := "values." + name
		f, ok := byName[name]
		if !ok {
			return nil, domain.Invalid(field, "no custom field has this name")
		}
		var entry map[string]json.RawMessage
		dec := json.NewDecoder(bytes.NewReader(entryRaw))
		if err := dec.Decode(&entry); err != nil || entry == nil || len(entry) != 1 {
			return nil, domain.Invalid(field, `must be {"value": ...}`)
		}
		v, ok := entry["value"]
		if !ok {
			return nil, domain.Invalid(field, `must be {"value": ...}`)
		}
		if string(v) == "null" {
			out[f.ID] = nil
			continue
		}
		if err := checkValue(f, v, field); err != nil {
			return nil, err
		}
		out[f.ID] = v
	}
	return out, nil
}

// checkValue checks one value against its field's type.
func checkValue(f store.CustomField, v json.RawMessage, field string) error {
	switch f.Type {
	case store.FieldText, store.FieldSingleSelect:
		var s string
		if json.Unmarshal(v, &s) != nil {
			return domain.Invalid(field, "must be a string")
		}
		if utf8.RuneCountInString(s) > maxTextValue {
			return domain.Invalid(field, "must have at most %d characters", maxTextValue)
		}
		if f.Type == store.FieldSingleSelect && !slices.Contains(f.Options, s) {
			return domain.Invalid(field, "%q is not one of the field's options", s)
		}
	case store.FieldNumber:
		var n float64
		if json.Unmarshal(v, &n) != nil {
			return domain.Invalid(field, "must be a number")
		}
	case store.FieldBoolean:
		var b bool
		if json.Unmarshal(v, &b) != nil {
			return domain.Invalid(field, "must be true or false")
		}
	case store.FieldMultiSelect, store.FieldTags:
		var list []string
		if json.Unmarshal(v, &list) != nil || list == nil {
			return domain.Invalid(field, "must be an array of strings")
		}
		for _, s := range list {
			if utf8.RuneCountInString(s) > maxTextValue {
				return domain.Invalid(field, "each item must have at most %d characters", maxTextValue)
			}
			if f.Type == store.FieldMultiSelect && !slices.Contains(f.Options, s) {
				return domain.Invalid(field, "%q is not one of the field's options", s)
			}
		}
	}
	return nil
}
