package main

import (
	"bytes"
	"context"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"folio/internal/mail"
)

// lockedBuffer is a bytes.Buffer the catcher writes while the test reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestMailCatch: `folio mail catch` takes the multipart mail Folio's own
// sender writes and prints its subject and plain text, links intact.
func TestMailCatch(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	var out, errOut lockedBuffer
	done := make(chan error, 1)
	go func() { done <- mailCatch(ctx, []string{"catch", "--addr", addr}, &out, &errOut) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("mail catch: %v", err)
		}
	}()
	s, err := mail.New(mail.Config{URL: "smtp+insecure://" + addr, From: "Folio <folio@folio.test>"})
	if err != nil {
		t.Fatal(err)
	}
	link := "http://folio.test/reset-password?token=" + strings.Repeat("x", 43)
	msg := mail.Message{To: "ada@example.com", Subject: "Reset your Folio password",
		Text: "Choose a new password:\n\n" + link + "\n", HTML: "<p>Choose a <b>new</b> password</p>"}
	deadline := time.Now().Add(10 * time.Second)
	for {
		if err = s.Send(ctx, msg); err == nil || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond) // the catcher is still starting
	}
	if err != nil {
		t.Fatalf("send: %v", err)
	}
	got := out.String()
	for _, want := range []string{"to ada@example.com", "Subject: Reset your Folio password", link} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "<b>") {
		t.Errorf("output shows the HTML part:\n%s", got)
	}
	if !strings.Contains(errOut.String(), "FOLIO_SMTP_URL=smtp+insecure://"+addr) {
		t.Errorf("stderr: %s", errOut.String())
	}
	if err := mailCatch(ctx, []string{"catch", "--addr", "0.0.0.0:1025"}, &out, &errOut); err == nil {
		t.Error("a catcher on every interface was allowed")
	}
}
