package rest

import (
	"bytes"
	"fmt"
	"io"

	"github.com/vektah/gqlparser/v2/ast"

	"folio/graph"
)

// shape says, for one level of a REST body, which fields keep a null value
// (those marked @keepNull in the schema) and how their children are shaped.
// Every other null is an absent optional field and is left out of the body.
// A field of the JSON scalar is data, not an object of the schema: its value
// is copied verbatim, nulls inside it included.
type shape struct {
	keepNull bool
	verbatim bool
	fields   map[string]*shape
	// names and kids are the fields again, in the order of the selection,
	// which is the order gqlgen writes them in: writeShaped finds a key's
	// shape by comparing it with the next name before it hashes it into
	// fields (a list of 1,000 spaces has 33,000 keys).
	names []string
	kids  []*shape
}

// shapeOf builds the shape of a selection set, following fragments.
func shapeOf(set ast.SelectionSet, frags ast.FragmentDefinitionList) *shape {
	s := &shape{fields: map[string]*shape{}}
	addSelections(s, set, frags)
	return s
}

func addSelections(s *shape, set ast.SelectionSet, frags ast.FragmentDefinitionList) {
	for _, sel := range set {
		switch sel := sel.(type) {
		case *ast.Field:
			child := s.fields[sel.Alias]
			if child == nil {
				child = &shape{fields: map[string]*shape{}}
				s.fields[sel.Alias] = child
				s.names = append(s.names, sel.Alias)
				s.kids = append(s.kids, child)
			}
			if sel.Definition != nil && sel.Definition.Directives.ForName("keepNull") != nil {
				child.keepNull = true
			}
			if sel.Definition != nil && sel.Definition.Type.Name() == "JSON" {
				child.verbatim = true
			}
			addSelections(child, sel.SelectionSet, frags)
		case *ast.InlineFragment:
			addSelections(s, sel.SelectionSet, frags)
		case *ast.FragmentSpread:
			if f := frags.ForName(sel.Name); f != nil {
				addSelections(s, f.SelectionSet, frags)
			}
		}
	}
}

// child is the shape of the field name, looked for from position next in
// the selection's order first, and the position to look from for the key
// after it. A key the selection does not name (there is none in gqlgen's
// output) has no shape.
func (s *shape) child(name []byte, next int) (*shape, int) {
	if next < len(s.names) && s.names[next] == string(name) {
		return s.kids[next], next + 1
	}
	for i, n := range s.names {
		if n == string(name) {
			return s.kids[i], i + 1
		}
	}
	return nil, next
}

// writeShaped copies the JSON value at the start of src to dst, leaving out
// object members whose value is null unless their shape keeps nulls (a
// verbatim shape copies the value as it is). src is gqlgen's compact output,
// so there is no white space to skip. It returns the rest of src after the
// value.
func writeShaped(dst *bytes.Buffer, src []byte, s *shape) ([]byte, error) {
	return shapeSpliced(dst, src, s, nil)
}

// splices are the segments (graph.Segments) a body refers to: each is
// written at its offset in the body's buffer, in order, when the body goes
// out, so a cached page tree goes from the cache to the connection without
// a copy.
type splices struct {
	segs *graph.Segments
	at   []splice
}

type splice struct {
	at  int // offset in the body's buffer
	seg []byte
}

// len is the bytes the segments add to the body.
func (sp *splices) len() int {
	n := 0
	for _, s := range sp.at {
		n += len(s.seg)
	}
	return n
}

// writeTo writes body with the segments spliced in.
func (sp *splices) writeTo(w io.Writer, body []byte) {
	last := 0
	for _, s := range sp.at {
		w.Write(body[last:s.at])
		w.Write(s.seg)
		last = s.at
	}
	w.Write(body[last:])
}

