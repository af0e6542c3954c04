package cli

import (
	"errors"
	"fmt"
	"slices"
	"sync"

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
	into := c.rereaderInto(files)
	return func(name string) ([]byte, error) { return into(name, nil) }
}

// rereaderInto is rereader reading each file into the memory of buf when
// buf has the room (load.ReadFileInto).
func (c *Config) rereaderInto(files []*fingerprint.File) func(name string, buf []byte) ([]byte, error) {
	lines := make(map[string]int, len(files))
	for _, f := range files {
		lines[f.Name] = f.Lines
	}
	return func(name string, buf []byte) ([]byte, error) {
		src, err := load.ReadFileInto(name, c.MaxFileSize, buf)
		if err != nil {
			return nil, err
		}
		if want, ok := lines[name]; ok {
			if got := fingerprint.LineCount(src); got != want {
				return nil, fmt.Errorf("%s %w: %d lines, then %d", name, errChanged, want, got)
			}
		}
		return src, nil
	}
}

// errChanged is the rereader's error for a file whose lines are not those
// detection read.
var errChanged = errors.New("changed since it was read")

// changedFiles records the files found changed since loading read them
// when they were read again for their Facts: their classes were ranked
// without them, so the result is not stored, and a warning says why.
// Safe for concurrent use.
type changedFiles struct {
	mu    sync.Mutex
	names []string
}

func (c *changedFiles) add(name string) {
	c.mu.Lock()
	if !slices.Contains(c.names, name) {
		c.names = append(c.names, name)
	}
	c.mu.Unlock()
}

// warnings are one warning a file changed, in file order.
func (c *changedFiles) warnings() []error {
	c.mu.Lock()
	defer c.mu.Unlock()
	slices.Sort(c.names)
	var ws []error
	for _, name := range c.names {
		ws = append(ws, fmt.Errorf("%s changed while copycat ran: its classes were ranked without reading it again, and the result is not kept in the index; run again", name))
	}
	return ws
}
