package load

import (
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
)

const keep = `package p

func keep(xs []int) int {
	sum := 0
	for _, x := range xs {
		if x > 0 {
			sum += x
		} else {
			sum -= x
		}
	}
	return sum
}
`

// TestSourceDirectives: Source honours the suppression spellings of other
// linters, file-level ones included, in the files it reads.
func TestSourceDirectives(t *testing.T) {
	for _, tc := range []struct {
		name, copy string
	}{
		{"nolint with a space", "package p\n\n// nolint:dupl\nfunc copied(xs []int) int {" + keep[len("package p\n\nfunc keep(xs []int) int {"):]},
		{"staticcheck", "package p\n\n//lint:ignore copycat on purpose\nfunc copied(xs []int) int {" + keep[len("package p\n\nfunc keep(xs []int) int {"):]},
		{"file-ignore", "//lint:file-ignore copycat on purpose\n\n" + keep},
	} {
		var ix fingerprint.Indexer
		a, warnings := Source(&ix, "a.go", []byte(keep), 10)
		b, more := Source(&ix, "b.go", []byte(tc.copy), 10)
		if len(warnings)+len(more) > 0 {
			t.Fatalf("%s: warnings %v %v", tc.name, warnings, more)
		}
		if classes := fingerprint.Detect([]*fingerprint.File{a, b}, fingerprint.Options{MinTokens: 10, MinLines: 1}); len(classes) != 0 {
			t.Errorf("%s: %d clone classes, want none", tc.name, len(classes))
		}
	}
	var ix fingerprint.Indexer
	a, _ := Source(&ix, "a.go", []byte(keep), 10)
	b, _ := Source(&ix, "b.go", []byte(keep), 10)
	if classes := fingerprint.Detect([]*fingerprint.File{a, b}, fingerprint.Options{MinTokens: 10, MinLines: 1}); len(classes) != 1 {
		t.Errorf("without directives: %d clone classes, want 1", len(classes))
	}
}
