package lsp

import (
	"os"
	"path/filepath"
	"sync"
)

// An aliasTable takes the path of a file the editor names to the path
// the workspace's index holds it under: the editor may name a file
// through another spelling of its folders than the workspace folder's
// (the folder opened through a symbolic link, the file by its real
// path, or the other way round), and the file was then read twice, an
// open buffer outside every folder beside its own file on the disk:
// "duplicate of a.go … 3 copies", of itself. It is safe for concurrent
// use.
type aliasTable struct {
	mu    sync.Mutex
	roots []aliasRoot
	known map[string]string // path → the index's path, for paths outside every folder
	// targets are the real paths of the workspace's files that are
	// symbolic links (l.go -> ../other/x.go), to those files: the editor
	// that opens the file a link leads to (having followed it) opens the
	// workspace's file, which was read beside its own buffer, "3 copies"
	// of one copy and itself.
	targets map[string]string
}

// An aliasRoot is a workspace folder and its real path.
type aliasRoot struct{ path, real string }

// maxAliases bounds the paths an aliasTable keeps: beyond it, a path is
// looked up again each time.
const maxAliases = 1 << 12

// setRoots sets the workspace folders.
func (a *aliasTable) setRoots(roots []string) {
	rs := make([]aliasRoot, len(roots))
	for i, r := range roots {
		rs[i] = aliasRoot{r, r}
		if real, err := filepath.EvalSymlinks(r); err == nil {
			rs[i].real = real
		}
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.roots, a.known = rs, nil
}

// setTargets sets the files the workspace's links lead to (see targets).
func (a *aliasTable) setTargets(targets map[string]string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.targets, a.known = targets, nil
}

// linkTargets returns, of the files at paths, those that are symbolic
// links to a file, by the real path of that file.
func linkTargets(paths []string) map[string]string {
	targets := map[string]string{}
	for _, p := range paths {
		if fi, err := os.Lstat(p); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			continue
		}
		if real, err := filepath.EvalSymlinks(p); err == nil {
			targets[real] = p
		}
	}
	return targets
}

// of returns the path the workspace holds the file at path under: path
// itself when a folder holds it as it is spelled, or when no folder
// holds the file it leads to.
func (a *aliasTable) of(path string) string {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, r := range a.roots {
		if _, ok := relIn(r.path, path); ok {
			return path
		}
	}
	if p, ok := a.known[path]; ok {
		return p
	}
	index := path
	if real, ok := realPath(path); ok {
		for _, r := range a.roots {
			if rel, ok := relIn(r.real, real); ok {
				index = filepath.Join(r.path, rel)
				break
			}
		}
		if link, ok := a.targets[real]; ok && index == path {
			index = link
		}
	}
	if a.known == nil {
		a.known = map[string]string{}
	}
	if len(a.known) < maxAliases {
		a.known[path] = index
	}
	return index
}

// realPath is path with every symbolic link resolved; of a file not yet
// on the disk (a new buffer), its folder's.
func realPath(path string) (string, bool) {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		return real, true
	}
	if _, err := os.Lstat(path); err == nil {
		return "", false // a link that leads nowhere
	}
	dir, err := filepath.EvalSymlinks(filepath.Dir(path))
	return filepath.Join(dir, filepath.Base(path)), err == nil
}

// relIn returns path relative to dir, and whether dir holds it, as
// inWorkspace asks.
func relIn(dir, path string) (string, bool) {
	rel, err := filepath.Rel(dir, path)
	return rel, err == nil && filepath.IsLocal(rel)
}
