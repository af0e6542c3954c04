package report

import (
	"go/build/constraint"
	"slices"
	"testing"
)

// exclusiveFresh is exclusive as it was before it made one function for
// all the settings it tries: one made at each try (the reference for
// TestExclusiveMatchesFresh).
func exclusiveFresh(xa, xb constraint.Expr) bool {
	free := freeTags(xa, xb)
	if len(free) > 8 {
		return false
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

// TestExclusiveMatchesFresh checks exclusive against the reference on
// every pair of some build constraints and file names (the names'
// _GOOS and _GOARCH suffixes join the constraints), both ways round,
// and that it makes fewer allocations.
func TestExclusiveMatchesFresh(t *testing.T) {
	lines := []string{"", "//go:build linux", "//go:build !linux", "//go:build windows", "//go:build amd64",
		"//go:build arm64 && !purego", "//go:build (linux || darwin) && !cgo", "//go:build cgo", "//go:build !cgo",
		"//go:build purego || !amd64", "//go:build unix", "//go:build !unix && !windows", "//go:build go1.22",
		"//go:build linux && (386 || arm)", "//go:build gc && !purego", "//go:build a && b && c && d && e && f && g && h && i",
		"//go:build js && wasm", "//go:build !js"}
	names := []string{"x.go", "x_linux.go", "x_windows_amd64.go", "x_arm64.go", "x_test.go"}
	var xs []constraint.Expr
	for _, l := range lines {
		var build constraint.Expr
		if l != "" {
			var err error
			if build, err = constraint.Parse(l); err != nil {
				t.Fatalf("%q: %v", l, err)
			}
		}
		for _, n := range names {
			xs = append(xs, fileConstraint(n, build))
		}
	}
	both := 0
	for _, xa := range xs {
		for _, xb := range xs {
			got, want := exclusive(xa, xb), exclusiveFresh(xa, xb)
			if got != want {
				t.Fatalf("exclusive(%v, %v) = %v, the reference %v", exprString(xa), exprString(xb), got, want)
			}
			if got {
				both++
			}
		}
	}
	if both == 0 || both == len(xs)*len(xs) {
		t.Fatalf("%d of %d pairs exclusive: the pairs try too little", both, len(xs)*len(xs))
	}
	xa, xb := xs[len(names)*2], xs[len(names)*6] // !linux and cgo: tried in full
	if n, fresh := testing.AllocsPerRun(10, func() { exclusive(xa, xb) }), testing.AllocsPerRun(10, func() { exclusiveFresh(xa, xb) }); n >= fresh {
		t.Fatalf("exclusive made %v allocations, the reference %v", n, fresh)
	}
}
