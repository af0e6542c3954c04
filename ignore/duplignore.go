// Package ignore decides what copycat leaves out: paths listed in
// .duplignore files (gitignore syntax), generated files, vendor/ and
// testdata/ directories, and code under //copycat:ignore or //nolint:dupl
// directives. The command line, the vet analyzer and the language server
// all use it, so the three agree.
package ignore

import (
	"bufio"
	"bytes"
	"fmt"
	"path"
	"strings"
)

// FileName is the name of copycat's ignore files.
const FileName = ".duplignore"

// A rule is one pattern line of a .duplignore file.
type rule struct {
	segs     []string // pattern split at '/'; "**" matches any number of segments
	negate   bool     // a '!' line re-includes what earlier lines excluded
	dirOnly  bool     // a trailing '/' matches directories only
	anchored bool     // a '/' at the start or in the middle anchors it to the file's directory
}

// A List is the rules of one .duplignore file.
type List struct {
	Dir   string // slash-separated directory of the file, relative to the tree's root ("" for the root)
	rules []rule
}

// A LineError is a .duplignore line that cannot be used.
type LineError struct {
	File string
	Line int
	Err  error
}

func (e *LineError) Error() string {
	return fmt.Sprintf("%s:%d: cannot parse %s line: %v", e.File, e.Line, FileName, e.Err)
}

func (e *LineError) Unwrap() error { return e.Err }

// Parse reads the rules of a .duplignore file. name is used in errors; dir
// is the file's directory relative to the tree's root. Bad lines are
// returned as *LineError and skipped; the other lines still apply.
func Parse(name, dir string, data []byte) (*List, []error) {
	l := &List{Dir: dir}
	var errs []error
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		r, ok, err := parseLine(sc.Text())
		if err != nil {
			errs = append(errs, &LineError{name, n, err})
			continue
		}
		if ok {
			l.rules = append(l.rules, r)
		}
	}
	if err := sc.Err(); err != nil {
		errs = append(errs, fmt.Errorf("%s: %w", name, err))
	}
	return l, errs
}

func parseLine(line string) (rule, bool, error) {
	line = strings.TrimSuffix(line, "\r")
	line = trimTrailingSpaces(line)
	if line == "" || line[0] == '#' {
		return rule{}, false, nil
	}
	var r rule
	switch {
	case line[0] == '!':
		r.negate, line = true, line[1:]
	case strings.HasPrefix(line, `\!`), strings.HasPrefix(line, `\#`):
		line = line[1:]
	}
	if strings.HasSuffix(line, "/") {
		r.dirOnly, line = true, strings.TrimRight(line, "/")
	}
	if line == "" {
		return rule{}, false, fmt.Errorf("empty pattern")
	}
	if strings.Contains(line, "/") {
		r.anchored = true
		line = strings.TrimPrefix(line, "/")
	}
	r.segs = strings.Split(line, "/")
	for _, s := range r.segs {
		if s == "" {
			return rule{}, false, fmt.Errorf("empty path segment in %q", line)
		}
		if _, err := path.Match(s, ""); err != nil {
			return rule{}, false, fmt.Errorf("bad pattern %q: %v", s, err)
		}
	}
	if !r.anchored {
		r.segs = append([]string{"**"}, r.segs...)
	}
	return r, true, nil
}

// trimTrailingSpaces drops trailing spaces that are not escaped with '\'.
func trimTrailingSpaces(s string) string {
	for strings.HasSuffix(s, " ") && !strings.HasSuffix(s, `\ `) {
		s = s[:len(s)-1]
	}
	return strings.ReplaceAll(s, `\ `, " ")
}

// match reports whether the list decides about rel (slash-separated,
// relative to the tree's root), and if so whether rel is ignored. The last
// matching rule wins.
func (l *List) match(rel string, isDir bool) (decided, ignored bool) {
	if l.Dir != "" {
		if !strings.HasPrefix(rel, l.Dir+"/") {
			return false, false
		}
		rel = rel[len(l.Dir)+1:]
	}
	segs := strings.Split(rel, "/")
	for i := len(l.rules) - 1; i >= 0; i-- {
		r := l.rules[i]
		if r.dirOnly && !isDir {
			continue
		}
		if matchSegs(r.segs, segs) {
			return true, !r.negate
		}
	}
	return false, false
}

// matchSegs matches path segments against pattern segments, where "**"
// stands for zero or more whole segments.
func matchSegs(pat, segs []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			rest := pat[1:]
			if len(rest) == 0 {
				return true
			}
			for i := range len(segs) + 1 {
				if matchSegs(rest, segs[i:]) {
					return true
				}
			}
			return false
		}
		if len(segs) == 0 {
			return false
		}
		if ok, _ := path.Match(pat[0], segs[0]); !ok {
			return false
		}
		pat, segs = pat[1:], segs[1:]
	}
	return len(segs) == 0
}
