package report

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

var scriptStrings = []string{
	"",
	"plain",
	`<span class=k>func</span>`,
	xss,
	"</SCRIPT>", "</script", "<!-- x -->", "<\\/", "a<", "<",
	`quote " backslash \ tab	 cr` + "\r nl\n nul\x00 esc\x1b del\x7f",
	"line\u2028sep\u2029end",
	"bad utf-8: \xff\xfe and cut \xe2\x82",
	"ünïcødé ✓ 😀",
}

// checkScriptString checks what appendScriptString promises: valid JSON
// decoding to s (invalid UTF-8 as U+FFFD), and nothing that could end or
// confuse a script element.
func checkScriptString(t *testing.T, s string) {
	checkEncoding(t, s, string(appendScriptString(nil, s)), []string{"</", "<!", "\u2028", "\u2029"})
	checkEncoding(t, s, string(appendStrictString(nil, s)), []string{"<", ">", "&", "\u2028", "\u2029"})
}

func checkEncoding(t *testing.T, s, enc string, banned []string) {
	t.Helper()
	var dec string
	if err := json.Unmarshal([]byte(enc), &dec); err != nil {
		t.Fatalf("%q encodes to invalid JSON %s: %v", s, enc, err)
	}
	if want := strings.ToValidUTF8(s, "\uFFFD"); dec != want && utf8.ValidString(s) {
		t.Errorf("%q encodes to %s, which decodes to %q", s, enc, dec)
	}
	lower := strings.ToLower(enc)
	for _, bad := range banned {
		if strings.Contains(lower, bad) {
			t.Errorf("%q encodes to %s, which holds %q", s, enc, bad)
		}
	}
	if !utf8.ValidString(enc) {
		t.Errorf("%q encodes to invalid UTF-8", s)
	}
}

func TestScriptString(t *testing.T) {
	for _, s := range scriptStrings {
		checkScriptString(t, s)
	}
}

func FuzzScriptString(f *testing.F) {
	for _, s := range scriptStrings {
		f.Add(s)
	}
	f.Fuzz(checkScriptString)
}

func TestAppendCopies(t *testing.T) {
	in := []htmlClass{
		{Copies: []htmlCopy{
			{File: "a</script>.go", Start: 1, End: 9, StartCol: 2, EndCol: 3, Text: "if a<b && c>d {\n}", Differs: [][2]int{{2, 3}}},
			{File: "b.go", Start: 3, End: 11, Error: "gone"},
		}},
		{Copies: nil},
	}
	enc := appendCopies(nil, in)
	var out []htmlClass
	if err := json.Unmarshal(enc, &out); err != nil {
		t.Fatalf("%s: %v", enc, err)
	}
	if !reflect.DeepEqual(out, []htmlClass{in[0], {Copies: []htmlCopy{}}}) {
		t.Errorf("round trip: %s → %+v", enc, out)
	}
}
