//go:build unix

package cli

import (
	"bytes"
	"context"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A -baseline or -diff that is a named pipe no one writes to blocks the
// run while it is read; an interrupt still ends the run, at once.
func TestPipeArgumentInterrupted(t *testing.T) {
	for _, flag := range []string{"-baseline", "-diff"} {
		t.Run(flag, func(t *testing.T) {
			dir := unpack(t, "module.txtar")
			pipe := filepath.Join(dir, "input.pipe")
			if err := syscall.Mkfifo(pipe, 0o644); err != nil {
				t.Skipf("no named pipes here: %v", err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan int, 1)
			var stdout, stderr bytes.Buffer
			go func() {
				done <- RunContext(ctx, append(small, "-cache=off", flag, pipe, "./..."), &stdout, &stderr)
			}()
			time.Sleep(200 * time.Millisecond) // the run reaches the pipe, or soon will
			cancel()
			select {
			case code := <-done:
				if code != ExitInterrupted || stderr.String() != "copycat: interrupted\n" {
					t.Errorf("exit %d, stderr %q; want %d, copycat: interrupted", code, stderr.String(), ExitInterrupted)
				}
			case <-time.After(30 * time.Second):
				t.Fatal("the run went on 30 s after its interrupt, blocked on the named pipe")
			}
		})
	}
}
