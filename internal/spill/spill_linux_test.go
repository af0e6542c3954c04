package spill

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

func newArena(t *testing.T, budget int64) *Arena {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("spilling is built for Linux only")
	}
	dir := t.TempDir()
	a := New(dir, budget)
	t.Cleanup(func() {
		a.Close()
		// The file was removed at once: a killed run leaves nothing.
		if left, _ := os.ReadDir(dir); len(left) != 0 {
			t.Errorf("files left in the spill directory: %v", left)
		}
	})
	return a
}

// The budget's bytes stay on the heap; memory after it comes from the
// file, zeroed, aligned, writable, and counted.
func TestAllocAfterBudget(t *testing.T) {
	a := newArena(t, 100)
	if b := a.Alloc(60); b != nil {
		t.Fatalf("Alloc(60) within the budget gave %d bytes", len(b))
	}
	if b := a.Alloc(32); b != nil { // 60 was rounded to 64: 36 left
		t.Fatalf("Alloc(32) within the budget gave %d bytes", len(b))
	}
	var got [][]byte
	for k, n := range []int{5, 1, 13, 4096, chunkSize / 4, chunkSize/4 + 1, chunkSize + 5} {
		b := a.Alloc(n)
		if len(b) != (n+7)&^7 || cap(b) != len(b) {
			t.Fatalf("Alloc(%d): len %d cap %d", n, len(b), cap(b))
		}
		if uintptr(unsafe.Pointer(&b[0]))%8 != 0 {
			t.Errorf("Alloc(%d) is not 8-byte aligned", n)
		}
		for i := range b {
			if b[i] != 0 {
				t.Fatalf("Alloc(%d)[%d] = %d, not zeroed", n, i, b[i])
			}
			b[i] = byte(k + 1)
		}
		got = append(got, b)
	}
	for k, b := range got { // no allocation wrote over another
		for i := range b {
			if b[i] != byte(k+1) {
				t.Fatalf("allocation %d overwritten at byte %d", k, i)
			}
		}
	}
	want := int64(0)
	for _, b := range got {
		want += int64(len(b))
	}
	if spilled(a) != want {
		t.Errorf("Spilled() = %d, want %d", spilled(a), want)
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if b := a.Alloc(8); b != nil {
		t.Error("a closed arena gave memory")
	}
}

// Workers allocating at once get memory of their own.
func TestAllocConcurrent(t *testing.T) {
	a := newArena(t, 0)
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i := range 2000 {
				b := a.Alloc(1 + (i*7919)%20000)
				for j := range b {
					b[j] = byte(w + 1)
				}
				for j := range b {
					if b[j] != byte(w+1) {
						t.Errorf("worker %d: its memory was written by another", w)
						return
					}
				}
			}
		})
	}
	wg.Wait()
}

type failingMapper struct{ err error }

func (m failingMapper) grow(int) ([]byte, error) { return nil, m.err }
func (failingMapper) release([]byte) error       { return nil }
func (failingMapper) trim() error                { return nil }
func (failingMapper) close() error               { return nil }

// A file that cannot grow (a full disk) stops the arena: the caller keeps
// its tables on the heap, and Err says why.
func TestGrowFails(t *testing.T) {
	full := errors.New("no space left on device")
	a := &Arena{m: failingMapper{full}}
	if b := a.Alloc(64); b != nil {
		t.Fatal("Alloc gave memory its file could not hold")
	}
	if !errors.Is(arenaErr(a), full) {
		t.Errorf("Spilled() error %v, want %v", arenaErr(a), full)
	}
	if spilled(a) != 0 {
		t.Errorf("Spilled() = %d", spilled(a))
	}
}

// A nil arena gives nothing, and its methods do nothing.
func TestNilArena(t *testing.T) {
	var a *Arena
	if a.Alloc(8) != nil || spilled(a) != 0 || arenaErr(a) != nil || a.Close() != nil {
		t.Error("a nil arena did something")
	}
}

