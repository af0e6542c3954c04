// Package ignore decides what copycat leaves out: paths listed in
// .duplignore files (gitignore syntax), generated files, vendor/ and
// testdata/ directories, and code under //copycat:ignore directives or
// the //nolint and //lint:ignore spellings of other linters. The command line, the vet analyzer and the language server
// all use it, so the three agree.
package ignore

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// FileName is the name of copycat's ignore files.
const FileName = ".duplignore"

// A rule is one pattern line of a .duplignore file.
type rule struct {
	pat     pattern
	negate  bool // a '!' line re-includes what earlier lines excluded
	dirOnly bool // a trailing '/' matches directories only
	// inPath: the pattern holds a '/' (leading or inner), so it matches the
	// path relative to the file's directory; otherwise it matches the last
	// name of a path at any depth.
	inPath bool
	line   int32 // the file's line it was read from
}

// A List is the rules of one .duplignore file.
type List struct {
	Dir   string // slash-separated directory of the file, relative to the tree's root ("" for the root)
	file  string // the file's name, as Parse was given it
	rules []rule
	ix    *index // the rules by key, when there are at least indexMin
}

// A FileError is a .duplignore file that cannot be used whole: one that
// cannot be read, or too large.
type FileError struct {
	File string
	Err  error
}

func (e *FileError) Error() string { return e.File + ": " + e.Err.Error() }

func (e *FileError) Unwrap() error { return e.Err }

// A LineError is a .duplignore line that cannot be used.
type LineError struct {
	File    string
	Line    int
	Pattern string // the line as git reads it, trailing blanks cut; "" for one too long to quote
	Err     error
}

func (e *LineError) Error() string {
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Message())
}

// Message is the error without its file and line, for a report that
// places it itself: `cannot parse .duplignore line "legacy/[":
// unterminated character class, which git never matches`.
func (e *LineError) Message() string {
	if e.Pattern == "" {
		return fmt.Sprintf("cannot parse %s line: %v", FileName, e.Err)
	}
	return fmt.Sprintf("cannot parse %s line %s: %v", FileName, quoteLine(e.Pattern), e.Err)
}

// quoteLine quotes a line of a file as it stands there: between double
// quotes, its backslashes as they are ("inventory/\", which %q wrote
// with two), unless it holds a quote or a byte that does not print,
// which %q escapes.
func quoteLine(s string) string {
	for _, r := range s {
		if r == '"' || !unicode.IsPrint(r) {
			return strconv.Quote(s)
		}
	}
	return `"` + s + `"`
}

func (e *LineError) Unwrap() error { return e.Err }

// Parse reads the rules of a .duplignore file, as git reads a .gitignore
// file. name is used in errors; dir is the file's directory relative to
// the tree's root. Bad lines are returned as *LineError and skipped; the
// other lines still apply. Bad lines are those git never matches (an
// unterminated class, an empty path segment) and those where git's
// reading is not what a reader expects, which copycat refuses rather than
// follow: a '#' after a blank (no comment in gitignore syntax) and a
// non-ASCII byte in a character class (git matches classes byte by byte).
func Parse(name, dir string, data []byte) (*List, []error) {
	l := &List{Dir: dir, file: name}
	if len(data) > MaxFileSize {
		// Rules cost some 70 times their bytes: a file this large is
		// not a list of paths written by hand.
		// (ReadFile reads one byte past the limit, not the whole file.)
		return l, []error{&FileError{name, fmt.Errorf("more than the %d bytes a %s may have: none of its lines apply", MaxFileSize, FileName)}}
	}
	var errs []error
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) // git skips a byte order mark
	for n := 1; len(data) > 0; n++ {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		line = bytes.TrimSuffix(line, []byte("\r"))
		if len(line) > MaxLine {
			errs = append(errs, &LineError{File: name, Line: n, Err: fmt.Errorf("%d bytes, longer than the %d a line may have", len(line), MaxLine)})
			continue
		}
		r, ok, err := parseLine(string(line))
		if err != nil {
			errs = append(errs, &LineError{File: name, Line: n, Pattern: trimTrailingSpaces(string(line)), Err: err})
			continue
		}
		if ok {
			r.line = int32(n)
			l.rules = append(l.rules, r)
		}
	}
	if len(l.rules) >= indexMin {
		l.ix = newIndex(l.rules)
	}
	return l, errs
}

