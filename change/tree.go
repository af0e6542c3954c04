package change

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
)

// A Tree is the files of one commit that copycat reads (Go files,
// go.mod, .duplignore) written from git's objects into a folder, and
// moved from commit to commit by writing only the files that differ:
// the others keep their status, so that the index knows them unread. No
// checkout or worktree is made, and files git's objects lack (a partial
// clone's) are left out with a warning.
type Tree struct {
	repo   *Repo
	Dir    string
	commit string
	cat    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	// Missing lists the files whose objects were not found.
	Missing []string
	// Refused lists the paths, each once, that git lists but that have an
	// element "", "." or ".." (a crafted tree can hold them; git refuses
	// to check them out): written, "../x.go" would land outside Dir.
	Refused []string
	refused map[string]bool
	// TooLarge lists the paths, each once, left out for a blob larger
	// than maxSize: a file the loader would skip unread, which git
	// holds compressed (4 GB of zeros in 4 MB) and which was read whole
	// into memory to be written.
	TooLarge []string
	large    map[string]bool
	// Links lists the paths, each once, of the files copycat reads (Go
	// files, go.mod, .duplignore) that a commit holds as symbolic links:
	// left out, as a link in git's objects may lead anywhere, where a
	// run over the work tree reads through them.
	Links []string
	links map[string]bool
	// Unwritable lists the paths, each once, that the system refused as
	// names of files (see unwritable): left out, where git lists them.
	Unwritable []string
	unwritable map[string]bool
	maxSize    int64 // 0: no limit
	// written are the sizes of the files written, by name, and bytes
	// their sum, held to maxTreeFiles and maxTreeBytes.
	written map[string]int64
	bytes   int64
}

// What one commit's tree may hold of the files copycat reads to be
// written: a few hundred bytes of git objects can name a billion files
// (a tree holding eight trees, each holding eight, …), and history wrote
// each (262,144 files from 280 KB of .git: 75 s). One million files is
// some fifty times the Go files of Kubernetes; 4 GiB, eight times the
// most the go command accepts of a module. As copycat-dist's checkout
// (dist/pipeline, checkTree). Variables, so that a test may lower them.
var (
	maxTreeFiles       = 1 << 20
	maxTreeBytes int64 = 4 << 30
)

// tooMany is the error of a commit whose tree holds more than a Tree
// writes: more than n of unit.
func tooMany(commit string, n int64, unit string) error {
	return fmt.Errorf("commit %.12s: the files copycat reads in its tree (Go files, go.mod, .duplignore) come to more than %d %s, the most it writes of a commit; not written", commit, n, unit)
}

// gitEntries runs git with args in the repository and calls each with
// each entry of its output, which -z ends with NUL, as git writes them:
// an error each returns stops git and is returned, so that an output of
// a billion entries is neither read whole nor kept.
func (r *Repo) gitEntries(args []string, each func(entry string) error) error {
	return r.gitRead(args, func(out io.Reader) error {
		r := bufio.NewReaderSize(out, 1<<16)
		for {
			entry, err := r.ReadString(0)
			if err != nil {
				return nil // the end, or git's error, which gitRead gives
			}
			if err := each(strings.TrimSuffix(entry, "\x00")); err != nil {
				return err
			}
		}
	})
}

// wanted reports whether copycat reads the file at path name.
func wanted(name string) bool {
	base := path.Base(name)
	return strings.HasSuffix(base, ".go") || base == "go.mod" || base == ".duplignore"
}

// inTree reports whether name, a path as git lists it, names a file
// inside the tree: no element is empty, "." or "..", as git's own
// verify_path asks of a path it checks out, and the path is local.
func inTree(name string) bool {
	for elem := range strings.SplitSeq(name, "/") {
		if elem == "" || elem == "." || elem == ".." {
			return false
		}
	}
	return filepath.IsLocal(filepath.FromSlash(name))
}

// refuse notes a path that is not inTree, once.
func (t *Tree) refuse(name string) { noteOnce(&t.refused, &t.Refused, name) }

// link notes a file held as a symbolic link, once.
func (t *Tree) link(name string) { noteOnce(&t.links, &t.Links, name) }

// noteOnce appends name to list unless seen holds it, and adds it there.
func noteOnce(seen *map[string]bool, list *[]string, name string) {
	if *seen == nil {
		*seen = map[string]bool{}
	}
	if !(*seen)[name] {
		(*seen)[name] = true
		*list = append(*list, name)
	}
}

