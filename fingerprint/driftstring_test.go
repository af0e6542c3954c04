package fingerprint

import (
	"bytes"
	"fmt"
	"go/token"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/ignore"
)

// A string that is, alone, a compound name is another name's (bareOther)
// only where its own function does not use that name: whether one
// function uses it says nothing of the next.
func TestBareOtherPerFunction(t *testing.T) {
	src := `package p

func useIt(someName int) string {
	return "someName" + "otherName"
}

func sayIt() string {
	return "someName" + "otherName"
}
`
	f := indexSources(t, 1, map[string]string{"a.go": src})[0]
	first := slices.Index(f.codes, byte(token.FUNC))
	second := int32(first + 1 + slices.Index(f.codes[first+1:], byte(token.FUNC))) // sayIt's first token
	var inUseIt, inSayIt int
	for _, tok := range f.bareOther {
		if token.Token(f.codes[tok]) != token.STRING {
			t.Fatalf("bareOther holds token %d, a %s", tok, codeName(f.codes[tok]))
		}
		if tok < second {
			inUseIt++
		} else {
			inSayIt++
		}
	}
	// useIt's "otherName"; sayIt's "someName" and "otherName".
	if inUseIt != 1 || inSayIt != 2 {
		t.Errorf("bareOther holds %d strings of useIt and %d of sayIt, want 1 and 2", inUseIt, inSayIt)
	}
}

// TestStringsNamingTheirFunction checks what the Indexer marks of each
// string of a function: whether it names the function (ownNamed), is a
// name the function's name holds in any case (heldOwn), or names a digit
// part of it (ownPart), for names that fold (a capital, the Kelvin sign),
// that repeat themselves (a1a1a1a1, held in a string at offsets that
// overlap) and parts of other alphabets.
func TestStringsNamingTheirFunction(t *testing.T) {
	funcs := []struct {
		name string
		lits map[string]string // literal: the marks wanted
	}{
		{"readUint8VectorJSON", map[string]string{`"readUint8VectorJSON"`: "own held", `"readuint8vectorjson"`: "held", `"uint8 vector"`: "part", `"read uint80"`: ""}},
		{"UpdateColumns", map[string]string{`"update"`: "held", `"UPDATECOLUMNS"`: "held", `"Update columns"`: "", `"UpdateColumns failed"`: "own"}},
		{"a1a1a1a1", map[string]string{`"a1a1a1a1a1a1"`: "", `"xa1a1a1a1a1 a1a1a1a1"`: "own part", `"a1a1a1a1a1b"`: "", `"a1a1a"`: "held"}},
		{"run\u212aelvin", map[string]string{`"run"`: "held", `"runkelvin"`: "", `"runk"`: ""}},
		{"fromXé1Float32", map[string]string{`"bad xé1 value"`: "part", `"bad Float32"`: "part", `"bad xé10"`: "", `"fromX"`: "held"}},
	}
	var src strings.Builder
	src.WriteString("package p\n")
	type asked struct{ fn, lit, want string }
	var order []asked // the strings in the source's order
	for _, f := range funcs {
		fmt.Fprintf(&src, "\nfunc %s() {\n", f.name)
		for _, lit := range slices.Sorted(maps.Keys(f.lits)) {
			fmt.Fprintf(&src, "\t_ = %s\n", lit)
			order = append(order, asked{f.name, lit, f.lits[lit]})
		}
		src.WriteString("}\n")
	}
	f := indexSources(t, 1, map[string]string{"a.go": src.String()})[0]
	n := 0
	for i, c := range f.codes {
		if token.Token(c) != token.STRING {
			continue
		}
		var marks []string
		for _, m := range []struct {
			name string
			ts   []int32
		}{{"own", f.ownNamed}, {"held", f.heldOwn}, {"part", f.ownPart}} {
			if in(m.ts, int32(i)) {
				marks = append(marks, m.name)
			}
		}
		if a := order[n]; strings.Join(marks, " ") != a.want {
			t.Errorf("%s: %s marked %q, want %q", a.fn, a.lit, marks, a.want)
		}
		n++
	}
	if n != len(order) {
		t.Fatalf("%d strings, want %d", n, len(order))
	}
}

