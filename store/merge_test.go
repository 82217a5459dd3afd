package store_test

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"folio/domain"
	"folio/store"
	"folio/store/pgtest"
)

// Merges at the store level: a fast-forward when the space did not move,
// else a page-level three-way merge against the revision the change
// request started from. rest's change request tests run the same through
// HTTP.

type mergeFixture struct {
	s     *store.Store
	org   string
	user  string
	space *store.Space
	// baseIDs are the ids of the base pages by title.
	baseIDs map[string]string
}

// newMergeSpace makes a space whose content, merged from a first change
// request, is pages A, B and C at the top and P with its child P1.
func newMergeSpace(t *testing.T, s *store.Store, org, user string) *mergeFixture {
	t.Helper()
	sp := must(s.CreateSpace(t.Context(), org, store.NewSpace{Title: t.Name(), Visibility: store.VisibilityPrivate}))(t)
	f := &mergeFixture{s: s, org: org, user: user, space: sp}
	cr := f.changeRequest(t, "base")
	f.edit(t, cr, insert("A", "", "a"), insert("B", "", "b"), insert("C", "", "c"), insert("P", "", "p"))
	f.edit(t, cr, insert("P1", f.id(t, cr.ID, "P"), "p1"))
	res := must(f.s.MergeChangeRequest(t.Context(), sp.ID, cr.ID, user))(t)
	f.baseIDs = map[string]string{}
	for _, p := range f.tree(t, res.Revision).Pages() {
		f.baseIDs[p.Title] = p.ID
	}
	return f
}

func insert(title, into, md string) store.PageChange {
	c := store.PageChange{Operation: store.OpInsertPage, Title: &title, Markdown: &md}
	if into != "" {
		c.Into = &into
	}
	return c
}

func (f *mergeFixture) changeRequest(t *testing.T, subject string) *store.ChangeRequest {
	t.Helper()
	sp := must(f.s.Space(t.Context(), f.space.ID))(t)
	return must(f.s.CreateChangeRequest(t.Context(), sp, f.user, subject))(t)
}

func (f *mergeFixture) edit(t *testing.T, cr *store.ChangeRequest, changes ...store.PageChange) {
	t.Helper()
	must(f.s.UpdateChangeRequestContent(t.Context(), f.space.ID, cr.ID, f.user, changes))(t)
}

// tree is the content of a revision.
func (f *mergeFixture) tree(t *testing.T, revision string) *store.Tree {
	t.Helper()
	revs := must(f.s.RevisionsByID(t.Context(), []string{revision}))(t)
	if len(revs) != 1 {
		t.Fatalf("revision %s not found", revision)
	}
	return must(f.s.Tree(t.Context(), store.TreeKey{OrganizationID: f.org, Root: revs[0].Root}))(t)
}

// id is the id of the page titled title in a change request's head.
func (f *mergeFixture) id(t *testing.T, crID, title string) string {
	t.Helper()
	cr := must(f.s.ChangeRequest(t.Context(), f.space.ID, crID))(t)
	for _, p := range f.tree(t, cr.RevisionID).Pages() {
		if p.Title == title {
			return p.ID
		}
	}
	t.Fatalf("no page %q in change request %s", title, crID)
	return ""
}

