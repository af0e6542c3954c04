package fingerprint

import (
	"slices"
	"sync"
)

// A valTable numbers distinct value hashes in the order they first come:
// an open-addressing hash set (the hashes are already well spread)
// reused from file to file, or from span to span. A record lists a
// file's values by it (appendVals), and a copy key (copyKey) and a
// class ID (classID) each name by the order of its first use.
//
// It grows as a slice does, and reset clears only the slots it sizes
// for: a worker's map, cleared for each of the standard library's 54,000
// near-miss units, was cleared at the size of the largest unit it had
// held, and the clearing was a fifth of the copy keys' time.
type valTable struct {
	slots    []int32 // index in distinct plus one; 0 is empty
	distinct []uint64
	index    []uint32 // per value added, its index in distinct
}

var valTables = sync.Pool{New: func() any { return new(valTable) }}

// reset empties t, with room for n distinct values before it grows.
func (t *valTable) reset(n int) {
	t.distinct, t.index = t.distinct[:0], t.index[:0]
	t.resize(n)
}

// resize makes the slots room for n distinct values, empty, and puts
// the distinct values back in them.
func (t *valTable) resize(n int) {
	size := 16
	for size < 2*n {
		size *= 2
	}
	t.slots = slices.Grow(t.slots[:0], size)[:size]
	clear(t.slots)
	mask := uint64(size - 1)
	for i, v := range t.distinct {
		h := v & mask
		for t.slots[h] != 0 {
			h = (h + 1) & mask
		}
		t.slots[h] = int32(i + 1)
	}
}

// add numbers v and appends its number to t.index.
func (t *valTable) add(v uint64) {
	t.index = append(t.index, t.number(v))
}

// number returns v's index among the distinct values, the next one if
// v is new.
func (t *valTable) number(v uint64) uint32 {
	if 2*(len(t.distinct)+1) > len(t.slots) {
		t.resize(len(t.distinct) + 1)
	}
	mask := uint64(len(t.slots) - 1)
	for h := v & mask; ; h = (h + 1) & mask {
		s := t.slots[h]
		if s == 0 {
			t.distinct = append(t.distinct, v)
			t.slots[h] = int32(len(t.distinct))
			return uint32(len(t.distinct) - 1)
		}
		if t.distinct[s-1] == v {
			return uint32(s - 1)
		}
	}
}
