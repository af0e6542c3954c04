package report

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
)

func class(id string, kind fingerprint.Kind, files ...string) fingerprint.Class {
	c := fingerprint.Class{ID: id, Kind: kind}
	for i, f := range files {
		c.Fragments = append(c.Fragments, fingerprint.Fragment{File: f,
			Start: fingerprint.Position{Line: 10 * (i + 1), Column: 1}, End: fingerprint.Position{Line: 10*(i+1) + 5, Column: 2}})
	}
	return c
}

func TestBaselineWriteRead(t *testing.T) {
	classes := []fingerprint.Class{
		class("ff01", fingerprint.Renamed, "b.go", "c.go"),
		class("0a", fingerprint.Exact, "a.go", "a.go", "z.go"),
	}
	var buf bytes.Buffer
	if err := NewBaseline(classes).Write(&buf); err != nil {
		t.Fatal(err)
	}
	want := BaselineHeader + "\n0a 3 exact\nff01 2 renamed\n"
	if buf.String() != want {
		t.Fatalf("got\n%s\nwant\n%s", buf.String(), want)
	}
	b, err := ReadBaseline(&buf)
	if err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	if err := b.Write(&again); err != nil {
		t.Fatal(err)
	}
	if again.String() != want {
		t.Errorf("read and written again:\n%s", again.String())
	}
}

// A baseline saved again by an editor that begins the file with a byte
// order mark (UTF-8's, as Notepad writes it), and with CRLF line ends,
// is the same baseline: it was refused as "not a copycat baseline",
// the header wanted given as the line found.
func TestBaselineByteOrderMark(t *testing.T) {
	in := "\ufeff" + BaselineHeader + "\r\n0a 3 exact\r\nff01 2 renamed\r\n"
	b, err := ReadBaseline(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := b.Write(&out); err != nil {
		t.Fatal(err)
	}
	if want := BaselineHeader + "\n0a 3 exact\nff01 2 renamed\n"; out.String() != want {
		t.Errorf("read as\n%s\nwant\n%s", out.String(), want)
	}
}

func TestReadBaselineErrors(t *testing.T) {
	tests := []struct{ name, in, err string }{
		{"not hex", BaselineHeader + "\n# c\nxyz 2\n", "baseline line 3"},
		{"no count", BaselineHeader + "\n0a\n", "baseline line 2"},
		{"zero copies", BaselineHeader + "\n\n0a 0 exact\n", "baseline line 3: copies must be a positive number"},
		{"bad count", BaselineHeader + "\n0a two\n", "copies must be a positive number"},
		{"empty", "", "empty baseline: want the first line \"# copycat baseline v1"},
		{"blank lines only", "\n\n", "baseline line 1: not a copycat baseline"},
		{"no header", "0a 2 exact\n", "baseline line 1: not a copycat baseline"},
		{"header cut short", "# copycat base", "baseline line 1: not a copycat baseline"},
		{"other version", "# copycat baseline v2: class ID, copies, kind\n0a 2\n", "unknown baseline version"},
		// Re-encoded by an editor or a shell's redirection: said so.
		{"UTF-16", "\xff\xfe#\x00 \x00c\x00", "the file is in UTF-16"},
		{"UTF-16, big-endian", "\xfe\xff\x00#\x00 ", "the file is in UTF-16"},
		// A line past the scanner's buffer is named, as others are
		// ("reading baseline: bufio.Scanner: token too long" named none).
		{"long comment", BaselineHeader + "\n0a 2\n# " + strings.Repeat("x", 70_000) + "\n", "baseline line 3: longer than the 65536 bytes a line may have"},
		{"long header", strings.Repeat("#", 70_000), "baseline line 1: longer than the 65536 bytes a line may have"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadBaseline(strings.NewReader(tt.in))
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("got %v, want an error with %q", err, tt.err)
			}
		})
	}
}

