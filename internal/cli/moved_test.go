package cli

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/change"
	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/testtool"
	"github.com/copycat-go/copycat/report"
)

// moveRepo is gitRepo with a/a.go holding a constant beside the function
// b/b.go copies, so that moving the function out of it leaves the file
// (git would find a file moved whole a rename, which is no change).
func moveRepo(t *testing.T) string {
	t.Helper()
	dir := gitRepo(t)
	testtool.WriteFiles(t, dir, map[string]string{"a/a.go": pasteSource("a", [4]string{"rows", "out", "line", "total"}) + limitConst})
	testtool.Git(t, "commit", "-q", "-am", "a constant")
	return dir
}

// limitConst is what a/a.go keeps when its function moves.
const limitConst = "\n// Limit is the most rows a summary reads.\nconst Limit = 100\n"

// moveSummary moves a/a.go's function into name, a file of package pkg,
// as it was or edited by edit.
func moveSummary(t *testing.T, dir, name, pkg string, edit func(string) string) {
	t.Helper()
	testtool.WriteFiles(t, dir, map[string]string{
		"a/a.go": "package a\n" + limitConst,
		name:     edit(pasteSource(pkg, [4]string{"rows", "out", "line", "total"})),
	})
	testtool.Git(t, "add", "-A")
}

// A function with a twin elsewhere, moved from one file into another,
// is no new copy: the run passes (it said "1 new copy", exit 1, and "it
// removed 1 copy", as bbolt's 4989594 did) and says where the copy came
// from, in every format; in its package or another, as it was or edited
// on the way. A copy pasted besides is still new, once.
func TestChangeMovedCopy(t *testing.T) {
	same := func(s string) string { return s }
	// A check added on the way: the copies are no longer exact.
	edited := func(s string) string {
		return strings.Replace(s, "\t\tline = strings.TrimSpace(line)\n",
			"\t\tline = strings.TrimSpace(line)\n\t\tif line == \"-\" {\n\t\t\tbreak\n\t\t}\n", 1)
	}
	for _, tc := range []struct {
		name, file, pkg string
		edit            func(string) string
		moved           string
	}{
		{"into another file of its package", "a/summary.go", "a", same,
			"a/summary.go:8:1: duplicate of b/b.go:8-27 (renamed"},
		{"into another package, edited on the way", "c/c.go", "c", edited,
			"c/c.go:8:1: duplicate of b/b.go:8-27 (near"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := moveRepo(t)
			moveSummary(t, dir, tc.file, tc.pkg, tc.edit)
			out := changeSays(t, ExitClean, tc.moved,
				"; moved copy: the change moved this copy of b/b.go:8-27 from a/a.go:8-27 (at the base)",
				"b/b.go:8:1: duplicate of "+tc.file,
				"; the change moved a copy of this code from a/a.go:8-27 (at the base) to "+tc.file,
				"copycat: the change: 0 new copies, 0 forgotten twins, 0 classes grown; 0 of the ",
				"; it moved 1 copy\n")
			if strings.Contains(out, "removed") || strings.Contains(out, "a/a.go:8:1") {
				t.Errorf("the copy moved away is said removed too:\n%s", out)
			}
			// -max-new-duplication counts no line of it.
			if out, errs, code := runChange(t, "-max-new-duplication", "0", "-new-from-rev", "HEAD", "./..."); code != ExitClean {
				t.Errorf("-max-new-duplication 0: exit %d\n%s%s", code, out, errs)
			}
			movedFormats(t, tc.file)
		})
	}
	// A move and a paste in one change: the paste is the one new copy
	// (a copy more than the class had), and fails the run once.
	t.Run("moved, and pasted besides", func(t *testing.T) {
		dir := moveRepo(t)
		moveSummary(t, dir, "a/summary.go", "a", same)
		testtool.WriteFiles(t, dir, map[string]string{"d/d.go": pasteSource("d", [4]string{"rows", "out", "line", "total"})})
		changeSays(t, ExitClones, "a/summary.go:8:1: duplicate of b/b.go:8-27 (renamed, 119 tokens, 3 copies",
			"; moved copy: the change moved this copy of b/b.go:8-27 from a/a.go:8-27 (at the base)",
			"d/d.go:8:1: duplicate of a/summary.go:8-27", "; one more copy of b/b.go:8-27 (that copy unchanged): the class grew to 3 copies",
			"copycat: the change: 1 new copy, 0 forgotten twins, 1 class grown; 20 of the ", "; it moved 1 copy\n")
	})
	// A paste alone is a new copy, as it was.
	t.Run("pasted", func(t *testing.T) {
		dir := moveRepo(t)
		testtool.WriteFiles(t, dir, map[string]string{"d/d.go": pasteSource("d", [4]string{"rows", "out", "line", "total"})})
		if out := changeSays(t, ExitClones, "; one more copy of a/a.go:8-27 (that copy unchanged)", "copycat: the change: 1 new copy, 0 forgotten twins, 1 class grown"); strings.Contains(out, "moved") {
			t.Errorf("a paste is said moved:\n%s", out)
		}
	})
}

