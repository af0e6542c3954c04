package cache

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"slices"
	"strconv"
	"sync"

	"github.com/zeebo/blake3"

	"github.com/copycat-go/copycat/fingerprint"
)

// The index keeps, beside the records of files, the results of detection:
// a result is keyed by the engine that found it (the running program, see
// engine), the options that shape it, and the name and content
// of every file it was found in. A run over files that did not change
// since a run with the same options prints that run's result without
// decoding a record or comparing a window. Results are evicted with the
// records, least recently used first.

// resultVersion changes when the encoding of a stored result does (2:
// classes carry Names; 3: the lines held back as boilerplate).
const resultVersion = 3

// engine names the running program, computed once: by its file's status
// (size, times, inode, device: a program rebuilt or replaced in place has
// another) where status is read, else by the blake3 hash of its bytes.
// Hashing a 15 MB program takes a third of a warm run.
var engine = sync.OnceValues(func() ([32]byte, error) {
	exe, err := os.Executable()
	if err != nil {
		return [32]byte{}, err
	}
	f, err := os.Open(exe)
	if err != nil {
		return [32]byte{}, err
	}
	defer f.Close()
	h := blake3.New()
	info, err := f.Stat()
	if err != nil {
		return [32]byte{}, err
	}
	if st, ok := statusOf(info); ok {
		fmt.Fprintf(h, "status %s %d %d %d %d %d", exe, st.size, st.mtime, st.ctime, st.ino, st.dev)
	} else if _, err := io.Copy(h, f); err != nil {
		return [32]byte{}, err
	}
	var sum [32]byte
	h.Sum(sum[:0])
	return sum, nil
})

// ResultKey names the result of detection over files with opt. It is not
// ok when a file's content was not seen through the index in this run,
// or when the running program cannot be read.
func (x *Index) ResultKey(files []*fingerprint.File, opt fingerprint.Options) ([32]byte, bool) {
	head := fmt.Sprintf("copycat result %d %d\n%d %d %d %t %v\n", resultVersion, keyVersion,
		opt.MinTokens, opt.MinLines, opt.MaxOccurrences, opt.Near, opt.Similarity)
	return x.runKey(head, files, true)
}

// BaseKey names what a run over a change stores of the change's base
// revision (the command line's classes of the base versions of the files
// the change edited, see internal/cli's brokenTwins): the tree's files,
// as ResultKey takes them, against base, the base revision's commit ID.
func (x *Index) BaseKey(files []*fingerprint.File, opt fingerprint.Options, base string) ([32]byte, bool) {
	head := fmt.Sprintf("copycat base result %d %d\n%q\n%d %d %d %t %v\n", resultVersion, keyVersion, base,
		opt.MinTokens, opt.MinLines, opt.MaxOccurrences, opt.Near, opt.Similarity)
	return x.runKey(head, files, true)
}

// runKey hashes the name of something a run stores: head, the running
// program, the index's prefix, and the files' names in order, each with
// its content's hash if sums (then not ok unless this run saw them all
// through the index). It is not ok when the program cannot be read.
func (x *Index) runKey(head string, files []*fingerprint.File, sums bool) ([32]byte, bool) {
	id, err := engine()
	if err != nil {
		return [32]byte{}, false
	}
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = f.Name
	}
	slices.SortFunc(names, cmp.Compare)
	h := blake3.New()
	h.Write([]byte(head))
	h.Write(id[:])
	h.Write(x.prefix[:])
	x.mu.Lock()
	defer x.mu.Unlock()
	var buf []byte
	for _, n := range names {
		// "%d:%s" of the name, without fmt's cost for each of a tree's
		// files.
		buf = append(append(strconv.AppendInt(buf[:0], int64(len(n)), 10), ':'), n...)
		h.Write(buf)
		if !sums {
			continue
		}
		sum, ok := x.sums[n]
		if !ok {
			return [32]byte{}, false
		}
		h.Write(sum[:])
	}
	var key [32]byte
	h.Sum(key[:0])
	return key, true
}

// storedResult is what a stored result holds: a Result without the
// times of its phases.
type storedResult struct {
	Classes     []fingerprint.Class
	Warnings    []string
	Work        fingerprint.Work
	Sketch      fingerprint.SketchSize
	Boilerplate map[string][]fingerprint.LineRange
}