// NewTree writes commit's files into dir, which must be empty or absent.
// A file larger than maxSize bytes (if maxSize > 0) is neither read nor
// written, and listed in TooLarge. Close ends it.
func (r *Repo) NewTree(dir, commit string, maxSize int64) (*Tree, error) {
	t := &Tree{repo: r, Dir: dir, maxSize: maxSize, written: map[string]int64{}}
	var err error
	if t.cat, err = r.command("cat-file", "--batch"); err != nil {
		return nil, err
	}
	if t.in, err = t.cat.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := t.cat.StdoutPipe()
	if err != nil {
		return nil, err
	}
	t.out = bufio.NewReaderSize(stdout, 1<<16)
	if err := t.cat.Start(); err != nil {
		return nil, fmt.Errorf("git cat-file: %w", err)
	}
	t.commit = commit
	err = r.gitEntries([]string{"ls-tree", "-r", "-l", "-z", "--full-tree", commit}, func(entry string) error {
		meta, name, ok := strings.Cut(entry, "\t")
		f := strings.Fields(meta) // mode, type, object, size
		if ok && len(f) == 4 && f[0] == "120000" && wanted(name) {
			t.link(name)
			return nil
		}
		if !ok || len(f) != 4 || f[1] != "blob" || f[0] == "120000" || !wanted(name) {
			return nil // not a file copycat reads, a link or a submodule
		}
		if !inTree(name) {
			t.refuse(name)
			return nil
		}
		size, err := strconv.ParseInt(f[3], 10, 64)
		if err != nil {
			return fmt.Errorf("git ls-tree: %q", entry)
		}
		return t.write(name, f[2], size)
	})
	if err != nil {
		t.Close()
		return nil, err
	}
	return t, nil
}

// Move moves the tree to commit, writing the files that differ from the
// commit it holds and removing those gone. A file the commit moved (one
// removed and one added of the same blob) is renamed, not written anew:
// a commit moving thousands of files spent most of its time in the
// kernel making them again.
func (t *Tree) Move(commit string) error {
	prev := t.commit
	type entry struct {
		name, oid string
		added     bool // status A, a regular file: it may be a move
	}
	var writes []entry
	gone := map[string][]string{} // blob → the files written that the commit removes
	var meta []string             // the entry before a name: ":<modes> <objects> <status>"
	t.commit = commit             // for the errors
	err := t.repo.gitEntries([]string{"diff-tree", "-r", "-z", "--no-renames", "--no-commit-id", prev, commit}, func(field string) error {
		if meta == nil {
			meta = strings.Fields(strings.TrimPrefix(field, ":"))
			return nil
		}
		m, name := meta, field
		meta = nil
		if len(m) != 5 || !wanted(name) {
			return nil
		}
		if !inTree(name) {
			t.refuse(name)
			return nil
		}
		srcMode, dstMode, src, dst, status := m[0], m[1], m[2], m[3], m[4]
		switch {
		case status == "D" && regular(srcMode) && t.has(name):
			gone[src] = append(gone[src], name) // at most the files written
		case status == "D" || dstMode == "120000" || dstMode == "160000":
			if status != "D" && dstMode == "120000" {
				t.link(name)
			}
			t.remove(name)
		case len(writes) >= maxTreeFiles:
			return tooMany(commit, int64(maxTreeFiles), "files")
		default:
			writes = append(writes, entry{name, dst, status == "A" && regular(dstMode)})
		}
		return nil
	})
	if err != nil {
		return err
	}
	kept := writes[:0]
	for _, w := range writes {
		if from := gone[w.oid]; w.added && len(from) > 0 && t.rename(from[0], w.name) {
			gone[w.oid] = from[1:]
			continue
		}
		kept = append(kept, w)
	}
	writes = kept
	for _, names := range gone {
		for _, name := range names {
			t.remove(name)
		}
	}
	var sizes map[string]int64
	if t.maxSize > 0 && len(writes) > 0 {
		oids := make([]string, len(writes))
		for i, w := range writes {
			oids[i] = w.oid
		}
		if sizes, err = t.repo.sizes(oids); err != nil {
			return err
		}
	}
	for _, w := range writes {
		size, ok := sizes[w.oid]
		if !ok {
			size = -1 // not known: read it, and catBlob says if it is missing
		}
		if err := t.write(w.name, w.oid, size); err != nil {
			return err
		}
	}
	return nil
}

// regular reports whether a tree entry's mode is a file's (not a link's
// or a submodule's).
func regular(mode string) bool { return mode == "100644" || mode == "100755" }

// has reports whether the tree wrote its file name.
func (t *Tree) has(name string) bool {
	_, ok := t.written[name]
	return ok
}

