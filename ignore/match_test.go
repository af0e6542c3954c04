package ignore

import (
	"path/filepath"
	"strings"
	"testing"
)

// pathological is a line with thirteen "**" and paths thirty directories
// deep that it matches or almost matches: a backtracking matcher tries
// every way of sharing the directories among the "**" (over a minute for
// the old one).
var (
	pathological = strings.Repeat("**/a/", 12) + "**/b"
	deepMiss     = strings.Repeat("a/", 30) + "ab"
	deepHit      = strings.Repeat("a/", 30) + "b"
)

func compileLine(t testing.TB, line string) *rule {
	t.Helper()
	r, ok, err := parseLine(line)
	if err != nil || !ok {
		t.Fatalf("parseLine(%q) = %v, %v", line, ok, err)
	}
	return &r
}

// TestMatchIsPolynomial bounds the matcher's work by counting its steps:
// at most one per state of the automaton and byte of the path (twice:
// the step and the closure), never a number that grows with the ways a
// match can be tried.
func TestMatchIsPolynomial(t *testing.T) {
	for _, line := range []string{
		pathological,
		strings.Repeat("*a", 20) + "/b",
		"a/" + strings.Repeat("**/", 12) + "*a*a*a*b",
	} {
		r := compileLine(t, line)
		for _, text := range []string{deepMiss, deepHit, strings.Repeat("a", 200)} {
			_, steps := r.pat.matchSteps(text)
			bound := 2 * (len(r.pat.mid) + 1) * (len(text) + 1)
			if steps > bound {
				t.Errorf("%q against %q: %d steps, more than %d", line, text, steps, bound)
			}
		}
	}
	r := compileLine(t, pathological)
	if ok, _ := r.pat.matchSteps(deepMiss); ok {
		t.Errorf("%q matches %q", pathological, deepMiss)
	}
	if ok, _ := r.pat.matchSteps(deepHit); !ok {
		t.Errorf("%q does not match %q", pathological, deepHit)
	}
}

// TestLongLines: a line of hundreds of kilobytes costs little more than a short
// one, whatever it repeats.
func TestLongLines(t *testing.T) {
	for _, line := range []string{
		strings.Repeat("**/", 1<<16) + "b",
		strings.Repeat("*a", 1<<16),
		strings.Repeat("a/**/", 1<<16) + "**",
	} {
		r := compileLine(t, line)
		for _, text := range []string{deepMiss, deepHit} {
			if _, steps := r.pat.matchSteps(text); steps > 4*len(text)*len(text) {
				t.Errorf("%.20q… against %q: %d steps", line, text, steps)
			}
		}
	}
}

// TestDeepTree asks about every directory of a deep path, as Ignored
// does, with the pathological line.
func TestDeepTree(t *testing.T) {
	tree := memTree(map[string]string{"": pathological + "\n"})
	if tree.Ignored(filepath.Join(tree.Root(), filepath.FromSlash(deepMiss)), false) {
		t.Errorf("%s is ignored", deepMiss)
	}
	if !tree.Ignored(filepath.Join(tree.Root(), filepath.FromSlash(deepHit)), false) {
		t.Errorf("%s is not ignored", deepHit)
	}
}

// TestMatchDoesNotAllocate: deciding about a path allocates nothing, for
// the common kinds of lines and for one that runs the automaton.
func TestMatchDoesNotAllocate(t *testing.T) {
	l, errs := Parse(FileName, "", []byte("*.pb.go\n/tools/\ndocs/**/*.go\n[!a]*_gen.go\n!keep.go\n"+pathological+"\n"))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, p := range []string{"internal/x/y.go", "docs/a/b/c.go", deepMiss} {
		if n := testing.AllocsPerRun(100, func() { l.match(p, false) }); n != 0 {
			t.Errorf("match(%s) allocates %v times", p, n)
		}
	}
}

func BenchmarkMatch(b *testing.B) {
	for _, bc := range []struct{ name, line, path string }{
		{"suffix", "*.pb.go", "internal/proto/x.pb.go"},
		{"anchored", "/internal/gen/", "internal/gen"},
		{"doublestar", "docs/**/*_test.go", "docs/a/b/c/d_test.go"},
		{"class", "[!a]*_gen.go", "b_gen.go"},
		{"pathological", pathological, deepMiss},
	} {
		r := compileLine(b, bc.line)
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				r.pat.match(bc.path)
			}
		})
	}
}
