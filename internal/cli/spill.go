package cli

import (
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/copycat-go/copycat/internal/spill"
	"github.com/copycat-go/copycat/load"
)

// defaultSpill is -spill's default: the first GiB of files' tables stays
// on the heap (about 17 million lines of Go), the rest is mapped from a
// temporary file. Below it nothing changes; above it the heap stops
// growing with the tree (see README "Memory").
const defaultSpill = 1 << 30

// A spillSize is -spill: a size in bytes, or -1 for off.
type spillSize int64

func (s *spillSize) String() string {
	switch {
	case s == nil:
		return ""
	case *s < 0:
		return "off"
	case *s%(1<<30) == 0 && *s > 0:
		return fmt.Sprintf("%dG", *s>>30)
	case *s%(1<<20) == 0 && *s > 0:
		return fmt.Sprintf("%dM", *s>>20)
	}
	return strconv.FormatInt(int64(*s), 10)
}

// Set reads "off" or a number of bytes with an optional K, M or G (powers
// of 1024).
func (s *spillSize) Set(v string) error {
	if v == "off" {
		*s = -1
		return nil
	}
	num, shift := v, 0
	if k := strings.LastIndexAny("KMG", strings.ToUpper(v[max(len(v)-1, 0):])); v != "" && k >= 0 {
		num, shift = v[:len(v)-1], 10*(k+1)
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 0 || n > (1<<62)>>shift {
		return fmt.Errorf("want off or a size in bytes, such as 0, 512M or 4G")
	}
	*s = spillSize(n << shift)
	return nil
}

func (c *Config) spillFlag(fs *flag.FlagSet) {
	c.Spill = defaultSpill
	fs.Var(&c.Spill, "spill", "keep the first `size` of the files' tables on the heap and map the rest from a temporary file in TMPDIR, which the system writes to disk and drops from memory when memory runs short (off: keep all on the heap)")
}

// openArena sets opts' table memory as -spill asks. The arena's file is
// made only when the tables first spill.
func (c *Config) openArena(opts *load.Options) {
	if c.Spill < 0 {
		return
	}
	c.arena = spill.New("", int64(c.Spill))
	opts.Tables = c.arena
}

// arenaErr says why the arena stopped giving memory, if it did: the file
// could not be made, or the disk is full. A system where spilling is not
// built says nothing.
func (c *Config) arenaErr() error {
	if _, err := c.arena.Spilled(); err != nil && !errors.Is(err, spill.ErrUnsupported) {
		return fmt.Errorf("%w; the rest of the tables stayed in memory", err)
	}
	return nil
}

// closeArena frees the mapped tables: after the report, when no file is
// used any more.
func (c *Config) closeArena() {
	c.arena.Close()
	c.arena = nil
}
