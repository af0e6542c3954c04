package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestREADMEExamples runs copycat at its defaults on the README's example
// module (testdata/cli/readme.txtar), as it is and after orders.WriteCSV
// gains the id check invoices.Export lacks, and compares what it prints
// with the README's two `$ copycat ./...` blocks: the README shows what
// copycat says.
func TestREADMEExamples(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```\n\\$ copycat \\./\\.\\.\\.\n(.*?)```").FindAllSubmatch(readme, -1)
	if len(blocks) < 2 {
		t.Fatalf("README.md has %d `$ copycat ./...` blocks, want 2", len(blocks))
	}
	dir := unpack(t, "readme.txtar")
	for i, edit := range []func(){
		func() {},
		func() {
			path := filepath.Join(dir, "orders", "export.go")
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			loop := []byte("\tfor _, o := range orders {\n")
			check := "\t\tif o.ID <= 0 {\n\t\t\treturn fmt.Errorf(\"order %q: bad id %d\", o.Name, o.ID)\n\t\t}\n"
			if !bytes.Contains(src, loop) {
				t.Fatal("no loop over the orders in orders/export.go")
			}
			src = bytes.Replace(src, loop, append(loop, check...), 1)
			if err := os.WriteFile(path, src, 0o644); err != nil {
				t.Fatal(err)
			}
		},
	} {
		edit()
		var out, errb bytes.Buffer
		if code := Run([]string{"./..."}, &out, &errb); code != ExitClones {
			t.Errorf("example %d: exit %d, want %d; %s", i+1, code, ExitClones, errb.String())
		}
		if got, want := out.String()+errb.String(), string(blocks[i][1]); got != want {
			t.Errorf("example %d prints\n%s\nthe README shows\n%s", i+1, got, want)
		}
	}
}

// TestUsageExamples runs, in GOROOT/src, the two standard-library
// examples of docs/usage.md (sync/atomic, and the compiler's arm and
// arm64 copies) and compares what copycat prints with the blocks: the
// docs show what copycat says of the Go it runs with. It reads the
// compiler's back ends, so it runs with the other GOROOT test.
func TestUsageExamples(t *testing.T) {
	if os.Getenv("COPYCAT_GOROOT_TEST") == "" {
		t.Skip("set COPYCAT_GOROOT_TEST=1 (make test-goroot) to read GOROOT/src")
	}
	usage, err := os.ReadFile(filepath.Join("..", "..", "docs", "usage.md"))
	if err != nil {
		t.Fatal(err)
	}
	atomic := regexp.MustCompile("(?s)```\n\\$ cd \\$\\(go env GOROOT\\)/src && copycat -tests=false \\./sync/atomic/\n(.*?)```").FindSubmatch(usage)
	arm := regexp.MustCompile("(?s)```\n(cmd/compile/internal/arm/ssa\\.go:.*?)```").FindSubmatch(usage)
	if atomic == nil || arm == nil {
		t.Fatal("docs/usage.md lacks the sync/atomic or the arm block")
	}
	t.Chdir(filepath.Join(runtime.GOROOT(), "src"))
	var out, errb bytes.Buffer
	Run([]string{"-cache=off", "-tests=false", "./sync/atomic/"}, &out, &errb)
	if got := out.String(); got != string(atomic[1]) {
		t.Errorf("copycat -tests=false ./sync/atomic/ prints\n%s\nusage.md shows\n%s", got, atomic[1])
	}
	out.Reset()
	Run([]string{"-cache=off", "-max-classes", "0", "./cmd/compile/internal/..."}, &out, &errb)
	for _, line := range strings.SplitAfter(strings.TrimSuffix(string(arm[1]), "\n"), "\n") {
		if !strings.Contains(out.String(), line) {
			t.Errorf("copycat ./cmd/compile/internal/... does not print usage.md's\n%s", line)
		}
	}
}

// TestUsageBlocksNameEveryCommand: the usage blocks of the README and of
// docs/usage.md name every command copycat runs (docs/usage.md's lacked
// copycat history).
func TestUsageBlocksNameEveryCommand(t *testing.T) {
	for _, doc := range []struct{ path, heading string }{
		{filepath.Join("..", "..", "README.md"), "## Usage"},
		{filepath.Join("..", "..", "docs", "usage.md"), "## Running copycat"},
	} {
		b, err := os.ReadFile(doc.path)
		if err != nil {
			t.Fatal(err)
		}
		_, after, ok := strings.Cut(string(b), doc.heading+"\n")
		block := regexp.MustCompile("(?s)```\n(.*?)```").FindStringSubmatch(after)
		if !ok || block == nil {
			t.Fatalf("%s: no code block under %q", doc.path, doc.heading)
		}
		for _, c := range append(slices.Clone(commands), "cache stats|clean") {
			if !regexp.MustCompile(`\bcopycat\b[^\n]*\b` + regexp.QuoteMeta(c) + `\b`).MatchString(block[1]) {
				t.Errorf("%s: the block under %q does not name copycat %s", doc.path, doc.heading, c)
			}
		}
	}
}
