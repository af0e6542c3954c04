package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/internal/fixture"
)

// writeTree lays the files of testdata/name out in dir, removing what a
// previous tree left there.
func writeTree(t *testing.T, dir, name string) {
	t.Helper()
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := fixture.Write(dir, filepath.Join("testdata", name)); err != nil {
		t.Fatal(err)
	}
}

func TestBaseline(t *testing.T) {
	tmp := t.TempDir()
	src := filepath.Join(tmp, "src")
	base := filepath.Join(tmp, "baseline.txt")
	flags := []string{"-min-tokens", "30", "-min-lines", "5", "-baseline", base}

	writeTree(t, src, "baseline/base.txtar")
	if out, errs, code := run(t, append(flags, "-update-baseline", src+"/...")...); code != ExitClean || out != "" {
		t.Fatalf("-update-baseline: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	written, err := os.ReadFile(base)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(written)), "\n")
	if len(lines) != 2 || !strings.HasSuffix(lines[1], " 2 exact") && !strings.HasSuffix(lines[1], " 2 renamed") {
		t.Fatalf("baseline file:\n%s", written)
	}

	tests := []struct {
		tree string
		code int
		want []string // in the output
	}{
		{"base.txtar", ExitClean, nil},
		{"moved.txtar", ExitClean, nil},
		{"reformatted.txtar", ExitClean, nil},
		{"unrelated.txtar", ExitClean, nil},
		// A class the baseline holds with fewer copies says so.
		{"newcopy.txtar", ExitClones, []string{"a.go:", "b.go:", "d.go:", "1 class, 3 fragments", "; the baseline holds 2 of its copies)"}},
		{"newclass.txtar", ExitClones, []string{"e.go:", "f.go:", "2 classes, 4 fragments", "1 class in the baseline"}},
		// Its copies edited alike: a class new to the baseline, and the
		// baseline's line for the old code found nothing.
		{"edited.txtar", ExitClones, []string{"a.go:", "b.go:", "1 class, 2 fragments",
			"\ncopycat: 1 class of the baseline was not found: edited since (a class whose code changed is new to the baseline), removed, or outside what this run read; -update-baseline records the classes as they are\n"}},
	}
	// run adds -all: the classes the baseline holds are listed, each
	// saying so, and do not set the exit status.
	for _, tt := range tests {
		t.Run(tt.tree, func(t *testing.T) {
			writeTree(t, src, "baseline/"+tt.tree)
			out, errs, code := run(t, append(flags, src+"/...")...)
			if code != tt.code {
				t.Errorf("exit %d, want %d; stdout:\n%s\nstderr:\n%s", code, tt.code, out, errs)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			for _, line := range strings.Split(out, "\n") {
				if tt.code == ExitClean && strings.Contains(line, "a.go:") && !strings.HasSuffix(line, "; not listed: baseline") {
					t.Errorf("a copy of the baseline's class does not say so: %s", line)
				}
			}
			// Without -all they are counted, not listed.
			var stdout, stderr bytes.Buffer
			code = Run(append(flags, src+"/..."), &stdout, &stderr)
			if tt.code == ExitClean && (code != ExitClean ||
				!strings.HasPrefix(stdout.String(), "copycat: not listed: 1 class in the baseline (-all lists it)\ncopycat: 0 classes,")) {
				t.Errorf("without -all: exit %d, output:\n%s", code, stdout.String())
			}
		})
	}
	// The baseline file itself is unchanged by runs that only read it.
	if again, _ := os.ReadFile(base); !bytes.Equal(again, written) {
		t.Error("a run with -baseline changed the baseline file")
	}
}

func TestBaselineErrors(t *testing.T) {
	tmp := t.TempDir()
	src := filepath.Join(tmp, "src")
	writeTree(t, src, "baseline/base.txtar")
	bad := filepath.Join(tmp, "bad.txt")
	if err := os.WriteFile(bad, []byte("not a class\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"missing file", []string{"-baseline", filepath.Join(tmp, "none.txt"), src}, "cannot read baseline"},
		{"malformed file", []string{"-baseline", bad, src}, "bad.txt: baseline line 1"},
		{"update without file", []string{"-update-baseline", src}, "-update-baseline needs -baseline FILE"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, errs, code := run(t, tt.args...)
			if code != ExitError || !strings.Contains(errs, tt.want) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, errs, ExitError, tt.want)
			}
		})
	}
}

func TestFormats(t *testing.T) {
	tmp := t.TempDir()
	src := filepath.Join(tmp, "src")
	writeTree(t, src, "baseline/base.txtar")
	common := []string{"-min-tokens", "30", "-min-lines", "5"}
	tests := []struct {
		name  string
		args  []string
		code  int
		start string // of the report
		err   string // in stderr
	}{
		{"text", nil, ExitClones, "", ""},
		{"json", []string{"-format", "json"}, ExitClones, "{\n  \"version\": 1,", ""},
		{"json alias", []string{"-json"}, ExitClones, "{\n  \"version\": 1,", ""},
		{"json alias agrees", []string{"-json", "-format", "json"}, ExitClones, "{\n  \"version\": 1,", ""},
		{"sarif", []string{"-format", "sarif"}, ExitClones, `{"$schema":"https://json.schemastore.org/sarif-2.1.0.json"`, ""},
		{"html", []string{"-format", "html"}, ExitClones, "<!DOCTYPE html>", ""},
		{"code-climate", []string{"-format", "code-climate"}, ExitClones, "[\n  {\n    \"type\": \"issue\",", ""},
		{"unknown", []string{"-format", "xml"}, ExitError, "", "-format must be text, json, sarif, html, markdown or code-climate"},
		{"conflict", []string{"-json", "-format", "sarif"}, ExitError, "", "-json and -format sarif disagree"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append(append(append([]string{}, common...), tt.args...), src)
			out, errs, code := run(t, args...)
			if code != tt.code || !strings.Contains(errs, tt.err) {
				t.Fatalf("exit %d, stderr %q; want %d and %q", code, errs, tt.code, tt.err)
			}
			if !strings.HasPrefix(out, tt.start) {
				t.Errorf("stdout starts %.80q, want %q", out, tt.start)
			}
			// -o puts the same bytes in a file and nothing on stdout.
			if tt.code == ExitError {
				return
			}
			file := filepath.Join(tmp, tt.name+".out")
			out2, _, code := run(t, append(append([]string{"-o", file}, args[:len(args)-1]...), src)...)
			got, err := os.ReadFile(file)
			if code != tt.code || out2 != "" || err != nil || string(got) != out {
				t.Errorf("-o: exit %d, stdout %q, err %v, file equal to stdout: %v", code, out2, err, string(got) == out)
			}
		})
	}
}

