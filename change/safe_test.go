package change

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/copycat-go/copycat/internal/testtool"
)

// evilRepo makes a repository of two commits in the working directory,
// a.go edited after them, and returns it with the file each program it
// configures (by set, as git config takes it) or installs as a hook
// (hooks) appends a line to when it runs.
func evilRepo(t *testing.T, set map[string]string, hooks ...string) (repo *Repo, ran string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	if runtime.GOOS == "windows" {
		t.Skip("the programs are shell scripts")
	}
	dir := t.TempDir()
	t.Chdir(dir)
	ran = filepath.Join(t.TempDir(), "ran")
	script := filepath.Join(t.TempDir(), "prog")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho \"$0 $*\" >> '"+ran+"'\ncat\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	twoCommits(t)
	for key, value := range set {
		testtool.Git(t, "config", key, strings.ReplaceAll(value, "PROG", script))
	}
	for _, h := range hooks {
		if err := os.WriteFile(filepath.Join(".git", "hooks", h), []byte("#!/bin/sh\necho \"hook "+h+"\" >> '"+ran+"'\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// An edit, and a file whose status changed alone, so that git diff
	// refreshes the index and writes it.
	testtool.WriteFiles(t, ".", map[string]string{"a.go": "package a // edited\n"})
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes("b.go", later, later); err != nil {
		t.Fatal(err)
	}
	repo, _, err := OpenAt(dir, "HEAD~1")
	if err != nil {
		t.Fatal(err)
	}
	return repo, ran
}

// twoCommits makes a repository in the working directory: a.go and
// b.go committed, then b.go edited and committed.
func twoCommits(t *testing.T) {
	t.Helper()
	testtool.WriteFiles(t, ".", map[string]string{"a.go": "package a\n", "b.go": "package a // one\n"})
	testtool.Git(t, "init", "-q", "-b", "main")
	testtool.Git(t, "add", "-A")
	testtool.Git(t, "commit", "-q", "-m", "one")
	testtool.WriteFiles(t, ".", map[string]string{"b.go": "package a // two\n"})
	testtool.Git(t, "commit", "-q", "-am", "two")
}

// readRepo asks of repo what -new-from-rev and copycat history ask.
func readRepo(t *testing.T, repo *Repo) {
	t.Helper()
	base, err := repo.Commit("HEAD~1")
	if err != nil {
		t.Fatal(err)
	}
	files, _, tracked, err := repo.diffAll(base)
	if err != nil || files["a.go"] == nil || !tracked["a.go"] {
		t.Fatalf("diff: %v, tracked %v, %v; want a.go edited", files, tracked, err)
	}
	d := repo.StartDiff(repo.Root, base)
	if _, _, _, err := d.Finish(nil); err != nil {
		t.Fatal(err)
	}
	repo.NewFiles([]string{"new.go"})
	commits, err := repo.FirstParents("HEAD", "", 10)
	if err != nil || len(commits) != 2 {
		t.Fatalf("commits %v, %v", commits, err)
	}
	tree, err := repo.NewTree(t.TempDir(), commits[0].Hash, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	if err := tree.Move(commits[1].Hash); err != nil {
		t.Fatal(err)
	}
	if _, _, err := repo.Blobs(base, []string{"a.go"}, 0); err != nil {
		t.Fatal(err)
	}
}

// noneRan fails t if a program wrote to ran.
func noneRan(t *testing.T, ran string) {
	t.Helper()
	if b, err := os.ReadFile(ran); err == nil {
		t.Errorf("programs the repository names ran:\n%s", b)
	}
}

// git runs what a repository's configuration and hooks name on commands
// copycat reads with: the fsmonitor hook (core.fsmonitor) whenever the
// index is read, the post-index-change hook when git diff writes the
// index it refreshed. A repository copied whole (an archive, a CI cache)
// brings its .git/config and .git/hooks; -new-from-rev ran both.
func TestGitRunsNoHook(t *testing.T) {
	repo, ran := evilRepo(t, map[string]string{"core.fsmonitor": "PROG fsmonitor"}, "post-index-change")
	readRepo(t, repo)
	noneRan(t, ran)
}

// git log verifies a signed commit's signature with gpg.program when
// log.showSignature is set: a repository's configuration naming a
// program there ran it for each signed commit of copycat history's.
func TestGitRunsNoSignatureCheck(t *testing.T) {
	repo, ran := evilRepo(t, map[string]string{"log.showSignature": "true", "gpg.program": "PROG", "gpg.ssh.program": "PROG"})
	// A commit signed (the signature is not checked when it is made).
	head := strings.TrimSpace(testtool.Git(t, "rev-parse", "HEAD"))
	tree := strings.TrimSpace(testtool.Git(t, "rev-parse", "HEAD^{tree}"))
	commit := "tree " + tree + "\nparent " + head + "\nauthor t <t@example.com> 1700000000 +0000\ncommitter t <t@example.com> 1700000000 +0000\n" +
		"gpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEE\n -----END PGP SIGNATURE-----\n\nsigned\n"
	signed := strings.TrimSpace(gitIn(t, commit, "hash-object", "-t", "commit", "-w", "--stdin"))
	testtool.Git(t, "update-ref", "HEAD", signed)
	commits, err := repo.FirstParents("HEAD", "", 10)
	if err != nil || len(commits) != 3 || commits[2].Subject != "signed" {
		t.Fatalf("commits %v, %v", commits, err)
	}
	noneRan(t, ran)
}

// git diff runs each file of the working tree through the clean filter
// (or the process) that its .gitattributes name, as a repository's
// configuration defines it: -new-from-rev ran the program a copied
// .git/config named for each Go file it compared. A driver of the
// user's own configuration (git-lfs's) runs as before.
func TestGitRunsNoRepositoryFilter(t *testing.T) {
	global := filepath.Join(t.TempDir(), "gitconfig")
	t.Setenv("GIT_CONFIG_GLOBAL", global)
	repo, ran := evilRepo(t, map[string]string{
		"filter.evil.clean": "PROG clean", "filter.evil.smudge": "PROG smudge", "filter.evil.process": "PROG process",
		"filter.evil.required": "true", "filter.Odd.name.clean": "PROG odd",
	})
	script := filepath.Join(filepath.Dir(ran), "mine")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho mine >> '"+ran+".mine'\ncat\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	testtool.Git(t, "config", "--global", "filter.mine.clean", script)
	testtool.WriteFiles(t, ".", map[string]string{".gitattributes": "a.go filter=evil\nb.go filter=Odd.name\nc.go filter=mine\n", "c.go": "package a\n"})
	testtool.Git(t, "add", "c.go")
	testtool.WriteFiles(t, ".", map[string]string{"c.go": "package a // edited\n"})
	os.Remove(ran + ".mine")
	readRepo(t, repo)
	noneRan(t, ran)
	if _, err := os.Stat(ran + ".mine"); err != nil {
		t.Errorf("the filter of the user's own configuration did not run: %v", err)
	}
}

// partialClone makes a blob-less clone (git clone --filter=blob:none,
// as CI checkouts are made) of a repository of two commits, from a bare
// repository over file://, works in it and returns it: HEAD~1's b.go is
// not in its objects, and git fetches it from the remote when asked.
func partialClone(t *testing.T) (clone, bare string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	src := t.TempDir()
	t.Chdir(src)
	twoCommits(t)
	bare = filepath.Join(t.TempDir(), "b.git")
	testtool.Git(t, "clone", "-q", "--bare", src, bare)
	testtool.Git(t, "-C", bare, "config", "uploadpack.allowFilter", "true")
	testtool.Git(t, "-C", bare, "config", "uploadpack.allowAnySHA1InWant", "true")
	clone = filepath.Join(t.TempDir(), "clone")
	testtool.Git(t, "clone", "-q", "--filter=blob:none", "file://"+bare, clone)
	t.Chdir(clone)
	if missing := testtool.Git(t, "rev-list", "--objects", "--missing=print", "HEAD"); !strings.Contains(missing, "\n?") {
		t.Skipf("git made a clone with every blob:\n%s", missing)
	}
	return clone, bare
}

// In a partial clone git fetches a blob it lacks from the remote that
// the repository's configuration names, through copycat history's git
// ls-tree -l and cat-file and -new-from-rev's diff; a copied .git/config
// whose remote is ext::COMMAND, with protocol.ext.allow always, had git
// run COMMAND. git fetches now only over file, git, http, https and ssh
// for copycat (GIT_ALLOW_PROTOCOL), so that a blob-less CI clone still
// reads the blobs it lacks, and says which transport it refused.
func TestPartialCloneFetchesOverSafeTransports(t *testing.T) {
	t.Setenv("GIT_ALLOW_PROTOCOL", "")
	os.Unsetenv("GIT_ALLOW_PROTOCOL")
	clone, _ := partialClone(t)
	repo, base, err := OpenAt(clone, "HEAD~1")
	if err != nil {
		t.Fatal(err)
	}
	tree, err := repo.NewTree(t.TempDir(), base, 0)
	if err != nil {
		t.Fatalf("history over a partial clone of a file:// remote: %v", err)
	}
	tree.Close()
	if b, err := os.ReadFile(filepath.Join(tree.Dir, "b.go")); err != nil || string(b) != "package a // one\n" || len(tree.Missing) > 0 {
		t.Errorf("HEAD~1's b.go: %q, %v, missing %q; want it fetched", b, err, tree.Missing)
	}

	for _, step := range []string{"history", "diff"} {
		clone, bare := partialClone(t)
		ran := filepath.Join(t.TempDir(), "ran")
		testtool.Git(t, "config", "remote.origin.url", "ext::sh -c touch% "+ran+";%S% "+bare)
		testtool.Git(t, "config", "protocol.ext.allow", "always")
		repo, base, err := OpenAt(clone, "HEAD~1")
		if err != nil {
			t.Fatal(err)
		}
		switch step {
		case "history":
			tree, err = repo.NewTree(t.TempDir(), base, 0)
			if err == nil {
				tree.Close()
			}
		case "diff":
			_, _, _, err = repo.diffAll(base)
		}
		if want := map[string]string{"history": "git ls-tree: ", "diff": "git diff: "}[step]; err == nil || !strings.HasPrefix(err.Error(), want) ||
			!strings.Contains(err.Error(), "transport 'ext' not allowed") || !strings.Contains(err.Error(), "GIT_ALLOW_PROTOCOL") {
			t.Errorf("%s over a remote ext::COMMAND: %v, want %s, git's refusal of the transport, and how to allow it", step, err, want)
		}
		if _, err := os.Stat(ran); err == nil {
			t.Errorf("%s: the command of the repository's remote ran", step)
		}
	}
}
