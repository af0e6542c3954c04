package cli

import (
	"strings"
	"testing"
)

// A run that loaded nothing, because its paths do not exist or hold no
// Go files, prints its errors alone: no summary of 0 classes in 0 files,
// which would read as a result. A run that loaded some files and failed
// on a path still prints its text report (see TestBadInput).
func TestFailedRunPrintsOnlyTheErrors(t *testing.T) {
	dir := unpack(t, "module.txtar")
	for _, args := range [][]string{
		{"./nope"},
		{"./nope", "./nope/either"},
		{"./nope/..."},
		{dir + "/legacy/none.go"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			out, errs, code := run(t, append([]string{"-cache=off"}, args...)...)
			if code != ExitError || out != "" || !strings.Contains(errs, "nope") && !strings.Contains(errs, "none.go") || strings.Contains(out+errs, "0 classes") {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d, nothing on stdout, the errors alone", code, out, errs, ExitError)
			}
		})
	}
	out, errs, code := run(t, append(small, "./stats", "./nope")...)
	if code != ExitError || !strings.Contains(out, "stats/copy.go") || !strings.Contains(out, "copycat: 1 class") || !strings.Contains(errs, "nope") {
		t.Errorf("partly failed run: exit %d, stdout:\n%s\nstderr:\n%s", code, out, errs)
	}
}