// Result returns the result stored under key. A damaged one counts as a
// corrupt record and is not used.
func (x *Index) Result(key [32]byte) (fingerprint.Result, bool) {
	if x.db == nil && !x.broken.Load() && !x.busy.Load() {
		x.open() // closed by a Commit
	}
	var r storedResult
	if !x.get(recordsBucket, key[:], true, func(v []byte) error { return decodeResult(key, v, &r) }) {
		return fingerprint.Result{}, false
	}
	return fingerprint.Result{Classes: r.Classes, Warnings: r.Warnings, Work: r.Work, Sketch: r.Sketch, Boilerplate: r.Boilerplate}, true
}

// A stored result or set of verdicts is sealed: the key's first keyCheck
// bytes, the CRC-32C of the rest, then the body. sealed returns the
// start of a sealed value, for the body to be appended to; seal fills in
// its checksum.
func sealed(key [32]byte) []byte { return append(key[:keyCheck:keyCheck], 0, 0, 0, 0) }

func seal(b []byte) []byte {
	binary.LittleEndian.PutUint32(b[keyCheck:], crc32.Checksum(b[keyCheck+4:], castagnoli))
	return b
}

// unseal returns the body of a sealed value stored under key, or
// errCorrupt if it does not check out.
func unseal(key [32]byte, v []byte) ([]byte, error) {
	if len(v) < keyCheck+4 || !bytes.Equal(v[:keyCheck], key[:keyCheck]) ||
		crc32.Checksum(v[keyCheck+4:], castagnoli) != binary.LittleEndian.Uint32(v[keyCheck:]) {
		return nil, errCorrupt
	}
	return v[keyCheck+4:], nil
}

// encodeResult seals the gob encoding of a storedResult.
func encodeResult(key [32]byte, r fingerprint.Result) ([]byte, error) {
	buf := bytes.NewBuffer(sealed(key))
	if err := gob.NewEncoder(buf).Encode(storedResult{r.Classes, r.Warnings, r.Work, r.Sketch, r.Boilerplate}); err != nil {
		return nil, err
	}
	return seal(buf.Bytes()), nil
}

// errCorrupt is what a decoder gives a value that does not check out.
var errCorrupt = errors.New("corrupt value")

func decodeResult(key [32]byte, v []byte, r *storedResult) error {
	body, err := unseal(key, v)
	if err != nil {
		return err
	}
	return gob.NewDecoder(bytes.NewReader(body)).Decode(r)
}

// Stored returns the result of detection over files with opt if the
// index holds it, and keeps its key for Save: the command line and the
// editor server ask it once their files are loaded. When it finds none,
// it loads the verdicts of the last run over files of the same names for
// detection to reuse (see StoredVerdicts).
func (x *Index) Stored(files []*fingerprint.File, opt fingerprint.Options) (fingerprint.Result, bool) {
	x.result, x.resultOK = x.ResultKey(files, opt)
	if x.resultOK {
		if r, ok := x.Result(x.result); ok {
			return r, true
		}
	}
	x.verdicts = nil
	if x.verdictsKey, x.verdictsOK = x.VerdictsKey(files, opt); x.verdictsOK {
		x.verdicts = x.Verdicts(x.verdictsKey)
	}
	return fingerprint.Result{}, false
}

// StoredVerdicts returns the verdicts Stored loaded, for
// fingerprint.Options.Verdicts: none (not nil) if the index held none,
// nil if they cannot be kept.
func (x *Index) StoredVerdicts() *fingerprint.Verdicts { return x.verdicts }

// Save stores r, the result of detection that Stored did not find, under
// its key (nothing if Stored found no key), and r's verdicts in place of
// those Stored loaded: call it after Commit, once detection has ended
// whole, with the classes categorised (see package report's Categorise),
// so that a run reusing it reads no file to rank it.
func (x *Index) Save(r fingerprint.Result) {
	if x.resultOK {
		if val, err := encodeResult(x.result, r); err == nil {
			x.puts = append(x.puts, put{key: x.result, val: val})
		}
	}
	if x.verdictsOK && r.Verdicts != nil {
		x.puts = append(x.puts, put{key: x.verdictsKey, val: encodeVerdicts(x.verdictsKey, r.Verdicts)})
	}
	x.Commit()
}

// SaveResult stores the result of detection under key, in a transaction
// of its own: call it after Commit, once detection has ended whole.
func (x *Index) SaveResult(key [32]byte, r fingerprint.Result) {
	val, err := encodeResult(key, r)
	if err != nil {
		return
	}
	x.puts = []put{{key: key, val: val}}
	x.Commit()
}
