package ignore

import (
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
)

// Digest writes to w the name and contents of every .duplignore file under
// root, in a fixed order, leaving out the directories that are skipped by
// default (vendor, testdata, and names starting with . or _). Two trees
// whose .duplignore files say the same give the same bytes; go vet keys
// its cache on a hash of them (see cmd/copycat). A file or directory that
// cannot be read is written as its error, so that the digest still changes
// when it does. Each file is read as ReadFile reads it: no more than a
// byte past MaxFileSize, which is enough to tell what the rules are (a
// larger file has none), where a file of a gigabyte was read whole into
// memory each time go vet asked copycat for its ID.
func Digest(w io.Writer, root string) error { return DigestFiles(w, root, FileName) }

// DigestFiles is Digest for the files of any of names: go vet's cache
// keys on the .duplignore files and on the modules' project files of
// flags (cli.ProjectFile) alike. Each file read is held to MaxFileSize.
func DigestFiles(w io.Writer, root string, names ...string) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		switch {
		case err != nil:
			_, werr := fmt.Fprintf(w, "%s\x00error %v\x00", rel, err)
			return werr
		case d.IsDir() && p != root && skippedDir(d.Name()):
			return filepath.SkipDir
		case d.IsDir() || !slices.Contains(names, d.Name()):
			// A link is read as the analyzer reads it, through it: its
			// target's rules, or the error it gives, are in the digest.
			return nil
		}
		data, err := ReadFile(p)
		if err != nil {
			_, werr := fmt.Fprintf(w, "%s\x00error %v\x00", rel, err)
			return werr
		}
		_, werr := fmt.Fprintf(w, "%s\x00%d\x00%s", rel, len(data), data)
		return werr
	})
}
