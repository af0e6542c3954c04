package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/cli"
	"github.com/copycat-go/copycat/internal/par"
	"github.com/copycat-go/copycat/internal/testtool"
)

func runServer(args ...string) func(context.Context, io.Reader, io.Writer, io.Writer) error {
	return func(ctx context.Context, in io.Reader, out, errw io.Writer) error {
		return Run(ctx, in, out, errw, args)
	}
}

// messages lists the diagnostics' messages.
func messages(ds []diagnostic) []string {
	var ms []string
	for _, d := range ds {
		ms = append(ms, d.Message)
	}
	return ms
}

func saying(want ...string) func([]diagnostic) bool {
	return func(ds []diagnostic) bool { return slices.Equal(messages(ds), want) }
}

func none(ds []diagnostic) bool { return len(ds) == 0 }

// workspace starts a server on the test workspace and waits until the
// initial index is published.
func workspace(t *testing.T, options any, args ...string) (*editor, string, map[string]string) {
	t.Helper()
	dir, files := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
	e := startEditor(t, runServer(args...))
	e.initialize(dir, options)
	e.diagnostics(uri(dir, "a.go"), "the clone of b.go", saying("duplicate of b.go:4-20 (renamed, 105 tokens, 2 copies)"))
	return e, dir, files
}

func uri(dir, name string) string { return pathToURI(filepath.Join(dir, name)) }

func TestServerDiagnostic(t *testing.T) {
	dir, _ := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
	e := startEditor(t, runServer())
	e.initialize(dir, nil)
	got := e.diagnostics(uri(dir, "b.go"), "the clone of a.go", func(ds []diagnostic) bool { return len(ds) > 0 })
	want := []diagnostic{{
		Range:    lspRange{position{3, 0}, position{19, 1}},
		Severity: severityInformation,
		Code:     "renamed",
		Source:   "copycat",
		Message:  "duplicate of a.go:4-20 (renamed, 105 tokens, 2 copies)",
		RelatedInformation: []diagnosticRelatedInformation{{
			Location: location{URI: uri(dir, "a.go"), Range: lspRange{position{3, 0}, position{19, 1}}},
			Message:  "copy at a.go:4-20",
		}},
	}}
	for i := range got {
		got[i].Data = nil
	}
	gotJSON, _ := json.MarshalIndent(got, "", "  ")
	wantJSON, _ := json.MarshalIndent(want, "", "  ")
	if string(gotJSON) != string(wantJSON) {
		t.Errorf("diagnostics for b.go:\ngot  %s\nwant %s", gotJSON, wantJSON)
	}
	e.await("progress begin", func(m *message) bool {
		return m.Method == "$/progress" && strings.Contains(string(m.Params), `"kind":"begin"`)
	})
	e.await("progress end", func(m *message) bool {
		return m.Method == "$/progress" && strings.Contains(string(m.Params), `"kind":"end"`)
	})
	e.exit()
}

// No $/progress comes before the editor has answered the request for a
// progress token (the protocol's order), and indexing does not wait for
// the answer: an editor slow to answer gets its diagnostics first.
func TestProgressAfterTheToken(t *testing.T) {
	dir, _ := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
	e := startEditor(t, runServer())
	e.createDelay = 500 * time.Millisecond
	e.initialize(dir, nil)
	e.diagnostics(uri(dir, "a.go"), "the clone of b.go", saying("duplicate of b.go:4-20 (renamed, 105 tokens, 2 copies)"))
	e.await("the token asked for", func(m *message) bool { return m.Method == "window/workDoneProgress/create" })
	time.Sleep(700 * time.Millisecond)
	e.mu.Lock()
	for _, m := range e.received[:e.createdAt] {
		if m.Method == "$/progress" {
			t.Errorf("$/progress before the token was granted: %s", m.Params)
		}
	}
	e.mu.Unlock()
	// Indexing ended before the grant: the report begins and ends with
	// it, saying what indexing found ("3 files, 1 clone class in 2ms").
	e.await("the progress begun", func(m *message) bool {
		return m.Method == "$/progress" && strings.Contains(string(m.Params), `"kind":"begin"`)
	})
	e.await("the progress ended", func(m *message) bool {
		return m.Method == "$/progress" && strings.Contains(string(m.Params), `"kind":"end"`) &&
			strings.Contains(string(m.Params), `"message":"3 files, 1 clone class in `)
	})
	e.exit()
}

