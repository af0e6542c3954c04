package report

import (
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"unicode"

	"go/build/constraint"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/par"
)

// Categories of classes that are copies on purpose, reported apart from
// the copies someone should merge or keep in step.
const (
	// CategoryBuildVariant: copies in files that no one build can hold
	// together (GOOS or GOARCH file-name suffixes, //go:build lines that
	// cannot both be true), such as a _linux.go and a _windows.go file.
	CategoryBuildVariant = "build-variant"
	// CategoryPerArch: copies in per-architecture back ends, whose paths
	// name different architectures (obj/arm64 and obj/loong64, ssa/_gen's
	// AMD64Ops.go and ARM64Ops.go).
	CategoryPerArch = "per-arch"
	// CategoryMirror: copies kept in step by a generator or by policy: one
	// copy is in a generated file, or a comment in or just above a copy
	// says it is one ("copy of", "keep in sync with"), or the copies are files of the same
	// name in directories that differ only by a version or number suffix
	// (go/types and cmd/compile/internal/types2, api/v1 and api/v2).
	CategoryMirror = "mirror"
	// CategoryPerType: copies in functions whose names differ only by a
	// type or a width (Histogram.Equals and FloatHistogram.Equals,
	// getSymbols32 and getSymbols64, Pull and Pull2): one instantiation per
	// type, where generics do not fit; or generic functions written once
	// per number of type parameters (Zip5 and Zip6), which Go cannot make
	// variadic.
	CategoryPerType = "per-type"
	// CategoryInverse: copies in functions that do opposite things, whose
	// names differ only by opposite words (Encode and Decode, load and
	// store, ToUpper and ToLower, popHead and popTail) or by a Last
	// (IndexAny and LastIndexAny): each runs the other's steps the other
	// way, and sharing them would take a direction through every line.
	CategoryInverse = "inverse"
)

// A FileSource gives ranking the Facts of a file, nil if it has none.
type FileSource func(name string) *fingerprint.Facts

// ReadFacts is the FileSource that reads each file with readFile.
func ReadFacts(readFile func(string) ([]byte, error)) FileSource {
	return func(name string) *fingerprint.Facts {
		src, err := readFile(name)
		if err != nil {
			return nil
		}
		fs := fingerprint.ScanFacts(src)
		return &fs
	}
}

// LoadedFacts is the FileSource of the Facts of files, as loaded, and of
// other for the rest: files not loaded, and those whose Facts are empty,
// as are those of the files a result stored in the index was found in
// and that were not decoded (for a file that has no Facts, other finds
// none either). A loaded file's Facts are decoded when first asked for.
func LoadedFacts(files []*fingerprint.File, other FileSource) FileSource {
	byName := make(map[string]*fingerprint.File, len(files))
	for _, f := range files {
		byName[f.Name] = f
	}
	return func(name string) *fingerprint.Facts {
		if f, ok := byName[name]; ok {
			if fs := f.FactsOf(); fs.Funcs != nil || fs.Comments != nil || fs.Build != "" || fs.Generated {
				return fs
			}
		}
		return other(name)
	}
}

// A headers finds and caches what categorising needs of each file: its
// Facts, from the loaded files or else by reading it, and its build
// constraint.
type headers struct {
	src   FileSource // nil: no file is known
	paths *modulePaths
	// mu guards cache and exclusives: Categorise asks from all CPUs.
	mu    sync.Mutex
	cache map[string]*header
	// exclusives remembers exclusive's answer for two constraints, as
	// many files share theirs.
	exclusives map[[2]string]bool
}

type header struct {
	facts *fingerprint.Facts
	build constraint.Expr // nil when the file has none
}

// header returns file name's header.
func (h *headers) header(name string) *header {
	h.mu.Lock()
	hd, ok := h.cache[name]
	h.mu.Unlock()
	if ok {
		return hd
	}
	hd = h.read(name)
	h.mu.Lock()
	h.cache[name] = hd
	h.mu.Unlock()
	return hd
}

