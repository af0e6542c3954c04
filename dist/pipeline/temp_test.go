package pipeline

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// resetInterrupt undoes Interrupt, for the tests that come after.
func resetInterrupt(t *testing.T) {
	t.Cleanup(func() {
		temps.Lock()
		temps.interrupted = false
		temps.Unlock()
		interrupted, interruptAll = context.WithCancel(context.Background())
	})
}

// waitFor polls until ok, for at most 20 s.
func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); !ok(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("still waiting for %s after 20 s", what)
		}
	}
}

// TestInterruptRemovesTemporaries: an interrupted run (Interrupt, which
// SIGINT and SIGTERM call) stops its downloads and removes the zip it was
// downloading, and puts no tree in place. The old code ended at once and
// left the zip (copycat-dist-R.zip, up to 500 MiB) in the temporary
// directory, where no run removed it.
func TestInterruptRemovesTemporaries(t *testing.T) {
	dl := downloads(t)
	isolate(t)
	vouchDownloads(t, dl)
	resetInterrupt(t)
	zipped, err := os.ReadFile(filepath.Join(dl, memoryPath, "@v", memoryVersion+".zip"))
	if err != nil {
		t.Fatal(err)
	}
	// A proxy that sends half the zip, then waits.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, ".zip") {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(zipped)))
		w.Write(zipped[:len(zipped)/2])
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	defer srv.Close()
	t.Setenv("GOPROXY", srv.URL)
	t.Setenv("PATH", "")
	errs := make(chan error, 1)
	go func() {
		_, err := moduleDir(context.Background(), memoryPath+"@"+memoryVersion)
		errs <- err
	}()
	zips := func() []string {
		m, _ := filepath.Glob(filepath.Join(os.TempDir(), "copycat-dist-*.zip"))
		return m
	}
	waitFor(t, "the download", func() bool {
		z := zips()
		if len(z) == 0 {
			return false
		}
		fi, err := os.Stat(z[0])
		return err == nil && fi.Size() > 0
	})
	Interrupt()
	if z := zips(); len(z) > 0 {
		t.Errorf("left after the interrupt: %v", z)
	}
	select {
	case err := <-errs:
		if err == nil {
			t.Errorf("the download went on after the interrupt")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the download still runs 10 s after the interrupt")
	}
	unreadModule(t, memoryPath+"@"+memoryVersion)
	if _, err := makeTemp(t.TempDir(), "x-", "", false); err == nil {
		t.Errorf("a temporary file made after the interrupt")
	}
}

// TestInterruptStopsGit: an interrupted run kills the git it was
// running with what git runs (here the ssh command a repository's
// ssh:// URL has git start), all in git's own session, which no
// terminal's Ctrl-C reaches; killing git alone left its ssh running.
func TestInterruptStopsGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	resetInterrupt(t)
	dir := t.TempDir()
	t.Setenv("TMPDIR", t.TempDir())
	pidFile := filepath.Join(dir, "ssh.pid")
	script := filepath.Join(dir, "ssh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho $$ > "+pidFile+"\nexec sleep 60\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GIT_SSH_COMMAND", script)
	t.Setenv("GIT_TERMINAL_PROMPT", "") // git in a session of its own
	errs := make(chan error, 1)
	go func() {
		_, err := sourceDir(context.Background(), "ssh://git.example.invalid/r.git#main")
		errs <- err
	}()
	var pid int
	waitFor(t, "git's ssh", func() bool {
		b, err := os.ReadFile(pidFile)
		pid, _ = strconv.Atoi(strings.TrimSpace(string(b)))
		return err == nil && pid > 0
	})
	Interrupt()
	select {
	case <-errs:
	case <-time.After(10 * time.Second):
		t.Fatal("git still runs 10 s after the interrupt")
	}
	waitFor(t, fmt.Sprintf("the end of git's ssh (process %d)", pid), func() bool {
		if syscall.Kill(pid, 0) != nil {
			return true
		}
		stat, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		return strings.Contains(string(stat), ") Z ") // ended, not yet reaped
	})
}

// TestStaleTemporariesRemoved: what a run killed outright left (a zip in
// the temporary directory, a folder a tree was being written into),
// named with the number of a process that no longer runs, untouched for
// a minute and locked by no one, is removed by the next fetch on the
// machine; a temporary thing of a live process is not. The old code
// removed none: each killed run's zip and half tree stayed.
func TestStaleTemporariesRemoved(t *testing.T) {
	dl := downloads(t)
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Skipf("cannot run true: %v", err)
	}
	gone := dead.Process.Pid
	isolate(t)
	vouchDownloads(t, dl)
	t.Setenv("GOPROXY", "file://"+filepath.ToSlash(dl))
	t.Setenv("PATH", "")
	base, err := privateTemp("copycat-dist-mod")
	if err != nil {
		t.Fatal(err)
	}
	parent := filepath.Join(base, "github.com", "pbnjay")
	old := time.Now().Add(-2 * time.Minute)
	made := func(name string, folder bool) string {
		if folder {
			if err := os.MkdirAll(filepath.Join(name, "sub"), 0o700); err != nil {
				t.Fatal(err)
			}
		} else if err := os.WriteFile(name, []byte("half a zip"), 0o600); err != nil {
			t.Fatal(err)
		}
		os.Chtimes(name, old, old)
		return name
	}
	stale := []string{
		made(filepath.Join(os.TempDir(), fmt.Sprintf("copycat-dist-%d-1.zip", gone)), false),
		made(filepath.Join(parent, fmt.Sprintf(".fetch-%d-2", gone)), true),
	}
	kept := []string{
		made(filepath.Join(os.TempDir(), "copycat-dist-1-3.zip"), false), // process 1 runs
		made(filepath.Join(os.TempDir(), "copycat-dist-4.zip"), false),   // not of the shape
	}
	if _, err := moduleDir(context.Background(), memoryPath+"@"+memoryVersion); err != nil {
		t.Fatal(err)
	}
	for _, name := range stale {
		if _, err := os.Stat(name); err == nil {
			t.Errorf("%s, a dead run's, was left", name)
		}
	}
	for _, name := range kept {
		if _, err := os.Stat(name); err != nil {
			t.Errorf("%s was removed: %v", name, err)
		}
	}
}