// rename moves the tree's file from to name, and its count of bytes,
// reporting whether it did. A folder at name goes first, as write has it
// go: a commit whose tree holds a file there holds nothing under it.
func (t *Tree) rename(from, name string) bool {
	src, dst := filepath.Join(t.Dir, filepath.FromSlash(from)), filepath.Join(t.Dir, filepath.FromSlash(name))
	if fi, err := os.Lstat(src); err != nil || !fi.Mode().IsRegular() {
		return false
	}
	if fi, err := os.Lstat(dst); err == nil {
		if !fi.IsDir() || os.RemoveAll(dst) != nil {
			return false
		}
	}
	if os.MkdirAll(filepath.Dir(dst), 0o755) != nil || os.Rename(src, dst) != nil {
		return false
	}
	t.written[name] = t.written[from]
	delete(t.written, from)
	return true
}

// remove removes the file name of the tree.
func (t *Tree) remove(name string) {
	os.Remove(filepath.Join(t.Dir, filepath.FromSlash(name)))
	t.bytes -= t.written[name]
	delete(t.written, name)
}

// write writes the blob oid, of size bytes (-1: not known), as file name
// of the tree; a blob larger than the tree's limit is not read, and
// the file of that name is removed.
func (t *Tree) write(name, oid string, size int64) error {
	if t.maxSize > 0 && size > t.maxSize {
		os.RemoveAll(filepath.Join(t.Dir, filepath.FromSlash(name)))
		t.bytes -= t.written[name]
		delete(t.written, name)
		if t.large == nil {
			t.large = map[string]bool{}
		}
		if !t.large[name] {
			t.large[name] = true
			t.TooLarge = append(t.TooLarge, name)
		}
		return nil
	}
	old, had := t.written[name]
	if !had && len(t.written) >= maxTreeFiles {
		return tooMany(t.commit, int64(maxTreeFiles), "files")
	}
	if t.bytes-old+max(size, 0) > maxTreeBytes {
		return tooMany(t.commit, maxTreeBytes, "bytes")
	}
	body, ok, err := catBlob(t.in, t.out, oid)
	if err != nil {
		return err
	}
	if !ok {
		t.Missing = append(t.Missing, name)
		return nil
	}
	if t.bytes-old+int64(len(body)) > maxTreeBytes {
		return tooMany(t.commit, maxTreeBytes, "bytes")
	}
	dst := filepath.Join(t.Dir, filepath.FromSlash(name))
	if err := writeFile(dst, body); err != nil {
		if !unwritable(err) {
			return err
		}
		// A name this system cannot hold: the file is left out, and
		// the one a commit before wrote there removed.
		t.remove(name)
		noteOnce(&t.unwritable, &t.Unwritable, name)
		return nil
	}
	t.written[name], t.bytes = int64(len(body)), t.bytes-old+int64(len(body))
	return nil
}

// writeFile writes body as the file dst, making its folders; a folder in
// its place gives way.
func writeFile(dst string, body []byte) error {
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	err := os.WriteFile(dst, body, 0o644)
	if err == nil {
		return nil
	}
	if fi, statErr := os.Lstat(dst); statErr == nil && fi.IsDir() {
		// A folder named like a Go file, that this commit made a file:
		// git lists the file before what the folder held, all gone.
		if err := os.RemoveAll(dst); err != nil {
			return err
		}
		err = os.WriteFile(dst, body, 0o644)
	}
	return err
}

// unwritable reports whether err, of writing a file of a tree, is the
// system's refusal of its name, not of the write: a name longer than a
// folder's entry may be (git keeps any), one in bytes the file system
// does not take, or one under a file of the tree (a tree may hold a
// file and a folder of one name, z.go and z.go/b.go). A full disk, or a
// folder that may not be written, fails the history.
func unwritable(err error) bool {
	return errors.Is(err, syscall.ENAMETOOLONG) || errors.Is(err, syscall.EILSEQ) || errors.Is(err, syscall.ENOTDIR)
}

// blobBytes counts the bytes of the objects catBlob reads: a test holds
// it under the size of a blob over the limit.
var blobBytes atomic.Int64

