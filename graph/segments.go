package graph

import (
	"context"
	"strconv"
	"sync"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
)

// Segments let an in-process caller (a REST route) take the page-tree
// cache's renderings by reference instead of inside the operation's data:
// the REST tree of a 10,000-page space is 10.6 MB, and copying it into the
// data, shaping it (REST leaves out absent fields) and copying it again
// into the body cost more than everything else the request does.
//
// An operation run with WithSegments answers each cached field with a
// placeholder, a JSON string holding a NUL byte and the segment's index
// (gqlgen escapes every control character in the strings it writes, so the
// placeholder is never data), and the segment is the field's JSON as the
// caller's Shape makes it. The cache keeps the shaped JSON, under a key of
// its own: it is made once per rendering, and a cached segment is byte for
// byte what Shape makes of a fresh rendering.
type Segments struct {
	// Shape returns what the caller answers for raw, the JSON of the field
	// at path; false when it cannot (the field is then answered inline).
	// It must depend on nothing but path and raw: its result is cached.
	Shape func(path ast.Path, raw []byte) ([]byte, bool)

	mu   sync.Mutex
	list [][]byte
}

type segmentsKey struct{}

// WithSegments makes ctx's operation answer cached renderings as segments.
func WithSegments(ctx context.Context, s *Segments) context.Context {
	return context.WithValue(ctx, segmentsKey{}, s)
}

func segmentsOf(ctx context.Context) *Segments {
	s, _ := ctx.Value(segmentsKey{}).(*Segments)
	return s
}

// Segment returns the JSON of the placeholder at the start of src and the
// placeholder's length; false when src does not start with a placeholder.
func (s *Segments) Segment(src []byte) ([]byte, int, bool) {
	if s == nil || len(src) < 3 || src[0] != '"' || src[1] != 0 {
		return nil, 0, false
	}
	end := 2
	for end < len(src) && src[end] >= '0' && src[end] <= '9' {
		end++
	}
	if end == 2 || end >= len(src) || src[end] != '"' {
		return nil, 0, false
	}
	i, err := strconv.Atoi(string(src[2:end]))
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil || i >= len(s.list) {
		return nil, 0, false
	}
	return s.list[i], end + 1, true
}

// add records a segment and returns its placeholder.
func (s *Segments) add(b []byte) graphql.Marshaler {
	s.mu.Lock()
	i := len(s.list)
	s.list = append(s.list, b)
	s.mu.Unlock()
	ph := append(append([]byte{'"', 0}, strconv.Itoa(i)...), '"')
	return rawJSON(ph)
}
