package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/copycat-go/copycat/internal/fixture"
)

func TestInvokedByVet(t *testing.T) {
	tests := []struct {
		args []string
		want bool
	}{
		{[]string{"-V=full"}, true},
		{[]string{"-flags"}, true},
		{[]string{"/tmp/go-build1/b001/vet.cfg"}, true},
		{[]string{"-copycat.min-tokens=20", "-json", "/tmp/go-build1/b001/vet.cfg"}, true},
		{nil, false},
		{[]string{"./..."}, false},
		{[]string{"-json", "./..."}, false},
		{[]string{"a.cfg", "b.cfg"}, false},
		{[]string{"-V"}, false},
		{[]string{"-version"}, false},
		{[]string{"help"}, false},
		{[]string{"lsp", "-flags"}, false},
		{[]string{"-json", "-V=full"}, false},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			if got := invokedByVet(tt.args); got != tt.want {
				t.Errorf("invokedByVet(%q) = %v, want %v", tt.args, got, tt.want)
			}
		})
	}
}

// vetFlags are the thresholds of the fixture, which stays small, and
// -all: its classes are in tests and copies on purpose, which the
// analyzer, as the command line, does not list by default.
var vetFlags = []string{"-copycat.min-tokens=20", "-copycat.min-lines=3", "-copycat.near=false", "-copycat.all"}

