package words

import (
	"io/fs"
	"strings"
	"testing"
	"unicode/utf8"
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

func TestExcerpt(t *testing.T) {
	long := strings.Repeat("x", 79) + "é" + strings.Repeat("y", 1<<16)
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"short line", "short line"},
		{strings.Repeat("a", 80), strings.Repeat("a", 80)},
		{strings.Repeat("a", 81), strings.Repeat("a", 80) + "…"},
		// Not inside é's two bytes.
		{long, strings.Repeat("x", 79) + "…"},
		// Bytes that are not UTF-8 are cut where they are.
		{strings.Repeat("\xff", 200), strings.Repeat("\xff", 80) + "…"},
	} {
		if got := Excerpt(c.in); got != c.want {
			t.Errorf("Excerpt(%.20q…) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestAgree(t *testing.T) {
	for n, want := range map[int]string{0: "were", 1: "was", 2: "were"} {
		if got := Agree(n, "was", "were"); got != want {
			t.Errorf("Agree(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestPath(t *testing.T) {
	if got := Path("a/b.go"); got != "a/b.go" {
		t.Errorf("Path of a short path = %q", got)
	}
	long := strings.Repeat("é/", 300) + "x.go" // 904 bytes, runes of two
	got := Path(long)
	if !utf8.ValidString(got) || !strings.HasSuffix(got, "/x.go (a path of 904 bytes)") || !strings.Contains(got, "…") || len(got) > 300 {
		t.Errorf("Path of %d bytes = %q", len(long), got)
	}
}
