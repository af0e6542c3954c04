package cli

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/internal/fixture"
	"github.com/copycat-go/copycat/internal/testtool"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// unpack writes a txtar archive from testdata/cli into a temporary
// directory and makes it the working directory.
func unpack(t *testing.T, name string) string {
	t.Helper()
	dir := t.TempDir()
	if err := fixture.Write(dir, filepath.Join("..", "..", "testdata", "cli", name)); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	return dir
}

// run runs the command line with -all, so that the tests of what it
// does see every class their small fixtures hold; the short list has
// tests of its own (shortlist_test.go), which call Run.
func run(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Run(withAll(args), &out, &errb)
	return out.String(), errb.String(), code
}

// withAll puts -all before args, unless they start with a command.
func withAll(args []string) []string {
	if len(args) > 0 && slices.Contains([]string{"help", "version", "cache", "lsp"}, args[0]) {
		return args
	}
	return append([]string{"-all"}, args...)
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join(testdataDir, name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (run with -update to accept):\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

var testdataDir = func() string {
	wd, _ := os.Getwd()
	return filepath.Join(wd, "..", "..", "testdata", "cli")
}()

var small = []string{"-min-tokens", "40", "-min-lines", "5"}

func TestTextOutput(t *testing.T) {
	unpack(t, "module.txtar")
	stdout, stderr, code := run(t, small...)
	if code != ExitClones {
		t.Errorf("exit %d, want %d; stderr:\n%s", code, ExitClones, stderr)
	}
	golden(t, "module.text.golden", stdout)
	for _, absent := range []string{"legacy/", "gen/", "testdata/", "report.go:49"} {
		if strings.Contains(stdout, absent) {
			t.Errorf("output mentions %s, which is ignored:\n%s", absent, stdout)
		}
	}
}

func TestJSONOutput(t *testing.T) {
	unpack(t, "module.txtar")
	stdout, _, code := run(t, append(small, "-json")...)
	if code != ExitClones {
		t.Errorf("exit %d, want %d", code, ExitClones)
	}
	golden(t, "module.json.golden", stdout)
	var rep struct {
		Version int `json:"version"`
		Stats   struct {
			Files, Lines, Tokens, Classes, DuplicatedLines int
		} `json:"stats"`
		Classes []struct {
			ID, Kind   string
			Similarity float64
			Fragments  []struct {
				File                                 string
				StartLine, StartCol, EndLine, EndCol int
			}
		} `json:"classes"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Version != 1 || rep.Stats.Files != 3 || len(rep.Classes) == 0 {
		t.Errorf("report: version %d, %d files, %d classes", rep.Version, rep.Stats.Files, len(rep.Classes))
	}
	for _, c := range rep.Classes {
		if len(c.ID) != 64 || len(c.Fragments) < 2 {
			t.Errorf("class %+v", c)
		}
	}
}

func TestSameOutputWhateverTheCPUs(t *testing.T) {
	unpack(t, "module.txtar")
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	var first string
	for _, procs := range []int{1, 2, 4, 8} {
		runtime.GOMAXPROCS(procs)
		out, _, _ := run(t, append(small, "-json")...)
		if first == "" {
			first = out
		} else if out != first {
			t.Fatalf("GOMAXPROCS=%d changed the output", procs)
		}
	}
}

func TestExitCodes(t *testing.T) {
	unpack(t, "module.txtar")
	if _, _, code := run(t, append(small, "./stats/...")...); code != ExitClones {
		t.Errorf("clones: exit %d, want %d", code, ExitClones)
	}
	if _, _, code := run(t, "-min-tokens", "200", "./report/report.go"); code != ExitClean {
		t.Errorf("no clones at -min-tokens 200: exit %d, want %d", code, ExitClean)
	}
	// Its Summary and Exact are one function of 13 lines (64 tokens),
	// pasted: a function copied whole is listed at the defaults.
	if out, _, code := run(t, "./report/report.go"); code != ExitClones || !strings.Contains(out, "report/report.go:5:1: duplicate of report/report.go:33-45 (exact, 64 tokens") {
		t.Errorf("a function pasted whole, at the defaults: exit %d, want %d and the pair:\n%s", code, ExitClones, out)
	}
	_, stderr, code := run(t, "./no/such/dir")
	if code != ExitError || !strings.Contains(stderr, "no/such/dir") {
		t.Errorf("missing path: exit %d, stderr %q", code, stderr)
	}
	if _, _, code := run(t, "-min-tokens", "0"); code != ExitError {
		t.Errorf("-min-tokens 0: exit %d, want %d", code, ExitError)
	}
	for _, args := range [][]string{{"-similarity", "NaN"}, {"-max-new-duplication", "NaN", "-diff", os.DevNull}} {
		if _, stderr, code := run(t, args...); code != ExitError || !strings.Contains(stderr, args[0]+" must be") {
			t.Errorf("%s: exit %d, stderr %q; want %d and what it must be", strings.Join(args, " "), code, stderr, ExitError)
		}
	}
	if _, _, code := run(t, "-no-such-flag"); code != ExitError {
		t.Errorf("unknown flag: exit %d, want %d", code, ExitError)
	}
}

func TestFlagsSelectFiles(t *testing.T) {
	unpack(t, "module.txtar")
	out, _, _ := run(t, append(small, "-generated")...)
	if !strings.Contains(out, "gen/gen.go") {
		t.Errorf("-generated did not include gen/gen.go:\n%s", out)
	}
	if err := os.WriteFile("stats/stats_test.go", []byte(strings.Replace(mustRead(t, "stats/stats.go"), "Mean", "meanForTest", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, _ = run(t, small...)
	if !strings.Contains(out, "stats_test.go") {
		t.Errorf("tests are included by default:\n%s", out)
	}
	out, _, _ = run(t, append(small, "-tests=false")...)
	if strings.Contains(out, "stats_test.go") {
		t.Errorf("-tests=false included a test file:\n%s", out)
	}
}

func mustRead(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestCommandHint: a bare word that matches no package (copycat clean,
// for copycat cache clean) is said to be no command either, with the
// commands there are; a path that matches nothing is not.
func TestCommandHint(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	unpack(t, "module.txtar")
	_, stderr, code := run(t, "clean")
	if code != ExitError || !strings.Contains(stderr, "clean: matched no packages") ||
		!strings.Contains(stderr, "clean is no command either; the commands are help, version, cache stats|clean, lsp and history") {
		t.Errorf("copycat clean: exit %d, stderr %q", code, stderr)
	}
	if _, stderr, _ := run(t, "example.com/nope"); strings.Contains(stderr, "no command") {
		t.Errorf("copycat example.com/nope: %q", stderr)
	}
	// Nor a word after -- that starts with '-', which no command does
	// (it said "-dir is no command either").
	if _, stderr, code := run(t, "--", "-dir"); code != ExitError || strings.Contains(stderr, "no command") {
		t.Errorf("copycat -- -dir: exit %d, stderr %q", code, stderr)
	}
}

// TestCommandHintSuggests: the word that is no command says which
// command it may be a slip for, as an unknown flag says which flag.
func TestCommandHintSuggests(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	unpack(t, "module.txtar")
	const commands = " is no command either; the commands are help, version, cache stats|clean, lsp and history"
	for _, tt := range []struct{ word, want string }{
		{"clean", "clean" + commands + " (did you mean copycat cache clean?)\n"},
		{"stat", "stat" + commands + " (did you mean copycat cache stats?)\n"},
		{"verison", "verison" + commands + " (did you mean copycat version?)\n"},
		{"hisotry", "hisotry" + commands + " (did you mean copycat history?)\n"},
		{"helpp", "helpp" + commands + " (did you mean copycat help?)\n"},
		{"chache", "chache" + commands + " (did you mean copycat cache stats?)\n"},
		{"Version", "Version" + commands + " (did you mean copycat version?)\n"},
		{"widget", "widget" + commands + "\n"},
		// Two letters swapped are one slip, not two.
		{"lps", "lps" + commands + " (did you mean copycat lsp?)\n"},
		{"hsitory", "hsitory" + commands + " (did you mean copycat history?)\n"},
	} {
		_, stderr, code := run(t, tt.word)
		if code != ExitError || !strings.HasSuffix(stderr, "copycat: "+tt.want) {
			t.Errorf("copycat %s: exit %d, stderr %q; want exit %d, ending %q", tt.word, code, stderr, ExitError, "copycat: "+tt.want)
		}
	}
}

// TestNoReportOverModuleFile: -o go.mod wrote the report over the
// module's go.mod, as -o .duplignore over its rules: a file of the
// module that copycat or the go command reads is refused as a Go file
// is, before anything is read or written, for a report, a baseline to
// update, a profile and history's file.
func TestNoReportOverModuleFile(t *testing.T) {
	dir := unpack(t, "module.txtar")
	kept := map[string]string{"go.mod": "module example.com/m\n", ".duplignore": "gen/\n", "sub/go.sum": "", "go.work": "go 1.26\n"}
	testtool.WriteFiles(t, dir, kept)
	for _, args := range [][]string{{"-o", "go.mod"}, {"-o", "./GO.MOD"}, {"-o", ".duplignore"}, {"-o", "sub/go.sum"}, {"-json", "-o", "go.work"},
		{"-baseline", ".duplignore", "-update-baseline"}, {"-cpuprofile", "go.mod"}, {"history", "-o", "go.mod"}} {
		var stderr string
		var code int
		if args[0] == "history" {
			_, stderr, code = runHistoryCmd(t, args[1:]...)
		} else {
			_, stderr, code = run(t, args...)
		}
		if code != ExitError || !strings.Contains(stderr, "will not write") || !strings.Contains(stderr, "a file of the module that copycat and the go command read") {
			t.Errorf("%s: exit %d, stderr %q", strings.Join(args, " "), code, stderr)
		}
	}
	for name, text := range kept {
		if got := mustRead(t, name); got != text {
			t.Errorf("%s was written: %q", name, got)
		}
	}
}

// TestNoReportOverGoFile: -o main.go, a baseline to update or a profile
// named main.go, is refused before anything is read or written: the report
// would have replaced a Go file copycat reads.
func TestNoReportOverGoFile(t *testing.T) {
	unpack(t, "module.txtar")
	src := mustRead(t, "stats/stats.go")
	for _, args := range [][]string{{"-o", "stats/stats.go"}, {"-o", "stats/STATS.GO"}, {"-baseline", "stats/stats.go", "-update-baseline"},
		{"-cpuprofile", "stats/stats.go"}, {"-memprofile", "stats/stats.go"}} {
		_, stderr, code := run(t, args...)
		if code != ExitError || !strings.Contains(stderr, "will not write") {
			t.Errorf("%s: exit %d, stderr %q", strings.Join(args, " "), code, stderr)
		}
	}
	if mustRead(t, "stats/stats.go") != src {
		t.Error("stats/stats.go was written")
	}
}
