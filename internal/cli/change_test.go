package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/internal/testtool"
)

// gitRepo makes a repository in a new folder with a module and one
// 20-line function in a/a.go and its renamed copy in b/b.go (one
// class), and a second class elsewhere that no change below touches,
// committed; it returns the folder, made the working directory.
func gitRepo(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	testtool.WriteFiles(t, dir, map[string]string{
		"go.mod":     "module example.com/m\n\ngo 1.26\n",
		"a/a.go":     pasteSource("a", [4]string{"rows", "out", "line", "total"}),
		"b/b.go":     pasteSource("b", [4]string{"items", "b", "s", "n"}),
		"x/x.go":     "package x\n\n" + body("Big", 12),
		"y/y.go":     "package y\n\n" + body("Big", 12),
		"README.txt": "a module\n",
	})
	t.Chdir(dir)
	testtool.Git(t, "init", "-q", "-b", "main")
	testtool.Git(t, "add", "-A")
	testtool.Git(t, "commit", "-q", "-m", "base")
	return dir
}

// runChange runs the command line in the working directory.
func runChange(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Run(append([]string{"-cache=off"}, args...), &out, &errb)
	return out.String(), errb.String(), code
}

// saysAll checks that a run wrote each of wants and exited with
// wantCode.
func saysAll(t *testing.T, out, errs string, code, wantCode int, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s%s", want, out, errs)
		}
	}
	if code != wantCode {
		t.Errorf("exit %d, want %d:\n%s%s", code, wantCode, out, errs)
	}
}

