// Package spill keeps large tables out of the Go heap, in a temporary file
// mapped into memory. A run over a large tree holds every file's tables
// (canonical tokens, value hashes, units, grams) until its report is made;
// on the heap they must all fit in memory. Mapped from a file, they are
// pages the kernel writes back to the disk and drops when memory runs
// short, and reads again when they are used: the pages detection keeps
// using (the files that hold candidates) stay, the others go.
//
// An [Arena] gives out the memory. Its file is removed as soon as it is
// made, so that nothing is left behind by a run that is killed. The
// file's blocks are reserved before they are mapped (fallocate), so that
// a full disk is an allocation that fails, not a fault when a page is
// written; where that cannot be done (systems without mmap or fallocate)
// an Arena gives no memory and the tables stay on the heap.
package spill

import (
	"errors"
	"sync"
	"time"
)

// ErrUnsupported is Spilled's error on a system where spilling is not
// built.
var ErrUnsupported = errors.New("spill: not built for this system")

// chunkSize is the size of each mapping an Arena makes, but for an
// allocation larger than a quarter of it, which gets a mapping of its own.
const chunkSize = 64 << 20

// An Arena gives memory from a temporary file mapped into memory, once a
// budget of memory left on the heap is spent. It is safe for concurrent
// use.
type Arena struct {
	mu       sync.Mutex
	dir      string
	m        mapper // nil until memory is first given
	heapLeft int64  // bytes still to leave on the heap before spilling
	cur      []byte // the rest of the current chunk
	spilled  int64  // bytes Alloc gave
	failed   error
	closed   bool

	resident int64         // mapped bytes the process may keep resident; 0: no bound
	stop     chan struct{} // closed by Close to stop the watch; nil: none
	watching sync.WaitGroup
	trims    int64 // times the mapped pages were dropped from the process
}

// watchEvery is how often an arena with a bound on its resident memory
// looks at the process's resident mapped memory (reading /proc/self/statm
// takes microseconds). The bound is overrun by what the process maps
// between two looks: 700 MB between looks 20 ms apart at 100 M lines,
// before the mappings were marked MADV_RANDOM (see fileMapper.grow).
const watchEvery = 5 * time.Millisecond

// New makes an arena whose file will be in dir (os.TempDir() if empty),
// made when memory is first given from it. The first budget bytes asked
// for are left on the heap: Alloc returns nil for them. The file should
// be on a disk, not on a file system in memory (tmpfs), for spilling to
// save memory.
func New(dir string, budget int64) *Arena {
	return &Arena{dir: dir, heapLeft: budget}
}

// mapped returns n bytes of a new mapping of the file, making the file
// first; or nil, with the reason kept for Spilled. The caller holds mu.
func (a *Arena) mapped(n int) []byte {
	if a.m == nil {
		m, err := newMapper(a.dir)
		if err != nil {
			a.failed = err
			return nil
		}
		a.m = m
		a.startWatch()
	}
	b, err := a.m.grow(n)
	if err != nil {
		a.failed = err
		return nil
	}
	return b[:n:n]
}

// Alloc returns n bytes of zeroed memory, 8-byte aligned, outside the Go
// heap; or nil, for the caller to keep its tables on the heap: while the
// budget lasts, after an arena failed to grow (the disk is full), or
// once it is closed. The memory must hold no Go pointers and must not be
// used after Close.
func (a *Arena) Alloc(n int) []byte {
	if a == nil || n <= 0 {
		return nil
	}
	n = (n + 7) &^ 7
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.heapLeft >= int64(n) {
		a.heapLeft -= int64(n)
		return nil
	}
	a.heapLeft = 0
	if a.failed != nil || a.closed {
		return nil
	}
	if n > chunkSize/4 {
		b := a.mapped(n) // a mapping of its own
		a.spilled += int64(len(b))
		return b
	}
	if len(a.cur) < n {
		if a.cur = a.mapped(chunkSize); a.cur == nil {
			return nil
		}
	}
	b := a.cur[:n:n]
	a.cur = a.cur[n:]
	a.spilled += int64(n)
	return b
}

