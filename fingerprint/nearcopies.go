package fingerprint

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"slices"

	"github.com/zeebo/blake3"
)

// Copies among near-miss units. When MaxOccurrences lets a gram be shared
// by more than nearMaxRun units (see pairWithFirst), a function copied n
// times brings n units that share all their grams, and pairing them costs
// many times n. A unit is a copy of an earlier one when both have the same
// canonical tokens, names that are a consistent renaming of each other's
// (but for a function's own name) and the same other values: the two
// align as the identity and no name breaks the renaming, so they are never
// near-miss clones of each other (the exact stage reports them), and a
// third unit is as similar to one as to the other.
//
// So only the first of such units (the representative) looks for
// candidates; each pair of representatives that turns out near-miss
// clones is then tried again with every copy of either in place of it,
// so that a class of n copies and a near copy of them costs about n.
// Under a smaller MaxOccurrences a gram shared so widely is dropped as
// boilerplate, the pairing is already bounded, and every unit pairs as
// itself; a candidate pair of copies is then dropped by the units' keys
// before it is verified (see dropCopies).

// nearCopies are the units that look for candidates, and the copies they
// stand for.
type nearCopies struct {
	reps   []nearUnit // units that are no copy of an earlier unit
	index  []uint32   // index[r] is reps[r]'s index among all units
	copies [][]uint32 // copies[r] lists the later copies of reps[r], by index
}

// findCopies groups the units into representatives and their copies,
// when the pairing may meet grams of more than nearMaxRun units.
func (d *detector) findCopies(units []nearUnit) nearCopies {
	long := d.opt.MaxOccurrences <= 0 || d.opt.MaxOccurrences > nearMaxRun
	if !long {
		return nearCopies{reps: units}
	}
	keys := d.copyKeys(units, nil)
	order := make([]uint32, len(units))
	for i := range order {
		order[i] = uint32(i)
	}
	slices.SortFunc(order, func(x, y uint32) int { return cmp.Or(slices.Compare(keys[x][:], keys[y][:]), cmp.Compare(x, y)) })
	repOf := make([]int32, len(units)) // the unit a unit is a copy of, or itself
	var firsts []uint32                // the distinct units of one key, so far
	r := newRenaming()
	for i := 0; i < len(order); {
		j := i + 1
		for j < len(order) && keys[order[j]] == keys[order[i]] {
			j++
		}
		firsts = firsts[:0]
		for _, u := range order[i:j] {
			// Units of one key are nearly always copies; those of a
			// colliding key are compared with a few firsts only.
			k := slices.IndexFunc(firsts[:min(len(firsts), nearReps)], func(f uint32) bool { return d.sameCopy(r, units[f].s, units[u].s) })
			if k < 0 {
				firsts = append(firsts, u)
				repOf[u] = int32(u)
			} else {
				repOf[u] = int32(firsts[k])
			}
		}
		i = j
	}
	return groupCopies(units, repOf)
}

// groupCopies lists the representatives in unit order, each with its
// copies.
func groupCopies(units []nearUnit, repOf []int32) nearCopies {
	var c nearCopies
	pos := make([]int32, len(units)) // a representative's index in c.reps
	for u, r := range repOf {
		if int(r) == u {
			pos[u] = int32(len(c.reps))
			c.reps = append(c.reps, units[u])
			c.index = append(c.index, uint32(u))
			c.copies = append(c.copies, nil)
			continue
		}
		c.copies[pos[r]] = append(c.copies[pos[r]], uint32(u))
	}
	return c
}

// A copyKey is the first 128 bits of the blake3 hash of a span's
// canonical tokens and values, but for a function's own name, with each
// name as the order of its first occurrence: copies, consistently renamed,
// get the same key, and spans that are no copies of each other a
// different one, unless blake3 collides on 128 bits.
type copyKey [2]uint64

// A keyer takes copy keys with one goroutine's buffers.
type keyer struct {
	names valTable // the span's names, numbered by first use
	buf   []byte
}