func TestServerEdits(t *testing.T) {
	t.Run("paste and undo a copy, incremental then full", func(t *testing.T) {
		e, dir, files := workspace(t, nil)
		c := uri(dir, "c.go")
		e.notify("textDocument/didOpen", didOpenParams{textDocumentItem{URI: c, Version: 1, Text: files["c.go"]}})
		end := position{Line: strings.Count(files["c.go"], "\n")}
		e.notify("textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": c, "version": 2},
			"contentChanges": []contentChange{{Range: &lspRange{end, end}, Text: files["paste.go.txt"]}},
		})
		e.diagnostics(c, "the pasted copy", saying("duplicate of a.go:4-20 (renamed, 105 tokens, 3 copies)"))
		e.diagnostics(uri(dir, "a.go"), "a third copy", saying("duplicate of b.go:4-20 (renamed, 105 tokens, 3 copies)"))
		// c.go's are of version 2, the text they were found in; a.go,
		// not open, has none.
		e.mu.Lock()
		for _, m := range e.received {
			var p publishDiagnosticsParams
			if m.Method != "textDocument/publishDiagnostics" || json.Unmarshal(m.Params, &p) != nil {
				continue
			}
			if p.URI == c && len(p.Diagnostics) > 0 && (p.Version == nil || *p.Version != 2) || p.URI == uri(dir, "a.go") && p.Version != nil {
				t.Errorf("published with version %v: %s", p.Version, m.Params)
			}
		}
		e.mu.Unlock()
		e.notify("textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": c, "version": 3},
			"contentChanges": []contentChange{{Text: files["c.go"]}},
		})
		e.diagnostics(c, "the copy gone", none)
		e.diagnostics(uri(dir, "a.go"), "two copies again", saying("duplicate of b.go:4-20 (renamed, 105 tokens, 2 copies)"))
		e.exit()
	})
	t.Run("a copy removed clears the unopened other file", func(t *testing.T) {
		e, dir, files := workspace(t, nil)
		b := uri(dir, "b.go")
		e.notify("textDocument/didOpen", didOpenParams{textDocumentItem{URI: b, Version: 1, Text: files["b.go"]}})
		e.notify("textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": b, "version": 2},
			"contentChanges": []contentChange{{Text: "package w\n"}},
		})
		e.diagnostics(uri(dir, "a.go"), "no copy left", none)
		e.diagnostics(b, "no copy left", none)
		e.exit()
	})
	t.Run("a buffer that does not parse keeps its diagnostics", func(t *testing.T) {
		e, dir, files := workspace(t, nil)
		a, c := uri(dir, "a.go"), uri(dir, "c.go")
		e.notify("textDocument/didOpen", didOpenParams{textDocumentItem{URI: a, Version: 1, Text: files["a.go"]}})
		e.notify("textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": a, "version": 2},
			"contentChanges": []contentChange{{Text: strings.Replace(files["a.go"], "{", "{{{ (", 1)}},
		})
		// A later edit elsewhere shows that a.go's fingerprints stayed:
		// the new copy joins a class of three that still holds a.go.
		e.notify("textDocument/didOpen", didOpenParams{textDocumentItem{URI: c, Version: 1, Text: files["c.go"] + files["paste.go.txt"]}})
		e.diagnostics(c, "the pasted copy", saying("duplicate of a.go:4-20 (renamed, 105 tokens, 3 copies)"))
		e.diagnostics(a, "a third copy", saying("duplicate of b.go:4-20 (renamed, 105 tokens, 3 copies)"))
		e.mu.Lock()
		for _, m := range e.received {
			if m.Method == "textDocument/publishDiagnostics" && strings.Contains(string(m.Params), a) && strings.Contains(string(m.Params), `"diagnostics":[]`) {
				t.Errorf("a.go's diagnostics were cleared while it did not parse: %s", m.Params)
			}
			// They are of the text they were found in, which tells the
			// editor they are out of date: version 1, or none when the
			// server indexed the file on disk before the buffer opened
			// (the same text; which comes first is a race); never 2.
			var p publishDiagnosticsParams
			if m.Method == "textDocument/publishDiagnostics" && json.Unmarshal(m.Params, &p) == nil && p.URI == a && strings.Contains(string(m.Params), "3 copies") && p.Version != nil && *p.Version != 1 {
				t.Errorf("a.go's diagnostics published with version %d, want 1 or none: %s", *p.Version, m.Params)
			}
		}
		e.mu.Unlock()
		e.exit()
	})
	t.Run("an edited copy is a near-miss clone", func(t *testing.T) {
		e, dir, files := workspace(t, nil)
		c := uri(dir, "c.go")
		edited := strings.Replace(files["paste.go.txt"], "\t\tm[len(x)] += j + 1\n",
			"\t\tm[len(x)] += j + 1\n\t\tprintln(\"seen\", x, j)\n\t\tif j > 1000 {\n\t\t\tbreak\n\t\t}\n", 1)
		e.notify("textDocument/didOpen", didOpenParams{textDocumentItem{URI: c, Version: 1, Text: files["c.go"] + edited}})
		got := e.diagnostics(c, "the edited copy", func(ds []diagnostic) bool { return len(ds) > 0 })
		if len(got) != 1 || got[0].Code != "near" || !strings.HasPrefix(got[0].Message, "duplicate of a.go:4-20 (near ") {
			t.Errorf("diagnostics %+v, want one near-miss clone of a.go", got)
		}
		e.exit()
	})
	t.Run("closing a buffer goes back to the file on disk", func(t *testing.T) {
		e, dir, files := workspace(t, nil)
		c := uri(dir, "c.go")
		e.notify("textDocument/didOpen", didOpenParams{textDocumentItem{URI: c, Version: 1, Text: files["c.go"] + files["paste.go.txt"]}})
		e.diagnostics(c, "the pasted copy", func(ds []diagnostic) bool { return len(ds) == 1 })
		e.notify("textDocument/didClose", didCloseParams{textDocumentIdentifier{URI: c}})
		e.diagnostics(c, "the unsaved copy gone", none)
		e.exit()
	})
}

