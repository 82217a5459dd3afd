package graph_test

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"folio/graph"
)

func TestLoadTrustedDocuments(t *testing.T) {
	const doc = "query Me { viewer { id } }"
	sum := sha256.Sum256([]byte(doc))
	hash := hex.EncodeToString(sum[:])
	dir := t.TempDir()
	write := func(name, content string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	for _, c := range []struct{ name, manifest string }{
		{"bare-hex", `{"` + hash + `": "query Me { viewer { id } }"}`},
		{"prefixed", `{"sha256:` + hash + `": "query Me { viewer { id } }"}`},
		{"upper-case", `{"` + strings.ToUpper(hash) + `": "query Me { viewer { id } }"}`},
	} {
		docs, err := graph.LoadTrustedDocuments(write(c.name+".json", c.manifest))
		if err != nil || len(docs) != 1 || docs[hash] != doc {
			t.Errorf("%s: %v, %v", c.name, docs, err)
		}
	}
	for _, c := range []struct{ name, manifest, want string }{
		{"not-json", `{`, "not a JSON object"},
		{"an-array", `["` + doc + `"]`, "not a JSON object"},
		{"not-text", `{"` + hash + `": 1}`, "not a JSON object"},
		{"empty", `{}`, "holds no document"},
		{"not-a-hash", `{"Me": "` + doc + `"}`, `key "Me" is not a SHA-256 hash`},
		{"sha1", `{"7b502c3a1f48c8609ae212cdfb639dee39673f5e": "` + doc + `"}`, "is not a SHA-256 hash"},
		{"another-document", `{"` + hash + `": "query Me { viewer { id email } }"}`, "is not the SHA-256 of its document"},
		{"whitespace-differs", `{"` + hash + `": "query Me { viewer { id } }\n"}`, "is not the SHA-256 of its document"},
	} {
		_, err := graph.LoadTrustedDocuments(write(c.name+".json", c.manifest))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "FOLIO_GRAPHQL_TRUSTED_DOCUMENTS") {
			t.Errorf("%s: %v, want an error naming the setting with %q", c.name, err, c.want)
		}
	}
	if _, err := graph.LoadTrustedDocuments(filepath.Join(dir, "missing.json")); err == nil || !strings.Contains(err.Error(), "FOLIO_GRAPHQL_TRUSTED_DOCUMENTS") {
		t.Errorf("missing file: %v", err)
	}
}
