package fingerprint

import (
	"go/token"
	"slices"
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