func TestServerFilesOnDisk(t *testing.T) {
	watched := func(e *editor, u string) {
		e.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []map[string]any{{"uri": u, "type": 2}}})
	}
	t.Run("the editor is asked to watch files", func(t *testing.T) {
		e, _, _ := workspace(t, nil)
		r := e.await("client/registerCapability", func(m *message) bool { return m.Method == "client/registerCapability" })
		if !strings.Contains(string(r.Params), "workspace/didChangeWatchedFiles") {
			t.Errorf("registration %s does not watch files", r.Params)
		}
		e.exit()
	})
	t.Run("a Go file changed on disk", func(t *testing.T) {
		e, dir, files := workspace(t, nil)
		write(t, filepath.Join(dir, "c.go"), files["c.go"]+files["paste.go.txt"])
		watched(e, uri(dir, "c.go"))
		e.diagnostics(uri(dir, "c.go"), "the copy on disk", saying("duplicate of a.go:4-20 (renamed, 105 tokens, 3 copies)"))
		e.exit()
	})
	t.Run("a Go file deleted", func(t *testing.T) {
		e, dir, _ := workspace(t, nil)
		if err := os.Remove(filepath.Join(dir, "b.go")); err != nil {
			t.Fatal(err)
		}
		watched(e, uri(dir, "b.go"))
		e.diagnostics(uri(dir, "a.go"), "no copy left", none)
		e.exit()
	})
	t.Run("a .duplignore file changed", func(t *testing.T) {
		e, dir, _ := workspace(t, nil)
		write(t, filepath.Join(dir, ".duplignore"), "b.go\n")
		watched(e, uri(dir, ".duplignore"))
		e.diagnostics(uri(dir, "a.go"), "b.go ignored", none)
		e.diagnostics(uri(dir, "b.go"), "b.go ignored", none)
		e.exit()
	})
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestServerSeverity(t *testing.T) {
	severities := func(ds []diagnostic) []int {
		var s []int
		for _, d := range ds {
			s = append(s, d.Severity)
		}
		return s
	}
	t.Run("initializationOptions", func(t *testing.T) {
		dir, _ := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
		e := startEditor(t, runServer())
		e.initialize(dir, map[string]string{"severity": "warning"})
		got := e.diagnostics(uri(dir, "a.go"), "a warning", func(ds []diagnostic) bool { return len(ds) > 0 })
		if s := severities(got); !slices.Equal(s, []int{severityWarning}) {
			t.Errorf("severities %v, want warning (2)", s)
		}
		e.exit()
	})
	t.Run("workspace/configuration", func(t *testing.T) {
		e, dir, _ := workspace(t, nil)
		e.mu.Lock()
		e.settings = map[string]string{"severity": "hint"}
		e.mu.Unlock()
		e.notify("workspace/didChangeConfiguration", map[string]any{"settings": nil})
		e.diagnostics(uri(dir, "a.go"), "a hint", func(ds []diagnostic) bool {
			return slices.Equal(severities(ds), []int{severityHint})
		})
		e.exit()
	})
}

// An editor that does not open the documents a server asks it to (Neovim
// 0.7) is offered no "Go to copy", which would do nothing there.
func TestServerCodeActionWithoutShowDocument(t *testing.T) {
	dir, _ := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
	e := startEditor(t, runServer())
	e.initializeWith(dir, nil, map[string]any{"showDocument": map[string]bool{"support": false}})
	e.diagnostics(uri(dir, "a.go"), "the clone of b.go", saying("duplicate of b.go:4-20 (renamed, 105 tokens, 2 copies)"))
	r := e.call("textDocument/codeAction", codeActionParams{
		TextDocument: textDocumentIdentifier{URI: uri(dir, "a.go")},
		Range:        lspRange{position{5, 0}, position{5, 0}},
	})
	var actions []codeAction
	if err := json.Unmarshal(r.Result, &actions); err != nil || len(actions) != 1 || actions[0].Title != "Leave this copy out (//copycat:ignore)" {
		t.Errorf("code actions: %s (error %v), want the ignore action alone", r.Result, r.Error)
	}
	// The command, run all the same, is refused, and the editor is not
	// asked to show a document.
	arg, _ := json.Marshal(location{URI: uri(dir, "b.go")})
	if r := e.call("workspace/executeCommand", executeCommandParams{Command: commandOpenCopy, Arguments: []json.RawMessage{arg}}); r.Error == nil || r.Error.Code != codeInvalidRequest {
		t.Errorf("executeCommand: %+v, want an invalid request", r)
	}
	e.mu.Lock()
	for _, m := range e.received {
		if m.Method == "window/showDocument" {
			t.Errorf("asked to show a document: %s", m.Params)
		}
	}
	e.mu.Unlock()
	e.exit()
}

func TestServerCodeAction(t *testing.T) {
	e, dir, _ := workspace(t, nil)
	r := e.call("textDocument/codeAction", codeActionParams{
		TextDocument: textDocumentIdentifier{URI: uri(dir, "a.go")},
		Range:        lspRange{position{5, 0}, position{5, 0}},
	})
	var actions []codeAction
	if err := json.Unmarshal(r.Result, &actions); err != nil || len(actions) != 2 {
		t.Fatalf("code actions: %s (error %v)", r.Result, r.Error)
	}
	if got, want := actions[0].Title, "Go to copy at b.go:4-20"; got != want {
		t.Errorf("title %q, want %q", got, want)
	}
	testIgnoreAction(t, e, dir, actions[1])
	cmd := actions[0].Command
	args, _ := json.Marshal(cmd.Arguments)
	var raw []json.RawMessage
	json.Unmarshal(args, &raw)
	r = e.call("workspace/executeCommand", executeCommandParams{Command: cmd.Command, Arguments: raw})
	if r.Error != nil {
		t.Fatalf("executeCommand: %v", r.Error)
	}
	show := e.await("window/showDocument", func(m *message) bool { return m.Method == "window/showDocument" })
	if !strings.Contains(string(show.Params), uri(dir, "b.go")) {
		t.Errorf("showDocument %s does not open b.go", show.Params)
	}
	e.exit()
}

