package change

import "testing"

// A path git lists is written into a Tree only when it stays inside it,
// as git's own checkout asks.
func TestInTree(t *testing.T) {
	for name, want := range map[string]bool{
		"a.go": true, "a/b.go": true, "..a/b..go": true, ".duplignore": true, "a/.x/go.mod": true,
		"../a.go": false, "a/../b.go": false, "a/../../b.go": false, "./a.go": false, "a/./b.go": false,
		"a//b.go": false, "/a.go": false, "a/": false, "": false, "..": false,
	} {
		if got := inTree(name); got != want {
			t.Errorf("inTree(%q) = %v, want %v", name, got, want)
		}
	}
}
