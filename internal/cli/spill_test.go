package cli

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// -spill takes off, or a size with an optional K, M or G.
func TestSpillFlag(t *testing.T) {
	for _, tc := range []struct {
		arg  string
		want int64
		show string
	}{
		{"off", -1, "off"}, {"0", 0, "0"}, {"4096", 4096, "4096"}, {"64k", 64 << 10, "65536"},
		{"512M", 512 << 20, "512M"}, {"4G", 4 << 30, "4G"}, {"3g", 3 << 30, "3G"},
	} {
		var s spillSize
		if err := s.Set(tc.arg); err != nil || int64(s) != tc.want || s.String() != tc.show {
			t.Errorf("-spill %s: %d, %q, %v; want %d, %q", tc.arg, s, s.String(), err, tc.want, tc.show)
		}
	}
	for _, bad := range []string{"", "G", "-1", "1T", "1.5G", "on", "99999999999G"} {
		var s spillSize
		if err := s.Set(bad); err == nil {
			t.Errorf("-spill %q accepted: %d", bad, s)
		}
	}
	fs := flag.NewFlagSet("copycat", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var c Config
	c.spillFlag(fs)
	if c.Spill != defaultSpill || fs.Lookup("spill").DefValue != "1G" {
		t.Errorf("default -spill %d (%s), want 1G", c.Spill, fs.Lookup("spill").DefValue)
	}
	if fs.Parse([]string{"-spill", "lots"}) == nil {
		t.Error("-spill lots parsed")
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
	check := func(what string, args ...string) {
		t.Helper()
		heap, _, code := run(t, append(small, "-cache=off", "-spill", "off")...)
		if code != ExitClones {
			t.Fatalf("exit %d", code)
		}
		out, errs, _ := run(t, append(append(small, args...), "-spill", "0", "-stats")...)
		if out != heap {
			t.Errorf("%s: report differs from -spill off:\n%s", what, out)
		}
		if m := regexp.MustCompile(`tables spilled to a mapped file +(\d+) bytes`).FindStringSubmatch(errs); m == nil || m[1] == "0" {
			t.Errorf("%s: nothing spilled:\n%s", what, statsTable(t, errs))
		}
		if strings.Contains(errs, "warning") {
			t.Errorf("%s: %s", what, errs)
		}
	}
	check("no index", "-cache=off")
	check("filling the index", "-cache", cacheDir)
	// One file changed: the others are decoded from their records.
	if err := os.WriteFile("report/report.go", []byte(mustRead(t, "report/report.go")+"// one more line\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	check("decoding records", "-cache", cacheDir)
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