// read finds the header of file name: from its Facts, or by reading it.
// It may be called from several goroutines.
func (h *headers) read(name string) *header {
	var fs *fingerprint.Facts
	if h.src != nil {
		fs = h.src(name)
	}
	if fs == nil {
		fs = new(fingerprint.Facts)
	}
	hd := &header{facts: fs}
	if fs.Build != "" {
		hd.build, _ = constraint.Parse(fs.Build)
	}
	return hd
}

// prefetch finds the headers of the files of the classes not categorised
// yet, on all CPUs.
func (h *headers) prefetch(classes []fingerprint.Class) {
	var names []string
	seen := map[string]bool{}
	for _, c := range classes {
		if c.Signal.Categorised {
			continue
		}
		for _, f := range c.Fragments {
			if !seen[f.File] {
				seen[f.File] = true
				names = append(names, f.File)
			}
		}
	}
	hds := make([]*header, len(names))
	par.For(len(names), runtime.GOMAXPROCS(0), func(_, i int) { hds[i] = h.read(names[i]) })
	for i, n := range names {
		h.cache[n] = hds[i]
	}
}

// category returns the category of c, "" for none, and the evidence
// for it in words: "paths name arm64 and loong64".
func (h *headers) category(c fingerprint.Class) (category, evidence string) {
	if h.buildVariants(c) {
		a, b := h.twoFiles(c)
		return CategoryBuildVariant, fmt.Sprintf("%s and %s are never built together", a, b)
	}
	if a, b := perArch(h.paths.class(c)); a != "" {
		return CategoryPerArch, fmt.Sprintf("paths name %s and %s", a, b)
	}
	if ev := h.mirror(c); ev != "" {
		return CategoryMirror, ev
	}
	if h.perType(c) {
		return CategoryPerType, h.functionPair(c, h.perTypeRelation(c))
	}
	if h.perArity(c) {
		return CategoryPerType, h.functionPair(c, "differ only by their number of type parameters")
	}
	if h.inverse(c) {
		// One method of two types (Decoder.Reset and Encoder.Reset)
		// does the same to each: its types are the opposites.
		if h.shape(c) == ShapeMethods {
			return CategoryInverse, h.functionPair(c, "are one method of types for opposite operations")
		}
		return CategoryInverse, h.functionPair(c, "do opposite things")
	}
	return "", ""
}

// twoFiles names the files of c's first two copies, by their base names
// unless those are the same.
func (h *headers) twoFiles(c fingerprint.Class) (a, b string) {
	a, b = c.Fragments[0].File, c.Fragments[1].File
	if path.Base(a) != path.Base(b) {
		a, b = path.Base(a), path.Base(b)
	}
	return FileName(a), FileName(b)
}

// functionPair says how the functions of c's first two copies relate:
// "Histogram.Equals and FloatHistogram.Equals differ only by a type"; by
// their packages when the functions have one name.
func (h *headers) functionPair(c fingerprint.Class, relation string) string {
	a, b, _ := h.functions(c)
	if a.Name == b.Name {
		pa, pb := path.Dir(c.Fragments[0].File), path.Dir(c.Fragments[1].File)
		return fmt.Sprintf("%s in %s and %s %s", a.Name, FileName(pa), FileName(pb), relation)
	}
	return fmt.Sprintf("%s and %s %s", a.Name, b.Name, relation)
}

// shape names how the functions holding c's first two copies are named
// (see ShapeMethods, ShapeVariants), "" when neither.
func (h *headers) shape(c fingerprint.Class) string {
	a, b, ok := h.functions(c)
	if !ok {
		return ""
	}
	ra, na := receiver(a.Name)
	rb, nb := receiver(b.Name)
	switch {
	case ra != "" && rb != "" && na == nb && ra != rb:
		return ShapeMethods
	case ra != "" && ra == rb && na != nb:
		return ShapeVariants
	}
	return ""
}

