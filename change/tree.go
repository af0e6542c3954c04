package change

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"
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
func (t *Tree) refuse(name string) {
	if t.refused == nil {
		t.refused = map[string]bool{}
	}
	if !t.refused[name] {
		t.refused[name] = true
		t.Refused = append(t.Refused, name)
	}
}

// NewTree writes commit's files into dir, which must be empty or absent.
// Close ends it.
func (r *Repo) NewTree(dir, commit string) (*Tree, error) {
	t := &Tree{repo: r, Dir: dir}
	t.cat = exec.Command("git", "cat-file", "--batch")
	t.cat.Dir = r.Root
	var err error
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
	out, err := git(r.Root, "ls-tree", "-r", "-z", "--full-tree", commit)
	if err != nil {
		t.Close()
		return nil, err
	}
	for _, entry := range strings.Split(out, "\x00") {
		meta, name, ok := strings.Cut(entry, "\t")
		f := strings.Fields(meta)
		if !ok || len(f) != 3 || f[1] != "blob" || f[0] == "120000" || !wanted(name) {
			continue // not a file copycat reads, a link or a submodule
		}
		if !inTree(name) {
			t.refuse(name)
			continue
		}
		if err := t.write(name, f[2]); err != nil {
			t.Close()
			return nil, err
		}
	}
	t.commit = commit
	return t, nil
}

// Move moves the tree to commit, writing the files that differ from the
// commit it holds and removing those gone.
func (t *Tree) Move(commit string) error {
	out, err := git(t.repo.Root, "diff-tree", "-r", "-z", "--no-renames", "--no-commit-id", t.commit, commit)
	if err != nil {
		return err
	}
	fields := strings.Split(out, "\x00")
	for i := 0; i+1 < len(fields); i += 2 {
		meta, name := strings.Fields(strings.TrimPrefix(fields[i], ":")), fields[i+1]
		if len(meta) != 5 || !wanted(name) {
			continue
		}
		if !inTree(name) {
			t.refuse(name)
			continue
		}
		dstMode, dst, status := meta[1], meta[3], meta[4]
		switch {
		case status == "D" || dstMode == "120000" || dstMode == "160000":
			os.Remove(filepath.Join(t.Dir, filepath.FromSlash(name)))
		default:
			if err := t.write(name, dst); err != nil {
				return err
			}
		}
	}
	t.commit = commit
	return nil
}

// write writes the blob oid as file name of the tree.
func (t *Tree) write(name, oid string) error {
	body, ok, err := catBlob(t.in, t.out, oid)
	if err != nil {
		return err
	}
	if !ok {
		t.Missing = append(t.Missing, name)
		return nil
	}
	dst := filepath.Join(t.Dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	err = os.WriteFile(dst, body, 0o644)
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
	body = make([]byte, size+1) // and the newline after it
	if _, err := io.ReadFull(out, body); err != nil {
		return nil, false, fmt.Errorf("git cat-file: %w", err)
	}
	return body[:size], f[1] == "blob", nil
}

// Blobs reads the files names (paths relative to the repository's root)
// as commit holds them, by name; a name commit lacks is left out.
func (r *Repo) Blobs(commit string, names []string) (map[string][]byte, error) {
	specs := make([]string, len(names))
	for i, name := range names {
		specs[i] = commit + ":" + name
	}
	objs, err := r.Objects(specs)
	if err != nil {
		return nil, err
	}
	blobs := map[string][]byte{}
	for i, name := range names {
		if b, ok := objs[specs[i]]; ok {
			blobs[name] = b
		}
	}
	return blobs, nil
}

// Objects reads the blobs that specs name (object IDs, abbreviated or
// not, or commit:path), by spec; a spec that names no blob is left out.
func (r *Repo) Objects(specs []string) (map[string][]byte, error) {
	cat := exec.Command("git", "cat-file", "--batch")
	cat.Dir = r.Root
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
