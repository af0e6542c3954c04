// Package change says what a change (a diff against a base revision) did
// to the clone classes of a tree: the copies it adds, the twins it forgets
// to change, the classes it grows. It reads unified diffs, as git diff and
// patch files write them, and asks git for the diff against a revision or
// a merge base.
package change

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/words"
)

// A File is what a change did to one file, in the new file's lines.
type File struct {
	// Name is the new file's path as the diff gives it (b/ side, the
	// prefix cut), relative to the repository's root.
	Name string
	// Added are the lines the change added or rewrote, rising.
	Added []fingerprint.LineRange
	// Removed are the places lines were removed with nothing in their
	// place: each the new file's line after which they were (0: at the
	// top), and how many.
	Removed []Removal
	// New says the file did not exist before (added, not renamed).
	New bool
	// Deleted says the change deleted the file (Name is "").
	Deleted bool
	// OldBlob is the git object ID of the old file as the diff's index
	// line gives it (abbreviated, as git writes it), "" without one.
	OldBlob string
	// Old is the file's path before the change, relative to the
	// repository's root: Name, or the name it was renamed from; "" for a
	// new file.
	Old string
	// Gone are the old file's lines the change removed or rewrote,
	// rising.
	Gone []fingerprint.LineRange
	// whole and oldWhole are Name and Old as the diff wrote them, when
	// an a/ or b/ was cut from their start; "" else (see Unprefixed).
	whole, oldWhole string
	// hunks are the runs of lines the diff's hunks change, in order
	// (the hunks of git diff -U0, whatever the diff's context): where the
	// old file's lines went in the new one (see NewLines).
	hunks []hunk
	// index, made once the diff is read, lets the queries below search
	// the ranges rather than read them all: each was asked of every copy
	// of every class, and a file of thousands of copies and of ranges
	// took seconds (see lineIndex).
	index *lineIndex
}

// A hunk is one hunk of a diff: old lines [old, old+oldN) became new
// lines [new, new+newN).
type hunk struct{ old, oldN, new, newN int }

// A Removal is lines removed from a file before its After-th line's end.
type Removal struct{ After, Lines int }

// Changed reports whether lines first to last of the new file were
// changed: a line among them added or rewritten, or lines removed
// between two of them.
func (f *File) Changed(first, last int) bool {
	return f.AddedIn(first, last) > 0 || f.RemovedIn(first, last) > 0
}

// AddedIn counts the added lines among lines first to last.
func (f *File) AddedIn(first, last int) int {
	if x := f.index; x != nil {
		return x.linesIn(f.Added, x.added, first, last)
	}
	return fingerprint.LinesIn(f.AddedRanges(first, last))
}

// AddedRanges returns the added lines among lines first to last.
func (f *File) AddedRanges(first, last int) []fingerprint.LineRange {
	rs := f.Added
	if x := f.index; x != nil {
		lo, hi := x.among(rs, first, last)
		rs = rs[lo:hi]
	}
	work.Add(int64(len(rs)))
	var out []fingerprint.LineRange
	for _, r := range rs {
		if lo, hi := max(r.Start, first), min(r.End, last); lo <= hi {
			out = append(out, fingerprint.LineRange{Start: lo, End: hi})
		}
	}
	return out
}

// RemovedIn counts the lines removed inside lines first to last: after
// one of them and before the next.
func (f *File) RemovedIn(first, last int) int {
	if x := f.index; x != nil {
		work.Add(1)
		after := func(line int) int {
			return sort.Search(len(f.Removed), func(i int) bool { return f.Removed[i].After >= line })
		}
		if lo, hi := after(first), after(last); lo < hi {
			return x.removed[hi] - x.removed[lo]
		}
		return 0
	}
	work.Add(int64(len(f.Removed)))
	n := 0
	for _, r := range f.Removed {
		if r.After >= first && r.After < last {
			n += r.Lines
		}
	}
	return n
}

// GoneIn counts the old file's lines among first to last that the change
// removed or rewrote.
func (f *File) GoneIn(first, last int) int {
	if x := f.index; x != nil {
		return x.linesIn(f.Gone, x.gone, first, last)
	}
	work.Add(int64(len(f.Gone)))
	n := 0
	for _, r := range f.Gone {
		if lo, hi := max(r.Start, first), min(r.End, last); lo <= hi {
			n += hi - lo + 1
		}
	}
	return n
}

