package change

import (
	"fmt"
	"io"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/copycat-go/copycat/internal/nowait"
	"github.com/copycat-go/copycat/internal/words"
)

// git opens, to compare a file of the work tree, the .gitattributes of
// its folder and of each folder above it (git check-ignore their
// .gitignore), and, for git diff and diff-index, the git folder's
// info/attributes and info/exclude and the files core.attributesFile and
// core.excludesFile name; and reads each whole. One that is a named pipe
// had git wait in its open for a writer for ever, and the run with it (a
// tree copied with one: an archive, a folder shared; git cannot store
// one), and a device such as /dev/zero would be read without end. Before
// git runs, such a file is an error naming it.

// specialGitFile returns the error for the first file git would open
// for its rules, of those above, that is not a regular file, or nil:
// base (".gitattributes", ".gitignore", or "" for none) in the folder of
// each of names (relative to the root, slash-separated) and those above
// it, then the files of the git folder and the configuration.
func (r *Repo) specialGitFile(names []string, base string) error {
	var paths []string
	if base != "" {
		dirs := map[string]bool{}
		for _, name := range names {
			for d := path.Dir(name); !dirs[d]; d = path.Dir(d) {
				dirs[d] = true
				if d == "." || d == "/" {
					break
				}
			}
		}
		for _, d := range slices.Sorted(maps.Keys(dirs)) {
			paths = append(paths, filepath.Join(r.Root, filepath.FromSlash(d), base))
		}
	}
	if r.gitDir != "" {
		paths = append(paths, filepath.Join(r.gitDir, "info", "attributes"), filepath.Join(r.gitDir, "info", "exclude"))
	}
	for _, key := range []string{"core.attributesfile", "core.excludesfile"} {
		file := r.guard().files[key]
		if file == "" {
			continue
		}
		if rest, ok := strings.CutPrefix(file, "~/"); ok {
			if home, err := os.UserHomeDir(); err == nil {
				file = filepath.Join(home, rest)
			}
		}
		if !filepath.IsAbs(file) {
			file = filepath.Join(r.Root, file)
		}
		paths = append(paths, file)
	}
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil || fi.Mode().IsRegular() || fi.IsDir() {
			continue
		}
		return fmt.Errorf("%s is a %s, not a file: git opens it for the rules of the files it compares, and would wait on it or read it without end; remove it", p, words.FileKind(fi.Mode()))
	}
	return nil
}

// git opens some files of the git folder for every command it runs
// (HEAD, config, the index for a diff, packed-refs, the branch HEAD
// names, the commit graph as it reads a commit, each pack's index as it
// looks for an object), and one that is
// a named pipe had git wait in its open for a writer for ever, and the
// run with it unless someone interrupted it (a .git copied with one; git
// itself hangs so). Before the first git command, the git folder git
// would find from the run's folder is looked for as git looks for it,
// and those files that are no regular files are an error naming them.
// A loose object (one file an object, thousands of them) is not looked
// at: git opens one only when it reads that object, and an interrupt
// ends the run then (see OpenAtContext).

// gitFolderFiles are the files of a git folder, and of the common folder
// a worktree's names, that git opens whatever it is asked.
var gitFolderFiles = []string{"HEAD", "config", "config.worktree", "commondir", "index", "packed-refs", "shallow",
	"objects/info/alternates", "objects/info/commit-graph", "objects/info/commit-graphs/commit-graph-chain", "info/grafts"}

// maxGitPointer is the most bytes of a commondir file or HEAD read: each
// holds one path or one ref (a larger one is left to git, which says
// what is wrong with it).
const maxGitPointer = 4096

// gitFolder returns the git folder git finds from dir: GIT_DIR if set,
// else that of the nearest .git at or above dir (findGitDir), else dir
// itself when it holds HEAD and objects (a bare repository or a .git
// folder); "" when none is found so, and git runs unchecked.
func gitFolder(dir string) string {
	if env := os.Getenv("GIT_DIR"); env != "" {
		return env
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	if g := findGitDir(abs); g != "" {
		return g
	}
	objects, oerr := os.Stat(filepath.Join(abs, "objects"))
	if _, herr := os.Stat(filepath.Join(abs, "HEAD")); oerr == nil && objects.IsDir() && herr == nil {
		return abs
	}
	return ""
}

// specialGitFolder returns the error for the first file of dir's git
// folder (see gitFolder) that git opens for every command and that is
// not a regular file, or nil: those of gitFolderFiles, of the common
// folder a worktree's commondir names, the branch HEAD names, and each
// pack's files.
func specialGitFolder(dir string) error {
	gitDir := gitFolder(dir)
	if gitDir == "" {
		return nil
	}
	// The folder's own files first: commondir and HEAD, read below, are
	// then regular files or missing.
	if err := checkRegular(gitDir, gitFolderFiles...); err != nil {
		return err
	}
	folders := []string{gitDir}
	if data, err := readSmall(filepath.Join(gitDir, "commondir")); err == nil {
		common := strings.TrimSpace(string(data))
		if !filepath.IsAbs(common) {
			common = filepath.Join(gitDir, common)
		}
		if err := checkRegular(common, gitFolderFiles...); err != nil {
			return err
		}
		folders = append(folders, common)
	}
	if data, err := readSmall(filepath.Join(gitDir, "HEAD")); err == nil {
		if ref, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "ref: "); ok && filepath.IsLocal(filepath.FromSlash(ref)) {
			for _, f := range folders {
				if err := checkRegular(f, ref); err != nil {
					return err
				}
			}
		}
	}
	for _, f := range folders {
		packs := filepath.Join(f, "objects", "pack")
		entries, err := os.ReadDir(packs)
		if err != nil {
			continue
		}
		names := make([]string, len(entries))
		for i, e := range entries {
			names[i] = e.Name()
		}
		if err := checkRegular(packs, names...); err != nil {
			return err
		}
	}
	return nil
}

// checkRegular returns the error for the first of the files of dir
// named (slash-separated) that exists and is neither a regular file nor
// a folder.
func checkRegular(dir string, names ...string) error {
	for _, name := range names {
		p := filepath.Join(dir, filepath.FromSlash(name))
		fi, err := os.Stat(p)
		if err != nil || fi.Mode().IsRegular() || fi.IsDir() {
			continue
		}
		return &gitFileError{fmt.Errorf("%s is a %s, not a file: git opens it for every command, and would wait on it or read it without end; remove it", p, words.FileKind(fi.Mode()))}
	}
	return nil
}

// A gitFileError is a file of the git folder that git would wait on: no
// git command is run after it.
type gitFileError struct{ error }

func (e *gitFileError) Unwrap() error { return e.error }

// readSmall reads the first maxGitPointer bytes of a file of the git
// folder that checkRegular let pass, opened without waiting all the same
// (it may have been replaced since).
func readSmall(path string) ([]byte, error) {
	f, err := nowait.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, maxGitPointer))
}
