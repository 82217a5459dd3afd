package mathml

import (
	"strings"
	"testing"
)

func TestRender(t *testing.T) {
	out, err := Render(`f(x) = x^2 + \frac{1}{2}`, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<math`, `display="block"`, `<msup>`, `<mfrac>`, `<mn>2</mn>`} {
		if !strings.Contains(out, want) {
			t.Errorf("no %s in %s", want, out)
		}
	}
	// A formula KaTeX cannot read is shown, not an error.
	bad, err := Render(`\frac{`, false)
	if err != nil || bad == "" {
		t.Fatalf("bad formula: %q, %v", bad, err)
	}
	// Commands that could reach outside the formula are off (trust: false).
	href, err := Render(`\href{javascript:alert(1)}{x}`, false)
	if err != nil || strings.Contains(href, "javascript:") && strings.Contains(href, "href=") {
		t.Fatalf("\\href rendered a link: %q, %v", href, err)
	}
}