// changeSays runs -new-from-rev HEAD over ./..., checks that it exits
// with exit and says each of wants, and returns what it wrote.
func changeSays(t *testing.T, exit int, wants ...string) string {
	t.Helper()
	out, errs, code := runChange(t, "-new-from-rev", "HEAD", "./...")
	saysAll(t, out, errs, code, exit, wants...)
	return out
}

// movedFormats checks that JSON, Markdown and SARIF say that the change
// moved a/a.go's function to file: JSON's class "moved", its copy moved
// from a/a.go:8-27 and not new; a line under Markdown's copies moved;
// SARIF's result on it updated, not new.
func movedFormats(t *testing.T, file string) {
	t.Helper()
	js, _, _ := runChange(t, "-new-from-rev", "HEAD", "-json", "./...")
	var rep struct {
		Stats struct {
			Change struct{ New, Moved, Removed int }
		}
		Classes []struct {
			Change    string
			Fragments []struct {
				File   string
				Change struct {
					New, Moved bool
					MovedFrom  *struct {
						File      string
						StartLine int `json:"start_line"`
						EndLine   int `json:"end_line"`
					} `json:"moved_from"`
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatal(err)
	}
	ok := len(rep.Classes) == 1 && rep.Classes[0].Change == "moved" && rep.Stats.Change.Moved == 1 && rep.Stats.Change.New == 0 && rep.Stats.Change.Removed == 0
	for _, f := range rep.Classes[0].Fragments {
		c := f.Change
		moved := f.File == file
		ok = ok && c.Moved == moved && !c.New && (c.MovedFrom != nil) == moved
		if moved {
			ok = ok && fmt.Sprint(*c.MovedFrom) == "{a/a.go 8 27}"
		}
	}
	if !ok {
		t.Errorf("JSON:\n%s", js)
	}
	md, _, _ := runChange(t, "-new-from-rev", "HEAD", "-format", "markdown", "./...")
	for _, want := range []string{
		"### copycat: 0 new copies, 0 forgotten twins, 0 classes grown, 1 copy moved\n",
		"**Copies moved: code the change moved from elsewhere, not new**\n\n- `" + file + ":8-",
		"moved copy: the change moved this copy of b/b.go:8-27 from a/a.go:8-27 (at the base)",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md)
		}
	}
	sarif, _, _ := runChange(t, "-new-from-rev", "HEAD", "-format", "sarif", "./...")
	if strings.Count(sarif, `"baselineState":"updated"`) != 1 || strings.Count(sarif, `"baselineState":"unchanged"`) != 1 {
		t.Errorf("SARIF: want the moved copy updated and its twin unchanged:\n%s", sarif)
	}
}

// A class moved whole, every copy out of one file into another, as
// bbolt's 9a9e3a4 moved its bench command ("5 new copies"), has no copy
// left as it was: its copies are moved when a class of clones joins the
// base's copies and the tree's. A class written where one was deleted,
// of other code, is new.
func TestChangeMovedClass(t *testing.T) {
	dir := gitRepo(t)
	twice := func(f func(string, int) string) string {
		return f("First", 12) + "\n" + f("Second", 12)
	}
	testtool.WriteFiles(t, dir, map[string]string{"e/e.go": "package e\n\n" + twice(lookups) + limitConst})
	testtool.Git(t, "add", "-A")
	testtool.Git(t, "commit", "-q", "-m", "two copies in e")
	testtool.WriteFiles(t, dir, map[string]string{
		"e/e.go": "package e\n" + limitConst,
		"f/f.go": "package f\n\n" + strings.ReplaceAll(twice(lookups), "keys", "found"),
	})
	testtool.Git(t, "add", "-A")
	changeSays(t, ExitClean, "f/f.go:3:1: duplicate of f/f.go:44-83",
		"; moved copy: the change moved this copy of f/f.go:44-83 from e/e.go:3-42 (at the base)",
		"; moved copy: the change moved this copy of f/f.go:3-42 from e/e.go:44-83 (at the base)",
		"copycat: the change: 0 new copies, 0 forgotten twins, 0 classes grown; 0 of the 83 lines it added copy other code (0.0%)", "; it moved 2 copies\n")
	// Other code of about the same size where the class was: new.
	testtool.WriteFiles(t, dir, map[string]string{"f/f.go": "package f\n\n" + twice(shifts)})
	testtool.Git(t, "add", "-A")
	if out := changeSays(t, ExitClones, "f/f.go:3:1: duplicate of f/f.go:", "copycat: the change: 1 new copy, 0 forgotten twins, 0 classes grown"); strings.Contains(out, "moved") {
		t.Errorf("other code written where a class was deleted is said moved:\n%s", out)
	}
}

// lookups is a function of n lookups in a map, for a class of copies
// no other test code has.
func lookups(name string, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "func %s(m map[string]int) (string, bool) {\n\tkeys := \"\"\n", name)
	for i := range n {
		fmt.Fprintf(&b, "\tif v, ok := m[%q]; ok && v != %d {\n\t\tkeys += %q\n\t}\n", fmt.Sprint("k", i), i, fmt.Sprint(i))
	}
	b.WriteString("\treturn keys, len(keys) > 0\n}\n")
	return b.String()
}

