package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// JSON-RPC 2.0 error codes used by the server.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeMethodNotFound = -32601
	codeInvalidParams  = -32602
	codeInternalError  = -32603
	codeServerNotReady = -32002 // ServerNotInitialized
)

// maxMessage bounds one message's body, so that a corrupt header cannot
// make the server allocate without limit.
const maxMessage = 256 << 20

// A message is any JSON-RPC 2.0 message: a request (ID and Method), a
// notification (Method only) or a response (ID with Result or Error).
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

func (m *message) isRequest() bool  { return m.Method != "" && len(m.ID) > 0 }
func (m *message) isResponse() bool { return m.Method == "" && len(m.ID) > 0 }

// An rpcError is the error member of a response.
type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *rpcError) Error() string { return fmt.Sprintf("jsonrpc error %d: %s", e.Code, e.Message) }

// errFraming reports a stream whose headers cannot be read. The reader
// then skips to the next Content-Length header, so that one bad message
// costs one error and the messages after it (exit among them) still
// arrive.
var errFraming = errors.New("malformed message header")

// contentLength is the header every message starts with, lowercased.
const contentLength = "content-length:"

// editorMessages reads the editor's messages from in and gives each
// well-formed one, with its bytes, to handle until handle says it is
// done or fails. What cannot be read is answered here, as the server and
// the proxy both answer it, and logged through logf: a malformed header
// with a parse error, a body that is no JSON-RPC message with its error
// when it asked for an answer. An input that ends ends the session: nil
// when shutdown says the editor asked for it first, else an error (the
// server's and the proxy's status 1).
func editorMessages(in io.Reader, w *writer, logf func(format string, args ...any), shutdown func() bool, handle func(body []byte, m *message) (done bool, err error)) error {
	r := newReader(in)
	for {
		body, err := r.read()
		if errors.Is(err, errFraming) {
			logf("%v", err)
			w.replyError(nil, codeParseError, err.Error())
			continue
		}
		if err == io.EOF {
			if shutdown() {
				return nil
			}
			return errors.New("the editor closed the connection without shutdown and exit")
		}
		if err != nil {
			return fmt.Errorf("reading from the editor: %w", err)
		}
		m, rerr := decode(body)
		if rerr != nil {
			logf("bad message: %s", rerr.Message)
			if m == nil || m.Method == "" || len(m.ID) > 0 {
				w.replyError(idOf(m), rerr.Code, rerr.Message)
			}
			continue
		}
		if done, err := handle(body, m); done || err != nil {
			return err
		}
	}
}

// idOf is m's ID, none for no message.
func idOf(m *message) json.RawMessage {
	if m == nil {
		return nil
	}
	return m.ID
}

// A reader reads Content-Length framed messages.
type reader struct {
	r      *bufio.Reader
	resync bool // the last header was bad: skip to the next Content-Length
	work   int  // the bytes of bodies looked at for a header (tests bound it)
}

func newReader(r io.Reader) *reader { return &reader{r: bufio.NewReaderSize(r, 64<<10)} }

// read returns the next message's body, unparsed. It returns io.EOF at a
// clean end of the stream, and an error wrapping errFraming when the
// headers are malformed; the next read starts at the next header.
func (r *reader) read() ([]byte, error) {
	var first string
	if r.resync {
		r.resync = false
		line, err := r.skipToHeader()
		if err != nil {
			return nil, err
		}
		first = line
	}
	length, err := r.header(first)
	if errors.Is(err, errFraming) {
		r.resync = true
	}
	if err != nil {
		return nil, err
	}
	return r.body(length)
}

// body reads a body of the given length as its bytes come, not into a
// buffer of the announced size: a wrong length must not allocate what
// never arrives. A header inside it means that the length was too large
// (a header cannot be part of a JSON text: it holds a raw line break,
// which JSON allows only between tokens, and its name is no JSON token):
// the body ends there, as a framing error, and the next read starts at
// that header.
func (r *reader) body(length int) ([]byte, error) {
	body := make([]byte, 0, min(length, 64<<10))
	var cut headerScan // how far a header's start at the next byte was read
	for len(body) < length {
		want := min(r.r.Buffered(), length-len(body))
		if want == 0 {
			want = 1
		}
		chunk, err := r.r.Peek(want)
		if len(chunk) == 0 {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return nil, fmt.Errorf("reading %d-byte body: %w", length, err)
		}
		n, found, looked, next := scanHeader(chunk, len(body)+len(chunk) == length, cut)
		r.work += looked
		cut = next
		if n == 0 && !found {
			// A header may start here: wait for one more byte of the
			// body, which the length says is coming.
			switch _, err := r.r.Peek(len(chunk) + 1); {
			case err == bufio.ErrBufferFull:
				n, cut = len(chunk), headerScan{} // blanks fill the buffer: no header
			case err == io.EOF:
				return nil, fmt.Errorf("reading %d-byte body: %w", length, io.ErrUnexpectedEOF)
			case err != nil:
				return nil, fmt.Errorf("reading %d-byte body: %w", length, err)
			}
		}
		body = append(body, chunk[:n]...)
		r.r.Discard(n)
		if found {
			return nil, fmt.Errorf("%w: a header after %d bytes of a %d-byte body", errFraming, len(body), length)
		}
	}
	return body, nil
}

