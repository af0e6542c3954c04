package lsp

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// request is a well-formed request body, sent after each bad header: the
// bytes a bad header leaves behind.
const request = `{"jsonrpc":"2.0","id":77,"method":"textDocument/hover","params":{}}`

// badHeaders are messages whose framing is wrong, each followed by its
// body.
var badHeaders = []struct{ name, send string }{
	{"non-numeric", "Content-Length: twelve\r\n\r\n" + request},
	{"negative", "Content-Length: -5\r\n\r\n" + request},
	{"too small", "Content-Length: 5\r\n\r\n" + request},
	{"zero", "Content-Length: 0\r\n\r\n" + request},
	{"missing", "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" + request},
	{"huge", "Content-Length: 1099511627776\r\n\r\n" + request},
	{"overflow", "Content-Length: 99999999999999999999999\r\n\r\n" + request},
	{"no colon", "Content-Length 68\r\n\r\n" + request},
	{"header line too long", strings.Repeat("X", 100<<10) + "\r\n\r\n" + request},
	{"too large", "Content-Length: 1000\r\n\r\n" + request},
}

// TestBadHeaderRecovers checks that after each kind of bad header the
// server answers one parse error, reads the next message, and honours
// shutdown and exit.
func TestBadHeaderRecovers(t *testing.T) {
	for _, tt := range badHeaders {
		t.Run(tt.name, func(t *testing.T) {
			e := startEditor(t, runServer())
			e.initialize(t.TempDir(), nil)
			e.raw(tt.send)
			if r := e.call("textDocument/codeAction", codeActionParams{}); r.Error != nil {
				t.Errorf("the request after the bad header: %v", r.Error)
			}
			e.exit()
			parseErrors := 0
			e.mu.Lock()
			defer e.mu.Unlock()
			for _, m := range e.received {
				if m.Error != nil && m.Error.Code == codeParseError {
					parseErrors++
				}
			}
			if parseErrors != 1 {
				t.Errorf("%d parse errors, want 1:\n%s", parseErrors, e.dump())
			}
		})
	}
}

// TestProxyBadHeaderRecovers checks that the proxy, too, reads on after
// a bad header and ends on exit (without shutdown, with the protocol's
// error status, as the server).
func TestProxyBadHeaderRecovers(t *testing.T) {
	gopls := fakeGopls(t, "cat >/dev/null")
	for _, tt := range badHeaders {
		t.Run(tt.name, func(t *testing.T) {
			e := startEditor(t, runServer("-proxy", "-gopls", gopls))
			e.raw(tt.send)
			e.notify("exit", nil)
			if err := waitDone(e); err == nil || !strings.Contains(err.Error(), "exit before shutdown") {
				t.Errorf("Run after exit: %v, want exit before shutdown", err)
			}
		})
	}
}

// TestSkipToHeader checks the resynchronisation on its own: any case of
// the header name, split anywhere, after any bytes.
func TestSkipToHeader(t *testing.T) {
	for _, junk := range []string{"", "garbage", "content-lengtH", "ccontent-length", strings.Repeat("x", 200<<10)} {
		r := newReader(strings.NewReader(junk + "CONTENT-length: 2\r\n\r\n{}"))
		r.resync = true
		body, err := r.read()
		if err != nil || string(body) != "{}" {
			t.Errorf("after %.20q: read %q, %v; want {}", junk, body, err)
		}
	}
}

