package fingerprint

import "unsafe"

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
// Options.Scratch's memory if it gives some, else on the heap.
func (d *detector) keys(n int) ([]uint64, func()) {
	if s := d.opt.Scratch; s != nil && n*8 >= scratchMin {
		if b := s.Scratch(n * 8); b != nil {
			return unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(b))), n)[:0], func() { s.Free(b) }
		}
	}
	return make([]uint64, 0, n), func() {}
}

// keySegment is the size, in keys, of the pieces a keyList grows by.
const keySegment = scratchMin / 8 * 4

// A keyList gathers keys whose number is not known ahead: the first
// keySegment on the heap, made with room for hint keys and growing as a
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
		l.segs, l.frees = [][]uint64{make([]uint64, 0, min(keySegment, l.hint))}, []func(){func() {}}
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
