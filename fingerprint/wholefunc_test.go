package fingerprint

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// summarise is a function of 18 lines and 96 tokens: a newcomer's first
// paste, under the default -min-tokens of 100.
const summarise = `func Summarise(text string) (words, lines int, longest string) {
	for _, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		lines++
		for _, w := range strings.Fields(line) {
			words++
			if len(w) > len(longest) {
				longest = w
			}
		}
	}
	if lines == 0 {
		return 0, 0, ""
	}
	return words, lines, longest
}
`

// A function copied whole, as it is or renamed in the names it declares,
// is a clone from WholeFuncLines lines and half MinTokens tokens; a
// variant naming another function, the same statements inside longer
// functions, an edited copy, a shorter function or a smaller one are not.
func TestWholeFunctionUnderMinTokens(t *testing.T) {
	opt := Options{MinTokens: 100, MinLines: 6, MaxOccurrences: 10, Near: true, Similarity: 0.85}
	// Its name, its parameter and its locals renamed, as a paste is.
	renamed := regexp.MustCompile(`\bw\b`).ReplaceAllString(regexp.MustCompile(`\bline\b`).ReplaceAllString(regexp.MustCompile(`\btext\b`).ReplaceAllString(
		strings.ReplaceAll(summarise, "Summarise", "Tally"), "s"), "row"), "word")
	// The body inside another function, between statements of its own.
	inner := "func Other(text string) (words, lines int, longest string) {\n\tprintln(text)\n" +
		summarise[strings.Index(summarise, "\n")+1:strings.LastIndex(summarise, "}")] + "}\n"
	// Renamed in a name it does not declare in its body (a function it
	// calls, a result): a variant, not a paste.
	variant := strings.ReplaceAll(renamed, "strings.Fields", "strings.SplitWords")
	results := regexp.MustCompile(`\bwords\b`).ReplaceAllString(renamed, "n")
	// Its locals renamed and a literal changed: a variant too.
	literal := strings.ReplaceAll(renamed, `"\n"`, `"\r\n"`)
	// One statement changed: near, not renamed.
	edited := strings.Replace(summarise, "return 0, 0, \"\"", "return -1, 0, \"none\"", 1)
	// Nine lines.
	short := "func Short(text string) (words, lines int) {\n" +
		"\tfor _, line := range strings.Split(text, \"\\n\") {\n\t\tif strings.TrimSpace(line) == \"\" {\n\t\t\tcontinue\n\t\t}\n" +
		"\t\twords += len(strings.Fields(line)) + len(strings.Split(line, \",\")) - 1\n\t}\n\treturn words, lines\n}\n"
	file := func(pkg, fn string) string { return "package " + pkg + "\n\nimport \"strings\"\n\n" + fn }
	for _, tc := range []struct {
		name string
		b    string
		want []string
	}{
		{"exact", summarise, []string{"exact a.go:5-22 b.go:5-22"}},
		{"renamed", renamed, []string{"renamed a.go:5-22 b.go:5-22"}},
		{"renamed in a function it calls", variant, nil},
		{"renamed in a result", results, nil},
		{"renamed, a literal changed", literal, nil},
		{"inside another function", inner, nil},
		{"edited", edited, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := describe(detect(t, opt, map[string]string{"a.go": file("a", summarise), "b.go": file("b", tc.b)}))
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
	// A method pasted into the same file with its receiver renamed.
	method := strings.Replace(summarise, "func Summarise(", "func (s *T) Summarise(", 1)
	twin := strings.Replace(strings.ReplaceAll(summarise, "Summarise", "Count"), "func Count(", "func (t *T) Count(", 1)
	under := Options{MinTokens: 120, MinLines: 6, MaxOccurrences: 10, Near: true, Similarity: 0.85} // the methods hold 101 tokens
	if got := describe(detect(t, under, map[string]string{"a.go": file("a", "type T struct{}\n\n"+method+"\n"+twin)})); len(got) != 1 || !strings.HasPrefix(got[0], "renamed ") {
		t.Errorf("a method pasted with its receiver renamed: %q, want one renamed class", got)
	}
	if got := describe(detect(t, Options{MinTokens: 50, MinLines: 6}, map[string]string{"a.go": file("a", short), "b.go": file("b", short)})); len(got) != 1 {
		t.Fatalf("the nine-line function at -min-tokens 50: %q, want it found", got)
	}
	if got := describe(detect(t, opt, map[string]string{"a.go": file("a", short), "b.go": file("b", short)})); got != nil {
		t.Errorf("a function of nine lines under -min-tokens: %q, want none", got)
	}
	// Three copies, the third with a literal changed: the two plain
	// copies are a class, as a run over those two alone finds them (the
	// editor's runs are over some files).
	three := map[string]string{"a.go": file("a", summarise), "b.go": file("b", summarise), "c.go": file("c", literal)}
	if got := describe(detect(t, opt, three)); !slices.Equal(got, []string{"exact a.go:5-22 b.go:5-22"}) {
		t.Errorf("two pastes and a variant: %q, want the two pastes", got)
	}
	// A function of many lines but few of code: a template.
	template := "func %s() string {\n\tx := 1\n\ty := 2\n\treturn fmt.Sprint(x, y) + `\n" + strings.Repeat("echo line\n", 12) + "`\n}\n"
	tfile := func(pkg, name string) string {
		return "package " + pkg + "\n\nimport \"fmt\"\n\n" + strings.Replace(template, "%s", name, 1)
	}
	if got := describe(detect(t, Options{MinTokens: 40, MinLines: 6}, map[string]string{"a.go": tfile("a", "A"), "b.go": tfile("b", "A")})); got != nil {
		t.Errorf("a function of 17 lines, 5 of code, under -min-tokens: %q, want none", got)
	}
	// -min-tokens 200: the floor of a whole function is 100 tokens.
	if got := describe(detect(t, Options{MinTokens: 200, MinLines: 6}, map[string]string{"a.go": file("a", summarise), "b.go": file("b", summarise)})); got != nil {
		t.Errorf("96 tokens under -min-tokens 200: %q, want none", got)
	}
	// -min-lines above WholeFuncLines holds.
	if got := describe(detect(t, Options{MinTokens: 100, MinLines: 20}, map[string]string{"a.go": file("a", summarise), "b.go": file("b", summarise)})); got != nil {
		t.Errorf("18 lines under -min-lines 20: %q, want none", got)
	}
}