// A copy a change adds is new; an edit to one copy only makes its twin a
// forgotten one, with the lines the change added and removed; classes the
// change does not touch never appear.
func TestChangeVerdicts(t *testing.T) {
	dir := gitRepo(t)
	// The class is a and c: a pair, not a grown class. b goes first, in
	// a commit of its own: b taken away and c pasted in one change is
	// code moved (TestChangeMovedCopy).
	testtool.Git(t, "rm", "-q", "b/b.go")
	testtool.Git(t, "commit", "-q", "-m", "a alone")
	// A new copy, committed.
	testtool.WriteFiles(t, dir, map[string]string{"c/c.go": pasteSource("c", [4]string{"rows", "out", "line", "total"})})
	testtool.Git(t, "add", "-A")
	testtool.Git(t, "commit", "-q", "-m", "paste")
	out, errs, code := runChange(t, "-new-from-rev", "HEAD~1", "./...")
	if code != ExitClones || !strings.Contains(out, "c/c.go:8:1: duplicate of a/a.go:8-27") ||
		!strings.Contains(out, "; new copy of a/a.go:8-27 (that copy unchanged)") || strings.Contains(out, "x/x.go") {
		t.Errorf("a new copy: exit %d:\n%s%s", code, out, errs)
	}
	if !strings.Contains(out, "copycat: the change: 1 new copy, 0 forgotten twins, 0 classes grown; 20 of the 27 lines it added copy other code (74.1%)") {
		t.Errorf("the change's line:\n%s", out)
	}
	// A fix to one copy only, not committed: the working tree counts.
	src, _ := os.ReadFile(filepath.Join(dir, "a", "a.go"))
	fixed := strings.Replace(string(src), "\t\tif i >= limit {\n", "\t\tif i < 0 || i >= limit {\n", 1)
	testtool.WriteFiles(t, dir, map[string]string{"a/a.go": fixed})
	forgottenTwin(t, ExitClean,
		"a/a.go:8:1: duplicate of c/c.go:8-27",
		"; forgotten twin: you changed this copy (line 12 added, 1 line removed); c/c.go:8-27 held the same code and was not changed",
		"; forgotten twin: a/a.go:8-27, a copy of this code, was changed (line 12 added, 1 line removed) and this copy was not",
	)
	js, _, _ := runChange(t, "-new-from-rev", "HEAD", "-json", "./...")
	var rep struct {
		Stats struct {
			Change struct {
				ForgottenTwins int `json:"forgotten_twins"`
			}
		}
		Classes []struct {
			Change    string
			Fragments []struct {
				File   string
				Change struct {
					Changed    bool
					AddedLines int `json:"added_lines"`
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Classes) != 1 || rep.Classes[0].Change != "forgotten-twin" || rep.Stats.Change.ForgottenTwins != 1 ||
		!rep.Classes[0].Fragments[0].Change.Changed || rep.Classes[0].Fragments[0].Change.AddedLines != 1 {
		t.Errorf("JSON: %s", js)
	}
	// Nothing changed: nothing listed, exit 0.
	testtool.Git(t, "checkout", "-q", "--", ".")
	if out, _, code := runChange(t, "-new-from-rev", "HEAD", "./..."); code != ExitClean || !strings.Contains(out, "copycat: the change touches 0 classes of the tree:") {
		t.Errorf("no change: exit %d:\n%s", code, out)
	}
}

// forgottenTwin runs -new-from-rev HEAD, checks that its exit status is
// exit (a forgotten twin alone sets none), that it lists no class the
// change did not touch and says wants, that -fail-on-twins fails it on
// the same report, and returns its output.
func forgottenTwin(t *testing.T, exit int, wants ...string) string {
	t.Helper()
	out, errs, code := runChange(t, "-new-from-rev", "HEAD", "./...")
	for _, want := range wants {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s%s", want, out, errs)
		}
	}
	if code != exit || strings.Contains(out, "x/x.go") {
		t.Errorf("exit %d, want %d, or an untouched class listed:\n%s%s", code, exit, out, errs)
	}
	// -fail-on-twins fails the run on the same report.
	if failed, errs, code := runChange(t, "-fail-on-twins", "-new-from-rev", "HEAD", "./..."); code != ExitClones || failed != out {
		t.Errorf("-fail-on-twins: exit %d, want %d, and the same report:\n%s%s", code, ExitClones, failed, errs)
	}
	return out
}

// A file moved or renamed whole adds no copy.
func TestChangeMove(t *testing.T) {
	gitRepo(t)
	testtool.Git(t, "mv", "b/b.go", "a/b.go")
	testtool.Git(t, "commit", "-q", "-m", "move")
	if out, errs, code := runChange(t, "-new-from-rev", "HEAD~1", "./..."); code != ExitClean || !strings.Contains(out, "copycat: the change touches 0 classes of the tree:") {
		t.Errorf("a moved file: exit %d:\n%s%s", code, out, errs)
	}
}

// featurePaste commits, on a new branch feature of the repository in
// dir, a paste of a/a.go's code into c/c.go.
func featurePaste(t *testing.T, dir string) {
	t.Helper()
	testtool.Git(t, "checkout", "-q", "-b", "feature")
	testtool.WriteFiles(t, dir, map[string]string{"c/c.go": pasteSource("c", [4]string{"rows", "out", "line", "total"})})
	testtool.Git(t, "add", "-A")
	testtool.Git(t, "commit", "-q", "-m", "feature paste")
}

// -new-from-merge-base takes the change since the branch left the base:
// a copy pasted on the base branch since is not the branch's.
func TestChangeMergeBase(t *testing.T) {
	dir := gitRepo(t)
	featurePaste(t, dir)
	testtool.Git(t, "checkout", "-q", "main")
	testtool.WriteFiles(t, dir, map[string]string{"d/d.go": "package d\n\n" + body("Big", 12)})
	testtool.Git(t, "add", "-A")
	testtool.Git(t, "commit", "-q", "-m", "main paste")
	testtool.Git(t, "checkout", "-q", "feature")
	// The paste grows the class of a and b: one more copy the change
	// adds, which sets the exit status as a new copy does.
	out, errs, code := runChange(t, "-new-from-merge-base", "main", "./...")
	if code != ExitClones || !strings.Contains(out, "c/c.go:8:1") || !strings.Contains(out, "1 class grown") ||
		strings.Contains(out, "d/d.go") || strings.Contains(out, "x/x.go") {
		t.Errorf("merge base: exit %d:\n%s%s", code, out, errs)
	}
	// Against main itself, main's paste shows as removed, with its file:
	// not a new copy, and no finding (the exit status is the grown
	// class's).
	out, errs, code = runChange(t, "-new-from-rev", "main", "./...")
	if code != ExitClones || strings.Contains(out, "2 classes grown") || !strings.Contains(out, "d/d.go:3:1: duplicate of x/x.go:3-42 (exact, 220 tokens, 3 copies; production, 3 packages, 40 lines); removed copy: the change took away this copy of x/x.go:3-42 (40 lines removed)\n") {
		t.Errorf("-new-from-rev main: exit %d, main's own copy not removed:\n%s%s", code, out, errs)
	}
}

// A baseline given with a change is not applied, and the run says so: it
// did nothing and said nothing, even for a baseline file that does not
// exist, which without a change is an error.
func TestChangeSaysBaselineNotApplied(t *testing.T) {
	gitRepo(t)
	_, errs, code := runChange(t, "-baseline", "nosuch.txt", "-new-from-rev", "HEAD", "./...")
	if want := "copycat: warning: -baseline nosuch.txt is not applied to a change: "; code != ExitClean || !strings.HasPrefix(errs, want) {
		t.Errorf("exit %d, stderr %q; want exit 0 and a warning starting %q", code, errs, want)
	}
	if _, errs, _ := runChange(t, "-q", "-baseline", "nosuch.txt", "-new-from-rev", "HEAD", "./..."); errs != "" {
		t.Errorf("-q: stderr %q", errs)
	}
}

// A remote's branch that a clone of one branch never fetched (git clone
// --depth 1 fetches one branch alone; so does --single-branch) is named
// as such, with the fetch that brings it: "git fetch --deepen=100", as
// the error said, brought nothing, and "git fetch it first" led nowhere.
// The fetch it names is run, and the run then works.
func TestChangeRemoteBranchNotFetched(t *testing.T) {
	dir := gitRepo(t)
	featurePaste(t, dir)
	for _, tc := range []struct {
		clone []string
		fetch string
	}{
		{[]string{"--depth", "1"}, "git fetch --unshallow origin main:refs/remotes/origin/main"},
		{[]string{"--single-branch"}, "git fetch origin main:refs/remotes/origin/main"},
	} {
		clone := t.TempDir()
		testtool.Git(t, append(append([]string{"clone", "-q", "--branch", "feature"}, tc.clone...), "file://"+dir, clone)...)
		t.Chdir(clone)
		_, errs, code := runChange(t, "-new-from-merge-base", "origin/main", "./...")
		if code != ExitError || !strings.Contains(errs, "has not fetched origin's branch main") || !strings.Contains(errs, "("+tc.fetch) {
			t.Errorf("git clone %v: exit %d, %q; want it to name the fetch %q", tc.clone, code, errs, tc.fetch)
			continue
		}
		testtool.Git(t, strings.Fields(tc.fetch)[1:]...)
		if out, errs, code := runChange(t, "-new-from-merge-base", "origin/main", "./..."); code != ExitClones || !strings.Contains(out, "the change: 1 new copy") {
			t.Errorf("git clone %v, then %s: exit %d\n%s%s", tc.clone, tc.fetch, code, out, errs)
		}
	}
}

// A base the clone does not hold is a clear error, exit 2, before any
// work; in a shallow clone it says how to fetch it.
func TestChangeMissingBase(t *testing.T) {
	dir := gitRepo(t)
	if _, errs, code := runChange(t, "-new-from-rev", "nosuch", "./..."); code != ExitError || !strings.Contains(errs, "revision nosuch is not in this repository") {
		t.Errorf("a missing revision: exit %d, %q", code, errs)
	}
	testtool.WriteFiles(t, dir, map[string]string{"c/c.go": pasteSource("c", [4]string{"rows", "out", "line", "total"})})
	testtool.Git(t, "add", "-A")
	testtool.Git(t, "commit", "-q", "-m", "paste")
	shallow := t.TempDir()
	testtool.Git(t, "clone", "-q", "--depth", "1", "file://"+dir, shallow)
	t.Chdir(shallow)
	if _, errs, code := runChange(t, "-new-from-rev", "HEAD~1", "./..."); code != ExitError || !strings.Contains(errs, "not in this shallow clone: fetch it") {
		t.Errorf("a shallow clone: exit %d, %q", code, errs)
	}
	if _, errs, code := runChange(t, "-new-from-rev", "HEAD", "-diff", "-", "./..."); code != ExitError || !strings.Contains(errs, "give one") {
		t.Errorf("two changes: exit %d, %q", code, errs)
	}
	if _, errs, code := runChange(t, "-new-from-merge-base", "nosuch", "./..."); code != ExitError || !strings.Contains(errs, "revision nosuch is not in this shallow clone") {
		t.Errorf("a missing merge base ref: exit %d, %q", code, errs)
	}
	// A branch the clone lacks (main, where the branch is master) is no
	// matter of depth: the error said to deepen the clone, which brings
	// no branch.
	want := "copycat: revision main2 is not in this shallow clone: no branch, tag or commit here is named so, and deepening the clone brings none (git branch -a lists the branches; git fetch origin main2 fetches origin's branch or tag of that name, then give FETCH_HEAD; with actions/checkout, fetch-depth: 0 fetches every branch and tag)\n"
	if _, errs, code := runChange(t, "-new-from-merge-base", "main2", "./..."); code != ExitError || errs != want {
		t.Errorf("a branch the shallow clone lacks: exit %d, %q, want %q", code, errs, want)
	}
	t.Chdir(t.TempDir())
	for _, flag := range []string{"-new-from-rev", "-new-from-merge-base"} {
		if _, errs, code := runChange(t, flag, "HEAD", "./..."); code != ExitError || !strings.Contains(errs, "not in a git repository") {
			t.Errorf("%s outside a repository: exit %d, %q", flag, code, errs)
		}
	}
}

// -diff reads the change from a unified diff; -max-new-duplication fails
// a change whose new copies hold more of its added lines than it allows.
func TestChangeDiffAndGate(t *testing.T) {
	dir := gitRepo(t)
	testtool.WriteFiles(t, dir, map[string]string{"c/c.go": pasteSource("c", [4]string{"rows", "out", "line", "total"}) + "\nfunc other() int { return 1 }\n"})
	testtool.Git(t, "add", "-A")
	diff := testtool.Git(t, "diff", "--cached")
	if err := os.WriteFile(filepath.Join(t.TempDir(), "x"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	patch := filepath.Join(t.TempDir(), "change.diff")
	if err := os.WriteFile(patch, []byte(diff), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := runChange(t, "-diff", patch, "-exit-code", "0", "-max-new-duplication", "50", "./...")
	if !strings.Contains(out, "grown") && !strings.Contains(out, "c/c.go:8:1") {
		t.Errorf("-diff: %s%s", out, errs)
	}
	if !strings.Contains(out, "over -max-new-duplication 50%") || code != ExitClean {
		t.Errorf("the gate at 50%%: exit %d:\n%s", code, out)
	}
	out, _, code = runChange(t, "-diff", patch, "-max-new-duplication", "95", "./...")
	if !strings.Contains(out, "within -max-new-duplication 95%") {
		t.Errorf("the gate at 95%%: exit %d:\n%s", code, out)
	}
	// The Markdown report, for a pull request's comment; from -o's name.
	md := filepath.Join(t.TempDir(), "summary.md")
	// The line on the file counts the classes it holds: one grown class,
	// which sets no exit status.
	if _, errs, _ := runChange(t, "-diff", patch, "-o", md, "./..."); !strings.Contains(errs, "wrote markdown report to "+md+" (1 class)") {
		t.Errorf("-o summary.md: %s", errs)
	}
	if body, _ := os.ReadFile(md); !strings.HasPrefix(string(body), "### copycat: ") || !strings.Contains(string(body), "`c/c.go:8-27`") {
		t.Errorf("-o summary.md:\n%s", body)
	}
	if _, errs, code := runChange(t, "-max-new-duplication", "5", "./..."); code != ExitError || !strings.Contains(errs, "needs a change") {
		t.Errorf("a gate without a change: exit %d, %q", code, errs)
	}
}

// A Go file git does not track yet is new whole; one git ignores is no
// part of the change.
func TestChangeUntracked(t *testing.T) {
	dir := gitRepo(t)
	testtool.WriteFiles(t, dir, map[string]string{
		"c/c.go":     pasteSource("c", [4]string{"rows", "out", "line", "total"}),
		"gen/g.go":   pasteSource("gen", [4]string{"rows", "out", "line", "total"}),
		".gitignore": "gen/\n",
	})
	out, errs, code := runChange(t, "-new-from-rev", "HEAD", "./...")
	if code != ExitClones || !strings.Contains(out, "c/c.go:8:1: duplicate of") || !strings.Contains(out, "): the class grew to 4 copies") {
		t.Errorf("an untracked copy: exit %d:\n%s%s", code, out, errs)
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "gen/g.go:") && (strings.Contains(line, "new copy") || strings.Contains(line, "one more copy:")) {
			t.Errorf("a copy in an ignored file is new: %s", line)
		}
	}
	// From a folder of the repository, the names are relative to it, and
	// an untracked file is still found among them.
	testtool.WriteFiles(t, dir, map[string]string{"sub/a/a.go": pasteSource("a", [4]string{"rows", "out", "line", "total"})})
	testtool.Git(t, "add", "-A")
	testtool.Git(t, "commit", "-q", "-m", "sub")
	testtool.WriteFiles(t, dir, map[string]string{"sub/c/c.go": pasteSource("c", [4]string{"rows", "out", "line", "total"})})
	t.Chdir(filepath.Join(dir, "sub"))
	out, errs, code = runChange(t, "-new-from-rev", "HEAD", "./...")
	if code != ExitClones || !strings.Contains(out, "c/c.go:8:1: duplicate of a/a.go:8-27") || !strings.Contains(out, "new copy of a/a.go:8-27 (that copy unchanged)") {
		t.Errorf("an untracked copy, from a folder of the repository: exit %d:\n%s%s", code, out, errs)
	}
}

// wrapLoop puts the for loop of pasteSource's function, in the file name
// of dir, inside an if of its own: two lines added, and every line of
// the loop indented once more, as gofmt writes it.
func wrapLoop(t *testing.T, dir, name string) {
	t.Helper()
	src, _ := os.ReadFile(filepath.Join(dir, name))
	lines := strings.Split(string(src), "\n")
	start, end := -1, -1
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "\tfor i, "):
			start = i
		case start >= 0 && end < 0 && l == "\t}":
			end = i
		}
	}
	if start < 0 || end < 0 {
		t.Fatalf("%s: no loop to wrap", name)
	}
	var out []string
	out = append(out, lines[:start]...)
	out = append(out, "\tif limit > 0 {")
	for _, l := range lines[start : end+1] {
		out = append(out, "\t"+l)
	}
	out = append(out, "\t}")
	out = append(out, lines[end+1:]...)
	testtool.WriteFiles(t, dir, map[string]string{name: strings.Join(out, "\n")})
}

// A line whose only change is its whitespace (code indented once more
// inside a new block, columns gofmt aligned anew) is no line the change
// added: a copy whose loop was wrapped in an if had two thirds of its
// lines "added", and was a new copy of its twin (exit 1) where it is a
// copy edited, its twin forgotten; two copies wrapped alike were both
// new copies ("new too"), where they grew alike.
func TestChangeReindented(t *testing.T) {
	dir := gitRepo(t)
	wrapLoop(t, dir, "a/a.go")
	out, errs, code := runChange(t, "-new-from-rev", "HEAD", "./...")
	saysAll(t, out, errs, code, ExitClean,
		"a/a.go:8:1: duplicate of b/b.go:8-27",
		"forgotten twin: you changed this copy (lines 11 and 26 added); b/b.go:8-27 held the same code and was not changed",
		"copycat: the change: 0 new copies, 1 forgotten twin, 0 classes grown; 0 of the 2 lines it added copy other code (0.0%)")
	wrapLoop(t, dir, "b/b.go")
	out, errs, code = runChange(t, "-new-from-rev", "HEAD", "./...")
	saysAll(t, out, errs, code, ExitClean,
		"copycat: the change: 0 new copies, 0 forgotten twins, 1 class grown; 0 of the 4 lines it added copy other code (0.0%)")
	if strings.Contains(out, "new copy") {
		t.Errorf("copies re-indented alike are new:\n%s", out)
	}
}

// A Go file of another repository inside the tree, a submodule's (a
// gitlink in the index) or a clone's that git does not track, is no
// file of the change: git diff sees only the submodule's commit. Each
// was taken for a file the change added, so that a copy there was a new
// copy at every run, -new-from-rev HEAD over a clean tree included (exit
// 1: a pre-commit hook refused every commit).
func TestChangeNestedRepository(t *testing.T) {
	dir := gitRepo(t)
	paste := pasteSource("c", [4]string{"rows", "out", "line", "total"})
	nested := func(name string) {
		t.Helper()
		testtool.WriteFiles(t, dir, map[string]string{name + "/go.mod": "module example.com/" + name + "\n\ngo 1.26\n", name + "/c.go": paste})
		testtool.Git(t, "-C", filepath.Join(dir, name), "init", "-q", "-b", "main")
		testtool.Git(t, "-C", filepath.Join(dir, name), "add", "-A")
		testtool.Git(t, "-C", filepath.Join(dir, name), "commit", "-q", "-m", "nested")
	}
	nested("sub")
	testtool.Git(t, "add", "sub") // a gitlink, as git submodule add makes
	testtool.Git(t, "commit", "-q", "-m", "submodule")
	nested("clone") // not added: an untracked repository
	for _, rev := range []string{"HEAD", "HEAD~1"} {
		out, errs, code := runChange(t, "-new-from-rev", rev, "./...")
		if code != ExitClean || !strings.Contains(out, "copycat: the change: 0 new copies, 0 forgotten twins, 0 classes grown; it added no line") {
			t.Errorf("-new-from-rev %s, with a submodule and a nested clone: exit %d, want 0 and no copy added:\n%s%s", rev, code, out, errs)
		}
	}
	// A file of the tree beside them is still new when git does not
	// track it.
	testtool.WriteFiles(t, dir, map[string]string{"c/c.go": paste})
	if out, errs, code := runChange(t, "-new-from-rev", "HEAD", "./..."); code != ExitClones || !strings.Contains(out, "c/c.go:8:1: duplicate of") {
		t.Errorf("an untracked copy beside a submodule: exit %d:\n%s%s", code, out, errs)
	}
}

// A copy edited until it no longer matches its twin is still a forgotten
// twin, found from the base revision's classes; a copy the change
// replaced (here by a call of a shared helper) is not.
func TestChangeBrokenTwin(t *testing.T) {
	dir := gitRepo(t)
	src, _ := os.ReadFile(filepath.Join(dir, "a", "a.go"))
	edited := strings.Replace(string(src), `		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if strings.HasPrefix(line, "#") {
			return "", fmt.Errorf("row %d: comment in data: %q", i, line)
		}
`, `		line = strings.ToLower(strings.TrimSpace(line))
		switch {
		case line == "", strings.HasPrefix(line, "//"):
			continue
		case strings.HasPrefix(line, "#"):
			return "", fmt.Errorf("row %d of %d: comment in data: %q", i, len(rows), line)
		}
		if n := strings.Count(line, ","); n > 3 {
			return "", fmt.Errorf("row %d: %d fields, want at most 4", i, n+1)
		}
		if len(line) > 80 {
			line = line[:80] + "…"
		}
`, 1)
	if edited == string(src) {
		t.Fatal("the edit did not apply")
	}
	testtool.WriteFiles(t, dir, map[string]string{"a/a.go": edited})
	if out, _, _ := runChange(t, "-all", "./..."); strings.Contains(out, "a/a.go:8:1") {
		t.Fatalf("the edited copy is still a class of the tree; the test needs a larger edit:\n%s", out)
	}
	out := forgottenTwin(t, ExitClean,
		"a/a.go:8:1: duplicate of b/b.go:8-27",
		"; forgotten twin: you changed this copy (lines 15-17, 19-20 and 22-26 added, 4 lines removed) until it no longer matches b/b.go:8-27, which held the same code at the base and was not changed",
		"; forgotten twin: a/a.go:8-33 held the same code at the base and was changed (lines 15-17, 19-20 and 22-26 added, 4 lines removed) until it no longer matches; this copy was not",
		"copycat: the change: 0 new copies, 1 forgotten twin, 0 classes grown",
	)
	// The same change as git's diff: its index lines name the old files'
	// objects, which the repository holds. Without them, there is no base
	// to read, and no verdict from it.
	diff := testtool.Git(t, "diff", "HEAD")
	patch := filepath.Join(t.TempDir(), "change.diff")
	if err := os.WriteFile(patch, []byte(diff), 0o666); err != nil {
		t.Fatal(err)
	}
	if got, errs, _ := runChange(t, "-diff", patch, "./..."); got != out {
		t.Errorf("-diff of git's diff:\n%s%s\nwant\n%s", got, errs, out)
	}
	var bare []string
	for _, l := range strings.SplitAfter(diff, "\n") {
		if !strings.HasPrefix(l, "index ") {
			bare = append(bare, l)
		}
	}
	if err := os.WriteFile(patch, []byte(strings.Join(bare, "")), 0o666); err != nil {
		t.Fatal(err)
	}
	if got, errs, _ := runChange(t, "-diff", patch, "./..."); strings.Contains(got, "forgotten twin:") {
		t.Errorf("-diff without object IDs:\n%s%s", got, errs)
	}
	// With an index: the first run stores the base's classes, the second
	// reads them; both say the same.
	cacheDir := t.TempDir()
	for i := range 2 {
		var o, e bytes.Buffer
		Run([]string{"-cache", cacheDir, "-new-from-rev", "HEAD", "./..."}, &o, &e)
		if o.String() != out {
			t.Errorf("run %d with an index:\n%s%s\nwant\n%s", i+1, o.String(), e.String(), out)
		}
	}
	// The same copy replaced by a call: the change removed a copy, and
	// forgot nothing. It says so, and SARIF has the copies absent.
	testtool.WriteFiles(t, dir, map[string]string{"a/a.go": "package a\n\nimport \"example.com/m/b\"\n\nfunc Summary(rows []string, limit int) (string, error) {\n\treturn b.Summary(rows, limit)\n}\n"})
	out, errs, code := runChange(t, "-new-from-rev", "HEAD", "./...")
	for _, want := range []string{
		"a/a.go:5:1: duplicate of b/b.go:8-27 (renamed",
		"; removed copy: the change took away this copy of b/b.go:8-27 (line 6 added, 18 lines removed)",
		"b/b.go:8:1: duplicate of a/a.go:5-7",
		"; the change took away a copy of this code at a/a.go:5-7 (line 6 added, 18 lines removed)",
		"copycat: the change touches 0 classes of the tree: 0 fragments, 0 duplicated lines",
		"; it removed 1 copy",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("a copy replaced: output lacks %q:\n%s%s", want, out, errs)
		}
	}
	if code != ExitClean || strings.Contains(out, "forgotten twin:") {
		t.Errorf("a copy replaced: exit %d:\n%s%s", code, out, errs)
	}
	sarif, _, _ := runChange(t, "-new-from-rev", "HEAD", "-format", "sarif", "./...")
	if strings.Count(sarif, `"baselineState":"absent"`) != 2 {
		t.Errorf("SARIF: want both copies absent:\n%s", sarif)
	}
	// The copy deleted, its file kept: its lines are a place between
	// two, named as one line (it was "a/a.go:8-8", a copy of one line).
	bsrc, _ := os.ReadFile(filepath.Join(dir, "b", "b.go"))
	head, _, _ := strings.Cut(strings.Replace(string(bsrc), "package b", "package a", 1), "func Summary")
	testtool.WriteFiles(t, dir, map[string]string{"a/a.go": head})
	out, errs, _ = runChange(t, "-new-from-rev", "HEAD", "./...")
	saysAll(t, out, errs, ExitClean, ExitClean,
		"b/b.go:8:1: duplicate of a/a.go:8 (renamed",
		"; the change took away a copy of this code at a/a.go:8 (20 lines removed)")
}

