package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"
)

// statsLabels are the rows -stats prints: every phase and every figure.
var statsLabels = []string{
	"resolve/walk", "read+hash", "index lookups", "parse+index",
	"detect: sketch", "detect: confirm", "detect: extend", "detect: near-miss, beside the three above", "detect: classes",
	"report", "total (wall)",
	"files read", "files reused from the index", "windows", "bloom filter", "count-min sketch",
	"candidates", "confirmed (blake3)", "exact pairs", "near-miss units", "near-miss candidates verified",
	"near-miss pairs", "classes", "tables kept on the heap", "tables spilled to a mapped file",
}

// -stats prints, on standard error after the report, a table with every
// phase and figure; the report on standard output is the same as without.
func TestStatsTable(t *testing.T) {
	unpack(t, "module.txtar")
	cacheDir := filepath.Join(t.TempDir(), "index")
	flags := append(small, "-cache", cacheDir)
	plain, plainErr, _ := run(t, flags...)
	if strings.Contains(plainErr, "copycat: stats") {
		t.Errorf("stats printed without -stats:\n%s", plainErr)
	}
	out, errs, code := run(t, append(flags, "-stats")...)
	if code != ExitClones || out != plain {
		t.Errorf("-stats: exit %d, stdout differs from the run without:\n%s", code, out)
	}
	table := statsTable(t, errs)
	// The second run found every file in the index the first one filled,
	// and the result of detection over them.
	if !regexp.MustCompile(`(?m)^  files read +4\n  files reused from the index +3$`).MatchString(table) {
		t.Errorf("want 4 files read (one generated), 3 reused:\n%s", table)
	}
	if !regexp.MustCompile(`(?m)^  result reused from the index +true$`).MatchString(table) ||
		!regexp.MustCompile(`(?m)^  detect: result from the index +\S`).MatchString(table) {
		t.Errorf("the result of detection was not reused:\n%s", table)
	}
	// A run that fills an empty index times every phase of detection.
	out, errs, _ = run(t, append(small, "-cache", filepath.Join(t.TempDir(), "cold"), "-stats")...)
	if out != plain {
		t.Errorf("-stats on an empty index: stdout differs from the run without:\n%s", out)
	}
	table = statsTable(t, errs)
	for _, label := range statsLabels {
		if !regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(label) + `  +\S`).MatchString(table) {
			t.Errorf("no %q row with a value:\n%s", label, table)
		}
	}
	for _, want := range []string{"hash functions, est. false-positive rate ", "over-count ≤ ε·N = "} {
		if !strings.Contains(table, want) {
			t.Errorf("table lacks %q:\n%s", want, table)
		}
	}
}

// statsTable returns the stats table on standard error.
func statsTable(t *testing.T, stderr string) string {
	t.Helper()
	i := strings.Index(stderr, "copycat: stats\n")
	if i < 0 {
		t.Fatalf("no stats table on standard error:\n%s", stderr)
	}
	return stderr[i:]
}

// The JSON report holds the figures of -stats under stats.run, and is
// otherwise the report without -stats (the golden file).
func TestStatsJSON(t *testing.T) {
	unpack(t, "module.txtar")
	out, _, code := run(t, append(small, "-json", "-stats", "-cache", "off")...)
	if code != ExitClones {
		t.Errorf("exit %d", code)
	}
	var got, want map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	golden, err := os.ReadFile(filepath.Join(testdataDir, "module.json.golden"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(golden, &want); err != nil {
		t.Fatal(err)
	}
	stats := got["stats"].(map[string]any)
	runStats, ok := stats["run"].(map[string]any)
	if !ok {
		t.Fatalf("no stats.run in the JSON report:\n%s", out)
	}
	for _, key := range []string{"phases", "files_read", "files_reused", "windows", "bloom", "count_min",
		"candidates", "confirmed", "pairs", "near_units", "near_verified", "near_pairs", "classes"} {
		if _, ok := runStats[key]; !ok {
			t.Errorf("stats.run lacks %q: %v", key, runStats)
		}
	}
	for obj, keys := range map[string][]string{
		"bloom":     {"bits", "hashes", "keys", "false_positive_rate"},
		"count_min": {"width", "depth", "epsilon", "delta", "total", "error_bound"},
	} {
		m, _ := runStats[obj].(map[string]any)
		for _, key := range keys {
			if v, ok := m[key].(float64); !ok || v <= 0 {
				t.Errorf("stats.run.%s.%s = %v, want a positive number", obj, key, m[key])
			}
		}
	}
	if n := len(runStats["phases"].([]any)); n != 9 {
		t.Errorf("%d phases in the JSON report, want 9 (loading's 4, detection's 5)", n)
	}
	delete(stats, "run")
	if !reflect.DeepEqual(got, want) {
		t.Errorf("without stats.run, the -stats report differs from module.json.golden:\n%s", out)
	}
}

// TestDetectionGC checks that detection lowers the collector's target and
// restores it, unless the user set GOGC.
func TestDetectionGC(t *testing.T) {
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	restore := detectionGC("")
	if got := debug.SetGCPercent(detectGCPercent); got != detectGCPercent {
		t.Errorf("while detecting: GC percent %d, want %d", got, detectGCPercent)
	}
	restore()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("after detecting: GC percent %d, want 100", got)
	}
	detectionGC("400")()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("with GOGC set: GC percent %d, want it untouched (100)", got)
	}
}

// While one or more large files are parsed, the collector's target is
// largeFileGCPercent; after the last, what it was; with GOGC set, there
// is no hook.
func TestLargeFileGC(t *testing.T) {
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	hook := largeFileGC("")
	first := hook()
	second := hook()
	first()
	if got := debug.SetGCPercent(largeFileGCPercent); got != largeFileGCPercent {
		t.Errorf("while a large file is parsed: GC percent %d, want %d", got, largeFileGCPercent)
	}
	second()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("after the large files: GC percent %d, want 100", got)
	}
	if largeFileGC("400") != nil {
		t.Error("with GOGC set: a hook, want none")
	}
}
