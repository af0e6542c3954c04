package cli

import (
	"strings"
	"testing"
)

func TestParseSize(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64
	}{
		{"2097152", 2097152},
		{"0", 0},
		{"-1", -1},
		{"9223372036854775807", 9223372036854775807},
		{"1e9", 1000000000},
		{"2MiB", 2 << 20},
		{"2 MiB", 2 << 20},
		{"2mib", 2 << 20},
		{"1.5KiB", 1536},
		{"4MB", 4000000},
		{"4mb", 4000000},
		{"1GB", 1000000000},
		{"1GiB", 1 << 30},
		{"512kB", 512000},
		{"100B", 100},
	} {
		got, err := ParseSize(c.in)
		if err != nil || got != c.want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", c.in, got, err, c.want)
		}
	}
	for _, in := range []string{"", "MB", "x", "1.5", "0.0001KB", "1e30", "NaN", "2 MiBs", "--1", "1e9e9"} {
		if n, err := ParseSize(in); err == nil {
			t.Errorf("ParseSize(%q) = %d, want an error", in, n)
		}
	}
}

// -max-file-size takes a unit, and a value it cannot read is refused
// with the forms it can.
func TestMaxFileSizeUnits(t *testing.T) {
	unpack(t, "module.txtar")
	_, stderr, code := run(t, append(small, "-max-file-size", "0.28kB", "./stats")...)
	if code != ExitClean || !strings.Contains(stderr, "stats/stats.go: larger than -max-file-size (280 bytes), skipped") {
		t.Errorf("-max-file-size 0.28kB: exit %d, %s", code, stderr)
	}
	_, stderr, code = run(t, "-max-file-size", "2M", "./stats")
	if code != ExitError || !strings.Contains(stderr, `invalid value "2M" for flag -max-file-size: want a size in bytes, such as`) {
		t.Errorf("-max-file-size 2M: exit %d, %s", code, stderr)
	}
}

// A size flag shows its value in the unit it is a whole number of, and
// reads it back: copycat -h said "(0: the default, 2 MiB) (default
// 2097152)" of -max-file-size.
func TestSizeFlagString(t *testing.T) {
	for _, c := range []struct {
		n    int64
		want string
	}{{2 << 20, "2MiB"}, {512 << 10, "512KiB"}, {1000, "1000"}, {0, "0"}, {3<<20 + 1, "3145729"}, {5 << 30, "5120MiB"}} {
		n := c.n
		got := sizeFlag{&n}.String()
		if got != c.want {
			t.Errorf("%d: %q, want %q", c.n, got, c.want)
		}
		if back, err := ParseSize(got); err != nil || back != c.n {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", got, back, err, c.n)
		}
	}
}
