package cli

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzProjectFile: any bytes in a project file are read without a
// fault; each line is a flag or more, or an error naming its line, once;
// and what is read applies to the command line's flags and passes their
// checks, as the run would take it.
func FuzzProjectFile(f *testing.F) {
	f.Add([]byte("# team\n-min-tokens 150 -min-lines=10\n-tests=false\n"))
	f.Add([]byte("-o x\n-tests false\n./...\n-min-tokenz 5\n-h\n--near=maybe\n-similarity 2\n"))
	f.Add([]byte("-max-file-size 4MiB\r\n-generated\x00\n\xff\xfe-near\n"))
	f.Add([]byte("-min-tokens\n-- -min-lines 3\n-=x\n---x\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, ProjectFile), data, 0o644); err != nil {
			t.Fatal(err)
		}
		p, errs := ReadProject(dir)
		lines := strings.Count(string(data), "\n") + 1
		seen := map[int]bool{}
		for _, err := range errs {
			pe, ok := err.(*ProjectError)
			if !ok || pe.Line < 0 || pe.Line > lines || seen[pe.Line] || pe.Line == 0 && len(data) <= MaxProjectFile {
				t.Fatalf("error %v (line out of the file's %d, said twice, or the whole file for no reason)", err, lines)
			}
			seen[pe.Line] = true
		}
		cmd := newCommand(io.Discard)
		if err := p.Apply(cmd.fs, nil); err != nil {
			t.Fatalf("flags read refused by the command line's: %v", err)
		}
		if err := cmd.Check(); err != nil {
			t.Fatalf("flags read fail the command line's check: %v", err)
		}
		for _, fl := range p.Flags {
			if seen[fl.Line] {
				t.Fatalf("line %d both applied and refused", fl.Line)
			}
			if fs, _ := ProjectFlagSet(); fs.Lookup(fl.Name) == nil {
				t.Fatalf("-%s is not a flag a project file sets", fl.Name)
			}
		}
	})
}
