package lsp

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/load"
)

// After every edit, the incremental index holds the same classes as a
// detection over all files from scratch.
func TestIndexMatchesFullDetection(t *testing.T) {
	for _, near := range []bool{false, true} {
		t.Run(fmt.Sprintf("near=%v", near), func(t *testing.T) {
			opt := fingerprint.Options{MinTokens: 100, MinLines: 6, MaxOccurrences: 10, Near: near, Similarity: 0.85}
			testIndexMatchesFullDetection(t, opt)
		})
	}
}

func testIndexMatchesFullDetection(t *testing.T, opt fingerprint.Options) {
	_, files := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
	paste := files["paste.go.txt"]
	edited := strings.Replace(paste, "\t\tm[len(x)] += j + 1\n",
		"\t\tm[len(x)] += j + 1\n\t\tprintln(\"seen\", x, j)\n\t\tif j > 1000 {\n\t\t\tbreak\n\t\t}\n", 1)
	current := map[string]string{"a.go": files["a.go"], "b.go": files["b.go"], "c.go": files["c.go"]}
	steps := []struct {
		name, file string
		text       *string // nil removes the file
	}{
		{"paste a copy into c.go", "c.go", ptr(files["c.go"] + paste)},
		{"paste a second copy into c.go", "c.go", ptr(files["c.go"] + paste + strings.ReplaceAll(paste, "Again", "Twice"))},
		{"empty b.go", "b.go", ptr("package w\n")},
		{"remove a.go", "a.go", nil},
		{"bring a.go back", "a.go", ptr(files["a.go"])},
		{"c.go back to no copy", "c.go", ptr(files["c.go"])},
		{"b.go copies a.go again", "b.go", ptr(files["b.go"])},
		{"an edited copy in c.go", "c.go", ptr(files["c.go"] + edited)},
		{"the edited copy goes", "c.go", ptr(files["c.go"])},
	}
	parse := sourceParser(t, opt.MinTokens)
	x := newIndex(opt)
	x.build(parseAll(parse, current))
	for _, step := range steps {
		var f *fingerprint.File
		if step.text == nil {
			delete(current, step.file)
		} else {
			current[step.file] = *step.text
			f = parse(step.file, *step.text)
		}
		x.update(step.file, f)
		checkIndex(t, x, step.name, parseAll(parse, current), opt)
	}
}

func ptr(s string) *string { return &s }

// parseAll parses the files of current (name to text), in name order.
func parseAll(parse func(name, text string) *fingerprint.File, current map[string]string) []*fingerprint.File {
	var files []*fingerprint.File
	for _, name := range sortedKeys(current) {
		files = append(files, parse(name, current[name]))
	}
	return files
}

// checkIndex fails the test, saying after what, when the index's
// classes are not those of a detection over all of files.
func checkIndex(t *testing.T, x *index, after string, files []*fingerprint.File, opt fingerprint.Options) {
	t.Helper()
	var got []fingerprint.Class
	for _, id := range sortedKeys(x.classes) {
		got = append(got, *x.classes[id])
	}
	if g, want := describe(got), describe(fingerprint.Detect(files, opt)); g != want {
		t.Errorf("after %s:\nincremental %s\nfull        %s", after, g, want)
	}
}

// An edit that takes a fingerprint past MaxOccurrences makes the copies
// in files it did not touch boilerplate, and one that takes it back
// under makes them a class again: the index follows, as a detection over
// all files does.
func TestIndexFollowsTheOccurrenceLimit(t *testing.T) {
	opt := fingerprint.Options{MinTokens: 30, MinLines: 3, MaxOccurrences: 3, Similarity: 0.85}
	fn := func(name string) string {
		return "package w\n\nfunc " + name + "(xs []int) (t int) {\n\tfor i, x := range xs {\n\t\tif x < 0 {\n\t\t\tcontinue\n\t\t}\n\t\tt += x * i\n\t}\n\treturn t\n}\n"
	}
	current := map[string]string{"a.go": fn("a"), "b.go": fn("b"), "c.go": fn("c"), "d.go": "package w\n"}
	parse := sourceParser(t, opt.MinTokens)
	x := newIndex(opt)
	x.build(parseAll(parse, current))
	if len(x.classes) != 1 {
		t.Fatalf("three copies under a limit of three: %d classes, want 1", len(x.classes))
	}
	for _, step := range []struct{ name, text string }{
		{"a fourth copy", fn("d")},
		{"the fourth copy goes", "package w\n"},
	} {
		current["d.go"] = step.text
		x.update("d.go", parse("d.go", step.text))
		checkIndex(t, x, step.name, parseAll(parse, current), opt)
	}
}

