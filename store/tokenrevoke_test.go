package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"folio/domain"
	"folio/store"
	"folio/store/pgtest"
)

// TestRevokeKeepsCacheWhenNothingRevoked: a revocation that revokes no
// token (an unknown id, another user's token, one revoked already) leaves
// the token cache as it was, so that any signed-in user cannot empty it
// for everyone at will; one that revokes a token drops it at once.
func TestRevokeKeepsCacheWhenNothingRevoked(t *testing.T) {
	s := pgtest.New(t)
	s.SetTokenCacheTTL(time.Minute)
	ctx := context.Background()
	alice, err := s.EnsureUser(ctx, "alice@example.com", "")
	if err != nil {
		t.Fatal(err)
	}
	bob, err := s.EnsureUser(ctx, "bob@example.com", "")
	if err != nil {
		t.Fatal(err)
	}
	clear, tok, err := s.CreatePersonalToken(ctx, alice.ID, store.TokenSpec{Name: "ci"})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Authenticate(ctx, clear); err != nil {
		t.Fatal(err)
	}
	if n, _ := s.TokenCacheStats(); n != 1 {
		t.Fatalf("%d tokens cached after a use, want 1", n)
	}
	for name, revoke := range map[string]func() error{
		"unknown id":          func() error { return s.RevokePersonalToken(ctx, alice.ID, domain.NewID()) },
		"another's token":     func() error { return s.RevokePersonalToken(ctx, bob.ID, tok.ID) },
		"unknown clear token": func() error { return s.RevokeToken(ctx, store.TokenPrefix+"unknown") },
	} {
		var de *domain.Error
		if err := revoke(); !errors.As(err, &de) || de.Code != domain.CodeNotFound {
			t.Errorf("%s: %v, want not found", name, err)
		}
		if n, _ := s.TokenCacheStats(); n != 1 {
			t.Errorf("%s: %d tokens cached, want 1", name, n)
		}
	}
	if err := s.RevokePersonalToken(ctx, alice.ID, tok.ID); err != nil {
		t.Fatal(err)
	}
	if n, _ := s.TokenCacheStats(); n != 0 {
		t.Errorf("%d tokens cached after a revocation, want 0", n)
	}
	if _, _, err := s.Authenticate(ctx, clear); err == nil {
		t.Error("a revoked token still authenticates")
	}
}
