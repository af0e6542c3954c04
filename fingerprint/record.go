package fingerprint

import (
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
const RecordVersion = 1

// A record is one indexed File as bytes:
//
//	"cc" RecordVersion(uvarint) body crc32c(le32)
//
// The body holds Lines and Tokens, the canonical codes as raw bytes, the
// value hashes and the unit, window and gram hashes as fixed-width
// little-endian words (they are random, so varints would not pay), and
// every position, offset and index as a varint of its difference from the
// previous one. The checksum covers everything before it. The file's name
// is not stored: a record stands for the bytes, wherever they are.

var crcTable = crc32.MakeTable(crc32.Castagnoli)

// ErrRecord is the error, wrapped, of every record that cannot be decoded.
var ErrRecord = errors.New("corrupt record")

// AppendRecord appends the record of f to dst and returns the extended
// slice.
func AppendRecord(dst []byte, f *File) []byte {
	start := len(dst)
	dst = append(dst, 'c', 'c')
	dst = binary.AppendUvarint(dst, RecordVersion)
	dst = binary.AppendUvarint(dst, uint64(f.Lines))
	dst = binary.AppendUvarint(dst, uint64(f.Tokens))
	dst = binary.AppendUvarint(dst, uint64(len(f.codes)))
	dst = append(dst, f.codes...)
	dst = binary.AppendUvarint(dst, uint64(len(f.vals)))
	for _, v := range f.vals {
		dst = binary.LittleEndian.AppendUint64(dst, v)
	}
	dst = appendGrams(dst, f.grams)
	dst = appendRising(dst, f.ignored)
	dst = appendRising(dst, f.lineStart)
	dst = appendRising(dst, f.lineOff)
	dst = appendUnits(dst, f.units)
	dst = appendBlocks(dst, f.blocks)
	dst = appendWindows(dst, f.windows)
	return binary.LittleEndian.AppendUint32(dst, crc32.Checksum(dst[start:], crcTable))
}

func appendGrams(dst []byte, gs []gram) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(gs)))
	prev := int32(-1)
	for _, g := range gs {
		dst = binary.AppendUvarint(dst, uint64(g.pos-prev))
		dst = binary.LittleEndian.AppendUint32(dst, g.h)
		prev = g.pos
	}
	return dst
}

// appendRising appends a non-decreasing sequence of non-negative numbers
// as the differences between neighbours. A nil slice and an empty one are
// both written as length 0 and read back as nil.
func appendRising(dst []byte, xs []int32) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(xs)))
	prev := int32(0)
	for _, x := range xs {
		dst = binary.AppendUvarint(dst, uint64(uint32(x-prev)))
		prev = x
	}
	return dst
}

func appendUnits(dst []byte, us []unit) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(us)))
	var prev unit
	for _, u := range us {
		dst = binary.AppendVarint(dst, int64(u.tok0-prev.tok0))
		dst = binary.AppendUvarint(dst, uint64(u.tok1-u.tok0)<<1|b2u(u.fn))
		dst = binary.AppendVarint(dst, int64(u.val0-prev.val0))
		dst = binary.AppendVarint(dst, int64(u.name-u.val0))
		dst = binary.AppendVarint(dst, int64(u.off0-prev.off0))
		dst = binary.AppendUvarint(dst, uint64(uint32(u.off1-u.off0)))
		dst = binary.LittleEndian.AppendUint64(dst, u.hash)
		prev = u
	}
	return dst
}

func appendBlocks(dst []byte, bs []block) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(bs)))
	var prev block
	for _, b := range bs {
		dst = binary.AppendVarint(dst, int64(b.first-prev.first))
		dst = binary.AppendUvarint(dst, uint64(b.last-b.first)<<3|b2u(b.fn)<<2|b2u(b.body)<<1|b2u(b.cases))
		prev = b
	}
	return dst
}

func appendWindows(dst []byte, ws []window) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(ws)))
	var prev window
	for _, w := range ws {
		dst = binary.AppendVarint(dst, int64(w.blk-prev.blk))
		dst = binary.AppendVarint(dst, int64(w.first-prev.first))
		dst = binary.AppendUvarint(dst, uint64(uint32(w.last-w.first)))
		dst = binary.LittleEndian.AppendUint64(dst, w.fp)
		prev = w
	}
	return dst
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
	if len(rec) < 2+1+4 || rec[0] != 'c' || rec[1] != 'c' {
		return nil, fmt.Errorf("%w: no record header", ErrRecord)
	}
	body, sum := rec[:len(rec)-4], binary.LittleEndian.Uint32(rec[len(rec)-4:])
	if crc32.Checksum(body, crcTable) != sum {
		return nil, fmt.Errorf("%w: checksum mismatch", ErrRecord)
	}
	d := decoder{buf: body, off: 2}
	if v := d.uvarint(); v != RecordVersion {
		return nil, fmt.Errorf("%w: version %d, want %d", ErrRecord, v, RecordVersion)
	}
	f := &File{Name: name, test: strings.HasSuffix(name, "_test.go")}
	f.Lines, f.Tokens = d.int(), d.int()
	f.codes = d.bytes()
	f.vals = d.words()
	f.grams = d.grams()
	f.ignored = d.rising()
	f.lineStart = d.rising()
	f.lineOff = d.rising()
	f.units = d.units()
	f.blocks = d.blocks()
	f.windows = d.windows()
	if d.err != "" {
		return nil, fmt.Errorf("%w: %s", ErrRecord, d.err)
	}
	if d.off != len(body) {
		return nil, fmt.Errorf("%w: %d bytes after the end", ErrRecord, len(body)-d.off)
	}
	if err := f.check(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrRecord, err)
	}
	return f, nil
}
