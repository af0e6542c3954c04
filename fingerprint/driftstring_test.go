package fingerprint

import (
	"fmt"
	"go/token"
	"maps"
	"slices"
	"strings"
	"testing"
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
