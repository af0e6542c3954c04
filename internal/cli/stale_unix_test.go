//go:build unix

package cli

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/copycat-go/copycat/cache"
	"github.com/copycat-go/copycat/internal/testtool"
)

// staleChild is set in the environment of the test binary run as a
// copycat that is killed: "write NAME" writes NAME and waits in the
// write, having made NAME.writing; "temp NAME" makes a named temporary
// file for NAME, as writeFile does where files of no name are not made
// (systems other than Linux), and waits; "history DIR" runs copycat
// history with the index in DIR.
const staleChild = "COPYCAT_TEST_STALE_CHILD"

// TestStaleChild is the killed copycat of TestStaleTemporaries.
func TestStaleChild(t *testing.T) {
	what, arg, _ := strings.Cut(os.Getenv(staleChild), " ")
	switch what {
	case "write":
		WriteFile(arg, func(w io.Writer) error {
			os.WriteFile(arg+".writing", nil, 0o644)
			select {} // killed here, the temporary file made
		})
	case "temp":
		if _, err := createTemp(arg); err == nil {
			select {}
		}
	case "history":
		Run([]string{"history", "-cache", arg}, io.Discard, io.Discard)
	}
}

// killedChild runs TestStaleChild with what in dir, waits until made
// returns true, and kills it with SIGKILL, which no process can catch.
func killedChild(t *testing.T, dir, what string, made func() bool) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestStaleChild$")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), staleChild+"="+what)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer cmd.Process.Kill()
	for deadline := time.Now().Add(20 * time.Second); !made(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: nothing made after 20 s", what)
		}
	}
}

// exists reports whether a file of that name exists.
func exists(name string) bool {
	_, err := os.Lstat(name)
	return err == nil
}

// aged sets the times of the files named back by two minutes, past
// staleAge.
func aged(t *testing.T, names ...string) {
	t.Helper()
	old := time.Now().Add(-2 * time.Minute)
	for _, name := range names {
		if err := os.Chtimes(name, old, old); err != nil {
			t.Fatal(err)
		}
	}
}

// glob is filepath.Glob that fails t on a bad pattern.
func glob(t *testing.T, pattern string) []string {
	t.Helper()
	m, err := filepath.Glob(pattern)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// A copycat killed with SIGKILL while it writes an -o file leaves the
// temporary file beside it, and one killed during a history leaves the
// folder it wrote the commits' files into (a tree of the repository):
// the next run removes them, and nothing else: not a temporary thing of
// a run still going, nor an older copycat's, nor another user's or
// another name's, nor one touched within staleAge.
func TestStaleTemporaries(t *testing.T) {
	dir := t.TempDir()
	report := filepath.Join(dir, "report.json")
	killedChild(t, dir, "write "+report, func() bool { return exists(report + ".writing") })
	if left := glob(t, filepath.Join(dir, ".report.json.*.tmp")); runtime.GOOS == "linux" && len(left) > 0 {
		// Its temporary file had no name (see openUnnamed).
		t.Errorf("a write killed left %q", left)
	}
	os.Remove(report + ".writing")
	killedChild(t, dir, "temp "+report, func() bool { return len(glob(t, filepath.Join(dir, ".report.json.*.tmp"))) > 0 })
	dead := glob(t, filepath.Join(dir, ".report.json.*.tmp"))
	// Kept: a temporary file of a write under way (this process's), an
	// older copycat's name, other names, a link, one just made.
	live, err := createTemp(report)
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	kept := []string{live.Name()}
	for _, name := range []string{".report.json.x1z.tmp", ".report.json.1.x1z.tmp.bak", ".other.json.77777777.x1z.tmp", "report.json.77777777.x1z.tmp"} {
		testtool.WriteFiles(t, dir, map[string]string{name: "{"})
		kept = append(kept, filepath.Join(dir, name))
	}
	link := filepath.Join(dir, ".report.json.77777777.link.tmp")
	if err := os.Symlink(dead[0], link); err != nil {
		t.Fatal(err)
	}
	aged(t, append(kept, dead...)...)
	kept = append(kept, link)
	fresh := filepath.Join(dir, ".report.json.77777777.fresh.tmp")
	testtool.WriteFiles(t, dir, map[string]string{filepath.Base(fresh): "{"})
	kept = append(kept, fresh)

	testtool.WriteFiles(t, dir, map[string]string{"a.go": "package a\n"})
	t.Chdir(dir)
	if _, errs, code := runChange(t, "-o", report, "a.go"); code != ExitClean {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, name := range dead {
		if _, err := os.Lstat(name); err == nil {
			t.Errorf("%s, a killed run's temporary file, left", name)
		}
	}
	for _, name := range kept {
		if _, err := os.Lstat(name); err != nil {
			t.Errorf("%s removed: %v", name, err)
		}
	}

	// History's folder, the run killed while it waits for the index
	// this test locks.
	repo := gitRepo(t)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	index := t.TempDir()
	if _, errs, code := runChange(t, "-cache", index, "-q", "./..."); code == ExitError {
		t.Fatalf("exit %d: %s", code, errs)
	}
	f, err := os.OpenFile(filepath.Join(index, cache.FileName), os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Skipf("cannot lock the index: %v", err)
	}
	killedChild(t, repo, "history "+index, func() bool {
		return len(glob(t, filepath.Join(tmp, "copycat-history-*", "a", "a.go"))) > 0
	})
	f.Close()
	left := glob(t, filepath.Join(tmp, "copycat-history-*"))
	if len(left) != 1 {
		t.Fatalf("history's folders %q, want the one of the killed run", left)
	}
	older := filepath.Join(tmp, "copycat-history-123456")
	if err := os.Mkdir(older, 0o700); err != nil {
		t.Fatal(err)
	}
	aged(t, left[0], older)
	if _, errs, code := runHistoryCmd(t); code != ExitClean {
		t.Fatalf("history: exit %d, %s", code, errs)
	}
	if got := glob(t, filepath.Join(tmp, "copycat-history-*")); len(got) != 1 || got[0] != older {
		t.Errorf("history's folders after a run: %q, want only the older copycat's %s", got, older)
	}
}
