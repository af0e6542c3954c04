package fingerprint

import (
	"bytes"
	"slices"
)

// A step moved: the copy has the twin's step at another place
// (DriftMoved, see drift.go).

// added returns the added statements of s, one of the two copies, as
// token ranges in pairs.
func (al alignment) added(s span) []int32 {
	if s == al.a {
		return al.addA
	}
	return al.addB
}

// movedTo finds, among the added statements rs of without, one with the
// tokens and names of with's statement [t0, t1), and returns its range.
func (d *detector) movedTo(with, without span, t0, t1 int32, rs []int32) (at [2]int32, ok bool) {
	fw, fo := d.files[with.file], d.files[without.file]
	for i := 0; i < len(rs); i += 2 {
		if d.sameTokens(fw, t0, t1, fo, rs[i], rs[i+1]) {
			return [2]int32{rs[i], rs[i+1]}, true
		}
	}
	return at, false
}

// sameTokens reports whether tokens [a0, a1) of fa and [b0, b1) of fb
// are the same, codes and names and values.
func (d *detector) sameTokens(fa *File, a0, a1 int32, fb *File, b0, b1 int32) bool {
	if a1-a0 != b1-b0 || !bytes.Equal(fa.codes[a0:a1], fb.codes[b0:b1]) {
		return false
	}
	va, vb := d.valueAt(fa, a0), d.valueAt(fb, b0)
	n := d.valueAt(fa, a1) - va
	return slices.Equal(fa.vals[va:va+n], fb.vals[vb:vb+n])
}
