package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/copycat-go/copycat/fingerprint"
)

// sampleRun is a RunStats with a figure of its own in every field.
func sampleRun() *RunStats {
	s := NewRunStats(fingerprint.Result{
		Classes: make([]fingerprint.Class, 3),
		Work:    fingerprint.Work{Windows: 500, Candidates: 40, Boilerplate: 12, Confirmed: 30, Pairs: 7, NearUnits: 20, NearDiffs: 5, NearFound: 2},
		Sketch:  fingerprint.SketchSize{BloomBits: 4793, BloomHashes: 7, CountMinWidth: 512, CountMinDepth: 4, Keys: 500},
		Phases:  []fingerprint.Phase{{Name: "sketch", Nanos: 1500000}},
	})
	s.FilesRead, s.FilesReused, s.FilesGenerated, s.Spilled = 11, 9, 2, 65536
	s.SpillBudget, s.MemoryLimit = 1<<20, 1<<26
	s.ResidentBound, s.ResidentTrims = 1<<24, 3
	s.AddPhase("read+hash", 2*time.Millisecond, true)
	s.TotalSeconds = 0.25
	return s
}

// The table names every figure, each with its value.
func TestRunStatsTable(t *testing.T) {
	var buf bytes.Buffer
	if err := sampleRun().Table(&buf); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		"copycat: stats\n  detect: sketch  ", "1.5ms", "read+hash", "2ms", "(summed over workers)", "total (wall)", "250ms",
		"files read  ", "  11\n", "files reused from the index", "  9\n", "windows  ", "500",
		"4793 bits, 7 hash functions, est. false-positive rate 0.01", "at 500 keys",
		"width 512, depth 4, over-count ≤ ε·N = 0.00531·500 = 2.65 with probability 0.982",
		"candidates  ", "40", "left out as boilerplate (-max-occurrences)  ", "  12\n", "confirmed (blake3)", "30", "exact pairs", "7",
		"near-miss units", "20", "near-miss candidates verified", "near-miss pairs", "classes  ",
		"tables kept on the heap  ", "  up to 1048576 bytes (memory limit 67108864 bytes)\n",
		"tables spilled to a mapped file  ", "  65536 bytes (resident up to 16777216 bytes, dropped from memory 3 times)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	// Aligned: every value starts in the same column.
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	col := strings.Index(lines[1], "1.5ms")
	if i := strings.Index(lines[len(lines)-1], "3"); i != col {
		t.Errorf("values start at columns %d and %d:\n%s", col, i, out)
	}
	if line := sampleRun().Line(); strings.Contains(line, "\n") || !strings.Contains(line, "files reused from the index 9, files known unchanged, not read 0, generated files, left out 2, result reused from the index false, tables kept on the heap up to 1048576 bytes (memory limit 67108864 bytes), tables spilled to a mapped file 65536 bytes (resident up to 16777216 bytes, dropped from memory 3 times), windows 500") {
		t.Errorf("log line %q", line)
	}
}

// The JSON report holds the figures under stats.run when they are given,
// and nothing more otherwise.
func TestJSONRunStats(t *testing.T) {
	rep, _ := fixture(t, "clones.txtar")
	toJSON := func() []byte {
		var buf bytes.Buffer
		if err := JSON(&buf, rep); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	if plain := toJSON(); bytes.Contains(plain, []byte(`"run"`)) {
		t.Errorf("a report without run stats has a run object:\n%s", plain)
	}
	rep.Run = sampleRun()
	var out struct {
		Stats struct {
			Files int
			Run   *RunStats
		}
	}
	if err := json.Unmarshal(toJSON(), &out); err != nil {
		t.Fatal(err)
	}
	got := out.Stats.Run
	if got == nil || got.FilesRead != 11 || got.Bloom.Bits != 4793 || got.CountMin.Depth != 4 || got.Confirmed != 30 || len(got.Phases) != 2 || out.Stats.Files == 0 {
		t.Errorf("stats %+v, run %+v", out.Stats, got)
	}
}
