package cli

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
)

// -spill takes off, or a size with an optional K, M or G.
func TestSpillFlag(t *testing.T) {
	for _, tc := range []struct {
		arg  string
		want spillSize
		show string
	}{
		{"off", spillOff, "off"}, {"auto", spillAuto, "auto"}, {"0", 0, "0"}, {"4096", 4096, "4096"}, {"64k", 64 << 10, "65536"},
		{"512M", 512 << 20, "512M"}, {"4G", 4 << 30, "4G"}, {"3g", 3 << 30, "3G"},
	} {
		var s spillSize
		if err := s.Set(tc.arg); err != nil || s != tc.want || s.String() != tc.show {
			t.Errorf("-spill %s: %d, %q, %v; want %d, %q", tc.arg, s, s.String(), err, tc.want, tc.show)
		}
	}
	for _, bad := range []string{"", "G", "-1", "1T", "1.5G", "on", "-2", "Auto", "99999999999G"} {
		var s spillSize
		if err := s.Set(bad); err == nil {
			t.Errorf("-spill %q accepted: %d", bad, s)
		}
	}
	fs := flag.NewFlagSet("copycat", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var c Config
	c.spillFlag(fs)
	if c.Spill != spillAuto || fs.Lookup("spill").DefValue != "auto" {
		t.Errorf("default -spill %d (%s), want auto", c.Spill, fs.Lookup("spill").DefValue)
	}
	if fs.Parse([]string{"-spill", "lots"}) == nil {
		t.Error("-spill lots parsed")
	}
}

// -spill auto keeps 1 GiB of tables on the heap, or a 64th of the
// memory limit if that is less; a size given keeps that size, whatever
// the limit, and off keeps all.
func TestSpillBudget(t *testing.T) {
	for _, tc := range []struct {
		spill       spillSize
		limit, want int64
	}{
		{spillAuto, 0, 512 << 20},
		{spillAuto, 4 << 30, 64 << 20},
		{spillAuto, 512 << 20, 8 << 20},
		{spillAuto, 32 << 30, 512 << 20},
		{spillAuto, 64 << 30, 512 << 20},
		{spillAuto, 1 << 40, 512 << 20},
		{0, 4 << 30, 0},
		{2 << 30, 4 << 30, 2 << 30},
		{spillOff, 4 << 30, -1},
	} {
		if got := tc.spill.budget(tc.limit); got != tc.want {
			t.Errorf("-spill %s under a limit of %d: budget %d, want %d", tc.spill.String(), tc.limit, got, tc.want)
		}
	}
}

// The mapped tables a run keeps resident are 512 MiB at most, and a
// quarter of the memory limit if that is less.
func TestResidentBound(t *testing.T) {
	for _, tc := range []struct{ limit, want int64 }{
		{0, 512 << 20}, {4 << 30, 512 << 20}, {2 << 30, 512 << 20}, {1 << 30, 256 << 20}, {512 << 20, 128 << 20}, {1 << 40, 512 << 20},
	} {
		if got := residentFor(tc.limit); got != tc.want {
			t.Errorf("under a limit of %d: %d resident, want %d", tc.limit, got, tc.want)
		}
	}
}

// The memory limit -spill auto sees is GOMEMLIMIT's when it is the
// lowest, and -stats says what it found and what it kept on the heap.
func TestSpillAutoUnderLimit(t *testing.T) {
	prev := debug.SetMemoryLimit(3 << 30)
	defer debug.SetMemoryLimit(prev)
	if got := memoryLimit(); got <= 0 || got > 3<<30 {
		t.Fatalf("memoryLimit() = %d under GOMEMLIMIT 3 GiB", got)
	}
	unpack(t, "module.txtar")
	_, errs, _ := run(t, append(small, "-cache=off", "-stats")...)
	row := regexp.MustCompile(`(?m)^  tables kept on the heap +up to (\d+) bytes \(memory limit (\d+) bytes\)$`).FindStringSubmatch(errs)
	if row == nil {
		t.Fatalf("no budget row under a limit:\n%s", statsTable(t, errs))
	}
	if limit, _ := strconv.ParseInt(row[2], 10, 64); limit > 3<<30 || row[1] != strconv.FormatInt(limit/64, 10) {
		t.Errorf("budget %s bytes under a limit of %s, want a 64th of it, the limit at most 3 GiB", row[1], row[2])
	}
	_, errs, _ = run(t, append(small, "-cache=off", "-stats", "-spill", "off")...)
	if !regexp.MustCompile(`(?m)^  tables kept on the heap +all$`).MatchString(errs) {
		t.Errorf("-spill off: budget row:\n%s", statsTable(t, errs))
	}
}

// A run whose tables all spill (-spill 0) prints what a run that keeps
// them on the heap prints: without the index, filling it, and decoding
// records from it; and it says how much it spilled.
func TestSpillSameReport(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("spilling is built for Linux only")
	}
	unpack(t, "module.txtar")
	cacheDir := filepath.Join(t.TempDir(), "index")
	check := func(what string, args ...string) (stats string) {
		t.Helper()
		heap, _, code := run(t, append(small, "-cache=off", "-spill", "off")...)
		if code != ExitClones {
			t.Fatalf("exit %d", code)
		}
		out, errs, _ := run(t, append(append(small, args...), "-spill", "0", "-stats")...)
		if out != heap {
			t.Errorf("%s: report differs from -spill off:\n%s", what, out)
		}
		if m := regexp.MustCompile(`tables spilled to a mapped file +(\d+) bytes \(resident up to \d+ bytes, dropped from memory \d+ times\)`).FindStringSubmatch(errs); m == nil || m[1] == "0" {
			t.Errorf("%s: nothing spilled:\n%s", what, statsTable(t, errs))
		}
		if strings.Contains(errs, "warning") {
			t.Errorf("%s: %s", what, errs)
		}
		return errs
	}
	check("no index", "-cache=off")
	check("filling the index", "-cache", cacheDir)
	// One file changed: the others are decoded from their records.
	if err := os.WriteFile("report/report.go", []byte(mustRead(t, "report/report.go")+"// one more line\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	errs := check("decoding records", "-cache", cacheDir)
	if m := regexp.MustCompile(`files reused from the index +(\d+)`).FindStringSubmatch(errs); m == nil || m[1] == "0" {
		t.Errorf("the run that filled the index committed nothing:\n%s", statsTable(t, errs))
	}
}

// A temporary directory that cannot hold the file is a warning naming it;
// the tables stay in memory and the report is the same.
func TestSpillBadTempDir(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("spilling is built for Linux only")
	}
	unpack(t, "module.txtar")
	heap, _, _ := run(t, append(small, "-cache=off", "-spill", "off")...)
	t.Setenv("TMPDIR", "/nonexistent/tmp")
	out, errs, code := run(t, append(small, "-cache=off", "-spill", "0")...)
	if out != heap || code != ExitClones {
		t.Errorf("exit %d, report differs from -spill off:\n%s", code, out)
	}
	if !strings.Contains(errs, "copycat: warning: spill: ") || !strings.Contains(errs, "/nonexistent/tmp") ||
		!strings.Contains(errs, "the rest of the tables stayed in memory") {
		t.Errorf("want one warning naming the directory:\n%s", errs)
	}
	// A run whose tables stay under -spill makes no file, and says nothing.
	if _, errs, _ := run(t, append(small, "-cache=off")...); errs != "" {
		t.Errorf("a run under -spill warned:\n%s", errs)
	}
}
