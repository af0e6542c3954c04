package fingerprint

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// A focused run keeps on each file what it found of its near-miss units;
// the next focused run over the file reads it instead of finding it
// again, and finds the same classes as a run over files that keep
// nothing. Runs under other options and whole runs leave it be.
func TestFocusedRunsKeepWhatTheyFound(t *testing.T) {
	body := "func %s(xs []int, limit int) (int, error) {\n\ttotal := 0\n\tfor i, x := range xs {\n\t\tif x < 0 {\n\t\t\treturn 0, fmt.Errorf(\"negative %%d at %%d\", x, i)\n\t\t}\n\t\ttotal += x\n\t\tif total > limit {\n\t\t\treturn limit, nil\n\t\t}\n\t}\n\treturn total, nil\n}\n"
	srcs := map[string]string{
		"a.go": "package p\n\n" + fmt.Sprintf(body, "A"),
		"b.go": "package p\n\n" + fmt.Sprintf(body, "B") + "\n" + fmt.Sprintf(body, "B2"),
		"c.go": "package p\n\n" + strings.Replace(fmt.Sprintf(body, "C"), "\t\tif x < 0 {\n\t\t\treturn 0, fmt.Errorf(\"negative %d at %d\", x, i)\n\t\t}\n", "", 1),
		"d.go": "package p\n\n" + strings.ReplaceAll(fmt.Sprintf(body, "D"), "total", "sum"),
	}
	o := opts()
	o.Near, o.Similarity = true, 0.8
	focused := func(files []*File, o Options, focus ...string) []Class {
		o.Verdicts = &Verdicts{} // so that the units' verdict keys are made
		return RunFocused(files, o, focus).Classes
	}

	whole := indexSources(t, o.MinTokens, srcs)
	Run(whole, o)
	for _, f := range whole {
		if f.near.Load() != nil {
			t.Errorf("%s: a whole run kept its near-miss units", f.Name)
		}
	}

	files := indexSources(t, o.MinTokens, srcs)
	first := focused(files, o, "c.go")
	if len(first) == 0 {
		t.Fatal("no class with a copy in c.go")
	}
	kept := map[string]*nearMemo{}
	for _, f := range files {
		m := f.near.Load()
		if m == nil || len(m.units) == 0 {
			t.Fatalf("%s: no near-miss units kept", f.Name)
		}
		kept[f.Name] = m
	}
	if m := kept["b.go"]; m.copyKeys == nil || m.unitKeys == nil {
		t.Errorf("b.go: copy keys %v, verdict keys %v: want both kept", m.copyKeys, m.unitKeys)
	}
	for _, focus := range []string{"c.go", "a.go", "d.go"} {
		got := focused(files, o, focus)
		want := focused(indexSources(t, o.MinTokens, srcs), o, focus)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("focus %s, again: %q, want %q", focus, describe(got), describe(want))
		}
	}
	if m := byName(files, "b.go").near.Load(); m != kept["b.go"] {
		t.Errorf("b.go: runs that learned nothing new stored another memo")
	}

	// Under other options the units kept are not those of the run.
	o2 := o
	o2.MinLines = 12
	got := focused(files, o2, "c.go")
	want := focused(indexSources(t, o.MinTokens, srcs), o2, "c.go")
	if !reflect.DeepEqual(got, want) {
		t.Errorf("min lines 12: %q, want %q", describe(got), describe(want))
	}
}

func byName(files []*File, name string) *File {
	for _, f := range files {
		if f.Name == name {
			return f
		}
	}
	return nil
}