func TestTextEndsWithSummary(t *testing.T) {
	tmp := t.TempDir()
	writeTree(t, tmp, "baseline/newcopy.txtar")
	out, _, _ := run(t, "-min-tokens", "30", "-min-lines", "5", tmp)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	last := lines[len(lines)-1]
	for _, w := range []string{"1 class,", "3 fragments", "duplicated lines", "% of"} {
		if !strings.Contains(last, w) {
			t.Errorf("last line %q lacks %q", last, w)
		}
	}
}

func TestJSONStatsMatchSummary(t *testing.T) {
	tmp := t.TempDir()
	writeTree(t, tmp, "baseline/newcopy.txtar")
	text, _, _ := run(t, "-min-tokens", "30", "-min-lines", "5", tmp)
	js, _, _ := run(t, "-min-tokens", "30", "-min-lines", "5", "-json", tmp)
	var rep struct {
		Stats struct {
			Files, Lines, Classes, Fragments int
			DuplicatedLines                  int     `json:"duplicated_lines"`
			DuplicatedPercent                float64 `json:"duplicated_percent"`
		}
	}
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatal(err)
	}
	s := rep.Stats
	if s.Classes != 1 {
		t.Fatalf("the tree has %d classes, want 1", s.Classes)
	}
	want := fmt.Sprintf("copycat: 1 class, %d fragments, %d duplicated lines (%.1f%% of %d lines in %d files)",
		s.Fragments, s.DuplicatedLines, s.DuplicatedPercent, s.Lines, s.Files)
	lines := strings.Split(strings.TrimSpace(text), "\n")
	if got := lines[len(lines)-1]; got != want || s.Classes == 0 {
		t.Errorf("text summary %q, JSON stats say %q", got, want)
	}
}

// Two copies inside a class of three are reported as that class alone;
// when the third copy goes, the two that remain are no news to a
// baseline written before.
func TestBaselineCopyRemoved(t *testing.T) {
	tmp := t.TempDir()
	src := filepath.Join(tmp, "src")
	base := filepath.Join(tmp, "baseline.txt")
	flags := []string{"-min-tokens", "30", "-min-lines", "5", "-baseline", base}
	writeTree(t, src, "baseline/threecopies.txtar")
	out, _, code := run(t, append(flags[:4:4], src+"/...")...)
	if code != ExitClones || !strings.Contains(out, "near") || !strings.Contains(out, "1 class, 3 fragments") {
		t.Fatalf("the tree of three copies: exit %d\n%s", code, out)
	}
	if out, errs, code := run(t, append(flags, "-update-baseline", src+"/...")...); code != ExitClean {
		t.Fatalf("-update-baseline: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	writeTree(t, src, "baseline/base.txtar") // c.go's copy removed
	if out, errs, code := run(t, append(flags, src+"/...")...); code != ExitClean {
		t.Errorf("after the third copy went: exit %d, want %d; stdout:\n%s\nstderr:\n%s", code, ExitClean, out, errs)
	}
}
