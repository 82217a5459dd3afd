package rest_test

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"folio/internal/mailtest"
	"folio/rest/resttest"
	"folio/service/jobs"
	"folio/store"
)

// mailWorkers starts the server's workers sending mail to smtpd, retrying
// a failed mail within milliseconds.
func mailWorkers(t *testing.T, srv *resttest.Server, smtpd *mailtest.Server, cfg jobs.Config) {
	t.Helper()
	cfg.Mail, cfg.MailBackoff, cfg.MailMaxWait = smtpd.Sender(t), 10*time.Millisecond, 50*time.Millisecond
	srv.StartWorkers(cfg)
}

// mailJobs waits until no mail job is left to work, and returns them all.
func mailJobs(t *testing.T, srv *resttest.Server) []mailJob {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		var jobs []mailJob
		err := srv.Store.DB.NewRaw(`SELECT id, state, attempt, args::text AS args, errors::text AS errors, metadata::text AS metadata
			FROM river_job WHERE kind = 'mail_send' ORDER BY id`).Scan(context.Background(), &jobs)
		if err != nil {
			t.Fatal(err)
		}
		done := true
		for _, j := range jobs {
			if j.State != "completed" && j.State != "cancelled" && j.State != "discarded" {
				done = false
			}
		}
		if done {
			return jobs
		}
		if time.Now().After(deadline) {
			t.Fatalf("mail jobs still to work: %+v", jobs)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

type mailJob struct {
	ID       int64
	State    string
	Attempt  int
	Args     string
	Errors   *string
	Metadata string
}

// riverJobText is every job row as text, to look for a secret in.
func riverJobText(t *testing.T, srv *resttest.Server) string {
	t.Helper()
	var all string
	if err := srv.Store.DB.NewRaw(`SELECT coalesce(string_agg(row_to_json(j)::text, E'\n'), '') FROM river_job AS j`).
		Scan(context.Background(), &all); err != nil {
		t.Fatal(err)
	}
	return all
}

// An invitation by e-mail through the API sends the invited address a
// text and HTML mail whose link is a working one-time link to accept it;
// the link's secret is stored nowhere in clear, not in the queue either.
func TestInvitationMail(t *testing.T) {
	srv := resttest.New(t)
	smtpd := mailtest.Start(t)
	mailWorkers(t, srv, smtpd, jobs.Config{})
	admin := srv.User("grace@example.com")
	srv.User("known@example.com")
	org := createOrg(t, admin, "Acme")
	admin.Post("/v1/orgs/"+org+"/invites", map[string]any{"emails": []string{"new@example.com", "Known@example.com"}, "role": "edit"}).
		Expect(http.StatusOK)

	m := smtpd.Wait(t, "new@example.com")
	if m.ContentType != "multipart/alternative" || m.Text == "" || m.HTML == "" {
		t.Fatalf("content type %q, text %d bytes, html %d bytes", m.ContentType, len(m.Text), len(m.HTML))
	}
	if m.Subject != "grace invited you to Acme on Folio" || m.Header.Get("From") != `"Folio" <folio@folio.test>` {
		t.Errorf("subject %q from %q", m.Subject, m.Header.Get("From"))
	}
	link := m.Link("/invitation")
	token := m.Token("/invitation")
	if !strings.HasPrefix(link, resttest.PublicURL+"/invitation?token=") || token == "" {
		t.Fatalf("no invitation link in:\n%s", m.Text)
	}
	if !strings.Contains(m.HTML, `href="`+link+`"`) || !strings.Contains(m.Text, "works once, for 7 days") {
		t.Errorf("the HTML lacks the link, or the text its lifetime:\n%s\n%s", m.HTML, m.Text)
	}
	l, err := srv.Store.PeekAuthLink(context.Background(), store.LinkInvitation, token)
	if err != nil {
		t.Fatalf("the mailed link does not work: %v", err)
	}
	var invitationID string
	if err := srv.Store.DB.NewRaw(`SELECT id FROM invitations WHERE email = 'new@example.com'`).Scan(context.Background(), &invitationID); err != nil {
		t.Fatal(err)
	}
	if l.Email != "new@example.com" || l.InvitationID == nil || *l.InvitationID != invitationID || l.UserID != nil {
		t.Errorf("link = %+v, want one for new@example.com's invitation %s", l, invitationID)
	}
	// Another purpose does not take it.
	if _, err := srv.Store.PeekAuthLink(context.Background(), store.LinkPasswordReset, token); err == nil {
		t.Error("an invitation link works as a password reset")
	}

	// An address with an account is asked to sign in and accept: no link
	// that would make an account.
	k := smtpd.Wait(t, "Known@example.com")
	if k.Link("/signin") != resttest.PublicURL+"/signin?next=/account" || k.Token("/invitation") != "" {
		t.Errorf("mail to an account's address:\n%s", k.Text)
	}

	jobs := mailJobs(t, srv)
	if len(jobs) != 2 {
		t.Fatalf("%d mail jobs, want 2", len(jobs))
	}
	if all := riverJobText(t, srv); strings.Contains(all, token) {
		t.Error("the link's secret is in river_job")
	}

	// Inviting the address again sends the invitation again; a member is
	// sent nothing.
	admin.Post("/v1/orgs/"+org+"/invites", map[string]any{"emails": []string{"new@example.com", "grace@example.com"}}).Expect(http.StatusOK)
	again := smtpd.Wait(t, "new@example.com")
	if again.Token("/invitation") == "" || again.Token("/invitation") == token {
		t.Errorf("re-sent invitation: %s", again.Text)
	}
	mailJobs(t, srv)
	for _, m := range smtpd.Messages() {
		if strings.EqualFold(m.To[0], "grace@example.com") {
			t.Error("a member was sent an invitation")
		}
	}
}

// An invitation revoked before its mail is sent is not sent.
func TestInvitationMailRevokedBeforeSending(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("grace@example.com")
	org := createOrg(t, admin, "Acme")
	admin.Post("/v1/orgs/"+org+"/invites", map[string]any{"emails": []string{"new@example.com"}}).Expect(http.StatusOK)
	var id string
	if err := srv.Store.DB.NewRaw(`SELECT id FROM invitations`).Scan(context.Background(), &id); err != nil {
		t.Fatal(err)
	}
	if err := srv.Store.RevokeInvitation(context.Background(), org, id); err != nil {
		t.Fatal(err)
	}
	smtpd := mailtest.Start(t)
	mailWorkers(t, srv, smtpd, jobs.Config{})
	if j := mailJobs(t, srv); len(j) != 1 || j[0].State != "completed" {
		t.Fatalf("jobs = %+v", j)
	}
	if n := len(smtpd.Messages()); n != 0 {
		t.Errorf("%d mails sent for a revoked invitation", n)
	}
	var links int
	_ = srv.Store.DB.NewRaw(`SELECT count(*) FROM auth_links`).Scan(context.Background(), &links)
	if links != 0 {
		t.Errorf("%d links made for a revoked invitation", links)
	}
}

// A password reset sends a link to an address with an account, and
// nothing at all to one without: the job succeeds either way.
func TestPasswordResetMail(t *testing.T) {
	srv := resttest.New(t)
	smtpd := mailtest.Start(t)
	ada := srv.User("ada@example.com")
	ctx := context.Background()
	if err := srv.Store.SendMail(ctx, store.Mail{Template: store.MailPasswordReset, To: "nobody@example.com"}); err != nil {
		t.Fatal(err)
	}
	if err := srv.Store.SendMail(ctx, store.Mail{Template: store.MailPasswordReset, To: "ADA@example.com"}); err != nil {
		t.Fatal(err)
	}
	mailWorkers(t, srv, smtpd, jobs.Config{})
	m := smtpd.Wait(t, "ADA@example.com")
	token := m.Token("/reset-password")
	if m.Subject != "Reset your Folio password" || token == "" || !strings.Contains(m.Text, "for 1 hour") {
		t.Fatalf("subject %q:\n%s", m.Subject, m.Text)
	}
	if l, err := srv.Store.PeekAuthLink(ctx, store.LinkPasswordReset, token); err != nil || l.UserID == nil || *l.UserID != ada.UserID {
		t.Fatalf("link = %+v, %v; want ada's", l, err)
	}
	for _, j := range mailJobs(t, srv) {
		if j.State != "completed" || j.Attempt != 1 {
			t.Errorf("job %+v, want completed at the first attempt", j)
		}
	}
	if n := len(smtpd.Messages()); n != 1 {
		t.Errorf("%d mails, want only ada's", n)
	}
	// The link works: once.
	if _, err := srv.Store.ResetPassword(ctx, token, "$argon2id$v=19$m=65536,t=3,p=2$c2FsdHNhbHQ$aGFzaGhhc2g"); err != nil {
		t.Fatalf("reset with the mailed link: %v", err)
	}
	if _, err := srv.Store.ResetPassword(ctx, token, "x"); err == nil {
		t.Error("the link worked twice")
	}
}

// A sign-up mail confirms a new address, and tells an address with an
// account that someone tried, without a link that makes an account.
func TestSignupMail(t *testing.T) {
	srv := resttest.New(t)
	smtpd := mailtest.Start(t)
	srv.User("ada@example.com")
	ctx := context.Background()
	for _, to := range []string{"new@example.com", "ada@example.com"} {
		if err := srv.Store.SendMail(ctx, store.Mail{Template: store.MailSignup, To: to}); err != nil {
			t.Fatal(err)
		}
	}
	mailWorkers(t, srv, smtpd, jobs.Config{})
	m := smtpd.Wait(t, "new@example.com")
	if l, err := srv.Store.PeekAuthLink(ctx, store.LinkSignup, m.Token("/signup/confirm")); err != nil || l.Email != "new@example.com" {
		t.Errorf("sign-up link %+v, %v:\n%s", l, err, m.Text)
	}
	a := smtpd.Wait(t, "ada@example.com")
	if a.Link("/forgot-password") == "" || a.Token("/signup/confirm") != "" || !strings.Contains(a.Subject, "tried to sign up") {
		t.Errorf("mail to an account's address %q:\n%s", a.Subject, a.Text)
	}
}

// TestSignupMailInviteMode: with FOLIO_SIGNUP=invite, the sign-up page
// answers everyone alike, and the mail goes only to an invited address.
func TestSignupMailInviteMode(t *testing.T) {
	srv := resttest.New(t)
	smtpd := mailtest.Start(t)
	admin := srv.User("admin@example.com")
	org := createOrg(t, admin, "Acme")
	admin.Post("/v1/orgs/"+org+"/invites", map[string]any{"emails": []string{"invited@example.com"}}).Expect(http.StatusOK)
	ctx := context.Background()
	for _, to := range []string{"stranger@example.com", "invited@example.com"} {
		if err := srv.Store.SendMail(ctx, store.Mail{Template: store.MailSignup, To: to, Data: map[string]string{"signup": "invite"}}); err != nil {
			t.Fatal(err)
		}
	}
	mailWorkers(t, srv, smtpd, jobs.Config{})
	confirm := ""
	for range 2 { // the invitation and the sign-up confirmation, in either order
		if m := smtpd.Wait(t, "invited@example.com"); m.Token("/signup/confirm") != "" {
			confirm = m.Token("/signup/confirm")
		}
	}
	if _, err := srv.Store.PeekAuthLink(ctx, store.LinkSignup, confirm); err != nil {
		t.Errorf("no working sign-up link for the invited address: %v", err)
	}
	waitMailJobsDone(t, srv)
	for _, m := range smtpd.Messages() {
		for _, to := range m.To {
			if to == "stranger@example.com" {
				t.Errorf("mail to an address nobody invited: %s\n%s", m.Subject, m.Text)
			}
		}
	}
}

// waitMailJobsDone waits until every mail job has run to its end.
func waitMailJobsDone(t *testing.T, srv *resttest.Server) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		var pending int
		if err := srv.Store.DB.NewRaw(`SELECT count(*) FROM river_job WHERE kind = 'mail_send' AND state NOT IN ('completed', 'discarded', 'cancelled')`).
			Scan(context.Background(), &pending); err != nil {
			t.Fatal(err)
		}
		if pending == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d mail jobs still pending", pending)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestNewSignInMail(t *testing.T) {
	srv := resttest.New(t)
	smtpd := mailtest.Start(t)
	ada := srv.User("ada@example.com")
	err := srv.Store.SendMail(context.Background(), store.Mail{Template: store.MailNewSignIn, To: ada.Email, UserID: ada.UserID,
		Data: map[string]string{"userAgent": "Mozilla/5.0 Firefox/140.0", "client": "203.0.113.9", "method": store.SignInOIDC,
			"at": "2026-12-07T10:04:05Z"}})
	if err != nil {
		t.Fatal(err)
	}
	mailWorkers(t, srv, smtpd, jobs.Config{})
	m := smtpd.Wait(t, ada.Email)
	for _, want := range []string{"Mon, 7 Dec 2026 10:04 UTC", "Firefox/140.0", "203.0.113.9", "OpenID Connect", resttest.PublicURL + "/account"} {
		if !strings.Contains(m.Text, want) || !strings.Contains(m.HTML, want) {
			t.Errorf("mail lacks %q:\n%s", want, m.Text)
		}
	}
	if m.Subject != "New sign-in to your Folio account" {
		t.Errorf("subject %q", m.Subject)
	}
}

// Mail goes over STARTTLS or implicit TLS, authenticated, to a server
// whose certificate the sender trusts.
func TestMailOverTLS(t *testing.T) {
	for _, mode := range []mailtest.Mode{mailtest.STARTTLS, mailtest.ImplicitTLS} {
		srv := resttest.New(t)
		smtpd := mailtest.StartWith(t, mailtest.Options{TLS: mode, Username: "folio", Password: "mail-secret"})
		ada := srv.User("ada@example.com")
		if err := srv.Store.SendMail(context.Background(), store.Mail{Template: store.MailPasswordReset, To: ada.Email}); err != nil {
			t.Fatal(err)
		}
		mailWorkers(t, srv, smtpd, jobs.Config{})
		if m := smtpd.Wait(t, ada.Email); !m.TLS || m.Token("/reset-password") == "" {
			t.Errorf("%s: TLS %v:\n%s", smtpd.URL(), m.TLS, m.Text)
		}
		if strings.Contains(riverJobText(t, srv), "mail-secret") {
			t.Error("the SMTP password is in river_job")
		}
	}
}

// A server that refuses mail (550) for a while: the job fails, is retried,
// and the mail arrives once the server takes it. Nothing is lost.
func TestMailRetriedUntilAccepted(t *testing.T) {
	srv := resttest.New(t)
	smtpd := mailtest.Start(t)
	smtpd.Refuse(3)
	mailWorkers(t, srv, smtpd, jobs.Config{})
	admin := srv.User("grace@example.com")
	org := createOrg(t, admin, "Acme")
	admin.Post("/v1/orgs/"+org+"/invites", map[string]any{"emails": []string{"new@example.com"}}).Expect(http.StatusOK)

	m := smtpd.Wait(t, "new@example.com")
	token := m.Token("/invitation")
	if _, err := srv.Store.PeekAuthLink(context.Background(), store.LinkInvitation, token); err != nil {
		t.Fatalf("the link of the mail that arrived does not work: %v", err)
	}
	j := mailJobs(t, srv)
	if len(j) != 1 || j[0].State != "completed" || j[0].Attempt != 4 || smtpd.Refused() != 3 {
		t.Fatalf("jobs %+v, refused %d; want one completed at the 4th attempt after 3 refusals", j, smtpd.Refused())
	}
	if j[0].Errors == nil || strings.Count(*j[0].Errors, "550") != 3 {
		if j[0].Errors == nil {
			t.Errorf("no errors recorded")
		} else {
			t.Errorf("recorded errors: %s", *j[0].Errors)
		}
	}
	if len(smtpd.Messages()) != 1 {
		t.Errorf("%d mails arrived, want 1", len(smtpd.Messages()))
	}
	if strings.Contains(riverJobText(t, srv), token) {
		t.Error("the link's secret is in river_job")
	}
}

// A webhook turned off after failing for its whole retry window mails each
// admin of its organization, and no other member.
func TestWebhookDisabledMailsAdmins(t *testing.T) {
	srv := resttest.New(t)
	smtpd := mailtest.Start(t)
	admin := srv.User("admin@example.com")
	admin2 := srv.User("admin2@example.com")
	editor := srv.User("editor@example.com")
	org := createOrg(t, admin, "Acme")
	addMember(t, admin, org, admin2, "admin")
	addMember(t, admin, org, editor, "edit")
	rcv := newReceiver(t, -1, http.StatusServiceUnavailable)
	hook := admin.Post("/v1/orgs/"+org+"/webhooks", map[string]any{"url": rcv.URL + "/in", "events": []string{"space.created"}}).
		Expect(http.StatusCreated).JSON()
	cfg := fastWebhooks(true)
	cfg.WebhookRetryFor = 300 * time.Millisecond
	mailWorkers(t, srv, smtpd, cfg)
	createSpaceID(t, admin, org, map[string]any{"title": "S"})

	for _, to := range []string{admin.Email, admin2.Email} {
		m := smtpd.Wait(t, to)
		if m.Subject != "A webhook of Acme was turned off" || !strings.Contains(m.Text, rcv.URL+"/in") ||
			!strings.Contains(m.Text, "answered 503") || !strings.Contains(m.Text, "/v1/orgs/"+org+"/webhooks/"+resttest.Str(hook, "id")) {
			t.Errorf("mail to %s %q:\n%s", to, m.Subject, m.Text)
		}
	}
	mailJobs(t, srv)
	if n := len(smtpd.Messages()); n != 2 {
		t.Errorf("%d mails, want one per admin", n)
	}
	if got := resttest.Str(admin.Get("/v1/orgs/"+org+"/webhooks/"+resttest.Str(hook, "id")).JSON(), "active"); got != "false" {
		t.Errorf("webhook active = %s", got)
	}
}

// syncBuffer is a log destination several goroutines write.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// Without a sender, a mail job says so in the log and completes: nothing
// waits in the queue, and no link is made that nobody would receive.
func TestMailOff(t *testing.T) {
	srv := resttest.New(t)
	var log syncBuffer
	srv.StartWorkers(jobs.Config{Logger: slog.New(slog.NewJSONHandler(&log, nil))})
	admin := srv.User("grace@example.com")
	org := createOrg(t, admin, "Acme")
	admin.Post("/v1/orgs/"+org+"/invites", map[string]any{"emails": []string{"new@example.com"}}).Expect(http.StatusOK)
	j := mailJobs(t, srv)
	if len(j) != 1 || j[0].State != "completed" || j[0].Attempt != 1 {
		t.Fatalf("jobs = %+v", j)
	}
	want := `"msg":"mail is off (FOLIO_SMTP_URL unset): not sent","template":"invitation","to":"new@example.com"`
	if !strings.Contains(log.String(), want) {
		t.Errorf("log lacks %s:\n%s", want, log.String())
	}
	var links int
	_ = srv.Store.DB.NewRaw(`SELECT count(*) FROM auth_links`).Scan(context.Background(), &links)
	if links != 0 {
		t.Errorf("%d links made with mail off", links)
	}
}

// Housekeeping deletes ended sessions and expired one-time links as soon
// as the workers start (and hourly after), and keeps the others.
func TestHousekeeping(t *testing.T) {
	srv := resttest.New(t)
	ada := srv.User("ada@example.com")
	ctx := context.Background()
	live, _, err := srv.Store.CreateSession(ctx, store.NewSession{UserID: ada.UserID, Method: store.SignInPassword, MaxAge: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	_, ended, err := srv.Store.CreateSession(ctx, store.NewSession{UserID: ada.UserID, Method: store.SignInPassword, MaxAge: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	keep, err := srv.Store.IssueAuthLink(ctx, store.AuthLink{Purpose: store.LinkSignup, Email: "a@example.com"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Store.IssueAuthLink(ctx, store.AuthLink{Purpose: store.LinkSignup, Email: "b@example.com"}); err != nil {
		t.Fatal(err)
	}
	// One session and one link have ended.
	if _, err := srv.Store.DB.NewRaw(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = ?`, ended.ID).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Store.DB.NewRaw(`UPDATE auth_links SET expires_at = now() - interval '1 second' WHERE email = 'b@example.com'`).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	srv.StartWorkers(jobs.Config{})
	deadline := time.Now().Add(30 * time.Second)
	for {
		var sessions, links int
		_ = srv.Store.DB.NewRaw(`SELECT (SELECT count(*) FROM sessions), (SELECT count(*) FROM auth_links)`).Scan(ctx, &sessions, &links)
		if sessions == 1 && links == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d sessions and %d links left, want 1 and 1", sessions, links)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if _, _, err := srv.Store.SessionByToken(ctx, live, 0); err != nil {
		t.Errorf("the live session was deleted: %v", err)
	}
	if _, err := srv.Store.PeekAuthLink(ctx, store.LinkSignup, keep); err != nil {
		t.Errorf("the live link was deleted: %v", err)
	}
}