// functions returns the functions that hold c's first two copies; not ok
// unless both are in one.
func (h *headers) functions(c fingerprint.Class) (a, b fingerprint.Func, ok bool) {
	if len(c.Fragments) < 2 {
		return a, b, false
	}
	a, okA := h.header(c.Fragments[0].File).facts.Func(c.Fragments[0].Start.Line)
	b, okB := h.header(c.Fragments[1].File).facts.Func(c.Fragments[1].Start.Line)
	return a, b, okA && okB
}

// receiver splits "Recv.Name" into its receiver type and name; a function
// has no receiver.
func receiver(fn string) (recv, name string) {
	if i := strings.LastIndexByte(fn, '.'); i >= 0 {
		return fn[:i], fn[i+1:]
	}
	return "", fn
}

// buildVariants reports whether every two fragments of c are in files
// that no one build holds together.
func (h *headers) buildVariants(c fingerprint.Class) bool {
	for i, a := range c.Fragments {
		for _, b := range c.Fragments[i+1:] {
			if a.File == b.File || !h.exclusive(a.File, b.File) {
				return false
			}
		}
	}
	return true
}

// exclusive reports whether no GOOS and GOARCH, with any setting of the
// other tags, builds both files.
func (h *headers) exclusive(a, b string) bool {
	xa, xb := fileConstraint(a, h.header(a).build), fileConstraint(b, h.header(b).build)
	if xa == nil && xb == nil {
		return false
	}
	key := [2]string{exprString(xa), exprString(xb)}
	h.mu.Lock()
	ex, ok := h.exclusives[key]
	h.mu.Unlock()
	if ok {
		return ex
	}
	ex = exclusive(xa, xb)
	h.mu.Lock()
	if h.exclusives == nil {
		h.exclusives = map[[2]string]bool{}
	}
	h.exclusives[key] = ex
	h.mu.Unlock()
	return ex
}

func exprString(x constraint.Expr) string {
	if x == nil {
		return ""
	}
	return x.String()
}

// exclusive reports whether no GOOS and GOARCH, with any setting of the
// other tags, satisfies both constraints (nil holds always).
func exclusive(xa, xb constraint.Expr) bool {
	free := freeTags(xa, xb)
	if len(free) > 8 {
		return false // too many to try: not sure, so not a variant
	}
	// One function for every setting tried, reading the setting from the
	// variables the loops set: a function made at each try escaped to
	// the heap, one allocation a try.
	var goos, goarch string
	var set int
	ok := func(tag string) bool {
		if i := slices.Index(free, tag); i >= 0 {
			return set&(1<<i) != 0
		}
		return platformTag(tag, goos, goarch)
	}
	for _, goos = range knownOS {
		for _, goarch = range knownArch {
			for set = 0; set < 1<<len(free); set++ {
				if eval(xa, ok) && eval(xb, ok) {
					return false
				}
			}
		}
	}
	return true
}

func eval(x constraint.Expr, ok func(string) bool) bool { return x == nil || x.Eval(ok) }

// fileConstraint joins a file's //go:build line and what its name's
// _GOOS, _GOARCH or _GOOS_GOARCH suffix implies.
func fileConstraint(name string, build constraint.Expr) constraint.Expr {
	x := build
	and := func(tag string) {
		t := &constraint.TagExpr{Tag: tag}
		if x == nil {
			x = t
		} else {
			x = &constraint.AndExpr{X: x, Y: t}
		}
	}
	base := strings.TrimSuffix(strings.TrimSuffix(path.Base(name), ".go"), "_test")
	parts := strings.Split(base, "_")
	n := len(parts)
	switch {
	case n >= 3 && isOS(parts[n-2]) && isArch(parts[n-1]):
		and(parts[n-2])
		and(parts[n-1])
	case n >= 2 && isOS(parts[n-1]):
		and(parts[n-1])
	case n >= 2 && isArch(parts[n-1]):
		and(parts[n-1])
	}
	return x
}