// A directory that cannot hold the file: the arena gives nothing, and Err
// says why, only once memory was asked of it.
func TestBadDir(t *testing.T) {
	a := New("/nonexistent/dir", 0)
	defer a.Close()
	if arenaErr(a) != nil {
		t.Fatalf("an arena that gave nothing failed: %v", arenaErr(a))
	}
	if a.Alloc(8) != nil || a.Scratch(8) != nil {
		t.Fatal("memory from a file that could not be made")
	}
	if err := arenaErr(a); err == nil || !strings.Contains(err.Error(), "/nonexistent/dir") {
		t.Errorf("Spilled() error %v, want the directory named", err)
	}
}

// Scratch memory comes only once the budget is spent, in a mapping of its
// own; Free drops it and gives its blocks back to the file system.
func TestScratch(t *testing.T) {
	a := newArena(t, 64)
	if b := a.Scratch(1 << 20); b != nil {
		t.Fatal("Scratch gave memory while the budget lasts")
	}
	a.Alloc(128) // spends the budget
	const n = 8 << 20
	b := a.Scratch(n)
	if len(b) != n {
		t.Fatalf("Scratch(%d) gave %d bytes", n, len(b))
	}
	for i := range b {
		if b[i] != 0 {
			t.Fatalf("byte %d not zeroed", i)
		}
		b[i] = 1
	}
	blocks := func() int64 {
		var st unix.Stat_t
		if err := unix.Fstat(int(a.m.(*fileMapper).f.Fd()), &st); err != nil {
			t.Fatal(err)
		}
		return st.Blocks * 512
	}
	before := blocks()
	if before < n {
		t.Fatalf("the file holds %d bytes, want at least %d", before, n)
	}
	a.Free(b)
	if err := arenaErr(a); err != nil {
		t.Fatal(err)
	}
	if after := blocks(); after > before-n {
		t.Errorf("the file holds %d bytes after Free, %d before", after, before)
	}
	// Freeing what Scratch did not give whole is an error, and stops the arena.
	c := a.Scratch(4096)
	a.Free(c[8:])
	if arenaErr(a) == nil || a.Scratch(8) != nil {
		t.Error("freeing part of a mapping went unnoticed")
	}
}

// Trim drops the mapped pages from the process's resident memory and
// keeps what they hold; using them again maps them again.
func TestTrim(t *testing.T) {
	a := newArena(t, 0)
	const n = 32 << 20
	b := a.Alloc(n)
	before := resident(t)
	fill(b, 7)
	if got := resident(t) - before; got < n/2 {
		t.Fatalf("writing %d mapped bytes made %d resident", n, got)
	}
	a.Trim()
	if got := resident(t) - before; got > n/4 {
		t.Errorf("after Trim, %d of the %d bytes written are still resident", got, n)
	}
	if err := check(b, 7); err != nil {
		t.Fatal("after Trim:", err)
	}
	if got := resident(t) - before; got < n/2 {
		t.Errorf("reading %d mapped bytes again made %d resident", n, got)
	}
	if a.Trims() != 1 || arenaErr(a) != nil {
		t.Errorf("Trims() = %d, Spilled() error %v", a.Trims(), arenaErr(a))
	}
}

// With a bound, the arena drops its pages from the process once they pass
// it, while workers write and read their memory: nothing written is lost.
func TestBound(t *testing.T) {
	a := newArena(t, 0)
	a.Bound(4 << 20)
	var wg sync.WaitGroup
	for w := range 2 {
		wg.Go(func() {
			var mine [][]byte
			for i := range 400 {
				b := a.Alloc(64<<10 + i)
				fill(b, byte(w+1))
				mine = append(mine, b)
			}
			for _, b := range mine {
				if err := check(b, byte(w+1)); err != nil {
					t.Errorf("worker %d: %v", w, err)
					return
				}
			}
		})
	}
	wg.Wait()
	// 50 MiB were written past a bound of 4 MiB: the watch, looking
	// every watchEvery, drops them at its next look.
	for i := 0; a.Trims() == 0 && i < 500; i++ {
		time.Sleep(watchEvery)
	}
	if a.Trims() == 0 {
		t.Error("the arena's pages were never dropped")
	}
	if err := a.Close(); err != nil { // stops the watch
		t.Fatal(err)
	}
	trims := a.Trims()
	time.Sleep(3 * watchEvery)
	if a.Trims() != trims {
		t.Error("the watch went on after Close")
	}
}

