package report

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
)

// codeClimateIssues writes rep as Code Climate and reads it back, checking
// what GitLab requires of every issue: a description, a check name, a
// fingerprint no other issue has, a severity of its five, and a location
// with a relative path and lines from 1.
func codeClimateIssues(t *testing.T, rep *Report) []codeClimateIssue {
	t.Helper()
	var buf bytes.Buffer
	if err := CodeClimate(&buf, rep); err != nil {
		t.Fatal(err)
	}
	var issues []codeClimateIssue
	if err := json.Unmarshal(buf.Bytes(), &issues); err != nil {
		t.Fatalf("not a JSON array of issues: %v\n%s", err, buf.Bytes())
	}
	if issues == nil {
		t.Fatalf("no array: %s", buf.Bytes())
	}
	seen := map[string]bool{}
	for _, is := range issues {
		switch {
		case is.Type != "issue", is.Description == "", !strings.HasPrefix(is.CheckName, "copycat/"):
			t.Errorf("issue %+v: type, description or check name missing", is)
		case !slices.Contains([]string{"info", "minor", "major", "critical", "blocker"}, is.Severity):
			t.Errorf("issue %+v: severity %q is not GitLab's", is, is.Severity)
		case is.Location.Path == "" || strings.Contains(unquoted(is.Location.Path), `\`):
			t.Errorf("issue %+v: path %q", is, is.Location.Path)
		case is.Location.Lines.Begin < 1 || is.Location.Lines.End < is.Location.Lines.Begin:
			t.Errorf("issue %+v: lines %+v", is, is.Location.Lines)
		case len(is.Fingerprint) != 32 || seen[is.Fingerprint]:
			t.Errorf("issue %+v: fingerprint %q not 32 hex digits or not unique", is, is.Fingerprint)
		}
		seen[is.Fingerprint] = true
	}
	return issues
}

// TestCodeClimate: one issue per copy, each naming the copy it duplicates;
// drifted classes major, the rest minor, and with -all the classes no
// rule lists as information saying why.
func TestCodeClimate(t *testing.T) {
	rep, readFile := fixture(t, "drift.txtar", fingerprint.Options{MinTokens: 50, MinLines: 6, Near: true, Similarity: 0.8})
	Rank(rep.Classes, ReadFacts(readFile), SortRank)
	DriftPairFirst(rep.Classes) // as the command line does
	issues := codeClimateIssues(t, rep)
	var buf bytes.Buffer
	if err := CodeClimate(&buf, rep); err != nil {
		t.Fatal(err)
	}
	golden(t, "drift.codeclimate.json", buf.Bytes())
	n := 0
	for _, c := range rep.Classes {
		for i, f := range c.Fragments {
			is := issues[n]
			n++
			want := SeverityListed
			if c.Divergent {
				want = SeverityDrifted
			}
			if is.Severity != want || is.Location.Path != f.File || is.Location.Lines.Begin != f.Start.Line ||
				is.Description != Message(c, i) {
				t.Errorf("issue %d: %+v, want severity %s at %s:%d saying %q", n, is, want, f.File, f.Start.Line, Message(c, i))
			}
		}
	}
	if n != len(issues) {
		t.Errorf("%d issues for %d copies", len(issues), n)
	}
	if len(codeClimateIssues(t, &Report{})) != 0 {
		t.Error("a run without clones: issues")
	}

	all := codeClimateIssues(t, leftOutReport(true))
	if len(all) != 4 || all[2].Severity != SeverityLeftOut || !strings.HasSuffix(all[2].Description, "; not listed: tests") {
		t.Errorf("with -all: %+v, want the test class's copies as info saying why", all)
	}
	if listed := codeClimateIssues(t, leftOutReport(false)); len(listed) != 2 || listed[0].Severity != SeverityListed {
		t.Errorf("without -all: %+v, want the listed class's two copies", listed)
	}
}

// TestCodeClimateFingerprintsSurviveMoves: a copy that moves down its file
// keeps its fingerprint (GitLab would call it a new issue otherwise);
// another class's copies in the same files get others.
func TestCodeClimateFingerprintsSurviveMoves(t *testing.T) {
	a := class("aa", fingerprint.Exact, "a/x.go", "b/y.go")
	moved := class("aa", fingerprint.Exact, "a/x.go", "b/y.go")
	for i := range moved.Fragments {
		moved.Fragments[i].Start.Line += 40
		moved.Fragments[i].End.Line += 40
	}
	other := class("bb", fingerprint.Exact, "a/x.go", "b/y.go")
	before := codeClimateIssues(t, &Report{Classes: []fingerprint.Class{a}})
	after := codeClimateIssues(t, &Report{Classes: []fingerprint.Class{moved, other}})
	for i := range before {
		if before[i].Fingerprint != after[i].Fingerprint {
			t.Errorf("copy %d moved 40 lines down: fingerprint %s, was %s", i, after[i].Fingerprint, before[i].Fingerprint)
		}
		if after[i].Fingerprint == after[i+2].Fingerprint {
			t.Errorf("copy %d of two classes in one file share fingerprint %s", i, after[i].Fingerprint)
		}
	}
}

// unquoted is a path as the file's name, a quoted one (jsonName) read
// back, so that a Go escape's backslash is not taken for a separator.
func unquoted(path string) string {
	if s, err := strconv.Unquote(path); err == nil && strings.HasPrefix(path, `"`) {
		return s
	}
	return path
}

// A file name that is not UTF-8 is quoted with Go's escapes, as the JSON
// report gives it: JSON cannot hold its bytes, which became U+FFFD, so
// that two names differing in them were one path.
func TestCodeClimateNamesNotUTF8(t *testing.T) {
	issues := codeClimateIssues(t, &Report{Classes: []fingerprint.Class{class("n", fingerprint.Exact, "a\xffb.go", "a\xfeb.go", "plain.go")}})
	var got []string
	for _, is := range issues {
		got = append(got, is.Location.Path)
	}
	if want := []string{`"a\xffb.go"`, `"a\xfeb.go"`, "plain.go"}; !slices.Equal(got, want) {
		t.Errorf("paths %q, want %q", got, want)
	}
}
