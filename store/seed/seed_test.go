package seed_test

import (
	"context"
	"net/http"
	"testing"

	"folio/rest/resttest"
	"folio/store/seed"
)

type countingProgress struct {
	total, done int
	steps       []string
}

func (p *countingProgress) Start(total int)  { p.total = total }
func (p *countingProgress) Step(name string) { p.steps = append(p.steps, name) }
func (p *countingProgress) Add(n int)        { p.done += n }

func TestSeedSmall(t *testing.T) {
	srv := resttest.New(t)
	sc := seed.Scales["small"]
	var p countingProgress
	org, err := seed.Run(context.Background(), srv.Store, sc, &p)
	if err != nil {
		t.Fatal(err)
	}
	if p.done != p.total || p.total == 0 {
		t.Errorf("progress %d of %d: every unit of work must be reported", p.done, p.total)
	}
	if len(p.steps) != len(seed.Steps)+1 {
		t.Errorf("steps reported %v", p.steps)
	}

	// The printed token works, and the API sees what was seeded.
	admin := srv.Anonymous()
	admin.Token = org.Token
	base := "/v1/orgs/" + org.ID
	counts := map[string]int{
		"/members?limit=1000":      sc.Members + 1,
		"/teams?limit=1000":        sc.Teams,
		"/link-invites?limit=1000": sc.Invites,
		"/saml?limit=1000":         sc.SAMLProviders,
	}
	for path, want := range counts {
		body := admin.Get(base + path).Expect(http.StatusOK).JSON()
		if got := len(body["items"].([]any)); got != want {
			t.Errorf("%s: %d items, want %d", path, got, want)
		}
	}
	team := admin.Get(base + "/teams/" + org.Teams[0] + "/members").Expect(http.StatusOK).JSON()
	if got := len(team["items"].([]any)); got != sc.TeamSize {
		t.Errorf("team has %d members, want %d", got, sc.TeamSize)
	}

	// A second run makes a second organization, not a conflict.
	again, err := seed.Run(context.Background(), srv.Store, sc, &countingProgress{})
	if err != nil || again.ID == org.ID {
		t.Fatalf("second seed: %v (id %s)", err, again.ID)
	}
}