// freeTags lists the tags of xs that are not GOOS, GOARCH, unix, ignore
// or a Go version: they may be set or not in any build. No build sets
// ignore: by convention, a file built with it is a program of its own
// (a generator that go generate runs), which no build of the package
// holds.
func freeTags(xs ...constraint.Expr) []string {
	var tags []string
	for _, x := range xs {
		walkTags(x, func(tag string) {
			if !isOS(tag) && !isArch(tag) && tag != "unix" && tag != "ignore" && !strings.HasPrefix(tag, "go1.") && !slices.Contains(tags, tag) {
				tags = append(tags, tag)
			}
		})
	}
	slices.Sort(tags)
	return tags
}

func walkTags(x constraint.Expr, fn func(string)) {
	switch x := x.(type) {
	case *constraint.TagExpr:
		fn(x.Tag)
	case *constraint.NotExpr:
		walkTags(x.X, fn)
	case *constraint.AndExpr:
		walkTags(x.X, fn)
		walkTags(x.Y, fn)
	case *constraint.OrExpr:
		walkTags(x.X, fn)
		walkTags(x.Y, fn)
	}
}

// platformTag says whether tag holds when building for goos and goarch,
// as the go command decides.
func platformTag(tag, goos, goarch string) bool {
	switch {
	case tag == goos || tag == goarch:
		return true
	case tag == "unix":
		return slices.Contains(unixOS, goos)
	case tag == "linux":
		return goos == "android"
	case tag == "solaris":
		return goos == "illumos"
	case tag == "darwin":
		return goos == "ios"
	case strings.HasPrefix(tag, "go1."):
		return true
	}
	return false // any other tag, ignore among them, is not set
}

// From go/build's lists (internal/syslist).
var (
	knownOS = []string{"aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "js", "linux",
		"nacl", "netbsd", "openbsd", "plan9", "solaris", "wasip1", "windows", "zos"}
	unixOS = []string{"aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "linux",
		"netbsd", "openbsd", "solaris"}
	knownArch = []string{"386", "amd64", "amd64p32", "arm", "armbe", "arm64", "arm64be", "loong64", "mips", "mipsle",
		"mips64", "mips64le", "mips64p32", "mips64p32le", "ppc", "ppc64", "ppc64le", "riscv", "riscv64", "s390",
		"s390x", "sparc", "sparc64", "wasm"}
)

// archDirs are directory names of per-architecture code that are not
// GOARCH values.
var archDirs = []string{"x86", "ppc64x", "mips64x", "mipsx", "armx", "riscvx"}

func isOS(s string) bool   { return slices.Contains(knownOS, s) }
func isArch(s string) bool { return slices.Contains(knownArch, s) }

// perArch returns two different architectures that the paths of c's
// fragments name, when every path names one (a directory such as
// obj/arm64, or a file name such as AMD64Ops.go or asm_ppc64.s's Go
// side) and not all the same one; "" otherwise.
func perArch(c fingerprint.Class) (a, b string) {
	for _, f := range c.Fragments {
		arch := pathArch(f.File)
		switch {
		case arch == "":
			return "", ""
		case a == "":
			a = arch
		case b == "" && arch != a:
			b = arch
		}
	}
	if b == "" {
		return "", ""
	}
	return a, b
}

// archsLongestFirst are knownArch, the longest names first, so that a
// path naming arm64 is not read as naming arm.
var archsLongestFirst = func() []string {
	archs := slices.Clone(knownArch)
	slices.SortFunc(archs, func(a, b string) int { return len(b) - len(a) })
	return archs
}()

// pathArch returns the architecture a path names, or "".
func pathArch(name string) string {
	dir, base := path.Split(filepath.ToSlash(name))
	for _, el := range strings.Split(strings.Trim(dir, "/"), "/") {
		if isArch(el) || slices.Contains(archDirs, el) {
			return el
		}
	}
	base = strings.TrimSuffix(base, ".go")
	lower := strings.ToLower(base)
	if isArch(lower) || slices.Contains(archDirs, lower) {
		return lower // cmd/asm/internal/arch's loong64.go, ppc64.go
	}
	for _, a := range archsLongestFirst {
		if len(a) >= 3 && a != "arm" && a != "ppc" && (strings.Contains(base, strings.ToUpper(a)) || strings.HasSuffix(lower, "_"+a)) {
			return a
		}
	}
	return ""
}

