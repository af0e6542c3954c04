package cli

import (
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
			if got := fingerprint.LineCount(src); got != want {
				return nil, fmt.Errorf("%s changed since it was read: %d lines, then %d", name, want, got)
			}
		}
		return src, nil
	}
}