func TestBaselineNew(t *testing.T) {
	held := class("bb", fingerprint.Renamed, "a.go", "b.go", "c.go")
	held.Contained = []fingerprint.ClassRef{{ID: "dd", Kind: fingerprint.Exact, Copies: 2}}
	base := NewBaseline([]fingerprint.Class{class("aa", fingerprint.Exact, "a.go", "b.go"), held})
	tests := []struct {
		name    string
		classes []fingerprint.Class
		want    []string // IDs reported
	}{
		{"same", []fingerprint.Class{class("aa", fingerprint.Exact, "a.go", "b.go")}, nil},
		{"moved to other files", []fingerprint.Class{class("aa", fingerprint.Exact, "x.go", "y.go")}, nil},
		{"a copy removed", []fingerprint.Class{class("bb", fingerprint.Renamed, "a.go", "c.go")}, nil},
		{"new class", []fingerprint.Class{class("aa", fingerprint.Exact, "a.go", "b.go"), class("cc", fingerprint.Exact, "a.go", "d.go")}, []string{"cc"}},
		{"known class with a new copy", []fingerprint.Class{class("aa", fingerprint.Exact, "a.go", "b.go", "n.go")}, []string{"aa"}},
		{"a class held by a known one, reported alone", []fingerprint.Class{class("dd", fingerprint.Exact, "a.go", "b.go")}, nil},
		{"a class held by a known one, with a copy more", []fingerprint.Class{class("dd", fingerprint.Exact, "a.go", "b.go", "e.go")}, []string{"dd"}},
		{"known class split in two classes, more copies", []fingerprint.Class{
			class("bb", fingerprint.Renamed, "a.go", "b.go"), class("bb", fingerprint.Renamed, "c.go", "d.go")}, []string{"bb", "bb"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, c := range base.New(tt.classes) {
				got = append(got, c.ID)
			}
			if strings.Join(got, ",") != strings.Join(tt.want, ",") {
				t.Errorf("reported %v, want %v", got, tt.want)
			}
		})
	}
}

// Gone counts the baseline's classes a run neither found nor found held
// by a class it found: edited (a new ID), removed, or not read.
func TestBaselineGone(t *testing.T) {
	held := class("bb", fingerprint.Renamed, "a.go", "b.go", "c.go")
	held.Contained = []fingerprint.ClassRef{{ID: "dd", Kind: fingerprint.Exact, Copies: 2}}
	base := NewBaseline([]fingerprint.Class{class("aa", fingerprint.Exact, "a.go", "b.go"), held})
	aa, bb, dd := class("aa", fingerprint.Exact, "x.go", "y.go"), class("bb", fingerprint.Renamed, "a.go", "c.go"), class("dd", fingerprint.Exact, "a.go", "b.go")
	bb.Contained = held.Contained
	for _, tt := range []struct {
		name    string
		classes []fingerprint.Class
		want    int
	}{
		{"all found, moved or with a copy fewer", []fingerprint.Class{aa, bb}, 0},
		{"a class edited: a new ID", []fingerprint.Class{class("a2", fingerprint.Exact, "a.go", "b.go"), bb}, 1},
		{"the class held found alone", []fingerprint.Class{aa, dd}, 1},
		{"none found", nil, 3},
	} {
		if got := base.Gone(tt.classes); got != tt.want {
			t.Errorf("%s: Gone = %d, want %d", tt.name, got, tt.want)
		}
	}
	rep := &Report{BaselineGone: 2}
	var buf bytes.Buffer
	if err := Markdown(&buf, rep); err != nil {
		t.Fatal(err)
	}
	if want := "\n2 classes of the baseline were not found: edited since (a class whose code changed is new to the baseline), removed, or outside what this run read; -update-baseline records the classes as they are.\n"; !strings.HasSuffix(buf.String(), want) {
		t.Errorf("Markdown ends %q, want %q", buf.String(), want)
	}
	buf.Reset()
	if err := JSON(&buf, rep); err != nil || !strings.Contains(buf.String(), `"baseline_gone": 2`) {
		t.Errorf("JSON (%v) lacks baseline_gone:\n%s", err, buf.String())
	}
}

func TestFragmentIDs(t *testing.T) {
	c := class("aa", fingerprint.Exact, "a.go", "a.go", "sub/b.go")
	got := strings.Join(FragmentIDs([]fingerprint.Class{c})[0], " ")
	if want := "aa:a.go:1 aa:a.go:2 aa:sub/b.go:1"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	// Two classes of one ID (the same code in two groups of copies, as
	// in go-elasticsearch's esapi and kitex's generic tests) in one file:
	// every fragment keeps a name of its own, ranked by place.
	later := class("aa", fingerprint.Exact, "a.go", "c.go")
	for i := range later.Fragments {
		later.Fragments[i].Start.Line += 100
	}
	ids := FragmentIDs([]fingerprint.Class{later, c})
	got = strings.Join(slices.Concat(ids...), " ")
	if want := "aa:a.go:3 aa:c.go:1 aa:a.go:1 aa:a.go:2 aa:sub/b.go:1"; got != want {
		t.Errorf("two classes of one ID: got %s, want %s", got, want)
	}
}

