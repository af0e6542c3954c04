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

// A folder removed, moved, replaced by a file or made read-only while
// the report is written into it: the error names the folder, not the
// temporary file, and no temporary file is left, where the folder went
// either. Before, the rename's error named the temporary file
// (".r.json.PID.R.tmp"), and a folder moved or made read-only kept it.
func TestWriteFileFolderChangedWhileWriting(t *testing.T) {
	for _, change := range []string{"removed", "moved", "a file", "read-only"} {
		t.Run(change, func(t *testing.T) {
			if change == "read-only" && os.Geteuid() == 0 {
				t.Skip("root writes into a read-only folder")
			}
			base := t.TempDir()
			dir := filepath.Join(base, "out")
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.Chmod(dir, 0o755) })
			out := filepath.Join(dir, "r.json")
			var c Config
			if err := c.checkFile(out); err != nil {
				t.Fatal(err)
			}
			err := c.writeOutput(out, func(w io.Writer) error {
				switch change {
				case "removed":
					os.RemoveAll(dir)
				case "moved":
					os.Rename(dir, dir+".moved")
				case "a file":
					os.RemoveAll(dir)
					os.WriteFile(dir, nil, 0o644)
				case "read-only":
					os.Chmod(dir, 0o555)
				}
				_, err := io.WriteString(w, "{}\n")
				return err
			})
			if err == nil || !strings.HasPrefix(err.Error(), "cannot put the file in "+dir+string(filepath.Separator)) || strings.Contains(err.Error(), ".tmp") {
				t.Errorf("error %v, want one naming %s and not the temporary file", err, dir)
			}
			if want := map[string]string{"removed": "and removed while it ran", "moved": "and removed while it ran", "read-only": "could be written when the run began, and no longer"}[change]; err != nil && !strings.Contains(err.Error(), want) {
				t.Errorf("error %v, want it to say the folder changed: %q", err, want)
			}
			for _, d := range []string{dir, dir + ".moved"} {
				if left, _ := filepath.Glob(filepath.Join(d, ".r.json.*")); len(left) > 0 {
					t.Errorf("left %q", left)
				}
			}
		})
	}
}

// An -o file that is a file the run reads, or writes besides: -o b.txt
// -baseline b.txt replaced the baseline with the report, -o c.diff -diff
// c.diff the change read, and with -update-baseline one output replaced
// the other, each exit 0. Refused now, whatever the spelling, and the
// files are left as they were.
func TestOutputIsAnInput(t *testing.T) {
	dir := unpack(t, "module.txtar")
	t.Chdir(dir)
	if _, errs, code := runChange(t, "-baseline", "b.txt", "-update-baseline", "./..."); code != ExitClean {
		t.Fatalf("baseline not written: exit %d: %s", code, errs)
	}
	baseline := mustRead(t, "b.txt")
	diff := "--- a/x.go\n+++ b/x.go\n@@ -1,0 +2,1 @@\n+// x\n"
	testtool.WriteFiles(t, dir, map[string]string{"c.diff": diff})
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-baseline", "b.txt", "-o", "b.txt"}, "-o b.txt names the file -baseline reads"},
		{[]string{"-baseline", "b.txt", "-o", filepath.Join(dir, "b.txt")}, "names the file -baseline reads"},
		{[]string{"-baseline", "new.txt", "-update-baseline", "-o", "./new.txt"}, "-o ./new.txt and -update-baseline -baseline new.txt name one file"},
		{[]string{"-diff", "c.diff", "-o", "c.diff"}, "-o c.diff names the file -diff reads"},
	}
	if err := os.Symlink("b.txt", "link.txt"); err == nil {
		cases = append(cases, struct {
			args []string
			want string
		}{[]string{"-baseline", "b.txt", "-o", "link.txt"}, "-o link.txt names the file -baseline reads"})
	}
	for _, tc := range cases {
		_, errs, code := runChange(t, append(tc.args, "./...")...)
		if code != ExitError || !strings.Contains(errs, tc.want) {
			t.Errorf("%q: exit %d, %q; want exit 2 and %q", tc.args, code, errs, tc.want)
		}
	}
	if got := mustRead(t, "b.txt"); got != baseline {
		t.Errorf("the baseline replaced:\n%s", got)
	}
	if got := mustRead(t, "c.diff"); got != diff {
		t.Errorf("the diff replaced:\n%s", got)
	}
	if _, err := os.Stat("new.txt"); err == nil {
		t.Error("new.txt written")
	}
}

// -o - is standard output, as -diff - is standard input: it wrote a
// file named "-" in the working directory, for the report and for
// copycat history alike.
func TestOutputDash(t *testing.T) {
	dir := gitRepo(t)
	for _, args := range [][]string{{"-o", "-", "./..."}, {"history", "-o", "-"}} {
		out, errs, code := runChange(t, args...)
		if code == ExitError || out == "" {
			t.Errorf("%q: exit %d, nothing on standard output: %s", args, code, errs)
		}
		if _, err := os.Stat(filepath.Join(dir, "-")); err == nil {
			t.Errorf("%q wrote a file named -", args)
			os.Remove(filepath.Join(dir, "-"))
		}
	}
}