// MaxFileSize and MaxLine are the most bytes a .duplignore file and one
// of its lines may have (a path is at most 4096 bytes on Linux).
const (
	MaxFileSize = 1 << 20
	MaxLine     = 4096
	// MaxTotalSize is the most bytes all the .duplignore files of a
	// Tree may hold between them.
	MaxTotalSize = 4 << 20
)

// parseLine reads one line as git's dir.c does, without its line end
// (one "\n" or "\r\n"). It reports false for a blank or comment line.
func parseLine(line string) (rule, bool, error) {
	if line == "" || line[0] == '#' {
		return rule{}, false, nil
	}
	line = trimTrailingSpaces(line)
	if line == "" {
		return rule{}, false, nil
	}
	if err := inlineComment(line); err != nil {
		return rule{}, false, err
	}
	var r rule
	if line[0] == '!' {
		r.negate, line = true, line[1:]
	}
	if strings.HasSuffix(line, "/") {
		r.dirOnly, line = true, line[:len(line)-1]
	}
	if line == "" {
		return rule{}, false, errors.New("empty pattern")
	}
	r.inPath = strings.Contains(line, "/")
	if r.inPath {
		line = strings.TrimPrefix(line, "/")
		if line == "" || line[0] == '/' || strings.HasSuffix(line, "/") || strings.Contains(line, "//") {
			return rule{}, false, errors.New("empty path segment, which git never matches")
		}
	}
	pat, err := compilePattern(line, r.inPath)
	if err != nil {
		return rule{}, false, err
	}
	r.pat = pat
	return r, true, nil
}

// trimTrailingSpaces drops the trailing spaces that are not escaped with
// '\' (the '\' stays, the pattern reads it).
func trimTrailingSpaces(s string) string {
	end := len(s)
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ':
			continue
		case '\\':
			i++
		}
		end = min(i+1, len(s))
	}
	return s[:end]
}

// inlineComment refuses a '#' after a blank: in gitignore syntax only a
// line that starts with '#' is a comment, so "gen/   # generated" is a
// pattern that matches nothing a user meant.
func inlineComment(line string) error {
	blank := false
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case c == '\\':
			i, blank = i+1, false
		case c == '#' && blank:
			return fmt.Errorf("%q is not a comment: only a line that starts with '#' is; "+
				"git reads the whole line as one pattern (put the comment on a line of its own, or write \\# for a literal '#')", line[i-1:])
		default:
			blank = c == ' ' || c == '\t'
		}
	}
	return nil
}

// match reports whether the list decides about rel (slash-separated,
// relative to the tree's root), and if so whether rel is ignored. The last
// matching rule wins.
func (l *List) match(rel string, isDir bool) (decided, ignored bool) {
	if l.Dir != "" {
		if len(rel) <= len(l.Dir) || rel[len(l.Dir)] != '/' || !strings.HasPrefix(rel, l.Dir) {
			return false, false
		}
	}
	return l.matchBelow(rel, isDir)
}

// matchBelow is match for a path known to lie below l.Dir.
func (l *List) matchBelow(rel string, isDir bool) (decided, ignored bool) {
	decided, ignored, _ = l.matchWork(rel, isDir)
	return decided, ignored
}

// deciding returns the rule that decides about rel, a path below l.Dir
// (the last that matches, as matchWork finds it without the index); nil
// if none does. It names the line, on an error's path only.
func (l *List) deciding(rel string, isDir bool) *rule {
	if l.Dir != "" {
		rel = rel[len(l.Dir)+1:]
	}
	name := rel[strings.LastIndexByte(rel, '/')+1:]
	for i := len(l.rules) - 1; i >= 0; i-- {
		r := &l.rules[i]
		text := name
		if r.inPath {
			text = rel
		}
		if (!r.dirOnly || isDir) && r.pat.match(text) {
			return r
		}
	}
	return nil
}

// matchWork is matchBelow, also counting the work done: the keys looked
// up and the rules tested (tests bound it).
func (l *List) matchWork(rel string, isDir bool) (decided, ignored bool, work int) {
	if l.Dir != "" {
		rel = rel[len(l.Dir)+1:]
	}
	name := rel[strings.LastIndexByte(rel, '/')+1:]
	if l.ix != nil {
		return l.ix.match(l.rules, name, rel, isDir)
	}
	for i := len(l.rules) - 1; i >= 0; i-- {
		r := &l.rules[i]
		if r.dirOnly && !isDir {
			continue
		}
		work++
		text := name
		if r.inPath {
			text = rel
		}
		if r.pat.match(text) {
			return true, !r.negate, work
		}
	}
	return false, false, work
}
