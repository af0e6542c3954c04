package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/copycat-go/copycat/change"
	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/version"
)

// sarifSchema compiles the official SARIF 2.1.0 schema kept in testdata
// (see testdata/sarif-schema-2.1.0.SOURCE.md), with formats asserted.
func sarifSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	const url = "file:///sarif-schema-2.1.0.json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(url)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSARIFValidates(t *testing.T) {
	schema := sarifSchema(t)
	rep, _ := fixture(t, "clones.txtar")
	tests := []struct {
		name string
		rep  *Report
	}{
		{"clones", rep},
		{"no clones", &Report{}},
		{"absolute and odd paths", &Report{Classes: []fingerprint.Class{{
			ID: "ab12", Kind: fingerprint.Near, Similarity: 0.91234, Tokens: 40, Lines: 6,
			Fragments: []fingerprint.Fragment{
				{File: "/abs/dir with space/x.go", Start: fingerprint.Position{Line: 3, Column: 1}, End: fingerprint.Position{Line: 9, Column: 2}},
				{File: "a:b/ü.go", Start: fingerprint.Position{Line: 1, Column: 1}, End: fingerprint.Position{Line: 6, Column: 2}},
			},
		}}}},
		{"warnings and errors", runProblems()},
		{"left out, counted", leftOutReport(false)},
		{"left out, with -all", leftOutReport(true)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := SARIF(&buf, tt.rep); err != nil {
				t.Fatal(err)
			}
			doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			if err := schema.Validate(doc); err != nil {
				t.Errorf("SARIF output does not validate: %v\n%s", err, buf.Bytes())
			}
		})
	}
}

// leftOutReport is a report of a listed class and of a class in tests,
// counted (Left) or, with all, listed beside it.
func leftOutReport(all bool) *Report {
	listed := class("aa", fingerprint.Exact, "a/x.go", "b/y.go")
	tests := class("bb", fingerprint.Exact, "a/x_test.go", "b/y_test.go")
	classes := []fingerprint.Class{listed, tests}
	Rank(classes, nil, SortRank)
	if all {
		return &Report{Classes: classes, All: true}
	}
	return &Report{Classes: classes[:1], Left: classes[1:]}
}

// A class left out is counted by its rule in the run's properties and in
// a note; with -all it is a result suppressed with its rule.
func TestSARIFLeftOut(t *testing.T) {
	for _, all := range []bool{false, true} {
		var buf bytes.Buffer
		if err := SARIF(&buf, leftOutReport(all)); err != nil {
			t.Fatal(err)
		}
		var log sarifLog
		if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
			t.Fatal(err)
		}
		run := log.Runs[0]
		if run.Properties == nil || run.Properties.LeftOut["tests"] != 1 {
			t.Errorf("all %v: run properties %+v, want 1 class in tests", all, run.Properties)
		}
		notes := run.Invocations[0].ToolExecutionNotifications
		if len(notes) != 1 || notes[0].Level != "note" || !strings.Contains(notes[0].Message.Text, "1 class in tests") {
			t.Errorf("all %v: notifications %+v", all, notes)
		}
		var suppressed int
		for _, res := range run.Results {
			if len(res.Suppressions) > 0 {
				suppressed++
				if res.Suppressions[0].Justification != "not listed: tests" {
					t.Errorf("justification %q", res.Suppressions[0].Justification)
				}
			}
		}
		if want := map[bool]int{false: 0, true: 2}[all]; len(run.Results) != 2+want || suppressed != want {
			t.Errorf("all %v: %d results, %d suppressed; want %d suppressed", all, len(run.Results), suppressed, want)
		}
	}
}

// TestSARIFSchemaRejects makes sure the validation has teeth.
func TestSARIFSchemaRejects(t *testing.T) {
	schema := sarifSchema(t)
	for _, doc := range []string{
		`{"version": "2.1.0"}`,
		`{"version": "2.0.0", "runs": []}`,
		`{"version": "2.1.0", "runs": [{"tool": {"driver": {}}}]}`,
		`{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [{"message": {"text": "m"}, "level": "loud"}]}]}`,
	} {
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(doc)))
		if err != nil {
			t.Fatal(err)
		}
		if schema.Validate(v) == nil {
			t.Errorf("schema accepts %s", doc)
		}
	}
}