// scanHeader looks for a Content-Length header line in b. It returns how
// many bytes of b certainly come before one, and whether one starts
// there. A header that may start in b but is cut by its end is waited for
// when b is not the end of the body, and taken for one when it is (final);
// next is how far it was read, for the scan of the bytes from its start
// (from) to go on from there when more have come, rather than read its
// blanks again for each byte that comes. It also returns the bytes it
// looked at.
func scanHeader(b []byte, final bool, from headerScan) (n int, found bool, looked int, next headerScan) {
	if from.at > len(b) {
		from = headerScan{}
	}
	for i := 0; i < len(b); i++ {
		if from.at == 0 && lower(b[i]) != contentLength[0] {
			continue
		}
		res, scan := headerAt(b[i:], from)
		looked += scan.at - from.at
		from = headerScan{}
		switch res {
		case headerYes:
			return i, true, looked + i, headerScan{}
		case headerCut:
			// At the end of the body, the start of a header is one: no
			// JSON text ends in a c, a letter of a name or a colon, and
			// the length was too large by a header's start (the exit
			// after it was lost with it).
			return i, final, looked + i, scan
		}
	}
	return len(b), false, looked + len(b), headerScan{}
}

// A headerScan is how far headerAt read a header's start: the bytes, and
// the digits among them.
type headerScan struct{ at, digits int }

const (
	headerNo = iota
	headerYes
	headerCut // b ends before it can tell
)

// headerAt tells whether b starts with "Content-Length:", blanks, up to
// 12 digits and a line break, reading on from where from says an earlier
// call stopped (the bytes before are the same), and says how far it read.
func headerAt(b []byte, from headerScan) (int, headerScan) {
	i, digits := from.at, from.digits
	for ; i < len(contentLength); i++ {
		if i == len(b) {
			return headerCut, headerScan{i, 0}
		}
		if lower(b[i]) != contentLength[i] {
			return headerNo, headerScan{i, 0}
		}
	}
	for ; i < len(b); i++ {
		switch c := b[i]; {
		case c == ' ' || c == '\t':
			if digits > 0 {
				return headerNo, headerScan{i, digits}
			}
		case '0' <= c && c <= '9' && digits < 12:
			digits++
		case c == '\r' || c == '\n':
			if digits == 0 {
				return headerNo, headerScan{i, digits}
			}
			return headerYes, headerScan{i, digits}
		default:
			return headerNo, headerScan{i, digits}
		}
	}
	return headerCut, headerScan{i, digits}
}

// header reads a message's header lines, starting with first if it is
// not empty, and returns its Content-Length.
func (r *reader) header(first string) (int, error) {
	length, headers := -1, 0
	for {
		line := first
		first = ""
		if line == "" {
			var err error
			if line, err = r.line(); err != nil {
				if err == io.EOF && line == "" && headers == 0 {
					return 0, io.EOF
				}
				return 0, fmt.Errorf("reading header: %w", err)
			}
		}
		if i := indexContentLength(line); i > 0 {
			// The rest of a body longer than its Content-Length said,
			// already answered as unreadable: the header follows it.
			line, length, headers = line[i:], -1, 0
		}
		if line == "" {
			if headers == 0 {
				continue // tolerate stray blank lines between messages
			}
			if length < 0 {
				return 0, fmt.Errorf("%w: no Content-Length", errFraming)
			}
			return length, nil
		}
		headers++
		name, value, ok := strings.Cut(line, ":")
		if !ok || !isToken(name) {
			return 0, fmt.Errorf("%w: %q", errFraming, line)
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			value = strings.TrimSpace(value)
			n, err := strconv.Atoi(value)
			switch {
			case err == nil && n > maxMessage:
				return 0, fmt.Errorf("%w: Content-Length %d is over the %d MiB a message may be", errFraming, n, maxMessage>>20)
			case err != nil || n < 0:
				return 0, fmt.Errorf("%w: bad Content-Length %q", errFraming, value)
			}
			length = n
		}
	}
}

// line reads one header line without its line ending. A line longer than
// the buffer is a framing error.
func (r *reader) line() (string, error) {
	b, err := r.r.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		return "", fmt.Errorf("%w: header line longer than %d bytes", errFraming, len(b))
	}
	return strings.TrimRight(string(b), "\r\n"), err
}