// mirror returns why c's copies are kept in step on purpose, "" when
// they are not: a copy is in a generated file, or a note on a copy (in
// it or in its doc comment) says it is a copy and names another copy
// (see notedCopy), or all are files of one name in directories whose
// names differ, but only by a trailing version or number (types and
// types2, v1 and v1beta1): one tree mirrored into another. Files of one
// name in directories of one name (two packages' storage/storage.go) are
// not: that is how packages are laid out, not a mirror.
func (h *headers) mirror(c fingerprint.Class) string {
	if f := h.generated(c); f != "" {
		if h.header(f).facts.Machine {
			return FileName(f) + " is a generator's state machine"
		}
		return FileName(f) + " is generated"
	}
	if ev := h.notedCopy(c); ev != "" {
		return ev
	}
	in := h.paths.class(c)
	if a, b := versionedPaths(in); a != "" {
		return fmt.Sprintf("paths differ only by a version: %s and %s", a, b)
	}
	return sameFileOtherVersion(in)
}

// generated returns the first of c's files whose header says it is
// generated, "" when none does.
func (h *headers) generated(c fingerprint.Class) string {
	for _, f := range c.Fragments {
		if h.header(f.File).facts.Generated {
			return f.File
		}
	}
	return ""
}

// sameFileOtherVersion returns, when c's copies are all files of one name
// in directories whose names differ but only by a trailing version or
// number (types and types2), why they are mirrors; "" otherwise.
func sameFileOtherVersion(c fingerprint.Class) string {
	base, stem := "", ""
	var last, dirs []string
	for i, f := range c.Fragments {
		dir, b := path.Split(filepath.ToSlash(f.File))
		dir = strings.TrimSuffix(dir, "/")
		s := versionStem(dir)
		if i == 0 {
			base, stem = b, s
		}
		if b != base || s != stem || s == "" || slices.Contains(last, path.Base(dir)) {
			return ""
		}
		last, dirs = append(last, path.Base(dir)), append(dirs, dir)
	}
	return fmt.Sprintf("%s in %s and %s, directories of one name but for a version", base, dirs[0], dirs[1])
}

// versionedPaths returns the first two differing path elements of c's
// copies when their paths differ, element by element, only where one
// element has a version (v and a number: v2, v1beta1, _v2) the other
// lacks or changes
// (blockstorage/v2/backups/results.go and blockstorage/v3/backups/
// results.go, msteams/msteams.go and msteamsv2/msteamsv2.go,
// gomodguard.go and gomodguard_v2.go): an API version kept beside the
// one it was copied from. "" when they differ in any other way, or not
// at all.
func versionedPaths(c fingerprint.Class) (a, b string) {
	split := func(name string) []string {
		return strings.Split(strings.TrimSuffix(filepath.ToSlash(name), ".go"), "/")
	}
	first := split(c.Fragments[0].File)
	for _, f := range c.Fragments[1:] {
		other := split(f.File)
		if len(other) != len(first) {
			return "", ""
		}
		for i := range first {
			x, y := first[i], other[i]
			if x == y {
				continue
			}
			if versionElem(x) != versionElem(y) {
				return "", ""
			}
			if a == "" {
				a, b = x, y
			}
		}
	}
	return a, b
}

var elemVersion = regexp.MustCompile(`[_.-]?v` + versionNumber)

// versionElem is a path element without its trailing version: v2 → "",
// msteamsv2 → msteams, gomodguard_v2 → gomodguard. A number alone is no
// version: p0/f1.go and p2/f23.go, or staticcheck's checks qf1002 and
// qf1003, are different things numbered, not versions of one.
func versionElem(s string) string { return elemVersion.ReplaceAllString(s, "") }