// TestGoVet builds copycat and runs the real go vet -vettool with it on
// the fixture module testdata/vet/module.txtar.
func TestGoVet(t *testing.T) {
	goCmd, bin := builtCopycat(t, "builds copycat and runs go vet")
	dir := unpack(t, filepath.Join("..", "..", "testdata", "vet", "module.txtar"))
	// The usual build cache: type-checking the fixture needs export data
	// for testing and its imports, which a fresh cache would rebuild.
	env := append(os.Environ(), "GOFLAGS=", "GOWORK=off", "GOTOOLCHAIN=local")
	vet := func(t *testing.T, args ...string) (stdout, stderr string, code int) {
		t.Helper()
		cmd := exec.Command(goCmd, append([]string{"vet", "-vettool=" + bin}, args...)...)
		cmd.Dir, cmd.Env = dir, env
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		var ee *exec.ExitError
		switch {
		case err == nil:
		case errors.As(err, &ee):
			code = ee.ExitCode()
		default:
			t.Fatalf("go vet: %v", err)
		}
		return out.String(), errb.String(), code
	}

	wantLines := []string{
		`.duplignore:3:1: cannot parse .duplignore line "bad[": unterminated character class, which git never matches`,
		"a.go:4:1: duplicate of b.go:3-13 (exact, 40 tokens, 2 copies)",
		"b.go:3:1: \tother copy",
		"b.go:3:1: duplicate of a.go:4-14 (exact, 40 tokens, 2 copies)",
		"a.go:4:1: \tother copy",
		"m_test.go:7:3: duplicate of m_test.go:15-17 (renamed, 37 tokens, 2 copies); not listed: tests",
		"m_test.go:15:3: \tother copy",
		"m_test.go:15:3: duplicate of m_test.go:7-9 (renamed, 37 tokens, 2 copies); not listed: tests",
		"m_test.go:7:3: \tother copy",
	}
	var first string
	t.Run("text", func(t *testing.T) {
		_, stderr, code := vet(t, append(vetFlags, "./...")...)
		if code != 1 {
			t.Errorf("exit code %d, want 1; stderr:\n%s", code, stderr)
		}
		if got := diagnosticLines(stderr); !slices.Equal(got, wantLines) {
			t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(wantLines, "\n\t"))
		}
		first = stderr
	})
	t.Run("cached", func(t *testing.T) {
		// -x lists the commands go vet runs: a run served from the cache
		// runs no copycat.
		_, stderr, code := vet(t, append(append([]string{"-x"}, vetFlags...), "./...")...)
		if code != 1 {
			t.Errorf("exit code %d, want 1", code)
		}
		if strings.Contains(stderr, "vet.cfg") {
			t.Errorf("second run was not served from go vet's cache:\n%s", stderr)
		}
		if got, want := diagnosticLines(stderr), diagnosticLines(first); !slices.Equal(got, want) {
			t.Errorf("second run differs:\n\t%s\nfirst:\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
		}
	})
	t.Run("a .duplignore edited", func(t *testing.T) {
		// go vet must not serve the results from before the edit.
		path := filepath.Join(dir, ".duplignore")
		old, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(slices.Clip(old), "b.go\n"...), 0o644); err != nil {
			t.Fatal(err)
		}
		defer os.WriteFile(path, old, 0o644)
		_, stderr, _ := vet(t, append(vetFlags, "./...")...)
		if got := diagnosticLines(stderr); slices.ContainsFunc(got, func(l string) bool { return strings.Contains(l, "b.go") }) {
			t.Errorf("b.go is ignored, yet go vet reported:\n\t%s", strings.Join(got, "\n\t"))
		}
	})
	t.Run("a project file written", func(t *testing.T) {
		// The module's .copycat.flags applies under the flags go vet
		// gives (-tests=false: the classes in tests are gone), and go vet
		// does not serve the results from before it was written.
		path := filepath.Join(dir, ".copycat.flags")
		if err := os.WriteFile(path, []byte("-tests=false\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		defer os.Remove(path)
		_, stderr, code := vet(t, append(vetFlags, "./...")...)
		got := diagnosticLines(stderr)
		if code != 1 || slices.ContainsFunc(got, func(l string) bool { return strings.Contains(l, "m_test.go") }) || !slices.Contains(got, wantLines[1]) {
			t.Errorf("exit %d; with -tests=false in the project file, go vet reported:\n\t%s", code, strings.Join(got, "\n\t"))
		}
	})
	t.Run("a .duplignore where no package lives", func(t *testing.T) {
		// Reported once, by the first package below it; one too large
		// to use is reported too, at its start.
		files := map[string]string{
			"tools/.duplignore":  "ok.go\n[x\n",
			"tools/a/a.go":       "package a\n",
			"tools/b/b.go":       "package b\n",
			"tools2/.duplignore": strings.Repeat("a.go\n", 1<<18),
			"tools2/x/x.go":      "package x\n",
		}
		for name, text := range files {
			p := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		defer os.RemoveAll(filepath.Join(dir, "tools"))
		defer os.RemoveAll(filepath.Join(dir, "tools2"))
		_, stderr, code := vet(t, append(vetFlags, "./tools/...", "./tools2/...")...)
		if strings.Count(stderr, "tools/.duplignore:2:1: cannot parse .duplignore line \"[x\": unterminated character class") != 1 ||
			strings.Count(stderr, "tools2/.duplignore:1:1: cannot use .duplignore: more than the 1048576 bytes") != 1 || code != 1 {
			t.Errorf("exit %d, want each bad file reported once:\n%s", code, stderr)
		}
	})
	t.Run("json", func(t *testing.T) {
		stdout, stderr, code := vet(t, append(append([]string{"-json"}, vetFlags...), "./...")...)
		if code != 0 {
			t.Errorf("exit code %d, want 0; stderr:\n%s", code, stderr)
		}
		checkJSON(t, stdout)
	})
	t.Run("listed", func(t *testing.T) {
		// Without -all, go vet lists what the command line lists: the
		// copy of Total, not the copies in the test file.
		_, stderr, _ := vet(t, append(slices.Clip(vetFlags[:len(vetFlags)-1]), "./...")...)
		if !strings.Contains(stderr, "a.go:4:1: duplicate of b.go:3-13 (exact, 40 tokens, 2 copies)") || strings.Contains(stderr, "m_test.go") {
			t.Errorf("without -all, go vet did not report what the command line lists:\n%s", stderr)
		}
	})
	t.Run("flags", func(t *testing.T) {
		// Default thresholds: the fixture's copies are too small.
		_, stderr, code := vet(t, "-copycat.near=false", "./...")
		if code != 1 { // the bad .duplignore line is still reported
			t.Errorf("exit code %d, want 1", code)
		}
		if strings.Contains(stderr, "duplicate of") {
			t.Errorf("default thresholds reported the fixture's small copies:\n%s", stderr)
		}
	})
}

// diagnosticLines keeps the lines of go vet's output that are
// diagnostics: not "# package" headers, not -x commands.
func diagnosticLines(out string) []string {
	var ls []string
	for l := range strings.Lines(out) {
		l = strings.TrimSuffix(l, "\n")
		if strings.Contains(l, ".go:") || strings.HasPrefix(l, ".duplignore:") {
			if !strings.Contains(l, "vet.cfg") && !strings.HasPrefix(l, "#") {
				ls = append(ls, l)
			}
		}
	}
	return ls
}

// checkJSON checks go vet's -json output: package → analyzer →
// diagnostics, each copy with its category and its other copies.
func checkJSON(t *testing.T, stdout string) {
	t.Helper()
	type diag struct {
		Category string `json:"category"`
		Posn     string `json:"posn"`
		Message  string `json:"message"`
		Related  []struct {
			Posn string `json:"posn"`
		} `json:"related"`
	}
	got := map[string]map[string][]diag{}
	dec := json.NewDecoder(strings.NewReader(stdout))
	for dec.More() {
		var tree map[string]map[string][]diag
		if err := dec.Decode(&tree); err != nil {
			t.Fatalf("decoding go vet -json output: %v\n%s", err, stdout)
		}
		for pkg, m := range tree {
			got[pkg] = m
		}
	}
	if n := len(got["example.com/m/sub"]["copycat"]); n != 0 {
		t.Errorf("example.com/m/sub: %d diagnostics, want none (clones across packages are the command line's)", n)
	}
	var summary []string
	for _, d := range got["example.com/m"]["copycat"] {
		s := d.Category + " " + filepath.Base(strings.SplitN(d.Posn, ":", 2)[0]) + ": " + d.Message
		for _, r := range d.Related {
			s += " | " + filepath.Base(r.Posn)
		}
		summary = append(summary, s)
	}
	want := []string{
		`duplignore .duplignore: cannot parse .duplignore line "bad[": unterminated character class, which git never matches`,
		"exact a.go: duplicate of b.go:3-13 (exact, 40 tokens, 2 copies) | b.go:3:1",
		"exact b.go: duplicate of a.go:4-14 (exact, 40 tokens, 2 copies) | a.go:4:1",
		"renamed m_test.go: duplicate of m_test.go:15-17 (renamed, 37 tokens, 2 copies); not listed: tests | m_test.go:15:3",
		"renamed m_test.go: duplicate of m_test.go:7-9 (renamed, 37 tokens, 2 copies); not listed: tests | m_test.go:7:3",
	}
	if !slices.Equal(summary, want) {
		t.Errorf("go vet -json:\n\t%s\nwant\n\t%s\noutput:\n%s", strings.Join(summary, "\n\t"), strings.Join(want, "\n\t"), stdout)
	}
}

// TestCommandLineUnchanged checks that without go vet's protocol the
// binary is the command line, which also sees clones across packages.
func TestCommandLineUnchanged(t *testing.T) {
	_, bin := builtCopycat(t, "builds copycat")
	dir := unpack(t, filepath.Join("..", "..", "testdata", "vet", "module.txtar"))
	cmd := exec.Command(bin, "-all", "-min-tokens=20", "-min-lines=3", "-near=false", "./...")
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 2 { // 2: the bad .duplignore line
		t.Errorf("exit: %v, want exit status 2; stderr:\n%s", err, errb.String())
	}
	if !strings.Contains(out.String(), "sub/sub.go:4:1: duplicate of a.go:4-14 (exact, 40 tokens, 3 copies; production, 2 packages, 11 lines)") {
		t.Errorf("the command line did not report the copy in sub:\n%s", out.String())
	}
}

// TestVersionFlags checks that -V and -version print the version while
// go vet's -V=full still gets the tool ID it caches results by.
func TestVersionFlags(t *testing.T) {
	_, bin := builtCopycat(t, "builds copycat")
	want, err := exec.Command(bin, "version").Output()
	if err != nil || !strings.HasPrefix(string(want), "copycat ") {
		t.Fatalf("copycat version: %v, %q", err, want)
	}
	for _, args := range [][]string{{"-V"}, {"-version"}, {"--version"}} {
		if out, err := exec.Command(bin, args...).Output(); err != nil || string(out) != string(want) {
			t.Errorf("copycat %s: %v, %q; want %q", args[0], err, out, want)
		}
	}
	out, err := exec.Command(bin, "-V=full").Output()
	if err != nil || !strings.HasPrefix(string(out), "copycat version devel ") || !strings.Contains(string(out), "buildID=") {
		t.Errorf("copycat -V=full: %v, %q", err, out)
	}
	out, err = exec.Command(bin, "help").Output()
	if err != nil || !strings.HasPrefix(string(out), "usage: copycat") {
		t.Errorf("copycat help: %v, %.40q", err, out)
	}
	// What version does not take is a usage error, said once in one
	// line, exit 2, as the report's flags are.
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"version", "-x"}, "copycat version: flag provided but not defined: -x\nrun 'copycat version -h' for usage\n"},
		{[]string{"version", "-jsn"}, "copycat version: flag provided but not defined: -jsn (did you mean -json?)\nrun 'copycat version -h' for usage\n"},
		{[]string{"version", "extra"}, "copycat version: takes no arguments but -json, not [\"extra\"]\nrun 'copycat version -h' for usage\n"},
	} {
		r := runIn(t, bin, t.TempDir(), tt.args...)
		if r.code != 2 || r.out != "" || r.err != tt.want {
			t.Errorf("copycat %q: exit %d, stdout %q, stderr %q; want exit 2, stderr %q", tt.args, r.code, r.out, r.err, tt.want)
		}
	}
	if r := runIn(t, bin, t.TempDir(), "version", "-h"); r.code != 0 || !strings.HasPrefix(r.err, "usage: copycat version [-json]\n") {
		t.Errorf("copycat version -h: exit %d, stderr %q; want 0 and the usage", r.code, r.err)
	}
}

