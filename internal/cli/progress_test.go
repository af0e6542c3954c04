package cli

import (
	"bytes"
	"flag"
	"strings"
	"testing"
	"time"
)

// fakeClock is a clock the test moves by hand.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }

func TestProgressBar(t *testing.T) {
	var buf bytes.Buffer
	clock := &fakeClock{t: time.Unix(1000, 0)}
	p := &progress{w: &buf, now: clock.now, start: clock.t}

	p.files(10, 100)
	clock.t = clock.t.Add(500 * time.Millisecond)
	p.files(20, 100)
	if buf.Len() != 0 {
		t.Fatalf("drew during the first second: %q", buf.String())
	}
	clock.t = clock.t.Add(1500 * time.Millisecond) // 2 s in
	p.files(50, 100)
	want := "\r\x1b[Kcopycat: [============            ] 50/100 files, 25 files/s, ETA 2s"
	if buf.String() != want {
		t.Errorf("got  %q\nwant %q", buf.String(), want)
	}
	buf.Reset()
	clock.t = clock.t.Add(10 * time.Millisecond)
	p.files(51, 100)
	if buf.Len() != 0 {
		t.Errorf("redrew within 100ms: %q", buf.String())
	}
	p.files(100, 100) // the last file is always drawn
	if !strings.Contains(buf.String(), "[========================] 100/100 files") {
		t.Errorf("final state: %q", buf.String())
	}
	buf.Reset()
	p.phase("finding clones")
	p.clear()
	if want := "\r\x1b[Kcopycat: finding clones\r\x1b[K"; buf.String() != want {
		t.Errorf("phase and clear: %q, want %q", buf.String(), want)
	}
}

func TestProgressQuickRunDrawsNothing(t *testing.T) {
	var buf bytes.Buffer
	clock := &fakeClock{t: time.Unix(1000, 0)}
	p := &progress{w: &buf, now: clock.now, start: clock.t}
	p.files(1, 2)
	p.files(2, 2)
	p.phase("finding clones")
	p.clear()
	if buf.Len() != 0 {
		t.Errorf("a run under a second drew %q", buf.String())
	}
}

func TestProgressOnlyOnTerminal(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"plain", nil},
		{"json", []string{"-json"}},
		{"format", []string{"-format", "text"}},
		{"quiet", []string{"-q"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := flag.NewFlagSet("copycat", flag.ContinueOnError)
			var c Config
			c.Flags(fs)
			fs.BoolVar(&c.JSON, "json", false, "")
			fs.BoolVar(&c.Quiet, "q", false, "")
			c.outputFlags(fs)
			if err := fs.Parse(tt.args); err != nil {
				t.Fatal(err)
			}
			if err := c.checkOutput(fs); err != nil {
				t.Fatal(err)
			}
			// A buffer is not a terminal: never a bar, whatever the flags.
			if p := c.newProgress(&bytes.Buffer{}); p != nil {
				t.Error("progress bar on a non-terminal")
			}
			// With a terminal, only the plain run draws.
			if got, want := c.progressWanted(), tt.name == "plain"; got != want {
				t.Errorf("progressWanted() = %v, want %v", got, want)
			}
		})
	}
}

// A run of one file says "1/1 file".
func TestProgressOneFile(t *testing.T) {
	var buf bytes.Buffer
	clock := &fakeClock{t: time.Unix(1000, 0)}
	p := &progress{w: &buf, now: clock.now, start: clock.t}
	clock.t = clock.t.Add(2 * time.Second)
	p.files(1, 1)
	if !strings.Contains(buf.String(), "] 1/1 file, ") {
		t.Errorf("got %q, want 1/1 file", buf.String())
	}
}
