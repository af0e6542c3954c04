package change

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unsafe"

	"github.com/copycat-go/copycat/internal/nowait"
	"github.com/copycat-go/copycat/internal/words"
)

// git's index (gitformat-index(5)) records, for every tracked file, its
// object and the status its file had when git last looked: git diff
// compares that status with the file's to know which files to read. A run
// with a change has the status of every file copycat read from its own
// walk, so it reads the index itself and asks git for the diff of the
// files that may differ only: git's look at all of them cost 0.1 s of CPU
// over the corpus's 18,896 files, as much as the rest of the change.
// The format is small and documented; a Go git library would bring a
// large module tree for one read of it. An index this reader does not
// know (a version other than 2-4, a split or sparse index, a hash it
// cannot size) makes the run ask git for the whole diff, as before.

// A Stat is a file's status as git's index records it, in 32 bits each
// (see StatOf). The zero Stat is a status that cannot be compared.
type Stat struct {
	ctimeSec, ctimeNsec, mtimeSec, mtimeNsec uint32
	ino, mode, size                          uint32
	ok                                       bool
}

// An indexEntry is what the index records of one tracked path.
type indexEntry struct {
	name  string
	stat  Stat
	stage uint8 // 0, or 1-3 while a merge is unresolved
	// noWorktree says git does not look at the file in the worktree:
	// assume-valid or skip-worktree.
	noWorktree bool
	// intentToAdd is a file git add -N named: its object is not the
	// file's yet.
	intentToAdd bool
}

// A gitIndex is the entries of an index file, in its order (by name,
// then stage), and when it was written.
type gitIndex struct {
	entries []indexEntry
	written time.Time
}

// errIndexUnknown is an index that is read another way: by git.
var errIndexUnknown = errors.New("an index this reader does not know")

// readIndex reads the index file at path, whose object names are
// hashLen bytes (20 for SHA-1, 32 for SHA-256).
func readIndex(path string, hashLen int) (*gitIndex, error) {
	// Opened without waiting: one that is a named pipe (a .git copied
	// with one) waited for a writer for ever.
	f, err := nowait.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file (%s)", path, words.FileKind(info.Mode()))
	}
	b := make([]byte, info.Size())
	if _, err := f.ReadAt(b, 0); err != nil {
		return nil, err
	}
	ix, err := decodeIndex(b, hashLen)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	ix.written = info.ModTime()
	return ix, nil
}

// decodeIndex decodes an index file's bytes, which it keeps: the names
// are cut from them, as a string, unchanged from here on (19,000 entries
// made one string each, or a copy of the 2 MB, cost more than git's own
// look at their files).
func decodeIndex(raw []byte, hashLen int) (*gitIndex, error) {
	if len(raw) < 12+hashLen || string(raw[:4]) != "DIRC" {
		return nil, errors.New("not a git index")
	}
	b := unsafe.String(&raw[0], len(raw))
	u32 := func(at int) uint32 { return binary.BigEndian.Uint32(raw[at:]) }
	version := u32(4)
	if version < 2 || version > 4 {
		return nil, fmt.Errorf("%w: version %d", errIndexUnknown, version)
	}
	count := int(u32(8))
	end := len(b) - hashLen // the checksum after the last extension
	ix := &gitIndex{entries: make([]indexEntry, 0, min(count, len(b)/64))}
	fixed := 40 + hashLen + 2 // status, object, flags
	at := 12
	prev := "" // v4: the name before, whose start the next shares
	for range count {
		if at+fixed > end {
			return nil, errors.New("truncated entry")
		}
		e := indexEntry{stat: Stat{
			ctimeSec: u32(at), ctimeNsec: u32(at + 4), mtimeSec: u32(at + 8), mtimeNsec: u32(at + 12),
			ino: u32(at + 20), mode: u32(at + 24), size: u32(at + 36), ok: true,
		}}
		flags := binary.BigEndian.Uint16(raw[at+40+hashLen:])
		e.stage = uint8(flags>>12) & 3
		e.noWorktree = flags&0x8000 != 0 // assume-valid
		start, n := at, fixed
		if flags&0x4000 != 0 { // extended flags follow
			if version < 3 || at+n+2 > end {
				return nil, errors.New("bad extended flags")
			}
			ext := binary.BigEndian.Uint16(raw[at+n:])
			e.noWorktree = e.noWorktree || ext&0x4000 != 0 // skip-worktree
			e.intentToAdd = ext&0x2000 != 0
			n += 2
		}
		at += n
		if version == 4 {
			strip, w := indexVarint(raw[at:end])
			if w == 0 || strip > uint64(len(prev)) {
				return nil, errors.New("bad name prefix")
			}
			at += w
			nul := strings.IndexByte(b[at:end], 0)
			if nul < 0 {
				return nil, errors.New("unterminated name")
			}
			e.name = prev[:len(prev)-int(strip)] + b[at:at+nul]
			at += nul + 1
		} else {
			nul := strings.IndexByte(b[at:end], 0)
			if nul < 0 {
				return nil, errors.New("unterminated name")
			}
			e.name = b[at : at+nul]
			// Padded with one to eight NULs to a multiple of eight bytes.
			at = start + (n+nul+8)&^7
		}
		prev = e.name
		if e.stat.mode&0o170000 == 0o040000 { // a folder: a sparse index
			return nil, fmt.Errorf("%w: a sparse index", errIndexUnknown)
		}
		ix.entries = append(ix.entries, e)
	}
	// An extension whose name starts with a lower-case letter must be
	// understood: a split index ("link") keeps entries elsewhere, a
	// sparse one ("sdir") keeps folders.
	for at+8 <= end {
		sig, size := b[at:at+4], int(u32(at+4))
		if sig[0] < 'A' || sig[0] > 'Z' {
			return nil, fmt.Errorf("%w: extension %q", errIndexUnknown, sig)
		}
		if size < 0 || at+8+size > end {
			return nil, errors.New("truncated extension")
		}
		at += 8 + size
	}
	if at > end {
		return nil, errors.New("truncated index")
	}
	return ix, nil
}

// find returns the place of name's first entry, and whether it has one.
func (ix *gitIndex) find(name string) (int, bool) {
	return slices.BinarySearchFunc(ix.entries, name, func(e indexEntry, name string) int { return strings.Compare(e.name, name) })
}

// indexVarint decodes the offset encoding of index version 4's paths
// (also git's pack offsets): each continued byte adds one before the
// shift, so that no value has two encodings. It returns the bytes read,
// 0 if b ends first or the value overflows.
func indexVarint(b []byte) (uint64, int) {
	if len(b) == 0 {
		return 0, 0
	}
	i, c := 0, b[0]
	v := uint64(c & 0x7f)
	for c&0x80 != 0 {
		if i++; i == len(b) || v > 1<<56 {
			return 0, 0
		}
		c = b[i]
		v = (v+1)<<7 | uint64(c&0x7f)
	}
	return v, i + 1
}

// racy reports whether e's status cannot stand for its file's bytes: the
// file was written no earlier than the index, within the granularity of
// the clock, so it may have changed again since git looked (git's
// "racily clean" entries, whose files it reads).
func (ix *gitIndex) racy(e indexEntry) bool {
	w := ix.written
	s, ns := uint32(w.Unix()), uint32(w.Nanosecond())
	return e.stat.mtimeSec > s || e.stat.mtimeSec == s && e.stat.mtimeNsec >= ns
}
