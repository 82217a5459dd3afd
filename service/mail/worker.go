// Package mail sends Folio's e-mail: the worker of the store.Mail job
// renders a message from its template (text and HTML, embedded files),
// makes the one-time link it carries at that moment (so the link's secret
// exists only in the mail, never in the queue), and sends it through the
// SMTP sender of internal/mail. A failed send returns an error: River tries
// again later (store.Mail allows 20 attempts), so a mail server that is
// down or refusing for a while loses nothing.
package mail

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"github.com/riverqueue/river"

	"folio/domain"
	"folio/internal/mail"
	"folio/store"
)

// Retry defaults: the first retry waits DefaultBackoff, each next one twice
// as long, never more than DefaultMaxWait; with store.Mail's 20 attempts a
// mail is tried for about a day.
const (
	DefaultBackoff = 30 * time.Second
	DefaultMaxWait = 2 * time.Hour
)

// Config configures the worker.
type Config struct {
	Store *store.Store
	// Sender sends the mail; nil is mail off: each job is logged and
	// completes without sending.
	Sender *mail.Sender
	// PublicURL is the base of every link in a mail.
	PublicURL string
	// Backoff and MaxWait tune retries (Default* when zero; tests shorten
	// them).
	Backoff, MaxWait time.Duration
	// Logger receives the worker's log lines (slog.Default when nil).
	Logger *slog.Logger
	// Observe, when set, is told when a job starts and returns what to call
	// with its outcome.
	Observe func(kind string) (done func(error))
}

// Worker works store.Mail jobs.
type Worker struct {
	river.WorkerDefaults[store.Mail]
	cfg Config
}

