package mail

import (
	"bytes"
	"embed"
	"fmt"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"
	"time"
	"unicode"

	"folio/internal/mail"
	"folio/store"
)

//go:embed templates/*.txt templates/*.html
var templateFiles embed.FS

// templateSet is one mail's text and HTML templates.
type templateSet struct {
	text *texttemplate.Template
	html *htmltemplate.Template
}

// button is what the HTML layout's "button" template takes.
type button struct{ Link, Label string }

// templates holds every store.Mail* template, parsed once at start-up: a
// broken template fails the package's tests, never a send.
var templates = func() map[string]templateSet {
	funcs := htmltemplate.FuncMap{"button": func(link, label string) button { return button{link, label} }}
	out := map[string]templateSet{}
	for _, name := range []string{store.MailInvitation, store.MailPasswordReset, store.MailSignup,
		store.MailNewSignIn, store.MailWebhookDisabled} {
		out[name] = templateSet{
			text: texttemplate.Must(texttemplate.New("layout.txt").Option("missingkey=error").
				ParseFS(templateFiles, "templates/layout.txt", "templates/"+name+".txt")),
			html: htmltemplate.Must(htmltemplate.New("layout.html").Funcs(funcs).Option("missingkey=error").
				ParseFS(templateFiles, "templates/layout.html", "templates/"+name+".html")),
		}
	}
	return out
}()

// view is what a template says. Every string in it is one line of plain
// text (oneLine); the HTML templates escape it.
type view struct {
	// Subject is set from the text template's "subject", for the HTML title.
	Subject   string
	PublicURL string
	// Email is the recipient's address.
	Email string
	// Link is the mail's one link; Expires and ExpiresAt say for how long
	// it works when it is a one-time link.
	Link, Expires, ExpiresAt string
	// HasAccount says whether the recipient's address has an account.
	HasAccount bool
	// Org is the organization's title; Inviter the inviter's name.
	Org, Inviter string
	// A new sign-in.
	At, UserAgent, Client, Method string
	// A webhook turned off, and the API address to turn it on again.
	WebhookURL, Reason, WebhookAPI string
}

// render makes the message of a template.
func render(name string, v view) (mail.Message, error) {
	set, ok := templates[name]
	if !ok {
		return mail.Message{}, fmt.Errorf("no mail template %q", name)
	}
	var subject, text, html bytes.Buffer
	if err := set.text.ExecuteTemplate(&subject, "subject", v); err != nil {
		return mail.Message{}, fmt.Errorf("mail %s: subject: %w", name, err)
	}
	v.Subject = oneLine(subject.String())
	if err := set.text.Execute(&text, v); err != nil {
		return mail.Message{}, fmt.Errorf("mail %s: text: %w", name, err)
	}
	if err := set.html.Execute(&html, v); err != nil {
		return mail.Message{}, fmt.Errorf("mail %s: html: %w", name, err)
	}
	return mail.Message{To: v.Email, Subject: v.Subject, Text: text.String(), HTML: html.String()}, nil
}

// oneLine makes a value safe to put in a line of text or a header: control
// characters (line breaks included) become spaces, and it is cut at 300
// characters, so a name cannot add lines to a mail or headers to a message.
func oneLine(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		return r
	}, s)
	s = strings.TrimSpace(s)
	if r := []rune(s); len(r) > 300 {
		s = string(r[:299]) + "…"
	}
	return s
}

// lifetime says a link's lifetime in words: "1 hour", "24 hours", "7 days".
func lifetime(d time.Duration) string {
	plural := func(n int64, unit string) string {
		if n == 1 {
			return "1 " + unit
		}
		return fmt.Sprintf("%d %ss", n, unit)
	}
	switch {
	case d >= 48*time.Hour && d%(24*time.Hour) == 0:
		return plural(int64(d/(24*time.Hour)), "day")
	case d >= time.Hour && d%time.Hour == 0:
		return plural(int64(d/time.Hour), "hour")
	default:
		return plural(int64(d.Round(time.Minute)/time.Minute), "minute")
	}
}

// when writes a time for people: "Mon, 2 Dec 2026 15:04 UTC".
func when(t time.Time) string { return t.UTC().Format("Mon, 2 Jan 2006 15:04 MST") }

// methods names the ways to sign in, as a mail says them.
var methods = map[string]string{
	store.SignInPassword: "password",
	store.SignInSAML:     "SAML single sign-on",
	store.SignInOIDC:     "OpenID Connect single sign-on",
}
