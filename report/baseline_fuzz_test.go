package report

import (
	"bytes"
	"testing"
)

// FuzzReadBaseline reads any bytes as a baseline file. It never panics; a
// file it accepts, written again and read back, says the same: each class
// with its copies and kind.
func FuzzReadBaseline(f *testing.F) {
	f.Add([]byte(BaselineHeader + "\n0a 3 exact\nff01 2 renamed\n"))
	f.Add([]byte(BaselineHeader + "\r\n\n# note\n0a 1\n0a 2 near\n"))
	f.Add([]byte("# copycat baseline v2\n"))
	f.Add([]byte(BaselineHeader + "\nzz 1\n"))
	f.Add([]byte(BaselineHeader + "\n0a 9223372036854775807\n0a 1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := ReadBaseline(bytes.NewReader(data))
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := b.Write(&out); err != nil {
			t.Fatal(err)
		}
		again, err := ReadBaseline(bytes.NewReader(out.Bytes()))
		if err != nil {
			t.Fatalf("the baseline written from %q does not read: %v\n%s", data, err, out.Bytes())
		}
		var out2 bytes.Buffer
		if err := again.Write(&out2); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out.Bytes(), out2.Bytes()) {
			t.Fatalf("read from %q, written, read and written again:\n%s\nagainst\n%s", data, out2.Bytes(), out.Bytes())
		}
	})
}
