package fingerprint

import (
	"encoding/binary"
	"go/token"
	"reflect"
	"testing"
)

// A run given an earlier run's verdicts finds the same classes, aligning
// only the candidates they lack: none when no file changed, those of the
// changed file's units when one did.
func TestVerdictsReused(t *testing.T) {
	files := stdFiles(t, 50)
	opt := Options{MinTokens: 50, MinLines: 1, MaxOccurrences: 0, Near: true, Similarity: 0.8}
	plain := Run(files, opt)
	if plain.Work.LCSWords == 0 || plain.Verdicts != nil {
		t.Fatalf("the files give no near-miss candidate to align (%d words), or verdicts unasked for", plain.Work.LCSWords)
	}

	opt.Verdicts = new(Verdicts)
	first := Run(files, opt)
	if !reflect.DeepEqual(first.Classes, plain.Classes) || first.Verdicts.Len() == 0 {
		t.Fatalf("collecting verdicts changed the classes, or none were collected (%d)", first.Verdicts.Len())
	}
	// Through their encoding, as the index keeps them.
	known, err := DecodeVerdicts(AppendVerdicts(nil, first.Verdicts))
	if err != nil || !reflect.DeepEqual(known, first.Verdicts) {
		t.Fatalf("verdicts do not survive their encoding: %v", err)
	}

	opt.Verdicts = known
	again := Run(files, opt)
	if !reflect.DeepEqual(again.Classes, plain.Classes) || again.Work.LCSWords != 0 {
		t.Errorf("no file changed: %d words aligned, classes equal %v", again.Work.LCSWords, reflect.DeepEqual(again.Classes, plain.Classes))
	}
	if !reflect.DeepEqual(again.Verdicts, first.Verdicts) {
		t.Errorf("no file changed, but the verdicts did: %d, want %d", again.Verdicts.Len(), first.Verdicts.Len())
	}

	// One file's code changes: the names in its first half become
	// numbers, so its units read otherwise.
	changed := make([]*File, len(files))
	copy(changed, files)
	i := len(files) / 2
	for ; i < len(files) && len(files[i].units) < 20; i++ {
	}
	changed[i] = roundTrip(t, files[i])
	changed[i].codes = append([]byte(nil), changed[i].codes...)
	for t, c := range changed[i].codes[:len(changed[i].codes)/2] {
		if c == byte(token.IDENT) {
			changed[i].codes[t] = byte(token.INT)
		}
	}
	opt.Verdicts = nil
	want := Run(changed, opt)
	opt.Verdicts = known
	got := Run(changed, opt)
	if !reflect.DeepEqual(got.Classes, want.Classes) {
		t.Errorf("one file changed: the classes differ from a run without verdicts")
	}
	if got.Work.LCSWords >= want.Work.LCSWords {
		t.Errorf("one file changed: %d words aligned, as many as without verdicts (%d)", got.Work.LCSWords, want.Work.LCSWords)
	}
}

func TestDecodeVerdictsRejects(t *testing.T) {
	good := AppendVerdicts(nil, newVerdicts([]verdict{{verdictKey{unitKey{1}, unitKey{2}}, 0.9}, {verdictKey{unitKey{3}, unitKey{4}}, giveUp}}))
	if v, err := DecodeVerdicts(good); err != nil || v.Len() != 2 {
		t.Fatalf("good verdicts: %v, %d", err, v.Len())
	}
	bad := append([]byte(nil), good...)
	bad[len(bad)-1] = 0x7f // the last similarity's top byte: far above 1
	// A count whose size wraps around to the bytes that follow it.
	wrap := binary.AppendUvarint(nil, 1<<62+1)
	wrap = append(wrap, make([]byte, 40)...)
	for name, b := range map[string][]byte{"empty": nil, "short": good[:len(good)-1], "long": append(good, 0), "similarity": bad, "wrapped count": wrap} {
		if _, err := DecodeVerdicts(b); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func FuzzDecodeVerdicts(f *testing.F) {
	f.Add(AppendVerdicts(nil, newVerdicts([]verdict{{verdictKey{unitKey{1}, unitKey{2}}, 0.9}})))
	f.Add(AppendVerdicts(nil, nil))
	f.Fuzz(func(t *testing.T, b []byte) {
		v, err := DecodeVerdicts(b)
		if err != nil {
			return
		}
		if got, err := DecodeVerdicts(AppendVerdicts(nil, v)); err != nil || !reflect.DeepEqual(got, v) {
			t.Errorf("decoded verdicts do not encode back: %v", err)
		}
	})
}

// Verdicts merge into a nil or an empty Verdicts as into any other.
func TestVerdictsMergeIntoEmpty(t *testing.T) {
	o := newVerdicts([]verdict{{verdictKey{unitKey{1}, unitKey{2}}, 0.9}})
	for name, v := range map[string]*Verdicts{"nil": nil, "empty": new(Verdicts), "one": newVerdicts([]verdict{{verdictKey{unitKey{3}, unitKey{4}}, 0}})} {
		want := v.Len() + 1
		if got := v.Merge(o, 10).Len(); got != want {
			t.Errorf("%s: %d verdicts after the merge, want %d", name, got, want)
		}
	}
}