// testIgnoreAction applies the action that leaves a.go's copy out to
// the open buffer, as an editor does: the directive goes on the line
// before the function, and the clone's diagnostics go away.
func testIgnoreAction(t *testing.T, e *editor, dir string, a codeAction) {
	t.Helper()
	u := uri(dir, "a.go")
	edits := a.Edit.Changes[u]
	if a.Title != "Leave this copy out (//copycat:ignore)" || a.Data != actionData || a.Command != nil || len(edits) != 1 ||
		edits[0].Range != (lspRange{position{3, 0}, position{3, 0}}) || edits[0].NewText != "//copycat:ignore kept apart from b.go on purpose\n" {
		t.Fatalf("the ignore action: %+v", a)
	}
	text, err := os.ReadFile(filepath.Join(dir, "a.go"))
	if err != nil {
		t.Fatal(err)
	}
	e.notify("textDocument/didOpen", didOpenParams{textDocumentItem{URI: u, Version: 1, Text: string(text)}})
	e.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": u, "version": 2},
		"contentChanges": []contentChange{{Range: &edits[0].Range, Text: edits[0].NewText}},
	})
	e.diagnostics(u, "none once the copy is left out", func(ds []diagnostic) bool { return len(ds) == 0 })
}

// TestIgnoreActionNamesTheDiagnosticsCopy: in a class of three copies,
// the directive the ignore action writes on the middle one names the
// copy its diagnostic names. It named the copy after it (c.go, where
// the diagnostic says "duplicate of a.go").
func TestIgnoreActionNamesTheDiagnosticsCopy(t *testing.T) {
	dir, files := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
	if err := os.WriteFile(filepath.Join(dir, "c.go"), []byte(files["c.go"]+files["paste.go.txt"]), 0o644); err != nil {
		t.Fatal(err)
	}
	e := startEditor(t, runServer())
	e.initialize(dir, nil)
	e.diagnostics(uri(dir, "b.go"), "the clone of a.go and c.go", saying("duplicate of a.go:4-20 (renamed, 105 tokens, 3 copies)"))
	r := e.call("textDocument/codeAction", codeActionParams{
		TextDocument: textDocumentIdentifier{URI: uri(dir, "b.go")},
		Range:        lspRange{position{5, 0}, position{5, 0}},
	})
	if want, texts := []string{"//copycat:ignore kept apart from a.go on purpose\n"}, editTexts(t, r, uri(dir, "b.go")); !slices.Equal(texts, want) {
		t.Errorf("the ignore action writes %q, want %q", texts, want)
	}
	e.exit()
}

// editTexts returns the texts the code actions of answer r put into the
// document at u (a "Go to copy" puts in none).
func editTexts(t *testing.T, r *message, u string) []string {
	t.Helper()
	var actions []codeAction
	if err := json.Unmarshal(r.Result, &actions); err != nil {
		t.Fatalf("code actions: %s (error %v)", r.Result, r.Error)
	}
	var texts []string
	for _, a := range actions {
		if a.Edit != nil {
			for _, edit := range a.Edit.Changes[u] {
				texts = append(texts, edit.NewText)
			}
		}
	}
	return texts
}

func TestWants(t *testing.T) {
	for _, tc := range []struct {
		only []string
		want bool
	}{
		{nil, true},
		{[]string{"quickfix"}, true},
		{[]string{"refactor", "quickfix"}, true},
		{[]string{"source.organizeImports"}, false},
		{[]string{"quick"}, false},
		{[]string{"quickfix.other"}, false},
	} {
		if got := wants(tc.only, "quickfix"); got != tc.want {
			t.Errorf("wants(%q, quickfix) = %v, want %v", tc.only, got, tc.want)
		}
	}
}

// Detection options in the editor's settings take effect without a
// restart: the workspace is indexed again with them. Settings that make
// no sense change nothing.
func TestServerDetectionSettings(t *testing.T) {
	e, dir, _ := workspace(t, nil)
	configure := func(settings any) {
		e.mu.Lock()
		e.settings = settings
		e.mu.Unlock()
		e.notify("workspace/didChangeConfiguration", map[string]any{"settings": nil})
	}
	configure(map[string]any{"minTokens": 1000})
	e.diagnostics(uri(dir, "a.go"), "no clone of 1000 tokens", none)
	configure(map[string]any{"minTokens": 50, "similarity": 2})
	for deadline := time.Now().Add(timeout); !strings.Contains(e.stderr.String(), "-similarity must be in (0, 1], not 2"); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the bad setting is not in the log:\n%s", e.stderr.String())
		}
	}
	// Only what comes after the last settings: the first indexing, which
	// may end before the first settings are read, published the clone at
	// the default severity.
	e.skip()
	configure(map[string]any{"minTokens": 100, "severity": "warning"})
	got := e.diagnostics(uri(dir, "a.go"), "the clone again", saying("duplicate of b.go:4-20 (renamed, 105 tokens, 2 copies)"))
	if got[0].Severity != severityWarning {
		t.Errorf("severity %d, want warning (%d)", got[0].Severity, severityWarning)
	}
	if n := strings.Count(e.stderr.String(), "re-indexing"); n != 2 {
		t.Errorf("re-indexed %d times, want 2 (the bad settings change nothing)", n)
	}
	e.exit()
}

// initializationOptions the flags would refuse are logged and left out:
// the server indexes with the flags' values.
func TestServerBadInitializationOptions(t *testing.T) {
	dir, _ := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
	e := startEditor(t, runServer())
	e.initialize(dir, map[string]any{"minTokens": 0, "severity": "warning"})
	got := e.diagnostics(uri(dir, "a.go"), "the clone, at the flags' severity", saying("duplicate of b.go:4-20 (renamed, 105 tokens, 2 copies)"))
	if got[0].Severity != severityInformation {
		t.Errorf("severity %d, want the flags' information (%d): the bad options are left out whole", got[0].Severity, severityInformation)
	}
	if log := e.stderr.String(); !strings.Contains(log, "-min-tokens must be at least 1, not 0") {
		t.Errorf("the bad option is not in the log:\n%s", log)
	}
	e.exit()
}

