package fingerprint

import "unsafe"

// An Allocator gives memory outside the Go heap for Files' tables
// (package internal/spill maps it from a file). Alloc returns n bytes,
// 8-byte aligned, or nil to leave the tables on the heap.
type Allocator interface {
	Alloc(n int) []byte
}

// MoveTables copies f's tables (canonical tokens, value hashes, line
// tables, units, blocks, windows, grams, strings, words, formats, opposite names and operations) into
// memory from a, in one allocation, unless a returns none. f must not be
// in use elsewhere while it moves, and must not be used after the memory
// is freed.
func (f *File) MoveTables(a Allocator) {
	ints := []*[]int32{&f.ignored, &f.lineStart, &f.lineOff, &f.ownNamed, &f.bareOwn, &f.bareOther, &f.ownPart, &f.heldOwn}
	words := []*[]tokWord{&f.fnWords, &f.strWords, &f.errorfs, &f.opposite, &f.operations}
	n := tableBytes(f.codes) + tableBytes(f.grams) + tableBytes(f.vals) + tableBytes(f.units) +
		tableBytes(f.blocks) + tableBytes(f.windows) + tablesBytes(ints) + tablesBytes(words)
	if n == 0 {
		return
	}
	buf := a.Alloc(n)
	if buf == nil {
		return
	}
	f.codes, buf = moveTable(f.codes, buf)
	f.grams, buf = moveTable(f.grams, buf)
	f.vals, buf = moveTable(f.vals, buf)
	f.units, buf = moveTable(f.units, buf)
	f.blocks, buf = moveTable(f.blocks, buf)
	f.windows, buf = moveTable(f.windows, buf)
	moveTables(words, moveTables(ints, buf))
}

// tablesBytes is the room tables take in an allocation (tableBytes).
func tablesBytes[T any](tables []*[]T) int {
	n := 0
	for _, t := range tables {
		n += tableBytes(*t)
	}
	return n
}

// moveTables moves each of tables to buf in turn (moveTable) and returns
// the rest of buf.
func moveTables[T any](tables []*[]T, buf []byte) []byte {
	for _, t := range tables {
		*t, buf = moveTable(*t, buf)
	}
	return buf
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
