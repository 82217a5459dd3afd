// Package loader batches the reads of one GraphQL operation: every load of
// the same kind made while resolving one level of a query becomes one SQL
// statement. Loaders are created per operation and read through For.
package loader

import (
	"context"
	"time"

	"github.com/graph-gophers/dataloader/v7"

	"folio/store"
)

// wait is how long a loader gathers keys before it runs its batch. The
// library's 16 ms default would add that much latency to every level.
const wait = 500 * time.Microsecond

// Loaders holds one loader per kind of batched read.
type Loaders struct {
	Organization    *dataloader.Loader[string, store.OrganizationAccess]
	User            *dataloader.Loader[string, store.User]
	Team            *dataloader.Loader[string, store.Team]
	Member          *dataloader.Loader[store.MemberKey, store.Member]
	TeamMemberCount *dataloader.Loader[string, int]
	MemberTeamCount *dataloader.Loader[store.MemberKey, int]
	TeamFirstPage   *dataloader.Loader[TeamPageKey, []store.TeamMembership]
	// ViewerTeamRole is the caller's role rank in a team: 0 none, store.OwnerRank for owners.
	ViewerTeamRole *dataloader.Loader[string, int]
	Spaces         *SpaceLoaders
	Content        *ContentLoaders
}

// TeamPageKey asks for the first limit members of a team.
type TeamPageKey struct {
	TeamID string
	Limit  int
}

// New creates the loaders of one operation by the user viewerID.
func New(s *store.Store, viewerID string) *Loaders {
	return &Loaders{
		Organization: newLoader(func(ctx context.Context, ids []string) ([]store.OrganizationAccess, error) {
			return s.OrganizationsForUser(ctx, viewerID, ids)
		}, func(o store.OrganizationAccess) string { return o.ID }, "organization"),
		User: newLoader(s.UsersByID, func(u store.User) string { return u.ID }, "user"),
		Team: newLoader(s.TeamsByID, func(t store.Team) string { return t.ID }, "team"),
		Member: newLoader(s.MembersByKey, func(m store.Member) store.MemberKey {
			return store.MemberKey{OrganizationID: m.OrganizationID, UserID: m.UserID}
		}, "member"),
		TeamMemberCount: newCounter(func(ctx context.Context, ids []string) (map[string]int, error) {
			rows, err := s.TeamMemberCounts(ctx, ids)
			out := make(map[string]int, len(rows))
			for _, r := range rows {
				out[r.TeamID] = r.N
			}
			return out, err
		}),
		MemberTeamCount: newCounter(s.MemberTeamCounts),
		ViewerTeamRole: newCounter(func(ctx context.Context, ids []string) (map[string]int, error) {
			return s.TeamRolesOfUser(ctx, viewerID, ids)
		}),
		TeamFirstPage: dataloader.NewBatchedLoader(teamFirstPages(s), dataloader.WithWait[TeamPageKey, []store.TeamMembership](wait)),
		Spaces:        newSpaceLoaders(s),
		Content:       newContentLoaders(s),
	}
}

// newLoader builds a loader over a "load these ids" store method; keys with
// no row answer a not-found error.
func newLoader[K comparable, V any](load func(context.Context, []K) ([]V, error), keyOf func(V) K, what string) *dataloader.Loader[K, V] {
	batch := func(ctx context.Context, keys []K) []*dataloader.Result[V] {
		rows, err := load(ctx, keys)
		byKey := make(map[K]V, len(rows))
		for _, r := range rows {
			byKey[keyOf(r)] = r
		}
		out := make([]*dataloader.Result[V], len(keys))
		for i, k := range keys {
			v, ok := byKey[k]
			switch {
			case err != nil:
				out[i] = &dataloader.Result[V]{Error: err}
			case !ok:
				out[i] = &dataloader.Result[V]{Error: store.NotFound(what)}
			default:
				out[i] = &dataloader.Result[V]{Data: v}
			}
		}
		return out
	}
	return dataloader.NewBatchedLoader(batch, dataloader.WithWait[K, V](wait))
}

// newCounter builds a loader over a "count per key" store method; absent keys count 0.
func newCounter[K comparable](count func(context.Context, []K) (map[K]int, error)) *dataloader.Loader[K, int] {
	batch := func(ctx context.Context, keys []K) []*dataloader.Result[int] {
		n, err := count(ctx, keys)
		out := make([]*dataloader.Result[int], len(keys))
		for i, k := range keys {
			out[i] = &dataloader.Result[int]{Data: n[k], Error: err}
		}
		return out
	}
	return dataloader.NewBatchedLoader(batch, dataloader.WithWait[K, int](wait))
}

func teamFirstPages(s *store.Store) dataloader.BatchFunc[TeamPageKey, []store.TeamMembership] {
	return func(ctx context.Context, keys []TeamPageKey) []*dataloader.Result[[]store.TeamMembership] {
		ids := make([]string, len(keys))
		limit := 0
		for i, k := range keys {
			ids[i] = k.TeamID
			limit = max(limit, k.Limit)
		}
		rows, err := s.TeamMembersFirstPages(ctx, ids, limit+1)
		byTeam := map[string][]store.TeamMembership{}
		for _, r := range rows {
			byTeam[r.TeamID] = append(byTeam[r.TeamID], r)
		}
		out := make([]*dataloader.Result[[]store.TeamMembership], len(keys))
		for i, k := range keys {
			page := byTeam[k.TeamID]
			if len(page) > k.Limit+1 {
				page = page[:k.Limit+1]
			}
			out[i] = &dataloader.Result[[]store.TeamMembership]{Data: page, Error: err}
		}
		return out
	}
}

type ctxKey struct{}

// With returns a context carrying l.
func With(ctx context.Context, l *Loaders) context.Context {
	return context.WithValue(ctx, ctxKey{}, l)
}

// For returns the loaders of the operation running in ctx.
func For(ctx context.Context) *Loaders {
	return ctx.Value(ctxKey{}).(*Loaders)
}