// Of a name's digit parts holding a letter of another alphabet, strings
// are searched for the first maxOtherParts; parts of ASCII letters and
// digits are all looked up, however many.
func TestPartSetBounds(t *testing.T) {
	var parts [][]byte
	for i := range maxOtherParts + 2 {
		parts = append(parts, fmt.Appendf(nil, "é%d", i))
	}
	for i := range 100 {
		parts = append(parts, fmt.Appendf(nil, "v%d", i))
	}
	ps := newPartSet(parts)
	for _, c := range []struct {
		lit  string
		want bool
	}{
		{`"the é0 variant"`, true},
		{fmt.Sprintf(`"the é%d variant"`, maxOtherParts-1), true},
		{fmt.Sprintf(`"the é%d variant"`, maxOtherParts), false}, // past the bound
		{`"the v99 variant"`, true},
		{`"the v100 variant"`, false},
		{`"thev99 variant"`, false}, // not a word
	} {
		if got := ps.namedIn(new(Indexer), []byte(c.lit)); got != c.want {
			t.Errorf("namedIn(%s) = %v, want %v", c.lit, got, c.want)
		}
	}
}

// A long name, indexed, holds what bytes.Contains finds in it, and
// nothing else: strings of its own bytes, of one more, at its ends, and
// empty.
func TestHeldTextLong(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{longName - 1, longName, 3 * longName} {
		text := make([]byte, n)
		for i := range text {
			text[i] = "ab1_"[r.IntN(4)]
		}
		h := newHeldText(text)
		if (h.sa != nil) != (n >= longName) {
			t.Fatalf("%d bytes: indexed %v", n, h.sa != nil)
		}
		var ix Indexer
		for range 2000 {
			i := r.IntN(n + 1)
			j := min(n, i+r.IntN(12))
			b := append([]byte(nil), text[i:j]...)
			if r.IntN(2) == 0 && len(b) > 0 {
				b[r.IntN(len(b))] = "ab1_x"[r.IntN(5)]
			}
			if got, want := h.holds(&ix, b), bytes.Contains(text, b); got != want {
				t.Fatalf("%d bytes: holds(%q) = %v, want %v", n, b, got, want)
			}
		}
		for _, b := range [][]byte{nil, text, append(slices.Clone(text), 'a'), text[n-5:], text[:5]} {
			if got, want := h.holds(&ix, b), bytes.Contains(text, b); got != want {
				t.Fatalf("%d bytes: holds(%.20q…) = %v, want %v", n, b, got, want)
			}
		}
	}
}

// holdsEither answers as bytes.ToLower on both sides did, for names
// short and long, ASCII and not (a Kelvin sign lowers to k).
func TestHoldsEitherLowered(t *testing.T) {
	reference := func(bare, name []byte) bool {
		b, n := bytes.ToLower(bare), bytes.ToLower(name)
		return bytes.Contains(b, n) || bytes.Contains(n, b)
	}
	long := strings.Repeat("Ab", longName)
	for _, name := range []string{"updateScheduleWorkflow", "RebalanceRecommendation", "\u212Aey", "Σigma\u212AeyName", long + "\u212Aey", long + "Tail"} {
		var ix Indexer
		low := newHeldText(ignore.AppendLower(nil, []byte(name)))
		var uni *heldText
		for _, bare := range []string{"UpdateSchedule", "SpotRebalanceRecommendation", "key", "Key", "KeyName", "abab", "abTail", "tail", "Bat", strings.Repeat("ab", longName+3) + "key", "x"} {
			if got, want := ix.holdsEither([]byte(bare), low, &uni, []byte(name)), reference([]byte(bare), []byte(name)); got != want {
				t.Errorf("holdsEither(%q, %.30q…) = %v, want %v", bare, name, got, want)
			}
		}
	}
}
