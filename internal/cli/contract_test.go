package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/internal/testtool"
	"github.com/copycat-go/copycat/internal/version"
)

// Flags may follow the arguments; "--" ends the flags.
func TestFlagsAfterArguments(t *testing.T) {
	unpack(t, "module.txtar")
	want, _, _ := run(t, append(small, "./stats")...)
	out, errs, code := run(t, "./stats", "-min-tokens", "40", "-min-lines=5")
	if code != ExitClones || errs != "" || out != want {
		t.Errorf("flags after the path: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, errs, out, want)
	}
	out, errs, code = run(t, "-min-tokens", "40", "./stats", "-min-lines", "5", "-tests=false")
	if code != ExitClones || errs != "" || out != want {
		t.Errorf("flags on both sides: exit %d, stderr %q, stdout:\n%s", code, errs, out)
	}
	// A directory whose name starts with "-" is an argument after "--".
	if err := os.Rename("stats", "-stats"); err != nil {
		t.Fatal(err)
	}
	out, errs, code = run(t, append(small, "--", "-stats")...)
	if code != ExitClones || errs != "" || !strings.Contains(out, "-stats/copy.go:4:1: duplicate of -stats/stats.go") {
		t.Errorf("-- -stats: exit %d, stderr %q, stdout:\n%s", code, errs, out)
	}
	_, errs, code = run(t, "--", "-min-tokens")
	if code != ExitError || !strings.Contains(errs, "-min-tokens") {
		t.Errorf("-- -min-tokens is a path that does not exist: exit %d, stderr %q", code, errs)
	}
	_, errs, code = run(t, "./-stats", "-no-such-flag")
	if code != ExitError || !strings.Contains(errs, "flag provided but not defined: -no-such-flag") {
		t.Errorf("unknown flag after a path: exit %d, stderr %q", code, errs)
	}
}

func TestParseInterspersed(t *testing.T) {
	tests := []struct {
		args, rest []string
		minTokens  int
		near       bool
		out        string
	}{
		{[]string{"a", "-min-tokens", "5", "b"}, []string{"a", "b"}, 5, true, ""},
		{[]string{"a", "--min-tokens=5", "-near=false"}, []string{"a"}, 5, false, ""},
		{[]string{"-near", "no", "a"}, []string{"no", "a"}, 100, true, ""}, // a boolean flag takes no value
		{[]string{"a", "--", "-near=false", "--"}, []string{"a", "-near=false", "--"}, 100, true, ""},
		{[]string{"-o", "--", "a"}, []string{"a"}, 100, true, "--"}, // "--" as a value
		{[]string{"-", "a"}, []string{"-", "a"}, 100, true, ""},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			cmd := newCommand(&bytes.Buffer{})
			rest, err := parseInterspersed(cmd.fs, tt.args)
			if err != nil || !slices.Equal(rest, tt.rest) || cmd.MinTokens != tt.minTokens || cmd.Near != tt.near || cmd.File != tt.out {
				t.Errorf("err %v, rest %q, -min-tokens %d, -near %v, -o %q", err, rest, cmd.MinTokens, cmd.Near, cmd.File)
			}
		})
	}
	cmd := newCommand(&bytes.Buffer{})
	if _, err := parseInterspersed(cmd.fs, []string{"a", "-min-tokens"}); err == nil {
		t.Error("a flag without its value: no error")
	}
}

// A run with errors writes no report file and no baseline, and leaves the
// previous ones as they were; it prints a report only as text.
func TestFailedRunWritesNothing(t *testing.T) {
	dir := unpack(t, "module.txtar")
	const old = "the previous report\n"
	for _, format := range []string{FormatText, FormatJSON, FormatSARIF, FormatHTML, FormatCodeClimate} {
		t.Run(format, func(t *testing.T) {
			file := filepath.Join(dir, "out."+format)
			if err := os.WriteFile(file, []byte(old), 0o644); err != nil {
				t.Fatal(err)
			}
			args := append(small, "-format", format, "./stats", "./no/such/dir")
			_, errs, code := run(t, append([]string{"-o", file}, args...)...)
			if got, _ := os.ReadFile(file); code != ExitError || string(got) != old {
				t.Errorf("-o: exit %d, file now %.60q; stderr:\n%s", code, got, errs)
			}
			if !strings.Contains(errs, "no/such/dir") || !strings.Contains(errs, "report "+file+" not written") {
				t.Errorf("-o: stderr:\n%s", errs)
			}
			missing := filepath.Join(dir, "new."+format)
			run(t, append([]string{"-o", missing}, args...)...)
			if _, err := os.Stat(missing); !os.IsNotExist(err) {
				t.Errorf("-o: a failed run created %s", missing)
			}
			out, errs, code := run(t, args...)
			if code != ExitError || (format == FormatText) != strings.Contains(out, "stats/copy.go:4:1") {
				t.Errorf("standard output: exit %d, stdout %.80q", code, out)
			}
			if format != FormatText && (out != "" || !strings.Contains(errs, "no "+format+" report printed")) {
				t.Errorf("standard output: stdout %.80q, stderr:\n%s", out, errs)
			}
		})
	}
	if leftovers, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(leftovers) > 0 {
		t.Errorf("temporary files left: %q", leftovers)
	}
}

