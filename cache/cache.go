package cache

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/zeebo/blake3"
	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/ignore"
	"github.com/copycat-go/copycat/internal/par"
	"github.com/copycat-go/copycat/load"
	"github.com/copycat-go/copycat/report"
)

// lockTimeout is how long a run waits for another run's lock before it
// goes on without reading, or without writing, the index; busyTimeout
// how long a run that waited that long once waits to write at its end.
// Variables, for tests.
var (
	lockTimeout = 10 * time.Second
	busyTimeout = time.Second
)

// keyVersion changes when what the loader does before indexing (parser
// mode, directives) changes; fingerprint.RecordVersion covers the engine.
const keyVersion = 1

const (
	// FileName is the database's name in the index directory.
	FileName = "index.db"
	// DefaultLimit is the size limit of the records: above it, the least
	// recently used are evicted.
	DefaultLimit = 1 << 30
	// restampAfter is the age of a last-used stamp that a run renews, so
	// that a warm run with nothing new writes nothing.
	restampAfter = time.Hour
	// keyCheck is how many bytes of its key a stored value starts with: a
	// damaged database that hands out another key's value is caught.
	keyCheck = 8
)

var (
	recordsBucket = []byte("records")
	usedBucket    = []byte("used")
	// factsBucket holds facts records (see AddFacts) under the keys of
	// the records they go with: a shortcut, like the status entries,
	// dropped when records are evicted and rebuilt by the next runs.
	factsBucket = []byte("facts")
)

// Options shape an index.
type Options struct {
	MinTokens int              // the window size the records are cut with
	Limit     int64            // size limit of the records in bytes; 0 means DefaultLimit
	Now       func() time.Time // the clock of the last-used stamps; nil means time.Now
}

// An Index is the store opened for one run. File may be called from many
// goroutines; Commit once, after the last File.
type Index struct {
	path     string
	opt      Options
	prefix   [16]byte // keyVersion, RecordVersion and MinTokens, hashed before the file
	db       *bolt.DB // read-only while files load; nil when there is none
	broken   atomic.Bool
	brokenAt int // the index in warnings of markBroken's warning
	// busy says that another run held the lock past lockTimeout: this
	// run reads the index no more, and tries once more, briefly, to
	// write it.
	busy atomic.Bool

	mu         sync.Mutex
	puts       []put        // records to commit
	facts      []put        // facts records to commit (see AddFacts)
	unrecorded []unrecorded // files whose records the commit makes
	touched    [][32]byte   // records read whose stamps are stale
	warnings   []error
	corrupt    int // corrupt records met

	started time.Time           // when the run began, by opt.Now
	cwd     string              // the working directory, for the paths of status entries
	stats   []put               // status entries to commit, by path
	sums    map[string][32]byte // the content of each file this run saw, by name
	// result is the key of this run's result of detection, once Stored
	// found one: the key Save stores under.
	result   [32]byte
	resultOK bool
	// verdicts are the near-miss verdicts stored under verdictsKey, which
	// Stored loads when it finds no result, for detection to reuse and
	// Save to replace.
	verdicts    *fingerprint.Verdicts
	verdictsKey [32]byte
	verdictsOK  bool

	hits, misses, known atomic.Int64
	hashing             atomic.Int64 // nanoseconds spent hashing files, over all goroutines
}

// A put is a record, or a status entry when path is set, to commit.
type put struct {
	key  [32]byte
	path string
	val  []byte
}

// DefaultDir is the index directory when none is given:
// os.UserCacheDir()/copycat.
func DefaultDir() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no user cache directory: %w", err)
	}
	return filepath.Join(dir, "copycat"), nil
}

// Off is the -cache value that runs without an index.
const Off = "off"

// DirOf is the index directory a -cache value names: the value itself,
// DefaultDir for "", and "" (no index) for Off or when there is no user
// cache directory.
func DirOf(flag string) string {
	switch flag {
	case Off:
		return ""
	case "":
		dir, _ := DefaultDir()
		return dir
	}
	return flag
}