var built struct {
	once sync.Once
	bin  string
	err  error
	out  []byte
}

// builtCopycat returns the go command and copycat built from this
// package; it skips the test, saying why, in -short mode or without go.
func builtCopycat(t *testing.T, why string) (goCmd, bin string) {
	t.Helper()
	if testing.Short() {
		t.Skip(why)
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	return goCmd, buildCopycat(t, goCmd)
}

// buildCopycat builds the command once per test binary.
func buildCopycat(t *testing.T, goCmd string) string {
	t.Helper()
	built.once.Do(func() {
		dir, err := os.MkdirTemp("", "copycat-test-")
		if err != nil {
			built.err = err
			return
		}
		built.bin = filepath.Join(dir, "copycat")
		built.out, built.err = exec.Command(goCmd, "build", "-o", built.bin, ".").CombinedOutput()
	})
	if built.err != nil {
		t.Fatalf("go build: %v\n%s", built.err, built.out)
	}
	return built.bin
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.bin != "" {
		os.RemoveAll(filepath.Dir(built.bin))
	}
	os.Exit(code)
}

// unpack writes a txtar archive's files into a temporary directory.
func unpack(t *testing.T, archive string) string {
	t.Helper()
	dir := t.TempDir()
	if err := fixture.Write(dir, archive); err != nil {
		t.Fatal(err)
	}
	return dir
}