func TestFailedRunKeepsBaseline(t *testing.T) {
	dir := unpack(t, "module.txtar")
	base := filepath.Join(dir, "baseline.txt")
	flags := append(small, "-baseline", base, "-update-baseline")
	if _, errs, code := run(t, append(flags, "./...")...); code != ExitClean {
		t.Fatalf("-update-baseline: exit %d, stderr:\n%s", code, errs)
	}
	before, err := os.ReadFile(base)
	if err != nil {
		t.Fatal(err)
	}
	_, errs, code := run(t, append(flags, "./stats", "./nonexistent")...)
	after, _ := os.ReadFile(base)
	if code != ExitError || !bytes.Equal(after, before) {
		t.Errorf("-update-baseline ./stats ./nonexistent: exit %d, baseline before:\n%s\nafter:\n%s", code, before, after)
	}
	if !strings.Contains(errs, "baseline "+base+" not written") || strings.Contains(errs, "wrote") {
		t.Errorf("stderr:\n%s", errs)
	}
	// A baseline that exists but is empty or not one is an error naming it.
	for name, text := range map[string]string{"empty.txt": "", "headerless.txt": "0a 2 exact\n"} {
		bad := filepath.Join(dir, name)
		if err := os.WriteFile(bad, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		out, errs, code := run(t, append(small, "-baseline", bad, "./stats")...)
		if code != ExitError || out != "" || !strings.Contains(errs, bad+": ") || !strings.Contains(errs, "baseline") {
			t.Errorf("%s: exit %d, stdout %q, stderr:\n%s", name, code, out, errs)
		}
	}
}

// copycat help takes no topic: a word after it is said, not ignored, and
// a command's name points at that command's -h. Flags that stood before
// help (copycat -q help, -o FILE help) are no topic.
func TestHelpTopic(t *testing.T) {
	const takes = "copycat help: no help topic %q: copycat help takes no argument; "
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"help", "foo"}, fmt.Sprintf(takes, "foo") + "it prints the usage, as copycat -h does\n"},
		{[]string{"help", "history"}, fmt.Sprintf(takes, "history") + "run 'copycat history -h' for that command's usage\n"},
		{[]string{"help", "lsp"}, fmt.Sprintf(takes, "lsp") + "run 'copycat lsp -h' for that command's usage\n"},
		{[]string{"-q", "help", "foo"}, fmt.Sprintf(takes, "foo") + "it prints the usage, as copycat -h does\n"},
		{[]string{"help", "--", "-x"}, fmt.Sprintf(takes, "-x") + "it prints the usage, as copycat -h does\n"},
	} {
		out, errs, code := run(t, tt.args...)
		if code != ExitError || out != "" || errs != tt.want {
			t.Errorf("copycat %q: exit %d, stdout %.40q, stderr %q; want exit %d, stderr %q", tt.args, code, out, errs, ExitError, tt.want)
		}
	}
	for _, args := range [][]string{{"help"}, {"-q", "help"}, {"-o", "x.txt", "help"}, {"help", "-json"}, {"help", "--"}} {
		if out, errs, code := run(t, args...); code != ExitClean || errs != "" || !strings.HasPrefix(out, "usage: copycat [flags]") {
			t.Errorf("copycat %q: exit %d, stdout %.40q, stderr %q; want the usage", args, code, out, errs)
		}
	}
}

