package pipeline

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/load"
)

// manyFunc and mixedFunc are two functions of 17 and 20 lines, each
// with a window of its own (hotFunc is a third).
const (
	manyFunc = `
func Many%d(m map[string][]int, keys []string) (out []string, err error) {
	for _, k := range keys {
		vs, ok := m[k]
		if !ok {
			return nil, fmt.Errorf("no key %%q", k)
		}
		sum := 0
		for _, v := range vs {
			if v < 0 || v > 1000 {
				continue
			}
			sum += v * 3
		}
		out = append(out, fmt.Sprintf("%%s=%%d", k, sum))
	}
	return out, nil
}
`
	mixedFunc = `
func Mixed%d(rows [][]string, width int) ([]string, error) {
	var lines []string
	for i, row := range rows {
		if len(row) != width {
			return nil, fmt.Errorf("row %%d: %%d cells, want %%d", i, len(row), width)
		}
		line := ""
		for j, cell := range row {
			if j > 0 {
				line += "\t"
			}
			line += cell
		}
		if len(line) > width*8 {
			line = line[:width*8] + "..."
		}
		lines = append(lines, line)
	}
	return lines, nil
}
`
)

// TestBoilerplate runs the pipeline over code pasted past
// -max-occurrences, beside the small tree of clones: hotFunc pasted into
// 12 files (20 lines each), manyFunc 12 times into one file (one file
// alone holds all the windows of its fingerprint, more than the limit),
// mixedFunc once into one file and 10 times into another (11 in all).
// The report counts the lines held back as copycat's does, the same
// bytes, in stats.boilerplate_lines and boilerplate_files: 664 lines in
// 15 files at the default limit, 444 in 13 at 11 (mixedFunc's copies a
// class), none without a limit.
func TestBoilerplate(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(filepath.Join(dir, "small"), os.DirFS("../testdata/small")); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for i := range 12 {
		files[fmt.Sprintf("paste/p%02d.go", i)] = "package paste\n\nimport \"fmt\"\n" + hotFunc
	}
	var many, mixed strings.Builder
	for i := range 12 {
		fmt.Fprintf(&many, manyFunc, i)
	}
	for i := 1; i <= 10; i++ {
		fmt.Fprintf(&mixed, mixedFunc, i)
	}
	files["one/many.go"] = "package one\n\nimport \"fmt\"\n" + many.String()
	files["mixed/a.go"] = "package mixed\n\nimport \"fmt\"\n" + fmt.Sprintf(mixedFunc, 0)
	files["mixed/b.go"] = "package mixed\n\nimport \"fmt\"\n" + mixed.String()
	for name, text := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		max          int
		lines, files int
	}{
		{10, 664, 15},
		{11, 444, 13},
		{0, 0, 0},
	} {
		t.Run(fmt.Sprint("max-occurrences=", tc.max), func(t *testing.T) {
			c := DefaultConfig()
			c.Dirs = []string{dir}
			c.MaxOccurrences = tc.max
			want := oneMachine(t, c)
			var rep struct {
				Stats struct {
					Classes int `json:"classes"`
					Lines   int `json:"boilerplate_lines"`
					Files   int `json:"boilerplate_files"`
				} `json:"stats"`
			}
			if err := json.Unmarshal(want, &rep); err != nil {
				t.Fatal(err)
			}
			if rep.Stats.Lines != tc.lines || rep.Stats.Files != tc.files || rep.Stats.Classes == 0 {
				t.Fatalf("copycat: %d classes, boilerplate %d lines in %d files; want some classes, %d lines in %d files", rep.Stats.Classes, rep.Stats.Lines, rep.Stats.Files, tc.lines, tc.files)
			}
			forShards(t, c, []int{1, 4}, func(t *testing.T, c Config) {
				if got := distributed(t, c); !bytes.Equal(got, want) {
					t.Errorf("the pipeline's report differs from copycat's:\n%s", lineDiff(got, want))
				}
			})
		})
	}
}

// A file sent on alone with a fingerprint over the limit (HeldKey.Alone)
// holds boilerplate only if it holds two windows of it or more: a window
// the only one of its fingerprint is seen once, whatever the sketch's
// shard and counters said (the engine leaves it out alike). Without
// Alone each window of the fingerprint counts.
func TestHeldLinesAlone(t *testing.T) {
	src := "package p\n\nimport \"fmt\"\n" + fmt.Sprintf(mixedFunc, 0) + fmt.Sprintf(manyFunc, 0) + fmt.Sprintf(manyFunc, 1)
	f, warnings := load.Source(new(fingerprint.Indexer), "p.go", []byte(src), DefaultConfig().MinTokens)
	if f == nil || len(warnings) > 0 {
		t.Fatalf("p.go not indexed: %v", warnings)
	}
	count := map[uint64]int{}
	for fp := range f.WindowFingerprints() {
		count[fp]++
	}
	var once, twice uint64
	for fp, n := range count {
		switch n {
		case 1:
			once = fp
		case 2:
			twice = fp
		}
	}
	if len(count) != 2 || once == 0 || twice == 0 {
		t.Fatalf("p.go's windows %v, want one fingerprint once and one twice", count)
	}
	rec := fingerprint.AppendRecord(nil, f)
	for _, tc := range []struct {
		name  string
		keys  []HeldKey
		lines int64
	}{
		{"seen once, alone", []HeldKey{{FP: once, Alone: true}}, 0},
		{"seen once, other files too", []HeldKey{{FP: once}}, 20},
		{"seen twice in the file, alone", []HeldKey{{FP: twice, Alone: true}}, 34},
		{"both", []HeldKey{{FP: once, Alone: true}, {FP: twice, Alone: true}}, 34},
	} {
		keys := tc.keys
		held := func(k *HeldKey) bool {
			if len(keys) == 0 {
				return false
			}
			*k, keys = keys[0], keys[1:]
			return true
		}
		recs := [][]byte{rec}
		record := func(r *[]byte) bool {
			if len(recs) == 0 {
				return false
			}
			*r, recs = recs[0], recs[1:]
			return true
		}
		var got Held
		if err := (heldLinesFn{}).ProcessElement(context.Background(), "p.go", record, held, func(h Held) { got = h }); err != nil {
			t.Fatal(err)
		}
		if want := (Held{tc.lines, min(tc.lines, 1)}); got != want {
			t.Errorf("%s: %+v, want %+v", tc.name, got, want)
		}
	}
}
