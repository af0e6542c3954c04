package cli

import (
	"bytes"
	"fmt"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/load"
)

// rereader returns how the report reads again the files it shows (their
// Facts, the HTML report's copies): with loading's limits, regular files
// of at most -max-file-size bytes, so that a file swapped after loading
// for a FIFO or a link to a device cannot hang the report or fill its
// memory; and, for a file the run loaded, only as it was: one whose
// lines are not those detection read is an error that says it changed,
// which the HTML report shows in place of the copy.
func (c *Config) rereader(files []*fingerprint.File) func(string) ([]byte, error) {
	lines := make(map[string]int, len(files))
	for _, f := range files {
		lines[f.Name] = f.Lines
	}
	return func(name string) ([]byte, error) {
		src, err := load.ReadFile(name, c.MaxFileSize)
		if err != nil {
			return nil, err
		}
		if want, ok := lines[name]; ok {
			if got := lineCount(src); got != want {
				return nil, fmt.Errorf("%s changed since it was read: %d lines, then %d", name, want, got)
			}
		}
		return src, nil
	}
}

// lineCount counts the lines of src as go/token does, which is how
// detection counted them (fingerprint.File.Lines): a line starts at the
// first byte and after each newline but a last one.
func lineCount(src []byte) int {
	if len(src) == 0 {
		return 0
	}
	return 1 + bytes.Count(src[:len(src)-1], []byte{'\n'})
}
