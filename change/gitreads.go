package change

import (
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

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