// pages describes the space's current pages, sorted: "title<parent=text"
// (parent and text left out when empty).
func (f *mergeFixture) pages(t *testing.T) string {
	t.Helper()
	sp := must(f.s.Space(t.Context(), f.space.ID))(t)
	tree := f.tree(t, sp.RevisionID)
	byID := map[string]string{}
	var keys []store.DocumentKey
	for _, p := range tree.Pages() {
		byID[p.ID] = p.Title
		keys = append(keys, store.DocumentKey{OrganizationID: f.org, Hash: p.Document})
	}
	docs := must(f.s.Documents(t.Context(), keys))(t)
	var out []string
	for _, p := range tree.Pages() {
		d := p.Title
		if p.Parent != "" {
			d += "<" + byID[p.Parent]
		}
		if md := strings.TrimSpace(docs[p.Document]); md != "" {
			d += "=" + md
		}
		out = append(out, d)
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// change is a content change written against the base pages' ids.
type change func(id func(title string) string) store.PageChange

func update(title, md string) change {
	return func(id func(string) string) store.PageChange {
		return store.PageChange{Operation: store.OpUpdatePage, Page: id(title), Markdown: &md}
	}
}

func remove(title string) change {
	return func(id func(string) string) store.PageChange {
		return store.PageChange{Operation: store.OpDeletePage, Page: id(title)}
	}
}

func add(title, under, md string) change {
	return func(id func(string) string) store.PageChange {
		into := ""
		if under != "" {
			into = id(under)
		}
		return insert(title, into, md)
	}
}

func moveUnder(title, parent string) change {
	return func(id func(string) string) store.PageChange {
		p := id(parent)
		return store.PageChange{Operation: store.OpUpdatePage, Page: id(title), SetInto: true, Into: &p}
	}
}

func TestMergeChangeRequest(t *testing.T) {
	ctx := t.Context()
	s := pgtest.New(t)
	// One instant for every write: a page changed the same way on both
	// sides is then the same entry, as it is when the two writes carry the
	// same content and times.
	now := time.Date(2026, 2, 1, 12, 0, 0, 0, time.UTC)
	s.SetClock(func() time.Time { return now })
	u := must(s.EnsureUser(ctx, "merge@example.com", ""))(t)
	org := must(s.CreateOrganization(ctx, u.ID, "Merge", nil))(t)

	const base = "A=a B=b C=c P1<P=p1 P=p"
	cases := []struct {
		name      string
		ours      []change // merged into the space after the change request started; none: a fast-forward
		theirs    []change // the change request's
		want      string   // the space's pages after the merge
		conflicts []string // the pages a conflict names, instead of want
		treeError bool     // the merged pages form no tree
	}{
		{name: "fast-forward-takes-the-change-request-whole",
			theirs: []change{update("A", "a2"), remove("C"), add("D", "", "d"), add("P2", "P", "p2")},
			want:   "A=a2 B=b D=d P1<P=p1 P2<P=p2 P=p"},
		{name: "disjoint-changes-both-kept",
			ours: []change{update("A", "a-ours")}, theirs: []change{update("B", "b-theirs")},
			want: "A=a-ours B=b-theirs C=c P1<P=p1 P=p"},
		{name: "pages-added-on-both-sides-both-kept",
			ours: []change{add("E", "", "e")}, theirs: []change{add("F", "P", "f")},
			want: "A=a B=b C=c E=e F<P=f P1<P=p1 P=p"},
		{name: "removed-here-unrelated-change-there-both-kept",
			ours: []change{remove("C")}, theirs: []change{update("B", "b2")},
			want: "A=a B=b2 P1<P=p1 P=p"},
		{name: "removed-there-unrelated-change-here-both-kept",
			ours: []change{update("B", "b2")}, theirs: []change{remove("C")},
			want: "A=a B=b2 P1<P=p1 P=p"},
		{name: "removed-on-both-sides-stays-removed",
			ours: []change{remove("C")}, theirs: []change{remove("C"), update("A", "a2")},
			want: "A=a2 B=b P1<P=p1 P=p"},
		{name: "removed-with-children-here-unchanged-there-stays-removed",
			ours: []change{remove("P")}, theirs: []change{update("A", "a2")},
			want: "A=a2 B=b C=c"},
		{name: "same-change-on-both-sides-merges",
			ours: []change{update("A", "same")}, theirs: []change{update("A", "same")},
			want: "A=same B=b C=c P1<P=p1 P=p"},
		{name: "changed-on-both-sides-conflicts",
			ours: []change{update("A", "ours")}, theirs: []change{update("A", "theirs")}, conflicts: []string{"A"}},
		{name: "changed-here-removed-there-conflicts",
			ours: []change{update("A", "ours")}, theirs: []change{remove("A")}, conflicts: []string{"A"}},
		{name: "removed-here-changed-there-conflicts",
			ours: []change{remove("A")}, theirs: []change{update("A", "theirs")}, conflicts: []string{"A"}},
		{name: "child-added-under-a-page-removed-here-conflicts-on-the-parent",
			ours: []change{remove("P")}, theirs: []change{add("Q", "P", "q")}, conflicts: []string{"P"}},
		{name: "every-page-changed-on-both-sides-named",
			ours:   []change{update("A", "ours"), update("B", "ours"), update("C", "same")},
			theirs: []change{update("B", "theirs"), update("A", "theirs"), update("C", "same")}, conflicts: []string{"A", "B"}},
		{name: "moves-into-each-other-form-no-tree",
			ours: []change{moveUnder("A", "B")}, theirs: []change{moveUnder("B", "A")}, treeError: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newMergeSpace(t, s, org.ID, u.ID)
			if got := f.pages(t); got != base {
				t.Fatalf("base pages %q", got)
			}
			theirs := f.changeRequest(t, "theirs")
			ids := func(cr *store.ChangeRequest) func(string) string {
				return func(title string) string { return f.id(t, cr.ID, title) }
			}
			var changes []store.PageChange
			for _, ch := range c.theirs {
				changes = append(changes, ch(ids(theirs)))
			}
			f.edit(t, theirs, changes...)
			if c.ours != nil {
				ours := f.changeRequest(t, "ours")
				changes = nil
				for _, ch := range c.ours {
					changes = append(changes, ch(ids(ours)))
				}
				f.edit(t, ours, changes...)
				must(s.MergeChangeRequest(ctx, f.space.ID, ours.ID, u.ID))(t)
			}
			before := must(s.Space(ctx, f.space.ID))(t)
			theirs = must(s.ChangeRequest(ctx, f.space.ID, theirs.ID))(t)
			res, err := s.MergeChangeRequest(ctx, f.space.ID, theirs.ID, u.ID)

			if c.conflicts != nil || c.treeError {
				want := "do not form a tree"
				if !c.treeError {
					var named []string
					for _, title := range c.conflicts {
						named = append(named, f.baseIDs[title])
					}
					want = "conflicts with the space's content on pages: " + strings.Join(sortedIDs(named), ", ")
				}
				if domain.ErrorCode(err) != domain.CodeConflict || !strings.Contains(domain.ErrorMessage(err), want) {
					t.Fatalf("merge: %v, want CONFLICT %q", err, want)
				}
				// Nothing written: the space, its content and the change
				// request are as they were.
				after := must(s.Space(ctx, f.space.ID))(t)
				cr := must(s.ChangeRequest(ctx, f.space.ID, theirs.ID))(t)
				if after.RevisionID != before.RevisionID || cr.Status != theirs.Status || cr.RevisionMerged != nil {
					t.Fatalf("a conflicting merge wrote: space revision %s → %s, status %s", before.RevisionID, after.RevisionID, cr.Status)
				}
				return
			}
			if err != nil {
				t.Fatalf("merge: %v", err)
			}
			if got := f.pages(t); got != c.want {
				t.Errorf("pages\n got %q\nwant %q", got, c.want)
			}
			// A new revision naming both parents is the space's, and the
			// change request is merged into it.
			after := must(s.Space(ctx, f.space.ID))(t)
			revs := must(s.RevisionsByID(ctx, []string{res.Revision}))(t)
			if after.RevisionID != res.Revision || len(revs) != 1 || revs[0].Type != store.RevisionMerge ||
				!slices.Equal(revs[0].Parents, []string{before.RevisionID, theirs.RevisionID}) {
				t.Fatalf("merge revision %+v, space at %s", revs, after.RevisionID)
			}
			if cr := res.ChangeRequest; cr.Status != store.CRMerged || cr.RevisionMerged == nil || *cr.RevisionMerged != res.Revision {
				t.Errorf("change request after the merge: %+v", cr)
			}
			// A fast-forward takes the change request's content as it is.
			if head := f.tree(t, theirs.RevisionID); c.ours == nil && revs[0].Root != head.Root {
				t.Errorf("fast-forward to root %s, the change request's is %s", revs[0].Root, head.Root)
			}
		})
	}
}

func sortedIDs(ids []string) []string {
	out := slices.Clone(ids)
	slices.Sort(out)
	return out
}

// TestMergeRefused: what may not merge at all, whatever the content.
func TestMergeRefused(t *testing.T) {
	ctx := t.Context()
	s := pgtest.New(t)
	u := must(s.EnsureUser(ctx, "refused@example.com", ""))(t)
	org := must(s.CreateOrganization(ctx, u.ID, "Refused", nil))(t)
	cases := []struct {
		name  string
		setup func(t *testing.T, f *mergeFixture, cr *store.ChangeRequest)
		code  domain.Code
		msg   string
	}{
		{"merged-change-request-conflicts", func(t *testing.T, f *mergeFixture, cr *store.ChangeRequest) {
			must(s.MergeChangeRequest(ctx, f.space.ID, cr.ID, u.ID))(t)
		}, domain.CodeConflict, "is merged and takes no more changes"},
		{"archived-change-request-conflicts", func(t *testing.T, f *mergeFixture, cr *store.ChangeRequest) {
			archived := store.CRArchived
			must(s.UpdateChangeRequest(ctx, f.space.ID, cr.ID, store.ChangeRequestPatch{Status: &archived}))(t)
		}, domain.CodeConflict, "is archived"},
		{"locked-space-conflicts", func(t *testing.T, f *mergeFixture, cr *store.ChangeRequest) {
			locked := store.EditLocked
			must(s.UpdateSpace(ctx, f.space.ID, store.SpacePatch{EditMode: &locked}))(t)
		}, domain.CodeConflict, "locked"},
		{"deleted-space-not-found", func(t *testing.T, f *mergeFixture, cr *store.ChangeRequest) {
			if err := s.DeleteSpace(ctx, f.space.ID); err != nil {
				t.Fatal(err)
			}
		}, domain.CodeNotFound, "space"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newMergeSpace(t, s, org.ID, u.ID)
			cr := f.changeRequest(t, "refused")
			f.edit(t, cr, update("A", "a2")(func(title string) string { return f.id(t, cr.ID, title) }))
			c.setup(t, f, cr)
			_, err := s.MergeChangeRequest(ctx, f.space.ID, cr.ID, u.ID)
			if domain.ErrorCode(err) != c.code || !strings.Contains(domain.ErrorMessage(err), c.msg) {
				t.Fatalf("merge: %v, want %s mentioning %q", err, c.code, c.msg)
			}
		})
	}
}

