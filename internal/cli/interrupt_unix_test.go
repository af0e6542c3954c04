//go:build unix

package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/copycat-go/copycat/internal/testtool"
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

// A report or a baseline written to a named pipe no one reads (-o PIPE
// waits in its open for a reader) blocks the run; an interrupt still
// ends it, at once, for the command line and for copycat history. Before,
// the first signal left the run waiting where no signal reached it, and
// only a second one (or SIGKILL) ended it, as -baseline PIPE's read did.
// (A report printed on standard output is let finish by the first
// signal: TestSecondSignalKills.)
func TestOutputPipeInterrupted(t *testing.T) {
	for _, tc := range []struct {
		name    string
		args    []string // "PIPE" is the named pipe
		history bool
	}{
		{"-o", []string{"-o", "PIPE", "./..."}, false},
		{"-update-baseline", []string{"-update-baseline", "-baseline", "PIPE", "./..."}, false},
		{"history -o", []string{"history", "-o", "PIPE"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.history {
				gitRepo(t)
			} else {
				unpack(t, "module.txtar")
			}
			pipe := filepath.Join(t.TempDir(), "report.pipe")
			if err := syscall.Mkfifo(pipe, 0o644); err != nil {
				t.Skipf("no named pipes here: %v", err)
			}
			t.Cleanup(func() {
				// A reader at last: the write given up on ends, before
				// the next case counts the writes under way.
				if f, err := os.OpenFile(pipe, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
					io.Copy(io.Discard, f)
					f.Close()
				}
				for i := 0; i < 1000 && stackCount("cli.writeInPlace") > 0; i++ {
					time.Sleep(10 * time.Millisecond)
				}
			})
			args := slices.Clone(tc.args)
			for i, a := range args {
				if a == "PIPE" {
					args[i] = pipe
				}
			}
			if tc.history {
				args = slices.Insert(args, 1, "-cache=off")
			} else {
				args = append(append(slices.Clone(small), "-cache=off"), args...)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			done := make(chan int, 1)
			var stdout, stderr testtool.SyncBuffer
			// Interrupted only once it waits on its output: an interrupt
			// before that ended the old code too.
			reached := make(chan struct{}, 1)
			before := stackCount("cli.writeInPlace")
			go func() { done <- RunContext(ctx, args, &stdout, &stderr) }()
			go waitForStack(reached, "cli.writeInPlace", before)
			select {
			case <-reached:
			case code := <-done:
				t.Fatalf("the run ended (exit %d) before it wrote its output: %s", code, stderr.String())
			case <-time.After(60 * time.Second):
				t.Fatal("the run did not reach its output in 60 s")
			}
			cancel()
			endsInterrupted(t, done, &stderr, "blocked on its output")
		})
	}
}

// endsInterrupted fails t unless the run, interrupted, ends within 30
// s (not a time limit: a run that does not end never does) with status
// ExitInterrupted, its standard error (stderr) ending "copycat:
// interrupted"; where says where a run that went on was blocked.
func endsInterrupted(t *testing.T, done <-chan int, stderr fmt.Stringer, where string) {
	t.Helper()
	select {
	case code := <-done:
		if code != ExitInterrupted || !strings.HasSuffix(stderr.String(), "copycat: interrupted\n") {
			t.Errorf("exit %d, stderr %q; want %d, copycat: interrupted", code, stderr.String(), ExitInterrupted)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("the run went on 30 s after its interrupt, %s", where)
	}
}

// waitForStack signals reached once more than before goroutines' stacks
// hold fn.
func waitForStack(reached chan<- struct{}, fn string, before int) {
	for range 6000 {
		if stackCount(fn) > before {
			reached <- struct{}{}
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// stackCount is the number of goroutines whose stacks hold fn.
func stackCount(fn string) int {
	buf := make([]byte, 1<<20)
	n := runtime.Stack(buf, true)
	return strings.Count(string(buf[:n]), fn+"(")
}

// A run whose git waits where no signal of the run's reaches it: in a
// partial clone, git fetching from a remote that never answers the blob
// it lacks, for -new-from-rev's git diff of the base revision, or copycat
// history's git ls-tree; or git opening a file of its folder that is a
// named pipe (a .git copied with one): a loose object, which no check
// before git runs looks at (the files git opens for every command are:
// change.TestGitFolderSpecial). The
// interrupt was caught and the run waited on for git, for ever (a second
// signal killed it, and git stayed, blocked, with the git fetch and
// git-remote-http under it); now git and what it runs are killed, and
// the run ends as interrupted.
func TestGitWaitInterrupted(t *testing.T) {
	for _, tc := range []struct{ name, step, pipe string }{
		{"-new-from-rev, a remote that never answers", "-new-from-rev", ""},
		{"history, a remote that never answers", "history", ""},
		{"-new-from-rev, HEAD's commit a named pipe", "-new-from-rev", "head"},
		{"history, HEAD's commit a named pipe", "history", "head"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			disconnected, asked := make(chan struct{}), make(chan struct{})
			gone := sync.OnceFunc(func() { close(disconnected) })
			ask := sync.OnceFunc(func() { close(asked) })
			ended := make(chan struct{})
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				ask()
				select { // never answers
				case <-r.Context().Done(): // its client went
					gone()
				case <-ended:
				}
			}))
			defer srv.Close()
			defer close(ended)
			src := gitRepo(t)
			testtool.WriteFiles(t, src, map[string]string{"a/a.go": "package a // two\n"})
			testtool.Git(t, "commit", "-q", "-am", "two")
			args := []string{"history", "-cache=off", "-o", filepath.Join(t.TempDir(), "h.csv")}
			if tc.step == "-new-from-rev" {
				args = []string{"-cache=off", "-new-from-rev", "HEAD~1", "./..."}
				partialCloneOf(t, src, true)
				testtool.WriteFiles(t, ".", map[string]string{"a/a.go": "package a // edited\n"})
			} else {
				partialCloneOf(t, src, false)
			}
			testtool.Git(t, "config", "remote.origin.url", srv.URL+"/r.git")
			if tc.pipe == "head" {
				// A commit of the clone's own, a loose object, which a
				// copied .git may hold as a named pipe: no file of the
				// git folder that the run looks at before git runs.
				testtool.Git(t, "commit", "-q", "--allow-empty", "-m", "three")
				oid := strings.TrimSpace(testtool.Git(t, "rev-parse", "HEAD"))
				tc.pipe = filepath.Join(".git", "objects", oid[:2], oid[2:])
				os.Remove(tc.pipe)
				if err := syscall.Mkfifo(tc.pipe, 0o644); err != nil {
					t.Skipf("no named pipes here: %v", err)
				}
				close(disconnected) // no remote is asked
				t.Cleanup(func() { testtool.UnblockPipe(tc.pipe) })
			}
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan int, 1)
			var stdout, stderr bytes.Buffer
			go func() { done <- RunContext(ctx, args, &stdout, &stderr) }()
			// The interrupt comes once git waits: on the remote, once it
			// asked (on a loaded machine that took more than the half
			// second the pipe's case is given), or on the pipe.
			var ready <-chan struct{} = asked
			if tc.pipe != "" {
				c := make(chan struct{})
				time.AfterFunc(500*time.Millisecond, func() { close(c) })
				ready = c
			}
			select {
			case <-ready:
			case code := <-done:
				t.Fatalf("the run ended before its interrupt: exit %d, %s", code, stderr.String())
			case <-time.After(30 * time.Second):
				t.Fatal("git never asked the remote")
			}
			cancel()
			endsInterrupted(t, done, &stderr, "waiting for git")
			select {
			case <-disconnected:
			case <-time.After(30 * time.Second):
				t.Error("git's fetch still waiting on the remote 30 s after the run")
			}
			if tc.pipe != "" && testtool.UnblockPipe(tc.pipe) {
				t.Errorf("a git still opening %s after the run", tc.pipe)
			}
		})
	}
}

// partialCloneOf makes a blob-less clone of the repository src over
// file:// and works in it, checked out or not: the blobs of its commits
// (but those checked out) are fetched from the remote when asked for.
func partialCloneOf(t *testing.T, src string, checkout bool) {
	t.Helper()
	bare := filepath.Join(t.TempDir(), "b.git")
	testtool.Git(t, "clone", "-q", "--bare", src, bare)
	testtool.Git(t, "-C", bare, "config", "uploadpack.allowFilter", "true")
	testtool.Git(t, "-C", bare, "config", "uploadpack.allowAnySHA1InWant", "true")
	clone := filepath.Join(t.TempDir(), "clone")
	args := []string{"clone", "-q", "--filter=blob:none", "file://" + bare, clone}
	if !checkout {
		args = append(args, "--no-checkout")
	}
	testtool.Git(t, args...)
	t.Chdir(clone)
}
