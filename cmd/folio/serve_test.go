package main

import (
	"testing"
	"time"

	"folio/rest"
)

func TestRateLimitFromEnv(t *testing.T) {
	cases := []struct {
		name          string
		limit, window string
		want          rest.RateLimit
		fails         bool
	}{
		{"unset-defaults", "", "", rest.DefaultRateLimit, false},
		{"set", "100", "30s", rest.RateLimit{Limit: 100, Window: 30 * time.Second}, false},
		{"zero-disables", "0", "", rest.RateLimit{Limit: 0, Window: time.Minute}, false},
		{"negative-fails", "-1", "", rest.RateLimit{}, true},
		{"not-a-number-fails", "many", "", rest.RateLimit{}, true},
		{"window-under-a-second-fails", "10", "500ms", rest.RateLimit{}, true},
		{"window-not-a-duration-fails", "10", "minute", rest.RateLimit{}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("FOLIO_RATE_LIMIT", c.limit)
			t.Setenv("FOLIO_RATE_WINDOW", c.window)
			got, err := rateLimitFromEnv()
			if c.fails {
				if err == nil {
					t.Fatalf("accepted: %+v", got)
				}
				return
			}
			if err != nil || got != c.want {
				t.Fatalf("got %+v, %v; want %+v", got, err, c.want)
			}
		})
	}
}

func TestSplitList(t *testing.T) {
	got := splitList(" https://a.example ,, https://b.example,")
	if len(got) != 2 || got[0] != "https://a.example" || got[1] != "https://b.example" {
		t.Fatalf("splitList = %q", got)
	}
}
