package mutation

import (
	"bytes"
	"fmt"
	"go/token"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestMutateDriftProperties checks each drift bug's contract on real
// functions: the copy parses; a removal deletes exactly the lines At of
// an if statement or an assignment; a swap exchanges two names and
// nothing else; an unrenamed copy renames one name to one new name
// everywhere but at one use, on line At.
func TestMutateDriftProperties(t *testing.T) {
	c, funcs := stdFuncs(t)
	for _, b := range append(DriftBugs, RemovedErrorReturn, CrossedOperand, LeftUnindexed, UnadaptedConstant, UnwrappedError, OppositeName, ParallelEdits) {
		t.Run(string(b), func(t *testing.T) {
			c, funcs := c, funcs
			switch b {
			case UnadaptedConstant:
				// Its shape is rare: packages that hold it.
				c, funcs = loadFuncs(t, "cmd/go/internal/work", "cmd/asm/internal/arch", "net", "os")
			case UnwrappedError:
				c, funcs = loadFuncs(t, "net/http", "cmd/go/internal/modload", "crypto/tls")
			}
			applied := 0
			for i, fn := range funcs {
				src := c.Src[fn.File][fn.Start:fn.End]
				m, err := MutateDrift(b, src, rand.New(rand.NewPCG(1, uint64(i))))
				if err != nil {
					continue
				}
				applied++
				if _, _, err := parseDecl(m.Src); err != nil {
					t.Errorf("%s: %v\n%s", fn.Name, err, m.Src)
					continue
				}
				if err := driftContract(b, src, m); err != nil {
					t.Errorf("%s: %s: %v\n%s", fn.Name, m.Edits, err, m.Src)
				}
				again, _ := MutateDrift(b, src, rand.New(rand.NewPCG(1, uint64(i))))
				if !bytes.Equal(again.Src, m.Src) {
					t.Errorf("%s: two runs with one seed differ", fn.Name)
				}
			}
			if applied == 0 {
				t.Errorf("applies to none of %d functions", len(funcs))
			}
		})
	}
}

func driftContract(b DriftBug, src []byte, m Mutant) error {
	switch b {
	case RemovedGuard, RemovedErrorPath, RemovedErrorReturn:
		l := lineInfo(src)
		want := apply(src, []edit{{l.start[m.At[0]], min(l.end(src, m.At[1])+1, len(src)), ""}})
		if !bytes.Equal(want, m.Src) {
			return fmt.Errorf("not lines %d-%d removed", m.At[0], m.At[1])
		}
		first := strings.TrimSpace(string(src[l.start[m.At[0]]:l.end(src, m.At[0])]))
		if b == RemovedGuard && !strings.HasPrefix(first, "if ") {
			return fmt.Errorf("removed %q, not an if statement", first)
		}
	case DiscardedCheck:
		// Lines At[0]+1 to At[1] removed, and one name on line At[0]
		// made the blank identifier.
		l := lineInfo(src)
		cut := apply(src, []edit{{l.start[m.At[0]+1], min(l.end(src, m.At[1])+1, len(src)), ""}})
		a, c := scan(cut, false), scan(m.Src, false)
		if len(a) != len(c) {
			return fmt.Errorf("%d tokens, want %d", len(c), len(a))
		}
		changed := 0
		for i := range a {
			if a[i].tok != c[i].tok || a[i].lit != c[i].lit && (c[i].lit != "_" || lineInfo(cut).line(a[i].off) != m.At[0]) {
				return fmt.Errorf("token %d is %s %q, want %s %q", i, c[i].tok, c[i].lit, a[i].tok, a[i].lit)
			}
			if a[i].lit != c[i].lit {
				changed++
			}
		}
		if changed != 1 {
			return fmt.Errorf("%d names made blank, want 1", changed)
		}
		first := strings.TrimSpace(string(src[l.start[m.At[0]+1]:l.end(src, m.At[0]+1)]))
		if !strings.HasPrefix(first, "if ") {
			return fmt.Errorf("removed %q, not an if statement", first)
		}
	case CrossedOperand:
		// One field selected, on line At[1], made another.
		a, _, diff, err := namesChanged(src, m.Src)
		if err != nil {
			return err
		}
		if len(diff) != 1 || diff[0] == 0 || a[diff[0]-1].tok != token.PERIOD {
			return fmt.Errorf("%d tokens changed, want one field", len(diff))
		}
		if l := lineInfo(src); l.line(a[diff[0]].off) != m.At[1] {
			return fmt.Errorf("field changed on line %d, want %d", l.line(a[diff[0]].off), m.At[1])
		}
	case LeftUnindexed:
		return unindexedContract(src, m)
	case UnwrappedError:
		// One byte changed, a w made v, after a %, on line At.
		if len(src) != len(m.Src) {
			return fmt.Errorf("length changed")
		}
		var diff []int
		for i := range src {
			if src[i] != m.Src[i] {
				diff = append(diff, i)
			}
		}
		if len(diff) != 1 || src[diff[0]] != 'w' || m.Src[diff[0]] != 'v' || src[diff[0]-1] != '%' {
			return fmt.Errorf("%d bytes changed, want one %%w made %%v", len(diff))
		}
		if l := lineInfo(src); l.line(diff[0]) != m.At[0] {
			return fmt.Errorf("changed on line %d, want %d", l.line(diff[0]), m.At[0])
		}
	case OppositeName:
		// The function's name alone changed, on line At, one word of it
		// made its opposite.
		_, fd, err := parseDecl(src)
		if err != nil {
			return err
		}
		a, c, diff, err := namesChanged(src, m.Src)
		if err != nil {
			return err
		}
		if len(diff) != 1 || a[diff[0]].lit != fd.Name.Name {
			return fmt.Errorf("%d tokens changed, want the function's name", len(diff))
		}
		if l := lineInfo(src); l.line(a[diff[0]].off) != m.At[0] {
			return fmt.Errorf("name changed on line %d, want %d", l.line(a[diff[0]].off), m.At[0])
		}
		if !slices.ContainsFunc(opposites, func(p string) bool {
			x, y, _ := strings.Cut(p, ":")
			return oneWordSwapped(a[diff[0]].lit, c[diff[0]].lit, x, y) || oneWordSwapped(a[diff[0]].lit, c[diff[0]].lit, y, x)
		}) {
			return fmt.Errorf("%s made %s: no word made its opposite", a[diff[0]].lit, c[diff[0]].lit)
		}
	case UnadaptedConstant:
		// One member selected, on line At[0], made another that the
		// function names elsewhere, after the same package's name.
		a, c, diff, err := namesChanged(src, m.Src)
		if err != nil {
			return err
		}
		if len(diff) != 1 || diff[0] < 2 || a[diff[0]-1].tok != token.PERIOD {
			return fmt.Errorf("%d tokens changed, want one member", len(diff))
		}
		i := diff[0]
		if l := lineInfo(src); l.line(a[i].off) != m.At[0] {
			return fmt.Errorf("member changed on line %d, want %d", l.line(a[i].off), m.At[0])
		}
		elsewhere := false
		for j := 2; j < len(a); j++ {
			elsewhere = elsewhere || j != i && a[j].lit == c[i].lit && a[j-1].tok == token.PERIOD && a[j-2].lit == a[i-2].lit
		}
		if !elsewhere {
			return fmt.Errorf("%s.%s named nowhere else", a[i-2].lit, c[i].lit)
		}
	case SwappedArgs, LeftUnrenamed:
		a, c, diff, err := namesChanged(src, m.Src)
		if err != nil {
			return err
		}
		if b == SwappedArgs {
			if len(diff) != 2 || a[diff[0]].lit != c[diff[1]].lit || a[diff[1]].lit != c[diff[0]].lit {
				return fmt.Errorf("not two names swapped: %d names changed", len(diff))
			}
			return nil
		}
		old, to := a[diff[0]].lit, c[diff[0]].lit
		l := lineInfo(m.Src)
		kept := 0 // uses of old left, not selected, on line At
		for i := range a {
			switch {
			case a[i].lit != c[i].lit && (a[i].lit != old || c[i].lit != to):
				return fmt.Errorf("%s renamed to %s beside %s to %s", a[i].lit, c[i].lit, old, to)
			case c[i].lit == old && (i == 0 || c[i-1].tok != token.PERIOD) && l.line(c[i].off) == m.At[0]:
				kept++
			}
		}
		if kept == 0 {
			return fmt.Errorf("%s not kept on line %d", old, m.At[0])
		}
	}
	return nil
}

// namesChanged scans src and its copy dst, which must hold tokens of the
// same kinds, names alone changed, and returns the tokens of each and
// the indexes of the names changed.
func namesChanged(src, dst []byte) (a, c []tok, diff []int, err error) {
	a, c = scan(src, false), scan(dst, false)
	if len(a) != len(c) {
		return nil, nil, nil, fmt.Errorf("%d tokens, want %d", len(c), len(a))
	}
	for i := range a {
		if a[i].tok != c[i].tok {
			return nil, nil, nil, fmt.Errorf("token %d is %s, want %s", i, c[i].tok, a[i].tok)
		}
		if a[i].lit != c[i].lit {
			if a[i].tok != token.IDENT {
				return nil, nil, nil, fmt.Errorf("token %d changed: %s", i, a[i].tok)
			}
			diff = append(diff, i)
		}
	}
	return a, c, diff, nil
}

// unindexedContract checks LeftUnindexed: the copy's tokens are the
// original's with one name x made one new name y, each place of x but
// its first (the declaration) and one on line At followed by [k], one
// token k, the same each time, and nothing else changed.
func unindexedContract(src []byte, m Mutant) error {
	a, c := scan(src, false), scan(m.Src, false)
	l := lineInfo(m.Src)
	var old, to, key string
	seen, bare := 0, 0
	j := 0
	for i := range a {
		if j >= len(c) {
			return fmt.Errorf("copy ends at the original's token %d", i)
		}
		if a[i].tok != c[j].tok {
			return fmt.Errorf("token %d is %s, want %s", j, c[j].tok, a[i].tok)
		}
		if a[i].lit == c[j].lit {
			j++
			continue
		}
		if a[i].tok != token.IDENT || old != "" && (a[i].lit != old || c[j].lit != to) {
			return fmt.Errorf("%s made %s beside %s made %s", a[i].lit, c[j].lit, old, to)
		}
		old, to = a[i].lit, c[j].lit
		seen++
		j++
		if j+2 < len(c) && c[j].tok == token.LBRACK && c[j+2].tok == token.RBRACK && (i+1 >= len(a) || a[i+1].tok != token.LBRACK) {
			if key != "" && c[j+1].lit != key {
				return fmt.Errorf("indexed by %s and by %s", key, c[j+1].lit)
			}
			key = c[j+1].lit
			j += 3
			continue
		}
		if seen > 1 {
			bare++
			if l.line(c[j-1].off) != m.At[0] {
				return fmt.Errorf("%s bare on line %d, want %d", to, l.line(c[j-1].off), m.At[0])
			}
		}
	}
	if j != len(c) {
		return fmt.Errorf("%d tokens more in the copy", len(c)-j)
	}
	if bare != 1 || seen < 4 || key == "" {
		return fmt.Errorf("%s made %s at %d places, %d of them bare but the first, key %q: want 4 or more, one bare", old, to, seen, bare, key)
	}
	return nil
}

// oneWordSwapped reports whether name b is name a with one x, in either
// case of its first letter, made y.
func oneWordSwapped(a, b, x, y string) bool {
	for _, w := range [][2]string{{x, y}, {strings.ToLower(x[:1]) + x[1:], strings.ToLower(y[:1]) + y[1:]}} {
		for i := 0; i+len(w[0]) <= len(a); i++ {
			if strings.HasPrefix(a[i:], w[0]) && a[:i]+w[1]+a[i+len(w[0]):] == b {
				return true
			}
		}
	}
	return false
}
