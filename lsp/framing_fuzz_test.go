package lsp

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"testing"
)

// FuzzReader feeds the message reader any bytes, then a blank line and a
// well-formed message. However the bytes are framed, reading must end,
// never return more body than the stream holds, and stop only at the
// stream's end (framing errors are answered and reading goes on, as the
// server does; a header or body cut by the end is an error too). When the bytes hold no Content-Length header of their
// own, the message after them must be read whole: the reader resyncs at
// the next header.
func FuzzReader(f *testing.F) {
	for _, tt := range badHeaders {
		f.Add([]byte(tt.send))
	}
	f.Add([]byte("Content-Length: 10\r\n"))
	f.Add([]byte("Content-Length: 3\r\n\r\nabc"))
	f.Add([]byte("\r\n\r\n\r\n"))
	f.Add([]byte("X-Foo: bar\r\nContent-Type: text\r\n"))
	f.Add([]byte{0xff, 0x00, '\n', ':'})
	f.Fuzz(func(t *testing.T, garbage []byte) {
		msg := fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(request), request)
		stream := append(append(bytes.Clone(garbage), "\r\n\r\n"...), msg...)
		in := bytes.NewReader(stream)
		r := newReader(in)
		var read int
		found := false
		for reads := 0; ; reads++ {
			if reads > len(stream)+1 {
				t.Fatalf("%d reads of a %d-byte stream without its end", reads, len(stream))
			}
			body, err := r.read()
			if errors.Is(err, errFraming) {
				continue
			}
			if err == io.EOF {
				break
			}
			if err != nil {
				// Only the stream's end may stop the reading: a header
				// or body that the end cuts.
				if in.Len() > 0 || r.r.Buffered() > 0 {
					t.Fatalf("read %d: %v, with %d bytes still to read", reads, err, in.Len()+r.r.Buffered())
				}
				break
			}
			read += len(body)
			if read > len(stream) {
				t.Fatalf("%d bytes of bodies read from a %d-byte stream", read, len(stream))
			}
			found = found || string(body) == request
		}
		if !found && !bytes.Contains(bytes.ToLower(garbage), []byte("content-length")) {
			t.Errorf("the message after %q was not read", garbage)
		}
	})
}
