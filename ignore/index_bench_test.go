package ignore

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkWalkGoSrc asks a Tree of a .duplignore of a few lines at the
// root, as a walk does, about every file and directory of GOROOT/src.
//
//	go test ./ignore -run '^$' -bench WalkGoSrc
func BenchmarkWalkGoSrc(b *testing.B) {
	paths, dirs := goSrc(b)
	rules := "*.pb.go\n/cmd/\nzz_generated*.go\n**/internal/**/*_gen.go\n!keep.go\n"
	for b.Loop() {
		tree := memTree(map[string]string{"": rules})
		for _, p := range paths {
			tree.IgnoredEntry(filepath.Join(tree.Root(), filepath.FromSlash(p)), dirs[p])
		}
	}
}

// BenchmarkManyPatterns asks a Tree of a .duplignore of 80,000 lines
// (f*N*x.go) about 10,000 files, as docs/hostile.md measures it.
//
//	go test ./ignore -run '^$' -bench ManyPatterns -benchtime 1x
func BenchmarkManyPatterns(b *testing.B) {
	var rules strings.Builder
	for n := range 80000 {
		fmt.Fprintf(&rules, "f*%d*x.go\n", n)
	}
	for _, suffix := range []string{"", "x"} {
		b.Run("files f%d"+suffix+".go", func(b *testing.B) {
			for b.Loop() {
				tree := memTree(map[string]string{"": rules.String()})
				for n := range 10000 {
					tree.IgnoredEntry(filepath.Join(tree.Root(), fmt.Sprintf("d%d/f%d%s.go", n/100, n, suffix)), false)
				}
			}
		})
	}
}
