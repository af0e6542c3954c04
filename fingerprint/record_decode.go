package fingerprint

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
)

// decoder reads a record's body. The first problem is kept in err and
// every later read returns zero, so that callers check once at the end.
type decoder struct {
	buf []byte
	off int
	err string
}

func (d *decoder) fail(msg string) {
	if d.err == "" {
		d.err = fmt.Sprintf("%s at byte %d", msg, d.off)
	}
	d.off = len(d.buf)
}

func (d *decoder) uvarint() uint64 {
	if d.off < len(d.buf) && d.buf[d.off] < 0x80 {
		d.off++
		return uint64(d.buf[d.off-1])
	}
	v, n := binary.Uvarint(d.buf[d.off:])
	if n <= 0 {
		d.fail("bad varint")
		return 0
	}
	d.off += n
	return v
}

func (d *decoder) varint() int64 {
	u := d.uvarint()
	return int64(u>>1) ^ -int64(u&1)
}

// int reads a non-negative number that fits an int32.
func (d *decoder) int() int {
	v := d.uvarint()
	if v > math.MaxInt32 {
		d.fail("number out of range")
		return 0
	}
	return int(v)
}

// i32 reads a signed difference and adds it to base, failing when the sum
// leaves the int32 range.
func (d *decoder) i32(base int32) int32 {
	v := int64(base) + d.varint()
	if v < math.MinInt32 || v > math.MaxInt32 {
		d.fail("number out of range")
		return 0
	}
	return int32(v)
}

// plus returns base+n, failing when the sum leaves the int32 range.
func (d *decoder) plus(base int32, n uint64) int32 {
	if n > math.MaxInt32 || int64(base)+int64(n) > math.MaxInt32 {
		d.fail("number out of range")
		return 0
	}
	return base + int32(n)
}

// count reads a slice length whose elements take at least size bytes
// each, so that a corrupt length cannot ask for more memory than the
// record could describe.
func (d *decoder) count(size int) int {
	n := d.int()
	if n > (len(d.buf)-d.off)/size {
		d.fail("length past the end")
		return 0
	}
	return n
}

// take returns the next n bytes, or n zero bytes past the end.
func (d *decoder) take(n int) []byte {
	if len(d.buf)-d.off < n {
		d.fail("truncated")
		return make([]byte, n)
	}
	d.off += n
	return d.buf[d.off-n : d.off]
}

func (d *decoder) u64() uint64 { return binary.LittleEndian.Uint64(d.take(8)) }

func (d *decoder) u32() uint32 { return binary.LittleEndian.Uint32(d.take(4)) }

func (d *decoder) bytes() []byte {
	n := d.count(1)
	b := make([]byte, n)
	d.off += copy(b, d.buf[d.off:])
	return b
}

// vals reads the value hashes: the table of distinct ones, then an index
// in it per value.
func (d *decoder) vals() []uint64 {
	table := make([]uint64, d.count(8))
	for i := range table {
		table[i] = d.u64()
	}
	vals := make([]uint64, d.count(1))
	for i := range vals {
		j := d.uvarint()
		if j >= uint64(len(table)) {
			d.fail("value index out of range")
			return nil
		}
		vals[i] = table[j]
	}
	return vals
}

// decodeSeq reads a length and then each element, which dec decodes
// against the one before it (the zero value before the first). An empty
// sequence is nil.
func decodeSeq[T any](d *decoder, minSize int, dec func(d *decoder, x *T, prev T)) []T {
	n := d.count(minSize)
	if n == 0 {
		return nil
	}
	xs := make([]T, n)
	var prev T
	for i := range xs {
		dec(d, &xs[i], prev)
		prev = xs[i]
	}
	return xs
}

func (d *decoder) gram(g *gram, prev gram) {
	g.pos = d.plus(prev.pos, d.uvarint())
	g.h = d.u32()
}

func (d *decoder) rising(x *int32, prev int32) {
	*x = d.plus(prev, d.uvarint())
}

