package hostile

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var (
	engineWriteDir   = flag.String("hostile.write", "", "write the engine cases under this directory, for timing the command line")
	engineWriteSmall = flag.Bool("hostile.small", false, "write the cases at the size of the tests, not of the benchmark")
)

// TestWriteEngineCases writes the engine cases, one folder each, when
// -hostile.write names a directory.
func TestWriteEngineCases(t *testing.T) {
	if *engineWriteDir == "" {
		t.Skip("no -hostile.write directory")
	}
	for _, c := range engineCases {
		dir := filepath.Join(*engineWriteDir, c.name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		size := c.full
		if *engineWriteSmall {
			size = c.small
		}
		for name, src := range c.files(size) {
			if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