// OldEdits are the places of the old file the change touched, rising:
// the lines it removed or rewrote, and, where it only added lines, the
// two old lines around them.
func (f *File) OldEdits() []fingerprint.LineRange {
	var out []fingerprint.LineRange
	for _, h := range f.hunks {
		if h.oldN > 0 {
			out = append(out, fingerprint.LineRange{Start: h.old, End: h.old + h.oldN - 1})
		} else {
			out = append(out, fingerprint.LineRange{Start: max(h.old-1, 1), End: h.old})
		}
	}
	return out
}

// NewLines maps the old file's lines first to last to the new file's: a
// line the change left is where it moved; a first line inside a hunk
// maps to the hunk's first new line, a last one to its last.
func (f *File) NewLines(first, last int) (int, int) {
	at := func(line int, end bool) int {
		hunks, shift := f.hunks, 0
		if x := f.index; x != nil {
			// The first hunk that ends past line, and the lines the
			// hunks before it added.
			k := sort.Search(len(hunks), func(i int) bool { return hunks[i].old+hunks[i].oldN > line })
			hunks, shift = hunks[k:], x.shift[k]
			work.Add(1)
		} else {
			work.Add(int64(len(hunks)))
		}
		for _, h := range hunks {
			switch {
			case line < h.old:
				return line + shift
			case line < h.old+h.oldN:
				if end {
					return max(h.new+h.newN-1, h.new)
				}
				return h.new
			}
			shift += h.newN - h.oldN
		}
		return line + shift
	}
	return at(first, false), max(at(last, true), at(first, false))
}

// A lineIndex is what a File's queries search when its ranges are in
// order, as a diff that names each file once, its hunks in order, gives
// them, and as merge puts those of other diffs: Added and Gone each
// rising and apart, Removed rising, and each hunk ending where or after
// the one before it ends. It holds the lines
// of Added, Gone and Removed before each of their ranges, and the lines
// the hunks before each hunk added, so that a query finds its first range
// by binary search and counts lines by subtracting two sums; it answers
// as reading every range did.
type lineIndex struct {
	added, gone, removed []int // lines in the ranges before range i (len: ranges+1)
	shift                []int // newN-oldN of the hunks before hunk i (len: hunks+1)
}

// work counts the ranges and hunks the queries of Files read, or one a
// query where they are searched: a test holds it about linear in the
// copies and ranges of a file (TestQueriesHostile), without timing it.
var work atomic.Int64

// indexLines makes f's index, its ranges put in order first if they are
// not (see merge).
func (f *File) indexLines() {
	if !f.inOrder() {
		f.merge()
	}
	sums := func(rs []fingerprint.LineRange) []int {
		out := make([]int, len(rs)+1)
		for i, r := range rs {
			out[i+1] = out[i] + r.End - r.Start + 1
		}
		return out
	}
	x := &lineIndex{added: sums(f.Added), gone: sums(f.Gone), removed: make([]int, len(f.Removed)+1), shift: make([]int, len(f.hunks)+1)}
	for i, r := range f.Removed {
		x.removed[i+1] = x.removed[i] + r.Lines
	}
	for i, h := range f.hunks {
		x.shift[i+1] = x.shift[i] + h.newN - h.oldN
	}
	f.index = x
}

// among returns the ranges of rs (in order, apart) that hold a line of
// first to last: rs[lo:hi].
func (x *lineIndex) among(rs []fingerprint.LineRange, first, last int) (lo, hi int) {
	work.Add(1)
	if first > last {
		return 0, 0
	}
	lo = sort.Search(len(rs), func(i int) bool { return rs[i].End >= first })
	hi = lo + sort.Search(len(rs)-lo, func(i int) bool { return rs[lo+i].Start > last })
	return lo, hi
}

// linesIn counts the lines of rs (in order, apart; sums their lines
// before each) among first to last.
func (x *lineIndex) linesIn(rs []fingerprint.LineRange, sums []int, first, last int) int {
	lo, hi := x.among(rs, first, last)
	if lo >= hi {
		return 0
	}
	// The ranges between hold lines of first to last; only the first may
	// start before first, and only the last end after last.
	return sums[hi] - sums[lo] - max(first-rs[lo].Start, 0) - max(rs[hi-1].End-last, 0)
}

