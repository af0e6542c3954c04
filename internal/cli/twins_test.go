package cli

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/internal/testtool"
)

// setupSource is a 26-line function whose last 17 lines (from var opts)
// are a block an edit of its start leaves as it was.
const setupSource = `func Setup(c *Config) (string, error) {
	if c == nil {
		return "", errors.New("nil config")
	}
	region, err := lookup(c.Region)
	if err != nil {
		return "", err
	}
	var opts []string
	if c.Key != "" && c.Secret != "" {
		opts = append(opts, "static:"+c.Key+":"+c.Secret)
	}
	if c.Profile != "" {
		opts = append(opts, "profile:"+c.Profile)
	}
	if c.Role != "" {
		opts = append(opts, "role:"+c.Role)
		if c.Endpoint != "" {
			opts = append(opts, "endpoint:"+c.Endpoint)
		}
	}
	for i := 0; i < c.Retries; i++ {
		opts = append(opts, fmt.Sprintf("retry-%d", i))
	}
	return region + "?" + strings.Join(opts, "&"), nil
}
`

const setupHeader = `import (
	"errors"
	"fmt"
	"strings"
)

type Config struct {
	Name, Region, Key, Secret, Profile, Role, Endpoint string
	Retries                                            int
}

func lookup(r string) (string, error) {
	if r == "" {
		return "", errors.New("no region")
	}
	return r, nil
}

`

// setupFixed is Setup with its start edited: two more checks and the
// error wrapped, until the whole no longer matches its twin while its
// last 17 lines still do.
func setupFixed(src string) string {
	return strings.Replace(src, `	region, err := lookup(c.Region)
	if err != nil {
		return "", err
	}
`, `	if c.Name == "" {
		return "", errors.New("config has no name")
	}
	if c.Retries < 0 {
		return "", fmt.Errorf("config %s: %d retries", c.Name, c.Retries)
	}
	region, err := lookup(c.Region)
	if err != nil {
		return "", fmt.Errorf("setup %s: region %q: %w", c.Name, c.Region, err)
	}
	if strings.ContainsAny(region, "?&") {
		return "", fmt.Errorf("setup %s: bad region %q", c.Name, region)
	}
`, 1)
}

// twinRepo commits files in a new repository, made the working directory.
func twinRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	files["go.mod"] = "module example.com/m\n\ngo 1.26\n"
	testtool.WriteFiles(t, dir, files)
	t.Chdir(dir)
	testtool.Git(t, "init", "-q", "-b", "main")
	testtool.Git(t, "add", "-A")
	testtool.Git(t, "commit", "-q", "-m", "base")
	return dir
}

// A fix to one copy whose twin still shares a block with it (the block
// is a class of the tree, which the change did not touch) leaves the
// rest of the twin forgotten: the block does not join the two copies.
func TestChangeForgottenTwinBesideAnInnerMatch(t *testing.T) {
	a := "package a\n\n" + setupHeader + setupSource
	b := strings.Replace(a, "package a", "package b", 1)
	dir := twinRepo(t, map[string]string{"a/a.go": a, "b/b.go": b})
	testtool.WriteFiles(t, dir, map[string]string{"a/a.go": setupFixed(a)})
	out, errs, code := runChange(t, "-fail-on-twins", "-min-tokens", "50", "-new-from-rev", "HEAD", "./...")
	saysAll(t, out, errs, code, ExitClones,
		"a/a.go:21:1: duplicate of b/b.go:21-46",
		"forgotten twin: you changed this copy",
		"1 forgotten twin")
}

// A twin in the file the change edited, left as it was, is forgotten as
// one in another file is.
func TestChangeForgottenTwinInTheSameFile(t *testing.T) {
	a := "package a\n\n" + setupHeader + setupSource + "\n" + strings.Replace(setupSource, "func Setup(", "func SetupB(", 1)
	dir := twinRepo(t, map[string]string{"a/a.go": a})
	testtool.WriteFiles(t, dir, map[string]string{"a/a.go": setupFixed(a)})
	out, errs, code := runChange(t, "-fail-on-twins", "-min-tokens", "150", "-new-from-rev", "HEAD", "./...")
	saysAll(t, out, errs, code, ExitClones,
		"a/a.go:21:1: duplicate of a/a.go:57-82",
		"forgotten twin: you changed this copy",
		"1 forgotten twin")
}
