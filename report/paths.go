package report

import (
	"cmp"
	"os"
	"path/filepath"
	"sync"

	"github.com/copycat-go/copycat/fingerprint"
)

// modulePaths finds where files lie within their modules, for the rules
// that read directory names (tests/, examples/, arm64/, types2/): the
// directories above a module's root are where its user keeps it, not
// part of it, so /home/ann/tests/proj/a.go is a production file of proj
// whether the run names it so or as a.go from inside proj. A module's
// root is the outermost directory above the file that holds a go.mod
// (a module nested in another, such as examples/ with a go.mod of its
// own, is read as a part of the outer one, as a run from the outer root
// lists it), or else the nearest that holds .git. A name that is not a
// file on disk, such as the analyzer's and the pipeline's, which are
// already relative to their module, is kept as it is, and so is one
// outside any module.
type modulePaths struct {
	mu    sync.Mutex
	roots map[string]anchors // what each directory's root is found from
	names map[string]string  // a file's name → its path within its module
	// wd is the working directory, asked for once: filepath.Abs asks
	// for it (two stats) for each relative name.
	wd func() (string, error)
}

// statFile is os.Stat, which a test counts the calls of.
var statFile = os.Stat

func newModulePaths() *modulePaths {
	return &modulePaths{roots: map[string]anchors{}, names: map[string]string{}, wd: sync.OnceValues(os.Getwd)}
}

// abs is filepath.Abs(name), with the working directory asked for once.
func (m *modulePaths) abs(name string) (string, error) {
	if filepath.IsAbs(name) {
		return filepath.Clean(name), nil
	}
	wd, err := m.wd()
	if err != nil {
		return "", err
	}
	return filepath.Join(wd, name), nil
}

// of returns the path of the file name within its module, with forward
// slashes; name as it is when it is not a file or lies in no module,
// or when m is nil.
func (m *modulePaths) of(name string) string {
	if m == nil {
		return name
	}
	m.mu.Lock()
	p, ok := m.names[name]
	m.mu.Unlock()
	if ok {
		return p
	}
	p = name
	if abs, err := m.abs(name); err == nil {
		if fi, err := statFile(abs); err == nil && fi.Mode().IsRegular() {
			if root := m.root(filepath.Dir(abs)); root != "" {
				if rel, err := filepath.Rel(root, abs); err == nil && filepath.IsLocal(rel) {
					p = filepath.ToSlash(rel)
				}
			}
		}
	}
	m.mu.Lock()
	m.names[name] = p
	m.mu.Unlock()
	return p
}

// root returns the root of the module that holds directory dir, "" for
// none.
func (m *modulePaths) root(dir string) string {
	r := m.above(dir)
	return cmp.Or(r.goMod, r.git)
}

// anchors are what a directory's module root is found from: the
// outermost directory at or above it that holds a go.mod, and the
// nearest that holds .git ("" for none).
type anchors struct{ goMod, git string }

func (m *modulePaths) above(dir string) anchors {
	m.mu.Lock()
	r, ok := m.roots[dir]
	m.mu.Unlock()
	if ok {
		return r
	}
	if parent := filepath.Dir(dir); parent != dir {
		r = m.above(parent)
	}
	if r.goMod == "" && exists(filepath.Join(dir, "go.mod")) {
		r.goMod = dir
	}
	if exists(filepath.Join(dir, ".git")) {
		r.git = dir
	}
	m.mu.Lock()
	m.roots[dir] = r
	m.mu.Unlock()
	return r
}

func exists(name string) bool {
	_, err := statFile(name)
	return err == nil
}

// class returns c with each fragment's File its path within its module,
// for the rules on directories; c itself when every name is that
// already, or when m is nil.
func (m *modulePaths) class(c fingerprint.Class) fingerprint.Class {
	if m == nil {
		return c
	}
	var frags []fingerprint.Fragment
	for i, f := range c.Fragments {
		if p := m.of(f.File); p != f.File {
			if frags == nil {
				frags = make([]fingerprint.Fragment, len(c.Fragments))
				copy(frags, c.Fragments)
			}
			frags[i].File = p
		}
	}
	if frags != nil {
		c.Fragments = frags
	}
	return c
}