// AddedLines counts every line the change added to the file.
func (f *File) AddedLines() int { return fingerprint.LinesIn(f.Added) }

// ParseDiff reads a unified diff (git diff's, with or without context,
// with renames; or diff -u's) and returns what it did to each file that
// still exists, by its new name. Deleted files are left out: no class of
// the new tree is in them.
func ParseDiff(r io.Reader) (map[string]*File, error) {
	files, _, err := ParseDiffDeleted(r)
	return files, err
}

// ParseDiffDeleted is ParseDiff, and the files the change deleted (Old
// and Gone set, Deleted true), in the diff's order.
func ParseDiffDeleted(r io.Reader) (files map[string]*File, deleted []*File, err error) {
	files = map[string]*File{}
	lr := lineReader{r: bufio.NewReaderSize(fromUTF16(r), maxDiffLine)}
	var cur *File
	var oldName, oldWhole, oldBlob string
	newLine, oldLine, oldLeft, newLeft := 0, 0, 0, 0
	// edit is the hunk of the lines a hunk of the diff changes since its
	// last context line, -1 after one: a diff with context (diff -u,
	// git diff -U3) holds the lines it changes as git diff -U0 does.
	edit := -1
	editing := func() *hunk {
		if edit < 0 {
			edit = len(cur.hunks)
			cur.hunks = append(cur.hunks, hunk{old: oldLine + 1, new: newLine + 1})
		}
		return &cur.hunks[edit]
	}
	// again is the file that an earlier section of the diff named, when
	// the one read names it again: its hunks are read into a File of
	// their own (cur), whose ranges are then added to again's (absorb),
	// so that none continues a range of another section (see merge).
	var again *File
	flush := func() {
		if again != nil {
			again.absorb(cur)
			again = nil
		}
	}
	// hunks counts the diff's hunks as git diff -U0 writes them, which
	// are the runs of changed lines the Files hold: a hunk with context
	// counts once for each run it holds, one of no change once. runs
	// counts the runs of the hunk being read.
	hunks, runs := 0, 0
	lineNo := 0
	// The first line that is not blank, and whether a file header came:
	// text that holds none is no diff (an error page where a diff was
	// fetched, a file named by mistake) and was read as a change of
	// nothing, which passes every gate.
	first, firstNo, header := "", 0, false
	gitHeader := "" // the last "diff --git" line
	for {
		inHunk := oldLeft > 0 || newLeft > 0
		line, long, err := lr.next(!inHunk)
		if err == io.EOF {
			break
		}
		lineNo++
		if err == errNUL {
			// Binary data: a file named by mistake (a binary whose bytes
			// hold a line "--- " read as a change of nothing), /dev/zero
			// (a line without end). git and diff -u write a binary file's
			// change as text, and a NUL only inside a hunk (diff -a).
			return nil, nil, fmt.Errorf("diff line %d: not a unified diff: a NUL byte outside a hunk, in a line that begins %q", lineNo, words.Excerpt(line))
		}
		if err != nil {
			return nil, nil, fmt.Errorf("reading the diff: %w", err)
		}
		if firstNo == 0 && strings.TrimSpace(line) != "" {
			first, firstNo = line, lineNo
		}
		if inHunk {
			// Inside a hunk.
			if edit < 0 && (strings.HasPrefix(line, "+") || strings.HasPrefix(line, "-")) {
				// A run of changed lines begins: the hunk's first was
				// counted with its header.
				if runs++; runs > 1 {
					if hunks >= maxDiffHunks {
						return nil, nil, tooManyHunks(lineNo)
					}
					hunks++
				}
			}
			switch {
			case strings.HasPrefix(line, "+"):
				editing().newN++
				newLine++
				newLeft--
				cur.add(newLine)
			case strings.HasPrefix(line, "-"):
				editing().oldN++
				oldLine++
				oldLeft--
				cur.remove(newLine)
				cur.Gone = addLine(cur.Gone, oldLine)
			case strings.HasPrefix(line, " "), line == "":
				edit = -1
				newLine++
				oldLine++
				oldLeft--
				newLeft--
			case strings.HasPrefix(line, `\`): // \ No newline at end of file
			default:
				return nil, nil, fmt.Errorf("diff line %d: %q inside a hunk", lineNo, words.Excerpt(line))
			}
			continue
		}
		if long && (strings.HasPrefix(line, "--- ") || strings.HasPrefix(line, "+++ ") || strings.HasPrefix(line, "@@ ")) {
			return nil, nil, fmt.Errorf("diff line %d: a file name or hunk header longer than %d bytes", lineNo, maxDiffLine)
		}
		switch {
		case strings.HasPrefix(line, "diff --git "):
			header = true
			flush()
			cur, oldName, oldWhole, oldBlob = nil, "", "", ""
			gitHeader = line
		case binaryGoChange(line, gitHeader):
			// git writes a file its attributes call binary (a
			// .gitattributes of "*.go -diff", which a pull request may
			// add) so, without its lines: read as a change of nothing, it
			// hid every copy the change made there.
			return nil, nil, fmt.Errorf("diff line %d: %q: the change of a Go file without its lines (git diff --text writes them)", lineNo, words.Excerpt(line))
		case strings.HasPrefix(line, "index "):
			// index <old>..<new> [mode]: git's object of the old file.
			if ids, _, _ := strings.Cut(line[len("index "):], " "); strings.Contains(ids, "..") {
				oldBlob, _, _ = strings.Cut(ids, "..")
				if strings.Trim(oldBlob, "0") == "" || !objectID(oldBlob) {
					// A new file, or no object's ID: git cat-file reads
					// any name of an object (HEAD:secret.go, a tree).
					oldBlob = ""
				}
			}
		case strings.HasPrefix(line, "--- "):
			header = true
			oldName, oldWhole = diffName(line[4:])
		case strings.HasPrefix(line, "+++ "):
			header = true
			name, whole := diffName(line[4:])
			flush()
			if f := files[name]; name != "" && f != nil {
				again, cur = f, &File{} // named again: its hunks add to the file's
				break
			}
			if len(files)+len(deleted) >= maxTreeFiles {
				// Each file holds about a kilobyte: a diff naming
				// millions (180 MB of headers for two million) took
				// gigabytes, as history's commits are held to as many.
				return nil, nil, fmt.Errorf("diff line %d: the diff names more than %d files, the most copycat reads of a change", lineNo, maxTreeFiles)
			}
			if name == "" { // deleted: /dev/null
				cur = &File{Old: oldName, OldBlob: oldBlob, Deleted: true, oldWhole: oldWhole}
				deleted = append(deleted, cur)
				continue
			}
			cur = &File{Name: name, New: oldName == "", Old: oldName, OldBlob: oldBlob, whole: whole, oldWhole: oldWhole}
			files[name] = cur
		case strings.HasPrefix(line, "@@ "):
			if cur == nil {
				return nil, nil, fmt.Errorf("diff line %d: a hunk before its file's +++ line", lineNo)
			}
			o, n, ok := hunkHeader(line)
			if !ok {
				return nil, nil, fmt.Errorf("diff line %d: bad hunk header %q", lineNo, words.Excerpt(line))
			}
			if hunks >= maxDiffHunks {
				return nil, nil, tooManyHunks(lineNo)
			}
			hunks, runs = hunks+1, 0
			oldLeft, newLeft = o[1], n[1]
			newLine, oldLine = n[0]-1, o[0]-1
			if n[1] == 0 {
				newLine = n[0] // lines removed after line n[0]
			}
			if o[1] == 0 {
				oldLine = o[0] // lines added after old line o[0]: they move the lines from o[0]+1
			}
			edit = -1
		}
	}
	if !header && firstNo > 0 {
		hint := ""
		if strings.Contains(first, "\x1b[") {
			// git diff --color, or color.ui=always: every line begins
			// with a terminal's escape, and no header is read.
			hint = "; its lines hold a terminal's color codes: make it with git diff --no-color"
		}
		return nil, nil, fmt.Errorf("diff line %d: not a unified diff: no file header (diff --git, --- or +++) among its lines, which begin %q%s", firstNo, words.Excerpt(first), hint)
	}
	flush()
	for _, f := range files {
		f.indexLines()
	}
	for _, f := range deleted {
		f.indexLines()
	}
	return files, deleted, nil
}

// objectID reports whether s is a git object's ID as a diff's index line
// gives it: 4 to 64 hexadecimal digits, abbreviated or whole (SHA-1 or
// SHA-256).
func objectID(s string) bool {
	if len(s) < 4 || len(s) > 64 {
		return false
	}
	for _, c := range []byte(s) {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// maxDiffHunks is the most hunks a diff may hold, as git diff -U0 writes
// them: the runs of changed lines of its files, which are held for the
// change's queries, some 50 to 100 bytes each. Text that looks like a
// diff can hold them without end (a hunk header, then "+x" and " x"
// lines by turns for ever: 4.2 GB of memory for 200 MB of diff). Every
// other line of the standard library's 2.85 million lines of Go
// rewritten is 1.4 million runs; of the 6 million of the benchmark
// corpus (Kubernetes, Istio, go-ethereum, Prometheus, Docker), 3
// million. A variable, so that a test may lower it.
var maxDiffHunks = 1 << 22

// tooManyHunks is the error of a diff whose hunk or run of changed lines
// at line lineNo is one more than maxDiffHunks.
func tooManyHunks(lineNo int) error {
	return fmt.Errorf("diff line %d: the diff holds more than %d hunks (runs of changed lines, as git diff -U0 writes them), the most copycat holds of a change", lineNo, maxDiffHunks)
}

// binaryGoChange reports whether line, outside a hunk, says that the
// change of a Go file is binary: git's "Binary files a/x.go and b/x.go
// differ", or "GIT binary patch" (git diff --binary) after a "diff
// --git" line naming a Go file.
func binaryGoChange(line, gitHeader string) bool {
	goName := func(s string) bool {
		return strings.HasSuffix(s, ".go") || strings.HasSuffix(s, `.go"`)
	}
	if rest, ok := strings.CutPrefix(line, "Binary files "); ok {
		rest, ok = strings.CutSuffix(rest, " differ")
		return ok && (goName(rest) || strings.Contains(rest, ".go and ") || strings.Contains(rest, `.go" and `))
	}
	return line == "GIT binary patch" && goName(gitHeader)
}

// maxDiffLine is the most of a diff's line that is kept: a line of a
// hunk is told by its first byte, and no header copycat reads is longer
// (a path is at most 4 KB). A longer line of a hunk, a minified or
// generated file's, is read past; git's diff of a Go file of one line of
// 70 MB failed the run ("bufio.Scanner: token too long").
const maxDiffLine = 64 << 10

// A lineReader reads a diff's lines, of any length, keeping at most
// maxDiffLine bytes of each.
type lineReader struct {
	r *bufio.Reader
}

// errNUL is next's error for a line holding a NUL byte, when asked.
var errNUL = errors.New("a NUL byte")

// next returns the next line, without its newline and the carriage
// return before it, as bufio.ScanLines does; long says that it was cut
// to maxDiffLine bytes. At the end it returns io.EOF. With text, a line
// whose first maxDiffLine bytes hold a NUL is returned as it is read so
// far, with errNUL, the rest of it unread (/dev/zero's has no end).
func (lr *lineReader) next(text bool) (line string, long bool, err error) {
	frag, err := lr.r.ReadSlice('\n')
	if text && bytes.IndexByte(frag, 0) >= 0 {
		return string(frag[:min(len(frag), maxDiffLine)]), false, errNUL
	}
	if err == bufio.ErrBufferFull {
		line, long = string(frag), true
		for err == bufio.ErrBufferFull {
			_, err = lr.r.ReadSlice('\n')
		}
		if err == io.EOF {
			err = nil
		}
		return line, long, err
	}
	if err == io.EOF && len(frag) == 0 {
		return "", false, io.EOF
	}
	if err != nil && err != io.EOF {
		return "", false, err
	}
	frag = bytes.TrimSuffix(frag, []byte("\n"))
	frag = bytes.TrimSuffix(frag, []byte("\r"))
	return string(frag), false, nil
}

// add records that new line n was added.
func (f *File) add(n int) { f.Added = addLine(f.Added, n) }

// addLine adds line n, past every line of rs, to rs.
func addLine(rs []fingerprint.LineRange, n int) []fingerprint.LineRange {
	if k := len(rs); k > 0 && rs[k-1].End == n-1 {
		rs[k-1].End = n
		return rs
	}
	return append(rs, fingerprint.LineRange{Start: n, End: n})
}

// remove records a line removed after new line n. A line removed where a
// line was added in its place is a rewrite, which the added line says.
func (f *File) remove(n int) {
	if k := len(f.Added); k > 0 && f.Added[k-1].End == n && n > 0 {
		return // the hunk's + lines came first: a rewrite
	}
	if k := len(f.Removed); k > 0 && f.Removed[k-1].After == n {
		f.Removed[k-1].Lines++
		return
	}
	f.Removed = append(f.Removed, Removal{After: n, Lines: 1})
}

// diffName is the path of a --- or +++ line: git's prefix cut (a/, b/
// and the others of diffPrefixes), a tab and what follows (diff -u's
// time stamp) left out, a quoted name unquoted; "" for /dev/null. whole
// is the path with its prefix, when one was cut.
func diffName(s string) (name, whole string) {
	if i := strings.IndexByte(s, '\t'); i >= 0 {
		s = s[:i]
	}
	if strings.HasPrefix(s, `"`) {
		if u, err := strconv.Unquote(s); err == nil {
			s = u
		}
	}
	if s == "/dev/null" {
		return "", ""
	}
	if len(s) > 2 && s[1] == '/' && strings.IndexByte(diffPrefixes, s[0]) >= 0 {
		return path.Clean(s[2:]), path.Clean(s)
	}
	return path.Clean(s), ""
}

// diffPrefixes are the letters of the prefixes git puts before a diff's
// names: a/ and b/, and with diff.mnemonicPrefix set, c/ (a commit), i/
// (the index), w/ (the working tree), o/ (an object), 1/ and 2/ (git
// diff --no-index). A diff of a user's git with diff.mnemonicPrefix
// named c/x.go and w/x.go, which no file is, and -diff judged a change
// of nothing (exit 0 over a paste). Unprefixed reads a diff whose names
// are whole, made without them, as such.
const diffPrefixes = "abciwo12"

// Unprefixed reads the names of a diff given by the user, files and
// deleted as ParseDiffDeleted returns them, without git's a/ and b/
// prefixes when it was made without them (git diff --no-prefix, or with
// diff.noprefix set; diff -u of paths such as b/b.go): when no file it
// names exists under root with its first a/ or b/ cut, and one does with
// it kept. Such a diff's a/a.go was read as a.go, which no class holds,
// and the change touched nothing. files is returned keyed anew.
func Unprefixed(root string, files map[string]*File, deleted []*File) map[string]*File {
	exists := func(name string) bool {
		_, err := os.Lstat(filepath.Join(root, filepath.FromSlash(name)))
		return err == nil
	}
	whole := false
	for name, f := range files {
		switch {
		case f.whole == "":
		case exists(name):
			return files // git's prefixes: a name cut is a file
		case exists(f.whole):
			whole = true
		}
	}
	if !whole {
		return files
	}
	out := make(map[string]*File, len(files))
	for name, f := range files {
		out[cmp.Or(f.whole, name)] = f
	}
	if len(out) < len(files) {
		return files // two names the prefixes alone told apart
	}
	for name, f := range out {
		f.Name, f.Old = name, cmp.Or(f.oldWhole, f.Old)
	}
	for _, f := range deleted {
		if f.oldWhole != "" {
			f.Old = f.oldWhole
		}
	}
	return out
}

// hunkHeader reads "@@ -a,b +c,d @@": the old and new start and count (a
// count left out is 1).
func hunkHeader(line string) (old, new [2]int, ok bool) {
	f := strings.Fields(line)
	if len(f) < 4 || f[3] != "@@" && !strings.HasPrefix(f[3], "@@") {
		return old, new, false
	}
	parse := func(s string, sign byte) ([2]int, bool) {
		if len(s) < 2 || s[0] != sign {
			return [2]int{}, false
		}
		start, count, found := strings.Cut(s[1:], ",")
		a, err := strconv.Atoi(start)
		if err != nil {
			return [2]int{}, false
		}
		b := 1
		if found {
			if b, err = strconv.Atoi(count); err != nil {
				return [2]int{}, false
			}
		}
		// Lines count from 1: a start of 0 comes only with no lines (a
		// file added or emptied). No file copycat reads has more lines
		// than bytes, nor more bytes than MaxInt32: numbers past that are
		// refused, and start+count never wraps.
		return [2]int{a, b}, (a > 0 || a == 0 && b == 0) && b >= 0 && a <= math.MaxInt32 && b <= math.MaxInt32-a
	}
	old, ok1 := parse(f[1], '-')
	new, ok2 := parse(f[2], '+')
	return old, new, ok1 && ok2
}
