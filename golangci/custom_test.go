package golangci

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/internal/testtool"
)

// The custom golangci-lint is built with the real `golangci-lint custom`
// of the version in .tools/bin (make golangci-lint installs the pinned
// one). `custom` clones golangci-lint from GitHub; here git is pointed
// at a local repository made from the module proxy's copy of the same
// version, so the build needs only the Go module proxy.

const golangciRepo = "https://github.com/golangci/golangci-lint.git"

// TestBuildCustom only builds the custom golangci-lint (make
// golangci-custom runs it before the tests, with a longer timeout).
func TestBuildCustom(t *testing.T) {
	if os.Getenv("COPYCAT_GOLANGCI_BUILD") == "" {
		t.Skip("set COPYCAT_GOLANGCI_BUILD=1 (make golangci-custom) to build golangci-lint with the plugin")
	}
	t.Log(customBinary(t, testtool.Find(t, "bin/golangci-lint", "golangci-lint", "golangci-lint")))
}

// TestGolangciLint builds golangci-lint with copycat's plugin, as a user
// does with .custom-gcl.yml, and runs it on testdata/mod: clones are
// reported, //nolint:copycat leaves a copy out and the settings of
// .golangci.yml apply.
func TestGolangciLint(t *testing.T) {
	if testing.Short() {
		t.Skip("builds golangci-lint")
	}
	bin := customBinary(t, testtool.Find(t, "bin/golangci-lint", "golangci-lint", "golangci-lint"))
	medians := []string{
		"stats/mean.go:10:1: duplicate of stats/mean.go:25-37 (near 95%, 88 tokens, 2 copies)",
		"stats/mean.go:25:1: duplicate of stats/mean.go:10-22 (near 95%, 88 tokens, 2 copies)",
		// range.go:24, SpreadInts, says //nolint:copycat: copycat leaves
		// it out of detection, as it does //nolint:dupl, so its twin
		// Spread has no copy to report.
	}
	sums := []string{
		"stats/sum.go:4:1: duplicate of stats/sum.go:15-23 (renamed, 34 tokens, 2 copies)",
		"stats/sum.go:15:1: duplicate of stats/sum.go:4-12 (renamed, 34 tokens, 2 copies)",
	}
	for _, tc := range []struct {
		name     string
		settings string // the copycat settings of .golangci.yml, as YAML
		ignore   string // a .duplignore for the fixture
		want     []string
		wantErr  string
	}{
		{name: "defaults"}, // -min-tokens 100: the fixture's copies are smaller
		{name: "min-tokens 60", settings: "min-tokens: 60\nmin-lines: 3", want: medians},
		{name: "min-tokens 30", settings: "min-tokens: 30\nmin-lines: 3", want: append(medians, sums...)},
		// Without near misses, the copied functions' longest runs of
		// identical statements remain.
		{name: "near false", settings: "min-tokens: 30\nmin-lines: 3\nnear: false", want: append([]string{
			"stats/mean.go:11:2: duplicate of stats/mean.go:26-32 (renamed, 42 tokens, 2 copies)",
			"stats/mean.go:26:2: duplicate of stats/mean.go:11-17 (renamed, 42 tokens, 2 copies)",
		}, sums...)},
		{name: "duplignore", settings: "min-tokens: 30\nmin-lines: 3", ignore: "mean.go\n", want: sums},
		{name: "bad value", settings: "min-tokens: 0", wantErr: "-min-tokens must be at least 1, not 0"},
		{name: "unknown", settings: "min-token: 30", wantErr: `unknown setting "min-token"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.CopyFS(dir, os.DirFS("testdata/mod")); err != nil {
				t.Fatal(err)
			}
			writeGolangciConfig(t, dir, tc.settings)
			if tc.ignore != "" {
				if err := os.WriteFile(filepath.Join(dir, ".duplignore"), []byte(tc.ignore), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			// A cache of its own: golangci-lint's cache keys on the Go
			// files and the settings, not on .duplignore.
			got, stderr, code := runGolangciLint(t, bin, dir, t.TempDir())
			if tc.wantErr != "" {
				if code == 0 || code == 1 || !strings.Contains(stderr, tc.wantErr) {
					t.Fatalf("exit %d, stderr:\n%s\nwant a failure that says %q", code, stderr, tc.wantErr)
				}
				return
			}
			want := 0
			if len(tc.want) > 0 {
				want = 1
			}
			if code != want {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, want, stderr)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("issues:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// writeGolangciConfig writes a .golangci.yml that enables copycat alone,
// with settings (YAML lines) under its settings key.
func writeGolangciConfig(t *testing.T, dir, settings string) {
	t.Helper()
	config := `version: "2"
linters:
  default: none
  enable: [copycat]
  settings:
    custom:
      copycat:
        type: module
        description: duplicated code
`
	if settings != "" {
		config += "        settings:\n"
		for line := range strings.Lines(settings) {
			config += "          " + strings.TrimSuffix(line, "\n") + "\n"
		}
	}
	if err := os.WriteFile(filepath.Join(dir, ".golangci.yml"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
}

// runGolangciLint runs `bin run ./...` in dir and returns its issues as
// "file:line:col: text" lines, its standard error and exit code.
func runGolangciLint(t *testing.T, bin, dir, cache string) (issues []string, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(bin, "run", "--output.json.path=stdout", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOLANGCI_LINT_CACHE="+cache)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	if exit != nil {
		code = exit.ExitCode()
	}
	if code > 1 {
		return nil, errb.String() + out.String(), code
	}
	var rep struct {
		Issues []struct {
			FromLinter string
			Text       string
			Pos        struct {
				Filename     string
				Line, Column int
			}
		}
	}
	// The JSON report comes first, golangci-lint's text summary after it.
	if err := json.NewDecoder(bytes.NewReader(out.Bytes())).Decode(&rep); err != nil {
		t.Fatalf("golangci-lint's JSON: %v\n%s", err, out.Bytes())
	}
	for _, is := range rep.Issues {
		if is.FromLinter != Name {
			t.Errorf("issue from %s: %s", is.FromLinter, is.Text)
		}
		issues = append(issues, fmt.Sprintf("%s:%d:%d: %s", is.Pos.Filename, is.Pos.Line, is.Pos.Column, is.Text))
	}
	return issues, errb.String(), code
}

// golangciVersion is the version of a golangci-lint binary: v2.15.0.
func golangciVersion(t *testing.T, gcl string) string {
	t.Helper()
	v := strings.TrimSpace(string(testtool.Run(t, "", nil, gcl, "version", "--short")))
	if !strings.HasPrefix(v, "2.") {
		t.Fatalf("%s version --short = %q, want a v2 release", gcl, v)
	}
	return "v" + v
}

// customBinary returns a golangci-lint with copycat's plugin, built by
// `golangci-lint custom` into .tools/custom-gcl and kept there while the
// module's sources, the version and the Go toolchain stay the same.
func customBinary(t *testing.T, gcl string) string {
	t.Helper()
	root := testtool.Root(t)
	version := golangciVersion(t, gcl)
	dir := filepath.Join(root, ".tools", "custom-gcl")
	bin := filepath.Join(dir, "custom-gcl")
	stamp := filepath.Join(dir, "key")
	key, keyErr := buildKey(root, version)
	if keyErr != nil {
		t.Logf("building the custom golangci-lint afresh: %v", keyErr)
	} else if old, err := os.ReadFile(stamp); err == nil && string(old) == key {
		if _, err := os.Stat(bin); err == nil {
			return bin
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	os.Remove(stamp)
	work := t.TempDir()
	repo := localGolangciRepo(t, version, work)
	config := fmt.Sprintf(`version: %s
name: custom-gcl
destination: %s
plugins:
  - module: github.com/copycat-go/copycat
    import: github.com/copycat-go/copycat/golangci
    path: %s
`, version, dir, root)
	if err := os.WriteFile(filepath.Join(work, ".custom-gcl.yml"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	goflags := strings.TrimSpace(string(testtool.Run(t, "", nil, "go", "env", "GOFLAGS")))
	testtool.Run(t, work, []string{
		// golangci-lint passes only these GIT_ variables on to git.
		"GIT_CONFIG_COUNT=1",
		"GIT_CONFIG_KEY_0=url.file://" + repo + ".insteadOf",
		"GIT_CONFIG_VALUE_0=" + golangciRepo,
		"GIT_ALLOW_PROTOCOL=file", // never GitHub, even if the rewrite failed
		// The clone lands in a new temporary directory each time:
		// -trimpath lets the build cache serve its packages again.
		"GOFLAGS=" + strings.TrimSpace(goflags+" -trimpath"),
	}, gcl, "custom", "-v")
	if keyErr == nil {
		if err := os.WriteFile(stamp, []byte(key), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return bin
}

// localGolangciRepo makes a git repository under work holding the module
// proxy's source of golangci-lint at version, tagged with version, as
// `golangci-lint custom` expects to clone it, and returns its path.
func localGolangciRepo(t *testing.T, version, work string) string {
	t.Helper()
	out := testtool.Run(t, "", nil, "go", "mod", "download", "-json", "github.com/golangci/golangci-lint/v2@"+version)
	var mod struct{ Dir string }
	if err := json.Unmarshal(out, &mod); err != nil || mod.Dir == "" {
		t.Fatalf("go mod download: %v\n%s", err, out)
	}
	repo := filepath.Join(work, "golangci-lint.git")
	if err := os.CopyFS(repo, os.DirFS(mod.Dir)); err != nil {
		t.Fatal(err)
	}
	git := []string{"-c", "user.name=copycat", "-c", "user.email=copycat@example.invalid", "-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false"}
	testtool.Run(t, repo, nil, "git", "init", "-q")
	testtool.Run(t, repo, nil, "git", "add", "-A", "-f", ".")
	testtool.Run(t, repo, nil, "git", append(git, "commit", "-q", "-m", "golangci-lint "+version)...)
	testtool.Run(t, repo, nil, "git", append(git, "tag", version)...)
	return repo
}

// buildKey is a hash of what the custom binary is built from: the
// golangci-lint version, the Go toolchain and the files of this module
// that a build can read (tracked or not, less what .gitignore leaves
// out, testdata and tests).
func buildKey(root, version string) (string, error) {
	out, err := exec.Command("git", "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard").Output()
	if err != nil {
		return "", fmt.Errorf("listing the module's files: %w", err)
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n%s/%s\n", version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	for name := range strings.SplitSeq(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		if slices.Contains(strings.Split(name, "/"), "testdata") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(root, name))
		if errors.Is(err, fs.ErrNotExist) {
			continue // deleted but still in the index
		} else if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", name, len(data))
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