func TestSARIFShape(t *testing.T) {
	rep, _ := fixture(t, "clones.txtar")
	var buf bytes.Buffer
	if err := SARIF(&buf, rep); err != nil {
		t.Fatal(err)
	}
	var pretty bytes.Buffer
	if err := json.Indent(&pretty, buf.Bytes(), "", "  "); err != nil {
		t.Fatal(err)
	}
	golden(t, "clones.sarif", pretty.Bytes())
	var log sarifLog
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	results := log.Runs[0].Results
	if want := rep.Stats.Fragments; len(results) != want {
		t.Fatalf("got %d results, want one per fragment (%d)", len(results), want)
	}
	// Each copy's differing lines, in the order of the classes' fragments.
	k, differing := 0, 0
	for _, c := range rep.Classes {
		for _, f := range c.Fragments {
			if got, want := results[k].Properties.Differs, lineRanges(f.Differs); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: differs %v, want %v", results[k].Message.Text, got, want)
			}
			differing += len(f.Differs)
			k++
		}
	}
	if differing == 0 {
		t.Error("the fixture has no copy with differing lines")
	}
	seen := map[string]bool{}
	for _, r := range results {
		if got, want := len(r.RelatedLocations), r.Properties.Copies-1; got != want {
			t.Errorf("%s: %d related locations, want %d", r.Message.Text, got, want)
		}
		if sarifRules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("ruleIndex %d is %s, not %s", r.RuleIndex, sarifRules[r.RuleIndex].ID, r.RuleID)
		}
		fp := r.PartialFingerprints[FingerprintKey]
		if seen[fp] {
			t.Errorf("fingerprint %s used twice", fp)
		}
		seen[fp] = true
	}
}

func TestFileURI(t *testing.T) {
	tests := []struct{ name, uri, base string }{
		{"a/b.go", "a/b.go", "%SRCROOT%"},
		{"./a/b.go", "a/b.go", "%SRCROOT%"},
		{"a b/c#d.go", "a%20b/c%23d.go", "%SRCROOT%"},
		{"a:b.go", "./a:b.go", "%SRCROOT%"},
		{"/usr/src/x.go", "file:///usr/src/x.go", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			uri, base := fileURI(tt.name)
			if uri != tt.uri || base != tt.base {
				t.Errorf("fileURI(%q) = %q, %q; want %q, %q", tt.name, uri, base, tt.uri, tt.base)
			}
		})
	}
}

// runProblems is a report of a run that met warnings and an error.
func runProblems() *Report {
	list := scanner.ErrorList{{Pos: token.Position{Filename: "p/bad.go", Line: 4, Column: 2}, Msg: "expected ';'"}}
	return &Report{
		ToolVersion: "(devel)",
		Warnings: []error{
			fmt.Errorf("p/bad.go:3:9: syntax error, file skipped: expected ')'"),
			fmt.Errorf("/abs/ü dir/x.go:12: malformed directive"),
			list,
			errors.New("p/huge.go: larger than 1 MB, skipped"),
			errors.New("near-miss work capped: 12 units left out"),
		},
		Errors: []error{errors.New("./nonexistent: no such file or directory")},
	}
}

func decodeSARIF(t *testing.T, rep *Report) sarifLog {
	t.Helper()
	var buf bytes.Buffer
	if err := SARIF(&buf, rep); err != nil {
		t.Fatal(err)
	}
	var log sarifLog
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	return log
}