// TestIndexingFaultContained: a fault of copycat's own while indexing the
// workspace is logged, the server goes on answering, and a change of
// settings indexes again.
func TestIndexingFaultContained(t *testing.T) {
	// On the goroutine that indexes, and on one of a loop's workers
	// (detection's), whose panic the loop raises again in its caller.
	for _, fault := range []struct {
		name  string
		raise func()
	}{
		{"indexing", func() { panic("a fault in detection") }},
		{"a worker", func() {
			par.For(4, 2, func(_, i int) {
				if i == 2 {
					panic("a fault in detection")
				}
			})
		}},
	} {
		t.Run(fault.name, func(t *testing.T) { testIndexingFaultContained(t, fault.raise) })
	}
}

func testIndexingFaultContained(t *testing.T, raise func()) {
	var calls atomic.Int32
	orig := buildIndex
	t.Cleanup(func() { buildIndex = orig })
	buildIndex = func(x *index, files []*fingerprint.File, found *fingerprint.Result) ([]string, fingerprint.Result) {
		if calls.Add(1) == 1 {
			raise()
		}
		return orig(x, files, found)
	}
	dir, _ := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
	e := startEditor(t, runServer())
	e.initialize(dir, nil)
	for deadline := time.Now().Add(timeout); !strings.Contains(e.stderr.String(), "internal error indexing the workspace: a fault in detection"); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the fault is not in the log:\n%s", e.stderr.String())
		}
	}
	if r := e.call("textDocument/codeAction", codeActionParams{TextDocument: textDocumentIdentifier{URI: uri(dir, "a.go")}}); r.Error != nil {
		t.Errorf("a request after the fault: %v", r.Error)
	}
	e.mu.Lock()
	e.settings = map[string]any{"minTokens": 99}
	e.mu.Unlock()
	e.notify("workspace/didChangeConfiguration", map[string]any{"settings": nil})
	e.diagnostics(uri(dir, "a.go"), "the clone after indexing again", saying("duplicate of b.go:4-20 (renamed, 105 tokens, 2 copies)"))
	e.exit()
}

// The directive is offered only where it leaves the whole copy out: on a
// copy that is a function declaration, not on a run of statements, whose
// first statement alone it would leave out.
func TestStartsFunc(t *testing.T) {
	text := []byte("package p\n\n// F does.\nfunc F() {\n\tx := 1\n\tuse(x)\n}\n")
	lines := newLineTable(func(string) []byte { return text }, "p.go")
	for _, tc := range []struct {
		line, col int
		want      bool
	}{
		{4, 1, true},
		{5, 2, false},
		{3, 1, false}, // a comment
		{9, 1, false}, // past the end
	} {
		fr := fingerprint.Fragment{Start: fingerprint.Position{Line: tc.line, Column: tc.col}}
		if got := startsFunc(lines.line(tc.line), fr); got != tc.want {
			t.Errorf("startsFunc at %d:%d = %v, want %v", tc.line, tc.col, got, tc.want)
		}
	}
}

// A folder the editor adds to the workspace is indexed, its copies of the
// first folder's code published; one it removes is cleared. In front of
// gopls too, which tells the editor it takes folder changes.
func TestServerWorkspaceFolders(t *testing.T) {
	for _, proxy := range []bool{false, true} {
		t.Run(fmt.Sprintf("proxy %v", proxy), func(t *testing.T) {
			dir, files := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
			// The first folder holds a.go alone; the second, b.go, its copy.
			second := t.TempDir()
			if err := os.WriteFile(filepath.Join(second, "b.go"), []byte(files["b.go"]), 0o666); err != nil {
				t.Fatal(err)
			}
			if err := os.Remove(filepath.Join(dir, "b.go")); err != nil {
				t.Fatal(err)
			}
			var e *editor
			if proxy {
				e = startEditor(t, runServer("-proxy", "-gopls", testtool.Find(t, "bin/gopls", "gopls", "tools")))
			} else {
				e = startEditor(t, runServer())
			}
			r := e.initialize(dir, nil)
			if !strings.Contains(string(r.Result), `"changeNotifications":`) {
				t.Errorf("initialize result %s, want folder changes supported", r.Result)
			}
			// The first folder indexed, as the log says: the progress report
			// that would say it is sent only once the editor grants its
			// token, which may come after the indexing.
			for deadline := time.Now().Add(timeout); !strings.Contains(e.stderr.String(), " indexed "); time.Sleep(time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("the first folder is not indexed:\n%s", e.stderr.String())
				}
			}
			folder := []workspaceFolder{{URI: pathToURI(second), Name: "second"}}
			e.notify("workspace/didChangeWorkspaceFolders", map[string]any{"event": map[string]any{"added": folder, "removed": []workspaceFolder{}}})
			b := pathToURI(filepath.Join(second, "b.go"))
			e.diagnostics(b, "the added folder's copy", func(ds []diagnostic) bool { return len(ds) == 1 })
			e.diagnostics(uri(dir, "a.go"), "its copy in the added folder", func(ds []diagnostic) bool { return len(ds) == 1 })
			e.notify("workspace/didChangeWorkspaceFolders", map[string]any{"event": map[string]any{"added": []workspaceFolder{}, "removed": folder}})
			e.diagnostics(b, "the removed folder cleared", none)
			e.diagnostics(uri(dir, "a.go"), "no copy left", none)
			e.exit()
		})
	}
}

