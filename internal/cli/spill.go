package cli

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/KimMachineGun/automemlimit/memlimit"

	"github.com/copycat-go/copycat/internal/spill"
	"github.com/copycat-go/copycat/load"
)

// unlimitedSpill is what -spill auto, the default, leaves on the heap when
// the process has no memory limit: the first 512 MiB of files' tables
// (about 8 million lines of Go); the rest is mapped from a temporary
// file. Below it nothing changes; above it the heap stops growing with
// the tree (see docs/index.md, "Memory": at 100 M lines, 1 GiB on the heap and
// the collector's headroom over it peaked at 8.3 GB of RSS).
const unlimitedSpill = 512 << 20

// limitShare is the share of a memory limit -spill auto leaves to tables
// on the heap: 1/limitShare of it, at most unlimitedSpill. Under a limit
// the heap is the memory the kernel cannot take back: a table on it costs
// its size and the collector's headroom, and pushes out of memory the
// mapped tables detection is reading (docs/index.md, "Memory": at 100 M lines in
// 4 GiB, 256 MiB of tables on the heap made the run 3 minutes longer).
const limitShare = 64

// residentBound is the most of the mapped tables' pages a run keeps in
// its resident memory: past it, they are dropped from the process, and
// stay in the system's page cache (spill.Arena.Bound). Under a memory
// limit it is a quarter of the limit, if that is less.
const residentBound = 512 << 20

// residentFor returns the bytes of mapped tables a run under a memory
// limit of limit bytes (0: none) keeps resident.
func residentFor(limit int64) int64 {
	if limit > 0 {
		return min(limit/4, residentBound)
	}
	return residentBound
}

// spillOff and spillAuto are the sizes that stand for -spill off and auto.
const (
	spillOff  spillSize = -1
	spillAuto spillSize = -2
)

// A spillSize is -spill: a size in bytes, spillOff or spillAuto.
type spillSize int64

func (s *spillSize) String() string {
	switch {
	case s == nil:
		return ""
	case *s == spillAuto:
		return "auto"
	case *s < 0:
		return "off"
	case *s%(1<<30) == 0 && *s > 0:
		return fmt.Sprintf("%dG", *s>>30)
	case *s%(1<<20) == 0 && *s > 0:
		return fmt.Sprintf("%dM", *s>>20)
	}
	return strconv.FormatInt(int64(*s), 10)
}

// Set reads "off", "auto" or a number of bytes with an optional K, M or G
// (powers of 1024).
func (s *spillSize) Set(v string) error {
	switch v {
	case "off":
		*s = spillOff
		return nil
	case "auto":
		*s = spillAuto
		return nil
	}
	num, shift := v, 0
	if k := strings.LastIndexAny("KMG", strings.ToUpper(v[max(len(v)-1, 0):])); v != "" && k >= 0 {
		num, shift = v[:len(v)-1], 10*(k+1)
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 0 || n > (1<<62)>>shift {
		return fmt.Errorf("want auto, off or a size in bytes, such as 0, 512M or 4G")
	}
	*s = spillSize(n << shift)
	return nil
}

func (c *Config) spillFlag(fs *flag.FlagSet) {
	c.Spill = spillAuto
	fs.Var(&c.Spill, "spill", "keep the first `size` of the files' tables on the heap and map the rest from a temporary file in TMPDIR, of which the process keeps at most 512M resident (a quarter of a memory limit, if less) and the system's page cache the rest (off: keep all on the heap; auto: 512M, or 1/64 of the memory limit of the process's cgroup or GOMEMLIMIT if less)")
}

// budget is the bytes of tables to keep on the heap, or -1 for all, given
// the process's memory limit (0: none).
func (s spillSize) budget(limit int64) int64 {
	if s != spillAuto {
		return int64(s)
	}
	if limit > 0 {
		return min(limit/limitShare, unlimitedSpill)
	}
	return unlimitedSpill
}

// memoryLimit is the memory the process may use, or 0 if it has no
// limit: the lower of its cgroup's limit (v1 or v2) and the Go runtime's
// (GOMEMLIMIT). A cgroup that cannot be read counts as none.
func memoryLimit() int64 {
	limit := debug.SetMemoryLimit(-1)
	if cg, err := memlimit.FromCgroup(); err == nil && cg > 0 && cg < uint64(limit) {
		limit = int64(cg)
	}
	if limit == math.MaxInt64 {
		return 0
	}
	return limit
}

// openArena sets opts' table memory as -spill asks. The arena's file is
// made only when the tables first spill.
func (c *Config) openArena(opts *load.Options) {
	if c.Spill == spillAuto {
		c.memLimit = memoryLimit()
	}
	c.spillBudget = c.Spill.budget(c.memLimit)
	if c.spillBudget < 0 {
		return
	}
	c.arena = spill.New("", c.spillBudget)
	c.arena.Bound(residentFor(c.memLimit))
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
