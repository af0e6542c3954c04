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
	small, large := queriesWork(t, n), queriesWork(t, 2*n)
	hostile.Linear(t, "ranges read", small, large)
}

// queriesWork asks of the change every question the command line asks
// of the classes of ManyClasses(n), and returns the ranges it read.
func queriesWork(t *testing.T, n int) int64 {
	t.Helper()
	src := hostile.ManyClasses(n)
	files, err := ParseDiff(bytes.NewReader(hostile.EveryOtherLineAdded("x.go", src)))
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
		old, new := 1, 1 // the next lines of each file
		for range 1 + r.IntN(8) {
			skip := r.IntN(5)
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
			fmt.Fprintf(&d, "@@ -%d,%d +%d,%d @@\n%s", oa, o, na, nn, body.String())
			old, new = old+o, new+nn
		}
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
		for first := -1; first <= new+3; first++ {
			for last := first - 2; last <= new+3; last++ {
				if a, b := f.AddedIn(first, last), read.AddedIn(first, last); a != b {
					t.Fatalf("round %d: AddedIn(%d, %d) = %d, read %d\n%s", round, first, last, a, b, d.String())
				}
				if a, b := f.AddedRanges(first, last), read.AddedRanges(first, last); !slices.Equal(a, b) {
					t.Fatalf("round %d: AddedRanges(%d, %d) = %v, read %v\n%s", round, first, last, a, b, d.String())
				}
				if a, b := f.RemovedIn(first, last), read.RemovedIn(first, last); a != b {
					t.Fatalf("round %d: RemovedIn(%d, %d) = %d, read %d\n%s", round, first, last, a, b, d.String())
				}
				if a, b := f.GoneIn(first, last), read.GoneIn(first, last); a != b {
					t.Fatalf("round %d: GoneIn(%d, %d) = %d, read %d\n%s", round, first, last, a, b, d.String())
				}
				a1, a2 := f.NewLines(first, last)
				b1, b2 := read.NewLines(first, last)
				if a1 != b1 || a2 != b2 {
					t.Fatalf("round %d: NewLines(%d, %d) = %d, %d, read %d, %d\n%s", round, first, last, a1, a2, b1, b2, d.String())
				}
			}
		}
	}
}

// A file the diff names twice, its ranges out of order, is read whole,
// as before.
func TestQueriesOutOfOrder(t *testing.T) {
	d := "--- a/x.go\n+++ b/x.go\n@@ -10,1 +10,2 @@\n x\n+y\n--- a/x.go\n+++ b/x.go\n@@ -2,1 +2,2 @@\n x\n+y\n"
	files, err := ParseDiff(strings.NewReader(d))
	if err != nil {
		t.Fatal(err)
	}
	f := files["x.go"]
	if f.index != nil {
		t.Fatalf("ranges %v indexed", f.Added)
	}
	if got := f.AddedIn(1, 20); got != 2 {
		t.Errorf("AddedIn(1, 20) = %d, want 2", got)
	}
}
