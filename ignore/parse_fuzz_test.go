package ignore

import (
	"bytes"
	"errors"
	"testing"
)

// FuzzParse reads any bytes as a .duplignore file and asks its rules
// about any path. Parse never panics; each error it returns names the file
// and a line the file has (or the file, for a line too long to read);
// matching ends, within the automaton's bound of two steps per state and
// byte of the path.
func FuzzParse(f *testing.F) {
	for _, line := range fixedLines {
		f.Add([]byte(line), "a/b.go")
	}
	for _, c := range classes {
		f.Add([]byte(c+"\n!"+c+"/"), "sub/[e]/a")
	}
	f.Add([]byte("\xef\xbb\xbf*.go\r\n!keep.go\r\n"), "keep.go")
	f.Add([]byte(pathological), deepMiss)
	f.Fuzz(func(t *testing.T, data []byte, path string) {
		l, errs := Parse("f", "", data)
		lines := bytes.Count(data, []byte("\n")) + 1
		for _, err := range errs {
			var le *LineError
			if errors.As(err, &le) {
				if le.File != "f" || le.Line < 1 || le.Line > lines {
					t.Errorf("error %v: line %d of a %d-line file", err, le.Line, lines)
				}
			} else if !bytes.HasPrefix([]byte(err.Error()), []byte("f: ")) {
				t.Errorf("error %q does not name the file", err)
			}
		}
		for _, isDir := range []bool{false, true} {
			l.match(path, isDir)
		}
		for _, r := range l.rules {
			if _, steps := r.pat.matchSteps(path); steps > 2*(len(r.pat.mid)+1)*(len(path)+1) {
				t.Errorf("%d steps for a %d-token pattern against %d bytes", steps, len(r.pat.mid), len(path))
			}
		}
	})
}