// The editor shows the classes the command line leaves out (here one
// whose copies are all test code, which copycat ./... counts as "in
// tests" and does not list), as docs/editors.md says.
func TestServerShowsClassesLeftOut(t *testing.T) {
	dir, _ := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
	for _, name := range []string{"a", "b"} {
		if err := os.Rename(filepath.Join(dir, name+".go"), filepath.Join(dir, name+"_test.go")); err != nil {
			t.Fatal(err)
		}
	}
	e := startEditor(t, runServer("-cache=off"))
	e.initialize(dir, nil)
	e.diagnostics(uri(dir, "a_test.go"), "the clone of b_test.go", saying("duplicate of b_test.go:4-20 (renamed, 105 tokens, 2 copies)"))
	e.exit()
}

// A .duplignore line that cannot be used is told to the user in a
// message, as the command line tells it (an error, exit status 2), not in
// the server's log alone: the file was read as though the line were not
// there, and the editor showed nothing of it. The file's name is the
// workspace's (the log's is the server's working directory's), and a
// .duplignore made good again, then bad again, is told again.
func TestServerTellsBadDuplignoreLine(t *testing.T) {
	dir, _ := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
	write(t, filepath.Join(dir, ".duplignore"), "# ok\nlegacy/[\n")
	e := startEditor(t, runServer())
	e.initialize(dir, nil)
	watched := func(u string) {
		e.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []map[string]any{{"uri": u, "type": 2}}})
	}
	said := func(want string) {
		t.Helper()
		m := e.await("the message on the bad line", func(m *message) bool { return m.Method == "window/showMessage" })
		var p showMessageParams
		if err := json.Unmarshal(m.Params, &p); err != nil {
			t.Fatal(err)
		}
		if p.Type != 2 || p.Message != want {
			t.Errorf("message %+v, want a warning %q", p, want)
		}
	}
	said(`copycat: .duplignore:2: cannot parse .duplignore line "legacy/[": unterminated character class, which git never matches; the line is left out`)
	e.diagnostics(uri(dir, "a.go"), "the clone, the other lines applied", func(ds []diagnostic) bool { return len(ds) == 1 })

	write(t, filepath.Join(dir, ".duplignore"), "b.go\n")
	watched(uri(dir, ".duplignore"))
	e.diagnostics(uri(dir, "a.go"), "b.go ignored", none)
	write(t, filepath.Join(dir, ".duplignore"), "b.go\nx/[\ny//z\n")
	watched(uri(dir, ".duplignore"))
	said(`copycat: .duplignore:2: cannot parse .duplignore line "x/[": unterminated character class, which git never matches; the line is left out (and 1 more bad line: see the log)`)
	e.exit()
}

// A suppression directive that does not apply is a warning on its line,
// as the command line warns of it (and sets its exit status): the editor
// logged it only, and the copy's diagnostic stayed on under it with
// nothing to say why. Written right, the copy is left out and the
// warning goes; a file with no copy shows its bad directive too.
func TestServerShowsMalformedDirective(t *testing.T) {
	dir, files := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
	spaced := strings.Replace(files["a.go"], "// Tally counts", "// copycat:ignore pasted from ñ\n// Tally counts", 1)
	write(t, filepath.Join(dir, "a.go"), spaced)
	write(t, filepath.Join(dir, "c.go"), "package w\n\n//copycat:ignore\nfunc Other() int { return 42 }\n")
	e := startEditor(t, runServer())
	e.initialize(dir, nil)
	directive := func(line, from, to int, msg string) func([]diagnostic) bool {
		return func(ds []diagnostic) bool {
			for _, d := range ds {
				if d.Code == "directive" {
					r := lspRange{position{line, from}, position{line, to}}
					return d.Range == r && d.Severity == severityWarning && d.Source == diagnosticSource && d.Message == msg
				}
			}
			return false
		}
	}
	a := uri(dir, "a.go")
	got := e.diagnostics(a, "the directive that does not apply, beside the copy",
		directive(2, 0, 31, "// copycat:ignore does not apply: directives are written //copycat:ignore, with no space after // (as //go: directives are)"))
	if len(got) != 2 {
		t.Errorf("a.go: %d diagnostics, want the copy's and the directive's: %+v", len(got), got)
	}
	e.diagnostics(uri(dir, "c.go"), "a directive with no reason, in a file of no copy",
		directive(2, 0, 16, "malformed //copycat:ignore directive: a reason is required"))
	e.notify("textDocument/didOpen", didOpenParams{textDocumentItem{URI: a, Version: 1, Text: spaced}})
	e.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": a, "version": 2},
		"contentChanges": []contentChange{{Text: strings.Replace(spaced, "// copycat:ignore", "//copycat:ignore", 1)}},
	})
	e.diagnostics(a, "the directive written right: the copy left out, no warning", none)
	e.exit()
}

