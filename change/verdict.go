package change

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/nowait"
	"github.com/copycat-go/copycat/internal/words"
)

// Verdicts of a class against a change (Verdict.Kind).
const (
	// New: a copy lies in lines the change added, and its twins existed
	// before it, or are new too.
	New = "new"
	// ForgottenTwin: the change edited a copy of a class and left another
	// copy as it was: the twin may need the same edit.
	ForgottenTwin = "forgotten-twin"
	// Grown: a class of copies that existed gains one more.
	Grown = "grown"
	// Removed: the change took a copy of a class away (replaced or
	// deleted it) and the class's other copies are no longer copies of
	// it: duplication the change removed, news but no finding.
	Removed = "removed"
	// Moved: every copy the change added to the class is code it moved
	// from another place, where the base revision held a copy of the
	// class (see Verdict.Move): no copy more than before, no finding.
	Moved = "moved"
)

// NewShare is the share of a fragment's lines the change must have added
// for the fragment to be a new copy: a copy pasted whole, not one edited.
const NewShare = 0.5

// A Verdict is what a change did to one class.
type Verdict struct {
	Kind string // New, ForgottenTwin, Grown, Removed or Moved; "" for a class the change did not touch
	// Touched marks the class's fragments the change added or edited.
	Touched []bool
	// New marks the fragments the change added (pasted whole).
	New []bool
	// Added and Removed count, for each fragment, the lines the change
	// added in it and removed from it; AddedAt are the added lines.
	Added, Removed []int
	AddedAt        [][]fingerprint.LineRange
	// Broken says, of a forgotten twin, that the class is the base
	// revision's: the change edited a copy so much that the copies are
	// no longer one class in the tree.
	Broken bool
	// Holds marks the copies the change left as they were that already
	// hold the code it wrote into the copies it edited (see Hold): not
	// forgotten. Nil when none does.
	Holds []bool
	// MovedFrom gives, of a class of the tree, for each copy the change
	// moved here (see Move), the place it took the copy away from, as
	// the base revision held it; a zero Place for the other copies. Nil
	// when the change moved none.
	MovedFrom []Place
	// MovedTo gives, of a class of the base revision (Broken), for each
	// copy the change took away and wrote again elsewhere, the place of
	// the copy in the tree; nil when none.
	MovedTo []Place
	// Was gives, of a class of the base revision (Broken), each copy's
	// place as the base held it (the fragments are at the tree's lines).
	Was []Place
}

// A Place is lines Start to End of a file, named as classes name files.
type Place struct {
	File       string
	Start, End int
}

// MovedCopy reports whether the change moved copy i of the class here
// (MovedFrom), or took it away to write it elsewhere (MovedTo).
func (v *Verdict) MovedCopy(i int) bool {
	return v.MovedFrom != nil && v.MovedFrom[i].File != "" || v.MovedTo != nil && v.MovedTo[i].File != ""
}

// Move marks the new copy i of a class of the tree as code the change
// moved here from from, where the base revision held a copy of the same
// class, and judges the class again: a moved copy is no new copy (the
// class has no copy more than before), but one that existed, neither
// edited nor forgotten. A class whose every new copy moved is Moved; one
// that gained a copy besides is still New or Grown, counted from the
// copies it had before, the moved one among them.
func (v *Verdict) Move(i int, from Place) {
	if v.MovedFrom == nil {
		v.MovedFrom = make([]Place, len(v.New))
	}
	v.New[i], v.MovedFrom[i] = false, from
	v.Kind = v.kind()
}

// A Change is a diff against a base revision, with names made absolute
// so that they meet the classes' file names.
type Change struct {
	files map[string]*File // by absolute path
	wd    string           // the working directory, which relative names are in
	// Base reads files as the base revision holds them, by their paths
	// relative to the repository's root (File.Old), leaving out those it
	// lacks; one larger than max bytes (if max > 0) is not read, and
	// large gives its size. Nil when the change is a diff alone.
	Base func(names []string, max int64) (blobs map[string][]byte, large map[string]int64, err error)
	// BaseID is the base revision's commit ID, "" with Base nil.
	BaseID string
	// Deleted are the files the change deleted (File.Old relative to
	// the repository's root), for what Base says of them.
	Deleted []*File
	root    string
	local   map[string]*File // files, by their names relative to wd, for those under it
}

// Root is the repository's root (the working directory's, outside one).
func (c *Change) Root() string { return c.root }

// Name is the name under which a run that reads the working directory's
// tree names the file at rel, a path relative to the repository's root:
// relative to the working directory when it is under it, else absolute.
func (c *Change) Name(rel string) string {
	abs := filepath.Join(c.root, filepath.FromSlash(rel))
	if r, err := filepath.Rel(c.wd, abs); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return r
	}
	return abs
}

// NewChange holds files, whose names are relative to root.
func NewChange(root string, files map[string]*File) *Change {
	wd, _ := os.Getwd()
	c := &Change{files: map[string]*File{}, local: map[string]*File{}, wd: wd, root: root}
	for name, f := range files {
		abs := filepath.Join(root, filepath.FromSlash(name))
		c.files[abs] = f
		if rel, err := filepath.Rel(wd, abs); err == nil && filepath.IsLocal(rel) {
			c.local[rel] = f
		}
	}
	return c
}

