package pipeline

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// hotFunc is the function every file of the hot corpus holds: its window
// fingerprint and its near keys are shared by all of them.
const hotFunc = `
// Hot is the same in every file: its fingerprint is shared by all of them.
func Hot(xs []int, limit int, name string) (int, error) {
	total := 0
	for i, x := range xs {
		if x < 0 {
			return 0, fmt.Errorf("%s: item %d: negative value %d", name, i, x)
		}
		if total+x > limit {
			return total, fmt.Errorf("%s: item %d: limit %d reached", name, i, limit)
		}
		if x%2 == 0 && x > 100 {
			total += x / 2
			continue
		}
		total += x
	}
	if total == 0 {
		return 0, fmt.Errorf("%s: nothing counted", name)
	}
	return total, nil
}
`

// writeHot writes n files that each hold hotFunc, 1,000 to a folder.
func writeHot(t *testing.T, dir string, n int) {
	t.Helper()
	for i := range n {
		pkg := fmt.Sprintf("d%03d", i/1000)
		if err := os.MkdirAll(filepath.Join(dir, pkg), 0o777); err != nil {
			t.Fatal(err)
		}
		src := fmt.Sprintf("package %s\n\nimport \"fmt\"\n%s", pkg, hotFunc)
		if err := os.WriteFile(filepath.Join(dir, pkg, fmt.Sprintf("f%06d.go", i)), []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
	}
}

// TestHotFingerprint runs the pipeline over files that all share one
// function, beside a small tree of clones: the report is copycat's, and
// no work unit holds the hot function's files: the largest holds two;
// with the sketch in one shard and in several, each worker holding its
// share of the sketch. COPYCAT_DIST_HOT sets the number of files (2,000 by default; the
// README's figures are of 100,000).
func TestHotFingerprint(t *testing.T) {
	n := 2000
	if s := os.Getenv("COPYCAT_DIST_HOT"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil {
			t.Fatalf("COPYCAT_DIST_HOT=%q: %v", s, err)
		}
	}
	hot, small := t.TempDir(), t.TempDir()
	writeHot(t, hot, n)
	if err := os.CopyFS(small, os.DirFS("../testdata/small")); err != nil {
		t.Fatal(err)
	}
	c := DefaultConfig()
	c.Dirs = []string{hot, small}
	want := oneMachine(t, c)
	forShards(t, c, shardCounts, func(t *testing.T, c Config) {
		got, r := distributedMetrics(t, c)
		if !bytes.Equal(got, want) {
			t.Errorf("the pipeline's report differs from copycat's:\n%s", lineDiff(got, want))
		}
		if files := distribution(r, "3 units: files per unit").Max; files == 0 || files > 2 {
			t.Errorf("the largest work unit holds %d files, want 1 or 2: the hot function's files must not meet on a worker", files)
		}
		// The hot function's fingerprint is not shuffled with every
		// file that holds it: its shard's worker stops sending them on
		// past -max-occurrences (the small tree has 8 window keys).
		if keys := counter(r, "3 units: window keys shuffled (seen twice)"); keys > int64(c.MaxOccurrences)+50 {
			t.Errorf("%d window keys shuffled by fingerprint: the hot function's files went to its worker", keys)
		}
		checkSplit(t, r, c.SketchShards)
		var b bytes.Buffer
		PrintMetrics(&b, r)
		t.Logf("%d hot files:\n%s", n, b.String())
	})
}
