package lsp

import (
	"bytes"
	"fmt"
	"net/url"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/copycat-go/copycat/report"
)

// A docStore holds the buffers the editor has open, by file path. It is
// safe for concurrent use.
type docStore struct {
	mu   sync.Mutex
	docs map[string]*document
}

// A document is one open buffer.
type document struct {
	uri     string // as the editor spelled it
	version int
	text    []byte
}

func newDocStore() *docStore { return &docStore{docs: map[string]*document{}} }

func (s *docStore) open(path, uri string, version int, text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.docs[path] = &document{uri: uri, version: version, text: []byte(text)}
}

// change applies the editor's content changes, in order, to an open
// buffer. The buffer get returned before stays as it was (an index may be
// reading it): the changes go to one copy, edited in place, so a message
// of many small edits costs a copy and a move per edit, not a new buffer
// per edit.
func (s *docStore) change(path string, version int, changes []contentChange) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	d, ok := s.docs[path]
	if !ok {
		return fmt.Errorf("didChange for %s, which is not open", path)
	}
	text, err := apply(d.text, changes)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	d.text, d.version = text, version
	return nil
}

// apply applies changes to text, in one pass when they run from its end
// towards its start (applyDescending), else one by one; text itself is
// not changed.
func apply(text []byte, changes []contentChange) ([]byte, error) {
	if out, ok := applyDescending(text, changes); ok {
		return out, nil
	}
	owned := false
	for i, c := range changes {
		if c.Range == nil {
			text, owned = []byte(c.Text), true
			continue
		}
		start, line, err := offsetFrom(text, 0, 0, c.Range.Start)
		if err != nil {
			return nil, fmt.Errorf("change %d: start: %w", i, err)
		}
		// The end is looked for from the start's line.
		from, fromLine := 0, 0
		if c.Range.End.Line >= c.Range.Start.Line && line >= 0 {
			from, fromLine = line, c.Range.Start.Line
		}
		end, _, err := offsetFrom(text, from, fromLine, c.Range.End)
		if err != nil {
			return nil, fmt.Errorf("change %d: end: %w", i, err)
		}
		if end < start {
			return nil, fmt.Errorf("change %d: range ends before it starts", i)
		}
		if !owned {
			text, owned = slices.Clone(text), true
		}
		text = slices.Replace(text, start, end, []byte(c.Text)...)
	}
	return text, nil
}

// applyDescending applies changes that run from the end of text towards
// its start, each ending at or before where the one before it starts, as
// VS Code sends a multi-cursor edit or a replace-all: each is then at the
// same place in text as in the text the changes before it made, so all
// are applied in one pass, not one copy of the buffer each (100,000 edits
// to a 2 MB buffer took 20 s). ok is false for fewer than two changes, a
// change of the whole text, a position past the end, or changes in any
// other order: the caller applies them one by one.
func applyDescending(text []byte, changes []contentChange) (out []byte, ok bool) {
	if len(changes) < 2 {
		return nil, false
	}
	lines := []int{0} // where each line starts
	for i, b := range text {
		if b == '\n' {
			lines = append(lines, i+1)
		}
	}
	at := func(p position) (int, bool) {
		if p.Line < 0 || p.Line >= len(lines) {
			return 0, false
		}
		off, start, err := offsetFrom(text, lines[p.Line], p.Line, p)
		// A position past its line's end is clamped to it; in the text
		// the changes before made, that line may be longer.
		return off, err == nil && utf16Len(text[start:off]) == p.Character
	}
	type span struct {
		start, end int
		text       string
	}
	spans := make([]span, len(changes))
	limit, grows := len(text), 0
	for i, c := range changes {
		if c.Range == nil {
			return nil, false
		}
		start, okStart := at(c.Range.Start)
		end, okEnd := at(c.Range.End)
		if !okStart || !okEnd || end < start || end > limit {
			return nil, false
		}
		spans[i], limit, grows = span{start, end, c.Text}, start, grows+len(c.Text)
	}
	out = make([]byte, 0, len(text)+grows)
	from := 0
	for i := len(spans) - 1; i >= 0; i-- {
		out = append(append(out, text[from:spans[i].start]...), spans[i].text...)
		from = spans[i].end
	}
	return append(out, text[from:]...), true
}

