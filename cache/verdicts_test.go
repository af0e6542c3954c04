package cache

import (
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/load"
)

// The verdicts of a run are found again by a run over the same files
// when one of them changed, for the same threshold only; damaged ones are
// not used.
func TestVerdicts(t *testing.T) {
	ixDir, dir := t.TempDir(), t.TempDir()
	// Two functions, the second with one more statement: a near-miss
	// candidate.
	fn := func(name, extra string) []byte {
		return []byte("package p\n\nfunc " + name + "(a, b int) int {\n\tx := a * b\n\tif x > 10 {\n\t\tx -= a\n\t}\n" + extra +
			"\tfor i := 0; i < b; i++ {\n\t\tx += i * a\n\t}\n\treturn x + a - b\n}\n")
	}
	writeSrc(t, dir, map[string][]byte{"a.go": fn("F", ""), "b.go": fn("G", "\tx++\n"), "c.go": src(2)})
	opt := fingerprint.Options{MinTokens: 10, MinLines: 1, MaxOccurrences: 10, Near: true, Similarity: 0.8}
	open := func() (*load.Result, *Index) {
		t.Helper()
		x, err := Open(ixDir, Options{MinTokens: 10, Now: later})
		if err != nil {
			t.Fatal(err)
		}
		res := load.Load([]string{dir}, load.Options{MinTokens: 10, Store: x})
		if _, hit := x.Stored(res.Files, opt); hit {
			t.Fatal("a result found for files never run")
		}
		res.Decode()
		return res, x
	}

	res, x := open()
	if v := x.StoredVerdicts(); v == nil || v.Len() != 0 {
		t.Fatalf("an empty index gives verdicts %v, want none (not nil)", v)
	}
	opt.Verdicts = x.StoredVerdicts()
	found := fingerprint.Run(res.Files, opt)
	opt.Verdicts = nil
	if found.Verdicts.Len() == 0 {
		t.Fatal("the fixture gives no near-miss candidate")
	}
	x.Commit()
	x.Save(found)

	writeSrc(t, dir, map[string][]byte{"c.go": src(3)})
	_, x2 := open()
	if got := x2.StoredVerdicts(); got.Len() != found.Verdicts.Len() {
		t.Errorf("one file changed: %d verdicts, want %d", got.Len(), found.Verdicts.Len())
	}
	other := opt
	other.Similarity = 0.9
	k1, _ := x2.VerdictsKey(res.Files, opt)
	k2, _ := x2.VerdictsKey(res.Files, other)
	if k1 == k2 {
		t.Error("another threshold, the same verdicts")
	}
	x2.Commit()

	damage(t, ixDir, recordsBucket, func(k, v []byte) {
		if string(k) == string(k1[:]) {
			v[len(v)-1] ^= 1
		}
	})
	_, x3 := open()
	if got := x3.StoredVerdicts(); got == nil || got.Len() != 0 || len(x3.Warnings()) != 1 {
		t.Errorf("damaged verdicts: %d found, warnings %v; want none and one warning", got.Len(), x3.Warnings())
	}
	x3.Commit()
}
