package fingerprint

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"fmt"
	"math"
	"slices"

	"github.com/zeebo/blake3"
)

// Verdicts remember what verifying near-miss candidates found, so that a
// later run over mostly the same files aligns only the candidates it has
// not seen: aligning is most of the near-miss stage, and a candidate's
// verdict depends on nothing but the two units' contents (their canonical
// tokens, names and values) and the similarity threshold. A unit is known
// by a 128-bit blake3 hash of those contents, a candidate by its two
// units' hashes in order. The caller keeps the verdicts of one threshold
// and one engine together (see package cache).
type Verdicts struct {
	m map[verdictKey]float64 // similarity; 0 rejected, -1 given up as too large
}

type unitKey [16]byte

type verdictKey struct{ a, b unitKey }

type verdict struct {
	key verdictKey
	sim float64
}

// giveUp is the verdict of a candidate too large to align whole that was
// not compared further (see nearMaxEdits): rejected, and counted again in
// Work.LargeUnverified when reused, as the run that aligned it did.
const giveUp = -1

// Len returns the number of verdicts.
func (v *Verdicts) Len() int {
	if v == nil {
		return 0
	}
	return len(v.m)
}

// Merge adds o's verdicts to v's and returns v (o's, made anew, when v is
// nil or holds none); past most verdicts, v's are dropped first, so that
// the verdicts of a long session stay bounded. Safe while no run reads v.
func (v *Verdicts) Merge(o *Verdicts, most int) *Verdicts {
	switch {
	case o == nil:
		return v
	case v == nil || v.m == nil || len(v.m)+len(o.m) > most:
		v = &Verdicts{m: make(map[verdictKey]float64, len(o.m))}
	}
	for k, sim := range o.m {
		v.m[k] = sim
	}
	return v
}

func newVerdicts(vs []verdict) *Verdicts {
	m := make(map[verdictKey]float64, len(vs))
	for _, x := range vs {
		m[x.key] = x.sim
	}
	return &Verdicts{m: m}
}

// verdictSize is the size of one encoded verdict: two unit keys and the
// similarity's bits.
const verdictSize = 2*16 + 8

// AppendVerdicts appends v's encoding to dst: their number, then each
// verdict in key order, so that equal verdicts encode equally.
func AppendVerdicts(dst []byte, v *Verdicts) []byte {
	keys := make([]verdictKey, 0, v.Len())
	if v != nil {
		for k := range v.m {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(x, y verdictKey) int {
		return cmp.Or(bytes.Compare(x.a[:], y.a[:]), bytes.Compare(x.b[:], y.b[:]))
	})
	dst = binary.AppendUvarint(dst, uint64(len(keys)))
	for _, k := range keys {
		dst = append(dst, k.a[:]...)
		dst = append(dst, k.b[:]...)
		dst = binary.LittleEndian.AppendUint64(dst, math.Float64bits(v.m[k]))
	}
	return dst
}

// DecodeVerdicts decodes what AppendVerdicts encoded. It checks the shape
// and each similarity, not the keys: the caller's checksum stands for
// those.
func DecodeVerdicts(b []byte) (*Verdicts, error) {
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)/verdictSize) || uint64(len(b)-k) != n*verdictSize {
		return nil, fmt.Errorf("%w: verdicts of %d bytes", ErrRecord, len(b))
	}
	b = b[k:]
	m := make(map[verdictKey]float64, n)
	for ; len(b) > 0; b = b[verdictSize:] {
		var key verdictKey
		copy(key.a[:], b)
		copy(key.b[:], b[16:])
		sim := math.Float64frombits(binary.LittleEndian.Uint64(b[32:]))
		if !(sim == giveUp || sim >= 0 && sim <= 1) {
			return nil, fmt.Errorf("%w: verdict similarity %v", ErrRecord, sim)
		}
		m[key] = sim
	}
	return &Verdicts{m: m}, nil
}

// unitKeys returns the keys of the units that candidates cands name
// (x<<32|y) where use is true, indexed as units; those of other units are
// left zero.
func (d *detector) unitKeys(units []nearUnit, cands []uint64, use []bool) []unitKey {
	need := make([]bool, len(units))
	var idx []int
	for i, c := range cands {
		if !use[i] {
			continue
		}
		for _, u := range [2]uint32{uint32(c >> 32), uint32(c)} {
			if !need[u] {
				need[u] = true
				idx = append(idx, int(u))
			}
		}
	}
	keys := make([]unitKey, len(units))
	bufs := make([][]byte, d.opt.workers())
	field := func(m *nearMemo) *[]unitKey { return &m.unitKeys }
	d.parallel(len(idx), func(w, i int) {
		u := idx[i]
		if k, ok := known(d.memo(units[u].s.file), field, &units[u]); ok {
			keys[u] = k
			return
		}
		bufs[w] = d.unitContent(bufs[w][:0], units[u].s)
		keys[u] = contentKey(bufs[w])
	})
	remember(d, units, keys, field)
	return keys
}

// contentKey is the key of a span's content (see unitContent).
func contentKey(content []byte) unitKey {
	sum := blake3.Sum256(content)
	return unitKey(sum[:16])
}

// unitContent appends what verifying span s reads of it: its canonical
// tokens, the hashes of its names and values, and which of those is its
// own name (see ownName).
func (d *detector) unitContent(dst []byte, s span) []byte {
	f := d.files[s.file]
	t0, t1 := d.tokens(s)
	dst = binary.AppendUvarint(dst, uint64(t1-t0))
	dst = append(dst, f.codes[t0:t1]...)
	v := f.units[s.first].val0
	for t := t0; t < t1; t++ {
		if hasValue(f.codes[t]) {
			dst = binary.LittleEndian.AppendUint64(dst, f.vals[v])
			v++
		}
	}
	own := int64(-1)
	if n := ownName(f, s); n >= 0 {
		own = int64(n - f.units[s.first].val0)
	}
	return binary.AppendVarint(dst, own)
}
