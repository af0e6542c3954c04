package cli

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/internal/testtool"
)

// copycat history runs over each first-parent commit, oldest first, in a
// worktree it removes after: a class that gains a copy is not new; one
// that appears is.
func TestHistory(t *testing.T) {
	dir := gitRepo(t) // commit 1: two classes
	testtool.WriteFiles(t, dir, map[string]string{"c/c.go": pasteSource("c", [4]string{"rows", "out", "line", "total"})})
	testtool.Git(t, "add", "-A")
	testtool.Git(t, "commit", "-q", "-m", "a third copy")
	testtool.WriteFiles(t, dir, map[string]string{
		"d/d.go": "package d\n\n" + strings.ReplaceAll(body("Other", 10), "*", "-"),
		"e/e.go": "package e\n\n" + strings.ReplaceAll(body("Other", 10), "*", "-"),
	})
	testtool.Git(t, "add", "-A")
	testtool.Git(t, "commit", "-q", "-m", "a new class")
	testtool.Git(t, "rm", "-q", "y/y.go")
	testtool.Git(t, "commit", "-q", "-m", "a copy removed")
	out, errs, code := runHistoryCmd(t, "-format", "json")
	if code != ExitClean {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var h struct {
		Commits []struct {
			Subject    string
			Files      int
			Classes    int
			NewClasses int `json:"new_classes"`
		}
	}
	if err := json.Unmarshal([]byte(out), &h); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	var got []int
	for _, c := range h.Commits {
		got = append(got, c.Classes, c.NewClasses)
	}
	// The last commit removes a file: the tree loses it.
	if len(h.Commits) != 4 || h.Commits[0].Subject != "base" || !slices.Equal(got[:6], []int{2, 2, 2, 0, 3, 1}) ||
		h.Commits[3].Files != h.Commits[2].Files-1 {
		t.Errorf("history (classes, new) %v, want [2 2 2 0 3 1 …], and a file fewer at the end:\n%s", got, out)
	}
	if !strings.Contains(errs, "copycat history: 4/4 ") {
		t.Errorf("no progress: %q", errs)
	}
	// Without the index every file is read: it knew no other.
	if !strings.Contains(errs, " read\n") || strings.Contains(errs, "by the index") {
		t.Errorf("-cache=off: the summary names the index: %q", errs)
	}
	if wt := testtool.Git(t, "worktree", "list"); strings.Count(wt, "\n") != 1 {
		t.Errorf("worktrees made:\n%s", wt)
	}
	if st := testtool.Git(t, "status", "--porcelain"); st != "" {
		t.Errorf("the checkout changed:\n%s", st)
	}
	file := filepath.Join(t.TempDir(), "h.html")
	if _, errs, code := runHistoryCmd(t, "-format", "html", "-o", file); code != ExitClean || !strings.HasSuffix(errs, "copycat history: wrote html to "+file+" (4 commits)\n") {
		t.Errorf("-o: exit %d, stderr %q", code, errs)
	}
	csv, _, code := runHistoryCmd(t, "-max-commits", "2")
	if lines := strings.Split(strings.TrimSpace(csv), "\n"); len(lines) != 3 || !strings.HasPrefix(lines[0], "commit,date,files,lines,") {
		t.Errorf("-max-commits 2, CSV:\n%s", csv)
	}
	// A -since that leaves no commit says so: the CSV's header alone
	// came out, and nothing on standard error.
	csv, errs, code = runHistoryCmd(t, "-since", "2090-01-01")
	if want := "copycat history: no commit of HEAD's first-parent history is since \"2090-01-01\", as git log --since reads it\n"; code != ExitClean ||
		errs != want || strings.Count(csv, "\n") != 1 {
		t.Errorf("-since 2090-01-01: exit %d, stdout %q, stderr %q; want the header and %q", code, csv, errs, want)
	}
	if _, errs, code := runHistoryCmd(t, "nosuchrev"); code != ExitError || !strings.Contains(errs, "copycat history:") {
		t.Errorf("a bad revision: exit %d, %q", code, errs)
	}
}

// History reads commits from git's objects alone, so a bare repository
// (a mirror on a server, a CI cache of one) has all it needs: run there,
// or in a work tree's .git folder, it reads each commit's whole tree,
// as it does at the work tree's top. It said "not in a git repository".
func TestHistoryBareRepository(t *testing.T) {
	dir := gitRepo(t)
	want, errs, code := runHistoryCmd(t)
	if code != ExitClean {
		t.Fatalf("in the work tree: exit %d, %s", code, errs)
	}
	bare := filepath.Join(t.TempDir(), "bare.git")
	testtool.Git(t, "clone", "-q", "--bare", dir, bare)
	for _, in := range []string{bare, filepath.Join(dir, ".git"), filepath.Join(dir, ".git", "refs")} {
		t.Chdir(in)
		if out, errs, code := runHistoryCmd(t); code != ExitClean || out != want {
			t.Errorf("in %s: exit %d, stderr %q, history\n%s\nwant, as at the work tree's top,\n%s", in, code, errs, out, want)
		}
	}
}

// History in a shallow clone (a CI checkout of depth 1) reads the
// commits the clone holds, and says that the clone cut it short: it
// plotted one commit of the 100 asked for and said nothing. A history
// that reaches the repository's first commit says nothing of it.
func TestHistoryShallowSaid(t *testing.T) {
	dir := gitRepo(t)
	testtool.WriteFiles(t, dir, map[string]string{"c/c.go": pasteSource("c", [4]string{"rows", "out", "line", "total"})})
	testtool.Git(t, "add", "-A")
	testtool.Git(t, "commit", "-q", "-m", "paste")
	const warning = "copycat history: warning: the clone is shallow"
	if _, errs, code := runHistoryCmd(t); code != ExitClean || strings.Contains(errs, warning) {
		t.Errorf("a whole history: exit %d, stderr %q", code, errs)
	}
	shallow := t.TempDir()
	testtool.Git(t, "clone", "-q", "--depth", "1", "file://"+dir, shallow)
	t.Chdir(shallow)
	out, errs, code := runHistoryCmd(t, "-max-commits", "10")
	if code != ExitClean || strings.Count(out, "\n") != 2 ||
		!strings.Contains(errs, warning+": its history stops at ") || !strings.Contains(errs, ", 1 commit of the 10 asked for (git fetch --deepen=9, or git fetch --unshallow; with actions/checkout, fetch-depth: 0)\n") {
		t.Errorf("a shallow clone: exit %d, stderr %q, history\n%s", code, errs, out)
	}
}

// A revision that names a tree or a blob (HEAD^{tree}, HEAD:a.go, a tag
// of a tree) is no commit: history said "no commit of HEAD^{tree}'s
// first-parent history is since """, of a -since not given, and exited
// 0; -new-from-rev said to fetch it. Both say what it is; a range that
// holds no commit (HEAD..) says so, without a word of -since.
func TestHistoryNotACommit(t *testing.T) {
	gitRepo(t)
	testtool.Git(t, "tag", "tree", "HEAD^{tree}")
	for _, rev := range []string{"HEAD^{tree}", "HEAD:a/a.go", "tree"} {
		kind := map[bool]string{true: "blob", false: "tree"}[strings.Contains(rev, ":")]
		want := "revision " + rev + " is a " + kind + ", not a commit (name a branch, a tag or a commit)\n"
		if _, errs, code := runHistoryCmd(t, rev); code != ExitError || errs != "copycat history: "+want {
			t.Errorf("history %s: exit %d, %q; want exit 2 and %q", rev, code, errs, want)
		}
		if _, errs, code := runChange(t, "-new-from-rev", rev, "./..."); code != ExitError || errs != "copycat: "+want {
			t.Errorf("-new-from-rev %s: exit %d, %q; want exit 2 and %q", rev, code, errs, want)
		}
	}
	if out, errs, code := runHistoryCmd(t, "HEAD.."); code != ExitClean || errs != "copycat history: HEAD.. holds no commit\n" || strings.Count(out, "\n") != 1 {
		t.Errorf("history HEAD..: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// runHistoryCmd runs copycat history with args, without the index.
func runHistoryCmd(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Run(append([]string{"history", "-cache=off"}, args...), &out, &errb)
	return out.String(), errb.String(), code
}

// TestHistoryNoCommits: a repository without a commit says so, for
// history and for a change, not what git log says of HEAD nor to fetch.
func TestHistoryNoCommits(t *testing.T) {
	t.Chdir(t.TempDir())
	testtool.Git(t, "init", "-q")
	if _, errs, code := runHistoryCmd(t); code != ExitError || !strings.Contains(errs, "copycat history: the repository has no commits yet") {
		t.Errorf("exit %d, %q", code, errs)
	}
	testtool.WriteFiles(t, ".", map[string]string{"a.go": "package a\n"})
	for _, flag := range []string{"-new-from-rev", "-new-from-merge-base"} {
		var out, errb bytes.Buffer
		// and what to do: the first commit is made without the check.
		if code := Run([]string{"-cache=off", flag, "HEAD", "."}, &out, &errb); code != ExitError || !strings.Contains(errb.String(), "the repository has no commits yet") ||
			!strings.Contains(errb.String(), "make the first commit without it") {
			t.Errorf("%s HEAD: exit %d, %q", flag, code, errb.String())
		}
	}
	// A branch of no commit in a repository that has some (git checkout
	// --orphan) says which, and where the commits are: it said the
	// repository had none.
	testtool.Git(t, "add", "a.go")
	testtool.Git(t, "commit", "-q", "-m", "first")
	testtool.Git(t, "checkout", "-q", "--orphan", "lonely")
	const want = "copycat history: the branch lonely has no commits yet (the repository's are on others, such as "
	if _, errs, code := runHistoryCmd(t); code != ExitError || !strings.Contains(errs, want) {
		t.Errorf("on an orphan branch: exit %d, %q, want %q", code, errs, want)
	}
}

// The traps of history's arguments: -o's extension names the format
// unless -format disagrees, and a package pattern is not taken for a
// revision (git said "bad revision './...'").
func TestHistoryArguments(t *testing.T) {
	gitRepo(t)
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		code int
		file string // the file -o names, and what it must start with
		head string
		err  string
	}{
		{args: []string{"-o", filepath.Join(dir, "plot.html")}, file: "plot.html", head: "<!DOCTYPE html>", err: "wrote html to"},
		{args: []string{"-o", filepath.Join(dir, "h.JSON")}, file: "h.JSON", head: "{", err: "wrote json to"},
		{args: []string{"-o", filepath.Join(dir, "h.txt")}, file: "h.txt", head: "commit,date,", err: "wrote csv to"},
		{args: []string{"-o", filepath.Join(dir, "h.md")}, code: ExitError, err: "-o " + filepath.Join(dir, "h.md") + ": history writes csv, json or html, not md"},
		{args: []string{"-format", "json", "-o", filepath.Join(dir, "h2.json")}, file: "h2.json", head: "{", err: "wrote json to"},
		{args: []string{"-format", "csv", "-o", filepath.Join(dir, "plot2.html")}, code: ExitError, err: "-format csv and -o " + filepath.Join(dir, "plot2.html") + " disagree: the extension says html"},
		{args: []string{"-o", filepath.Join(dir, "main.go")}, code: ExitError, err: "will not write the history over a Go file"},
		{args: []string{"./..."}, code: ExitError, err: "./... is a package pattern; history takes a revision"},
		{args: []string{"cmd/..."}, code: ExitError, err: "cmd/... is a package pattern"},
		{args: []string{"-format", "JSON"}, code: ExitError, err: "copycat history: -format must be csv, json or html, not \"JSON\" (did you mean json?)\n"},
		// A revision the repository lacks is said as -new-from-rev says
		// it, not as git log's "fatal: bad revision 'nosuch'".
		{args: []string{"nosuch"}, code: ExitError, err: "copycat history: revision nosuch is not in this repository: no branch, tag or commit here is named so (git branch -a lists the branches)\n"},
	} {
		_, errs, code := runHistoryCmd(t, tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.err) {
			t.Errorf("%q: exit %d, stderr %q; want exit %d and %q", tc.args, code, errs, tc.code, tc.err)
			continue
		}
		if tc.file == "" {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, tc.file))
		if err != nil || !bytes.HasPrefix(bytes.TrimSpace(b), []byte(tc.head)) {
			t.Errorf("%q: %s holds %.40q (%v), want it to start with %q", tc.args, tc.file, b, err, tc.head)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "plot2.html")); err == nil {
		t.Errorf("a refused run wrote its file")
	}
}

// A bad history flag is one line saying what is wrong, as the report's
// flags are: an unknown one and a boolean given its value apart ended
// the run with status 2 and said nothing.
func TestHistoryFlagErrors(t *testing.T) {
	t.Chdir(t.TempDir())
	const usage = "run 'copycat history -h' for usage\n"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-max-comits", "3"}, "copycat history: flag provided but not defined: -max-comits (did you mean -max-commits?)\n" + usage},
		{[]string{"-near", "false"}, "copycat history: -near is a boolean flag: write -near=false\n" + usage},
		{[]string{"-tests=maybe"}, "copycat history: -tests takes true or false, not \"maybe\"\n" + usage},
		{[]string{"-max-commits", "many"}, "copycat history: -max-commits takes a whole number, not \"many\"\n" + usage},
		{[]string{"-max-commits"}, "copycat history: flag needs an argument: -max-commits\n" + usage},
	} {
		out, errs, code := runHistoryCmd(t, tc.args...)
		if code != ExitError || out != "" || errs != tc.want {
			t.Errorf("copycat history %q: exit %d, stdout %q, stderr %q; want exit %d, stderr %q", tc.args, code, out, errs, ExitError, tc.want)
		}
	}
	out, errs, code := runHistoryCmd(t, "-h")
	if code != ExitClean || out != "" || !strings.HasPrefix(errs, "usage: copycat history [flags] [rev]") || !strings.Contains(errs, "-max-commits int\n") {
		t.Errorf("copycat history -h: exit %d, stdout %q, stderr %.200q; want exit 0 and the usage with the flags", code, out, errs)
	}
}

// mktree makes a git tree object of entries ("MODE TYPE OID\tNAME"),
// which may name what git checks out nowhere ("..").
func mktree(t *testing.T, entries ...string) string {
	t.Helper()
	cmd := exec.Command("git", "mktree")
	cmd.Stdin = strings.NewReader(strings.Join(entries, "\n") + "\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git mktree: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// commitTree makes a commit of tree on HEAD and moves the branch to it.
func commitTree(t *testing.T, tree, msg string) {
	t.Helper()
	c := strings.TrimSpace(testtool.Git(t, "commit-tree", tree, "-p", "HEAD", "-m", msg))
	testtool.Git(t, "update-ref", "HEAD", c)
}

// Trees a crafted repository can hold, that git itself never checks out:
// a path "../x.go" (an element ".." in a tree object, which git mktree
// makes and a clone takes without fsck) was written outside history's
// folder, and a later commit deleting it removed the file there; and a
// folder named x.go that a later commit made a file ended the history
// ("open …/x.go: is a directory"). Such paths are left out with a
// warning now, and the folder gives way to the file.
func TestHistoryHostileTrees(t *testing.T) {
	gitRepo(t)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp) // history's folder is made in it: "../x.go" lands in tmp
	sentinel := filepath.Join(tmp, "gone.go")
	if err := os.WriteFile(sentinel, []byte("package keep\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	blob := func(text string) string {
		t.Helper()
		cmd := exec.Command("git", "hash-object", "-w", "--stdin")
		cmd.Stdin = strings.NewReader(text)
		out, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(string(out))
	}
	base := strings.Fields(testtool.Git(t, "rev-parse", "HEAD^{tree}"))[0]
	entries := func(extra ...string) []string {
		return append(strings.Split(strings.TrimSpace(testtool.Git(t, "ls-tree", base)), "\n"), extra...)
	}
	src := blob("package p\n\n" + body("Evil", 12))
	up := mktree(t, "100644 blob "+src+"\tevil.go", "100644 blob "+src+"\tgone.go", "100644 blob "+blob("module evil\n")+"\tgo.mod")
	dotdot := "040000 tree " + up + "\t.."
	folder := mktree(t, "100644 blob "+src+"\ty.go")
	commitTree(t, mktree(t, entries(dotdot, "040000 tree "+mktree(t, dotdot)+"\tsub", "040000 tree "+folder+"\tz.go")...), "paths out of the tree, a folder z.go")
	up2 := mktree(t, "100644 blob "+blob("package p\n\n"+body("Evil2", 12))+"\tevil.go")
	commitTree(t, mktree(t, entries("040000 tree "+up2+"\t..", "100644 blob "+src+"\tz.go")...), "../gone.go deleted, ../evil.go changed, z.go a file")

	out, errs, code := runHistoryCmd(t, "-format", "json")
	for _, name := range []string{"evil.go", "go.mod"} {
		if _, err := os.Stat(filepath.Join(tmp, name)); err == nil {
			t.Errorf("%s written outside history's folder", name)
		}
	}
	if _, err := os.Stat(sentinel); err != nil {
		t.Errorf("a file outside history's folder removed: %v", err)
	}
	if code != ExitClean {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(errs, `warning: 6 files of a path with an element "..", "." or ""`) {
		t.Errorf("no warning of the paths left out: %q", errs)
	}
	if files := commitFiles(t, out); len(files) != 3 || files[1] != files[0]+1 || files[2] != files[1] {
		t.Errorf("files at each commit %v, want the base's, then z.go/y.go, then z.go", files)
	}
}

// commitFiles is the files read at each commit of history's JSON, out.
func commitFiles(t *testing.T, out string) []int {
	t.Helper()
	var h struct{ Commits []struct{ Files int } }
	if err := json.Unmarshal([]byte(out), &h); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	var files []int
	for _, c := range h.Commits {
		files = append(files, c.Files)
	}
	return files
}

// A commit's file whose path the system refuses as a file's is left out
// with a warning, the history going on: a name of 300 bytes (a folder's
// entry holds 255; git keeps any), and a tree holding a file and a
// folder of one name, z.go and z.go/y.go, each ended the history with an
// error, exit 2, that printed the name as it was, escape sequences and
// all; the next commit, the name gone, is read as before.
func TestHistoryUnwritableNames(t *testing.T) {
	gitRepo(t)
	blob := strings.TrimSpace(testtool.Git(t, "rev-parse", "HEAD:a/a.go"))
	base := strings.Fields(testtool.Git(t, "rev-parse", "HEAD^{tree}"))[0]
	entries := strings.Split(strings.TrimSpace(testtool.Git(t, "ls-tree", base)), "\n")
	long := "\x1b]0;PWNED\a" + strings.Repeat("x", 300) + ".go"
	commitTree(t, mktree(t, append(entries, "100644 blob "+blob+"\t"+long, "100644 blob "+blob+"\tz.go",
		"040000 tree "+mktree(t, "100644 blob "+blob+"\ty.go")+"\tz.go")...), "names no file may have")
	commitTree(t, base, "back")
	out, errs, code := runHistoryCmd(t, "-format", "json")
	if code != ExitClean {
		t.Fatalf("exit %d: %q", code, errs)
	}
	if !strings.Contains(errs, "warning: 2 files whose path this system refuses") || strings.Contains(errs, "\x1b") {
		t.Errorf("no warning of the two files, or one not escaped: %q", errs)
	}
	if files := commitFiles(t, out); len(files) != 3 || files[1] != files[0]+1 || files[2] != files[0] {
		t.Errorf("files at each commit %v, want the base's, then z.go, then the base's", files)
	}
}

// TestHistoryLinksSaid: files a commit holds as symbolic links (a Go file
// leading outside the repository, a .duplignore leading to rules in the
// tree), which history, writing files from git's objects, leaves out, are
// said: they were left out without a word, where a run over the work
// tree reads through them, a .duplignore's rules and all.
func TestHistoryLinksSaid(t *testing.T) {
	gitRepo(t)
	for link, target := range map[string]string{"x/out.go": "/etc/hostname", ".duplignore": "rules.txt"} {
		if err := os.Symlink(target, link); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
	}
	testtool.Git(t, "add", "-A")
	testtool.Git(t, "commit", "-q", "-m", "links")
	if err := os.Symlink("../a/a.go", "b/linked.go"); err != nil {
		t.Fatal(err)
	}
	testtool.Git(t, "add", "-A")
	testtool.Git(t, "commit", "-q", "-m", "another link")
	_, errs, code := runHistoryCmd(t)
	if code != ExitClean && code != ExitClones {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(errs, `warning: 3 files held as symbolic links (such as ".duplignore"), left out`) {
		t.Errorf("no warning of the links left out: %q", errs)
	}
}

// -generated says what it does to the list: a class with a copy in a
// generated file is a mirror, not listed, which -all lists where there
// is one (the report, the vet analyzer), not in copycat history, which
// has none. A newcomer adding -generated expected more classes and saw
// fewer.
func TestGeneratedFlagSaysMirror(t *testing.T) {
	const mirror = "a class with a copy in one counts as a mirror, copied on purpose, and is not listed"
	if out, _, _ := run(t, "help"); !strings.Contains(out, mirror+" (-all lists it)\n") {
		t.Errorf("copycat -h does not say of -generated %q", mirror+" (-all lists it)")
	}
	// The analyzer registers its flags in this order; go vet names them
	// -copycat.NAME, and its own -all does nothing (analyzer.TestFlags
	// holds the analyzer's usage).
	fs := flag.NewFlagSet("copycat", flag.ContinueOnError)
	var c Config
	c.Flags(fs)
	c.FileFlags(fs)
	c.ListFlags(fs, "copycat.")
	if u := fs.Lookup("generated").Usage; !strings.HasSuffix(u, mirror+" (-copycat.all lists it)") {
		t.Errorf("the analyzer's -generated says %q", u)
	}
	_, errs, _ := runHistoryCmd(t, "-h")
	if !strings.Contains(errs, mirror+"\n") || strings.Contains(errs, "-all") {
		t.Errorf("copycat history -h does not say of -generated %q, or names -all, which it has not:\n%s", mirror, errs)
	}
}
