package fingerprint

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"strings"
)

// RecordVersion is the version of the record format and of everything the
// engine derives from a file's bytes. Change it whenever the encoding or
// the derivation (the canonical codes, the hashes, the units, windows or
// grams) changes, so that an index built by another version is never read
// as this one's: the version is part of every record's key and header.
const RecordVersion = 29

// A record is one indexed File as bytes:
//
//	"cc" RecordVersion(uvarint) body crc32c(le32)
//
// The body holds Lines and Tokens, the canonical codes as raw bytes, the
// value hashes as a table of distinct ones and an index per value, the
// hashes as fixed-width little-endian words (they are random, so varints
// would not pay), and
// every position, offset and index as a varint of its difference from the
// previous one; then the file's Facts, after their length. The checksum covers everything
// before it. The file's name
// is not stored: a record stands for the bytes, wherever they are.

var crcTable = crc32.MakeTable(crc32.Castagnoli)

// ErrRecord is the error, wrapped, of every record that cannot be decoded.
var ErrRecord = errors.New("corrupt record")

// AppendRecord appends the record of f to dst and returns the extended
// slice. A File indexed without its Facts (File.FactsLeft) is recorded
// without them.
func AppendRecord(dst []byte, f *File) []byte {
	fs := f.FactsOf()
	start := len(dst)
	dst = append(dst, 'c', 'c')
	dst = binary.AppendUvarint(dst, RecordVersion)
	dst = binary.AppendUvarint(dst, uint64(f.Lines))
	dst = binary.AppendUvarint(dst, uint64(f.Tokens))
	dst = binary.AppendUvarint(dst, uint64(len(f.codes)))
	dst = append(dst, f.codes...)
	dst = appendVals(dst, f.vals)
	dst = appendSeq(dst, f.grams, appendGram)
	dst = appendSeq(dst, f.ignored, appendRising)
	dst = appendSeq(dst, f.lineStart, appendRising)
	dst = appendSeq(dst, f.lineOff, appendRising)
	dst = appendSeq(dst, f.units, appendUnit)
	dst = appendSeq(dst, f.blocks, appendBlock)
	dst = appendSeq(dst, f.windows, appendWindow)
	dst = appendSeq(dst, f.ownNamed, appendRising)
	dst = appendSeq(dst, f.bareOwn, appendRising)
	dst = appendSeq(dst, f.bareOther, appendRising)
	dst = appendSeq(dst, f.ownPart, appendRising)
	dst = appendSeq(dst, f.heldOwn, appendRising)
	dst = appendSeq(dst, f.fnWords, appendTokWord)
	dst = appendSeq(dst, f.strWords, appendTokWord)
	dst = appendSeq(dst, f.errorfs, appendTokWord)
	dst = appendSeq(dst, f.opposite, appendTokWord)
	dst = appendSeq(dst, f.operations, appendTokWord)
	// The Facts go last, after their length: a run decodes them only
	// for the files it reports (see File.FactsOf).
	facts := appendFacts(nil, fs)
	dst = binary.AppendUvarint(dst, uint64(len(facts)))
	dst = append(dst, facts...)
	return binary.LittleEndian.AppendUint32(dst, crc32.Checksum(dst[start:], crcTable))
}

// A facts record is a file's Facts alone, for an index that keeps them
// apart from the file's record, found after the record was made:
//
//	"cf" RecordVersion(uvarint) lines(uvarint) facts crc32c(le32)
//
// lines is the file's, which the Facts' lines must fall in.

// AppendFactsRecord appends the facts record of the Facts fs of a file of
// the given lines to dst and returns the extended slice.
func AppendFactsRecord(dst []byte, lines int, fs *Facts) []byte {
	start := len(dst)
	dst = append(dst, 'c', 'f')
	dst = binary.AppendUvarint(dst, RecordVersion)
	dst = binary.AppendUvarint(dst, uint64(lines))
	dst = appendFacts(dst, fs)
	return binary.LittleEndian.AppendUint32(dst, crc32.Checksum(dst[start:], crcTable))
}

