package report

import (
	"bufio"
	"bytes"
	"path"
	"regexp"
	"slices"
	"strings"

	"go/build/constraint"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/ignore"
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
)

// A headers reads and caches what categorising needs from the top of
// each file: its build constraint and whether it is generated.
type headers struct {
	readFile func(string) ([]byte, error)
	cache    map[string]header
}

type header struct {
	build     constraint.Expr // nil when the file has none
	generated bool
	src       []byte // the whole file, for the notes of deliberate copies
}

// header reads the comments before the package clause of file name.
func (h *headers) header(name string) header {
	if hd, ok := h.cache[name]; ok {
		return hd
	}
	var hd header
	if h.readFile != nil {
		if src, err := h.readFile(name); err == nil {
			hd = parseHeader(src)
			hd.src = src
		}
	}
	h.cache[name] = hd
	return hd
}

func parseHeader(src []byte) header {
	hd := header{generated: ignore.IsGenerated(src)}
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "package ") {
			break
		}
		if constraint.IsGoBuild(line) {
			if x, err := constraint.Parse(line); err == nil {
				hd.build = x
			}
		}
	}
	return hd
}

// category returns the category of c, "" for none.
func (h *headers) category(c fingerprint.Class) string {
	switch {
	case h.buildVariants(c):
		return CategoryBuildVariant
	case perArch(c):
		return CategoryPerArch
	case h.mirror(c):
		return CategoryMirror
	}
	return ""
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
	free := freeTags(xa, xb)
	if len(free) > 8 {
		return false // too many to try: not sure, so not a variant
	}
	for _, goos := range knownOS {
		for _, goarch := range knownArch {
			for set := 0; set < 1<<len(free); set++ {
				ok := func(tag string) bool {
					if i := slices.Index(free, tag); i >= 0 {
						return set&(1<<i) != 0
					}
					return platformTag(tag, goos, goarch)
				}
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

// freeTags lists the tags of xs that are not GOOS, GOARCH, unix or a Go
// version: they may be set or not in any build.
func freeTags(xs ...constraint.Expr) []string {
	var tags []string
	for _, x := range xs {
		walkTags(x, func(tag string) {
			if !isOS(tag) && !isArch(tag) && tag != "unix" && !strings.HasPrefix(tag, "go1.") && !slices.Contains(tags, tag) {
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
	return false
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

// perArch reports whether every fragment's path names an architecture
// (a directory such as obj/arm64, or a file name such as AMD64Ops.go or
// asm_ppc64.s's Go side) and not all the same one.
func perArch(c fingerprint.Class) bool {
	first := ""
	differ := false
	for _, f := range c.Fragments {
		arch := pathArch(f.File)
		if arch == "" {
			return false
		}
		if first == "" {
			first = arch
		}
		differ = differ || arch != first
	}
	return differ
}

// pathArch returns the architecture a path names, or "".
func pathArch(name string) string {
	dir, base := path.Split(strings.ReplaceAll(name, `\`, "/"))
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
	// Longest names first, so that arm64 is not read as arm.
	archs := slices.Clone(knownArch)
	slices.SortFunc(archs, func(a, b string) int { return len(b) - len(a) })
	for _, a := range archs {
		if len(a) >= 3 && a != "arm" && a != "ppc" && (strings.Contains(base, strings.ToUpper(a)) || strings.HasSuffix(lower, "_"+a)) {
			return a
		}
	}
	return ""
}

// mirror reports whether c's copies are kept in step on purpose: a copy
// is in a generated file, or all are files of one name in directories
// whose names differ, but only by a trailing version or number (types
// and types2, v1 and v1beta1): one tree mirrored into another. Files of
// one name in directories of one name (two packages' storage/storage.go)
// are not: that is how packages are laid out, not a mirror.
func (h *headers) mirror(c fingerprint.Class) bool {
	for _, f := range c.Fragments {
		if hd := h.header(f.File); hd.generated || noted(hd.src, f) {
			return true
		}
	}
	base, stem := "", ""
	var last []string
	for i, f := range c.Fragments {
		dir, b := path.Split(strings.ReplaceAll(f.File, `\`, "/"))
		dir = strings.TrimSuffix(dir, "/")
		s := versionStem(dir)
		if i == 0 {
			base, stem = b, s
		}
		if b != base || s != stem || s == "" || slices.Contains(last, path.Base(dir)) {
			return false
		}
		last = append(last, path.Base(dir))
	}
	return true
}

// copyNote matches the comments that say a piece of code is a copy made
// on purpose: "This code is a copy of …", "Copied from …", "Duplicated
// from …", "Keep in sync with …", "Do not modify one without the other".
var copyNote = regexp.MustCompile(`(?i)//.*\b(copy of|copied from|duplicated? (from|of)|(keep|kept) in sync|in sync with|modify one without the other|mirrors?|mirrored from)\b`)

// noted reports whether fragment f of src, or the comment lines just
// above it (its doc comment), holds a comment saying that it is a copy
// made on purpose.
func noted(src []byte, f fingerprint.Fragment) bool {
	var lines [][]byte
	for line := 1; len(src) > 0 && line <= f.End.Line; line++ {
		text := src
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			text, src = src[:i], src[i+1:]
		} else {
			src = nil
		}
		lines = append(lines, text)
	}
	start := min(f.Start.Line-1, len(lines))
	for start > 0 && bytes.HasPrefix(bytes.TrimSpace(lines[start-1]), []byte("//")) {
		start--
	}
	for _, text := range lines[max(start, 0):] {
		if copyNote.Match(text) {
			return true
		}
	}
	return false
}

var versionSuffix = regexp.MustCompile(`(v?[0-9]+((alpha|beta)[0-9]*)?)$`)

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