// TestMergeBaseGuard: a merge guarded by the revision its caller read
// passes when that is the change request's head or the space's current
// revision, and is PRECONDITION naming the changed pages otherwise.
func TestMergeBaseGuard(t *testing.T) {
	ctx := t.Context()
	s := pgtest.New(t)
	u := must(s.EnsureUser(ctx, "guard@example.com", ""))(t)
	org := must(s.CreateOrganization(ctx, u.ID, "Guard", nil))(t)
	type setup struct {
		f        *mergeFixture
		cr       *store.ChangeRequest
		first    string // the change request's head before its last edit
		spaceRev string
	}
	prepare := func(t *testing.T) setup {
		f := newMergeSpace(t, s, org.ID, u.ID)
		cr := f.changeRequest(t, "guarded")
		id := func(title string) string { return f.id(t, cr.ID, title) }
		f.edit(t, cr, update("A", "a2")(id))
		first := must(s.ChangeRequest(ctx, f.space.ID, cr.ID))(t).RevisionID
		f.edit(t, cr, update("B", "b2")(id))
		cr = must(s.ChangeRequest(ctx, f.space.ID, cr.ID))(t)
		sp := must(s.Space(ctx, f.space.ID))(t)
		return setup{f, cr, first, sp.RevisionID}
	}
	cases := []struct {
		name    string
		base    func(st setup) string
		code    domain.Code // "" merges
		changed string      // the changedPages a PRECONDITION names: "title:change"
	}{
		{"no-base-merges", func(setup) string { return "" }, "", ""},
		{"head-merges", func(st setup) string { return st.cr.RevisionID }, "", ""},
		{"space-revision-merges", func(st setup) string { return st.spaceRev }, "", ""},
		{"earlier-head-precondition-names-the-pages-changed-since", func(st setup) string { return st.first }, domain.CodePrecondition, "B:updated"},
		{"revision-of-another-space-invalid", func(setup) string { return "no-such-revision" }, domain.CodeInvalid, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := prepare(t)
			_, err := s.MergeChangeRequestAt(ctx, st.f.space.ID, st.cr.ID, u.ID, c.base(st))
			if c.code == "" {
				if err != nil {
					t.Fatalf("merge: %v", err)
				}
				return
			}
			if domain.ErrorCode(err) != c.code {
				t.Fatalf("merge: %v, want %s", err, c.code)
			}
			after := must(s.Space(ctx, st.f.space.ID))(t)
			if after.RevisionID != st.spaceRev {
				t.Fatal("a refused merge moved the space")
			}
			if c.changed == "" {
				return
			}
			var e *domain.Error
			if !errors.As(err, &e) {
				t.Fatalf("%T", err)
			}
			pages, _ := e.Data["changedPages"].([]store.ChangedPage)
			var got []string
			for _, p := range pages {
				got = append(got, p.Title+":"+p.Change)
			}
			if strings.Join(got, " ") != c.changed || e.Data["revision"] != st.cr.RevisionID {
				t.Fatalf("changed pages %v, revision %v; want %s, %s", got, e.Data["revision"], c.changed, st.cr.RevisionID)
			}
		})
	}
}