// A copy deleted with its file is a removed copy, as the walk would have
// read the file: one under vendor/ or a test with -tests=false never was.
func TestChangeDeletedFiles(t *testing.T) {
	dir := gitRepo(t)
	testtool.WriteFiles(t, dir, map[string]string{
		"vendor/v/v.go": pasteSource("v", [4]string{"rows", "out", "line", "total"}),
		"c/c_test.go":   pasteSource("c", [4]string{"rows", "out", "line", "total"}),
	})
	testtool.Git(t, "add", "-A")
	testtool.Git(t, "commit", "-q", "-m", "vendored and test copies")
	testtool.Git(t, "rm", "-q", "vendor/v/v.go", "c/c_test.go")
	out, errs, code := runChange(t, "-tests=false", "-new-from-rev", "HEAD", "./...")
	if code != ExitClean || strings.Contains(out, "removed copy") {
		t.Errorf("a vendored copy and a test deleted, without tests: exit %d:\n%s%s", code, out, errs)
	}
	out, errs, _ = runChange(t, "-new-from-rev", "HEAD", "./...")
	if !strings.Contains(out, "c/c_test.go:8:1: duplicate of a/a.go:8-27") || !strings.Contains(out, "removed copy: the change took away this copy") ||
		strings.Contains(out, "vendor/") {
		t.Errorf("a test deleted, with tests: the removed copy not said, or a vendored one said:\n%s%s", out, errs)
	}
}

