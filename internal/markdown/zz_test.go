package markdown_test

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"folio/internal/markdown"
)

func TestZZTrip(t *testing.T) {
	src := os.Getenv("SRC")
	md := src
	for i := 0; i < 4; i++ {
		d := markdown.ToDocument(md)
		b, _ := json.Marshal(d["nodes"])
		fmt.Printf("doc%d %s\n", i, b)
		out, err := markdown.FromDocument(viaJSON(t, d))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Printf("md%d %q\n", i+1, out)
		md = out
	}
}