// risingSeq reads what decodeSeq with rising reads, without a call per
// element: line tables hold one per line, and most differences fit a
// byte.
func (d *decoder) risingSeq() []int32 {
	n := d.count(1)
	if n == 0 {
		return nil
	}
	xs := make([]int32, n)
	prev := int32(0)
	for i := range xs {
		var v uint64
		if d.off < len(d.buf) && d.buf[d.off] < 0x80 {
			v = uint64(d.buf[d.off])
			d.off++
		} else {
			v = d.uvarint()
		}
		prev = d.plus(prev, v)
		xs[i] = prev
	}
	return xs
}

func (d *decoder) unit(u *unit, prev unit) {
	u.tok0 = d.i32(prev.tok0)
	span := d.uvarint()
	u.fn = span&1 != 0
	u.tok1 = d.plus(u.tok0, span>>1)
	u.val0 = d.i32(prev.val0)
	u.name = d.i32(u.val0)
	u.off0 = d.i32(prev.off0)
	u.off1 = d.plus(u.off0, d.uvarint())
	u.hash = d.u64()
}

func (d *decoder) block(b *block, prev block) {
	b.first = d.i32(prev.first)
	v := d.uvarint()
	b.fn, b.body, b.cases = v&4 != 0, v&2 != 0, v&1 != 0
	b.last = d.plus(b.first, v>>3)
}

func (d *decoder) tokWord(w *tokWord, prev tokWord) {
	w.tok = d.plus(prev.tok, d.uvarint())
	w.word = d.u64()
}

func (d *decoder) window(w *window, prev window) {
	w.blk = d.i32(prev.blk)
	w.first = d.i32(prev.first)
	w.last = d.plus(w.first, d.uvarint())
	w.fp = d.u64()
}

func (d *decoder) facts(fs *Facts) {
	fs.Build = string(d.bytes())
	flags := d.uvarint()
	if flags > 3 || flags == 2 { // a state machine is generated
		d.fail("bad facts flags")
	}
	fs.Generated, fs.Machine = flags&1 != 0, flags&2 != 0
	fs.Package = d.plus(0, d.uvarint())
	fs.Comments = d.risingSeq()
	fs.Notes = decodeSeq(d, 2, func(d *decoder, n *Note, prev Note) {
		d.rising(&n.Line, prev.Line)
		n.Text = string(d.bytes())
	})
	fs.DeclEnds = d.risingSeq()
	fs.Funcs = decodeSeq(d, 2, func(d *decoder, f *Func, prev Func) {
		d.rising(&f.Line, prev.Line)
		f.Name = string(d.bytes())
		f.Sig = string(d.bytes())
	})
}

// decodeFacts decodes a record's Facts, its last part, and checks them
// against the file's lines.
func decodeFacts(b []byte, lines int) (Facts, error) {
	var fs Facts
	d := decoder{buf: b}
	d.facts(&fs)
	switch {
	case d.err != "":
		return Facts{}, errors.New(d.err)
	case d.off != len(b):
		return Facts{}, fmt.Errorf("%d bytes after the end", len(b)-d.off)
	}
	for _, ls := range [][]int32{fs.Comments, fs.DeclEnds} {
		if len(ls) > 0 && (ls[0] < 1 || ls[len(ls)-1] > int32(lines)) {
			return Facts{}, fmt.Errorf("facts' line out of range")
		}
	}
	if fs.Package > int32(lines) {
		return Facts{}, fmt.Errorf("package clause's line out of range")
	}
	if n := len(fs.Notes); n > 0 && (fs.Notes[0].Line < 1 || fs.Notes[n-1].Line > int32(lines)) {
		return Facts{}, fmt.Errorf("note's line out of range")
	}
	if n := len(fs.Funcs); n > 0 && (fs.Funcs[0].Line < 1 || fs.Funcs[n-1].Line > int32(lines)) {
		return Facts{}, fmt.Errorf("function line out of range")
	}
	return fs, nil
}