// notedCopy returns the note that makes c a copy on purpose, with its
// place, "" for none: a note on one copy (in it or in its doc comment,
// see fingerprint.Facts.NotesOn) or in its file's header (above the
// package clause: about the whole file) that names another copy — its
// package's directory, its file or its function. A note that names none
// ("a point-in-time copy of a row's fields") may be about anything, and
// does not count; nor does a note elsewhere in the file, which is about
// some other code.
//
// The copies are looked up by the words of a note, each name kept with
// the first two copies it names (a note never names its own copy): each
// note was matched against the names of every copy, and 8,000 copies of
// one function, each noting that it was copied from upstream, took 16 s
// against 0.16 s to parse.
func (h *headers) notedCopy(c fingerprint.Class) string {
	var named map[string][]int // the copies by each of their names, folded (foldKey); made when a note is met
	looked := 0                // the names and words looked up (work)
	defer func() { work.Add(int64(looked)) }()
	for i, f := range c.Fragments {
		fs := h.header(f.File).facts
		for _, notes := range [][]fingerprint.Note{fs.NotesOn(f.Start.Line, f.End.Line), fs.HeaderNotes()} {
			for _, n := range notes {
				if named == nil {
					named = map[string][]int{}
					for j, g := range c.Fragments {
						for _, name := range h.copyNames(g) {
							looked++
							k := foldKey(name)
							if js := named[k]; len(js) == 0 || len(js) == 1 && js[0] != j {
								named[k] = append(js, j)
							}
						}
					}
				}
				first := -1 // the first other copy a word of the note names
				for w := range strings.FieldsFuncSeq(n.Text, func(r rune) bool { return !isWordRune(r) }) {
					js := named[foldKey(w)]
					looked += 1 + len(js)
					for _, j := range js {
						if j != i {
							if first < 0 || j < first {
								first = j
							}
							break
						}
					}
				}
				if first >= 0 {
					return fmt.Sprintf("the note at %s:%d names %s", FileName(f.File), n.Line, FileName(c.Fragments[first].File))
				}
			}
		}
	}
	return ""
}

// foldKey is s with each character the least of those it equals in any
// case (unicode.SimpleFold): two strings equal under strings.EqualFold
// have one foldKey.
func foldKey(s string) string {
	var b strings.Builder
	for _, r := range s {
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		b.WriteRune(least)
	}
	return b.String()
}

// copyNames are the names a note may call copy f by: its directory's,
// its file's without .go, and its function's and receiver type's.
func (h *headers) copyNames(f fingerprint.Fragment) []string {
	name := filepath.ToSlash(f.File)
	names := []string{path.Base(path.Dir(name)), strings.TrimSuffix(strings.TrimSuffix(path.Base(name), ".go"), "_test")}
	if fn, ok := h.header(f.File).facts.Func(f.Start.Line); ok {
		recv, fname := receiver(fn.Name)
		names = append(names, fname, recv)
	}
	return slices.DeleteFunc(names, func(s string) bool { return len(s) < 2 || s == "." || s == "/" })
}

// isWordRune reports whether r stands in a word of a note: an ASCII
// letter, digit or underscore, or any character past ASCII.
func isWordRune(r rune) bool {
	return r == '_' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || r > 0x7f
}

// versionNumber is the number of a version at the end of a name: 2,
// 1beta1.
const versionNumber = `[0-9]+((alpha|beta)[0-9]*)?$`

var versionSuffix = regexp.MustCompile(`v?` + versionNumber)

// versionStem is a directory's name without a trailing version or
// number (types2 → types, apiv2 → api); a name that is only a version
// stands for its parent's (api/v1 → api/).
func versionStem(dir string) string {
	if s := versionSuffix.ReplaceAllString(path.Base(dir), ""); s != "" {
		return s
	}
	if parent := path.Dir(dir); parent != "." && parent != "/" {
		return path.Base(parent) + "/"
	}
	return ""
}