// -stats says what finding the change took, step by step.
func TestChangeStats(t *testing.T) {
	dir := gitRepo(t)
	testtool.WriteFiles(t, dir, map[string]string{"b/b.go": strings.Replace(pasteSource("b", [4]string{"items", "b", "s", "n"}), "\treturn", "\tn++\n\treturn", 1)})
	_, errs, _ := runChange(t, "-stats", "-new-from-rev", "HEAD", "./...")
	for _, row := range []string{"change: the revision (git rev-parse)", "change: files staged (git diff-index)",
		"change: statuses against git's index", "change: git diff of 1 file"} {
		if !strings.Contains(errs, row) {
			t.Errorf("-stats lacks %q:\n%s", row, errs)
		}
	}
	if _, errs, _ := runChange(t, "-stats", "./..."); strings.Contains(errs, "change:") {
		t.Errorf("-stats without a change speaks of one:\n%s", errs)
	}
}

// Classes of the base revision that a change broke are ranked with their
// verdicts beside them: a change that broke a class of two copies and
// took away a copy of a class of three says each of the other.
func TestChangeBrokenTwinsRanked(t *testing.T) {
	dir := gitRepo(t)
	testtool.WriteFiles(t, dir, map[string]string{"z/z.go": "package z\n\n" + body("Big", 12)})
	testtool.Git(t, "add", "-A")
	testtool.Git(t, "commit", "-q", "-m", "a third copy")
	src, _ := os.ReadFile(filepath.Join(dir, "a", "a.go"))
	edited := strings.NewReplacer("line = strings.TrimSpace(line)\n\t\tif line == \"\" {\n\t\t\tcontinue\n\t\t}\n",
		"line = strings.ToLower(strings.TrimSpace(line))\n\t\tswitch {\n\t\tcase line == \"\", strings.HasPrefix(line, \"//\"):\n\t\t\tcontinue\n\t\t}\n\t\tif n := strings.Count(line, \",\"); n > 3 {\n\t\t\treturn \"\", fmt.Errorf(\"row %d: %d fields\", i, n+1)\n\t\t}\n\t\tif len(line) > 80 {\n\t\t\tline = line[:80]\n\t\t}\n").Replace(string(src))
	if edited == string(src) {
		t.Fatal("the edit did not apply")
	}
	testtool.WriteFiles(t, dir, map[string]string{
		"a/a.go": edited,
		"x/x.go": "package x\n\nfunc Big(xs []int) int { return len(xs) }\n",
	})
	out, errs, code := runChange(t, "-fail-on-twins", "-new-from-rev", "HEAD", "./...")
	saysAll(t, out, errs, code, ExitClones,
		"a/a.go:8:1: duplicate of b/b.go:8-27",
		"forgotten twin: you changed this copy",
		"x/x.go:3:1: duplicate of y/y.go:3-42",
		"removed copy: the change took away this copy of y/y.go:3-42")
}

