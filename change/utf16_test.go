package change

import (
	"bytes"
	"io"
	"reflect"
	"strings"
	"testing"
	"unicode/utf16"
)

// encodeUTF16 is s in UTF-16 with its byte order mark, as Windows
// PowerShell 5 writes git diff > change.diff.
func encodeUTF16(s string, little bool) []byte {
	var b bytes.Buffer
	put := func(u uint16) {
		if little {
			b.Write([]byte{byte(u), byte(u >> 8)})
		} else {
			b.Write([]byte{byte(u >> 8), byte(u)})
		}
	}
	put(0xfeff)
	for _, u := range utf16.Encode([]rune(s)) {
		put(u)
	}
	return b.Bytes()
}

// A diff in UTF-16 (Windows PowerShell 5's redirection and Out-File
// write it so) is read as the same diff in UTF-8: it was refused as "not
// a unified diff: a NUL byte outside a hunk".
func TestParseDiffUTF16(t *testing.T) {
	diff := "diff --git a/x.go b/x.go\nindex 1111111..2222222 100644\n--- a/x.go\n+++ b/x.go\n@@ -1,0 +2,2 @@\n+// é and 😀\n+var x = 1\n" +
		"diff --git a/gone.go b/gone.go\ndeleted file mode 100644\n--- a/gone.go\n+++ /dev/null\n@@ -1 +0,0 @@\n-package gone\n"
	want, wantDeleted, err := ParseDiffDeleted(strings.NewReader(diff))
	if err != nil || len(want) != 1 || len(wantDeleted) != 1 {
		t.Fatalf("the UTF-8 diff: %v, %v, %v", want, wantDeleted, err)
	}
	for _, little := range []bool{true, false} {
		got, deleted, err := ParseDiffDeleted(bytes.NewReader(encodeUTF16(diff, little)))
		if err != nil || !reflect.DeepEqual(got, want) || !reflect.DeepEqual(deleted, wantDeleted) {
			t.Errorf("little-endian %v: %v, %v, %v; want %v, %v", little, got, deleted, err, want, wantDeleted)
		}
	}
}

// fromUTF16 gives each UTF-16 unit as the character it is, and a unit cut
// short or a surrogate unpaired as U+FFFD; a stream without the mark is
// read as it is.
func TestFromUTF16(t *testing.T) {
	for _, tc := range []struct {
		in   []byte
		want string
	}{
		{[]byte("plain \xff\xfe"), "plain \xff\xfe"},
		{[]byte{0xff, 0xfe, 'a', 0, 0x3d, 0xd8, 0, 0xde}, "a😀"},
		{[]byte{0xfe, 0xff, 0, 'a', 0xd8, 0x3d, 0xde, 0}, "a😀"},
		{[]byte{0xff, 0xfe, 0x3d, 0xd8, 'b', 0}, "\ufffdb"}, // a high surrogate alone
		{[]byte{0xff, 0xfe, 0, 0xde, 'b', 0}, "\ufffdb"},    // a low surrogate alone
		{[]byte{0xff, 0xfe, 'a', 0, 'b'}, "a\ufffd"},        // a byte left over
		{[]byte{0xff, 0xfe, 'a', 0, 0x3d, 0xd8}, "a\ufffd"}, // a high surrogate at the end
	} {
		b, err := io.ReadAll(fromUTF16(bytes.NewReader(tc.in)))
		if err != nil || string(b) != tc.want {
			t.Errorf("% x: %q, %v; want %q", tc.in, b, err, tc.want)
		}
	}
}