// skipToHeader discards bytes up to the next "Content-Length:" (in any
// case), byte by byte so that no line length matters, and returns that
// header's line.
func (r *reader) skipToHeader() (string, error) {
	matched := 0
	for matched < len(contentLength) {
		c, err := r.r.ReadByte()
		if err != nil {
			return "", err
		}
		switch lower(c) {
		case contentLength[matched]:
			matched++
		case contentLength[0]:
			matched = 1
		default:
			matched = 0
		}
	}
	rest, err := r.line()
	if err != nil {
		return "", err
	}
	return "Content-Length:" + rest, nil
}

// indexContentLength returns where "Content-Length:", in any case, first
// stands in line, or -1. It compares byte by byte: strings.ToLower would
// turn each invalid UTF-8 byte into three and move the offsets.
func indexContentLength(line string) int {
	for i := 0; i+len(contentLength) <= len(line); i++ {
		j := 0
		for j < len(contentLength) && lower(line[i+j]) == contentLength[j] {
			j++
		}
		if j == len(contentLength) {
			return i
		}
	}
	return -1
}

// isToken reports whether a header name is made of the characters header
// names use.
func isToken(name string) bool {
	for _, c := range []byte(name) {
		if !('a' <= lower(c) && lower(c) <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return name != ""
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// A writer writes framed messages; it is safe for concurrent use.
type writer struct {
	mu      sync.Mutex
	w       io.Writer
	waiting atomic.Int32 // writes under way, or waiting for those
}

// writeRaw writes one already-encoded body.
func (w *writer) writeRaw(body []byte) error {
	w.waiting.Add(1)
	defer w.waiting.Add(-1)
	w.mu.Lock()
	defer w.mu.Unlock()
	var hdr bytes.Buffer
	fmt.Fprintf(&hdr, "Content-Length: %d\r\n\r\n", len(body))
	if _, err := w.w.Write(append(hdr.Bytes(), body...)); err != nil {
		return fmt.Errorf("writing message: %w", err)
	}
	return nil
}

// write encodes and writes one message.
func (w *writer) write(m *message) error {
	m.JSONRPC = "2.0"
	body, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("encoding %s message: %w", m.Method, err)
	}
	return w.writeRaw(body)
}

func (w *writer) notify(method string, params any) error {
	raw, err := json.Marshal(params)
	if err != nil {
		return fmt.Errorf("encoding %s params: %w", method, err)
	}
	return w.write(&message{Method: method, Params: raw})
}

func (w *writer) request(id json.RawMessage, method string, params any) error {
	raw, err := json.Marshal(params)
	if err != nil {
		return fmt.Errorf("encoding %s params: %w", method, err)
	}
	return w.write(&message{ID: id, Method: method, Params: raw})
}

func (w *writer) reply(id json.RawMessage, result any) error {
	raw, err := json.Marshal(result)
	if err != nil {
		return fmt.Errorf("encoding result: %w", err)
	}
	return w.write(&message{ID: id, Result: raw})
}

func (w *writer) replyError(id json.RawMessage, code int, msg string) error {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	return w.write(&message{ID: id, Error: &rpcError{Code: code, Message: msg}})
}

// decode parses a message body. A body that is not a JSON-RPC message
// gives an rpcError to send back.
func decode(body []byte) (*message, *rpcError) {
	var m message
	if err := json.Unmarshal(body, &m); err != nil {
		if !json.Valid(body) {
			return nil, &rpcError{codeParseError, fmt.Sprintf("cannot parse message: %v", err)}
		}
		// JSON, but no request object ([], a method that is no
		// string): an invalid request, answered with its id if it has
		// one that can be read.
		var idOnly struct {
			ID json.RawMessage `json:"id"`
		}
		json.Unmarshal(body, &idOnly)
		bad := &message{}
		if validID(idOnly.ID) {
			bad.ID = idOnly.ID
		}
		return bad, &rpcError{codeInvalidRequest, fmt.Sprintf("not a request: %v", err)}
	}
	if len(m.ID) > 0 && !validID(m.ID) {
		// Answered, with a null id, as a request that has none.
		return &message{}, &rpcError{codeInvalidRequest, "id must be a string, a number or null"}
	}
	if m.Method == "" && len(m.ID) == 0 {
		return &m, &rpcError{codeInvalidRequest, "message has neither method nor id"}
	}
	if m.JSONRPC != "2.0" {
		return &m, &rpcError{codeInvalidRequest, fmt.Sprintf("jsonrpc must be \"2.0\", not %q", m.JSONRPC)}
	}
	return &m, nil
}

// validID reports whether id is a JSON-RPC id: a string, a number or
// null (not an object, an array or a boolean).
func validID(id json.RawMessage) bool {
	id = bytes.TrimSpace(id)
	if len(id) == 0 {
		return false
	}
	switch c := id[0]; {
	case c == '"', c == '-', '0' <= c && c <= '9':
		return true
	}
	return string(id) == "null"
}
