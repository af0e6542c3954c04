package cli

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/load"
)

// TestPartners checks the files the base step detects over: those that
// share a key of the edited code with the base's files, but not through
// a key that more than -max-occurrences files hold (boilerplate), and
// only among the files the change left alone.
func TestPartners(t *testing.T) {
	rare := func(pkg string) string {
		return fmt.Sprintf("package %s\n\nfunc Merge(a, b []int) []int {\n\tout := make([]int, 0, len(a)+len(b))\n\tfor len(a) > 0 && len(b) > 0 {\n\t\tif a[0] <= b[0] {\n\t\t\tout, a = append(out, a[0]), a[1:]\n\t\t} else {\n\t\t\tout, b = append(out, b[0]), b[1:]\n\t\t}\n\t}\n\treturn append(append(out, a...), b...)\n}\n", pkg)
	}
	common := func(pkg string) string {
		return fmt.Sprintf("package %s\n\nfunc Close(c interface{ Close() error }, err *error) {\n\tif cerr := c.Close(); cerr != nil && *err == nil {\n\t\t*err = cerr\n\t}\n\tif *err != nil {\n\t\t*err = fmt.Errorf(\"closing: %%w\", *err)\n\t}\n}\n", pkg)
	}
	var ix fingerprint.Indexer
	index := func(name, src string) *fingerprint.File {
		f, errs := load.Source(&ix, name, []byte(src), 20)
		if f == nil {
			t.Fatalf("%s: %v", name, errs)
		}
		return f
	}
	base := index("base.go", rare("base")+strings.TrimPrefix(common("base"), "package base\n"))
	keys := map[uint64][]int32{}
	base.EachKey(func(k uint64) { keys[k] = nil })
	var files []*fingerprint.File
	var want []string
	for i := range 3 {
		f := index(fmt.Sprintf("rare%d.go", i), rare("p"))
		files = append(files, f)
		if i > 0 { // rare0.go is a file the change edited
			want = append(want, f.Name)
		}
	}
	for i := range 12 {
		files = append(files, index(fmt.Sprintf("common%d.go", i), common("p")))
	}
	untouched := func(f *fingerprint.File) bool { return f.Name != "rare0.go" }
	var got []string
	for _, f := range partners(files, keys, 10, untouched) {
		got = append(got, f.Name)
	}
	if !slices.Equal(got, want) {
		t.Errorf("partners = %v, want %v", got, want)
	}
	// With no limit on occurrences, boilerplate is no reason to leave a
	// file out.
	for k := range keys {
		keys[k] = nil
	}
	if n := len(partners(files, keys, 0, untouched)); n != 14 {
		t.Errorf("with no limit: %d partners, want 14", n)
	}
}
