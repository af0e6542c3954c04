package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/copycat-go/copycat/cache"
	"github.com/copycat-go/copycat/internal/fixture"
)

// result is what one copycat run printed and its exit status.
type result struct {
	out, err string
	code     int
}

func runIn(t *testing.T, bin, dir string, args ...string) result {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := cmd.ProcessState.ExitCode()
	if code < 0 {
		t.Fatalf("copycat %v: %v", args, err)
	}
	return result{out.String(), errb.String(), code}
}

// TestKilledWhileFillingTheIndex kills copycat at random moments while it
// fills an index and checks that the next run with that index reports
// exactly what a run without an index does.
func TestKilledWhileFillingTheIndex(t *testing.T) {
	_, bin := builtCopycat(t, "builds copycat and runs it about sixty times")
	tree, idx := t.TempDir(), t.TempDir()
	if err := fixture.Clones(tree, 300, 7); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	runIn(t, bin, tree, "-cache", t.TempDir(), "./...")
	cold := time.Since(start)
	r := rand.New(rand.NewPCG(12, 0))
	var paths []string
	filepath.WalkDir(tree, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			paths = append(paths, p)
		}
		return err
	})
	killed, scale := 0, cold/2
	for i := range 20 {
		// New bytes for some files, so that the killed run has records to
		// write; now and then no index at all.
		for range 30 {
			appendComment(t, paths[r.IntN(len(paths))], i)
		}
		if i%5 == 0 {
			os.RemoveAll(idx)
		}
		if killAfter(t, bin, tree, idx, time.Duration(r.Int64N(int64(scale)))) {
			killed++
		} else {
			scale = scale * 3 / 4 // the machine is faster than it was: kill sooner
		}
		want := runIn(t, bin, tree, "-cache=off", "./...")
		if got := runIn(t, bin, tree, "-cache", idx, "./..."); got != want {
			t.Fatalf("kill %d: the run after it differs from a run without an index:\n%+v\nwant\n%+v", i, got, want)
		}
		if !strings.Contains(want.out, "duplicate of") {
			t.Fatalf("no clones in the tree: the comparison proves little\n%s", want.out)
		}
	}
	t.Logf("%d of 20 runs killed before they finished (a cold run takes %v)", killed, cold)
	if killed == 0 {
		t.Errorf("no run was killed before it finished: the test kills too late")
	}
}

func appendComment(t *testing.T, path string, i int) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(f, "// edit %d\n", i)
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// killAfter starts copycat filling the index and kills it with SIGKILL
// after d. It reports whether the run was still going.
func killAfter(t *testing.T, bin, tree, idx string, d time.Duration) bool {
	t.Helper()
	cmd := exec.Command(bin, "-cache", idx, "./...")
	cmd.Dir = tree
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
		return false
	case <-time.After(d):
	}
	cmd.Process.Signal(syscall.SIGKILL)
	<-done
	status, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
	return ok && status.Signaled()
}

// TestCorruptIndexFile damages the index's file and checks that copycat
// warns once, reports as without an index, and rebuilds it.
func TestCorruptIndexFile(t *testing.T) {
	_, bin := builtCopycat(t, "builds copycat")
	tree := t.TempDir()
	if err := fixture.Clones(tree, 100, 3); err != nil {
		t.Fatal(err)
	}
	want := runIn(t, bin, tree, "-cache=off", "./...")
	for name, spoil := range map[string]func(b []byte) []byte{
		"truncated": func(b []byte) []byte { return b[:3*4096] }, // the data pages cut off
		"flipped": func(b []byte) []byte {
			for i := 4096; i < len(b); i += 61 {
				b[i] ^= 0xff
			}
			return b
		},
		"flipped header": func(b []byte) []byte {
			for i := 0; i < 2*4096; i += 7 {
				b[i] ^= 0xff
			}
			return b
		},
	} {
		t.Run(name, func(t *testing.T) {
			idx := t.TempDir()
			runIn(t, bin, tree, "-cache", idx, "./...")
			path := filepath.Join(idx, cache.FileName)
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, spoil(b), 0o644); err != nil {
				t.Fatal(err)
			}
			got := runIn(t, bin, tree, "-cache", idx, "./...")
			if got.out != want.out || got.code != want.code {
				t.Errorf("with a damaged index: exit %d\n%s\nwant exit %d\n%s", got.code, got.out, want.code, want.out)
			}
			if n := strings.Count(got.err, "warning: index"); n != 1 {
				t.Errorf("%d warnings about the index, want 1:\n%s", n, got.err)
			}
			if again := runIn(t, bin, tree, "-cache", idx, "./..."); again != want {
				t.Errorf("the index was not rebuilt:\n%+v", again)
			}
		})
	}
}

// TestTwoRunsShareTheIndex starts copycat twice at once on one index, a
// few times over: both must finish with the report of a run without one.
func TestTwoRunsShareTheIndex(t *testing.T) {
	_, bin := builtCopycat(t, "builds copycat")
	tree, idx := t.TempDir(), t.TempDir()
	if err := fixture.Clones(tree, 200, 5); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		appendComment(t, filepath.Join(tree, "p0", "f0.go"), i)
		want := runIn(t, bin, tree, "-cache=off", "./...")
		results := make(chan result, 2)
		for range 2 {
			go func() { results <- runIn(t, bin, tree, "-cache", idx, "./...") }()
		}
		for range 2 {
			if got := <-results; got != want {
				t.Errorf("round %d: a run sharing the index gave\n%+v\nwant\n%+v", i, got, want)
			}
		}
	}
}
