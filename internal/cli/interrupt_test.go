package cli

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestRunInterrupted checks that a run whose context is done ends with
// ExitInterrupted, says so, prints no report and leaves the -o and
// -baseline files as they were.
func TestRunInterrupted(t *testing.T) {
	dir := unpack(t, "module.txtar")
	report, base := filepath.Join(dir, "report.json"), filepath.Join(dir, "baseline.json")
	for _, f := range []string{report, base} {
		if err := os.WriteFile(f, []byte("previous\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, args := range [][]string{
		{"-cache=off", "-o", report, "./..."},
		{"-cache=off", "-baseline", base, "-update-baseline", "./..."},
		{"-cache=off", "./..."},
	} {
		var stdout, stderr bytes.Buffer
		code := RunContext(ctx, withAll(append(small, args...)), &stdout, &stderr)
		if code != ExitInterrupted || stderr.String() != "copycat: interrupted\n" || stdout.Len() != 0 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %d, nothing, copycat: interrupted", args, code, stdout.String(), stderr.String(), ExitInterrupted)
		}
	}
	for _, f := range []string{report, base} {
		if b, err := os.ReadFile(f); err != nil || string(b) != "previous\n" {
			t.Errorf("%s: %q, %v; want it unchanged", f, b, err)
		}
	}
	if _, _, code := run(t, append(small, "-cache=off", "./...")...); code != ExitClones {
		t.Errorf("the same run not interrupted: exit %d, want %d: the test proves nothing", code, ExitClones)
	}
}

// TestWriteOutputInterrupted checks that a report or baseline written
// when the run is interrupted is not renamed into place, and that its
// temporary file does not stay: the run returned at once when the write
// had not yet given up (under load, or, here, a write that takes a
// moment after the signal), and the process's end left the file.
func TestWriteOutputInterrupted(t *testing.T) {
	for _, after := range []time.Duration{0, 50 * time.Millisecond} {
		dir := t.TempDir()
		name := filepath.Join(dir, "report.txt")
		if err := os.WriteFile(name, []byte("previous\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		c := &Config{done: done}
		err := c.writeOutput(name, func(w io.Writer) error {
			close(done) // the signal comes while the report is written
			time.Sleep(after)
			_, err := io.WriteString(w, "new\n")
			return err
		})
		if !errors.Is(err, errInterrupted) {
			t.Errorf("%v: got %v, want %v", after, err, errInterrupted)
		}
		entries, _ := os.ReadDir(dir)
		if b, _ := os.ReadFile(name); string(b) != "previous\n" || len(entries) != 1 {
			t.Errorf("%v: file now %q, %d files in its directory; want it unchanged and alone", after, b, len(entries))
		}
	}
}

func TestProgressStopped(t *testing.T) {
	var buf bytes.Buffer
	clock := &fakeClock{t: time.Unix(1000, 0)}
	p := &progress{w: &buf, now: clock.now, start: clock.t}
	clock.t = clock.t.Add(2 * time.Second)
	p.files(50, 100)
	want := buf.String() + "\r\x1b[K" // the bar, then cleared
	p.stop()
	p.files(100, 100) // a loader still running in the background
	p.phase("finding clones")
	if buf.String() != want {
		t.Errorf("got %q, want %q: nothing drawn after stop", buf.String(), want)
	}
}