// Open opens the index in dir, creating dir if needed. Another run's
// write lock is waited for a few seconds; past that, or when the database
// is corrupt, the run goes on with an empty index (and a warning for a
// corrupt one).
func Open(dir string, opt Options) (*Index, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("index %s: %w", dir, err)
	}
	if opt.Limit <= 0 {
		opt.Limit = DefaultLimit
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	x := &Index{path: filepath.Join(dir, FileName), opt: opt, started: opt.Now(), sums: map[string][32]byte{}}
	x.cwd, _ = os.Getwd()
	binary.LittleEndian.PutUint32(x.prefix[0:], keyVersion)
	binary.LittleEndian.PutUint32(x.prefix[4:], fingerprint.RecordVersion)
	binary.LittleEndian.PutUint64(x.prefix[8:], uint64(opt.MinTokens))
	x.open()
	return x, nil
}

// open opens the database to read, if there is one: at Open, and again
// for a read after a Commit, which closes it.
func (x *Index) open() {
	if info, err := os.Stat(x.path); err != nil || info.Size() == 0 {
		return // a first run, or another one creating it: nothing to read
	}
	err := x.guard(func() error {
		db, err := bolt.Open(x.path, 0o644, &bolt.Options{ReadOnly: true, Timeout: lockTimeout})
		if err == nil {
			if err = db.View(checkTrees); err != nil {
				db.Close()
				db = nil
			}
		}
		x.db = db
		return err
	})
	switch {
	case errors.Is(err, berrors.ErrTimeout):
		// A writer holds it: go on without reading.
		x.markBusy()
	case err != nil && ioFailure(err):
		// It may not be read: go on without it, and leave it as it is.
		x.warn(fmt.Errorf("index %s cannot be read: %w", x.path, err))
	case err != nil:
		x.markBroken(err)
	}
}

// guard runs fn, turning a panic or a memory fault of the store (a
// damaged file can cause either) into an error.
func (x *Index) guard(fn func() error) error { return guarded(fn) }

