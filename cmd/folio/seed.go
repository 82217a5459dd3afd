package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"folio/service/seed"
)

// seedCmd fills a new organization (folio seed [--scale small|medium|large])
// and prints an API token of its admin, alone on stdout.
func seedCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("seed", flag.ContinueOnError)
	scaleName := fs.String("scale", "small", "how much to make: "+strings.Join(seed.ScaleNames(), ", "))
	if err := fs.Parse(args); err != nil {
		return err
	}
	sc, ok := seed.Scales[*scaleName]
	if !ok {
		return fmt.Errorf("seed: unknown scale %q (want %s)", *scaleName, strings.Join(seed.ScaleNames(), ", "))
	}
	s, closeStore, err := openMigratedStore(ctx)
	if err != nil {
		return err
	}
	defer closeStore()
	var p seed.Progress = quietProgress{}
	if isTerminal(os.Stderr) {
		p = &bar{w: os.Stderr}
	}
	start := time.Now()
	org, err := seed.Run(ctx, s, sc, p)
	if b, ok := p.(*bar); ok {
		b.finish()
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "seeded organization %s (%s scale) in %s: %d members, %d teams, %d invites, %d SAML providers, "+
		"%d custom fields, %d collections, %d spaces, %d pages, %d change requests, %d comments, %d sites; admin %s\n",
		org.ID, sc.Name, time.Since(start).Round(time.Millisecond), len(org.Members)+1, len(org.Teams), sc.Invites, sc.SAMLProviders,
		len(org.Fields), len(org.Collections), len(org.Spaces), sc.TotalPages(), len(org.Spaces)*(1+sc.ChangeRequestsPerSpace),
		len(org.Spaces)*sc.CommentsPerSpace, len(org.Sites), org.Admin.Email)
	fmt.Fprintln(os.Stdout, org.Token)
	return nil
}

// isTerminal reports whether f is a character device (a terminal), where a
// progress bar helps; in a pipe or a log it would be noise.
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

type quietProgress struct{}

func (quietProgress) Start(int)   {}
func (quietProgress) Step(string) {}
func (quietProgress) Add(int)     {}

// bar draws one line, redrawn in place: [#####     ] 42% teams.
type bar struct {
	w           io.Writer
	total, done int
	step        string
	drawn       time.Time
}

func (b *bar) Start(total int)  { b.total = total; b.draw(true) }
func (b *bar) Step(name string) { b.step = name; b.draw(true) }
func (b *bar) Add(n int)        { b.done += n; b.draw(false) }
func (b *bar) finish()          { b.draw(true); fmt.Fprintln(b.w) }

func (b *bar) draw(force bool) {
	// Redrawing more than ten times a second only costs time.
	if !force && time.Since(b.drawn) < 100*time.Millisecond {
		return
	}
	b.drawn = time.Now()
	const width = 30
	frac := 1.0
	if b.total > 0 {
		frac = min(float64(b.done)/float64(b.total), 1)
	}
	n := int(frac * width)
	fmt.Fprintf(b.w, "\r[%s%s] %3.0f%% %-20s", strings.Repeat("#", n), strings.Repeat(" ", width-n), frac*100, b.step)
}
