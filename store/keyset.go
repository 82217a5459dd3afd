package store

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"folio/domain"
)

// DefaultLimit is the page size when a list request names none.
const DefaultLimit = 50

// MaxLimit is the largest page a list request may ask for.
const MaxLimit = 1000

// PageArgs selects one page of a list: the opaque token of the page (empty
// for the first) and its size.
type PageArgs struct {
	Page  string
	Limit int
	// Uncounted skips counting the list (a statement of its own) when the
	// caller does not answer the count; Page.Count is then 0.
	Uncounted bool
}

// Page is one page of a list: its items, the total count of the list, and
// the token of the next page (empty on the last page).
type Page[T any] struct {
	Items []T
	Count int
	Next  string
}

// keyset describes how a list is ordered. cols are SQL expressions ending in a
// unique column, so every row has a distinct position and inserted rows never
// shift a page. name and scope bind page tokens to their list: name to the
// kind of list, scope (set with in) to one list of that kind, such as one
// organization's spaces, so a token from another list is refused.
type keyset struct {
	name  string
	cols  []string
	desc  bool
	scope string
}

// in binds the keyset's page tokens to the list of one parent (the ids
// that name it).
func (ks keyset) in(parent ...string) keyset {
	ks.scope = strings.Join(parent, "\x00")
	return ks
}

// listPage runs q as one keyset page. key returns the ordering values of a row,
// in the order of ks.cols.
func listPage[T any](ctx context.Context, s *Store, q *bun.SelectQuery, ks keyset, args PageArgs, key func(*T) []any) (Page[T], error) {
	var out Page[T]
	after, err := s.decodePage(ks, args.Page)
	if err != nil {
		return out, err
	}
	limit := args.Limit
	if !args.Uncounted {
		count, err := q.Clone().Count(ctx)
		if err != nil {
			return out, dbError(err, ks.name)
		}
		out.Count = int(count)
	}
	op, dir := ">", " ASC"
	if ks.desc {
		op, dir = "<", " DESC"
	}
	if after != nil {
		q = q.Where("("+strings.Join(ks.cols, ", ")+") "+op+" (?)", bun.In(after))
	}
	for _, c := range ks.cols {
		q = q.OrderExpr(c + dir)
	}
	var rows []T
	if err := q.Limit(int64(limit+1)).Scan(ctx, &rows); err != nil {
		return out, dbError(err, ks.name)
	}
	return pageFromRows(s, rows, limit, out.Count, ks, key), nil
}

func (s *Store) pageMAC(ks keyset, payload []byte) []byte {
	m := hmac.New(sha256.New, s.pageKey)
	m.Write([]byte(ks.name))
	m.Write([]byte{0})
	m.Write([]byte(ks.scope))
	m.Write([]byte{0})
	m.Write(payload)
	return m.Sum(nil)[:12]
}

func (s *Store) encodePage(ks keyset, values []any) string {
	for i, v := range values {
		if t, ok := v.(time.Time); ok {
			values[i] = t.UTC().Format(time.RFC3339Nano)
		}
	}
	payload, _ := json.Marshal(values)
	enc := base64.RawURLEncoding
	return enc.EncodeToString(payload) + "." + enc.EncodeToString(s.pageMAC(ks, payload))
}

// decodePage checks a page token's signature and returns its ordering values;
// nil for the first page. A token that was altered, or belongs to another list,
// is invalid input.
func (s *Store) decodePage(ks keyset, token string) ([]any, error) {
	if token == "" {
		return nil, nil
	}
	bad := domain.Invalid("page", "is not a valid page token")
	p, m, ok := strings.Cut(token, ".")
	if !ok {
		return nil, bad
	}
	enc := base64.RawURLEncoding
	payload, err1 := enc.DecodeString(p)
	mac, err2 := enc.DecodeString(m)
	if err1 != nil || err2 != nil || !hmac.Equal(mac, s.pageMAC(ks, payload)) {
		return nil, bad
	}
	var values []any
	if err := json.Unmarshal(payload, &values); err != nil || len(values) != len(ks.cols) {
		return nil, bad
	}
	return values, nil
}

// pageFromRows makes the first page of a list from its first limit+1 rows
// (after the page token, if any) and its count.
func pageFromRows[T any](s *Store, rows []T, limit, count int, ks keyset, key func(*T) []any) Page[T] {
	p := Page[T]{Items: rows, Count: count}
	if len(rows) > limit {
		p.Items = rows[:limit]
		if limit > 0 {
			p.Next = s.encodePage(ks, key(&rows[limit-1]))
		}
	}
	return p
}

// SlicePage pages a list already in memory, ordered by a unique string key,
// with the same signed tokens as listPage; name and parent bind the tokens
// to this list (as keyset.in).
func SlicePage[T any](s *Store, name, parent string, items []T, args PageArgs, key func(T) string) (Page[T], error) {
	ks := keyset{name: name, cols: []string{"key"}}.in(parent)
	out := Page[T]{Count: len(items)}
	after, err := s.decodePage(ks, args.Page)
	if err != nil {
		return out, err
	}
	start := 0
	if after != nil {
		k, _ := after[0].(string)
		for start < len(items) && key(items[start]) <= k {
			start++
		}
	}
	end := min(start+args.Limit, len(items))
	out.Items = items[start:end]
	if end < len(items) && args.Limit > 0 {
		out.Next = s.encodePage(ks, []any{key(items[end-1])})
	}
	return out, nil
}
