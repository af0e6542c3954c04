package cli

import (
	"strings"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/load"
)

// FuzzOptions: any values of the detection flags (and the editor's
// settings, which go through the same Check) are refused with a message,
// or detection runs with them to its end on copies exact, renamed and
// edited; and a larger -min-tokens or -min-lines never finds a smaller
// clone. (-min-tokens past 2^31 had wrapped to a small window.)
func FuzzOptions(f *testing.F) {
	f.Add(50, 6, 0, 0.8, true)
	f.Add(1, 1, 1, 1.0, false)
	f.Add(1<<32+10, 1, 0, 0.8, true)
	f.Add(50, 1<<40, 2, 1e-300, true)
	body := "(xs []int, lim int) (n int) {\n\tfor i, x := range xs {\n\t\tif x > lim {\n\t\t\tcontinue\n\t\t}\n\t\tn += x * i\n\t}\n\tif n == 0 {\n\t\treturn -1\n\t}\n\treturn n\n}\n"
	srcs := map[string]string{
		"a.go": "package p\n\nfunc A" + body,
		"b.go": "package p\n\nfunc B" + body,
		"c.go": "package q\n\nfunc C" + strings.ReplaceAll(strings.ReplaceAll(body, "xs", "vals"), "n +=", "n -="),
	}
	f.Fuzz(func(t *testing.T, minTokens, minLines, maxOcc int, similarity float64, near bool) {
		c := Config{MinTokens: minTokens, MinLines: minLines, MaxOccurrences: maxOcc, Similarity: similarity, Near: near}
		if err := c.Check(); err != nil {
			if !strings.Contains(err.Error(), " must ") {
				t.Errorf("refused without saying what the value must be: %v", err)
			}
			return
		}
		opt := c.Options()
		var ix fingerprint.Indexer
		var files []*fingerprint.File
		for _, name := range []string{"a.go", "b.go", "c.go"} {
			fl, errs := load.Source(&ix, name, []byte(srcs[name]), opt.MinTokens)
			if fl == nil {
				t.Fatalf("%s: %v", name, errs)
			}
			files = append(files, fl)
		}
		for _, cl := range fingerprint.Detect(files, opt) {
			lines := cl.Fragments[0].End.Line - cl.Fragments[0].Start.Line + 1
			// Under -min-tokens, only a function pasted whole, as it is
			// or with the names it declares renamed (Names counts its
			// parameters too), of half as many tokens and WholeFuncLines
			// lines.
			if cl.Tokens < opt.MinTokens && (cl.Tokens < opt.MinTokens/2 || lines < fingerprint.WholeFuncLines || cl.Kind == fingerprint.Near) {
				t.Errorf("a %s class of %d tokens and %d lines under -min-tokens %d", cl.Kind, cl.Tokens, lines, opt.MinTokens)
			}
			if lines < opt.MinLines {
				t.Errorf("a class of %d lines under -min-lines %d", lines, opt.MinLines)
			}
		}
	})
}