// SetFactsRecord gives f the Facts of a facts record of its content (see
// AppendFactsRecord), decoded when first asked for (File.FactsOf), in
// place of those its record held. A record that is damaged, of another
// version or of another number of lines gives an error wrapping
// ErrRecord, and f is left as it was.
func (f *File) SetFactsRecord(rec []byte) error {
	d, err := openRecord(rec, 'f')
	if err != nil {
		return err
	}
	switch lines := d.uvarint(); {
	case d.err != "":
		return fmt.Errorf("%w: %s", ErrRecord, d.err)
	case lines != uint64(f.Lines):
		return fmt.Errorf("%w: facts of %d lines, not %d", ErrRecord, lines, f.Lines)
	}
	f.rawFacts = bytes.Clone(d.buf[d.off:])
	return nil
}

// openRecord checks a record's header ("c" and kind), checksum and version,
// and returns a decoder of its body after them.
func openRecord(rec []byte, kind byte) (decoder, error) {
	if len(rec) < 2+1+4 || rec[0] != 'c' || rec[1] != kind {
		return decoder{}, fmt.Errorf("%w: no record header", ErrRecord)
	}
	body, sum := rec[:len(rec)-4], binary.LittleEndian.Uint32(rec[len(rec)-4:])
	if crc32.Checksum(body, crcTable) != sum {
		return decoder{}, fmt.Errorf("%w: checksum mismatch", ErrRecord)
	}
	d := decoder{buf: body, off: 2}
	if v := d.uvarint(); v != RecordVersion {
		return decoder{}, fmt.Errorf("%w: version %d, want %d", ErrRecord, v, RecordVersion)
	}
	return d, nil
}

// appendFacts appends a file's Facts: the build line, the flags, the
// line lists, and each function's line, name and signature.
func appendFacts(dst []byte, fs *Facts) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(fs.Build)))
	dst = append(dst, fs.Build...)
	dst = binary.AppendUvarint(dst, b2u(fs.Machine)<<1|b2u(fs.Generated))
	dst = binary.AppendUvarint(dst, uint64(fs.Package))
	dst = appendSeq(dst, fs.Comments, appendRising)
	dst = appendSeq(dst, fs.Notes, func(dst []byte, n, prev Note) []byte {
		dst = appendRising(dst, n.Line, prev.Line)
		dst = binary.AppendUvarint(dst, uint64(len(n.Text)))
		return append(dst, n.Text...)
	})
	dst = appendSeq(dst, fs.DeclEnds, appendRising)
	return appendSeq(dst, fs.Funcs, func(dst []byte, f, prev Func) []byte {
		dst = appendRising(dst, f.Line, prev.Line)
		dst = binary.AppendUvarint(dst, uint64(len(f.Name)))
		dst = append(dst, f.Name...)
		dst = binary.AppendUvarint(dst, uint64(len(f.Sig)))
		return append(dst, f.Sig...)
	})
}

// appendVals appends the value hashes as a table of the distinct ones, in
// the order they first appear, and each hash's index in it: a file names
// the same few things again and again.
func appendVals(dst []byte, vals []uint64) []byte {
	t := valTables.Get().(*valTable)
	t.reset(len(vals))
	for _, v := range vals {
		t.add(v)
	}
	dst = binary.AppendUvarint(dst, uint64(len(t.distinct)))
	for _, v := range t.distinct {
		dst = binary.LittleEndian.AppendUint64(dst, v)
	}
	dst = binary.AppendUvarint(dst, uint64(len(vals)))
	for _, i := range t.index {
		dst = binary.AppendUvarint(dst, uint64(i))
	}
	valTables.Put(t)
	return dst
}

// appendSeq appends the length of xs and then each element, which enc
// encodes against the one before it (the zero value before the first).
func appendSeq[T any](dst []byte, xs []T, enc func(dst []byte, x, prev T) []byte) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(xs)))
	var prev T
	for i := range xs {
		dst = enc(dst, xs[i], prev)
		prev = xs[i]
	}
	return dst
}

func appendGram(dst []byte, g, prev gram) []byte {
	dst = binary.AppendUvarint(dst, uint64(g.pos-prev.pos))
	return binary.LittleEndian.AppendUint32(dst, g.h)
}