// check reports a decoded File whose parts do not fit together: an index
// or span out of range, a table out of order. With the checksum it keeps
// a damaged record from reaching Detect.
func (f *File) check() error {
	nt, nv := int32(len(f.codes)), int32(len(f.vals))
	// before[t] counts the value tokens before token t: a unit's first
	// value must be the one its first token starts at.
	bp := valuesBefore.Get().(*[]int32)
	defer valuesBefore.Put(bp)
	before := slices.Grow((*bp)[:0], len(f.codes)+1)
	values := int32(0)
	for _, c := range f.codes {
		before = append(before, values)
		if hasValue(c) {
			values++
		}
	}
	before = append(before, values)
	*bp = before
	switch {
	case f.Lines < 0 || f.Tokens < 0:
		return fmt.Errorf("negative size")
	case values != nv:
		return fmt.Errorf("%d value tokens but %d values", values, nv)
	case len(f.lineStart) != len(f.lineOff) || len(f.lineOff) != f.Lines:
		return fmt.Errorf("line tables of %d and %d entries for %d lines", len(f.lineStart), len(f.lineOff), f.Lines)
	case len(f.lineStart) > 0 && f.lineStart[len(f.lineStart)-1] > nt:
		return fmt.Errorf("line table past the last token")
	case f.ignored != nil && (len(f.ignored) != len(f.codes)+1 || f.ignored[0] != 0):
		return fmt.Errorf("ignored-token table of %d entries for %d tokens", len(f.ignored), nt)
	case !tokensIn(f.ownNamed, nt) || !tokensIn(f.bareOwn, nt) || !tokensIn(f.bareOther, nt) || !tokensIn(f.ownPart, nt) || !tokensIn(f.heldOwn, nt):
		return fmt.Errorf("a string naming a function past the last token")
	case !wordsIn(f.fnWords, nt) || !wordsIn(f.strWords, nt) || !wordsIn(f.errorfs, nt) || !wordsIn(f.opposite, nt) || !wordsIn(f.operations, nt):
		return fmt.Errorf("a word past the last token")
	}
	if err := f.checkGrams(nt); err != nil {
		return err
	}
	for i, u := range f.units {
		if u.tok0 < 0 || u.tok0 > u.tok1 || u.tok1 > nt || u.val0 < 0 || u.val0 > nv ||
			u.name < -1 || u.name >= nv || u.off0 < 0 || u.off1 < u.off0 {
			return fmt.Errorf("unit %d out of range", i)
		}
		if u.val0 != before[u.tok0] {
			return fmt.Errorf("unit %d starts at value %d, its first token at value %d", i, u.val0, before[u.tok0])
		}
	}
	return f.checkBlocks()
}

// valuesBefore holds check's table of value tokens before each token,
// reused between the records a run decodes.
var valuesBefore = sync.Pool{New: func() any { return new([]int32) }}

// tokensIn reports whether the rising list of tokens ts lies in [0, nt).
func tokensIn(ts []int32, nt int32) bool {
	return len(ts) == 0 || ts[0] >= 0 && ts[len(ts)-1] < nt
}

// wordsIn reports whether the words of ws stand at tokens below nt.
func wordsIn(ws []tokWord, nt int32) bool {
	return len(ws) == 0 || ws[len(ws)-1].tok < nt
}

func (f *File) checkGrams(nt int32) error {
	for i, g := range f.grams {
		if g.pos < 0 || g.pos+gramSize > nt || (i > 0 && g.pos <= f.grams[i-1].pos) {
			return fmt.Errorf("gram %d out of range", i)
		}
	}
	return nil
}

func (f *File) checkBlocks() error {
	nu := int32(len(f.units))
	for i, b := range f.blocks {
		if b.first < 0 || b.first > b.last || b.last > nu || (i > 0 && b.first < f.blocks[i-1].first) {
			return fmt.Errorf("block %d out of range", i)
		}
	}
	for i, w := range f.windows {
		if w.blk < 0 || int(w.blk) >= len(f.blocks) {
			return fmt.Errorf("window %d out of range", i)
		}
		b := f.blocks[w.blk]
		if w.first < b.first || w.first > w.last || w.last >= b.last {
			return fmt.Errorf("window %d out of its block", i)
		}
	}
	return nil
}
