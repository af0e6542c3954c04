package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const meanSrc = `package p

func Mean(xs []int, limit int) (total int, n int) {
	for i, x := range xs {
		if x > limit {
			continue
		}
		total += x * i
		n++
	}
	if n == 0 {
		return 0, 0
	}
	total = total / n
	return total, n
}
`

const countSrc = `package p

func count(words []string, stop map[string]bool) map[string]int {
	seen := make(map[string]int)
	for _, w := range words {
		if stop[w] || len(w) < 3 {
			continue
		}
		seen[w]++
	}
	if len(seen) == 0 {
		return nil
	}
	return seen
}
`

// -sort rank (the default) puts production copies before test copies
// that come first by name; -sort position keeps file order.
func TestSortFlag(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write("a_test.go", countSrc)
	write("b_test.go", strings.ReplaceAll(countSrc, "seen", "n"))
	write("y.go", strings.ReplaceAll(meanSrc, "total", "sum"))
	write("z.go", strings.ReplaceAll(meanSrc, "total", "acc"))
	t.Chdir(dir)
	for _, tc := range []struct {
		args  []string
		first string
	}{
		{nil, "y.go:3:1:"},
		{[]string{"-sort", "rank"}, "y.go:3:1:"},
		{[]string{"-sort", "position"}, "a_test.go:3:1:"},
	} {
		out, errs, code := run(t, append(append([]string{}, small...), tc.args...)...)
		if code != ExitClones || !strings.HasPrefix(out, tc.first) {
			t.Errorf("%v: exit %d, output starts %q, want %q; stderr %s", tc.args, code, strings.SplitN(out, "\n", 2)[0], tc.first, errs)
		}
	}
	if _, errs, code := run(t, "-sort", "size", "."); code != ExitError || !strings.Contains(errs, "-sort must be rank or position") {
		t.Errorf("-sort size: exit %d, stderr %q", code, errs)
	}
}
