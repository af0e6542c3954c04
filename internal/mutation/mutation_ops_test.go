package mutation

import (
	"bytes"
	"fmt"
	"go/token"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// stdFuncs are real functions to mutate: those of a few standard-library
// packages.
func stdFuncs(t *testing.T) (*Corpus, []Func) {
	return loadFuncs(t, "strings", "fmt", "bufio")
}

// loadFuncs loads the functions of the standard library's pkgs as
// stdFuncs does.
func loadFuncs(t *testing.T, pkgs ...string) (*Corpus, []Func) {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Skipf("go env GOROOT: %v", err)
	}
	c, err := Load(filepath.Join(strings.TrimSpace(string(out)), "src"), pkgs, 15, 70, 50)
	if err != nil {
		t.Fatal(err)
	}
	return c, c.Funcs
}

// TestMutateProperties checks each operator's contract on real functions:
// the copy parses; T1 keeps every token; T2 keeps the token kinds and
// renames each name it changes always to the same new one, never two to
// one; T3 stays at least 70% similar.
func TestMutateProperties(t *testing.T) {
	c, funcs := stdFuncs(t)
	checks := map[Kind]func(orig, m []byte) error{
		T1:  sameTokens,
		T2:  consistentRenaming,
		T3:  similarEnough,
		T23: func(_, m []byte) error { _, _, err := parseDecl(m); return err },
	}
	for _, k := range Kinds {
		t.Run(string(k), func(t *testing.T) {
			failed := 0
			for i, fn := range funcs {
				decl := c.Src[fn.File][fn.Start:fn.End]
				mu, err := Mutate(k, decl, rand.New(rand.NewPCG(1, uint64(i))))
				if err != nil {
					failed++
					continue
				}
				m := mu.Src
				if n := len(mu.Edits); (k == T3 || k == T23) && (n < 1 || n > 3) {
					t.Errorf("%s: %d type-3 edits %q, want 1 to 3", fn.Name, n, mu.Edits)
				}
				if bytes.Equal(m, decl) {
					t.Errorf("%s: copy is unchanged", fn.Name)
				}
				if err := checks[k](decl, m); err != nil {
					t.Errorf("%s: %v\n%s", fn.Name, err, m)
				}
			}
			if failed*10 > len(funcs) {
				t.Errorf("%d of %d functions could not be mutated", failed, len(funcs))
			}
		})
	}
}

func consistentRenaming(orig, m []byte) error {
	if _, _, err := parseDecl(m); err != nil {
		return err
	}
	a, b := scan(orig, false), scan(m, false)
	if len(a) != len(b) {
		return fmt.Errorf("%d tokens, want %d", len(b), len(a))
	}
	fwd, back := map[string]string{}, map[string]string{}
	for i := range a {
		if a[i].tok != b[i].tok {
			return fmt.Errorf("token %d is %s, want %s", i, b[i].tok, a[i].tok)
		}
		if a[i].tok != token.IDENT || a[i].lit == b[i].lit {
			continue // a name kept (a selector, a literal key) or not declared here
		}
		if to, ok := fwd[a[i].lit]; ok && to != b[i].lit {
			return fmt.Errorf("%s renamed to both %s and %s", a[i].lit, to, b[i].lit)
		}
		if from, ok := back[b[i].lit]; ok && from != a[i].lit {
			return fmt.Errorf("%s and %s both renamed to %s", from, a[i].lit, b[i].lit)
		}
		fwd[a[i].lit], back[b[i].lit] = b[i].lit, a[i].lit
	}
	return nil
}

func similarEnough(orig, m []byte) error {
	if _, _, err := parseDecl(m); err != nil {
		return err
	}
	if s := Similarity(orig, m); s < MinSimilarity {
		return fmt.Errorf("similarity %.2f, want at least %.2f", s, MinSimilarity)
	}
	return nil
}

func TestMutateDeterministic(t *testing.T) {
	c, funcs := stdFuncs(t)
	for _, k := range Kinds {
		for i, fn := range funcs[:min(20, len(funcs))] {
			decl := c.Src[fn.File][fn.Start:fn.End]
			a, errA := Mutate(k, decl, rand.New(rand.NewPCG(7, uint64(i))))
			b, errB := Mutate(k, decl, rand.New(rand.NewPCG(7, uint64(i))))
			if !bytes.Equal(a.Src, b.Src) || (errA == nil) != (errB == nil) {
				t.Errorf("%s %s: two runs with one seed differ", k, fn.Name)
			}
		}
	}
}

func TestSimilarity(t *testing.T) {
	tests := []struct {
		a, b string
		want float64
	}{
		{"a\nb\nc\nd", "a\nb\nc\nd", 1},
		{"a\n\tb\nc\nd", "a\n\n  b\nc\nd\n", 1},
		{"a\nb\nc\nd", "a\nb\nx\nd", 0.75},
		{"a\nb\nc\nd", "a\nb\nd", 6.0 / 7},
		{"a\nb", "c\nd", 0},
	}
	for _, tt := range tests {
		if got := Similarity([]byte(tt.a), []byte(tt.b)); got != tt.want {
			t.Errorf("Similarity(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestInject(t *testing.T) {
	host := "package h\n\nimport \"fmt\"\n\nfunc A() {\n\tfmt.Println()\n} // end\n\nvar B = 1\n"
	decl := "// C is new.\nfunc C() {\n\treturn\n}"
	tests := []struct {
		after int
		want  string
	}{
		{0, "package h\n\nimport \"fmt\"\n\n" + decl + "\n\nfunc A() {\n\tfmt.Println()\n} // end\n\nvar B = 1\n"},
		{1, "package h\n\nimport \"fmt\"\n\nfunc A() {\n\tfmt.Println()\n} // end\n\n" + decl + "\n\nvar B = 1\n"},
		{9, "package h\n\nimport \"fmt\"\n\nfunc A() {\n\tfmt.Println()\n} // end\n\nvar B = 1\n\n" + decl + "\n"},
	}
	for _, tt := range tests {
		got, start, err := Inject([]byte(host), []byte(decl), tt.after)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != tt.want {
			t.Errorf("Inject after %d:\n%s\nwant:\n%s", tt.after, got, tt.want)
		}
		if !bytes.HasPrefix(got[start:], []byte(decl)) {
			t.Errorf("Inject after %d: start %d does not point at the declaration", tt.after, start)
		}
		first, last, err := Span([]byte(decl))
		if err != nil || first != 1 || last != 3 {
			t.Errorf("Span = %d, %d, %v; want 1, 3", first, last, err)
		}
	}
}
