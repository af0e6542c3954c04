package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/change"
	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/version"
)

// TestJSONTool checks that the JSON report names the copycat that wrote
// it, after the schema's version.
func TestJSONTool(t *testing.T) {
	rep, _ := fixture(t, "clones.txtar")
	for _, tt := range []struct {
		rep  *Report
		want string
	}{{rep, testVersion}, {&Report{}, version.Version()}} {
		var buf bytes.Buffer
		if err := JSON(&buf, tt.rep); err != nil {
			t.Fatal(err)
		}
		var out struct {
			Tool struct{ Name, Version string }
		}
		if err := json.Unmarshal(buf.Bytes(), &out); err != nil {
			t.Fatal(err)
		}
		if out.Tool.Name != "copycat" || out.Tool.Version != tt.want {
			t.Errorf("tool %+v, want copycat %s", out.Tool, tt.want)
		}
		if !strings.HasPrefix(buf.String(), "{\n  \"version\": 1,\n  \"tool\": {") {
			t.Errorf("the report does not start with its version and tool:\n%.80s", buf.String())
		}
	}
}

// Names that are not UTF-8 stay apart in the JSON report: JSON would
// turn each of their bad bytes into U+FFFD.
func TestJSONNamesApart(t *testing.T) {
	c := class("id", fingerprint.Exact, "x\xff.go", "x\xfe.go", `"q".go`)
	var buf bytes.Buffer
	if err := JSON(&buf, &Report{Classes: []fingerprint.Class{c}}); err != nil {
		t.Fatal(err)
	}
	var out struct {
		Classes []struct {
			Fragments []struct{ File string }
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range out.Classes[0].Fragments {
		got = append(got, f.File)
	}
	if want := []string{`"x\xff.go"`, `"x\xfe.go"`, `"\"q\".go"`}; !slices.Equal(got, want) {
		t.Errorf("names %q, want %q", got, want)
	}
}

// jsonOneEncoder writes the JSON report as JSON wrote it before its
// classes were encoded each on its own: the whole report by one encoder.
func jsonOneEncoder(w io.Writer, r *Report) error {
	out := jsonHead(r)
	for ci := range r.Classes {
		out.Classes = append(out.Classes, jsonClassOf(r, ci))
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// The JSON report, its classes encoded each on its own on all CPUs, is
// byte for byte what one encoder of the whole report writes: on the
// fixtures ranked, with and without a change, with names that need
// escaping (HTML's characters, bytes that are not UTF-8, quotes), with
// no class, whatever GOMAXPROCS; and a value JSON cannot hold fails
// both, with the same error.
func TestJSONByClass(t *testing.T) {
	var reps []*Report
	for _, name := range []string{"clones.txtar", "drift.txtar"} {
		rep, read := fixture(t, name)
		Rank(rep.Classes, ReadFacts(read), SortRank)
		all := *rep
		all.All = true
		reps = append(reps, rep, &all)
	}
	c := class("id", fingerprint.Exact, "a<b>.go", "c&d.go", "x\xff.go", `"q".go`, "\u2028.go")
	c.Signal.Reason = "<script> & \u2029"
	v := change.Verdict{Kind: change.ForgottenTwin, Touched: []bool{true, false, false, false, false}, New: []bool{false, false, false, false, false},
		Added: []int{1, 0, 0, 0, 0}, Removed: []int{0, 0, 0, 0, 0}}
	g := class("id2", fingerprint.Exact, "d.go", "e.go")
	g.Similarity = 0.8765
	w := change.Verdict{Kind: change.New, Touched: []bool{true, false}, New: []bool{true, false}, Added: []int{6, 0}, Removed: []int{0, 0}}
	reps = append(reps,
		&Report{Classes: []fingerprint.Class{c, g}, Verdicts: []change.Verdict{v, w}, Change: &ChangeStats{New: 1, ForgottenTwins: 1, MaxNew: -1}},
		&Report{Classes: []fingerprint.Class{g}, Run: &RunStats{TotalSeconds: 1.5}},
		&Report{})
	for _, procs := range []int{1, 2, 8} {
		old := runtime.GOMAXPROCS(procs)
		for i, rep := range reps {
			var got, want bytes.Buffer
			if err := JSON(&got, rep); err != nil {
				t.Fatal(err)
			}
			if err := jsonOneEncoder(&want, rep); err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() {
				t.Errorf("GOMAXPROCS %d, report %d: written by class\n%s\nby one encoder\n%s", procs, i, got.String(), want.String())
			}
		}
		runtime.GOMAXPROCS(old)
	}
	nan := class("nan", fingerprint.Near, "a.go", "b.go")
	nan.Similarity = math.NaN()
	bad := &Report{Classes: []fingerprint.Class{g, nan, nan}}
	var got, want bytes.Buffer
	err, werr := JSON(&got, bad), jsonOneEncoder(&want, bad)
	if err == nil || werr == nil || err.Error() != werr.Error() || got.Len() != 0 || want.Len() != 0 {
		t.Errorf("a NaN similarity: %v, %d bytes written; one encoder: %v, %d bytes", err, got.Len(), werr, want.Len())
	}
}

// The run's warnings and errors are in the JSON report too, each at the
// file and line it names, as SARIF's notifications: a program reading
// the report learns that a file was not read.
func TestJSONNotices(t *testing.T) {
	rep := &Report{
		Warnings: []error{errors.New("a/broken.go:3:7: expected ';', found x (not read)"), errors.New("b\xffc.go: larger than -max-file-size")},
		Errors:   []error{errors.New("open nope: no such file or directory")},
	}
	var buf bytes.Buffer
	if err := JSON(&buf, rep); err != nil {
		t.Fatal(err)
	}
	var out struct {
		Notices []struct {
			Level, Message, File string
			Line                 int
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(out.Notices)
	want := `[{warning a/broken.go:3:7: expected ';', found x (not read) a/broken.go 3} {warning b` + "\ufffd" + `c.go: larger than -max-file-size "b\xffc.go" 0} {error open nope: no such file or directory  0}]`
	if got != want {
		t.Errorf("notices\n%s\nwant\n%s", got, want)
	}
	buf.Reset()
	if err := JSON(&buf, &Report{}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "notices") {
		t.Errorf("a run with no problem has notices:\n%s", buf.String())
	}
}
