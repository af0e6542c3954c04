package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/load"
)

// ExitInterrupted is the exit status of a run stopped by SIGINT or
// SIGTERM: 128 + SIGINT's number, what a shell reports for Ctrl-C.
const ExitInterrupted = 130

// errInterrupted stops the writing of an -o or -baseline file when the run
// is interrupted before the file is renamed into place.
var errInterrupted = errors.New("interrupted")

// Run runs the command line with args (without the program name) and
// returns the exit code.
func Run(args []string, stdout, stderr io.Writer) int {
	return RunContext(context.Background(), args, stdout, stderr)
}

// interrupted ends a run stopped by its context.
func interrupted(stderr io.Writer) int {
	fmt.Fprintln(stderr, "copycat: interrupted")
	return ExitInterrupted
}

// untilDone runs f and returns what it returns, or ok false as soon as
// done is closed: f may be blocked where no signal reaches it (a named
// pipe no one writes to, a lock on the index, a go command), and the run
// ends without it. A nil done is never closed.
func untilDone[T any](done <-chan struct{}, f func() T) (v T, ok bool) {
	out := make(chan T, 1)
	go func() { out <- f() }()
	select {
	case v = <-out:
		return v, !closed(done)
	case <-done:
		return v, false
	}
}

// detectUntil is detect, stopped when ctx is done: it then returns ok
// false at once, without waiting for loading or detection to notice, and
// nothing found is committed to the index afterwards.
func (c *Config) detectUntil(ctx context.Context, paths []string, stderr io.Writer) (res *load.Result, classes []fingerprint.Class, ok bool) {
	bar := c.newProgress(stderr)
	type result struct {
		res     *load.Result
		classes []fingerprint.Class
	}
	r, ok := untilDone(ctx.Done(), func() result {
		res, classes := c.detect(ctx.Done(), paths, bar)
		return result{res, classes}
	})
	if !ok {
		if bar != nil {
			bar.stop()
		}
		return nil, nil, false
	}
	return r.res, r.classes, true
}

// writeOutput is WriteFile for a report or a baseline: when the run is
// interrupted before the file is complete, the file is not renamed into
// place and the previous one stays, nor its temporary file. An
// interrupt ends the wait for a named pipe (-o PIPE waits in its open for
// a reader, and a write to a full pipe for the reader to read) within
// interruptGrace, as it ends the wait for a pipe read (-baseline PIPE).
// (A report printed on standard output is let finish by the first
// signal, and ended by the second: see usage.)
func (c *Config) writeOutput(name string, write func(io.Writer) error) error {
	out := make(chan error, 1)
	go func() {
		out <- WriteFile(name, func(w io.Writer) error {
			if err := write(w); err != nil {
				return err
			}
			if closed(c.done) {
				return errInterrupted
			}
			return nil
		})
	}()
	select {
	case err := <-out:
		switch {
		case errors.Is(err, fs.ErrNotExist) && c.checked[name]:
			err = fmt.Errorf("%w (its folder was there when the run began, and removed while it ran)", err)
		case errors.Is(err, fs.ErrPermission) && c.checked[name]:
			err = fmt.Errorf("%w (its folder could be written when the run began, and no longer)", err)
		}
		return err
	case <-c.done:
		// The write ends soon after the signal unless it waits for a
		// pipe's reader: given a moment, it removes its temporary file
		// (report.txt.tmp…), which a return at once left beside the
		// report when the process then ended.
		select {
		case err := <-out: // written, or given up, as the signal came
			return err
		case <-time.After(interruptGrace):
			return errInterrupted // still waiting: the write is left
		}
	}
}

// interruptGrace is how long an interrupted run waits for a report's
// write to give up: a write to a file ends in far less; one to a pipe
// no one reads never does.
const interruptGrace = time.Second

// closed reports whether done is closed; a nil channel never is.
func closed(done <-chan struct{}) bool {
	select {
	case <-done:
		return true
	default:
		return false
	}
}

// checkOutputs checks, before any work, that the run can write its -o
// file and, with -update-baseline, its baseline (see CheckWritable).
func (c *Config) checkOutputs() error {
	if err := c.checkClash(); err != nil {
		return err
	}
	if err := c.checkFile(c.File); err != nil {
		return fmt.Errorf("cannot write report %s: %w", c.File, err)
	}
	if !c.UpdateBaseline {
		return nil
	}
	if err := c.checkFile(c.Baseline); err != nil {
		return fmt.Errorf("cannot write baseline %s: %w", c.Baseline, err)
	}
	return nil
}

// checkClash refuses an -o file that is a file the run reads or writes
// besides: -o b.txt -baseline b.txt replaced the baseline, the classes a
// project accepted, with the report (and the next run failed on every
// class), -o c.diff -diff c.diff the change, and with -update-baseline
// the one written last won, silently.
func (c *Config) checkClash() error {
	if c.File == "" {
		return nil
	}
	switch {
	case c.Baseline != "" && sameFile(c.File, c.Baseline) && c.UpdateBaseline:
		return fmt.Errorf("-o %s and -update-baseline -baseline %s name one file: the report and the baseline would each replace the other", c.File, c.Baseline)
	case c.Baseline != "" && sameFile(c.File, c.Baseline):
		return fmt.Errorf("-o %s names the file -baseline reads: the report would replace the baseline", c.File)
	case c.Changes.Diff != "" && c.Changes.Diff != "-" && sameFile(c.File, c.Changes.Diff):
		return fmt.Errorf("-o %s names the file -diff reads: the report would replace the change", c.File)
	}
	return nil
}

// sameFile reports whether the paths a and b name one file: the same
// file on the disk (through links, or other spellings), or, where one
// does not exist yet, the same path.
func sameFile(a, b string) bool {
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(fa, fb)
	}
	absA, errA := filepath.Abs(a)
	absB, errB := filepath.Abs(b)
	return errA == nil && errB == nil && absA == absB
}

// checkFile is CheckWritable for a file the run writes, if name is set.
func (c *Config) checkFile(name string) error {
	if name == "" {
		return nil
	}
	if err := CheckWritable(name); err != nil {
		return err
	}
	if c.checked == nil {
		c.checked = map[string]bool{}
	}
	c.checked[name] = true
	return nil
}
