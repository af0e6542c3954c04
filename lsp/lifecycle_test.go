package lsp

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/copycat-go/copycat/internal/testtool"
)

// raw writes bytes to the server as they are, framing included.
func (e *editor) raw(s string) {
	e.t.Helper()
	e.w.mu.Lock()
	defer e.w.mu.Unlock()
	if _, err := e.w.w.Write([]byte(s)); err != nil {
		e.t.Fatal(err)
	}
}

func framed(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }

func TestMalformedJSONRPC(t *testing.T) {
	dir, _ := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
	e := startEditor(t, runServer())
	tests := []struct {
		name, send string
		id         string // of the error response
		code       int
	}{
		{"body not JSON", framed(`{"jsonrpc":"2.0","id":1,"method":`), "null", codeParseError},
		{"body not an object", framed(`[1,2,3]`), "null", codeInvalidRequest},
		{"method not a string", framed(`{"jsonrpc":"2.0","id":7,"method":5}`), "7", codeInvalidRequest},
		{"id an object", framed(`{"jsonrpc":"2.0","id":{"x":1},"method":"foo/bar"}`), "null", codeInvalidRequest},
		{"wrong jsonrpc version", framed(`{"jsonrpc":"1.0","id":41,"method":"initialize"}`), "41", codeInvalidRequest},
		{"neither method nor id", framed(`{"jsonrpc":"2.0"}`), "null", codeInvalidRequest},
		{"header without colon", "Content-Length 12\r\n\r\n", "null", codeParseError},
		{"bad Content-Length", "Content-Length: twelve\r\n\r\n", "null", codeParseError},
		{"request before initialize", framed(`{"jsonrpc":"2.0","id":42,"method":"textDocument/codeAction","params":{}}`), "42", codeServerNotReady},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e.t = t
			e.raw(tt.send)
			m := e.await("an error response", func(m *message) bool { return m.isResponse() || m.Error != nil })
			if m.Error == nil || m.Error.Code != tt.code || string(m.ID) != tt.id {
				raw, _ := json.Marshal(m)
				t.Errorf("got %s, want error %d with id %s", raw, tt.code, tt.id)
			}
		})
	}
	e.t = t
	// The server lives on: the handshake and a clone still work.
	e.initialize(dir, nil)
	e.diagnostics(uri(dir, "a.go"), "the clone of b.go", saying("duplicate of b.go:4-20 (renamed, 105 tokens, 2 copies)"))
	for _, tt := range []struct {
		name, method string
		params       any
		code         int
	}{
		{"unknown method", "textDocument/hover", map[string]any{}, codeMethodNotFound},
		{"bad params", "textDocument/codeAction", []int{1}, codeInvalidParams},
		{"second initialize", "initialize", map[string]any{}, codeInvalidRequest},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e.t = t
			if r := e.call(tt.method, tt.params); r.Error == nil || r.Error.Code != tt.code {
				t.Errorf("%s: got %s %v, want error %d", tt.method, r.Result, r.Error, tt.code)
			}
		})
	}
	e.t = t
	e.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": "not a uri"}})
	e.notify("$/cancelRequest", map[string]any{"id": 99})
	e.exit()
}

func TestLifecycle(t *testing.T) {
	t.Run("requests after shutdown fail", func(t *testing.T) {
		e := startEditor(t, runServer())
		e.initialize(t.TempDir(), nil)
		if r := e.call("shutdown", nil); r.Error != nil {
			t.Fatal(r.Error)
		}
		if r := e.call("textDocument/codeAction", codeActionParams{}); r.Error == nil || r.Error.Code != codeInvalidRequest {
			t.Errorf("request after shutdown: %s %v, want InvalidRequest", r.Result, r.Error)
		}
		e.notify("exit", nil)
		if err := waitDone(e); err != nil {
			t.Errorf("Run after shutdown and exit: %v", err)
		}
	})
	t.Run("exit without shutdown is an error", func(t *testing.T) {
		e := startEditor(t, runServer())
		e.initialize(t.TempDir(), nil)
		e.notify("exit", nil)
		if err := waitDone(e); err == nil || !strings.Contains(err.Error(), "exit before shutdown") {
			t.Errorf("Run after exit without shutdown: %v, want an error", err)
		}
	})
	t.Run("input closed without exit is an error", func(t *testing.T) {
		e := startEditor(t, runServer())
		e.initialize(t.TempDir(), nil)
		e.in.Close()
		if err := waitDone(e); err == nil {
			t.Error("Run returned nil when its input ended before exit")
		}
	})
}

