package main

import (
	"bufio"
	"context"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/goccy/go-yaml"
)

// The Dockerfile keeps the rules docs/operations.md promises: a build stage and a
// pinned runtime stage, a non-root user, sources that exist, the exec form,
// and the port Folio listens on.
func TestDockerfileLint(t *testing.T) {
	f, err := os.Open("../../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var stages, user, entrypoint, expose string
	var froms int
	sc := bufio.NewScanner(f)
	var line string
	for sc.Scan() {
		text := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(text, "#") || text == "" {
			continue
		}
		line += text
		if strings.HasSuffix(line, "\\") {
			line = strings.TrimSuffix(line, "\\") + " "
			continue
		}
		fields := strings.Fields(line)
		instr, args := strings.ToUpper(fields[0]), fields[1:]
		line = ""
		switch instr {
		case "FROM":
			froms++
			image := args[0]
			if !strings.Contains(image, ":") || strings.HasSuffix(image, ":latest") {
				t.Errorf("FROM %s: pin a tag", image)
			}
			stages += image + " "
			user, entrypoint, expose = "", "", "" // per stage: the last one counts
		case "USER":
			user = args[0]
		case "ENTRYPOINT":
			entrypoint = strings.Join(args, " ")
		case "EXPOSE":
			expose = args[0]
		case "COPY":
			if strings.HasPrefix(args[0], "--from") || strings.HasPrefix(args[0], "--chown") && strings.HasPrefix(args[1], "--from") {
				continue
			}
			for _, src := range args[:len(args)-1] {
				if strings.HasPrefix(src, "--") {
					continue
				}
				if _, err := os.Stat(filepath.Join("../..", src)); err != nil {
					t.Errorf("COPY %s: not in the repository", src)
				}
			}
		case "ADD":
			t.Errorf("ADD %v: use COPY (ADD fetches URLs and unpacks archives)", args)
		}
	}
	if froms < 2 {
		t.Errorf("one stage (%s): build in one, run from a small image in another", stages)
	}
	if user == "" || user == "root" || user == "0" || strings.HasPrefix(user, "0:") {
		t.Errorf("the image runs as %q: run as a non-root user", user)
	}
	if !strings.HasPrefix(entrypoint, "[") {
		t.Errorf("ENTRYPOINT %s: use the exec form, so signals reach folio", entrypoint)
	}
	if expose != "8080" {
		t.Errorf("EXPOSE %q, want 8080 (FOLIO_ADDR)", expose)
	}
}

// compose.yaml runs Folio against its PostgreSQL: the connection string
// names the database service and its credentials, Folio waits for it to be
// healthy, and every volume used is declared.
func TestComposeLint(t *testing.T) {
	raw, err := os.ReadFile("../../compose.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var c struct {
		Services map[string]struct {
			Image       string            `yaml:"image"`
			Restart     string            `yaml:"restart"`
			Build       any               `yaml:"build"`
			Environment map[string]string `yaml:"environment"`
			Volumes     []string          `yaml:"volumes"`
			Ports       []string          `yaml:"ports"`
			DependsOn   map[string]struct {
				Condition string `yaml:"condition"`
			} `yaml:"depends_on"`
			Healthcheck *struct {
				Test     []string `yaml:"test"`
				Interval string   `yaml:"interval"`
				Timeout  string   `yaml:"timeout"`
				Retries  int      `yaml:"retries"`
			} `yaml:"healthcheck"`
		} `yaml:"services"`
		Volumes map[string]any `yaml:"volumes"`
	}
	if err := yaml.UnmarshalWithOptions(raw, &c, yaml.Strict()); err != nil {
		t.Fatalf("compose.yaml: %v", err)
	}
	pg, ok := c.Services["postgres"]
	if !ok || pg.Healthcheck == nil {
		t.Fatal("compose.yaml needs a postgres service with a healthcheck")
	}
	folio, ok := c.Services["folio"]
	if !ok || folio.Build == nil {
		t.Fatal("compose.yaml needs a folio service built from this repository")
	}
	if folio.DependsOn["postgres"].Condition != "service_healthy" {
		t.Error("folio must wait for postgres to be healthy")
	}
	dsn, err := url.Parse(folio.Environment["DATABASE_URL"])
	if err != nil || dsn.Hostname() != "postgres" {
		t.Fatalf("DATABASE_URL %q does not point at the postgres service", folio.Environment["DATABASE_URL"])
	}
	pass, _ := dsn.User.Password()
	if dsn.User.Username() != pg.Environment["POSTGRES_USER"] || pass != pg.Environment["POSTGRES_PASSWORD"] ||
		strings.TrimPrefix(dsn.Path, "/") != pg.Environment["POSTGRES_DB"] {
		t.Errorf("DATABASE_URL %s does not match the postgres service's user, password and database", dsn.Redacted())
	}
	for name, s := range c.Services {
		for _, v := range s.Volumes {
			vol, _, _ := strings.Cut(v, ":")
			if _, ok := c.Volumes[vol]; !ok && !strings.HasPrefix(vol, ".") && !strings.HasPrefix(vol, "/") {
				t.Errorf("%s uses volume %s, which is not declared", name, vol)
			}
		}
	}
	if len(folio.Volumes) == 0 || !strings.HasSuffix(folio.Volumes[0], ":/data") {
		t.Errorf("folio's uploaded files need a volume on /data: %v", folio.Volumes)
	}
}

// The image builds, where a container engine runs (none does on the
// development machines; docker build needs one).
func TestImageBuilds(t *testing.T) {
	if err := exec.Command("docker", "info").Run(); err != nil {
		t.Skip("no container engine here (docker info failed): the image build is not tried")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "docker", "build", "-t", "folio:test", "../..")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("docker build: %v\n%s", err, out)
	}
}
