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

func (m *message) isRequest() bool      { return m.Method != "" && len(m.ID) > 0 }
func (m *message) isNotification() bool { return m.Method != "" && len(m.ID) == 0 }
func (m *message) isResponse() bool     { return m.Method == "" && len(m.ID) > 0 }

// An rpcError is the error member of a response.
type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *rpcError) Error() string { return fmt.Sprintf("jsonrpc error %d: %s", e.Code, e.Message) }

// errFraming reports a stream whose headers cannot be read: nothing after
// it can be trusted, so the connection ends.
var errFraming = errors.New("malformed message header")

// A reader reads Content-Length framed messages.
type reader struct {
	r *bufio.Reader
}

func newReader(r io.Reader) *reader { return &reader{bufio.NewReaderSize(r, 64<<10)} }

// read returns the next message's body, unparsed. It returns io.EOF at a
// clean end of the stream, and an error wrapping errFraming when the
// headers are malformed.
func (r *reader) read() ([]byte, error) {
	length := -1
	for {
		line, err := r.r.ReadString('\n')
		if err != nil {
			if err == io.EOF && line == "" && length < 0 {
				return nil, io.EOF
			}
			return nil, fmt.Errorf("reading header: %w", err)
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			if length < 0 {
				continue // tolerate stray blank lines between messages
			}
			break
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("%w: %q", errFraming, line)
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 || n > maxMessage {
				return nil, fmt.Errorf("%w: bad Content-Length %q", errFraming, value)
			}
			length = n
		}
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(r.r, body); err != nil {
		return nil, fmt.Errorf("reading %d-byte body: %w", length, err)
	}
	return body, nil
}

// A writer writes framed messages; it is safe for concurrent use.
type writer struct {
	mu sync.Mutex
	w  io.Writer
}

// writeRaw writes one already-encoded body.
func (w *writer) writeRaw(body []byte) error {
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
		return nil, &rpcError{codeParseError, fmt.Sprintf("cannot parse message: %v", err)}
	}
	if m.Method == "" && len(m.ID) == 0 {
		return &m, &rpcError{codeInvalidRequest, "message has neither method nor id"}
	}
	if m.JSONRPC != "2.0" {
		return &m, &rpcError{codeInvalidRequest, fmt.Sprintf("jsonrpc must be \"2.0\", not %q", m.JSONRPC)}
	}
	return &m, nil
}
