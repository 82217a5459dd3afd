package markdown

import (
	"strings"
	"testing"
)

func TestSectionsLeaveOutConditionalContent(t *testing.T) {
	src := "Intro for everyone.\n\n{% if visitor.claims.unsigned.plan == \"pro\" %}\nSecret pro pricing.\n{% endif %}\n\n## Next\n\nPublic text.\n"
	var all []string
	for _, s := range Sections(src) {
		all = append(all, s.Title+" "+s.Body)
	}
	got := strings.Join(all, " | ")
	if strings.Contains(got, "Secret") {
		t.Fatalf("sections index conditional content: %q", got)
	}
	for _, want := range []string{"Intro for everyone.", "Public text."} {
		if !strings.Contains(got, want) {
			t.Fatalf("sections lost %q: %q", want, got)
		}
	}
}