// shapeSpliced is writeShaped that leaves a placeholder of sp's segments
// (already shaped) out of dst and records where it goes.
func shapeSpliced(dst *bytes.Buffer, src []byte, s *shape, sp *splices) ([]byte, error) {
	if len(src) == 0 {
		return nil, fmt.Errorf("unexpected end of JSON")
	}
	if s != nil && s.verbatim {
		end, err := valueEnd(src)
		if err != nil {
			return nil, err
		}
		dst.Write(src[:end])
		return src[end:], nil
	}
	switch src[0] {
	case '{':
		dst.WriteByte('{')
		src = src[1:]
		first := true
		next := 0 // the position in s.names of the key expected next
		for len(src) > 0 && src[0] != '}' {
			if src[0] == ',' {
				src = src[1:]
			}
			keyEnd, err := stringEnd(src)
			if err != nil {
				return nil, err
			}
			key, rest := src[:keyEnd], src[keyEnd+1:] // skip the colon
			var child *shape
			if s != nil {
				child, next = s.child(key[1:len(key)-1], next)
			}
			if bytes.HasPrefix(rest, []byte("null")) && (child == nil || !child.keepNull) {
				src = rest[4:]
				continue
			}
			if !first {
				dst.WriteByte(',')
			}
			first = false
			dst.Write(key)
			dst.WriteByte(':')
			if src, err = shapeSpliced(dst, rest, child, sp); err != nil {
				return nil, err
			}
		}
		dst.WriteByte('}')
		return src[1:], nil
	case '[':
		dst.WriteByte('[')
		src = src[1:]
		for len(src) > 0 && src[0] != ']' {
			if src[0] == ',' {
				dst.WriteByte(',')
				src = src[1:]
			}
			var err error
			if src, err = shapeSpliced(dst, src, s, sp); err != nil {
				return nil, err
			}
		}
		dst.WriteByte(']')
		return src[1:], nil
	case '"':
		if sp != nil {
			if seg, n, ok := sp.segs.Segment(src); ok {
				sp.at = append(sp.at, splice{dst.Len(), seg})
				return src[n:], nil
			}
		}
		end, err := stringEnd(src)
		if err != nil {
			return nil, err
		}
		dst.Write(src[:end])
		return src[end:], nil
	default: // number, true, false, null
		i := 0
		for i < len(src) && src[i] != ',' && src[i] != '}' && src[i] != ']' {
			i++
		}
		dst.Write(src[:i])
		return src[i:], nil
	}
}

// at is the shape of the field at path (list indexes skipped) below s;
// false when the selection has no such field.
func (s *shape) at(path ast.Path) (*shape, bool) {
	for _, el := range path {
		name, ok := el.(ast.PathName)
		if !ok {
			continue
		}
		if s = s.fields[string(name)]; s == nil {
			return nil, false
		}
	}
	return s, true
}

// valueEnd returns the index just past the compact JSON value starting src.
func valueEnd(src []byte) (int, error) {
	depth := 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '"':
			n, err := stringEnd(src[i:])
			if err != nil {
				return 0, err
			}
			i += n - 1
			if depth == 0 {
				return i + 1, nil
			}
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 { // the end of the enclosing value: a scalar ended
				return i, nil
			}
			if depth--; depth == 0 {
				return i + 1, nil
			}
		case ',':
			if depth == 0 {
				return i, nil
			}
		}
	}
	if depth > 0 {
		return 0, fmt.Errorf("unexpected end of JSON")
	}
	return len(src), nil
}

// stringEnd returns the index just past the JSON string starting src.
func stringEnd(src []byte) (int, error) {
	for i := 1; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case '"':
			return i + 1, nil
		}
	}
	return 0, fmt.Errorf("unterminated JSON string")
}

// member returns the raw value of key in the JSON object src, or nil. The
// members before it are stepped over, not copied: the data of a list of
// 1,000 spaces is half a megabyte.
func member(src []byte, key string) []byte {
	if len(src) == 0 || src[0] != '{' {
		return nil
	}
	src = src[1:]
	for len(src) > 0 && src[0] != '}' {
		if src[0] == ',' {
			src = src[1:]
		}
		end, err := stringEnd(src)
		if err != nil || end >= len(src) {
			return nil
		}
		k := src[1 : end-1]
		src = src[end+1:]
		n, err := valueEnd(src)
		if err != nil {
			return nil
		}
		if string(k) == key {
			return src[:n]
		}
		src = src[n:]
	}
	return nil
}