// copyKeys returns the copy keys of the units, in parallel; with want,
// of those it wants only (the others' keys are zero).
func (d *detector) copyKeys(units []nearUnit, want []bool) []copyKey {
	keys := make([]copyKey, len(units))
	ks := make([]keyer, d.opt.workers())
	field := func(m *nearMemo) *[]copyKey { return &m.copyKeys }
	d.parallel(len(units), func(w, i int) {
		if want != nil && !want[i] {
			return
		}
		u := &units[i]
		if k, ok := known(d.memo(u.s.file), field, u); ok {
			keys[i] = k
			return
		}
		keys[i] = d.copyKey(&ks[w], u.s)
	})
	remember(d, units, keys, field)
	return keys
}

// copyKey returns span s's copy key.
func (d *detector) copyKey(k *keyer, s span) copyKey {
	k.names.reset(0)
	f := d.files[s.file]
	own := ownName(f, s)
	b := k.buf[:0]
	v := f.units[s.first].val0
	for _, c := range d.codes(s) {
		b = append(b, c)
		if !hasValue(c) {
			continue
		}
		if x := f.vals[v]; v != own && isName(c) {
			b = binary.AppendUvarint(b, uint64(k.names.number(x)))
		} else if v != own {
			b = binary.LittleEndian.AppendUint64(b, x)
		}
		v++
	}
	k.buf = b
	sum := blake3.Sum256(b)
	return copyKey{binary.LittleEndian.Uint64(sum[:8]), binary.LittleEndian.Uint64(sum[8:16])}
}

// dropCopies removes from cands (pairs of units, as x<<32|y) the pairs
// that are copies of each other. A copy aligns as the identity and no
// name breaks its renaming, so verifying it finds no near-miss clone, but
// only after reading both units' tables, in the order of the pairs: where
// a tree holds many copies (a vendored or forked package), that is most
// of the candidates, and reading them out of order is what makes the
// stage page when memory is short. Their keys are taken in unit order
// instead, each unit's tables read once.
func (d *detector) dropCopies(units []nearUnit, cands []uint64) []uint64 {
	paired := make([]bool, len(units))
	for _, c := range cands {
		paired[c>>32], paired[uint32(c)] = true, true
	}
	keys := d.copyKeys(units, paired)
	out := cands[:0]
	for _, c := range cands {
		if keys[c>>32] != keys[uint32(c)] {
			out = append(out, c)
		}
	}
	d.work.NearCopies = int64(len(cands) - len(out))
	return out
}

// sameCopy reports whether b is a copy of a (see findCopies): the same
// canonical tokens, names a consistent renaming (r is the caller's), the
// same other values.
func (d *detector) sameCopy(r *renaming, a, b span) bool {
	ca, cb := d.codes(a), d.codes(b)
	if !bytes.Equal(ca, cb) {
		return false
	}
	A, B := d.files[a.file], d.files[b.file]
	ownA, ownB := ownName(A, a), ownName(B, b)
	va, vb := A.units[a.first].val0, B.units[b.first].val0
	r.reset()
	for _, c := range ca {
		if !hasValue(c) {
			continue
		}
		x, y := A.vals[va], B.vals[vb]
		if va != ownA && vb != ownB && (isName(c) && !r.bind(x, y) || !isName(c) && x != y) {
			return false
		}
		va, vb = va+1, vb+1
	}
	return true
}

// copyCandidates lists, for each pair of representatives found near-miss
// clones (found, as x<<32|y in c.reps), the pairs of units (as x<<32|y
// among all units) that put a copy of either in its place.
func (d *detector) copyCandidates(c nearCopies, units []nearUnit, found []uint64) []uint64 {
	if c.copies == nil {
		return nil // every unit paired as itself
	}
	var out []uint64
	add := func(x, y uint32) {
		if !units[x].overlaps(&units[y]) {
			out = append(out, uint64(min(x, y))<<32|uint64(max(x, y)))
		}
	}
	for _, k := range found {
		rx, ry := k>>32, uint32(k)
		for _, u := range c.copies[rx] {
			add(u, c.index[ry])
		}
		for _, u := range c.copies[ry] {
			add(c.index[rx], u)
		}
	}
	d.sortKeys(out)
	return slices.Compact(out)
}