// File returns what the change did to the file a class names (relative
// to the working directory or absolute), nil if nothing.
func (c *Change) File(name string) *File {
	if !filepath.IsAbs(name) {
		// The names copycat gives the files under the working directory
		// are looked up as they are: a report asks for every file.
		if f, ok := c.local[name]; ok || c.local != nil && filepath.IsLocal(name) && filepath.Clean(name) == name {
			return f
		}
		name = filepath.Join(c.wd, name)
	}
	return c.files[filepath.Clean(name)]
}

// AddedWithin counts the lines the change added that lie within the
// ranges, given by file (as the classes name files); a line within two
// ranges counts once.
func (c *Change) AddedWithin(ranges map[string][]fingerprint.LineRange) int {
	n := 0
	for name, rs := range ranges {
		f := c.File(name)
		if f == nil {
			continue
		}
		rs = slices.Clone(rs)
		slices.SortFunc(rs, func(a, b fingerprint.LineRange) int { return a.Start - b.Start })
		last := 0 // the last line counted
		for _, r := range rs {
			if start := max(r.Start, last+1); start <= r.End {
				n += f.AddedIn(start, r.End)
				last = r.End
			}
		}
	}
	return n
}

// Judge says what the change did to class cl.
//
// A fragment is new when the change added at least NewShare of its lines
// (a copy pasted whole, not one edited in place), touched when the
// change added or removed any of its lines. Then the class is:
//   - a forgotten twin, when of the fragments that existed (not new) the
//     change edited some and left at least one as it was: the edit may
//     be needed there too, whether or not the change also added a copy
//     (a class grown by a paste while one of its copies got a fix hid
//     the twin that lacks it);
//   - grown, when it has a new fragment and at least two that are not:
//     copies that existed gained one;
//   - new, when it has a new fragment: a copy of a twin that existed, or
//     copies all new;
//   - grown too, when the change added lines to every copy: the copies
//     grew alike;
//   - untouched otherwise (every copy edited, not all with lines added;
//     or none), Kind "".
//
// A file moved or renamed whole adds no line (git finds the rename), so
// its copies are not new. Code moved from one file into another is new
// to Judge; Move says it moved.
func (c *Change) Judge(cl fingerprint.Class) Verdict {
	n := len(cl.Fragments)
	v := Verdict{Touched: make([]bool, n), New: make([]bool, n), Added: make([]int, n), Removed: make([]int, n),
		AddedAt: make([][]fingerprint.LineRange, n)}
	for i, fr := range cl.Fragments {
		f := c.File(fr.File)
		if f == nil {
			continue
		}
		v.Added[i] = f.AddedIn(fr.Start.Line, fr.End.Line)
		v.AddedAt[i] = f.AddedRanges(fr.Start.Line, fr.End.Line)
		v.Removed[i] = f.RemovedIn(fr.Start.Line, fr.End.Line)
		v.Touched[i] = v.Added[i] > 0 || v.Removed[i] > 0
		v.New[i] = float64(v.Added[i]) >= NewShare*float64(fr.End.Line-fr.Start.Line+1)
	}
	v.Kind = v.kind()
	return v
}

// kind is the verdict's Kind, from what the change did to each copy (see
// Judge); an untouched copy that holds the edit (Holds) is not forgotten.
func (v *Verdict) kind() string {
	n := len(v.New)
	newCount, moved, touchedOld, forgotten, grew := 0, 0, 0, 0, 0
	for i := range n {
		switch {
		case v.New[i]:
			newCount++
		case v.MovedFrom != nil && v.MovedFrom[i].File != "":
			moved++
		case v.Touched[i]:
			touchedOld++
		case v.Holds == nil || !v.Holds[i]:
			forgotten++
		}
		if v.Added[i] > 0 {
			grew++
		}
	}
	switch old := n - newCount; {
	case touchedOld > 0 && forgotten > 0:
		return ForgottenTwin
	case newCount > 0 && old >= 2:
		return Grown
	case newCount > 0:
		return New
	case moved > 0:
		return Moved
	case grew == n:
		return Grown
	}
	return ""
}

// countLines counts a file's lines as go/token does, as detection counts
// them (fingerprint.LineCount). The file was read by loading, but may
// have been swapped since for another: it is read as loading reads, a
// regular file only, opened without waiting, no further than its size
// when opened, and a piece at a time. A named pipe put in its place made
// the run wait for a writer forever, and a link to /dev/zero read until
// memory ran out.
func countLines(name string) (int, error) {
	f, err := nowait.Open(name)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return 0, err
	}
	if !info.Mode().IsRegular() {
		return 0, &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("not a regular file (%s), not read", words.FileKind(info.Mode()))}
	}
	r := io.LimitReader(f, info.Size())
	buf := make([]byte, 64<<10)
	lines, last := 0, byte('\n')
	for {
		n, err := r.Read(buf)
		if n > 0 {
			lines += bytes.Count(buf[:n], []byte{'\n'})
			last = buf[n-1]
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return 0, err
		}
	}
	if last != '\n' {
		lines++ // a last line without its newline
	}
	return lines, nil
}

func lineRange(a, b int) fingerprint.LineRange { return fingerprint.LineRange{Start: a, End: b} }