// Scratch returns n bytes of zeroed memory, 8-byte aligned, in a mapping
// of their own, for a large temporary array that the caller gives back
// with Free; or nil, for the caller to use the heap: while the budget of
// Alloc lasts (a run whose tables fit on the heap keeps its arrays there
// too), after the arena failed to grow, or once it is closed.
func (a *Arena) Scratch(n int) []byte {
	if a == nil || n <= 0 {
		return nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.heapLeft > 0 || a.failed != nil || a.closed {
		return nil
	}
	return a.mapped(n)
}

// Free gives back memory that Scratch gave: its pages are dropped, without
// being written to the disk, and its place in the file freed.
func (a *Arena) Free(b []byte) {
	if a == nil || len(b) == 0 {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed || a.m == nil {
		return
	}
	if err := a.m.release(b); err != nil && a.failed == nil {
		a.failed = err
	}
}

// Bound keeps the pages of the arena's memory that the process holds
// resident to about n bytes, if n > 0: from when memory is first mapped,
// the process's resident mapped memory is looked at every watchEvery, and
// once it has grown by more than n the arena drops every page of its
// mappings from the process (Trim). Call it before memory is asked of the
// arena.
//
// Pages written are kept: the kernel holds them in its page cache, as it
// would a file's pages read with read(2), and writes them to the file or
// keeps them as it sees fit; a page used again is mapped again from the
// cache, a fault that reads no disk while the page is cached. Without it,
// mapped pages stay in the process until memory runs short, and its
// resident memory grows with the tables (docs/index.md, "Memory").
func (a *Arena) Bound(n int64) {
	if a == nil {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.resident = max(n, 0)
}

// startWatch starts the watch that Bound asks for, when the file is
// first mapped. The caller holds mu.
func (a *Arena) startWatch() {
	if a.resident == 0 {
		return
	}
	base, err := residentMapped()
	if err != nil {
		return // nothing to watch with: the bound is not kept
	}
	a.stop = make(chan struct{})
	a.watching.Go(func() { a.watch(base) })
}

// watch drops the mapped pages from the process whenever a gauge,
// looking at its resident mapped memory every watchEvery, calls for it,
// until Close.
func (a *Arena) watch(base int64) {
	g := gauge{base: base, bound: a.resident}
	tick := time.NewTicker(watchEvery)
	defer tick.Stop()
	for {
		select {
		case <-a.stop:
			return
		case <-tick.C:
		}
		n, err := residentMapped()
		if err != nil {
			return
		}
		if g.look(n) {
			a.Trim()
			if g.base, err = residentMapped(); err != nil {
				return
			}
		}
	}
}

// A gauge says when the arena's pages are to be dropped: when the
// process's resident mapped memory has grown more than bound past base,
// what stayed resident after the last trim (or the least seen since).
// The process maps other files too (the index's database): their pages
// count toward the bound once, and do not call for a trim at every look.
type gauge struct{ base, bound int64 }

// look reports whether n bytes of resident mapped memory call for a
// trim; after one, the caller sets base to what stayed resident.
func (g *gauge) look(n int64) bool {
	if n-g.base > g.bound {
		return true
	}
	g.base = min(g.base, n)
	return false
}

// Trim drops every page of the arena's mappings from the process's
// resident memory, keeping what they hold (see Bound).
func (a *Arena) Trim() {
	if a == nil {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed || a.m == nil {
		return
	}
	if err := a.m.trim(); err != nil && a.failed == nil {
		a.failed = err
	}
	a.trims++
}

// Trims returns the times the arena's pages were dropped from the
// process.
func (a *Arena) Trims() int64 {
	if a == nil {
		return 0
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.trims
}

// Spilled returns the bytes given out from the file so far, and why the
// arena stopped giving memory, if it did.
func (a *Arena) Spilled() (int64, error) {
	if a == nil {
		return 0, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.spilled, a.failed
}

// Close unmaps the memory and closes the file. Nothing the arena gave may
// be used after it.
func (a *Arena) Close() error {
	if a == nil {
		return nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed {
		return nil
	}
	a.closed, a.cur = true, nil
	if a.stop != nil {
		close(a.stop)
		a.mu.Unlock() // the watch may be waiting for mu, in Trim
		a.watching.Wait()
		a.mu.Lock()
	}
	if a.m == nil {
		return nil
	}
	return a.m.close()
}

// A mapper grows a file and maps what it adds.
type mapper interface {
	// grow reserves at least n more bytes (whole pages) at the end of
	// the file and maps them.
	grow(n int) ([]byte, error)
	// release unmaps b, a whole mapping that grow returned (perhaps
	// resliced from its start), and frees its place in the file.
	release(b []byte) error
	// trim drops the pages of every mapping from the process, keeping
	// what they hold.
	trim() error
	close() error
}
