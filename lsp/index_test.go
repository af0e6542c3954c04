package lsp

import (
	"encoding/json"
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
	_, files := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
	opt := fingerprint.Options{MinTokens: 100, MinLines: 6, MaxOccurrences: 10}
	paste := files["paste.go.txt"]
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
	}
	var ix fingerprint.Indexer
	parse := func(name, text string) *fingerprint.File {
		f, warnings := load.Source(&ix, name, []byte(text), opt.MinTokens)
		if f == nil {
			t.Fatalf("%s does not parse: %v", name, warnings)
		}
		return f
	}
	var all []*fingerprint.File
	for _, name := range sortedKeys(current) {
		all = append(all, parse(name, current[name]))
	}
	x := newIndex(opt)
	x.build(all)
	for _, step := range steps {
		var f *fingerprint.File
		if step.text == nil {
			delete(current, step.file)
		} else {
			current[step.file] = *step.text
			f = parse(step.file, *step.text)
		}
		x.update(step.file, f)
		var fresh []*fingerprint.File
		for _, name := range sortedKeys(current) {
			fresh = append(fresh, parse(name, current[name]))
		}
		want := describe(fingerprint.Detect(fresh, opt))
		var got []fingerprint.Class
		for _, id := range sortedKeys(x.classes) {
			got = append(got, *x.classes[id])
		}
		if g := describe(got); g != want {
			t.Errorf("after %s:\nincremental %s\nfull        %s", step.name, g, want)
		}
	}
}

func ptr(s string) *string { return &s }

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

// Keys shared by more than MaxOccurrences files bring no neighbours, and
// removing a file's keys leaves the others' intact.
func TestIndexNeighbours(t *testing.T) {
	x := newIndex(fingerprint.Options{MaxOccurrences: 2})
	keys := [][]uint64{{1, 2}, {1, 3}, {1, 3}, {4}}
	for i, ks := range keys {
		x.addKeys(x.intern(string(rune('a'+i))), ks)
	}
	// b shares key 1 with a and c (three files: boilerplate at 2) and
	// key 3 with c.
	if got := x.neighbours(1, keys[1], map[int32]bool{}); !slices.Equal(got, []int32{2}) {
		t.Errorf("neighbours of b = %v, want [2]", got)
	}
	x.removeKeys(0, keys[0])
	if got := x.neighbours(1, keys[1], map[int32]bool{}); !slices.Equal(got, []int32{2}) {
		t.Errorf("neighbours of b without a = %v, want [2]", got)
	}
	x.removeKeys(2, keys[2])
	if got := x.neighbours(1, keys[1], map[int32]bool{}); len(got) != 0 {
		t.Errorf("neighbours of b alone = %v, want none", got)
	}
	if got := x.neighbours(3, keys[3], map[int32]bool{}); len(got) != 0 {
		t.Errorf("neighbours of d = %v, want none", got)
	}
}
