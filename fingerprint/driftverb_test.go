package fingerprint

import (
	"strings"
	"testing"
)

func TestPackVerbs(t *testing.T) {
	for _, tc := range []struct {
		lit   string
		verbs string // the codes, lowest first, as letters: w v s, o for the others
		ok    bool
	}{
		{`"set %s: %w"`, "sw", true},
		{"`set %s: %w`", "sw", true},
		{`"%+v and %#v, 100%% sure"`, "vv", true},
		{`"%-8.3s|%*d"`, "so", true},
		{`"%d items"`, "", false},                         // no verb that tells a wrap
		{`"no verbs"`, "", false},                         // none at all
		{`"%[2]s %[1]w"`, "", false},                      // arguments by index
		{`"trailing %"`, "", false},                       // a percent with no verb
		{`"` + strings.Repeat("%v", 16) + `"`, "", false}, // more than maxVerbs
		{`"` + strings.Repeat("%v", 15) + `"`, strings.Repeat("v", 15), true},
	} {
		got, ok := packVerbs([]byte(tc.lit))
		if ok != tc.ok {
			t.Errorf("packVerbs(%s) ok = %v, want %v", tc.lit, ok, tc.ok)
			continue
		}
		if !ok {
			continue
		}
		if n := int(got >> 60); n != len(tc.verbs) {
			t.Errorf("packVerbs(%s) holds %d verbs, want %d", tc.lit, n, len(tc.verbs))
			continue
		}
		for k, want := range []byte(tc.verbs) {
			code := got >> (4 * k) & 15
			letter := map[uint64]byte{verbW: 'w', verbV: 'v', verbS: 's'}[code]
			if letter == 0 {
				letter = 'o'
			}
			if letter != want {
				t.Errorf("packVerbs(%s) verb %d = %c, want %c", tc.lit, k, letter, want)
			}
		}
	}
}

func TestWrapsWhereOther(t *testing.T) {
	pack := func(lit string) uint64 {
		v, ok := packVerbs([]byte(lit))
		if !ok {
			t.Fatalf("packVerbs(%s) not ok", lit)
		}
		return v
	}
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{`"set %s: %w"`, `"delete %s: %s"`, 1},
		{`"set %s: %v"`, `"delete %s: %w"`, -1},
		{`"%w: %w"`, `"%v: %s"`, 1},
		{`"%w: %v"`, `"%v: %w"`, 0}, // each wraps another argument
		{`"%s: %w"`, `"%s: %w"`, 0},
		{`"%s: %w"`, `"%w"`, 0},     // another number of verbs
		{`"%d: %w"`, `"%s: %v"`, 0}, // another verb than %v or %s besides
		{`"%q: %w"`, `"%q: %v"`, 1},
	} {
		if got := wrapsWhereOther(pack(tc.a), pack(tc.b)); got != tc.want {
			t.Errorf("wrapsWhereOther(%s, %s) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}