// A file outside every workspace folder counts while its buffer is open
// (a scratch file, a file of the module cache the editor jumped to), as
// before; once closed it goes, as it was before it was opened. Read from
// the disk at its close ("the file on disk counts again"), it stayed in
// the class it joined: a.go's diagnostic said 3 copies, pointing to the
// closed file, until the workspace was indexed again.
func TestClosedOutsideWorkspace(t *testing.T) {
	dir, files := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
	x := filepath.Join(t.TempDir(), "x.go")
	text := "package w\n" + files["paste.go.txt"]
	if err := os.WriteFile(x, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	e := startEditor(t, runServer())
	e.initialize(dir, nil)
	two := saying("duplicate of b.go:4-20 (renamed, 105 tokens, 2 copies)")
	e.diagnostics(uri(dir, "a.go"), "the clone of b.go", two)
	e.notify("textDocument/didOpen", didOpenParams{textDocumentItem{URI: pathToURI(x), Version: 1, Text: text}})
	e.diagnostics(uri(dir, "a.go"), "three copies, one in the open buffer", saying("duplicate of b.go:4-20 (renamed, 105 tokens, 3 copies)"))
	e.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": pathToURI(x)}})
	e.diagnostics(pathToURI(x), "none once it is closed", func(ds []diagnostic) bool { return len(ds) == 0 })
	e.diagnostics(uri(dir, "a.go"), "the clone of b.go alone again", two)
	e.exit()
}

// An editor spells a file's URI as it likes (VS Code writes @ as %40):
// copycat's diagnostics for a file not open went under its own spelling
// (file:///w/@b.go), and when the editor opened the file as
// file:///w/%40b.go they were not sent again, so that an editor that
// compares URIs as strings showed none in the open buffer. They now go
// under each spelling the buffer is open under, and the spellings no
// longer used get an empty set.
func TestServerURISpellings(t *testing.T) {
	dir, files := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
	if err := os.Rename(filepath.Join(dir, "b.go"), filepath.Join(dir, "@b.go")); err != nil {
		t.Fatal(err)
	}
	e := startEditor(t, runServer())
	e.initialize(dir, nil)
	dup := saying("duplicate of a.go:4-20 (renamed, 105 tokens, 2 copies)")
	own := uri(dir, "@b.go")
	e.diagnostics(own, "the clone of a.go, under copycat's spelling", dup)
	percent := strings.Replace(own, "/@b.go", "/%40b.go", 1)
	other := strings.Replace(own, "/@b.go", "/%40%62.go", 1)
	e.notify("textDocument/didOpen", didOpenParams{textDocumentItem{URI: percent, Version: 1, Text: files["b.go"]}})
	e.diagnostics(percent, "under the editor's spelling", dup)
	e.diagnostics(own, "none left under copycat's", none)
	// A second spelling of the same file is the same document: an edit
	// under it is the file's, and each spelling gets the diagnostics.
	e.notify("textDocument/didOpen", didOpenParams{textDocumentItem{URI: other, Version: 2, Text: files["b.go"]}})
	e.diagnostics(other, "under a second spelling", dup)
	e.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": percent, "version": 3},
		"contentChanges": []contentChange{{Text: "package w\n"}},
	})
	e.diagnostics(uri(dir, "a.go"), "the copy gone", none)
	e.diagnostics(percent, "the copy gone", none)
	e.diagnostics(other, "the copy gone", none)
	for _, u := range []string{percent, other} {
		e.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": u}})
	}
	e.diagnostics(own, "the file on disk again, under copycat's spelling", dup)
	e.exit()
}

// A workspace folder opened through a symbolic link, and a file of it
// opened by its real path (or the other way round: editors resolve
// links, or not): the buffer, outside every folder as spelled, was read
// beside its own file on the disk, "duplicate of a.go … 3 copies" of
// itself. It is the folder's file now, its diagnostics under the URI
// the editor used.
func TestServerLinkedFolder(t *testing.T) {
	dir, files := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(dir, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	for _, tc := range []struct{ root, opened string }{{link, dir}, {dir, link}} {
		e := startEditor(t, runServer())
		e.initialize(tc.root, nil)
		dup := saying("duplicate of b.go:4-20 (renamed, 105 tokens, 2 copies)")
		e.diagnostics(uri(tc.root, "a.go"), "the clone of b.go", dup)
		opened := uri(tc.opened, "a.go")
		e.notify("textDocument/didOpen", didOpenParams{textDocumentItem{URI: opened, Version: 1, Text: files["a.go"]}})
		e.diagnostics(opened, "the clone of b.go, of two copies", dup)
		// An edit under the other spelling is the folder's file's: the
		// copy gone, b.go has none.
		e.notify("textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": opened, "version": 2},
			"contentChanges": []contentChange{{Text: "package w\n"}},
		})
		e.diagnostics(uri(tc.root, "b.go"), "the copy gone", none)
		e.exit()
	}
}