// A forgotten twin whose copies are all test code is left out as in
// tests, counted, and listed with -all; one in production code is not.
func TestChangeForgottenTwinInTests(t *testing.T) {
	dir := gitRepo(t)
	test := repeatTest()
	testtool.WriteFiles(t, dir, map[string]string{
		"a/sum_test.go": "package a\n\n" + test,
		"b/sum_test.go": "package b\n\n" + test,
	})
	testtool.Git(t, "add", "-A")
	testtool.Git(t, "commit", "-q", "-m", "tests")
	edit := func(name, old, new string) {
		t.Helper()
		src, _ := os.ReadFile(filepath.Join(dir, name))
		if !strings.Contains(string(src), old) {
			t.Fatalf("%s lacks %q", name, old)
		}
		testtool.WriteFiles(t, dir, map[string]string{name: strings.Replace(string(src), old, new, 1)})
	}
	edit("a/sum_test.go", `"repeat 3: got %q"`, `"repeat three: got %q"`)
	leftInTests(t, "a forgotten twin in tests", "0 forgotten twins", ExitClean,
		"a/sum_test.go:8:1: duplicate of b/sum_test.go:8-45", "forgotten twin: you changed this copy")
	// The same edit to a production copy is a forgotten twin listed.
	edit("x/x.go", "total += xs[3] * 4", "total -= xs[3] * 4")
	out, errs, code := runChange(t, "-new-from-rev", "HEAD", "./...")
	if code != ExitClean || !strings.Contains(out, "x/x.go:3:1: duplicate of y/y.go:3-42") || !strings.Contains(out, "1 forgotten twin") {
		t.Errorf("a forgotten twin in production code: exit %d:\n%s%s", code, out, errs)
	}
	if _, errs, code := runChange(t, "-fail-on-twins", "-new-from-rev", "HEAD", "./..."); code != ExitClones {
		t.Errorf("-fail-on-twins, a forgotten twin in production code: exit %d, want %d\n%s", code, ExitClones, errs)
	}
}

// A change that pastes one more copy of a class while it fixes one of the
// copies that were there leaves a forgotten twin: the paste does not hide
// it (it was "1 class grown", exit 0). The new copy says what it copies,
// and the change's line counts it (it said "0 new copies" beside it).
func TestChangeForgottenTwinBesideAPaste(t *testing.T) {
	dir := gitRepo(t)
	src, _ := os.ReadFile(filepath.Join(dir, "a", "a.go"))
	fixed := strings.Replace(string(src), "\t\tif i >= limit {\n", "\t\tif i < 0 || i >= limit {\n", 1)
	testtool.WriteFiles(t, dir, map[string]string{
		"a/a.go": fixed,
		"c/c.go": pasteSource("c", [4]string{"rows", "out", "line", "total"}),
	})
	out := forgottenTwin(t, ExitClones, // the paste sets it
		"; forgotten twin: you changed this copy (line 12 added, 1 line removed); b/b.go:8-27 held the same code and was not changed",
		"; forgotten twin: a/a.go:8-27, a copy of this code, was changed (line 12 added, 1 line removed) and this copy was not",
		"c/c.go:8:1: duplicate of a/a.go:8-27",
		"; new copy of b/b.go:8-27 (that copy unchanged)",
		"copycat: the change: 1 new copy, 1 forgotten twin, 0 classes grown",
	)
	if t.Failed() {
		t.Log(out)
	}
}

