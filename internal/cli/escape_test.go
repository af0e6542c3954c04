package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestArgumentsEscaped: an error quoting the run's own arguments carries
// no control byte of them: an argument that is no package or command, an
// -o naming a Go file, a -baseline that cannot be opened, each holding
// ESC [2J (clear the screen) or a carriage return that would overwrite
// the line.
func TestArgumentsEscaped(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.go"), []byte("package a\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	for _, args := range [][]string{
		{"no\x1b[2Jpe"},
		{"-o", "x\x1b[31mred.go", "."},
		{"-baseline", "gone\rcopycat: 0 classes", "."},
	} {
		var out, errb bytes.Buffer
		if code := Run(args, &out, &errb); code != ExitError {
			t.Errorf("%q: exit %d, want %d", args, code, ExitError)
		}
		if s := errb.String(); strings.ContainsAny(s, "\x1b\r") || !strings.Contains(s, `\x1b`) && !strings.Contains(s, `\x0d`) {
			t.Errorf("%q: standard error %q carries the control bytes as they are, or not at all", args, s)
		}
	}
}

// TestEscaperKeepsLines: newlines and tabs pass, other control bytes are
// escaped, and the writer reports what it was given as written.
func TestEscaperKeepsLines(t *testing.T) {
	var buf bytes.Buffer
	w := escaping(&buf)
	if escaping(w) != w {
		t.Error("escaping an escaper wrapped it twice")
	}
	in := "a\tb\x07c\x7f\n"
	n, err := w.Write([]byte(in))
	if err != nil || n != len(in) {
		t.Errorf("Write = %d, %v; want %d, nil", n, err, len(in))
	}
	if want := "a\tb\\x07c\\x7f\n"; buf.String() != want {
		t.Errorf("wrote %q, want %q", buf.String(), want)
	}
	if unescaped(w) != &buf {
		t.Error("unescaped does not give the writer underneath")
	}
}
