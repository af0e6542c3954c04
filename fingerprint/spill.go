package fingerprint

import "unsafe"

// An Allocator gives memory outside the Go heap for Files' tables
// (package internal/spill maps it from a file). Alloc returns n bytes,
// 8-byte aligned, or nil to leave the tables on the heap.
type Allocator interface {
	Alloc(n int) []byte
}

// MoveTables copies f's tables (canonical tokens, value hashes, line
// tables, units, blocks, windows, grams, strings and words) into memory from a, in one
// allocation, unless a returns none. f must not be in use elsewhere
// while it moves, and must not be used after the memory is freed.
func (f *File) MoveTables(a Allocator) {
	n := tableBytes(f.codes) + tableBytes(f.grams) + tableBytes(f.ignored) +
		tableBytes(f.vals) + tableBytes(f.lineStart) + tableBytes(f.lineOff) +
		tableBytes(f.units) + tableBytes(f.blocks) + tableBytes(f.windows) + tableBytes(f.ownNamed) +
		tableBytes(f.bareOwn) + tableBytes(f.bareOther) + tableBytes(f.ownPart) + tableBytes(f.heldOwn) + tableBytes(f.fnWords) +
		tableBytes(f.strWords)
	if n == 0 {
		return
	}
	buf := a.Alloc(n)
	if buf == nil {
		return
	}
	f.codes, buf = moveTable(f.codes, buf)
	f.grams, buf = moveTable(f.grams, buf)
	f.ignored, buf = moveTable(f.ignored, buf)
	f.vals, buf = moveTable(f.vals, buf)
	f.lineStart, buf = moveTable(f.lineStart, buf)
	f.lineOff, buf = moveTable(f.lineOff, buf)
	f.units, buf = moveTable(f.units, buf)
	f.blocks, buf = moveTable(f.blocks, buf)
	f.windows, buf = moveTable(f.windows, buf)
	f.ownNamed, buf = moveTable(f.ownNamed, buf)
	f.bareOwn, buf = moveTable(f.bareOwn, buf)
	f.bareOther, buf = moveTable(f.bareOther, buf)
	f.ownPart, buf = moveTable(f.ownPart, buf)
	f.heldOwn, buf = moveTable(f.heldOwn, buf)
	f.fnWords, buf = moveTable(f.fnWords, buf)
	f.strWords, _ = moveTable(f.strWords, buf)
}

// tableBytes is the room s takes in an allocation: its bytes, rounded up
// to 8 so that the next table is aligned.
func tableBytes[T any](s []T) int {
	var zero T
	return (len(s)*int(unsafe.Sizeof(zero)) + 7) &^ 7
}

// moveTable copies s to the start of buf and returns the copy and the
// rest of buf. T holds no pointers: the copy lies outside the heap, where
// the collector does not look. An empty s stays as it is, nil or not.
func moveTable[T any](s []T, buf []byte) ([]T, []byte) {
	if len(s) == 0 {
		if s == nil {
			return nil, buf
		}
		return []T{}, buf
	}
	dst := unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(buf))), len(s))
	copy(dst, s)
	return dst, buf[tableBytes(s):]
}
