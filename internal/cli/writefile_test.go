package cli

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/internal/testtool"
)

// A write that fails midway (a full disk, a printer error) leaves the
// previous file as it was, and no temporary file beside it.
func TestWriteFileFailureKeepsOld(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "report.sarif")
	if err := os.WriteFile(name, []byte("old\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("disk full")
	err := WriteFile(name, func(w io.Writer) error {
		io.WriteString(w, "half a rep")
		return boom
	})
	if !errors.Is(err, boom) || mustRead(t, name) != "old\n" {
		t.Errorf("err %v, file %q", err, mustRead(t, name))
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("files left beside the report: %v", entries)
	}
}

func TestWriteFileReplaces(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "baseline.txt")
	if err := os.WriteFile(name, []byte("old\n"), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(name, 0o640); err != nil { // whatever the umask
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.txt")
	if err := os.Symlink("baseline.txt", link); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(link, func(w io.Writer) error { _, err := io.WriteString(w, "new\n"); return err }); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Lstat(link)
	if err != nil || fi.Mode()&os.ModeSymlink == 0 || mustRead(t, name) != "new\n" {
		t.Errorf("the link was replaced, or its target not written: %v %v", fi.Mode(), err)
	}
	if fi, _ := os.Stat(name); fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want the old file's -rw-r-----", fi.Mode())
	}
	// A name that is not a regular file is written in place.
	if err := WriteFile(os.DevNull, func(w io.Writer) error { _, err := io.WriteString(w, "x"); return err }); err != nil {
		t.Errorf("%s: %v", os.DevNull, err)
	}
	if fi, err := os.Stat(os.DevNull); err != nil || fi.Mode().IsRegular() {
		t.Errorf("%s replaced by a regular file", os.DevNull)
	}
	// A directory that does not exist is an error.
	if err := WriteFile(filepath.Join(dir, "no", "x"), func(io.Writer) error { return nil }); err == nil {
		t.Error("writing into a missing directory: no error")
	}
}

// A report that cannot be written names its folder, not the temporary
// file it would have been written through.
func TestWriteFileErrorNamesTheFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "missing")
	err := WriteFile(filepath.Join(dir, "r.html"), func(w io.Writer) error { return nil })
	want := "cannot create a file in " + dir + string(filepath.Separator) + ": no such file or directory"
	if err == nil || err.Error() != want {
		t.Errorf("err %v, want %q", err, want)
	}
}

// The files a run writes are checked before any work: a folder missing,
// or a name that is a folder, was found once the whole run was done (a
// history of 500 commits, a minute and a half), and the work lost; the
// run now ends at once, having read nothing (no warning of the file
// that does not parse, no history's progress). A folder removed while
// the run goes on is said so at the end.
func TestOutputCheckedFirst(t *testing.T) {
	dir := gitRepo(t)
	testtool.WriteFiles(t, dir, map[string]string{"bad/bad.go": "package bad\n\nfunc {\n"})
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-o", "missing/r.json", "./..."}, "copycat: cannot write report missing/r.json: cannot create a file in missing/: no such file or directory\n"},
		{[]string{"-o", "a", "./..."}, "copycat: cannot write report a: a is a folder\n"},
		{[]string{"-update-baseline", "-baseline", "missing/b.txt", "./..."}, "copycat: cannot write baseline missing/b.txt: cannot create a file in missing/: no such file or directory\n"},
		{[]string{"history", "-o", "missing/h.csv"}, "copycat history: cannot create a file in missing/: no such file or directory\n"},
	} {
		if _, errs, code := runChange(t, tc.args...); code != ExitError || errs != tc.want {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and only %q", tc.args, code, errs, tc.want)
		}
	}

	out := filepath.Join(t.TempDir(), "gone", "r.json")
	os.Mkdir(filepath.Dir(out), 0o755)
	var c Config
	if err := c.checkFile(out); err != nil {
		t.Fatal(err)
	}
	os.RemoveAll(filepath.Dir(out))
	err := c.writeOutput(out, func(w io.Writer) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "its folder was there when the run began, and removed while it ran") {
		t.Errorf("-o into a folder removed during the run: %v", err)
	}
}