// NewWorker makes the worker of store.Mail jobs.
func NewWorker(cfg Config) *Worker {
	if cfg.Backoff <= 0 {
		cfg.Backoff = DefaultBackoff
	}
	if cfg.MaxWait <= 0 {
		cfg.MaxWait = DefaultMaxWait
	}
	if cfg.Observe == nil {
		cfg.Observe = func(string) func(error) { return func(error) {} }
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	cfg.PublicURL = strings.TrimRight(cfg.PublicURL, "/")
	return &Worker{cfg: cfg}
}

// Timeout bounds one attempt: rendering, and an SMTP exchange whose every
// step has its own timeout.
func (w *Worker) Timeout(*river.Job[store.Mail]) time.Duration { return 2 * time.Minute }

// NextRetry backs off exponentially from Backoff up to MaxWait.
func (w *Worker) NextRetry(job *river.Job[store.Mail]) time.Time {
	d := w.cfg.Backoff
	for i := 1; i < job.Attempt && d < w.cfg.MaxWait; i++ {
		d *= 2
	}
	return time.Now().Add(min(d, w.cfg.MaxWait))
}

// Work sends one mail.
func (w *Worker) Work(ctx context.Context, job *river.Job[store.Mail]) error {
	done := w.cfg.Observe(job.Kind)
	err := w.work(ctx, job)
	done(err)
	return err
}

func (w *Worker) work(ctx context.Context, job *river.Job[store.Mail]) error {
	m := job.Args
	if _, ok := templates[m.Template]; !ok {
		// Retrying would not make the template exist.
		return river.JobCancel(fmt.Errorf("mail: no template %q", m.Template))
	}
	if w.cfg.Sender == nil {
		w.cfg.Logger.InfoContext(ctx, "mail is off (FOLIO_SMTP_URL unset): not sent", "template", m.Template, "to", m.To)
		return nil
	}
	msg, err := w.compose(ctx, m)
	if err != nil {
		return fmt.Errorf("mail %s: %w", m.Template, err)
	}
	if msg == nil {
		return nil
	}
	err = w.cfg.Sender.Send(ctx, *msg)
	if errors.Is(err, mail.ErrBadRecipient) {
		return river.JobCancel(fmt.Errorf("mail %s: %w", m.Template, err))
	}
	if err != nil {
		w.cfg.Logger.WarnContext(ctx, "mail not sent; it will be tried again", "template", m.Template, "to", m.To,
			"attempt", job.Attempt, "max_attempts", job.MaxAttempts, "error", err.Error())
		return fmt.Errorf("mail %s: %w", m.Template, err)
	}
	w.cfg.Logger.InfoContext(ctx, "mail sent", "template", m.Template, "to", m.To, "attempt", job.Attempt)
	return nil
}

// compose renders the message of a job, making its one-time link if it
// has one; nil when there is nothing to send (a reset for an address
// without an account, an invitation revoked or accepted since).
func (w *Worker) compose(ctx context.Context, m store.Mail) (*mail.Message, error) {
	v := view{PublicURL: w.cfg.PublicURL, Email: oneLine(m.To)}
	var err error
	switch m.Template {
	case store.MailInvitation:
		err = w.invitation(ctx, m, &v)
	case store.MailPasswordReset:
		err = w.passwordReset(ctx, m, &v)
	case store.MailSignup:
		err = w.signup(ctx, m, &v)
	case store.MailNewSignIn:
		v.Link = w.cfg.PublicURL + "/account"
		v.UserAgent, v.Client = oneLine(m.Data["userAgent"]), oneLine(m.Data["client"])
		v.Method = methods[m.Data["method"]]
		if v.Method == "" {
			v.Method = oneLine(m.Data["method"])
		}
		v.At = oneLine(m.Data["at"])
		if t, perr := time.Parse(time.RFC3339Nano, m.Data["at"]); perr == nil {
			v.At = when(t)
		}
	case store.MailWebhookDisabled:
		err = w.webhookDisabled(ctx, m, &v)
	}
	if errors.Is(err, errNothingToSend) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	msg, err := render(m.Template, v)
	if err != nil {
		return nil, err
	}
	msg.To = m.To
	return &msg, nil
}

// errNothingToSend ends a job without a mail.
var errNothingToSend = errors.New("nothing to send")

// hasAccount reports whether an address has an account.
func (w *Worker) hasAccount(ctx context.Context, email string) (*store.User, error) {
	u, err := w.cfg.Store.UserByEmail(ctx, email)
	if domain.ErrorCode(err) == domain.CodeNotFound {
		return nil, nil
	}
	return u, err
}

// link issues a one-time link and sets it, and how long it works, in v.
func (w *Worker) link(ctx context.Context, v *view, path string, l store.AuthLink) error {
	secret, err := w.cfg.Store.IssueAuthLink(ctx, l)
	if err != nil {
		return err
	}
	ttl := store.LinkLifetime[l.Purpose]
	v.Link = w.cfg.PublicURL + path + "?token=" + url.QueryEscape(secret)
	v.Expires, v.ExpiresAt = lifetime(ttl), when(w.cfg.Store.Now().Add(ttl))
	return nil
}

// invitation: a link that creates the account and accepts, or, for an
// address with an account, a link to sign in and accept.
func (w *Worker) invitation(ctx context.Context, m store.Mail, v *view) error {
	inv, err := w.cfg.Store.OrganizationInvitation(ctx, m.OrganizationID, m.InvitationID)
	if domain.ErrorCode(err) == domain.CodeNotFound {
		w.cfg.Logger.InfoContext(ctx, "invitation mail not sent: the invitation was accepted or revoked since",
			"invitation_id", m.InvitationID)
		return errNothingToSend
	}
	if err != nil {
		return err
	}
	v.Org, v.Inviter = oneLine(inv.OrganizationTitle), oneLine(m.Data["inviter"])
	u, err := w.hasAccount(ctx, m.To)
	if err != nil {
		return err
	}
	if u != nil {
		v.HasAccount, v.Link = true, w.cfg.PublicURL+"/signin?next=/account"
		return nil
	}
	return w.link(ctx, v, "/invitation", store.AuthLink{Purpose: store.LinkInvitation, Email: inv.Email, InvitationID: &inv.ID})
}

// passwordReset: a link only when the address has an account; otherwise
// nothing is sent (whoever asked learns nothing either way).
func (w *Worker) passwordReset(ctx context.Context, m store.Mail, v *view) error {
	u, err := w.hasAccount(ctx, m.To)
	if err != nil {
		return err
	}
	if u == nil {
		return errNothingToSend
	}
	return w.link(ctx, v, "/reset-password", store.AuthLink{Purpose: store.LinkPasswordReset, Email: u.Email, UserID: &u.ID})
}

// signup: a link that confirms the address, or, when it has an account
// already, word of the attempt and the way to a new password; nothing to
// an address nobody invited when only invited addresses may sign up.
func (w *Worker) signup(ctx context.Context, m store.Mail, v *view) error {
	u, err := w.hasAccount(ctx, m.To)
	if err != nil {
		return err
	}
	if u != nil {
		v.HasAccount, v.Link = true, w.cfg.PublicURL+"/forgot-password"
		return nil
	}
	if m.Data["signup"] == "invite" {
		// Only invited addresses may sign up: a link for any other would
		// lead to a refusal. The page said the same to everyone; the mail
		// goes only where it can help.
		invited, err := w.cfg.Store.InvitedAddress(ctx, m.To)
		if err != nil {
			return err
		}
		if !invited {
			return errNothingToSend
		}
	}
	return w.link(ctx, v, "/signup/confirm", store.AuthLink{Purpose: store.LinkSignup, Email: strings.TrimSpace(m.To)})
}

// webhookDisabled names the webhook's organization.
func (w *Worker) webhookDisabled(ctx context.Context, m store.Mail, v *view) error {
	orgs, err := w.cfg.Store.OrganizationsByID(ctx, []string{m.OrganizationID})
	if err != nil {
		return err
	}
	if len(orgs) == 0 {
		return errNothingToSend // the organization was deleted since
	}
	v.Org = oneLine(orgs[0].Title)
	v.WebhookURL, v.Reason = oneLine(m.Data["url"]), oneLine(m.Data["reason"])
	v.WebhookAPI = w.cfg.PublicURL + "/v1/orgs/" + url.PathEscape(m.OrganizationID) + "/webhooks/" + url.PathEscape(m.WebhookID)
	return nil
}
