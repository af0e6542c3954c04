package words

import (
	"io/fs"
	"testing"
)

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 classes"}, {1, "1 class"}, {2, "2 classes"}, {1200, "1200 classes"}} {
		if got := Count(c.n, "class", "classes"); got != c.want {
			t.Errorf("Count(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}

func TestFileKind(t *testing.T) {
	for m, want := range map[fs.FileMode]string{
		fs.ModeDir: "directory", fs.ModeNamedPipe: "named pipe", fs.ModeSocket: "socket",
		fs.ModeDevice | fs.ModeCharDevice: "character device", fs.ModeDevice: "device", fs.ModeIrregular: "irregular file",
	} {
		if got := FileKind(m); got != want {
			t.Errorf("FileKind(%v) = %q, want %q", m, got, want)
		}
	}
}