func waitDone(e *editor) error {
	select {
	case err := <-e.done:
		return err
	case <-time.After(timeout):
		e.t.Fatal("Run did not return")
		return nil
	}
}

func TestSafely(t *testing.T) {
	var logged testtool.SyncBuffer
	lg := log.New(&logged, "", 0)
	if !safely(lg, "fine", func() {}) {
		t.Error("safely reported a panic for a function that returned")
	}
	if safely(lg, "doing X", func() { panic("boom") }) {
		t.Error("safely did not report the panic")
	}
	if got := logged.String(); !strings.Contains(got, "internal error doing X: boom") {
		t.Errorf("log %q does not name the panic", got)
	}
}

func TestRunFlags(t *testing.T) {
	tests := []struct {
		args []string
		want string // in the error
	}{
		{[]string{"-severity", "loud"}, `unknown severity "loud"`},
		{[]string{"-min-tokens", "0"}, "-min-tokens must be at least 1"},
		{[]string{"extra"}, "unexpected arguments"},
		{[]string{"-proxy", "-gopls", "/nonexistent/gopls"}, "/nonexistent/gopls"},
		{[]string{"-logfile", "/nonexistent/dir/log"}, "opening log file"},
		// Said as the report's flags say them, not "unexpected
		// arguments [\"false\"]" and the flag package's usage.
		{[]string{"-near", "false"}, "-near is a boolean flag: write -near=false\nrun 'copycat lsp -h' for usage"},
		{[]string{"-severity", "warning", "-min-token", "80"}, "flag provided but not defined: -min-token (did you mean -min-tokens?)\nrun 'copycat lsp -h' for usage"},
		{[]string{"-tests=maybe"}, "-tests takes true or false, not \"maybe\""},
		// Not the flag package's "parse error", after the whole usage.
		{[]string{"-min-tokens", "abc"}, "-min-tokens takes a whole number, not \"abc\"\nrun 'copycat lsp -h' for usage"},
		{[]string{"-similarity=high"}, "-similarity takes a number, not \"high\"\nrun 'copycat lsp -h' for usage"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var stderr testtool.SyncBuffer
			err := Run(t.Context(), strings.NewReader(""), io.Discard, &stderr, tt.args)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Run(%q) = %v, want an error containing %q", tt.args, err, tt.want)
			}
			if got := stderr.String(); got != "" {
				t.Errorf("Run(%q) printed %q; the error alone says what is wrong", tt.args, got)
			}
			// The command line's slips are usage errors (exit 2); a
			// gopls or a log file that cannot be had are not.
			var ue *UsageError
			if isUsage := errors.As(err, &ue); isUsage != (tt.args[0] != "-proxy" && tt.args[0] != "-logfile") {
				t.Errorf("Run(%q) = %#v: UsageError %v", tt.args, err, isUsage)
			}
		})
	}
	var stderr testtool.SyncBuffer
	if err := Run(t.Context(), strings.NewReader(""), io.Discard, &stderr, []string{"-h"}); err != nil || !strings.HasPrefix(stderr.String(), "usage: copycat lsp") || !strings.Contains(stderr.String(), "-min-tokens") {
		t.Errorf("Run(-h) = %v, stderr %.80q; want the usage and its flags", err, stderr.String())
	}
	// -severity says what the editor sees of a drifted class whatever it
	// is set to (the diagnostics of copycat lsp on a drifted copy were
	// warnings under the default "information", which -h did not say).
	if !strings.Contains(stderr.String(), "a drifted class's are at least warnings") {
		t.Errorf("copycat lsp -h does not say a drifted class's diagnostics are at least warnings:\n%s", stderr.String())
	}
}
