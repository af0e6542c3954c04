package cli

import (
	"errors"
	"flag"
	"math"
	"strconv"
	"strings"
)

// SizeVar defines a flag of a size in bytes: a whole number (2097152,
// 2e6) or one with a unit (2MiB, 2MB, 512KiB, 1GB), as ParseSize reads.
func SizeVar(fs *flag.FlagSet, p *int64, name string, value int64, usage string) {
	*p = value
	fs.Var(sizeFlag{p}, name, usage)
}

type sizeFlag struct{ p *int64 }

// String is the size as -h shows its default: in MiB or KiB when it is
// a whole number of them (2MiB, not 2097152 beside "(0: the default, 2
// MiB)"), else in bytes; ParseSize reads each back.
func (f sizeFlag) String() string {
	if f.p == nil {
		return "0"
	}
	switch n := *f.p; {
	case n > 0 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + "MiB"
	case n > 0 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + "KiB"
	default:
		return strconv.FormatInt(n, 10)
	}
}

// Get is the size in bytes (flag.Getter): the editor server reads a
// project file's -max-file-size so.
func (f sizeFlag) Get() any {
	if f.p == nil {
		return int64(0)
	}
	return *f.p
}

func (f sizeFlag) Set(s string) error {
	n, err := ParseSize(s)
	if err == nil {
		*f.p = n
	}
	return err
}

// sizeUnits are the units ParseSize knows, in any case: a multiple of
// 1,024 with an i, of 1,000 without.
var sizeUnits = []struct {
	name string
	n    float64
}{
	{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30},
	{"kB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"B", 1},
}

var errSize = errors.New("want a size in bytes, such as 4194304, 4e6, 4MB or 4MiB")

// ParseSize reads a size in bytes: a number that is a whole number of
// bytes once multiplied by its unit, if any. A negative size is read as
// one, for the caller to refuse with its own words.
func ParseSize(s string) (int64, error) {
	num, mult := strings.TrimSpace(s), 1.0
	for _, u := range sizeUnits {
		if len(num) > len(u.name) && strings.EqualFold(num[len(num)-len(u.name):], u.name) {
			num, mult = strings.TrimSpace(num[:len(num)-len(u.name)]), u.n
			break
		}
	}
	if n, err := strconv.ParseInt(num, 10, 64); err == nil && mult == 1 {
		return n, nil // exact, past 2^53 too
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil || math.IsNaN(f) {
		return 0, errSize
	}
	f *= mult
	if f != math.Trunc(f) || math.Abs(f) >= math.MaxInt64 {
		return 0, errSize
	}
	return int64(f), nil
}