// A twin the change left as it was that already holds what the change
// wrote into its copy had the fix: the edit brought the copy in line with
// it, and it is not forgotten. Prometheus's 277d3c9009 gave four of six
// AWS discovery clients the external ID two of them had, and named the
// two forgotten twins of each of the four; 7b61de40d3 wrote into
// info.go the line its twin in engine.go had.
func TestChangeTwinHeldTheFix(t *testing.T) {
	dir := gitRepo(t)
	fix := func(src string) string {
		return strings.Replace(src, "\t\tif i >= limit {\n", "\t\tif i < 0 || i >= limit {\n", 1)
	}
	// c/c.go, a copy of a/a.go with its names, has the fix already.
	testtool.WriteFiles(t, dir, map[string]string{"c/c.go": fix(pasteSource("c", [4]string{"rows", "out", "line", "total"}))})
	testtool.Git(t, "add", "-A")
	testtool.Git(t, "commit", "-q", "-m", "c has the fix")
	src, _ := os.ReadFile(filepath.Join(dir, "a", "a.go"))
	testtool.WriteFiles(t, dir, map[string]string{"a/a.go": fix(string(src))})
	// b/b.go lacks it: forgotten, and named so; c/c.go is not.
	out := forgottenTwin(t, ExitClean,
		"a/a.go:8:1: duplicate of",
		"; forgotten twin: you changed this copy (line 12 added, 1 line removed); b/b.go:8-27 held the same code and was not changed",
		"; forgotten twin: a/a.go:8-27, a copy of this code, was changed (line 12 added, 1 line removed) and this copy was not",
		"; not forgotten: this copy already held what the change wrote into a/a.go:8-27 (line 12 added, 1 line removed)",
		"copycat: the change: 0 new copies, 1 forgotten twin, 0 classes grown")
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "c/c.go:") && strings.Contains(line, "forgotten twin") {
			t.Errorf("the twin that had the fix is forgotten: %s", line)
		}
	}
	if js, _, _ := runChange(t, "-new-from-rev", "HEAD", "-json", "./..."); strings.Count(js, `"held": true`) != 1 {
		t.Errorf("JSON: want one copy held:\n%s", js)
	}
	if md, _, _ := runChange(t, "-new-from-rev", "HEAD", "-format", "markdown", "./..."); strings.Contains(md, "c/c.go") {
		t.Errorf("Markdown names the twin that had the fix among those not changed:\n%s", md)
	}
	// Without b/b.go, no twin is forgotten.
	testtool.Git(t, "rm", "-q", "b/b.go")
	testtool.Git(t, "commit", "-q", "-m", "no b", "--", "b/b.go")
	out, errs, code := runChange(t, "-fail-on-twins", "-new-from-rev", "HEAD", "./...")
	saysAll(t, out, errs, code, ExitClean, "copycat: the change: 0 new copies, 0 forgotten twins, 0 classes grown")
	// The same fix to a copy whose twin has it under other names is
	// still a forgotten twin: the text is asked, not the code's meaning.
	testtool.WriteFiles(t, dir, map[string]string{"c/c.go": fix(pasteSource("c", [4]string{"items", "b", "s", "n"})), "a/a.go": string(src)})
	testtool.Git(t, "add", "-A")
	testtool.Git(t, "commit", "-q", "-m", "c renamed")
	testtool.WriteFiles(t, dir, map[string]string{"a/a.go": fix(string(src))})
	out, errs, code = runChange(t, "-new-from-rev", "HEAD", "./...")
	saysAll(t, out, errs, code, ExitClean, "copycat: the change: 0 new copies, 1 forgotten twin, 0 classes grown")
}

// The change's line counts the copies a change pasted, not the classes
// they fall in: a function pasted into two new files is two new copies
// (it said "1 new copy"), and one more copy of a class already copied is
// a new copy of a grown class.
func TestChangeCountsCopies(t *testing.T) {
	dir := gitRepo(t)
	os.Remove(filepath.Join(dir, "b", "b.go")) // a alone: the pastes make a class of three
	testtool.Git(t, "add", "-A")
	testtool.Git(t, "commit", "-q", "-m", "a alone")
	testtool.WriteFiles(t, dir, map[string]string{
		"c/c.go": pasteSource("c", [4]string{"rows", "out", "line", "total"}),
		"d/d.go": pasteSource("d", [4]string{"rows", "out", "line", "total"}),
	})
	out, errs, code := runChange(t, "-new-from-rev", "HEAD", "./...")
	if code != ExitClones || !strings.Contains(out, "copycat: the change: 2 new copies, 0 forgotten twins, 0 classes grown") ||
		!strings.Contains(out, "and 1 more place") {
		t.Errorf("two pastes of one function: exit %d:\n%s%s", code, out, errs)
	}
	testtool.Git(t, "add", "-A")
	testtool.Git(t, "commit", "-q", "-m", "two pastes")
	testtool.WriteFiles(t, dir, map[string]string{"e/e.go": pasteSource("e", [4]string{"rows", "out", "line", "total"})})
	out, errs, code = runChange(t, "-new-from-rev", "HEAD", "./...")
	if code != ExitClones || !strings.Contains(out, "copycat: the change: 1 new copy, 0 forgotten twins, 1 class grown") {
		t.Errorf("one more paste: exit %d:\n%s%s", code, out, errs)
	}
}

// leftInTests checks a run over the change in the working tree whose
// one class is in tests: left out, counted, the change's line saying
// counts ("0 new copies"); with -all listed, saying each of wantAll,
// its exit status allExit.
func leftInTests(t *testing.T, what, counts string, allExit int, wantAll ...string) {
	t.Helper()
	out, errs, code := runChange(t, "-new-from-rev", "HEAD", "./...")
	if code != ExitClean || strings.Contains(out, "sum_test.go") || !strings.Contains(out, counts) ||
		!strings.Contains(out, "copycat: not listed: 1 class in tests (-all lists it)") {
		t.Errorf("%s: exit %d:\n%s%s", what, code, out, errs)
	}
	out, errs, code = runChange(t, "-all", "-new-from-rev", "HEAD", "./...")
	ok := code == allExit && strings.Contains(out, "of these, not listed by default: 1 class in tests")
	for _, w := range wantAll {
		ok = ok && strings.Contains(out, w)
	}
	if !ok {
		t.Errorf("%s, -all: exit %d:\n%s%s", what, code, out, errs)
	}
}

// repeatTest is a test function of 40 lines, without its package
// clause, to be copied between test files.
func repeatTest() string {
	var test strings.Builder
	test.WriteString("import (\n\t\"strings\"\n\t\"testing\"\n)\n\nfunc TestRepeat(t *testing.T) {\n")
	for i := range 12 {
		fmt.Fprintf(&test, "\tif got := strings.Repeat(\"x\", %d); len(got) != %d {\n\t\tt.Errorf(\"repeat %d: got %%q\", got)\n\t}\n", i, i, i)
	}
	test.WriteString("}\n")
	return test.String()
}

// A new copy is left out as a run over the tree leaves its class out:
// in tests, counted, and listed with -all (read blind, new copies in
// tests were 2 of 44 labels actionable: readings 28 and 76); a new copy
// in production code is listed.
func TestChangeNewCopyInTests(t *testing.T) {
	dir := gitRepo(t)
	test := repeatTest()
	testtool.WriteFiles(t, dir, map[string]string{"a/sum_test.go": "package a\n\n" + test})
	testtool.Git(t, "add", "-A")
	testtool.Git(t, "commit", "-q", "-m", "a test")
	testtool.WriteFiles(t, dir, map[string]string{"b/sum_test.go": "package b\n\n" + test})
	leftInTests(t, "a new copy in tests", "0 new copies", ExitClones,
		"b/sum_test.go:8:1: duplicate of a/sum_test.go:8-45", "new copy of a/sum_test.go:8-45")
	// The same paste in production code is listed.
	testtool.WriteFiles(t, dir, map[string]string{"c/c.go": pasteSource("c", [4]string{"rows", "out", "line", "total"})})
	out, errs, code := runChange(t, "-new-from-rev", "HEAD", "./...")
	if code != ExitClones || !strings.Contains(out, "c/c.go:8:1: duplicate of") || !strings.Contains(out, "1 new copy") {
		t.Errorf("a new copy in production code: exit %d:\n%s%s", code, out, errs)
	}
}

