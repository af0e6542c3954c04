package fingerprint

import (
	"cmp"
	"go/ast"
	"go/token"
	"math"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// A File is one source file, normalised and cut into units and windows.
// It is immutable once built, so Detect may share it between runs (the
// editor server re-indexes only the files that change).
type File struct {
	Name   string // as the caller names it; reports use it verbatim
	Lines  int    // lines in the file
	Tokens int    // canonical tokens in the file
	// Facts are what ranking needs to know of the file beside its code;
	// those of a decoded record are there once FactsOf was called.
	Facts Facts
	test  bool // a _test.go file

	rawFacts  []byte // a decoded record's encoded Facts, until FactsOf decodes them
	factsOnce sync.Once
	factsLeft bool // indexed without its Facts (Indexer.NoFacts)

	codes      []byte    // canonical token codes
	grams      []gram    // winnowed k-gram fingerprints, by position, for near-miss candidates
	ignored    []int32   // ignored[t] counts the tokens before t that directives exclude; nil if none
	ownNamed   []int32   // the string literals that name the function declaration holding them (driftstring.go), by token, rising
	bareOwn    []int32   // of those, the strings that are the function's name alone
	bareOther  []int32   // the strings that are, alone, another compound name, one their function does not use
	ownPart    []int32   // the strings that name a part of their function's name with a digit in it (driftstring.go), rising
	heldOwn    []int32   // the strings that are, alone, a name their function's name holds in any case ("search" in searchFunc), rising
	fnWords    []tokWord // the words of each function declaration's name, at its first token (driftvariant.go), rising
	strWords   []tokWord // the words of each string literal inside a function declaration (driftvariant.go), rising
	errorfs    []tokWord // the fmt.Errorf formats inside a function declaration, with their packed verbs (driftverb.go), rising
	opposite   []tokWord // the hashes of the names that say the opposite of a function declaration's, at its first token (driftopposite.go), rising
	operations []tokWord // the operations a function declaration's name holds, at its first token, and its members' names made other operations (driftoperation.go), rising
	vals       []uint64  // name and value hashes of the tokens that carry one
	lineStart  []int32   // lineStart[l] is the first token on line l+1 or later
	lineOff    []int32   // lineOff[l] is the byte offset of line l+1
	units      []unit
	blocks     []block
	windows    []window

	// byStart lists the units' indexes by their first token, made when
	// drift analysis first asks (unitsIn, unitBefore): units are listed
	// block by block, not in the file's order.
	byStart     []int32
	byStartOnce sync.Once

	near atomic.Pointer[nearMemo] // what focused runs found of its near-miss units (nearmemo.go)
}

// startOrder returns the units' indexes sorted by first token (then by
// last token, the largest first); it may be called from several
// goroutines.
func (f *File) startOrder() []int32 {
	f.byStartOnce.Do(func() { f.byStart = startOrder(f.units) })
	return f.byStart
}

// startOrder sorts the indexes of units by first token, then by last
// token, the largest first, then by index. Each unit is one key of its
// two tokens and its index, sorted as numbers: a third of the time of
// comparing keyed pairs; a file too large for the three to fit in 64
// bits is sorted by pairs.
func startOrder(units []unit) []int32 {
	var last int32
	for _, u := range units {
		last = max(last, u.tok1)
	}
	tokBits, idxBits := bits.Len32(uint32(last)), bits.Len32(uint32(len(units)))
	order := make([]int32, len(units))
	if 2*tokBits+idxBits <= 64 {
		idxMask := uint64(1)<<idxBits - 1
		ks := make([]uint64, len(units))
		for i, u := range units {
			ks[i] = uint64(u.tok0)<<(tokBits+idxBits) | uint64(last-u.tok1)<<idxBits | uint64(i)
		}
		slices.Sort(ks)
		for i, k := range ks {
			order[i] = int32(k & idxMask)
		}
		return order
	}
	type keyed struct {
		key uint64 // first token, then last token, the largest first
		i   int32
	}
	ks := make([]keyed, len(units))
	for i, u := range units {
		ks[i] = keyed{uint64(uint32(u.tok0))<<32 | uint64(^uint32(u.tok1)), int32(i)}
	}
	slices.SortFunc(ks, func(a, b keyed) int { return cmp.Or(cmp.Compare(a.key, b.key), cmp.Compare(a.i, b.i)) })
	for i, k := range ks {
		order[i] = k.i
	}
	return order
}

// startingAt returns the units' indexes by first token (startOrder) and
// the place in it of the first unit that starts at token t or after.
func (f *File) startingAt(t int32) (order []int32, k int) {
	order = f.startOrder()
	k, _ = slices.BinarySearchFunc(order, t, func(i, t int32) int { return cmp.Compare(f.units[i].tok0, t) })
	return order, k
}

// unitsIn calls fn with the index of each unit within tokens [t0, t1),
// by first token: the work is the units found, not all the file's.
func (f *File) unitsIn(t0, t1 int32, fn func(i int32)) {
	order, k := f.startingAt(t0)
	for ; k < len(order) && f.units[order[k]].tok0 < t1; k++ {
		if f.units[order[k]].tok1 <= t1 {
			fn(order[k])
		}
	}
}

// stmtAt returns the index of the statement (not a function declaration)
// that spans tokens [t0, t1) exactly, -1 if none does: found by first
// token, not by a look at every unit of the file.
func (f *File) stmtAt(t0, t1 int32) int {
	order, k := f.startingAt(t0)
	for ; k < len(order) && f.units[order[k]].tok0 == t0; k++ {
		if u := f.units[order[k]]; !u.fn && u.tok1 == t1 {
			return int(order[k])
		}
	}
	return -1
}

// unitBefore returns the index of a unit that starts at or before token
// t, the nearest to it; -1 if none does.
func (f *File) unitBefore(t int32) int32 {
	order, k := f.startingAt(t + 1)
	if k == 0 {
		return -1
	}
	return order[k-1]
}

// A unit is a statement or a function declaration.
type unit struct {
	tok0, tok1 int32  // canonical token span [tok0, tok1)
	val0       int32  // index in vals of its first value
	hash       uint64 // span hash of its canonical codes
	name       int32  // for a function, the index in vals of its own name; else -1
	off0, off1 int32  // byte offsets of its first character and just past its last
	fn         bool   // a function declaration
}

// A block is a list of consecutive units: the statements of one block or
// case clause, or a single function declaration.
type block struct {
	first, last int32 // units[first:last]
	fn          bool  // a function declaration
	body        bool  // the body of a function declaration
	cases       bool  // the case clauses of a switch or select
}

// A window is a run of whole statements units[first..last] of one block
// (or one function), the shortest from first whose size reaches MinTokens.
type window struct {
	blk         int32 // index in File.blocks
	first, last int32
	fp          uint64
}

// An Indexer normalises files, reusing its buffers from one file to the
// next. It is not safe for concurrent use; give each worker its own.
type Indexer struct {
	// NoFacts leaves each File's Facts empty (File.FactsLeft), for a
	// caller that finds them later from the file where it needs them: a
	// report, for the few files it shows (see package report's
	// LoadedFacts), whose index keeps those beside the records.
	NoFacts bool

	ts         tokenStream
	lastAt     int32 // tokenAt's last answer
	prefix     []uint64
	pow        []uint64 // hashBase^i for i < powStep
	powHigh    []uint64 // hashBase^(j·powStep)
	file       *File
	tfile      *token.File
	src        []byte // the bytes of the file being indexed
	skip       func(ast.Node) bool
	body       *ast.BlockStmt      // body of the function declaration being visited
	ignored    [][2]int32          // token spans of the nodes directives exclude
	units      []unit              // scratch for File.units
	blocks     []block             // scratch for File.blocks
	windows    []window            // scratch for File.windows
	stmtSpans  [][2]int32          // the walk's stack of statements' token spans (list)
	gramBuf    []gram              // scratch for File.grams
	fnWords    []tokWord           // scratch for File.fnWords
	strWords   []tokWord           // scratch for File.strWords
	errorfs    []tokWord           // scratch for File.errorfs
	opposite   []tokWord           // scratch for File.opposite
	operations []tokWord           // scratch for File.operations
	names      map[uint64]struct{} // scratch for markOwnNamed (nameSet)
	lower      []byte              // scratch for markOwnNamed (lowered)
	work       int64               // see Work

	// walkAll has the walk search every expression's tokens for a func
	// keyword, as it did before it knew a statement's (tests: the same
	// File either way).
	walkAll bool
}

// Work counts what the Indexer read, over all the files it indexed, to
// mark the strings that name their function (markOwnNamed): each
// function's tokens, once, for the set of its names, and the bytes of
// each string and of the name it was asked of. Those steps once read a
// function again for each of its strings, or a string at each offset of
// a name; a test bounds the count as the input grows (internal/hostile),
// without timing it.
func (ix *Indexer) Work() int64 { return ix.work }

// Index normalises one parsed file. fset must hold f and src must be the
// bytes it was parsed from. skip, if not nil, reports nodes (function
// declarations and statements) that a directive excludes. minTokens is the
// size of the windows that seed clones.
func (ix *Indexer) Index(name string, fset *token.FileSet, f *ast.File, src []byte, minTokens int, skip func(ast.Node) bool) *File {
	tf := fset.File(f.FileStart)
	if tf == nil || tf.Size() != len(src) {
		return &File{Name: name}
	}
	ix.ts.scan(src)
	ix.lastAt = 0
	ix.hashPrefixes()
	ix.file = &File{
		Name:   name,
		test:   strings.HasSuffix(name, "_test.go"),
		Lines:  tf.LineCount(),
		Tokens: len(ix.ts.codes),
		codes:  copied(ix.ts.codes),
		vals:   copied(ix.ts.vals),
	}
	if ix.NoFacts {
		ix.file.factsLeft = true
	} else {
		ix.file.Facts = ScanFacts(src)
	}
	ix.tfile, ix.skip, ix.src = tf, skip, src
	ix.lineTable()
	ix.ignored = ix.ignored[:0]
	// Units, blocks, windows and words grow in scratch buffers and are
	// copied out at their final size.
	ix.file.units, ix.file.blocks, ix.file.windows = ix.units[:0], ix.blocks[:0], ix.windows[:0]
	ix.file.fnWords, ix.file.strWords, ix.file.errorfs, ix.file.opposite = ix.fnWords[:0], ix.strWords[:0], ix.errorfs[:0], ix.opposite[:0]
	ix.file.operations = ix.operations[:0]
	ix.walkFile(f)
	ix.markIgnored()
	ix.cutWindows(minTokens)
	ix.winnow()
	file := ix.file
	ix.units, ix.blocks, ix.windows = file.units, file.blocks, file.windows
	file.units, file.blocks, file.windows = copied(file.units), copied(file.blocks), copied(file.windows)
	ix.fnWords, ix.strWords, ix.errorfs, ix.opposite, ix.operations = file.fnWords, file.strWords, file.errorfs, file.opposite, file.operations
	// Empty tables are nil, as when none were appended.
	file.fnWords, file.strWords, file.errorfs = copiedOrNil(ix.fnWords), copiedOrNil(ix.strWords), copiedOrNil(ix.errorfs)
	file.opposite, file.operations = copiedOrNil(ix.opposite), copiedOrNil(ix.operations)
	ix.file, ix.tfile, ix.skip, ix.body, ix.src = nil, nil, nil, nil, nil
	return file
}

// copied returns a copy of s as long as s, nil if s is: what
// slices.Clone gives, but made by make and copy, which neither clear the
// copy's memory first nor round its capacity up (the part past the
// length, cleared by append's growth, was most of the index's memory
// clearing).
func copied[T any](s []T) []T {
	if s == nil {
		return nil
	}
	c := make([]T, len(s))
	copy(c, s)
	return c
}

// copiedOrNil is copied, but nil for an empty s.
func copiedOrNil[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return copied(s)
}

// Index normalises one file with a fresh Indexer.
func Index(name string, fset *token.FileSet, f *ast.File, src []byte, minTokens int, skip func(ast.Node) bool) *File {
	var ix Indexer
	return ix.Index(name, fset, f, src, minTokens, skip)
}

// hashBase is the multiplier of the polynomial span hash.
const hashBase = 0x100000001b3

// hashPrefixes computes prefix[i], the polynomial hash of codes[:i], and
// the powers of hashBase that spanHash needs, so that any span's hash
// costs O(1): pow[i] = hashBase^i for i < powStep, and
// powHigh[j] = hashBase^(j·powStep), a table as long as a file's tokens
// over powStep rather than as long as its tokens.
func (ix *Indexer) hashPrefixes() {
	n := len(ix.ts.codes)
	ix.prefix = slices.Grow(ix.prefix[:0], n+1)[:n+1]
	// Two codes a step: the hash after both is the one before them times
	// hashBase² plus both codes' terms, and the hash between is taken
	// beside it, off the chain of multiplications that each step waits
	// on (the same sums modulo 2⁶⁴, in half the chain's length).
	codes, prefix := ix.ts.codes[:n], ix.prefix[:n+1]
	base := uint64(hashBase)
	h, base2 := uint64(0), base*base
	prefix[0] = 0
	i := 0
	for ; i+1 < n; i += 2 {
		a, b := uint64(codes[i])+1, uint64(codes[i+1])+1
		prefix[i+1] = h*hashBase + a
		h = h*base2 + a*hashBase + b
		prefix[i+2] = h
	}
	if i < n {
		prefix[i+1] = h*hashBase + uint64(codes[i]) + 1
	}
	if len(ix.pow) == 0 {
		ix.pow = make([]uint64, powStep)
		ix.pow[0] = 1
		for i := 1; i < powStep; i++ {
			ix.pow[i] = ix.pow[i-1] * hashBase
		}
	}
	step := ix.pow[powStep-1] * hashBase
	ix.powHigh = slices.Grow(ix.powHigh[:0], n/powStep+1)[:n/powStep+1]
	ix.powHigh[0] = 1
	for j := 1; j < len(ix.powHigh); j++ {
		ix.powHigh[j] = ix.powHigh[j-1] * step
	}
}

const powStep = 1 << 12

func (ix *Indexer) spanHash(t0, t1 int32) uint64 {
	return ix.prefix[t1] - ix.prefix[t0]*ix.powOf(t1-t0)
}

// powOf is the hash's base to the power n.
func (ix *Indexer) powOf(n int32) uint64 { return ix.pow[n%powStep] * ix.powHigh[n/powStep] }

// lineTable records, for each line, the first token on it or after it.
func (ix *Indexer) lineTable() {
	lines := ix.tfile.Lines()
	n := len(lines)
	both := make([]int32, 2*n) // one allocation for the two tables
	ls, lo := both[:n:n], both[n:]
	offs, t := ix.ts.offs, 0 // offs read once, not again after each store
	for l, off := range lines {
		lo[l] = int32(off)
		for t < len(offs) && int(offs[t]) < off {
			t++
		}
		ls[l] = int32(t)
	}
	ix.file.lineStart, ix.file.lineOff = ls, lo
}

// position returns the 1-based line and column of a byte offset.
func (f *File) position(off int32) Position {
	l, found := slices.BinarySearch(f.lineOff, off)
	if !found {
		l-- // the line that starts before off
	}
	return Position{Line: l + 1, Column: int(off-f.lineOff[max(l, 0)]) + 1}
}

// tokenAt returns the index of the first token at or after pos. The walk
// asks mostly in file order and a short way on from its last question, so
// the search gallops forward from the last answer.
func (ix *Indexer) tokenAt(pos token.Pos) int32 {
	off, offs := int32(int(pos)-ix.tfile.Base()), ix.ts.offs
	lo, hi := 0, len(offs)
	if h := int(ix.lastAt); h <= len(offs) && (h == 0 || offs[h-1] < off) {
		// The answer is at h or after: find a bound by doubling steps.
		lo = h
		for step := 1; h+step-1 < len(offs); step *= 2 {
			if offs[h+step-1] >= off {
				hi = h + step - 1
				break
			}
			lo = h + step
		}
	} else {
		hi = min(h, len(offs))
	}
	i, _ := slices.BinarySearch(offs[lo:hi], off)
	ix.lastAt = int32(lo + i)
	return ix.lastAt
}

func (ix *Indexer) newUnit(n ast.Node) unit {
	pos, end := n.Pos(), n.End() // End is a walk down the node's last parts
	t0, t1 := ix.tokenAt(pos), ix.tokenAt(end)
	u := unit{tok0: t0, tok1: t1, name: -1}
	u.val0 = ix.ts.valAt[t0]
	if t1 > t0 {
		u.hash = ix.spanHash(t0, t1)
	}
	base := ix.tfile.Base()
	u.off0, u.off1 = int32(int(pos)-base), int32(int(end)-base)
	return u
}

// WholeFuncLines is the fewest lines of a function declaration found
// copied whole below MinTokens: such a function is a clone from half
// MinTokens tokens. A pasted function of 18 lines holds about 100
// tokens, and a newcomer's first paste was found by no run at the
// defaults.
const WholeFuncLines = 10

// cutWindows lists, for every statement of every block, the shortest run
// of whole statements starting there whose token count reaches minTokens,
// and every function declaration at least that large, or of at least
// WholeFuncLines lines and half that many tokens.
func (ix *Indexer) cutWindows(minTokens int) {
	f := ix.file
	// Token indexes are int32: a larger minimum (-min-tokens 4294967296)
	// is one no run reaches, not one that wraps to a small number.
	least := int32(min(minTokens, math.MaxInt32))
	for bi, b := range f.blocks {
		if b.fn && f.wholeFunc(b, least) {
			ix.addWindow(bi, b.first, b.first)
			continue
		}
		j := b.first
		for i := b.first; i < b.last; i++ {
			if j < i {
				j = i
			}
			for j < b.last && f.units[j].tok1-f.units[i].tok0 < least {
				j++
			}
			if j == b.last {
				break
			}
			if f.ignoredIn(f.units[i].tok0, f.units[j].tok1) {
				continue
			}
			ix.addWindow(bi, i, j)
		}
	}
}

// wholeFunc reports whether function declaration block b is short of
// least tokens but has a window as a function copied whole: at least
// half least tokens, WholeFuncLines lines of code, and nothing ignored.
func (f *File) wholeFunc(b block, least int32) bool {
	u := f.units[b.first]
	n := u.tok1 - u.tok0
	return n < least && n >= least/2 && n > 0 && f.codeLines(u.tok0, u.tok1, WholeFuncLines) >= WholeFuncLines && !f.ignoredIn(u.tok0, u.tok1)
}

// codeLines counts, up to most, the lines on which a token of [t0, t1)
// starts: a function of 222 lines that returns a raw string of 220 (a
// shell script's template) has 3.
func (f *File) codeLines(t0, t1 int32, most int) int {
	n, last := 0, f.tokenLine(t1-1)
	for l := f.tokenLine(t0); l <= last && n < most; l++ {
		// lineStart[l] is the first token on line l+1 or later: line l
		// (1-based) starts a token when it is before the next line's.
		if l < len(f.lineStart) && f.lineStart[l-1] < f.lineStart[l] || l == len(f.lineStart) {
			n++
		}
	}
	return n
}

// addWindow adds the window of units first..last of block bi.
func (ix *Indexer) addWindow(bi int, first, last int32) {
	f := ix.file
	fp := mix(ix.spanHash(f.units[first].tok0, f.units[last].tok1))
	if len(f.windows) == cap(f.windows) {
		f.windows = doubled(f.windows)
	}
	f.windows = append(f.windows, window{int32(bi), first, last, fp})
}

// mix is the splitmix64 finaliser: it spreads a polynomial hash's bits so
// that any slice of them indexes a sketch well.
func mix(h uint64) uint64 {
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	h ^= h >> 31
	return h
}

// tokenLineRange is the line of token t, as a range.
func (f *File) tokenLineRange(t int32) LineRange {
	l := f.tokenLine(t)
	return LineRange{l, l}
}

// tokenLine returns the 1-based line of token t.
func (f *File) tokenLine(t int32) int {
	l, _ := slices.BinarySearchFunc(f.lineStart, t, func(s, t int32) int {
		if s <= t {
			return -1
		}
		return 1
	})
	return l
}

// Keys returns the fingerprints by which this file can match another: the
// fingerprints of its windows, sorted and without duplicates. Two files
// share a clone only if they share a key, so an incremental index (the
// editor server's) can find the files a changed file must be compared
// with, and pass just those to Detect.
func (f *File) Keys() []uint64 {
	keys := make([]uint64, 0, len(f.windows))
	for _, w := range f.windows {
		keys = append(keys, w.fp)
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

// blockOf returns the index of the block holding unit u. Blocks list
// their units in order, each block's contiguously, so a binary search
// over their first units finds it.
func (f *File) blockOf(u int32) int {
	i, found := slices.BinarySearchFunc(f.blocks, u, func(b block, u int32) int { return cmp.Compare(b.first, u) })
	if !found {
		i--
	}
	return i
}

// markIgnored turns the spans that directives exclude into a prefix count
// over the tokens, so that any span can be checked in O(1).
func (ix *Indexer) markIgnored() {
	if len(ix.ignored) == 0 {
		return
	}
	n := len(ix.file.codes)
	depth := make([]int32, n+1)
	for _, sp := range ix.ignored {
		depth[sp[0]]++
		depth[sp[1]]--
	}
	count := make([]int32, n+1)
	d := int32(0)
	for t := range n {
		d += depth[t]
		count[t+1] = count[t]
		if d > 0 {
			count[t+1]++
		}
	}
	ix.file.ignored = count
}

// ignoredIn reports whether tokens [t0, t1) hold any that a directive
// excludes.
func (f *File) ignoredIn(t0, t1 int32) bool {
	return f.ignored != nil && f.ignored[t1] > f.ignored[t0]
}
