package report

import (
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/load"
)

var update = flag.Bool("update", false, "rewrite the golden files")

const fixtureMinTokens = 20

// fixture detects the clones among the files of a txtar archive in
// testdata (with opts, if given) and returns the report and a ReadFile
// over the archive.
func fixture(t *testing.T, name string, opts ...fingerprint.Options) (*Report, func(string) ([]byte, error)) {
	t.Helper()
	ar, err := txtar.ParseFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	src := map[string][]byte{}
	var ix fingerprint.Indexer
	var files []*fingerprint.File
	for _, f := range ar.Files {
		src[f.Name] = f.Data
		ff, warnings := load.Source(&ix, f.Name, f.Data, fixtureMinTokens)
		if len(warnings) > 0 {
			t.Fatalf("%s: %v", f.Name, warnings)
		}
		files = append(files, ff)
	}
	opt := fingerprint.Options{MinTokens: fixtureMinTokens, MinLines: 3, Similarity: 0.85}
	if len(opts) > 0 {
		opt = opts[0]
	}
	classes := fingerprint.Detect(files, opt)
	if len(classes) == 0 {
		t.Fatalf("%s: no clones found", name)
	}
	readFile := func(name string) ([]byte, error) {
		if b, ok := src[name]; ok {
			return b, nil
		}
		return nil, fs.ErrNotExist
	}
	rep := New(files, classes)
	rep.ToolVersion = testVersion
	return rep, readFile
}

// testVersion is the copycat version the fixtures' reports name, so that
// golden files do not depend on how the test was built.
const testVersion = "v1.2.3-test"

// golden compares got with testdata/golden/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o666); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(got) != string(want) {
		t.Errorf("%s differs from the golden file (go test -update rewrites it); got:\n%s", name, got)
	}
}