// Pages the process maps from other files (the index's database, say)
// count toward the bound once, not at every look: after a trim, growth is
// measured from what stayed resident, so a large mapping the arena does
// not own does not make it drop its pages over and over.
func TestBoundOtherMappings(t *testing.T) {
	a := newArena(t, 0)
	a.Bound(4 << 20)
	defer a.Close()
	fill(a.Alloc(1<<20), 1) // the watch starts with the first mapping
	f, err := os.CreateTemp(t.TempDir(), "other-*")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	const size = 32 << 20
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
	other, err := unix.Mmap(int(f.Fd()), 0, size, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Munmap(other)
	fill(other, 2) // 32 MiB resident that no trim drops
	for i := 0; a.Trims() == 0 && i < 500; i++ {
		time.Sleep(watchEvery)
	}
	if a.Trims() == 0 {
		t.Fatal("growth past the bound dropped nothing")
	}
	// The trims stop once the watch has seen the end of the growth:
	// within 10 looks at most (slowly on a loaded machine), where
	// trimming at every look would never stop.
	for range 50 {
		trims := a.Trims()
		time.Sleep(10 * watchEvery)
		if a.Trims() == trims {
			return
		}
	}
	t.Errorf("with nothing mapped, the arena went on dropping its pages (%d times)", a.Trims())
}

// The gauge calls for a trim when resident mapped memory grows past the
// bound from what stayed after the last trim, or from the least since.
func TestGauge(t *testing.T) {
	g := gauge{base: 100, bound: 10}
	for i, step := range []struct {
		n     int64
		trim  bool
		after int64 // resident after the trim, if trim
	}{
		{105, false, 0},
		{111, true, 130}, // 30 of another mapping stay resident
		{135, false, 0},  // measured from 130, not 100
		{135, false, 0},
		{90, false, 0}, // the other mapping went: measured from 90
		{101, true, 95},
		{105, false, 0},
		{106, true, 95},
	} {
		if got := g.look(step.n); got != step.trim {
			t.Fatalf("look %d at %d resident (base %d): trim %v, want %v", i, step.n, g.base, got, step.trim)
		}
		if step.trim {
			g.base = step.after
		}
	}
}

// fill writes v over b; check says where b does not hold v.
func fill(b []byte, v byte) {
	for i := range b {
		b[i] = v
	}
}

func check(b []byte, v byte) error {
	for i := range b {
		if b[i] != v {
			return fmt.Errorf("byte %d of %d is %d, want %d", i, len(b), b[i], v)
		}
	}
	return nil
}

func resident(t *testing.T) int64 {
	t.Helper()
	n, err := residentMapped()
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func spilled(a *Arena) int64 { n, _ := a.Spilled(); return n }

func arenaErr(a *Arena) error { _, err := a.Spilled(); return err }

// The spill file never has a name in its folder (O_TMPFILE): made and
// removed at once, it stood there a few microseconds, and a run killed
// then (SIGKILL) left it for good. The folder is watched (inotify) while
// the arena makes its file and fills it.
func TestFileNeverNamed(t *testing.T) {
	dir := t.TempDir()
	in, err := unix.InotifyInit1(unix.IN_NONBLOCK | unix.IN_CLOEXEC)
	if err != nil {
		t.Skipf("no inotify: %v", err)
	}
	defer unix.Close(in)
	if _, err := unix.InotifyAddWatch(in, dir, unix.IN_CREATE|unix.IN_MOVED_TO); err != nil {
		t.Skipf("no inotify watch: %v", err)
	}
	a := New(dir, 0)
	if p := a.Alloc(1 << 16); p == nil {
		t.Fatalf("no memory from the file: %v", arenaErr(a))
	}
	a.Close()
	buf := make([]byte, 4096)
	n, err := unix.Read(in, buf)
	if errors.Is(err, unix.EAGAIN) {
		return // no event: no name appeared
	}
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for off := 0; off+unix.SizeofInotifyEvent <= n; {
		ev := (*unix.InotifyEvent)(unsafe.Pointer(&buf[off]))
		name := buf[off+unix.SizeofInotifyEvent : off+unix.SizeofInotifyEvent+int(ev.Len)]
		names = append(names, strings.TrimRight(string(name), "\x00"))
		off += unix.SizeofInotifyEvent + int(ev.Len)
	}
	t.Errorf("names made in the spill folder: %q", names)
}