// Copies that grew alike (the change added the same lines to each) make
// a grown class that is listed but sets no exit status: nothing was
// copied, and no twin was forgotten. Listed, as copies a change had to
// edit alike in production code were 11 of 24 labels actionable
// (readings 76 and 77).
func TestChangeCopiesGrewAlike(t *testing.T) {
	dir := gitRepo(t)
	grow := func(pkg string, names [4]string) string {
		line := names[2]
		trim := "\t\t" + line + " = strings.TrimSpace(" + line + ")\n"
		return strings.Replace(pasteSource(pkg, names), trim, trim+"\t\t"+line+" = strings.ToLower("+line+")\n", 1)
	}
	testtool.WriteFiles(t, dir, map[string]string{
		"a/a.go": grow("a", [4]string{"rows", "out", "line", "total"}),
		"b/b.go": grow("b", [4]string{"items", "b", "s", "n"}),
	})
	out, errs, code := runChange(t, "-new-from-rev", "HEAD", "./...")
	if code != ExitClean || !strings.Contains(out, "a/a.go:8:1: duplicate of b/b.go:8-28") || !strings.Contains(out, "0 new copies, 0 forgotten twins, 1 class grown") {
		t.Errorf("copies grown alike: exit %d, want %d:\n%s%s", code, ExitClean, out, errs)
	}
	// Each copy says why the class is listed: its lines said nothing,
	// and the Markdown summary counted "1 class grown" under a title
	// with no class below it.
	saysAll(t, out, errs, code, ExitClean,
		"; grew alike: the change edited every copy of this code (this one: line 16 added)")
	md, errs, code := runChange(t, "-new-from-rev", "HEAD", "-format", "markdown", "./...")
	saysAll(t, md, errs, code, ExitClean, "**Classes that grew**\n\n- `a/a.go:8-28` (renamed, 21 lines): grew alike: the change edited every copy of this code (this one: line 16 added)")
}

// A file the base revision holds larger than -max-file-size is not read
// from git, as the tree's own would not be: a change deleting a file of
// 6 MB made -new-from-rev read and parse it (300 MB), and a file of
// gigabytes, compressed in git to megabytes, would take that memory. It
// is said, by name, and not compared; copycat history leaves such a file
// out of each commit's tree alike.
func TestBaseOverFileLimit(t *testing.T) {
	dir := gitRepo(t)
	padded := "package y\n\n" + body("Big", 12) + strings.Repeat("// padding\n", 2000)
	testtool.WriteFiles(t, dir, map[string]string{"y/y.go": padded})
	testtool.Git(t, "commit", "-q", "-am", "y padded")
	testtool.Git(t, "rm", "-q", "y/y.go")
	testtool.Git(t, "commit", "-q", "-m", "y deleted")
	limit := fmt.Sprint(len(padded) - 1)
	out, errs, _ := runChange(t, "-new-from-rev", "HEAD~1", "-max-file-size", limit, "./...")
	warning := fmt.Sprintf("copycat: warning: y/y.go, as the base revision holds it: %d bytes, larger than -max-file-size (%s bytes): not compared with the tree\n", len(padded), limit)
	if strings.Contains(out, "removed copy") || !strings.Contains(errs, warning) {
		t.Errorf("-new-from-rev, the deleted file over -max-file-size: want no removed copy, and %q:\n%s%s", warning, out, errs)
	}
	// Within the limit, it is compared: the copy is removed.
	if out, errs, _ := runChange(t, "-new-from-rev", "HEAD~1", "./..."); !strings.Contains(out, "removed copy") {
		t.Errorf("-new-from-rev within the limit: no removed copy:\n%s%s", out, errs)
	}
	_, errs, code := runHistoryCmd(t, "-max-file-size", limit)
	if want := fmt.Sprintf("copycat history: warning: 1 file larger than -max-file-size (%s bytes) (such as \"y/y.go\"), left out unread\n", limit); code != ExitClean || !strings.Contains(errs, want) {
		t.Errorf("history: exit %d, want %q in:\n%s", code, want, errs)
	}
}

// -diff of a diff made without git's a/ and b/ prefixes (git diff
// --no-prefix, or diff.noprefix set) judges the change as git's own diff
// does: a/a.go was read as a.go, no file, and the forgotten twin passed
// as a change of nothing.
func TestDiffWithoutPrefixes(t *testing.T) {
	dir := gitRepo(t)
	src, _ := os.ReadFile(filepath.Join(dir, "a", "a.go"))
	fixed := strings.Replace(string(src), "\t\tif i >= limit {\n", "\t\tif i < 0 || i >= limit {\n", 1)
	testtool.WriteFiles(t, dir, map[string]string{"a/a.go": fixed})
	for _, flag := range []string{"--no-prefix", "--src-prefix=a/"} {
		diff := filepath.Join(t.TempDir(), "change.diff")
		testtool.WriteFiles(t, filepath.Dir(diff), map[string]string{"change.diff": testtool.Git(t, "diff", flag)})
		out, errs, code := runChange(t, "-fail-on-twins", "-diff", diff, "./...")
		saysAll(t, out, errs, code, ExitClones, "a/a.go:8:1: duplicate of b/b.go:8-27", "; forgotten twin: you changed this copy")
	}
}

// -diff counts the lines the change added to Go files, as -new-from-rev
// does (git is asked for the diff of Go files alone): the share of the
// added lines that new copies hold, and -max-new-duplication's verdict,
// are the same for one change whichever flag names it. A diff that also
// added lines to a README counted them, and passed a gate the same
// change failed with -new-from-rev.
func TestDiffCountsGoLines(t *testing.T) {
	dir := gitRepo(t)
	testtool.WriteFiles(t, dir, map[string]string{
		"c/c.go":     pasteSource("c", [4]string{"rows", "out", "line", "total"}),
		"README.txt": "a module\n" + strings.Repeat("more words\n", 30),
	})
	testtool.Git(t, "add", "-N", "c/c.go")
	diff := filepath.Join(t.TempDir(), "change.diff")
	testtool.WriteFiles(t, filepath.Dir(diff), map[string]string{"change.diff": testtool.Git(t, "diff")})
	changeLine := func(args ...string) (string, int) {
		out, errs, code := runChange(t, append(args, "-max-new-duplication", "50", "./...")...)
		for line := range strings.SplitSeq(out, "\n") {
			if strings.HasPrefix(line, "copycat: the change: ") {
				return line, code
			}
		}
		t.Fatalf("%q: no change line:\n%s%s", args, out, errs)
		return "", 0
	}
	rev, revCode := changeLine("-new-from-rev", "HEAD")
	if want := "20 of the 27 lines it added copy other code (74.1%), over -max-new-duplication 50%"; !strings.HasSuffix(rev, want) {
		t.Fatalf("-new-from-rev: %q, want it to end %q", rev, want)
	}
	if got, code := changeLine("-diff", diff); got != rev || code != revCode {
		t.Errorf("-diff: %q, exit %d; -new-from-rev: %q, exit %d", got, code, rev, revCode)
	}
}