// sourceParser returns what fingerprints a file's text as the editor
// does, failing the test on a file that does not parse.
func sourceParser(t *testing.T, minTokens int) func(name, text string) *fingerprint.File {
	var ix fingerprint.Indexer
	return func(name, text string) *fingerprint.File {
		t.Helper()
		f, warnings := load.Source(&ix, name, []byte(text), minTokens)
		if f == nil {
			t.Fatalf("%s does not parse: %v", name, warnings)
		}
		return f
	}
}

// describe prints classes in a canonical order, without Differs.
func describe(cs []fingerprint.Class) string {
	var lines []string
	for _, c := range cs {
		var frs []string
		for _, fr := range c.Fragments {
			b, _ := json.Marshal([]any{fr.File, fr.Start, fr.End})
			frs = append(frs, string(b))
		}
		slices.Sort(frs)
		lines = append(lines, string(c.Kind)+" "+strings.Join(frs, " "))
	}
	slices.Sort(lines)
	return strings.Join(lines, "; ")
}

// Keys shared by more than the limit bring no files in, and removing a
// file's keys leaves the others' intact.
func TestKeyTable(t *testing.T) {
	tab := keyTable{keys: map[uint64]uint32{}}
	keys := [][]uint64{{1, 2}, {1, 3}, {1, 3}, {4}}
	for id, ks := range keys {
		tab.add(int32(id), ks)
	}
	holders := func(ks []uint64) []int32 {
		var ids []int32
		tab.shared(ks, 2, func(i int32) { ids = append(ids, i) })
		slices.Sort(ids)
		return slices.Compact(ids)
	}
	// Key 1 is held by three files, over the limit of 2.
	if got := holders(keys[1]); !slices.Equal(got, []int32{1, 2}) {
		t.Errorf("holders of b's keys = %v, want [1 2]", got)
	}
	tab.remove(0, keys[0])
	if got := holders(keys[1]); !slices.Equal(got, []int32{1, 2}) {
		t.Errorf("holders of b's keys without a = %v, want [1 2]", got)
	}
	tab.remove(2, keys[2])
	if got := holders(keys[1]); !slices.Equal(got, []int32{1}) {
		t.Errorf("holders of b's keys with b alone = %v, want [1]", got)
	}
	if got := holders([]uint64{2}); len(got) != 0 {
		t.Errorf("holders of a removed key = %v, want none", got)
	}
	tab.add(5, []uint64{3})
	if got := holders([]uint64{3}); !slices.Equal(got, []int32{1, 5}) {
		t.Errorf("holders of key 3 after re-adding = %v, want [1 5]", got)
	}
}

// The editor says a class drifted where the command line does: a step
// one of two inverse operations lacks (add and remove) is its own, not a
// drift (report.Categorise), from the first index on and after an edit;
// the same copies under other names drifted.
func TestIndexSaysDriftAsTheCommandLine(t *testing.T) {
	body := "func %s(xs []int, limit int) (int, error) {\n\ttotal := 0\n\tfor i, x := range xs {\n%s\t\ttotal += x\n\t\tif total > limit {\n\t\t\treturn limit, nil\n\t\t}\n\t\tprintln(\"at\", i, \"total\", total, \"of\", limit)\n\t}\n\treturn total, nil\n}\n"
	guard := "\t\tif x < 0 {\n\t\t\treturn 0, fmt.Errorf(\"negative %d at %d\", x, i)\n\t\t}\n"
	opt := fingerprint.Options{MinTokens: 50, MinLines: 6, MaxOccurrences: 10, Near: true, Similarity: 0.8}
	parse := sourceParser(t, opt.MinTokens)
	for _, c := range []struct {
		with, without string
		drifted       bool
	}{
		{"addTotal", "removeTotal", false},
		{"sumTotal", "countTotal", true},
	} {
		a := "package p\n\nimport \"fmt\"\n\n" + fmt.Sprintf(body, c.with, guard)
		b := "package p\n\n" + fmt.Sprintf(body, c.without, "")
		files := []*fingerprint.File{parse("a.go", a), parse("b.go", b)}
		raw := fingerprint.Run(files, opt).Classes
		if len(raw) != 1 || !raw[0].Divergent {
			t.Fatalf("%s, %s: detection finds %d classes, want one drifted", c.with, c.without, len(raw))
		}
		x := newIndex(opt)
		x.build(files)
		check := func(when string) {
			t.Helper()
			if len(x.classes) != 1 {
				t.Fatalf("%s, %s, %s: %d classes", c.with, c.without, when, len(x.classes))
			}
			for _, cl := range x.classes {
				if cl.Divergent != c.drifted {
					t.Errorf("%s, %s, %s: drifted %v, want %v", c.with, c.without, when, cl.Divergent, c.drifted)
				}
			}
		}
		check("indexed")
		x.update("b.go", parse("b.go", b+"\nvar _ = 1\n"))
		check("after an edit")
	}
}
