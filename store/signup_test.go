package store_test

import (
	"sync"
	"testing"

	"folio/domain"
	"folio/store"
	"folio/store/pgtest"
)

// Two first sign-ups at once on a new server make one admin: the other is
// a conflict, and no second account exists.
func TestCreateFirstAccountOnce(t *testing.T) {
	s := pgtest.New(t)
	ctx := t.Context()
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = s.CreateFirstAccount(ctx, store.NewAccount{Email: string(rune('a'+i)) + "@example.com", PasswordHash: "x"})
		}()
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		switch {
		case err == nil:
			ok++
		case domain.ErrorCode(err) != domain.CodeConflict:
			t.Errorf("unexpected error: %v", err)
		}
	}
	var admins, users int
	if err := s.DB.NewRaw(`SELECT count(*) FILTER (WHERE server_admin), count(*) FROM users`).Scan(ctx, &admins, &users); err != nil {
		t.Fatal(err)
	}
	if ok != 1 || admins != 1 || users != 1 {
		t.Errorf("%d succeeded, %d admins, %d users; want one of each", ok, admins, users)
	}
}

// An invitation's link creates the account and the membership together,
// or nothing: a link for an address that has an account stays unused and
// makes no member; a link works once.
func TestSignUpByInvitationIsOneTransaction(t *testing.T) {
	s := pgtest.New(t)
	ctx := t.Context()
	admin, err := s.EnsureUser(ctx, "admin@example.com", "")
	if err != nil {
		t.Fatal(err)
	}
	org, err := s.CreateOrganization(ctx, admin.ID, "Acme", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddAccount(ctx, store.NewAccount{Email: "taken@example.com"}); err != nil {
		t.Fatal(err)
	}
	res, err := s.InviteByEmail(ctx, org.ID, admin.ID, []string{"taken@example.com", "new@example.com"}, []*domain.Role{nil, nil}, false)
	if err != nil {
		t.Fatal(err)
	}
	link := func(email, id string) string {
		secret, err := s.IssueAuthLink(ctx, store.AuthLink{Purpose: store.LinkInvitation, Email: email, InvitationID: &id})
		if err != nil {
			t.Fatal(err)
		}
		return secret
	}
	taken := link("taken@example.com", res.InvitationIDs[0])
	if _, _, err := s.SignUpByInvitation(ctx, taken, store.NewAccount{PasswordHash: "x"}); domain.ErrorCode(err) != domain.CodeConflict {
		t.Fatalf("an address with an account: %v", err)
	}
	if _, _, err := s.InvitationLink(ctx, taken); err != nil {
		t.Errorf("the refused link was used up: %v", err)
	}
	fresh := link("new@example.com", res.InvitationIDs[1])
	u, orgID, err := s.SignUpByInvitation(ctx, fresh, store.NewAccount{Name: "Newt", PasswordHash: "x"})
	if err != nil || orgID != org.ID || u.Email != "new@example.com" {
		t.Fatalf("sign-up: %+v %q %v", u, orgID, err)
	}
	var members int
	if err := s.DB.NewRaw(`SELECT count(*) FROM members WHERE organization_id = ? AND user_id = ?`, org.ID, u.ID).Scan(ctx, &members); err != nil || members != 1 {
		t.Errorf("not a member: %d %v", members, err)
	}
	if _, _, err := s.SignUpByInvitation(ctx, fresh, store.NewAccount{PasswordHash: "x"}); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Errorf("a used link: %v", err)
	}
	// Accepting someone else's link refuses, and leaves it usable.
	other, err := s.UserByEmail(ctx, "taken@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.AcceptInvitationLink(ctx, taken, u); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Errorf("another address's link: %v", err)
	}
	if got, err := s.AcceptInvitationLink(ctx, taken, other); err != nil || got != org.ID {
		t.Errorf("the invited user accepting: %q %v", got, err)
	}
}
