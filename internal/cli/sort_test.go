package cli

import (
	"os"
	"strings"
	"testing"
)

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

// -sort rank (the default) puts the module's production copies before
// test copies that come first by name; -sort position keeps file order.
func TestSortFlag(t *testing.T) {
	unpack(t, "module.txtar")
	for name, src := range map[string]string{"a_test.go": countSrc, "b_test.go": strings.ReplaceAll(countSrc, "seen", "n")} {
		if err := os.WriteFile(name, []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		args  []string
		first string
	}{
		{nil, "report/report.go:5:1:"},
		{[]string{"-sort", "rank"}, "report/report.go:5:1:"},
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
