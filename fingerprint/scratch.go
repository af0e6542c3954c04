package fingerprint

import (
	"sync"
	"unsafe"
)

// A Scratch gives detection's largest temporary arrays (the near-miss
// stage's sorted keys, millions of them on a large tree) memory outside
// the Go heap, mapped from a file (package internal/spill), and takes it
// back. Scratch returns n bytes, 8-byte aligned, or nil for the heap.
type Scratch interface {
	Scratch(n int) []byte
	Free(b []byte)
}

// scratchMin is the smallest array asked of Options.Scratch: smaller ones
// cost less on the heap than a mapping does.
const scratchMin = 1 << 20

// keys returns an empty slice with room for n keys, and what frees it: in
// Options.Scratch's memory if it gives some, else on the heap, in an
// array freed before if one is long enough (see keyPool).
func (d *detector) keys(n int) ([]uint64, func()) {
	if s := d.opt.Scratch; s != nil && n*8 >= scratchMin {
		if b := s.Scratch(n * 8); b != nil {
			return unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(b))), n)[:0], func() { s.Free(b) }
		}
	}
	if n < keyPoolMin {
		return make([]uint64, 0, n), func() {}
	}
	b := d.keyPool.get(n)
	if b == nil {
		b = make([]uint64, 0, n)
	}
	return b, func() { d.keyPool.put(b) }
}

// A keyPool keeps the key arrays on the heap that detection's phases
// have freed, for keys to give again: the near-miss stage makes a few
// arrays of a million keys or so one after another (the (gram, unit)
// entries, the unit pairs, the places of part keys, and each sort's
// buffer as long), and made afresh each time they were 52 of the 294 MB
// that detection allocated on the standard library, a collection or two
// a run at its collector target (see internal/cli's detectGCPercent).
// It is safe for concurrent use: exact and near-miss pairs are found at
// once.
type keyPool struct {
	mu   sync.Mutex
	free [][]uint64
}

// keyPoolMin is the fewest keys an array keyPool keeps must hold.
const keyPoolMin = 1 << 12

// get returns, empty, the shortest array kept that holds n keys, nil if
// none does.
func (p *keyPool) get(n int) []uint64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	best := -1
	for i, b := range p.free {
		if cap(b) >= n && (best < 0 || cap(b) < cap(p.free[best])) {
			best = i
		}
	}
	if best < 0 {
		return nil
	}
	b := p.free[best]
	p.free[best] = p.free[len(p.free)-1]
	p.free = p.free[:len(p.free)-1]
	return b[:0]
}

// drop forgets the arrays kept, for the collector to take.
func (p *keyPool) drop() {
	p.mu.Lock()
	p.free = nil
	p.mu.Unlock()
}

// put keeps b, which its user no longer reads or writes.
func (p *keyPool) put(b []uint64) {
	p.mu.Lock()
	p.free = append(p.free, b)
	p.mu.Unlock()
}

// keySegment is the size, in keys, of the pieces a keyList grows by.
const keySegment = scratchMin / 8 * 4

// A keyList gathers keys whose number is not known ahead: the first
// keySegment from keys, made with room for hint keys and growing as a
// slice does, the others in pieces of keySegment keys from keys, so that
// a list that grows large grows in scratch memory rather than on the
// heap. A good hint spares the first piece its regrowths: on the standard
// library each worker's near-miss list grew from nothing to half a
// million keys, and the copies and fresh pages of each doubling were 3%
// of the run's CPU.
type keyList struct {
	d     *detector
	hint  int
	segs  [][]uint64
	frees []func()
}

func (l *keyList) add(k uint64) {
	if len(l.segs) == 0 {
		seg, free := l.d.keys(min(keySegment, l.hint))
		l.segs, l.frees = [][]uint64{seg}, []func(){free}
	}
	if len(l.segs[len(l.segs)-1]) == keySegment {
		seg, free := l.d.keys(keySegment)
		l.segs, l.frees = append(l.segs, seg), append(l.frees, free)
	}
	last := &l.segs[len(l.segs)-1]
	*last = append(*last, k)
}

// concat returns the keys of lists, in order, in one array from keys, and
// what frees it; the lists' pieces are freed.
func concat(d *detector, lists []keyList) ([]uint64, func()) {
	n := 0
	for _, l := range lists {
		for _, s := range l.segs {
			n += len(s)
		}
	}
	out, free := d.keys(n)
	// Copied on all CPUs, each piece at its place.
	type piece struct {
		at   int
		keys []uint64
	}
	var pieces []piece
	for _, l := range lists {
		for _, s := range l.segs {
			pieces = append(pieces, piece{len(out), s})
			out = out[:len(out)+len(s)]
		}
	}
	d.parallel(len(pieces), func(_, i int) {
		copy(out[pieces[i].at:], pieces[i].keys)
	})
	for _, l := range lists {
		for _, f := range l.frees {
			f()
		}
	}
	return out, free
}