// TestBaselineCountsSaturate: lines of one class add up, and a sum past
// the largest int stays the largest int (it wrapped to a negative count,
// which the baseline it wrote then refused).
func TestBaselineCountsSaturate(t *testing.T) {
	b, err := ReadBaseline(strings.NewReader(BaselineHeader + "\n0a 2\n0a 3 exact\n0b 9223372036854775807\n0b 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := b.Write(&buf); err != nil {
		t.Fatal(err)
	}
	want := BaselineHeader + "\n0a 5 exact\n0b 9223372036854775807\n"
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
}

// TestReadBaselineErrorsShort: a bad line is quoted by its start, not
// whole: a binary file given as -baseline, or a line of 60,000 bytes,
// made an error of 158 KB on the terminal, Go's escapes of every byte.
func TestReadBaselineErrorsShort(t *testing.T) {
	junk := strings.Repeat("\x7fELF\x02\x01", 10_000)
	for name, in := range map[string]string{
		"binary":         junk,
		"long version":   "# copycat baseline v9 " + junk,
		"long line":      BaselineHeader + "\n" + junk + "\n",
		"long count":     BaselineHeader + "\n0a " + strings.Repeat("9x", 30_000) + "\n",
		"long bad class": BaselineHeader + "\n0g" + strings.Repeat("x", 60_000) + " 2\n",
	} {
		_, err := ReadBaseline(strings.NewReader(in))
		if err == nil {
			t.Errorf("%s: no error", name)
			continue
		}
		if len(err.Error()) > 400 || !strings.Contains(err.Error(), "baseline line ") || !strings.Contains(err.Error(), "…") {
			t.Errorf("%s: an error of %d bytes, want at most 400 naming the line and quoting its start: %.300s", name, len(err.Error()), err)
		}
	}
}

// BoilerplateLine counts the code held back as boilerplate, but over a
// change (its line counts the added lines among it) or where FloorLine
// says it already; Markdown says it alike.
func TestBoilerplateLine(t *testing.T) {
	b := NewBoilerplate(map[string][]fingerprint.LineRange{"a.go": {{Start: 1, End: 10}, {Start: 20, End: 20}}, "b.go": {{Start: 5, End: 9}}}, 10)
	rep := &Report{Boilerplate: b, Classes: []fingerprint.Class{class("aa", fingerprint.Exact, "x.go", "y.go")}}
	want := "copycat: left out as boilerplate: 16 lines in 2 files repeat code seen more than 10 times (-max-occurrences 0 compares them too)"
	if got := rep.BoilerplateLine(); got != want {
		t.Errorf("BoilerplateLine = %q, want %q", got, want)
	}
	var buf bytes.Buffer
	if err := Markdown(&buf, rep); err != nil || !strings.Contains(buf.String(), "\nLeft out as boilerplate: 16 lines in 2 files repeat code seen more than 10 times (-max-occurrences 0 compares them too).\n") {
		t.Errorf("Markdown (%v):\n%s", err, buf.String())
	}
	quiet := b
	quiet.Quiet = true
	for name, r := range map[string]*Report{
		"none":     {Classes: rep.Classes},
		"a change": {Boilerplate: b, Classes: rep.Classes, Change: &ChangeStats{}},
		"nothing found, said by the floor's line": {Boilerplate: b, MinTokens: 100, MinLines: 6, MaxOccurrences: 10, Stats: fingerprint.Stats{Files: 2}},
		"copycat -q": {Boilerplate: quiet, Classes: rep.Classes},
	} {
		if got := r.BoilerplateLine(); got != "" {
			t.Errorf("%s: BoilerplateLine = %q, want none", name, got)
		}
	}
}

// JSON counts the code held back as boilerplate in stats, as the text
// report's line does, also where that line is not printed (copycat -q,
// a run that found nothing); not over a change, whose stats.change
// counts the added lines among it.
func TestBoilerplateJSON(t *testing.T) {
	b := NewBoilerplate(map[string][]fingerprint.LineRange{"a.go": {{Start: 1, End: 10}, {Start: 20, End: 20}}, "b.go": {{Start: 5, End: 9}}}, 10)
	quiet := b
	quiet.Quiet = true
	const want = `"boilerplate_lines": 16,
    "boilerplate_files": 2`
	for name, tc := range map[string]struct {
		r    *Report
		says bool
	}{
		"classes":       {&Report{Boilerplate: b, Classes: []fingerprint.Class{class("aa", fingerprint.Exact, "x.go", "y.go")}}, true},
		"nothing found": {&Report{Boilerplate: b, MinTokens: 100, MinLines: 6, MaxOccurrences: 10, Stats: fingerprint.Stats{Files: 2}}, true},
		"copycat -q":    {&Report{Boilerplate: quiet}, true},
		"none":          {&Report{}, false},
		"a change":      {&Report{Boilerplate: b, Change: &ChangeStats{}}, false},
	} {
		var buf bytes.Buffer
		if err := JSON(&buf, tc.r); err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(buf.String(), want); got != tc.says || strings.Contains(buf.String(), `"boilerplate_files"`) != tc.says {
			t.Errorf("%s: JSON says the boilerplate: %t, want %t:\n%s", name, got, tc.says, buf.String())
		}
	}
}
