package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
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