// utf16Len is the length of b in UTF-16 code units, as LSP counts
// characters.
func utf16Len(b []byte) int {
	n := 0
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		n += utf16.RuneLen(r)
		b = b[size:]
	}
	return n
}

// close forgets a buffer.
func (s *docStore) close(path string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.docs, path)
}

// get returns a buffer's text, URI and version; ok is false when the file
// is not open. The text must not be modified.
func (s *docStore) get(path string) (text []byte, uri string, version int, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d, ok := s.docs[path]
	if !ok {
		return nil, "", 0, false
	}
	return d.text, d.uri, d.version, true
}

// paths lists the open files.
func (s *docStore) paths() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	ps := make([]string, 0, len(s.docs))
	for p := range s.docs {
		ps = append(ps, p)
	}
	return ps
}

// offset converts an LSP position (UTF-16 code units) into a byte offset
// in text. A character past the end of its line means the line's end, as
// the protocol asks.
func offset(text []byte, p position) (int, error) {
	off, _, err := offsetFrom(text, 0, 0, p)
	return off, err
}

// offsetFrom is offset with the search for p's line started at from, the
// start of line fromLine (at most p.Line). It also returns where p's line
// starts, or -1 for the line just past the last one, which is no place to
// search on from.
func offsetFrom(text []byte, from, fromLine int, p position) (off, lineStart int, err error) {
	if p.Line < 0 || p.Character < 0 {
		return 0, 0, fmt.Errorf("negative position %d:%d", p.Line, p.Character)
	}
	off = from
	for line := fromLine; line < p.Line; {
		// Far from the line, whole blocks are passed over by counting
		// their newlines, which is much faster than finding each one.
		if block := min(len(text)-off, 4096); p.Line-line > 64 && block > 0 {
			if n := bytes.Count(text[off:off+block], newline); line+n < p.Line {
				off, line = off+block, line+n
				continue
			}
		}
		i := bytes.IndexByte(text[off:], '\n')
		if i < 0 {
			if line == p.Line-1 {
				return len(text), -1, nil // the line just past the last one
			}
			return 0, 0, fmt.Errorf("line %d is past the end (%s)", p.Line+1, report.Count(line+1, "line", "lines"))
		}
		off += i + 1
		line++
	}
	lineStart = off
	for units := 0; units < p.Character && off < len(text) && text[off] != '\n'; {
		r, size := utf8.DecodeRune(text[off:])
		units += utf16.RuneLen(r)
		if units > p.Character {
			break
		}
		off += size
	}
	return off, lineStart, nil
}

var newline = []byte{'\n'}

// utf16Column converts a 1-based byte column on a line into a 0-based
// UTF-16 character offset.
func utf16Column(line []byte, byteCol int) int {
	n := 0
	for i := 0; i < byteCol-1 && i < len(line); {
		r, size := utf8.DecodeRune(line[i:])
		n += utf16.RuneLen(r)
		i += size
	}
	if byteCol-1 > len(line) {
		n += byteCol - 1 - len(line)
	}
	return n
}

// uriToPath converts a file URI into a clean file path.
func uriToPath(uri string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil {
		return "", fmt.Errorf("bad document URI %q: %w", uri, err)
	}
	if u.Scheme != "file" {
		return "", fmt.Errorf("document URI %q is not a file: URI", uri)
	}
	p := u.Path
	if runtime.GOOS == "windows" {
		p = strings.TrimPrefix(p, "/")
	}
	p = filepath.FromSlash(p)
	if u.Opaque != "" || !filepath.IsAbs(p) {
		// "file:" or "file:dir" names no absolute path: read as one, it
		// would be the server's working directory, whatever that is.
		return "", fmt.Errorf("document URI %q names no absolute path", uri)
	}
	return filepath.Clean(p), nil
}

// pathToURI converts an absolute file path into a file URI.
func pathToURI(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}