// guarded runs fn, turning a panic or a memory fault (a bus error on a
// mapped file cut short) into an error.
func guarded(fn func() error) (err error) {
	old := debug.SetPanicOnFault(true)
	defer func() {
		debug.SetPanicOnFault(old)
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	return fn()
}

// markBusy records, once, with a warning, that another run held the
// index's lock past lockTimeout: one still writing a large tree, or
// one stopped (Ctrl-Z) while it held it.
func (x *Index) markBusy() {
	if x.busy.Swap(true) {
		return
	}
	x.warn(fmt.Errorf("index %s is locked by another copycat run (still writing, or stopped while it held it): this run goes on without it", x.path))
}

// markBroken records that the database is corrupt: one warning, no more
// reads, and the next commit starts a new one.
func (x *Index) markBroken(err error) {
	if x.broken.Swap(true) {
		return
	}
	x.mu.Lock()
	x.brokenAt = len(x.warnings)
	x.warnings = append(x.warnings, fmt.Errorf("index %s is corrupt, rebuilt: %v", x.path, err))
	x.mu.Unlock()
}

// File returns the file indexed from src: decoded from its record when
// the index has one, else from index(), whose result is kept for the
// commit if it came without warnings. A file with warnings (one that does
// not parse, or has a malformed directive) is not recorded, so that every
// run reports them. With info, the file's status is recorded too (see
// Known).
func (x *Index) File(name string, info fs.FileInfo, src []byte, index func() (*fingerprint.File, []error)) (*fingerprint.File, []error) {
	t0 := time.Now()
	sum := blake3.Sum256(src)
	key := x.recordKey(sum)
	x.hashing.Add(int64(time.Since(t0)))
	x.remember(name, sum)
	known := func(f *fingerprint.File) {
		x.saw(name, info, load.Known{Sum: sum, Lines: f.Lines, Tokens: f.Tokens, Generated: ignore.IsGenerated(src)})
	}
	if f := x.lookup(name, &key); f != nil {
		x.hits.Add(1)
		known(f)
		return f, nil
	}
	x.misses.Add(1)
	f, warnings := index()
	if f != nil && len(warnings) == 0 {
		known(f)
		// Its record is made at the commit, off the loading's critical
		// path (see encodePending).
		x.mu.Lock()
		x.unrecorded = append(x.unrecorded, unrecorded{key: key, f: f})
		x.mu.Unlock()
	}
	return f, warnings
}

// encodeRecord returns the stored value of f's record: the key's first
// bytes, then the record.
func encodeRecord(key [32]byte, f *fingerprint.File) []byte {
	buf := bufs.Get().(*[]byte)
	*buf = fingerprint.AppendRecord(append((*buf)[:0], key[:keyCheck]...), f)
	val := bytes.Clone(*buf)
	bufs.Put(buf)
	return val
}

// An unrecorded is a file indexed in this run, whose record the commit
// makes (see encodePending).
type unrecorded struct {
	key [32]byte
	f   *fingerprint.File
}

// encodePending makes the records of the files indexed in this run, on all
// CPUs. Those indexed without their Facts (fingerprint.Indexer.NoFacts,
// as the command line indexes) are recorded without them: finding them
// means reading every file again and scanning it, the larger part of what
// a run that fills the index did more than one without it, while a report
// needs those of the files it shows alone. AddFacts records those.
//
// A run never makes more records than eviction would leave (three
// quarters of the limit): on a tree larger than the index, the others
// would be written only to be deleted in the same commit, and held in
// memory meanwhile. Which files are recorded then is the first in name
// order; the others are read again by the next run, as files whose
// records were evicted are. Files with the same bytes have one record,
// made once.
func (x *Index) encodePending() {
	if len(x.unrecorded) == 0 {
		return
	}
	slices.SortFunc(x.unrecorded, func(a, b unrecorded) int { return cmp.Compare(a.f.Name, b.f.Name) })
	seen := make(map[[32]byte]bool, len(x.unrecorded))
	x.unrecorded = slices.DeleteFunc(x.unrecorded, func(u unrecorded) bool {
		dup := seen[u.key]
		seen[u.key] = true
		return dup
	})
	room := x.opt.Limit * 3 / 4
	const batch = 256
	for start := 0; start < len(x.unrecorded) && room > 0; start += batch {
		part := x.unrecorded[start:min(start+batch, len(x.unrecorded))]
		vals := make([][]byte, len(part))
		par.For(len(part), runtime.GOMAXPROCS(0), func(_, i int) {
			vals[i] = encodeRecord(part[i].key, part[i].f)
		})
		for i, v := range vals {
			if room -= int64(len(v) + len(part[i].key)); room < 0 {
				break
			}
			x.puts = append(x.puts, put{key: part[i].key, val: v})
		}
	}
	x.unrecorded = nil
}

// AddFacts records, at the next commit, the Facts fs of file f, which
// were found from its bytes src, if those are the bytes this run indexed
// it from: kept beside its record, as a facts record under its key (see
// factsBucket), they are f's Facts when a later run decodes the record,
// so that it need not read the file to show it. It reports false when
// src is not what this run indexed f from: the file changed since.
func (x *Index) AddFacts(f *fingerprint.File, src []byte, fs *fingerprint.Facts) bool {
	x.mu.Lock()
	sum, ok := x.sums[f.Name]
	x.mu.Unlock()
	if !ok {
		return true // not indexed in this run
	}
	if blake3.Sum256(src) != sum {
		return false // changed since
	}
	key := x.recordKey(sum)
	val := fingerprint.AppendFactsRecord(append([]byte(nil), key[:keyCheck]...), f.Lines, fs)
	x.mu.Lock()
	x.facts = append(x.facts, put{key: key, val: val})
	x.mu.Unlock()
	return true
}

// bufs are the buffers records are encoded in before they are copied at
// their size.
var bufs = sync.Pool{New: func() any { return new([]byte) }}

// recordKey is blake3 of the prefix and of the file's blake3 hash.
func (x *Index) recordKey(sum [32]byte) [32]byte {
	var buf [16 + 32]byte
	copy(buf[:], x.prefix[:])
	copy(buf[16:], sum[:])
	return blake3.Sum256(buf[:])
}

// remember notes which content the file name had in this run.
func (x *Index) remember(name string, sum [32]byte) {
	x.mu.Lock()
	x.sums[name] = sum
	x.mu.Unlock()
}

// lookup decodes the record of key, or returns nil, with the Facts of its
// facts record if it has one (see AddFacts).
func (x *Index) lookup(name string, key *[32]byte) *fingerprint.File {
	var f *fingerprint.File
	x.get(recordsBucket, key[:], true, func(v []byte) (err error) {
		if len(v) < keyCheck || !bytes.Equal(v[:keyCheck], key[:keyCheck]) {
			return fingerprint.ErrRecord
		}
		f, err = fingerprint.DecodeRecord(name, v[keyCheck:])
		return err
	})
	if f != nil {
		x.get(factsBucket, key[:], false, func(v []byte) error {
			if len(v) < keyCheck || !bytes.Equal(v[:keyCheck], key[:keyCheck]) {
				return fingerprint.ErrRecord
			}
			return f.SetFactsRecord(v[keyCheck:])
		})
	}
	return f
}

// get calls decode with the value of key in bucket, in a read
// transaction, and reports whether there was one that decoded. One that
// does not decode counts as a corrupt record; a fault of the store marks
// the index broken. With stamped, the key's last-used stamp is renewed at
// the commit if it is stale.
func (x *Index) get(bucket, key []byte, stamped bool, decode func(v []byte) error) bool {
	if x.db == nil || x.broken.Load() {
		return false
	}
	var found, corrupt, stale bool
	err := x.guard(func() error {
		return x.db.View(func(tx *bolt.Tx) error {
			b := tx.Bucket(bucket)
			if b == nil {
				return nil
			}
			v := b.Get(key)
			if v == nil {
				return nil
			}
			if decode(v) != nil {
				corrupt = true
				return nil
			}
			found = true
			if stamped {
				used := tx.Bucket(usedBucket)
				stale = used == nil || x.stale(used.Get(key))
			}
			return nil
		})
	})
	switch {
	case err != nil:
		x.markBroken(err)
		return false
	case corrupt:
		x.mu.Lock()
		x.corrupt++
		x.mu.Unlock()
		return false
	case found && stale:
		x.mu.Lock()
		x.touched = append(x.touched, [32]byte(key))
		x.mu.Unlock()
	}
	return found
}

func (x *Index) stale(stamp []byte) bool {
	if len(stamp) != 8 {
		return true
	}
	t := time.Unix(int64(binary.LittleEndian.Uint64(stamp)), 0)
	return x.opt.Now().Sub(t) > restampAfter
}

// Warnings returns what went wrong with the index: a corrupt database, or
// else a count of corrupt records. None of it changes the report.
func (x *Index) Warnings() []error {
	x.mu.Lock()
	defer x.mu.Unlock()
	w := x.warnings
	if x.corrupt > 0 && !x.broken.Load() {
		w = append(w, fmt.Errorf("index %s: %s left out and rebuilt", x.path, report.Count(x.corrupt, "corrupt record", "corrupt records")))
	}
	return w
}

// Counts returns how many files were found in the index and how many
// were indexed anew.
func (x *Index) Counts() (hits, misses int) {
	return int(x.hits.Load()), int(x.misses.Load())
}

// KnownCount returns how many files were known by their status, unread.
func (x *Index) KnownCount() int { return int(x.known.Load()) }

// HashTime returns the time spent hashing files' bytes into their keys,
// summed over the goroutines that called File.
func (x *Index) HashTime() time.Duration {
	return time.Duration(x.hashing.Load())
}
