package store

import (
	"context"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"
)

// Mail is a job that sends one e-mail (worked by package service/mail).
// It names what to say, not the words: the worker renders the message and
// makes any one-time link it carries when it sends, so that no link's
// secret is ever stored in clear, not even in the queue.
type Mail struct {
	// Template is one of the Mail* constants.
	Template string `json:"template"`
	// To is the recipient's address.
	To string `json:"to"`
	// The objects the message is about, as its template needs them.
	UserID         string `json:"userId,omitempty"`
	OrganizationID string `json:"organizationId,omitempty"`
	InvitationID   string `json:"invitationId,omitempty"`
	WebhookID      string `json:"webhookId,omitempty"`
	// Data carries a template's other facts (the browser and address of a
	// new sign-in, the reason a webhook was turned off).
	Data map[string]string `json:"data,omitempty"`
}

// Mail templates, with what each needs besides To.
const (
	// MailInvitation: OrganizationID, InvitationID, Data "inviter" (the
	// inviter's name; may be empty). Queued by InviteByEmail.
	MailInvitation = "invitation"
	// MailPasswordReset: nothing else; sent only when To has an account.
	MailPasswordReset = "password_reset"
	// MailSignup: nothing else (a sign-up link, or word that the address
	// has an account already).
	MailSignup = "signup"
	// MailNewSignIn: UserID, Data "userAgent", "client" (the address),
	// "method" (password, saml, oidc) and "at" (RFC 3339).
	MailNewSignIn = "new_sign_in"
	// MailWebhookDisabled: OrganizationID, WebhookID, Data "url" and
	// "reason". Queued by RecordAttempt, one per admin.
	MailWebhookDisabled = "webhook_disabled"
)

// Kind names the job.
func (Mail) Kind() string { return "mail_send" }

// InsertOpts retries a mail for a day (River backs off between attempts).
func (Mail) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: river.QueueDefault, MaxAttempts: 20}
}

// SendMail queues a mail on its own.
func (s *Store) SendMail(ctx context.Context, m Mail) error {
	return s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error { return s.enqueueMail(ctx, tx, m) })
}

// enqueueMail queues a mail in tx: it is sent exactly when the change that
// asked for it commits.
func (s *Store) enqueueMail(ctx context.Context, tx bun.Tx, m Mail) error {
	return s.enqueue(ctx, tx, m, nil)
}
