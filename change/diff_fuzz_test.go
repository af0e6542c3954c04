package change

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// FuzzParseDiff reads any bytes as a unified diff (-diff takes a file a
// user names), UTF-16 ones among them. It never panics; an error names a line the input has; what
// it accepts has line numbers from 1 up, ranges that end where or after
// they start, and old lines that map to new lines in order.
func FuzzParseDiff(f *testing.F) {
	for _, d := range []string{
		"diff --git a/x.go b/x.go\nindex 0123..4567 100644\n--- a/x.go\n+++ b/x.go\n@@ -1,3 +1,4 @@\n a\n-b\n+c\n+d\n e\n",
		"--- /dev/null\n+++ b/new.go\n@@ -0,0 +1,2 @@\n+x\n+y\n",
		"--- a/gone.go\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n",
		"--- \"a/q\\\"t.go\"\t2026-01-01\n+++ \"b/q\\\"t.go\"\n@@ -5,0 +6 @@\n+z\n\\ No newline at end of file\n",
		"--- a/x.go\n+++ b/x.go\n@@ -9223372036854775807,1 +1,1 @@\n-x\n+y\n",
		"--- a/x.go\n+++ b/x.go\n@@ -1,1 +9223372036854775807,2 @@\n-x\n+y\n+z\n",
	} {
		f.Add([]byte(d))
		f.Add(encodeUTF16(d, true)) // as Windows PowerShell 5 writes it
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		files, deleted, err := ParseDiffDeleted(bytes.NewReader(data))
		if err != nil {
			lines := bytes.Count(data, []byte("\n")) + 1
			if n, ok := lineOf(err.Error()); ok && (n < 1 || n > lines) {
				t.Errorf("error %q: line %d of %d", err, n, lines)
			}
			return
		}
		for _, fl := range append(deleted, mapValues(files)...) {
			for _, r := range append(append(slices.Clone(fl.Added), fl.Gone...), fl.OldEdits()...) {
				if r.Start < 1 || r.End < r.Start {
					t.Fatalf("%s (old %s): range %d-%d", fl.Name, fl.Old, r.Start, r.End)
				}
			}
			for _, line := range []int{1, 2, 10, 1000} {
				a, b := fl.NewLines(line, line+5)
				if b < a {
					t.Fatalf("%s: lines %d-%d map to %d-%d", fl.Name, line, line+5, a, b)
				}
			}
			fl.AddedLines()
		}
	})
}

func mapValues(m map[string]*File) []*File {
	var out []*File
	for _, f := range m {
		out = append(out, f)
	}
	return out
}

// lineOf reads the N of an error "diff line N: …".
func lineOf(msg string) (int, bool) {
	rest, ok := strings.CutPrefix(msg, "diff line ")
	if !ok {
		return 0, false
	}
	num, _, _ := strings.Cut(rest, ":")
	n, err := strconv.Atoi(num)
	return n, err == nil
}