// catBlob asks a git cat-file --batch process, whose input is in and
// output out, for the object that spec names (an object ID, or
// commit:path) and reads it; ok is false if there is none.
func catBlob(in io.Writer, out *bufio.Reader, spec string) (body []byte, ok bool, err error) {
	fmt.Fprintln(in, spec)
	header, err := out.ReadString('\n')
	if err != nil {
		return nil, false, fmt.Errorf("git cat-file: %w", err)
	}
	f := strings.Fields(header)
	if len(f) == 2 && f[1] == "missing" {
		return nil, false, nil
	}
	if len(f) != 3 {
		return nil, false, fmt.Errorf("git cat-file: %q", header)
	}
	size, err := strconv.Atoi(f[2])
	if err != nil {
		return nil, false, fmt.Errorf("git cat-file: %q", header)
	}
	blobBytes.Add(int64(size))
	body = make([]byte, size+1) // and the newline after it
	if _, err := io.ReadFull(out, body); err != nil {
		return nil, false, fmt.Errorf("git cat-file: %w", err)
	}
	return body[:size], f[1] == "blob", nil
}

// Blobs reads the files names (paths relative to the repository's root)
// as commit holds them, by name; a name commit lacks is left out, and
// one larger than max bytes (if max > 0) is not read: large gives its
// size.
func (r *Repo) Blobs(commit string, names []string, max int64) (blobs map[string][]byte, large map[string]int64, err error) {
	specs := make([]string, len(names))
	for i, name := range names {
		specs[i] = commit + ":" + name
	}
	objs, big, err := r.Objects(specs, max)
	if err != nil {
		return nil, nil, err
	}
	blobs, large = map[string][]byte{}, map[string]int64{}
	for i, name := range names {
		if b, ok := objs[specs[i]]; ok {
			blobs[name] = b
		} else if n, ok := big[specs[i]]; ok {
			large[name] = n
		}
	}
	return blobs, large, nil
}

// Objects reads the blobs that specs name (object IDs, abbreviated or
// not, or commit:path), by spec; a spec that names no blob is left out,
// and one of a blob larger than max bytes (if max > 0) is not read:
// large gives its size. git holds such a blob compressed (4 GB of zeros
// in 4 MB), and it was read whole into memory.
func (r *Repo) Objects(specs []string, max int64) (blobs map[string][]byte, large map[string]int64, err error) {
	large = map[string]int64{}
	if max > 0 {
		sizes, err := r.sizes(specs)
		if err != nil {
			return nil, nil, err
		}
		var small []string
		for _, spec := range specs {
			if n, ok := sizes[spec]; ok && n > max {
				large[spec] = n
			} else {
				small = append(small, spec)
			}
		}
		specs = small
	}
	blobs, err = r.objects(specs)
	return blobs, large, err
}

// sizes asks git the size of each blob that specs name, by spec: one
// that names no blob is left out.
func (r *Repo) sizes(specs []string) (map[string]int64, error) {
	var in strings.Builder
	var asked []string
	for _, spec := range specs {
		if !strings.ContainsAny(spec, "\n\r") {
			in.WriteString(spec + "\n")
			asked = append(asked, spec)
		}
	}
	cmd, err := r.command("cat-file", "--batch-check")
	if err != nil {
		return nil, err
	}
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git cat-file --batch-check: %w", err)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(asked) == 0 {
		lines = nil
	}
	if len(lines) != len(asked) {
		return nil, fmt.Errorf("git cat-file --batch-check: %d answers to %d objects", len(lines), len(asked))
	}
	sizes := map[string]int64{}
	for i, line := range lines {
		// "<object> <type> <size>", or "<spec> missing" (or ambiguous).
		f := strings.Fields(line)
		if len(f) != 3 || f[1] != "blob" {
			continue
		}
		if n, err := strconv.ParseInt(f[2], 10, 64); err == nil {
			sizes[asked[i]] = n
		}
	}
	return sizes, nil
}

// objects is Objects without a limit.
func (r *Repo) objects(specs []string) (map[string][]byte, error) {
	cat, err := r.command("cat-file", "--batch")
	if err != nil {
		return nil, err
	}
	in, err := cat.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cat.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cat.Start(); err != nil {
		return nil, fmt.Errorf("git cat-file: %w", err)
	}
	out := bufio.NewReaderSize(stdout, 1<<16)
	blobs := map[string][]byte{}
	for _, spec := range specs {
		if strings.ContainsAny(spec, "\n\r") {
			continue // not one line of cat-file's input
		}
		body, ok, err := catBlob(in, out, spec)
		if err != nil {
			in.Close()
			cat.Wait()
			return nil, err
		}
		if ok {
			blobs[spec] = body
		}
	}
	in.Close()
	return blobs, cat.Wait()
}

// Close ends the tree's git process; the folder stays.
func (t *Tree) Close() error {
	t.in.Close()
	return t.cat.Wait()
}