// TestSARIFInvocation checks that the run's warnings and errors reach
// the log, at the file and line they name.
func TestSARIFInvocation(t *testing.T) {
	log := decodeSARIF(t, runProblems())
	if len(log.Runs[0].Invocations) != 1 {
		t.Fatalf("%d invocations, want 1", len(log.Runs[0].Invocations))
	}
	inv := log.Runs[0].Invocations[0]
	if inv.ExecutionSuccessful {
		t.Error("a run with an error is successful")
	}
	var got []string
	for _, n := range inv.ToolExecutionNotifications {
		s := n.Level + " " + n.Message.Text
		for _, l := range n.Locations {
			s += " @ " + l.PhysicalLocation.ArtifactLocation.URI
			if r := l.PhysicalLocation.Region; r != nil {
				s += fmt.Sprintf(":%d-%d", r.StartLine, r.EndLine)
			}
		}
		got = append(got, s)
	}
	want := []string{
		"warning p/bad.go:3:9: syntax error, file skipped: expected ')' @ p/bad.go:3-3",
		"warning /abs/ü dir/x.go:12: malformed directive @ file:///abs/%C3%BC%20dir/x.go:12-12",
		"warning p/bad.go:4:2: expected ';' @ p/bad.go:4-4",
		"warning p/huge.go: larger than 1 MB, skipped @ p/huge.go",
		"warning near-miss work capped: 12 units left out",
		"error ./nonexistent: no such file or directory",
	}
	if !slices.Equal(got, want) {
		t.Errorf("notifications:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	clean, _ := fixture(t, "clones.txtar")
	inv = decodeSARIF(t, clean).Runs[0].Invocations[0]
	if !inv.ExecutionSuccessful || len(inv.ToolExecutionNotifications) != 0 {
		t.Errorf("a clean run: %+v, want successful and no notifications", inv)
	}
}

// TestSARIFDriver checks the tool's version and its links: the project,
// and for each rule a section of the README that exists.
func TestSARIFDriver(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	anchors := map[string]bool{}
	for line := range strings.Lines(string(readme)) {
		if h, ok := strings.CutPrefix(line, "#"); ok {
			anchors[githubAnchor(strings.TrimLeft(h, "#"))] = true
		}
	}
	tests := []struct{ version, semantic string }{
		{"v1.2.3", "1.2.3"},
		{"v0.0.0-20261202003456-0123456789ab+dirty", "0.0.0-20261202003456-0123456789ab+dirty"},
		{"(devel)", ""},
		{"v1.2", ""},
	}
	for _, tt := range tests {
		d := decodeSARIF(t, &Report{ToolVersion: tt.version}).Runs[0].Tool.Driver
		if d.Name != "copycat" || d.Version != tt.version || d.SemanticVersion != tt.semantic {
			t.Errorf("driver %q %q %q, want copycat %q %q", d.Name, d.Version, d.SemanticVersion, tt.version, tt.semantic)
		}
		if d.InformationURI != version.InformationURI {
			t.Errorf("informationUri %q", d.InformationURI)
		}
		for _, r := range d.Rules {
			anchor, ok := strings.CutPrefix(r.HelpURI, version.InformationURI+"#")
			if !ok || !anchors[anchor] {
				t.Errorf("rule %s: helpUri %q is not a section of the README", r.ID, r.HelpURI)
			}
		}
	}
	if d := decodeSARIF(t, &Report{}).Runs[0].Tool.Driver; d.Version != version.Version() {
		t.Errorf("driver version %q, want the build's %q", d.Version, version.Version())
	}
}

// githubAnchor is the fragment GitHub gives a Markdown heading.
func githubAnchor(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(h)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// A result points to at most MaxRelated other copies, so that a class of
// n copies costs the log a number of related locations linear in n, and
// every copy is still pointed to by some result.
func TestSARIFRelatedLinear(t *testing.T) {
	for _, n := range []int{100, 200} {
		var files []string
		for i := range n {
			files = append(files, fmt.Sprintf("f%03d.go", i))
		}
		var buf bytes.Buffer
		if err := SARIF(&buf, &Report{Classes: []fingerprint.Class{class("id", fingerprint.Exact, files...)}}); err != nil {
			t.Fatal(err)
		}
		var log sarifLog
		if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
			t.Fatal(err)
		}
		related, pointed := 0, map[string]bool{}
		for _, r := range log.Runs[0].Results {
			related += len(r.RelatedLocations)
			for _, l := range r.RelatedLocations {
				pointed[l.PhysicalLocation.ArtifactLocation.URI] = true
			}
		}
		if related != n*MaxRelated || len(pointed) != n {
			t.Errorf("%d copies: %d related locations, %d copies pointed to; want %d and %d", n, related, len(pointed), n*MaxRelated, n)
		}
	}
	if got := RelatedCopies(3, 2); !slices.Equal(got, []int{0, 1}) {
		t.Errorf("RelatedCopies(3, 2) = %v", got)
	}
}

// With a change, each result says what the change did to its copy:
// SARIF's baselineState, new, updated or unchanged; the log validates.
func TestSARIFBaselineState(t *testing.T) {
	c := class("id", fingerprint.Exact, "a.go", "b.go", "c.go")
	v := change.Verdict{Kind: change.ForgottenTwin, Touched: []bool{true, false, false}, New: []bool{false, false, false},
		Added: []int{1, 0, 0}, Removed: []int{0, 0, 0}}
	g := class("id2", fingerprint.Exact, "d.go", "e.go")
	w := change.Verdict{Kind: change.New, Touched: []bool{true, false}, New: []bool{true, false}, Added: []int{6, 0}, Removed: []int{0, 0}}
	rep := &Report{Classes: []fingerprint.Class{c, g}, Verdicts: []change.Verdict{v, w}, Change: &ChangeStats{New: 1, ForgottenTwins: 1, MaxNew: -1}}
	var buf bytes.Buffer
	if err := SARIF(&buf, rep); err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if err := sarifSchema(t).Validate(doc); err != nil {
		t.Errorf("does not validate: %v", err)
	}
	var log sarifLog
	json.Unmarshal(buf.Bytes(), &log)
	var states []string
	for _, r := range log.Runs[0].Results {
		states = append(states, r.BaselineState)
	}
	if want := []string{"updated", "unchanged", "unchanged", "new", "unchanged"}; !slices.Equal(states, want) {
		t.Errorf("states %v, want %v", states, want)
	}
}

// Two names apart only in bytes that are not UTF-8 give two fingerprints:
// JSON turned each such byte into U+FFFD, and two copies of a class in
// x\xff.go and x\xfe.go had one fingerprint, which code scanning takes
// for one alert. A name of UTF-8 keeps its fingerprint.
func TestSARIFFingerprintsNotUTF8(t *testing.T) {
	c := class("id", fingerprint.Exact, "x\xff.go", "x\xfe.go", "a b#%é.go")
	var buf bytes.Buffer
	if err := SARIF(&buf, &Report{Classes: []fingerprint.Class{c}}); err != nil {
		t.Fatal(err)
	}
	var log sarifLog
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range log.Runs[0].Results {
		got = append(got, r.PartialFingerprints[FingerprintKey])
	}
	if want := []string{`"id:x\xff.go:1"`, `"id:x\xfe.go:1"`, "id:a b#%é.go:1"}; !slices.Equal(got, want) {
		t.Errorf("fingerprints %q, want %q", got, want)
	}
}