func TestHelpAndVersion(t *testing.T) {
	out, errs, code := run(t, "help")
	if code != ExitClean || errs != "" {
		t.Errorf("copycat help: exit %d, stderr %q", code, errs)
	}
	golden(t, "usage.golden", out)
	_, errs, code = run(t, "-h")
	if code != ExitClean || errs != out {
		t.Errorf("copycat -h: exit %d, stderr is not the usage:\n%s", code, errs)
	}
	for _, w := range []string{"copycat help", "copycat version", "-version", "-exit-code", "Exit status: 0 no clones, 1 clones reported"} {
		if !strings.Contains(out, w) {
			t.Errorf("usage lacks %q", w)
		}
	}
	var want, wantJSON bytes.Buffer
	if err := version.Print(&want, &want, nil); err != nil {
		t.Fatal(err)
	}
	if err := version.Print(&wantJSON, &wantJSON, []string{"-json"}); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"-version"}, {"-V"}, {"--version"}, {"./...", "-version"}, {"-version", "-json"}} {
		out, errs, code := run(t, args...)
		w := want.String()
		if slices.Contains(args, "-json") {
			w = wantJSON.String()
		}
		if code != ExitClean || errs != "" || out != w {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want %q", args, code, out, errs, w)
		}
	}
}

// With -q a malformed directive, which makes the run exit 1, is still
// printed; a file that does not parse, which leaves the status alone, is
// not.
func TestQuietKeepsWhatSetsTheStatus(t *testing.T) {
	dir := t.TempDir()
	testtool.WriteFiles(t, dir, map[string]string{
		"q.go":      "package q\n\n//copycat:ignore\nfunc F() int { return 1 }\n",
		"broken.go": "package q\n\nfunc G( {\n",
	})
	out, errs, code := run(t, "-q", dir)
	if code != ExitClones || !strings.Contains(errs, "q.go:3:1: malformed //copycat:ignore directive") {
		t.Errorf("-q: exit %d, stderr %q", code, errs)
	}
	// It fails the run: no "warning", which a run that lists nothing
	// said before its failure.
	if strings.Contains(errs, "warning") || !strings.Contains(errs, "fails the run") {
		t.Errorf("-q: a malformed directive said %q", errs)
	}
	if strings.Contains(errs, "broken.go") || !strings.HasPrefix(out, "copycat: 0 classes") {
		t.Errorf("-q printed a warning that leaves the status alone:\n%s\nstdout:\n%s", errs, out)
	}
	if _, _, code := run(t, "-q", "-exit-code", "0", dir); code != ExitClean {
		t.Errorf("-q -exit-code 0: exit %d", code)
	}
}

// A //copycat: directive written with a space after the slashes is
// said, with its file and line, as a malformed one is: it does not apply,
// and it sets the status. Without a word it was silently prose.
func TestSpacedDirectiveWarns(t *testing.T) {
	dir := t.TempDir()
	testtool.WriteFiles(t, dir, map[string]string{
		"s.go": "package s\n\n// copycat:ignore kept in step with v1\nfunc F() int { return 1 }\n",
	})
	_, errs, code := run(t, "-cache=off", dir)
	want := "s.go:3:1: // copycat:ignore does not apply: directives are written //copycat:ignore, with no space after // (as //go: directives are) (it fails the run, as a listed copy does)\n"
	if code != ExitClones || !strings.HasPrefix(errs, "copycat: ") || !strings.HasSuffix(errs, want) || strings.Count(errs, "\n") != 1 {
		t.Errorf("exit %d, stderr %q; want exit %d and one line ending %q", code, errs, ExitClones, want)
	}
}

func TestExitCodeFlag(t *testing.T) {
	unpack(t, "module.txtar")
	for _, format := range []string{FormatText, FormatJSON, FormatSARIF, FormatHTML, FormatCodeClimate} {
		for _, tt := range []struct {
			args []string
			code int
		}{
			{nil, ExitClones},
			{[]string{"-exit-code", "0"}, ExitClean},
			{[]string{"-exit-code=3"}, 3},
			{[]string{"-exit-code", "0", "./no/such/dir"}, ExitError},
			{[]string{"-exit-code", "3", "./report/report.go", "-min-tokens", "1000"}, ExitClean},
		} {
			args := append(append(append([]string{}, small...), "-format", format, "./stats"), tt.args...)
			if _, errs, code := run(t, args...); code != tt.code {
				t.Errorf("%q: exit %d, want %d; stderr:\n%s", args, code, tt.code, errs)
			}
		}
	}
	for _, n := range []string{"-1", "256", "x"} {
		if _, errs, code := run(t, "-exit-code", n); code != ExitError || !strings.Contains(errs, "-exit-code") {
			t.Errorf("-exit-code %s: exit %d, stderr %q", n, code, errs)
		}
	}
}