// Symbolic links in a workspace are read as the command line and go vet
// read them, the go command's way: a link to a file is the file, a link
// to a folder met in the walk is not followed (a link to /etc, to
// another tree, to its own parent). A file under a linked folder, opened
// and closed, stayed in the index (a.go "3 copies", one under ext/ that
// copycat ./... never reads); and the file a link leads to, opened by its
// real path as an editor that follows the link opens it, was read beside
// the link, "4 copies" of three.
func TestServerLinksAsTheCommandLine(t *testing.T) {
	dir, files := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
	outside := t.TempDir()
	text := "package w\n" + files["paste.go.txt"]
	for _, name := range []string{"x.go", "y.go"} {
		if err := os.WriteFile(filepath.Join(outside, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(outside, filepath.Join(dir, "ext")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	if err := os.Symlink(filepath.Join(outside, "y.go"), filepath.Join(dir, "l.go")); err != nil {
		t.Fatal(err)
	}
	e := startEditor(t, runServer())
	e.initialize(dir, nil)
	three := saying("duplicate of b.go:4-20 (renamed, 105 tokens, 3 copies)")
	e.diagnostics(uri(dir, "a.go"), "a.go, b.go and the linked l.go", three)

	x := uri(dir, "ext/x.go")
	e.notify("textDocument/didOpen", didOpenParams{textDocumentItem{URI: x, Version: 1, Text: text}})
	e.diagnostics(uri(dir, "a.go"), "one more copy in the open buffer", saying("duplicate of b.go:4-20 (renamed, 105 tokens, 4 copies)"))
	e.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": x}})
	e.diagnostics(x, "none once it is closed", none)
	e.diagnostics(uri(dir, "a.go"), "three again once it is closed", three)

	y := pathToURI(filepath.Join(outside, "y.go"))
	e.notify("textDocument/didOpen", didOpenParams{textDocumentItem{URI: y, Version: 1, Text: text}})
	e.diagnostics(y, "l.go's copy, under the editor's URI, one of three", saying("duplicate of a.go:4-20 (renamed, 105 tokens, 3 copies)"))
	e.exit()
}

// The directive the ignore action writes ends its line as the function's
// line ends: in a file of CRLF lines (a checkout on Windows with
// core.autocrlf) it wrote a line ending in LF alone, and the file's line
// ends were mixed from then on.
func TestIgnoreActionLineEnds(t *testing.T) {
	dir, files := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
	crlf := strings.ReplaceAll(files["a.go"], "\n", "\r\n")
	if err := os.WriteFile(filepath.Join(dir, "a.go"), []byte(crlf), 0o644); err != nil {
		t.Fatal(err)
	}
	e := startEditor(t, runServer())
	e.initialize(dir, nil)
	u := uri(dir, "a.go")
	e.diagnostics(u, "the clone of b.go", saying("duplicate of b.go:4-20 (renamed, 105 tokens, 2 copies)"))
	e.notify("textDocument/didOpen", didOpenParams{textDocumentItem{URI: u, Version: 1, Text: crlf}})
	r := e.call("textDocument/codeAction", codeActionParams{
		TextDocument: textDocumentIdentifier{URI: u},
		Range:        lspRange{position{5, 0}, position{5, 0}},
	})
	if want, texts := []string{"//copycat:ignore kept apart from b.go on purpose\r\n"}, editTexts(t, r, u); !slices.Equal(texts, want) {
		t.Errorf("the ignore action writes %q, want %q", texts, want)
	}
	e.exit()
}

// The project file of flags (.copycat.flags) at the module's root sets
// the detection options under the command line's and the editor's: an
// edit of it, which the editor reports as a watched file, indexes the
// workspace again with the new options. A flag the editor server has no
// use for is logged.
func TestServerProjectFile(t *testing.T) {
	dir, _ := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
	project := filepath.Join(dir, cli.ProjectFile)
	write := func(text string) {
		t.Helper()
		if err := os.WriteFile(project, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var e *editor
	changed := func() {
		e.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []map[string]any{{"uri": pathToURI(project), "type": 2}}})
	}
	write("-min-tokens 1000\n-generated\n")
	e = startEditor(t, runServer())
	e.initialize(dir, nil)
	for deadline := time.Now().Add(timeout); !strings.Contains(e.stderr.String(), "-generated is not used by the editor server"); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the unused flag is not in the log:\n%s", e.stderr.String())
		}
	}
	write("-min-tokens 100\n")
	changed()
	e.diagnostics(uri(dir, "a.go"), "the clone, once the file asks for 100 tokens", saying("duplicate of b.go:4-20 (renamed, 105 tokens, 2 copies)"))
	write("-min-tokens 1000\n")
	changed()
	e.diagnostics(uri(dir, "a.go"), "no clone of 1000 tokens", none)
	e.exit()
}

// The editor's settings and copycat lsp's own flags win over the project
// file's.
func TestServerProjectFileUnder(t *testing.T) {
	for _, tc := range []struct {
		name    string
		options any
		args    []string
	}{
		{"initializationOptions", map[string]any{"minTokens": 100}, nil},
		{"flags", nil, []string{"-min-tokens", "100"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, _ := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
			if err := os.WriteFile(filepath.Join(dir, cli.ProjectFile), []byte("-min-tokens 1000\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			e := startEditor(t, runServer(tc.args...))
			e.initialize(dir, tc.options)
			e.diagnostics(uri(dir, "a.go"), "the clone of 105 tokens", saying("duplicate of b.go:4-20 (renamed, 105 tokens, 2 copies)"))
			e.exit()
		})
	}
}

// Each flag a project file sets stands for its setting, with its value;
// -generated, which the editor server has no setting for, is said so.
func TestProjectSettings(t *testing.T) {
	p := cli.Project{Path: cli.ProjectFile, Flags: []cli.ProjectFlag{
		{Name: "min-tokens", Value: "150"}, {Name: "min-lines", Value: "10"}, {Name: "max-occurrences", Value: "0"},
		{Name: "near", Value: "false"}, {Name: "similarity", Value: "0.9"}, {Name: "tests", Value: "false"},
		{Name: "max-file-size", Value: "4MiB"}, {Name: "generated", Value: "true"},
	}}
	s, unused := projectSettings(p)
	got, _ := json.Marshal(s)
	want := `{"minTokens":150,"minLines":10,"maxOccurrences":0,"near":false,"similarity":0.9,"tests":false,"maxFileSize":4194304}`
	if string(got) != want || !slices.Equal(unused, []string{"generated"}) {
		t.Errorf("got %s, unused %q; want %s, [generated]", got, unused, want)
	}
	if got, _ := json.Marshal(s.without(map[string]bool{"min-tokens": true, "tests": true, "severity": true})); string(got) != `{"minLines":10,"maxOccurrences":0,"near":false,"similarity":0.9,"maxFileSize":4194304}` {
		t.Errorf("without -min-tokens and -tests: %s", got)
	}
	sev, n := settings{Severity: "hint", MinTokens: new(int)}, 7
	over := sev.over(settings{MinLines: &n})
	if got, _ := json.Marshal(over); string(got) != `{"severity":"hint","minTokens":0,"minLines":7}` {
		t.Errorf("over: %s", got)
	}
}
