package change

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/hostile"
)

// A file of n pairs of copies (hostile.ManyClasses) and a change adding
// every other line of it (hostile.EveryOtherLineAdded), then 2n: what
// judging every class, counting the lines the change added to its new
// copies, and mapping the base's copies to the new lines and counting
// what they lost and gained (brokenTwins) read of the file's ranges
// (work) may grow about linearly, at most 2.6 times. Each query read
// every range of the file: 4.
func TestQueriesHostile(t *testing.T) {
	const n = 1000
	small, large := queriesWork(t, n, ""), queriesWork(t, 2*n, "")
	hostile.Linear(t, "ranges read", small, large)
}

// The same, the diff naming the file again after its hunk for a line
// added at its top, as a diff put together from others may: the file's
// ranges, out of order, were not indexed, and each query read them all
// (330 million then 1,320 million ranges from 1,000 to 2,000 pairs,
// 4.0×); they are put in order and indexed (TestSectionsMerged).
func TestSectionsHostile(t *testing.T) {
	const n, again = 1000, "--- a/x.go\n+++ b/x.go\n@@ -0,0 +1 @@\n+// a line added at the top\n"
	small, large := queriesWork(t, n, again), queriesWork(t, 2*n, again)
	hostile.Linear(t, "ranges read", small, large)
}

// queriesWork asks of the change every question the command line asks
// of the classes of ManyClasses(n), the diff EveryOtherLineAdded's and
// then more, and returns the ranges it read.
func queriesWork(t *testing.T, n int, more string) int64 {
	t.Helper()
	src := hostile.ManyClasses(n)
	diff := append(hostile.EveryOtherLineAdded("x.go", src), more...)
	files, err := ParseDiff(bytes.NewReader(diff))
	if err != nil {
		t.Fatal(err)
	}
	f := files["x.go"]
	if f == nil || len(f.Added) < n*30 || len(f.Removed) < n*15 {
		t.Fatalf("the diff's file: %+v", f)
	}
	// Each function of the file is a copy; the two of a pair a class.
	var classes []fingerprint.Class
	var start int
	var open string
	for i, line := range strings.Split(string(src), "\n") {
		switch {
		case strings.HasPrefix(line, "func "):
			start, open = i+1, line
		case line == "}":
			fr := fingerprint.Fragment{File: "/r/x.go", Start: fingerprint.Position{Line: start}, End: fingerprint.Position{Line: i + 1}}
			if strings.HasSuffix(open, "a() {") {
				classes = append(classes, fingerprint.Class{})
			}
			classes[len(classes)-1].Fragments = append(classes[len(classes)-1].Fragments, fr)
		}
	}
	if len(classes) != n {
		t.Fatalf("%d classes, want %d", len(classes), n)
	}
	ch := NewChange("/r", files)
	before := work.Load()
	copies := map[string][]fingerprint.LineRange{}
	for _, c := range classes {
		if v := ch.Judge(c); v.Kind != New {
			t.Fatalf("verdict %q, want new", v.Kind)
		}
		for _, fr := range c.Fragments {
			copies[fr.File] = append(copies[fr.File], fingerprint.LineRange{Start: fr.Start.Line, End: fr.End.Line})
			// As brokenTwins asks of a copy of the base (here the whole
			// file is one hunk: its lines map to all of the new file's).
			f.GoneIn(fr.Start.Line, fr.End.Line)
			first, last := f.NewLines(fr.Start.Line, fr.End.Line)
			f.AddedIn(first, last)
		}
	}
	ch.AddedWithin(copies)
	return work.Load() - before
}

// The queries of a File whose ranges are in order search them (its
// index) and answer as reading them all did, over random diffs of many
// hunks and every range of lines around them.
func TestQueriesIndexedAsRead(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 300 {
		var d strings.Builder
		d.WriteString("--- a/x.go\n+++ b/x.go\n")
		hunks, new := randomHunks(r, 0)
		d.WriteString(strings.Join(hunks, ""))
		files, err := ParseDiff(strings.NewReader(d.String()))
		if err != nil {
			t.Fatalf("round %d: %v\n%s", round, err, d.String())
		}
		f := files["x.go"]
		if f.index == nil {
			t.Fatalf("round %d: ranges out of order: %+v\n%s", round, f, d.String())
		}
		read := *f
		read.index = nil
		answersAsRead(t, fmt.Sprintf("round %d", round), f, &read, new, d.String())
	}
}

// randomHunks returns the hunks of a random diff of one file, as git
// diff writes them (with context or without), in order, each at least
// skip lines after the one before, and the lines of its new file, about.
func randomHunks(r *rand.Rand, skip int) (hunks []string, new int) {
	old, new := 1, 1 // the next lines of each file
	for range 1 + r.IntN(8) {
		skip := skip + r.IntN(5)
		old, new = old+skip, new+skip
		var body strings.Builder
		o, nn := 0, 0
		for range 1 + r.IntN(8) {
			switch r.IntN(3) {
			case 0:
				body.WriteString("+x\n")
				nn++
			case 1:
				body.WriteString("-x\n")
				o++
			default:
				body.WriteString(" x\n")
				o++
				nn++
			}
		}
		// A side of no lines is named by the line before them.
		oa, na := old, new
		if o == 0 {
			oa--
		}
		if nn == 0 {
			na--
		}
		hunks = append(hunks, fmt.Sprintf("@@ -%d,%d +%d,%d @@\n%s", oa, o, na, nn, body.String()))
		old, new = old+o, new+nn
	}
	return hunks, new
}

