package fingerprint

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/zeebo/blake3"
)

// nestedLevels returns a function of depth nested levels, each written
// by level(i) and closed by close.
func nestedLevels(name string, depth int, level func(i int) string, close string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\nfunc %s(a, b int) int {\n", name)
	for i := range depth {
		b.WriteString(level(i))
	}
	b.WriteString(strings.Repeat(close, depth) + "return a\n}\n")
	return b.String()
}

// TestKeysGroupAsTokens: the candidates' keys, taken through inner
// windows where a fingerprint's windows all hold one alike (confirm.go),
// group the candidates as the blake3 sums of their tokens do, over
// copies of functions of nested statements (renamed; a level written as
// two statements in one copy and as one in the other, the same tokens
// cut in other units; a level edited) and the standard library's files;
// then again with every fingerprint cut to 3 bits, so that windows of
// other tokens and lengths share one. And the nested copies' keys read
// fewer bytes than their windows hold.
func TestKeysGroupAsTokens(t *testing.T) {
	const depth = 400
	sw := func(i int) string { return fmt.Sprintf("switch {\ncase a > %d:\na += %d\n", i, i) }
	srcs := map[string]string{
		"a.go": "package p\n" + nestedLevels("f", depth, sw, "}\n") +
			nestedLevels("g", depth, func(i int) string { return strings.NewReplacer("a >", "c >", "a +=", "c +=").Replace(sw(i)) }, "}\n") +
			nestedLevels("h", depth, func(i int) string { return fmt.Sprintf("for a > %d {\na = b(a)\n", i) }, "}\n"),
		"b.go": "package p\n" + nestedLevels("k", depth, func(i int) string {
			if i%7 == 3 {
				return fmt.Sprintf("for a > %d {\na = b\n(a)\n", i)
			}
			return fmt.Sprintf("for a > %d {\na = b(a)\n", i)
		}, "}\n") + nestedLevels("m", depth, func(i int) string {
			if i == depth/2 {
				return strings.Replace(sw(i), "+=", "-=", 1)
			}
			return sw(i)
		}, "}\n"),
	}
	nested := indexSources(t, 20, srcs)
	opt := Options{MinTokens: 20, MinLines: 2, Workers: 2}
	d := &detector{files: nested, opt: opt}
	want, got := keyedAndSummed(d)
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("nested copies: %d groups by key, %d by the sums of their tokens", len(got), len(want))
	}
	var all int64
	for _, g := range want {
		for _, r := range g {
			all += int64(d.files[r.file].windowLen(r.win))
		}
	}
	t.Logf("nested copies: %d groups; %d bytes hashed for windows of %d tokens", len(want), d.work.Hashed, all)
	if len(want) < 4*depth || d.work.Hashed*10 > all {
		t.Errorf("nested copies: %d groups, %d bytes hashed for windows of %d tokens: want a group a level and a tenth of their tokens", len(want), d.work.Hashed, all)
	}

	files := append(nested, stdFiles(t, 20)...)
	for _, bits := range []uint{64, 3} {
		for _, f := range files {
			for i := range f.windows {
				f.windows[i].fp &= 1<<bits - 1
			}
		}
		d := &detector{files: files, opt: opt}
		want, got := keyedAndSummed(d)
		t.Logf("fingerprints of %d bits: %d groups, %d bytes hashed", bits, len(want), d.work.Hashed)
		if !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("fingerprints of %d bits: %d groups by key, %d by the sums of their tokens", bits, len(got), len(want))
		}
	}
}

// keyedAndSummed returns d's candidates' groups by the sums of their
// tokens and by their keys, each sorted by its first window.
func keyedAndSummed(d *detector) (summed, keyed [][]ref) {
	hs := d.candidates(d.windowSketch())
	sums := slices.Clone(hs)
	for i, h := range sums {
		f := d.files[h.r.file]
		t0, t1 := f.windowSpan(h.r.win)
		sums[i].sum = blake3.Sum256(f.codes[t0:t1])
	}
	byFirst := func(a, b []ref) int {
		return cmp.Or(cmp.Compare(a[0].file, b[0].file), cmp.Compare(a[0].win, b[0].win))
	}
	summed, keyed = d.seedGroups(sums), d.seedGroups(hs)
	slices.SortFunc(summed, byFirst)
	slices.SortFunc(keyed, byFirst)
	return summed, keyed
}
