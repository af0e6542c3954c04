package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"github.com/copycat-go/copycat/internal/testtool"
)

// An editor drives a server over pipes, as a real editor does: it frames
// messages, answers the server's requests and keeps what it receives.
type editor struct {
	t      testing.TB
	w      *writer
	in     io.Closer // the server's stdin
	done   chan error
	stderr *testtool.SyncBuffer

	mu       sync.Mutex
	cond     *sync.Cond
	received []*message
	taken    []bool
	start    int // await looks at received[start:]
	closed   bool
	next     int
	settings any // the answer to workspace/configuration
	// createDelay holds the answer to window/workDoneProgress/create
	// back; createdAt is how many messages had come when it was sent.
	createDelay time.Duration
	createdAt   int
}

// timeout bounds every wait; a server that answers at all answers well
// within it.
const timeout = 60 * time.Second

// indexTimeout bounds the wait for the end of indexing the standard
// library, which the race detector's build takes 40 s of on two idle
// cores: a loaded machine took longer than timeout. Nothing times it.
const indexTimeout = 5 * time.Minute

// startEditor runs run (Run with some arguments) on pipes and returns the
// editor at the other end.
func startEditor(t testing.TB, run func(ctx context.Context, in io.Reader, out, errw io.Writer) error) *editor {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	e := &editor{t: t, w: &writer{w: inW}, in: inW, done: make(chan error, 1), stderr: &testtool.SyncBuffer{}}
	e.cond = sync.NewCond(&e.mu)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		err := run(ctx, inR, outW, e.stderr)
		outW.Close()
		e.done <- err
	}()
	go e.readLoop(outR)
	t.Cleanup(func() {
		cancel()
		inW.Close()
		if t.Failed() {
			t.Logf("server log:\n%s", e.stderr.String())
		}
	})
	return e
}

func (e *editor) readLoop(out io.Reader) {
	r := newReader(out)
	for {
		body, err := r.read()
		if err != nil {
			e.mu.Lock()
			e.closed = true
			e.cond.Broadcast()
			e.mu.Unlock()
			return
		}
		var m message
		if err := json.Unmarshal(body, &m); err != nil {
			e.t.Errorf("server sent a body that is not JSON: %q", body)
			continue
		}
		if m.isRequest() {
			go e.answer(&m) // as an editor does: never block reading on a write
		}
		e.mu.Lock()
		e.received = append(e.received, &m)
		e.taken = append(e.taken, false)
		e.cond.Broadcast()
		e.mu.Unlock()
	}
}

// answer replies to the server's requests as an editor would.
func (e *editor) answer(m *message) {
	var result any
	switch m.Method {
	case "workspace/configuration":
		e.mu.Lock()
		result = []any{e.settings}
		e.mu.Unlock()
	case "window/showDocument":
		result = map[string]bool{"success": true}
	case "window/workDoneProgress/create":
		time.Sleep(e.createDelay)
		e.mu.Lock()
		e.createdAt = len(e.received) // what comes after, until the answer is written, cannot be progress
		e.mu.Unlock()
	}
	e.w.reply(m.ID, result)
}

// await returns the first message not yet taken that satisfies ok.
func (e *editor) await(what string, ok func(*message) bool) *message {
	e.t.Helper()
	return e.awaitWithin(timeout, what, ok)
}

// awaitIndexed waits, up to indexTimeout, for the progress that ends the
// workspace's indexing.
func (e *editor) awaitIndexed() *message {
	e.t.Helper()
	return e.awaitWithin(indexTimeout, "the end of indexing", func(m *message) bool {
		return m.Method == "$/progress" && bytes.Contains(m.Params, []byte(`"kind":"end"`))
	})
}

// awaitWithin is await with a bound of d.
func (e *editor) awaitWithin(d time.Duration, what string, ok func(*message) bool) *message {
	e.t.Helper()
	m := e.within(d, ok)
	if m == nil {
		e.mu.Lock()
		defer e.mu.Unlock()
		e.t.Fatalf("no %s from the server (closed=%v); received:\n%s", what, e.closed, e.dump())
	}
	return m
}

// within returns the first message not yet taken that satisfies ok, or
// nil if none comes within d (or the server's output ends first).
func (e *editor) within(d time.Duration, ok func(*message) bool) *message {
	deadline := time.Now().Add(d)
	timer := time.AfterFunc(d, func() {
		e.mu.Lock()
		e.cond.Broadcast()
		e.mu.Unlock()
	})
	defer timer.Stop()
	e.mu.Lock()
	defer e.mu.Unlock()
	for {
		for i := e.start; i < len(e.received); i++ {
			if m := e.received[i]; !e.taken[i] && ok(m) {
				e.taken[i] = true
				return m
			}
		}
		if e.closed || time.Now().After(deadline) {
			return nil
		}
		e.cond.Wait()
	}
}