// answersAsRead holds every query of f, over every range of lines up to
// a few past line last, to read's answers; what and diff say what f is.
func answersAsRead(t *testing.T, what string, f, read *File, last int, diff string) {
	t.Helper()
	end := last + 3
	for first := -1; first <= end; first++ {
		for last := first - 2; last <= end; last++ {
			if a, b := f.AddedIn(first, last), read.AddedIn(first, last); a != b {
				t.Fatalf("%s: AddedIn(%d, %d) = %d, read %d\n%s", what, first, last, a, b, diff)
			}
			if a, b := f.AddedRanges(first, last), read.AddedRanges(first, last); !slices.Equal(a, b) {
				t.Fatalf("%s: AddedRanges(%d, %d) = %v, read %v\n%s", what, first, last, a, b, diff)
			}
			if a, b := f.RemovedIn(first, last), read.RemovedIn(first, last); a != b {
				t.Fatalf("%s: RemovedIn(%d, %d) = %d, read %d\n%s", what, first, last, a, b, diff)
			}
			if a, b := f.GoneIn(first, last), read.GoneIn(first, last); a != b {
				t.Fatalf("%s: GoneIn(%d, %d) = %d, read %d\n%s", what, first, last, a, b, diff)
			}
			a1, a2 := f.NewLines(first, last)
			b1, b2 := read.NewLines(first, last)
			if a1 != b1 || a2 != b2 {
				t.Fatalf("%s: NewLines(%d, %d) = %d, %d, read %d, %d\n%s", what, first, last, a1, a2, b1, b2, diff)
			}
		}
	}
}

// A file the diff names twice, its ranges out of order, is indexed, its
// ranges put in order: where its old lines went is read from its hunks
// in order (reading them as the diff gives them said old line 5 stayed
// where it was, before the line added after line 2).
func TestQueriesOutOfOrder(t *testing.T) {
	d := "--- a/x.go\n+++ b/x.go\n@@ -10,1 +10,2 @@\n x\n+y\n--- a/x.go\n+++ b/x.go\n@@ -2,1 +2,2 @@\n x\n+y\n"
	files, err := ParseDiff(strings.NewReader(d))
	if err != nil {
		t.Fatal(err)
	}
	f := files["x.go"]
	if f.index == nil {
		t.Fatalf("ranges %v not indexed", f.Added)
	}
	if want := []fingerprint.LineRange{{Start: 3, End: 3}, {Start: 11, End: 11}}; !slices.Equal(f.Added, want) {
		t.Errorf("Added = %v, want %v", f.Added, want)
	}
	if got := f.AddedIn(1, 20); got != 2 {
		t.Errorf("AddedIn(1, 20) = %d, want 2", got)
	}
	if first, last := f.NewLines(5, 12); first != 6 || last != 14 {
		t.Errorf("NewLines(5, 12) = %d, %d, want 6, 14", first, last)
	}
}

// A diff that names a file in several sections, in any order, as a diff
// put together from others may, reads as the diff of one section of its
// hunks in order: the same ranges, indexed, each query answered alike;
// and a section given twice as given once. Such a file was not indexed,
// each query reading every range of it (TestSectionsHostile).
func TestSectionsMerged(t *testing.T) {
	const head = "--- a/x.go\n+++ b/x.go\n"
	r := rand.New(rand.NewPCG(3, 4))
	parse := func(d string) *File {
		t.Helper()
		files, err := ParseDiff(strings.NewReader(d))
		if err != nil {
			t.Fatalf("%v\n%s", err, d)
		}
		return files["x.go"]
	}
	for round := range 300 {
		// As git writes them: a line at least between two hunks.
		hunks, last := randomHunks(r, 1)
		want := parse(head + strings.Join(hunks, ""))
		var sections []string
		for i := 0; i < len(hunks); {
			n := min(1+r.IntN(3), len(hunks)-i)
			sections = append(sections, head+strings.Join(hunks[i:i+n], ""))
			i += n
		}
		for range r.IntN(3) {
			sections = append(sections, sections[r.IntN(len(sections))])
		}
		r.Shuffle(len(sections), func(i, j int) { sections[i], sections[j] = sections[j], sections[i] })
		d := strings.Join(sections, "")
		got := parse(d)
		if got.index == nil {
			t.Fatalf("round %d: not indexed: %+v\n%s", round, got, d)
		}
		if !slices.Equal(got.Added, want.Added) || !slices.Equal(got.Gone, want.Gone) || !slices.Equal(got.Removed, want.Removed) || !slices.Equal(got.hunks, want.hunks) {
			t.Fatalf("round %d: %+v\nwant %+v\n%s", round, got, want, d)
		}
		answersAsRead(t, fmt.Sprintf("round %d", round), got, want, last, d)
	}
}
