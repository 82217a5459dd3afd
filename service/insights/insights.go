// Package insights records what readers of published sites do (page
// views, searches, page feedback) for the site's insights, without cookies
// and without keeping addresses. A Recorder buffers the reader's events in
// memory and writes them in one INSERT every second, or as soon as a batch
// is full, so a page view costs the request no statement of its own; the
// buffer is written on Close.
//
// A visitor is counted by a hash of the site, the client's address and its
// user agent under the salt of the day (store.InsightsSalt): the address
// stays in memory until the batch is written, and the hash links one
// visitor's events of one day only.
package insights

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"log/slog"
	"sync"
	"time"

	"folio/store"
)

// Event is an event before it is written: Client and UserAgent make the
// visitor's hash and are then dropped.
type Event struct {
	store.InsightEvent
	Client, UserAgent string
}

// Config tunes a Recorder; zero fields take the defaults.
type Config struct {
	// Every is how often the buffer is written (1 s).
	Every time.Duration
	// Batch is how many events make a full buffer, written at once (500).
	Batch int
	// Max is how many events the buffer holds while the database cannot be
	// written; beyond it new events are dropped (20 000).
	Max int
	// Logger receives write failures (slog.Default when nil).
	Logger *slog.Logger
}

// Recorder buffers events and writes them in batches.
type Recorder struct {
	store *store.Store
	cfg   Config

	mu   sync.Mutex
	buf  []Event
	kick chan struct{}

	saltMu  sync.Mutex
	saltDay string
	salt    []byte

	stop      chan struct{}
	done      chan struct{}
	closeOnce sync.Once
	writeMu   sync.Mutex // one write at a time, so a flush sees everything before it written
}

// New starts a recorder over s; Close stops it.
func New(s *store.Store, cfg Config) *Recorder {
	if cfg.Every <= 0 {
		cfg.Every = time.Second
	}
	if cfg.Batch <= 0 {
		cfg.Batch = 500
	}
	if cfg.Max <= 0 {
		cfg.Max = 20000
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	r := &Recorder{store: s, cfg: cfg, kick: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	go r.loop()
	return r
}

// Add buffers an event; it never blocks on the database. A nil Recorder
// records nothing (insights off).
func (r *Recorder) Add(e Event) {
	if r == nil {
		return
	}
	if e.At.IsZero() {
		e.At = r.store.Now()
	}
	r.mu.Lock()
	if len(r.buf) >= r.cfg.Max {
		r.mu.Unlock()
		return
	}
	r.buf = append(r.buf, e)
	full := len(r.buf) >= r.cfg.Batch
	r.mu.Unlock()
	if full {
		select {
		case r.kick <- struct{}{}:
		default:
		}
	}
}

func (r *Recorder) loop() {
	defer close(r.done)
	t := time.NewTicker(r.cfg.Every)
	defer t.Stop()
	for {
		select {
		case <-r.stop:
			return
		case <-t.C:
		case <-r.kick:
		}
		if err := r.Flush(context.Background()); err != nil {
			r.cfg.Logger.Warn("insights not written; kept for the next round", "err", err)
		}
	}
}

// Flush writes the buffered events now, in batches of Config.Batch. Events
// that could not be written go back to the buffer.
func (r *Recorder) Flush(ctx context.Context) error {
	if r == nil {
		return nil
	}
	r.writeMu.Lock()
	defer r.writeMu.Unlock()
	r.mu.Lock()
	evs := r.buf
	r.buf = nil
	r.mu.Unlock()
	for len(evs) > 0 {
		n := min(len(evs), r.cfg.Batch)
		if err := r.Write(ctx, evs[:n]); err != nil {
			r.mu.Lock()
			r.buf = append(evs, r.buf...)
			if len(r.buf) > r.cfg.Max {
				r.buf = r.buf[:r.cfg.Max]
			}
			r.mu.Unlock()
			return err
		}
		evs = evs[n:]
	}
	return nil
}

// Write hashes the visitors of evs and writes them in one statement (the
// API's trackEventsInSiteById, whose batch is its request body).
func (r *Recorder) Write(ctx context.Context, evs []Event) error {
	rows := make([]store.InsightEvent, len(evs))
	for i, e := range evs {
		salt, err := r.saltOf(ctx, e.At)
		if err != nil {
			return err
		}
		row := e.InsightEvent
		row.VisitorHash = VisitorHash(salt, row.SiteID, e.Client, e.UserAgent)
		if row.DisplayContext == "" {
			row.DisplayContext = "site"
		}
		rows[i] = row
	}
	return r.store.InsertInsightEvents(ctx, rows)
}

// saltOf is the salt of the UTC day of t, read once per day.
func (r *Recorder) saltOf(ctx context.Context, t time.Time) ([]byte, error) {
	day := t.UTC().Format(time.DateOnly)
	r.saltMu.Lock()
	defer r.saltMu.Unlock()
	if day == r.saltDay {
		return r.salt, nil
	}
	salt, err := r.store.InsightsSalt(ctx, t)
	if err != nil {
		return nil, err
	}
	if day >= r.saltDay {
		r.saltDay, r.salt = day, salt
	}
	return salt, nil
}

// VisitorHash is the hash that counts a visitor of a site for one day:
// HMAC-SHA-256 under the day's salt of the site, address and user agent.
// Every page view takes one: the MAC keyed with the last salt is kept for
// the next view (the keyed state and the buffers made once, not per view).
func VisitorHash(salt []byte, siteID, client, userAgent string) string {
	v, _ := visitorMACs.Get().(*visitorMAC)
	if v == nil || !bytes.Equal(v.salt, salt) {
		v = &visitorMAC{salt: bytes.Clone(salt), mac: hmac.New(sha256.New, salt)}
	} else {
		v.mac.Reset()
	}
	v.in = append(append(append(append(append(v.in[:0], siteID...), 0), client...), 0), userAgent...)
	v.mac.Write(v.in)
	out := hex.EncodeToString(v.mac.Sum(v.sum[:0])[:16])
	if cap(v.in) <= 4096 { // a huge user agent's buffer is not kept
		visitorMACs.Put(v)
	}
	return out
}

// visitorMAC is VisitorHash's MAC under one salt, and its buffers.
type visitorMAC struct {
	salt []byte
	mac  hash.Hash
	in   []byte
	sum  [sha256.Size]byte
}

var visitorMACs sync.Pool

// Close stops the timer and writes what is buffered, until ctx ends.
func (r *Recorder) Close(ctx context.Context) error {
	if r == nil {
		return nil
	}
	r.closeOnce.Do(func() { close(r.stop) })
	<-r.done
	return r.Flush(ctx)
}