// appendRising encodes one of a non-decreasing sequence of non-negative
// numbers as its difference from the one before.
func appendRising(dst []byte, x, prev int32) []byte {
	return binary.AppendUvarint(dst, uint64(uint32(x-prev)))
}

func appendUnit(dst []byte, u, prev unit) []byte {
	dst = binary.AppendVarint(dst, int64(u.tok0-prev.tok0))
	dst = binary.AppendUvarint(dst, uint64(u.tok1-u.tok0)<<1|b2u(u.fn))
	dst = binary.AppendVarint(dst, int64(u.val0-prev.val0))
	dst = binary.AppendVarint(dst, int64(u.name-u.val0))
	dst = binary.AppendVarint(dst, int64(u.off0-prev.off0))
	dst = binary.AppendUvarint(dst, uint64(uint32(u.off1-u.off0)))
	return binary.LittleEndian.AppendUint64(dst, u.hash)
}

// appendTokWord encodes one of a sequence of words rising by token.
func appendTokWord(dst []byte, w, prev tokWord) []byte {
	dst = binary.AppendUvarint(dst, uint64(uint32(w.tok-prev.tok)))
	return binary.LittleEndian.AppendUint64(dst, w.word)
}

func appendBlock(dst []byte, b, prev block) []byte {
	dst = binary.AppendVarint(dst, int64(b.first-prev.first))
	return binary.AppendUvarint(dst, uint64(b.last-b.first)<<3|b2u(b.fn)<<2|b2u(b.body)<<1|b2u(b.cases))
}

func appendWindow(dst []byte, w, prev window) []byte {
	dst = binary.AppendVarint(dst, int64(w.blk-prev.blk))
	dst = binary.AppendVarint(dst, int64(w.first-prev.first))
	dst = binary.AppendUvarint(dst, uint64(uint32(w.last-w.first)))
	return binary.LittleEndian.AppendUint64(dst, w.fp)
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// DecodeRecord rebuilds the File of a record, under the given name. A
// record that is truncated, corrupt, of another version or inconsistent
// gives an error wrapping ErrRecord, never a File.
func DecodeRecord(name string, rec []byte) (*File, error) {
	d, err := openRecord(rec, 'c')
	if err != nil {
		return nil, err
	}
	f := &File{Name: name, test: strings.HasSuffix(name, "_test.go")}
	f.Lines, f.Tokens = d.int(), d.int()
	f.codes = d.bytes()
	f.vals = d.vals()
	f.grams = decodeSeq(&d, 5, (*decoder).gram)
	f.ignored = d.risingSeq()
	f.lineStart = d.risingSeq()
	f.lineOff = d.risingSeq()
	f.units = decodeSeq(&d, 14, (*decoder).unit)
	f.blocks = decodeSeq(&d, 2, (*decoder).block)
	f.windows = decodeSeq(&d, 11, (*decoder).window)
	f.ownNamed = d.risingSeq()
	f.bareOwn = d.risingSeq()
	f.bareOther = d.risingSeq()
	f.ownPart = d.risingSeq()
	f.heldOwn = d.risingSeq()
	f.fnWords = decodeSeq(&d, 9, (*decoder).tokWord)
	f.strWords = decodeSeq(&d, 9, (*decoder).tokWord)
	f.errorfs = decodeSeq(&d, 9, (*decoder).tokWord)
	f.opposite = decodeSeq(&d, 9, (*decoder).tokWord)
	f.operations = decodeSeq(&d, 9, (*decoder).tokWord)
	if d.err != "" {
		return nil, fmt.Errorf("%w: %s", ErrRecord, d.err)
	}
	// The Facts, the rest of the body, are decoded when first asked for
	// (see File.FactsOf): a report needs those of the files it shows.
	f.rawFacts = d.bytes()
	if d.err != "" {
		return nil, fmt.Errorf("%w: %s", ErrRecord, d.err)
	}
	if d.off != len(d.buf) {
		return nil, fmt.Errorf("%w: %d bytes after the end", ErrRecord, len(d.buf)-d.off)
	}
	if err := f.check(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrRecord, err)
	}
	return f, nil
}