// skip makes await ignore every message received so far.
func (e *editor) skip() {
	e.mu.Lock()
	e.start = len(e.received)
	e.mu.Unlock()
}

func (e *editor) dump() string {
	var b strings.Builder
	ms := e.received
	if len(ms) > 20 {
		fmt.Fprintf(&b, "(%d more before)\n", len(ms)-20)
		ms = ms[len(ms)-20:]
	}
	for _, m := range ms {
		raw, _ := json.Marshal(m)
		b.Write(raw)
		b.WriteByte('\n')
	}
	return b.String()
}

// call sends a request and returns its response.
func (e *editor) call(method string, params any) *message {
	e.t.Helper()
	e.mu.Lock()
	e.next++
	id := json.RawMessage(fmt.Sprint(e.next))
	e.mu.Unlock()
	if err := e.w.request(id, method, params); err != nil {
		e.t.Fatal(err)
	}
	return e.await("response to "+method, func(m *message) bool { return m.isResponse() && string(m.ID) == string(id) })
}

func (e *editor) notify(method string, params any) {
	e.t.Helper()
	if err := e.w.notify(method, params); err != nil {
		e.t.Fatal(err)
	}
}

// diagnostics waits for a publishDiagnostics for uri whose set satisfies
// ok, and returns the set.
func (e *editor) diagnostics(uri string, what string, ok func([]diagnostic) bool) []diagnostic {
	e.t.Helper()
	var got []diagnostic
	e.await("diagnostics for "+filepath.Base(uri)+": "+what, func(m *message) bool {
		if m.Method != "textDocument/publishDiagnostics" || !bytes.Contains(m.Params, []byte(uri)) {
			return false
		}
		var p publishDiagnosticsParams
		if json.Unmarshal(m.Params, &p) != nil || p.URI != uri || !ok(p.Diagnostics) {
			return false
		}
		got = p.Diagnostics
		return true
	})
	return got
}

// published returns the diagnostics last published for uri so far, none
// if there were none.
func (e *editor) published(uri string) []diagnostic {
	e.mu.Lock()
	defer e.mu.Unlock()
	for i := len(e.received) - 1; i >= 0; i-- {
		m := e.received[i]
		var p publishDiagnosticsParams
		if m.Method == "textDocument/publishDiagnostics" && json.Unmarshal(m.Params, &p) == nil && p.URI == uri {
			return p.Diagnostics
		}
	}
	return nil
}

// exit shuts the server down as the protocol says and checks that Run
// returns nil.
func (e *editor) exit() {
	e.t.Helper()
	if r := e.call("shutdown", nil); r.Error != nil || string(r.Result) != "null" {
		e.t.Fatalf("shutdown: result %s, error %v", r.Result, r.Error)
	}
	e.notify("exit", nil)
	select {
	case err := <-e.done:
		if err != nil {
			e.t.Fatalf("Run after exit: %v", err)
		}
	case <-time.After(timeout):
		e.t.Fatal("Run did not return after exit")
	}
}

// initialize performs the handshake with a workspace folder and returns
// the server's answer to initialize. The editor opens the documents the
// server asks it to (window/showDocument).
func (e *editor) initialize(root string, options any) *message {
	e.t.Helper()
	return e.initializeWith(root, options, map[string]any{"workDoneProgress": true, "showDocument": map[string]bool{"support": true}})
}

// initializeWith is initialize with the window capabilities given.
func (e *editor) initializeWith(root string, options any, window map[string]any) *message {
	e.t.Helper()
	params := map[string]any{
		"processId":             os.Getpid(),
		"rootUri":               pathToURI(root),
		"workspaceFolders":      []workspaceFolder{{URI: pathToURI(root), Name: "w"}},
		"initializationOptions": options,
		"capabilities": map[string]any{
			"workspace": map[string]any{"configuration": true, "didChangeWatchedFiles": map[string]bool{"dynamicRegistration": true}},
			"window":    window,
		},
	}
	r := e.call("initialize", params)
	if r.Error != nil {
		e.t.Fatalf("initialize: %v", r.Error)
	}
	e.notify("initialized", struct{}{})
	return r
}

// writeWorkspace writes a txtar archive's files into a new directory.
func writeWorkspace(t testing.TB, archive string) (string, map[string]string) {
	t.Helper()
	a, err := txtar.ParseFile(archive)
	if err != nil {
		t.Fatal(err)
	}
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, f := range a.Files {
		files[f.Name] = string(f.Data)
		if strings.HasSuffix(f.Name, ".txt") {
			continue
		}
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, files
}
