package change

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A .git folder copied from another checkout, or a test's fixture used
// as a repository, brings the core.worktree of where it came from: a
// folder that does not exist made git say "fatal: Invalid path …", read
// as "not in a git repository" (and -new-from-rev's advice to give a
// diff); another tree had -new-from-rev compare that tree ("git diff:
// error: Could not access '<commit>'") and history say the repository
// had no commits. Both now say what is set, where, and what to do; a
// work tree that holds the folder (core.worktree = .., as a submodule's
// git folder has it) is read as before.
func TestWorktreeCopied(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	twoCommits(t)
	other := t.TempDir()
	config := filepath.Join(dir, ".git", "config")
	orig, err := os.ReadFile(config)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, worktree, env string
		want                []string // in the error; none: no error
	}{
		{"missing", "/nonexistent/tree", "", []string{`core.worktree in ` + config + ` is "/nonexistent/tree", a folder that does not exist`, "remove its line (worktree = …) from " + config}},
		{"another tree", other, "", []string{`core.worktree in ` + config + ` is "` + other + `", so git's work tree is ` + other + `, which does not hold ` + dir, "or run copycat in " + other}},
		{"GIT_WORK_TREE", "", other, []string{`GIT_WORK_TREE is "` + other + `"`, "unset GIT_WORK_TREE"}},
		{"its own parent", "..", "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := string(orig)
			if tc.worktree != "" {
				body = strings.Replace(body, "[core]\n", "[core]\n\tworktree = "+tc.worktree+"\n", 1)
			}
			if err := os.WriteFile(config, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Setenv("GIT_WORK_TREE", tc.env)
			if tc.env == "" {
				os.Unsetenv("GIT_WORK_TREE")
			}
			_, _, errAt := OpenAt(dir, "HEAD~1")
			_, _, errObj := OpenObjects(dir)
			for step, err := range map[string]error{"-new-from-rev": errAt, "history": errObj} {
				if tc.want == nil {
					if err != nil {
						t.Errorf("%s: %v", step, err)
					}
					continue
				}
				for _, w := range tc.want {
					if err == nil || !strings.Contains(err.Error(), w) {
						t.Errorf("%s: %v, want it to say %q", step, err, w)
					}
				}
			}
		})
	}
	os.WriteFile(config, orig, 0o644)
}
