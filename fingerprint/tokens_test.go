package fingerprint

import (
	"go/token"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestCanonicalTokens(t *testing.T) {
	for _, tc := range []struct {
		name string
		src  string
		want string
	}{
		{"names and literals abstracted", `package p; var x = f(a, "s", 1, 2.5, 'c')`,
			"package ID var ID = ID ( ID , STRING , INT , FLOAT , CHAR )"},
		{"semicolons dropped", "package p\nfunc f() { a(); b() }",
			"package ID func ID ( ) { ID ( ) ID ( ) }"},
		{"trailing comma dropped", "package p\nvar x = []int{\n1,\n2,\n}",
			"package ID var ID = [ ] ID { INT , INT }"},
		{"predeclared constants kept", "package p\nvar x = []bool{true, false, nil == nil}\nconst c = iota",
			"package ID var ID = [ ] ID { true , false , nil == nil } const ID = iota"},
		{"operators kept", "package p\nfunc f() { a := b + c; a -= d; a = a &^ e }",
			"package ID func ID ( ) { ID := ID + ID ID -= ID ID = ID &^ ID }"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := codesOf(t, tc.src); got != tc.want {
				t.Errorf("codes:\n got %s\nwant %s", got, tc.want)
			}
		})
	}
}

func TestCanonicalTokensIgnoreLayoutAndComments(t *testing.T) {
	a := `package p

// F does things.
func F(x int) int {
	y := x * 2 // double
	/* a block
	   comment */
	return y
}
`
	b := `package p
func F(x int) int { y := x * 2; return y }
`
	if ca, cb := codesOf(t, a), codesOf(t, b); ca != cb {
		t.Errorf("layout changed the tokens:\n%s\n%s", ca, cb)
	}
}

func TestCanonicalTokensKeepDifferences(t *testing.T) {
	for _, pair := range [][2]string{
		{"package p\nfunc f() { a = b + c }", "package p\nfunc f() { a = b - c }"},
		{"package p\nfunc f() { a = b }", "package p\nfunc f() { a := b }"},
		{"package p\nfunc f() { a = 1 }", "package p\nfunc f() { a = \"1\" }"},
		{"package p\nfunc f() { a = nil }", "package p\nfunc f() { a = b }"},
	} {
		if codesOf(t, pair[0]) == codesOf(t, pair[1]) {
			t.Errorf("%q and %q have the same canonical tokens", pair[0], pair[1])
		}
	}
}

func TestHashStringIsStable(t *testing.T) {
	// FNV-1a of "a": a fixed value, the same in every process.
	if got, want := hashBytes([]byte("a")), uint64(0xaf63dc4c8601ec8c); got != want {
		t.Errorf("hashBytes(a) = %#x, want %#x", got, want)
	}
}

// LineCount counts lines as go/token does.
func TestLineCount(t *testing.T) {
	for _, src := range []string{"", "\n", "a", "a\n", "a\nb", "a\nb\n", "\n\n", "a\n\nb\n\n"} {
		tf := token.NewFileSet().AddFile("", -1, len(src))
		tf.SetLinesForContent([]byte(src))
		if got, want := LineCount([]byte(src)), tf.LineCount(); got != want {
			t.Errorf("LineCount(%q) = %d, want %d", src, got, want)
		}
	}
}

// TestStringsIn pins stringsIn to a look at every token of the span, over
// go/*'s files: spans from a token to the end, from the start to a
// token, empty ones, and spans at random.
func TestStringsIn(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var ts tokenStream
	for _, g := range goSources(t) {
		p := g.path
		ts.scan(g.src)
		n := int32(len(ts.codes))
		check := func(t0, t1 int32) {
			var want []int32
			for tok := t0; tok < t1; tok++ {
				if ts.codes[tok] == byte(token.STRING) {
					want = append(want, tok)
				}
			}
			if got := ts.stringsIn(t0, t1); !slices.Equal(got, want) && len(got)+len(want) > 0 {
				t.Fatalf("%s: stringsIn(%d, %d) = %v, want %v", p, t0, t1, got, want)
			}
		}
		for tok := int32(0); tok <= n; tok += max(1, n/100) {
			check(tok, n)
			check(0, tok)
			check(tok, tok)
		}
		for range 100 {
			t0 := r.Int32N(n + 1)
			check(t0, t0+r.Int32N(n-t0+1))
		}
	}
}
