package load

import (
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"

	"github.com/copycat-go/copycat/ignore"
	"github.com/copycat-go/copycat/internal/nowait"
	"github.com/copycat-go/copycat/internal/words"
)

// DefaultMaxFileSize is the largest file read unless told otherwise: twice
// the largest hand-written Go file of the corpus measured in docs/hostile.md
// (996,871 bytes), so that only generated or hostile files reach it.
const DefaultMaxFileSize = 2 << 20

// generatedHead is how much of an oversized file is read to see whether
// it is generated (and so left out without a warning).
const generatedHead = 8 << 10

// A SkipError says why a file was left out without being read: it is not
// a regular file (a named pipe, a socket, a device, a link to one), or it
// is larger than the limit. It is a warning, not a failure of the run.
type SkipError struct {
	Path   string
	Reason string
	// TooLarge is set when the file is regular but over the limit.
	TooLarge bool
}

func (e *SkipError) Error() string { return fmt.Sprintf("%s: %s, skipped", e.Path, e.Reason) }

// ReadFile reads a source file of at most max bytes (DefaultMaxFileSize
// when max <= 0). It opens the file without waiting (opening a named
// pipe otherwise blocks) and looks at its type before reading, and reads
// through a limit, so that a file that grows while it is read cannot run
// away. A file that is not regular
// or too large gives a *SkipError.
func ReadFile(path string, max int64) ([]byte, error) {
	src, _, err := readFile(path, max, nil)
	return src, err
}

// ReadFileInto is ReadFile reading into buf's memory when buf has the
// room, so that the bytes it returns may be buf's: for a reader that is
// done with each file's bytes before it reads the next.
func ReadFileInto(path string, max int64, buf []byte) ([]byte, error) {
	src, _, err := readFile(path, max, buf)
	return src, err
}

// readFile is ReadFile, which also returns what the open file's Stat
// said. It reads into buf's memory if it is large enough: a worker reuses
// one buffer for the files whose bytes it drops once indexed.
func readFile(path string, max int64, buf []byte) ([]byte, fs.FileInfo, error) {
	if max <= 0 {
		max = DefaultMaxFileSize
	}
	f, err := nowait.Open(path)
	if err != nil {
		// A socket cannot be opened: say what it is, as for a pipe.
		if cerr := CheckFile(path, max); cerr != nil {
			return nil, nil, cerr
		}
		return nil, nil, err
	}
	defer f.Close()
	// What the open file is: a named pipe or a device, opened without
	// waiting, is not read.
	info, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if err := check(path, info, max); err != nil {
		return nil, nil, err
	}
	src, err := readAll(f, info.Size(), min(max, MaxIndexable), buf)
	if err != nil {
		return nil, nil, err
	}
	if err := CheckSize(path, int64(len(src)), max); err != nil {
		return nil, nil, err // it grew while it was read
	}
	return src, info, nil
}

// readAll reads r, of size bytes when it was opened, through a limit of
// max+1 bytes (max is at most MaxIndexable, so it cannot wrap): into one
// buffer of the right size, unless the file grew, buf if it has the room.
func readAll(r io.Reader, size, max int64, buf []byte) ([]byte, error) {
	if n := min(size, max) + 1; int64(cap(buf)) < n { // +1: the read that sees EOF
		buf = make([]byte, 0, n)
	}
	buf = buf[:0]
	lr := io.LimitReader(r, max+1)
	for {
		n, err := lr.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)] // grow
		}
	}
}

// CheckFile returns a *SkipError for a file that ReadFile would not read,
// and the error of Stat if there is one, without opening the file.
func CheckFile(path string, max int64) error {
	if max <= 0 {
		max = DefaultMaxFileSize
	}
	info, err := os.Stat(path) // follows links: a link to /dev/zero is a device
	if err != nil {
		return err
	}
	return check(path, info, max)
}

// check returns a *SkipError for a file that must not be read.
func check(path string, info fs.FileInfo, max int64) error {
	if !info.Mode().IsRegular() {
		return &SkipError{Path: path, Reason: "not a regular file (" + words.FileKind(info.Mode()) + ")"}
	}
	return CheckSize(path, info.Size(), max)
}

// CheckSize returns a *SkipError if size is over max bytes
// (DefaultMaxFileSize when max <= 0): for text that is not read from a
// file, such as an editor's buffer.
func CheckSize(path string, size, max int64) error {
	if max <= 0 {
		max = DefaultMaxFileSize
	}
	switch {
	case size > max:
		return tooLarge(path, max)
	case size > MaxIndexable:
		return &SkipError{Path: path, Reason: fmt.Sprintf("larger than the %d bytes (2 GiB) a file can be to be indexed", MaxIndexable), TooLarge: true}
	}
	return nil
}

// MaxIndexable is the largest file copycat indexes, whatever
// -max-file-size says: offsets within a file are 32-bit.
const MaxIndexable = math.MaxInt32

func tooLarge(path string, max int64) error {
	return &SkipError{Path: path, Reason: fmt.Sprintf("larger than -max-file-size (%d bytes)", max), TooLarge: true}
}

// GeneratedHeader reports whether a regular file starts with a generated
// code header, reading only its first bytes.
func GeneratedHeader(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head, err := io.ReadAll(io.LimitReader(f, generatedHead))
	return err == nil && ignore.IsGenerated(head)
}