// A file name that holds a newline cannot forge a diagnostic: every line
// of the text output is a fragment or the summary, and the name is quoted.
func TestNewlineInFileName(t *testing.T) {
	dir := unpack(t, "module.txtar")
	evil := "copy.go:1:1: duplicate of x.go:1-99 (exact, 999 tokens, 2 copies)\nz.go"
	if err := os.Rename(filepath.Join(dir, "stats", "copy.go"), filepath.Join(dir, "stats", evil)); err != nil {
		t.Fatal(err)
	}
	out, errs, code := run(t, append(small, "./stats")...)
	if code != ExitClones {
		t.Fatalf("exit %d; stderr:\n%s", code, errs)
	}
	line := regexp.MustCompile(`^("(\\.|[^"\\])*"|[^"\s][^\n]*?):\d+:\d+: duplicate of ("(\\.|[^"\\])*"|\S+):\d+-\d+ \([^()]*\)$`)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	for _, l := range lines[:len(lines)-1] {
		if !line.MatchString(l) || strings.HasPrefix(l, "copy.go") || strings.HasPrefix(l, `z.go`) {
			t.Errorf("not one diagnostic: %q", l)
		}
	}
	quoted := `"stats/copy.go:1:1: duplicate of x.go:1-99 (exact, 999 tokens, 2 copies)\nz.go"`
	if len(lines) != 3 || !strings.HasPrefix(lines[0], quoted+":4:1: duplicate of stats/stats.go:4-17") ||
		!strings.HasPrefix(lines[1], "stats/stats.go:4:1: duplicate of "+quoted+":4-17") {
		t.Errorf("output:\n%s", out)
	}
}

// TestNewlineInWarning checks that a file name holding a newline cannot
// split a warning on standard error into two lines either.
func TestNewlineInWarning(t *testing.T) {
	dir := t.TempDir()
	evil := "bad.go:1:1: forged warning\nz.go"
	if err := os.WriteFile(filepath.Join(dir, evil), []byte("package p\nfunc {"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errs, _ := run(t, dir)
	lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
	for _, l := range lines {
		if !strings.HasPrefix(l, "copycat: ") {
			t.Errorf("stderr line %q does not start with copycat:, stderr:\n%s", l, errs)
		}
	}
	if !strings.Contains(errs, `forged warning\nz.go`) {
		t.Errorf("stderr lacks the escaped name:\n%s", errs)
	}
}

// -update-baseline writes a line for each class found and each class
// inside one (report.NewBaseline), and says which are which: three copies
// of a function and a fourth that got a nil check, one class, wrote "3
// classes to baseline" (the copies without the check are a class inside
// it), which no report of the run showed.
func TestUpdateBaselineSaysInnerClasses(t *testing.T) {
	dir := t.TempDir()
	src := func(pkg string, check bool) string {
		guard := ""
		if check {
			guard = "\t\tif it == nil {\n\t\t\tcontinue\n\t\t}\n"
		}
		return "package " + pkg + `

import (
	"fmt"
	"sort"
	"strings"
)

type Item struct {
	Name  string
	Price int
	Qty   int
}

func Summarize(items []*Item, title string) string {
	var b strings.Builder
	sorted := make([]*Item, 0, len(items))
	for _, it := range items {
` + guard + `		sorted = append(sorted, it)
	}
	sort.Slice(sorted, func(i, j int) bool {
		if sorted[i].Price != sorted[j].Price {
			return sorted[i].Price > sorted[j].Price
		}
		return sorted[i].Name < sorted[j].Name
	})
	total := 0
	fmt.Fprintf(&b, "== %s ==\n", title)
	for _, it := range sorted {
		line := it.Price * it.Qty
		total += line
		fmt.Fprintf(&b, "%-20s %5d x %3d = %8d\n", it.Name, it.Price, it.Qty, line)
	}
	fmt.Fprintf(&b, "total: %d\n", total)
	return b.String()
}
`
	}
	testtool.WriteFiles(t, dir, map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.26\n",
		"a/a.go": src("a", false),
		"b/b.go": src("b", false),
		"c/c.go": src("c", false),
		"d/d.go": src("d", true),
	})
	base := filepath.Join(dir, "base")
	var out, errs bytes.Buffer
	code := Run([]string{"-cache=off", "-baseline", base, "-update-baseline", dir + "/..."}, &out, &errs)
	want := "copycat: wrote 2 classes to baseline " + base + " (1 found, 1 within it, recorded in case it is reported alone)\n"
	if code != ExitClean || errs.String() != want {
		t.Errorf("-update-baseline: exit %d, stderr %q; want %q", code, errs.String(), want)
	}
}
