package cache

import (
	"encoding/binary"
	"hash/crc32"
	"io/fs"
	"path/filepath"
	"time"

	"github.com/zeebo/blake3"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/load"
)

// The index also knows files by their path and status, as git's index
// does: an entry names the content (blake3 of the bytes) that the path
// held while its size, modification time, change time, inode and device
// were those recorded. A file that matches its entry is neither read nor
// hashed. An entry is written only for a file whose times are older than
// the run by racyWindow: a file changed again within the granularity of
// its file system's clock, keeping its size, would otherwise look
// unchanged (git calls this "racily clean").

var statBucket = []byte("stat")

// racyWindow is how much older than the run a file's times must be for
// its status to be recorded.
const racyWindow = 2 * time.Second

// A status is what is compared of a file: from Stat, on systems that
// give the change time and the inode (status).
type status struct {
	size, mtime, ctime, ino, dev uint64
}

// entry layout: status (5×8), sum (32), lines (4), tokens (4), flags (1),
// then the CRC-32C of all that.
const entrySize = 5*8 + 32 + 4 + 4 + 1

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// statKey is the key of path's entry: the path made absolute, so that
// runs from other directories share it.
func (x *Index) statKey(path string) []byte {
	if !filepath.IsAbs(path) && x.cwd != "" {
		path = filepath.Join(x.cwd, path)
	}
	k := make([]byte, 4, 4+len(path))
	binary.LittleEndian.PutUint32(k, keyVersion)
	return append(k, path...)
}

func encodeEntry(st status, k load.Known) []byte {
	b := make([]byte, 0, entrySize+4)
	for _, v := range []uint64{st.size, st.mtime, st.ctime, st.ino, st.dev} {
		b = binary.LittleEndian.AppendUint64(b, v)
	}
	b = append(b, k.Sum[:]...)
	b = binary.LittleEndian.AppendUint32(b, uint32(k.Lines))
	b = binary.LittleEndian.AppendUint32(b, uint32(k.Tokens))
	var flags byte
	if k.Generated {
		flags = 1
	}
	b = append(b, flags)
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
}

func decodeEntry(b []byte) (status, load.Known, bool) {
	var st status
	var k load.Known
	if len(b) != entrySize+4 || crc32.Checksum(b[:entrySize], castagnoli) != binary.LittleEndian.Uint32(b[entrySize:]) {
		return st, k, false
	}
	u := func(i int) uint64 { return binary.LittleEndian.Uint64(b[8*i:]) }
	st = status{u(0), u(1), u(2), u(3), u(4)}
	copy(k.Sum[:], b[40:72])
	k.Lines = int(binary.LittleEndian.Uint32(b[72:]))
	k.Tokens = int(binary.LittleEndian.Uint32(b[76:]))
	k.Generated = b[80]&1 != 0
	return st, k, b[80]&^1 == 0
}

// Known returns the entry of path if info matches its recorded status.
// A damaged entry counts as a corrupt record and is not used.
func (x *Index) Known(path string, info fs.FileInfo) (load.Known, bool) {
	st, ok := statusOf(info)
	if !ok {
		return load.Known{}, false
	}
	var rec status
	var k load.Known
	found := x.get(statBucket, x.statKey(path), false, func(v []byte) error {
		var ok bool
		if rec, k, ok = decodeEntry(v); !ok {
			return errCorrupt
		}
		return nil
	})
	if !found || rec != st {
		return load.Known{}, false
	}
	x.known.Add(1)
	x.remember(path, k.Sum)
	return k, true
}

// Generated records the status of a generated file that was left out.
func (x *Index) Generated(path string, info fs.FileInfo, src []byte) {
	x.saw(path, info, load.Known{Sum: blake3.Sum256(src), Generated: true})
}

// saw keeps path's entry for the commit, if its status can be trusted.
func (x *Index) saw(path string, info fs.FileInfo, k load.Known) {
	st, ok := x.trusted(info)
	if !ok {
		return
	}
	x.mu.Lock()
	x.stats = append(x.stats, put{val: encodeEntry(st, k), path: path})
	x.mu.Unlock()
}

// trusted returns a file's status, if it can stand for the file's bytes:
// its times are older than the run by racyWindow.
func (x *Index) trusted(info fs.FileInfo) (status, bool) {
	if info == nil {
		return status{}, false
	}
	st, ok := statusOf(info)
	limit := uint64(x.started.Add(-racyWindow).UnixNano())
	return st, ok && st.mtime < limit && st.ctime < limit
}

// Decode returns the file recorded for k, or nil. Known counted it.
func (x *Index) Decode(name string, k load.Known) *fingerprint.File {
	key := x.recordKey(k.Sum)
	return x.lookup(name, &key)
}