// shifts is other code of lookups' size: n loops.
func shifts(name string, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "func %s(xs []uint) uint {\n\tvar acc uint\n", name)
	for i := range n {
		fmt.Fprintf(&b, "\tfor j := %d; j < len(xs); j += %d {\n\t\tacc ^= xs[j] << %d\n\t}\n", i, i+1, i)
	}
	b.WriteString("\treturn acc\n}\n")
	return b.String()
}

// moves pairs a new copy with a copy taken away when their classes share
// a copy left as it was and their sizes may be two copies of one class;
// each copy is in one move at most, and a base class whose every copy
// taken away moved is dropped.
func TestMovesPairs(t *testing.T) {
	frag := func(file string, first, last, tokens int) fingerprint.Fragment {
		f := fragmentAt(file, first, last)
		f.Tokens = tokens
		return f
	}
	// verdict is a class's verdict: each copy new (n), taken away or
	// edited (t), or left as it was (-).
	verdict := func(kind, copies string) change.Verdict {
		v := change.Verdict{Kind: kind, Broken: kind == change.Removed}
		for _, c := range copies {
			v.New, v.Touched = append(v.New, c == 'n'), append(v.Touched, c != '-')
			v.Added, v.Removed = append(v.Added, map[bool]int{true: 20}[c == 'n']), append(v.Removed, map[bool]int{true: 20}[c == 't'])
			v.AddedAt, v.Was = append(v.AddedAt, nil), append(v.Was, change.Place{File: "was.go", Start: len(v.Was) + 1, End: 99})
		}
		return v
	}
	classes := []fingerprint.Class{
		// x.go's code moved from a/old.go to a/new.go, 118 tokens of 120.
		{Fragments: []fingerprint.Fragment{frag("x.go", 10, 29, 120), frag("a/new.go", 1, 20, 118)}},
		// A function of 400 tokens pasted, where a block of 100 of a
		// copy of it was taken away: no move.
		{Fragments: []fingerprint.Fragment{frag("y.go", 10, 60, 400), frag("c/paste.go", 1, 50, 400)}},
		// z.go's code pasted twice, one copy taken away: one move, into
		// the directory it left.
		{Fragments: []fingerprint.Fragment{frag("d/paste.go", 1, 20, 120), frag("e/moved.go", 1, 20, 120), frag("z.go", 1, 20, 120)}},
		// w.go's code moved from f/old.go, and another copy of it taken
		// away: a move, and a copy removed.
		{Fragments: []fingerprint.Fragment{frag("w.go", 1, 20, 120), frag("f/new.go", 1, 20, 120)}},
	}
	verdicts := []change.Verdict{verdict(change.New, "-n"), verdict(change.New, "-n"), verdict(change.New, "nn-"), verdict(change.New, "-n")}
	base := baseFound{
		classes: []fingerprint.Class{
			{Fragments: []fingerprint.Fragment{frag("a/old.go", 5, 5, 120), frag("x.go", 10, 29, 120)}},
			{Fragments: []fingerprint.Fragment{frag("b/old.go", 8, 8, 100), frag("y.go", 20, 30, 100)}},
			{Fragments: []fingerprint.Fragment{frag("z.go", 1, 20, 120), frag("e/old.go", 3, 3, 120)}},
			{Fragments: []fingerprint.Fragment{frag("g/old.go", 5, 5, 120), frag("f/old.go", 3, 3, 120), frag("w.go", 1, 20, 120)}},
		},
		verdicts: []change.Verdict{verdict(change.Removed, "t-"), verdict(change.Removed, "t-"), verdict(change.Removed, "-t"), verdict(change.Removed, "tt-")},
	}
	c := &Config{Similarity: DefaultSimilarity}
	c.moves(nil, nil, classes, verdicts, &base)
	var got []string
	for ci, v := range verdicts {
		for i, from := range v.MovedFrom {
			if from.File != "" {
				got = append(got, fmt.Sprintf("%s from %s:%d", classes[ci].Fragments[i].File, from.File, from.Start))
			}
		}
		got = append(got, fmt.Sprintf("%s %d new", v.Kind, report.NewCopies(v)))
	}
	for _, cl := range base.classes {
		got = append(got, "base "+cl.Fragments[0].File)
	}
	want := "a/new.go from was.go:1; moved 0 new; new 1 new; e/moved.go from was.go:2; grown 1 new; f/new.go from was.go:2; moved 0 new; base b/old.go; base g/old.go"
	if strings.Join(got, "; ") != want {
		t.Errorf("got  %s\nwant %s", strings.Join(got, "; "), want)
	}
	// The base's class kept says which of its copies moved, and where.
	if len(base.classes) == 2 {
		cl, v := base.classes[1], base.verdicts[1]
		for i, want := range []string{
			"removed copy: the change took away this copy of w.go:1-20 (20 lines removed)",
			"moved copy: the change took this copy of w.go:1-20 away and wrote it again at f/new.go:1-20",
			"the change took away a copy of this code at g/old.go:5 (20 lines removed)",
		} {
			if got := report.ChangeWords(cl, v, i); got != want {
				t.Errorf("copy %d of the base's class: %q, want %q", i, got, want)
			}
		}
	}
}