// TestBodyTooShort checks a Content-Length larger than its body: the body
// ends at the next header, which is read next, wherever the bytes are
// cut; a body that speaks of headers inside its strings is read whole.
func TestBodyTooShort(t *testing.T) {
	next := framed(`{"jsonrpc":"2.0","method":"exit"}`)
	quoted := `{"jsonrpc":"2.0","method":"x","params":"Content-Length: 12\r\n\r\ncontent-length:7"}`
	for _, tt := range []struct {
		name, stream string
		first        string // the first body, "" for a framing error
	}{
		{"too large", "Content-Length: 500\r\n\r\n" + request + next, ""},
		{"too large, lowercase header", "Content-Length: 500\r\n\r\n" + request + strings.ToLower(next[:16]) + next[16:], ""},
		{"headers quoted in the body", framed(quoted) + next, quoted},
		{"header name at the end of the body", framed(`{"a":"Content-Len"}`) + next, `{"a":"Content-Len"}`},
	} {
		for _, oneByte := range []bool{false, true} {
			var in io.Reader = strings.NewReader(tt.stream)
			if oneByte {
				in = iotest.OneByteReader(in)
			}
			r := newReader(in)
			body, err := r.read()
			if tt.first == "" && !errors.Is(err, errFraming) || tt.first != "" && string(body) != tt.first {
				t.Errorf("%s (one byte at a time: %v): first read %q, %v", tt.name, oneByte, body, err)
			}
			if body, err := r.read(); err != nil || !strings.Contains(string(body), `"exit"`) {
				t.Errorf("%s (one byte at a time: %v): second read %q, %v; want exit", tt.name, oneByte, body, err)
			}
		}
	}
}

// TestBodyTooLongByLittle checks a Content-Length larger than its body by
// fewer bytes than the next header has: the body ended inside the next
// header, cut, which was not taken for one, and the exit after it was
// lost. Too long by 1 to 40 bytes, the next read is the exit.
func TestBodyTooLongByLittle(t *testing.T) {
	next := framed(`{"jsonrpc":"2.0","method":"exit"}`)
	for k := 1; k <= 40; k++ {
		for _, oneByte := range []bool{false, true} {
			var in io.Reader = strings.NewReader(fmt.Sprintf("Content-Length: %d\r\n\r\n", len(request)+k) + request + next)
			if oneByte {
				in = iotest.OneByteReader(in)
			}
			r := newReader(in)
			if body, err := r.read(); !errors.Is(err, errFraming) {
				t.Errorf("%d bytes too long (one byte at a time: %v): first read %q, %v; want a framing error", k, oneByte, body, err)
			}
			if body, err := r.read(); err != nil || !strings.Contains(string(body), `"exit"`) {
				t.Errorf("%d bytes too long (one byte at a time: %v): second read %q, %v; want exit", k, oneByte, body, err)
			}
		}
	}
}

// TestHeaderAfterInvalidUTF8: the rest of an overlong body may hold any
// bytes, invalid UTF-8 too, before the next header on its line; the
// header is found where it stands (lowercasing the line as a string
// moved it, and the reader panicked).
func TestHeaderAfterInvalidUTF8(t *testing.T) {
	for _, junk := range []string{"\xb9\xb9\xb9\xb9", strings.Repeat("\xb9", 10), "\xff", "é\xc3", "ok"} {
		r := newReader(strings.NewReader(junk + "CONTENT-LENGTH: 2\r\n\r\n{}"))
		if body, err := r.read(); err != nil || string(body) != "{}" {
			t.Errorf("after %q: read %q, %v; want {}", junk, body, err)
		}
	}
}

// A bad Content-Length is quoted without the blank after the colon, and
// one past the limit says the limit (it read `bad Content-Length "
// 314572800"`).
func TestContentLengthErrors(t *testing.T) {
	for value, want := range map[string]string{
		"314572800": "Content-Length 314572800 is over the 256 MiB a message may be",
		"-5":        `bad Content-Length "-5"`,
		"abc":       `bad Content-Length "abc"`,
	} {
		_, err := newReader(strings.NewReader("Content-Length: " + value + "\r\n\r\n")).header("")
		if err == nil || !errors.Is(err, errFraming) || !strings.HasSuffix(err.Error(), ": "+want) {
			t.Errorf("Content-Length: %s: %v, want a framing error ending %q", value, err, want)
		}
	}
}