// The share of the added lines that new copies hold is of the lines
// added to the files the run reads: lines added to a generated file, to
// one .duplignore leaves out, or outside the paths named, cannot be
// copies copycat finds, and counted they made a paste pass the gate: a
// change that regenerated code beside it diluted its share to nothing.
func TestChangeCountsLinesRead(t *testing.T) {
	dir := gitRepo(t)
	filler := strings.Repeat("// filler\n", 100)
	testtool.WriteFiles(t, dir, map[string]string{
		"c/c.go":          pasteSource("c", [4]string{"rows", "out", "line", "total"}),
		"gen/gen.go":      "// Code generated by hand. DO NOT EDIT.\n\npackage gen\n" + filler,
		"legacy/old.go":   "package legacy\n" + filler,
		"other/other.go":  "package other\n" + filler,
		".duplignore":     "legacy/\n",
		"c/c_note.txt":    filler,
		"README.txt":      "a module\n" + filler,
		"other/extra.txt": filler,
	})
	testtool.Git(t, "add", "-A")
	testtool.Git(t, "commit", "-q", "-m", "paste and more")
	out, errs, code := runChange(t, "-new-from-rev", "HEAD~1", "-max-new-duplication", "50", "./a/...", "./b/...", "./c/...", "./gen/...")
	saysAll(t, out, errs, code, ExitClones, "20 of the 27 lines it added copy other code (74.1%), over -max-new-duplication 50%")
	// The whole tree: other/other.go's 101 lines are read, and count.
	out, errs, code = runChange(t, "-new-from-rev", "HEAD~1", "-max-new-duplication", "50", "./...")
	saysAll(t, out, errs, code, ExitClones, "20 of the 128 lines it added copy other code (15.6%), within -max-new-duplication 50%")
}

// A paste past -max-occurrences makes its code boilerplate, of no class:
// the change's line says how many of the lines it added are such code,
// where it said "0 of the 27 lines it added copy other code" alone; the
// JSON report counts them; the exit status is as before.
func TestChangeSaysBoilerplatePasted(t *testing.T) {
	dir := gitRepo(t)
	for _, p := range []string{"c", "d"} {
		testtool.WriteFiles(t, dir, map[string]string{p + "/" + p + ".go": pasteSource(p, [4]string{"rows", "out", "line", "total"})})
	}
	testtool.Git(t, "add", "-A")
	testtool.Git(t, "commit", "-q", "-m", "four copies")
	testtool.WriteFiles(t, dir, map[string]string{"e/e.go": pasteSource("e", [4]string{"rows", "out", "line", "total"})})
	out, errs, code := runChange(t, "-new-from-rev", "HEAD", "-max-occurrences", "4", "./...")
	saysAll(t, out, errs, code, ExitClean, "copycat: the change: 0 new copies, 0 forgotten twins, 0 classes grown; 0 of the 27 lines it added copy other code (0.0%); 20 of them repeat code seen more than 4 times (-max-occurrences), left out as boilerplate")
	out, errs, _ = runChange(t, "-new-from-rev", "HEAD", "-max-occurrences", "4", "-json", "./...")
	var rep struct {
		Stats struct {
			Change struct {
				Boilerplate int `json:"boilerplate_lines"`
			} `json:"change"`
		} `json:"stats"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || rep.Stats.Change.Boilerplate != 20 {
		t.Errorf("JSON: boilerplate_lines %d (%v), want 20:\n%s%s", rep.Stats.Change.Boilerplate, err, out, errs)
	}
	// At the limit the copy is new, and no line is said boilerplate.
	out, errs, code = runChange(t, "-new-from-rev", "HEAD", "-max-occurrences", "5", "./...")
	saysAll(t, out, errs, code, ExitClones, "copycat: the change: 1 new copy, 0 forgotten twins, 1 class grown")
	if strings.Contains(out, "boilerplate") {
		t.Errorf("within the limit, lines said boilerplate:\n%s", out)
	}
}

// A function pasted into more files than -max-occurrences allows makes
// no class; a run that lists other classes says how much code it held
// back so (it said so only when it found nothing), in text and JSON. The
// fixture's x.go and y.go repeat statements of their own (72 lines held
// back at the default 10); the five pastes add their 20 lines each.
func TestTreeSaysBoilerplate(t *testing.T) {
	dir := gitRepo(t)
	for _, p := range []string{"c", "d", "e"} {
		testtool.WriteFiles(t, dir, map[string]string{p + "/" + p + ".go": pasteSource(p, [4]string{"rows", "out", "line", "total"})})
	}
	out, errs, code := runChange(t, "-max-occurrences", "4", "./...")
	saysAll(t, out, errs, code, ExitClones, "x/x.go:3:1: duplicate of y/y.go",
		"\ncopycat: left out as boilerplate: 172 lines in 7 files repeat code seen more than 4 times (-max-occurrences 0 compares them too)\ncopycat: 1 class,")
	if strings.Contains(out, "a/a.go:") {
		t.Errorf("the pastes past the limit listed:\n%s", out)
	}
	// JSON counts it too, with -q as without (copycat-dist's report,
	// the same bytes, counts it alike: dist/pipeline's TestBoilerplate).
	for _, quiet := range []string{"-q=false", "-q"} {
		out, errs, _ = runChange(t, "-max-occurrences", "4", "-json", quiet, "./...")
		var rep struct {
			Stats struct {
				Lines int `json:"boilerplate_lines"`
				Files int `json:"boilerplate_files"`
			} `json:"stats"`
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil || rep.Stats.Lines != 172 || rep.Stats.Files != 7 {
			t.Errorf("JSON, %s: boilerplate %d lines in %d files (%v), want 172 in 7:\n%s%s", quiet, rep.Stats.Lines, rep.Stats.Files, err, out, errs)
		}
	}
	out, _, _ = runChange(t, "-max-occurrences", "4", "-q", "./...")
	if strings.Contains(out, "boilerplate") {
		t.Errorf("-q: the text report says the boilerplate:\n%s", out)
	}
	// Within the limit, the pastes are a class, and only x.go's and
	// y.go's own repeats are held back.
	out, errs, code = runChange(t, "./...")
	saysAll(t, out, errs, code, ExitClones, "a/a.go:8:1: duplicate of",
		"\ncopycat: left out as boilerplate: 72 lines in 2 files repeat code seen more than 10 times (-max-occurrences 0 compares them too)\ncopycat: 2 classes,")
}

// A working directory reached through a symbolic link (/tmp on macOS is
// a link to /private/tmp; a CI workspace or a home folder may be one):
// git gives the repository's real path, and every file copycat named
// from the working directory was taken for one outside it, so that
// -new-from-rev HEAD said "it added no line" and exited 0 over a change
// that pasted a copy (a gate passed), -diff alike, and history read a
// folder that was not the commit's tree: 0 files at every commit.
func TestChangeThroughLink(t *testing.T) {
	dir := gitRepo(t)
	testtool.WriteFiles(t, dir, map[string]string{"c/c.go": pasteSource("c", [4]string{"rows", "out", "line", "total"})})
	testtool.Git(t, "add", "-A")
	diff := testtool.Git(t, "diff", "--cached")
	diffFile := filepath.Join(t.TempDir(), "change.diff")
	testtool.WriteFiles(t, filepath.Dir(diffFile), map[string]string{"change.diff": diff})
	want := "copycat: the change: 1 new copy, 0 forgotten twins, 1 class grown; 20 of the 27 lines it added copy other code (74.1%)"
	history, _, _ := runHistoryCmd(t)
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(dir, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	for _, in := range []string{link, filepath.Join(link, "c")} {
		t.Chdir(in)
		for _, args := range [][]string{{"-new-from-rev", "HEAD"}, {"-diff", diffFile}} {
			pkgs := "./..."
			if in != link {
				pkgs = "../..."
			}
			if out, errs, code := runChange(t, append(args, pkgs)...); code != ExitClones || !strings.Contains(out, want) {
				t.Errorf("in %s, %s: exit %d, want 1 and %q:\n%s%s", in, args, code, want, out, errs)
			}
		}
	}
	t.Chdir(link)
	if got, errs, _ := runHistoryCmd(t); got != history {
		t.Errorf("history through the link:\n%s%s\nwant, as in the repository itself,\n%s", got, errs, history)
	}
}
