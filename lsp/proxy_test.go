package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/copycat-go/copycat/internal/testtool"
)

// A gopls diagnostic (an undefined name) and copycat's arrive together in
// one publishDiagnostics for the same file, and each side's change
// re-merges with the other's latest set.
func TestProxyMergesDiagnostics(t *testing.T) {
	gopls := testtool.Find(t, "bin/gopls", "gopls", "tools")
	dir, files := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
	e := startEditor(t, runServer("-proxy", "-gopls", gopls))
	e.initialize(dir, nil)
	c := uri(dir, "c.go")
	broken := files["c.go"] + "\nfunc Broken() int { return undefinedName }\n"
	e.notify("textDocument/didOpen", didOpenParams{textDocumentItem{URI: c, Version: 1, Text: broken + files["paste.go.txt"]}})

	hasGopls := func(ds []diagnostic) bool {
		for _, d := range ds {
			if strings.Contains(d.Message, "undefined: undefinedName") && d.Source != diagnosticSource {
				return true
			}
		}
		return false
	}
	hasCopycat := func(ds []diagnostic) bool {
		for _, d := range ds {
			if d.Source == diagnosticSource && d.Message == "duplicate of a.go:4-20 (renamed, 105 tokens, 3 copies)" {
				return true
			}
		}
		return false
	}
	e.diagnostics(c, "gopls's and copycat's together", func(ds []diagnostic) bool { return hasGopls(ds) && hasCopycat(ds) })

	// The copy goes: copycat's part clears, gopls's stays.
	e.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": c, "version": 2},
		"contentChanges": []contentChange{{Text: broken}},
	})
	e.diagnostics(c, "gopls's alone", func(ds []diagnostic) bool { return hasGopls(ds) && !hasCopycat(ds) })
	// A file gopls has nothing to say about still gets copycat's.
	e.diagnostics(uri(dir, "a.go"), "copycat's for an unopened file", saying("duplicate of b.go:4-20 (renamed, 105 tokens, 2 copies)"))
	e.exit()
}

// In front of gopls, the proxy asks the editor to watch .duplignore
// files, as the server does: gopls watches Go files, go.mod and the
// like, so that a .duplignore edited on disk was never reported and its
// rules never applied until the proxy restarted. Once the editor reports
// it, the copy it leaves out loses its diagnostics.
func TestProxyWatchesDuplignore(t *testing.T) {
	gopls := testtool.Find(t, "bin/gopls", "gopls", "tools")
	dir, _ := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
	e := startEditor(t, runServer("-proxy", "-gopls", gopls))
	e.initialize(dir, nil)
	r := e.await("copycat's registration of .duplignore", func(m *message) bool {
		return m.Method == "client/registerCapability" && strings.Contains(string(m.Params), "**/.duplignore")
	})
	if !strings.Contains(string(r.Params), "workspace/didChangeWatchedFiles") {
		t.Errorf("registration %s does not watch files", r.Params)
	}
	e.diagnostics(uri(dir, "a.go"), "the clone of b.go", saying("duplicate of b.go:4-20 (renamed, 105 tokens, 2 copies)"))
	write(t, filepath.Join(dir, ".duplignore"), "b.go\n")
	e.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []map[string]any{{"uri": uri(dir, ".duplignore"), "type": 1}}})
	e.diagnostics(uri(dir, "a.go"), "none once .duplignore leaves b.go out", func(ds []diagnostic) bool { return len(ds) == 0 })
	e.exit()
}

// In front of gopls, copycat's code actions join gopls's in one answer,
// the editor is told of copycat's command, and running it opens the copy.
func TestProxyCodeActions(t *testing.T) {
	gopls := testtool.Find(t, "bin/gopls", "gopls", "tools")
	dir, files := writeWorkspace(t, filepath.Join("testdata", "workspace.txtar"))
	e := startEditor(t, runServer("-proxy", "-gopls", gopls))
	init := e.initialize(dir, nil)
	var caps struct {
		Capabilities struct {
			ExecuteCommandProvider struct{ Commands []string }
		}
	}
	if err := json.Unmarshal(init.Result, &caps); err != nil {
		t.Fatal(err)
	}
	cmds := caps.Capabilities.ExecuteCommandProvider.Commands
	if !slices.Contains(cmds, commandOpenCopy) || !slices.ContainsFunc(cmds, func(c string) bool { return strings.HasPrefix(c, "gopls.") }) {
		t.Errorf("initialize's commands %q, want gopls's and %s", cmds, commandOpenCopy)
	}

	c := uri(dir, "c.go")
	e.notify("textDocument/didOpen", didOpenParams{textDocumentItem{URI: c, Version: 1, Text: files["c.go"] + files["paste.go.txt"]}})
	diags := e.diagnostics(c, "copycat's", func(ds []diagnostic) bool { return slices.ContainsFunc(ds, isCopycatDiagnostic) })
	d := diags[slices.IndexFunc(diags, isCopycatDiagnostic)]
	actionsFor := func(only []string) (ours, theirs []codeAction) {
		t.Helper()
		p := codeActionParams{TextDocument: textDocumentIdentifier{URI: c}, Range: d.Range}
		p.Context.Diagnostics, p.Context.Only = []diagnostic{d}, only
		r := e.call("textDocument/codeAction", p)
		var all []codeAction
		if err := json.Unmarshal(r.Result, &all); err != nil || r.Error != nil {
			t.Fatalf("code actions: %s (error %v)", r.Result, r.Error)
		}
		for _, a := range all {
			if a.Data == actionData {
				ours = append(ours, a)
			} else {
				theirs = append(theirs, a)
			}
		}
		return ours, theirs
	}
	ours, theirs := actionsFor(nil)
	var titles []string
	for _, a := range ours {
		titles = append(titles, a.Title)
	}
	if want := []string{"Go to copy at a.go:4-20", "Go to copy at b.go:4-20", "Leave this copy out (//copycat:ignore)"}; !slices.Equal(titles, want) {
		t.Errorf("copycat's actions %q, want %q", titles, want)
	}
	if len(theirs) == 0 {
		t.Error("gopls's actions are missing")
	}
	if ours, _ := actionsFor([]string{"source.organizeImports"}); len(ours) != 0 {
		t.Errorf("asked for source.organizeImports only, got copycat's %d actions", len(ours))
	}

	// Resolving one of copycat's actions gives it back whole; gopls never
	// sees it.
	for _, a := range ours {
		r := e.call("codeAction/resolve", a)
		var resolved codeAction
		if err := json.Unmarshal(r.Result, &resolved); err != nil || r.Error != nil || resolved.Title != a.Title || (resolved.Command == nil) == (resolved.Edit == nil) {
			t.Errorf("codeAction/resolve of %q: %s (error %v)", a.Title, r.Result, r.Error)
		}
	}

	args, _ := json.Marshal(ours[0].Command.Arguments)
	var raw []json.RawMessage
	json.Unmarshal(args, &raw)
	if r := e.call("workspace/executeCommand", executeCommandParams{Command: commandOpenCopy, Arguments: raw}); r.Error != nil {
		t.Fatalf("executeCommand: %v", r.Error)
	}
	show := e.await("window/showDocument", func(m *message) bool { return m.Method == "window/showDocument" })
	if !strings.Contains(string(show.Params), uri(dir, "a.go")) {
		t.Errorf("showDocument %s does not open a.go", show.Params)
	}
	e.exit()
}

// fakeGopls writes an executable shell script named gopls.
func fakeGopls(t *testing.T, script string) string {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh to run a fake gopls")
	}
	p := filepath.Join(t.TempDir(), "gopls")
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+script+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestProxyGoplsDies(t *testing.T) {
	gopls := fakeGopls(t, "exit 3")
	e := startEditor(t, runServer("-proxy", "-gopls", gopls))
	m := e.await("window/showMessage", func(m *message) bool { return m.Method == "window/showMessage" })
	var p showMessageParams
	if err := json.Unmarshal(m.Params, &p); err != nil || p.Type != 1 || !strings.Contains(p.Message, "gopls") {
		t.Errorf("showMessage %s, want an error naming gopls", m.Params)
	}
	if err := waitDone(e); err == nil || !strings.Contains(err.Error(), "stopped unexpectedly") {
		t.Errorf("Run: %v, want an error saying gopls stopped", err)
	}
}

// An exit without shutdown ends the proxy with an error (status 1), as
// it ends the server: it ended with 0.
func TestProxyExitBeforeShutdown(t *testing.T) {
	gopls := fakeGopls(t, "cat >/dev/null")
	e := startEditor(t, runServer("-proxy", "-gopls", gopls))
	e.notify("exit", nil)
	if err := waitDone(e); err == nil || !strings.Contains(err.Error(), "exit before shutdown") {
		t.Errorf("Run: %v, want exit before shutdown", err)
	}
}

// An editor that closes the connection without shutdown and exit ends the
// proxy with an error (status 1), as it ends the server; after shutdown,
// without one. The proxy ended with 0 either way.
func TestProxyEditorCloses(t *testing.T) {
	gopls := fakeGopls(t, "cat >/dev/null")
	e := startEditor(t, runServer("-proxy", "-gopls", gopls))
	e.in.Close()
	if err := waitDone(e); err == nil || !strings.Contains(err.Error(), "the editor closed the connection without shutdown and exit") {
		t.Errorf("Run: %v, want an error saying the editor closed the connection", err)
	}
	e = startEditor(t, runServer("-proxy", "-gopls", gopls))
	e.call("shutdown", nil) // answered by the proxy, gopls saying nothing
	e.in.Close()
	if err := waitDone(e); err != nil {
		t.Errorf("Run after shutdown: %v", err)
	}
}

// With -logfile, gopls's logs (its standard error) go to the file beside
// copycat's: they went to standard error, where an editor shows them as
// the server's errors.
func TestProxyGoplsLogsToLogfile(t *testing.T) {
	gopls := fakeGopls(t, "echo 'gopls says hi' >&2; cat >/dev/null")
	logfile := filepath.Join(t.TempDir(), "copycat.log")
	e := startEditor(t, runServer("-proxy", "-logfile", logfile, "-gopls", gopls))
	e.call("shutdown", nil)
	e.notify("exit", nil)
	if err := waitDone(e); err != nil {
		t.Fatalf("Run: %v", err)
	}
	logs, err := os.ReadFile(logfile)
	if err != nil || !strings.Contains(string(logs), "gopls says hi") {
		t.Errorf("the log file holds %q (%v), want gopls's logs", logs, err)
	}
	if strings.Contains(e.stderr.String(), "gopls says hi") {
		t.Errorf("gopls's logs went to standard error:\n%s", e.stderr.String())
	}
}

// TestProxyGoplsGarbage: bytes from gopls that are no message (invalid
// UTF-8 before a header, a body that is no JSON-RPC) are logged, and
// gopls's next message still reaches the editor.
func TestProxyGoplsGarbage(t *testing.T) {
	msg := `{"jsonrpc":"2.0","method":"window/showMessage","params":{"type":3,"message":"from gopls"}}`
	gopls := fakeGopls(t, `printf '\271\271\271\271\271\271\271\271\271\271Content-Length: 2\r\n\r\n{}Content-Length: x\r\n\r\n'
printf 'Content-Length: `+fmt.Sprint(len(msg))+`\r\n\r\n%s' '`+msg+`'
cat >/dev/null`)
	e := startEditor(t, runServer("-proxy", "-gopls", gopls))
	m := e.await("gopls's showMessage", func(m *message) bool {
		return m.Method == "window/showMessage" && strings.Contains(string(m.Params), "from gopls")
	})
	if m == nil {
		t.Fatal("no message from gopls")
	}
	e.notify("exit", nil)
	waitDone(e)
}

func TestRunAsGoplsForwardsVersion(t *testing.T) {
	const out = `{"GoVersion":"go1.26.8","Main":{"Path":"golang.org/x/tools/gopls","Version":"v0.23.0"}}`
	t.Setenv(goplsEnv, fakeGopls(t, `echo '`+out+`' "$@"`))
	var stdout, stderr bytes.Buffer
	if err := RunAsGopls(context.Background(), strings.NewReader(""), &stdout, &stderr, []string{"version", "-json"}); err != nil {
		t.Fatalf("RunAsGopls version: %v (%s)", err, stderr.String())
	}
	if got, want := strings.TrimSpace(stdout.String()), out+" version -json"; got != want {
		t.Errorf("gopls version output\ngot  %s\nwant %s", got, want)
	}
}

// TestGoplsSubcommand: started as gopls, copycat serves (as the proxy)
// unless the arguments name a subcommand, which it leaves to the real
// gopls; a flag's value given as the next argument ("-logfile PATH", as
// the VS Code Go extension's go.languageServerFlags may give it) is no
// subcommand. It was taken for one, so that gopls served alone, without
// copycat's diagnostics. -h asks gopls for its usage, as help does: it
// ran the proxy, which printed gopls's usage and then said the editor
// had closed the connection.
func TestGoplsSubcommand(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, ""},
		{[]string{"-mode=stdio"}, ""},
		{[]string{"-logfile", "/tmp/gopls.log"}, ""},
		{[]string{"-mode=stdio", "-rpc.trace", "-logfile", "/tmp/gopls.log"}, ""},
		{[]string{"--remote", "auto", "-remote.logfile", "auto"}, ""},
		{[]string{"-rpc.trace", "serve", "--debug=localhost:6060"}, "serve"},
		{[]string{"-logfile", "/tmp/gopls.log", "serve"}, "serve"},
		{[]string{"-v", "version", "-json"}, "version"},
		{[]string{"-logfile=/tmp/gopls.log", "version"}, "version"},
		{[]string{"--", "version"}, "version"},
		{[]string{"-h"}, "-h"},
		{[]string{"-logfile", "x", "--help"}, "--help"},
	} {
		if got := subcommand(tc.args); got != tc.want {
			t.Errorf("subcommand(%q) = %q, want %q", tc.args, got, tc.want)
		}
	}
}

func TestFindGoplsSkipsSelf(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	if _, err := findGopls(self); err == nil || !strings.Contains(err.Error(), "copycat itself") {
		t.Errorf("findGopls(self): %v, want a refusal", err)
	}
	linkDir := t.TempDir()
	if err := os.Symlink(self, filepath.Join(linkDir, "gopls")); err != nil {
		t.Skip(err)
	}
	real := fakeGopls(t, "true")
	t.Setenv("PATH", linkDir+string(os.PathListSeparator)+filepath.Dir(real))
	got, err := findGopls("")
	if err != nil || got != real {
		t.Errorf("findGopls on PATH with copycat linked as gopls first: %q, %v; want %q", got, err, real)
	}
	t.Setenv("PATH", linkDir)
	if _, err := findGopls(""); err == nil {
		t.Error("findGopls found copycat itself")
	} else if !strings.Contains(err.Error(), "COPYCAT_GOPLS when copycat runs as gopls") {
		t.Errorf("the error does not say how to name gopls when copycat runs as gopls: %v", err)
	}
}

// A gopls found through an entry of PATH that is not absolute (empty,
// ".", "bin", "./bin") is one of the folder the editor started copycat
// in, the repository it opened, whose files anyone may have written: the
// proxy ran a repository's bin/gopls (git keeps the executable bit), and
// for an empty entry stopped at ./gopls, which exec then refused, never
// reaching the real gopls after it. Such entries are passed over, as
// exec.LookPath refuses them (the go command's rule, Go 1.19).
func TestFindGoplsNotInWorkingDir(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for _, p := range []string{"gopls", filepath.Join("bin", "gopls")} {
		testtool.WriteFiles(t, dir, map[string]string{p: "#!/bin/sh\nexit 0\n"})
		if err := os.Chmod(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	real := fakeGopls(t, "true")
	sep := string(os.PathListSeparator)
	for _, path := range []string{sep + filepath.Dir(real), "." + sep + filepath.Dir(real), "bin" + sep + filepath.Dir(real), "./bin" + sep + filepath.Dir(real)} {
		t.Setenv("PATH", path)
		if got, err := findGopls(""); err != nil || got != real {
			t.Errorf("PATH %q: %q, %v; want %q", path, got, err, real)
		}
	}
	t.Setenv("PATH", "bin"+sep+".")
	if got, err := findGopls(""); err == nil {
		t.Errorf("PATH of relative folders alone: %q, want none found", got)
	}
}

func TestIsGoplsName(t *testing.T) {
	for name, want := range map[string]bool{
		"gopls": true, "/home/u/bin/gopls": true, `gopls.exe`: true,
		"copycat": false, "/usr/bin/gopls-real": false,
	} {
		if got := IsGoplsName(name); got != want {
			t.Errorf("IsGoplsName(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestAddCommand(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"capabilities":{}}`, `{"capabilities":{"codeActionProvider":true,"executeCommandProvider":{"commands":["copycat.openCopy"]}}}`},
		{`{"capabilities":{"codeActionProvider":{"resolveProvider":true},"executeCommandProvider":{"commands":["a"],"workDoneProgress":true}},"serverInfo":{"name":"gopls"}}`,
			`{"capabilities":{"codeActionProvider":{"resolveProvider":true},"executeCommandProvider":{"commands":["a","copycat.openCopy"],"workDoneProgress":true}},"serverInfo":{"name":"gopls"}}`},
		{`{"capabilities":{"executeCommandProvider":{"commands":"a"}}}`, "error"},
		{`{}`, "error"},
		{`null`, "error"},
	} {
		got, err := addCommand(json.RawMessage(tc.in), commandOpenCopy)
		if err != nil {
			got = json.RawMessage("error")
		}
		if string(got) != tc.want {
			t.Errorf("addCommand(%s) = %s (%v), want %s", tc.in, got, err, tc.want)
		}
	}
}

func TestAppendActions(t *testing.T) {
	ours := []codeAction{{Title: "Go to copy", Kind: "quickfix"}}
	for _, tc := range []struct {
		in      string
		actions []codeAction
		want    string
	}{
		{`null`, ours, `[{"title":"Go to copy","kind":"quickfix"}]`},
		{`[{"title":"Extract","command":"gopls.x"}]`, ours, `[{"title":"Extract","command":"gopls.x"},{"title":"Go to copy","kind":"quickfix"}]`},
		{`[{"title":"Extract"}]`, nil, `[{"title":"Extract"}]`},
		{`{"title":"Extract"}`, ours, "error"},
	} {
		got, err := appendActions(json.RawMessage(tc.in), tc.actions)
		if err != nil {
			got = json.RawMessage("error")
		}
		if string(got) != tc.want {
			t.Errorf("appendActions(%s) = %s (%v), want %s", tc.in, got, err, tc.want)
		}
	}
}

// TestProxyAnswersBadMessages: what the editor sends that is no message
// (a bad header, a body that is not JSON, JSON that is no request) is
// answered by the proxy, as the server answers it, and not passed to
// gopls, which stopped on it and ended the session.
func TestProxyAnswersBadMessages(t *testing.T) {
	got := filepath.Join(t.TempDir(), "gopls-got")
	gopls := fakeGopls(t, "cat > "+got)
	e := startEditor(t, runServer("-proxy", "-gopls", gopls))
	for _, tt := range []struct {
		send string
		code int
	}{
		{"Content-Length: twelve\r\n\r\n", codeParseError},
		{framed("not json!"), codeParseError},
		{framed("[]"), codeInvalidRequest},
	} {
		e.raw(tt.send)
		m := e.await(fmt.Sprintf("error %d", tt.code), func(m *message) bool { return m.Error != nil && m.Error.Code == tt.code })
		if m == nil || string(m.ID) != "null" {
			t.Errorf("%q: answer %v, want error %d with id null", tt.send, m, tt.code)
		}
	}
	e.notify("exit", nil)
	waitDone(e)
	if data, err := os.ReadFile(got); err != nil || strings.Contains(string(data), "not json") || strings.Contains(string(data), "[]") || strings.Contains(string(data), "twelve") {
		t.Errorf("gopls was given %q, %v; want only the exit", data, err)
	}
}

// TestMergedVersion: a merged set carries gopls's version only when
// copycat's diagnostics are of the same text, or there are none: a set
// with diagnostics of two versions carries none (it carried gopls's, and
// copycat's newer ranges were taken for that text).
func TestMergedVersion(t *testing.T) {
	v := func(n int) *int { return &n }
	for _, tc := range []struct {
		name  string
		goVer string
		copy  []diagnostic
		copyV *int
		want  string // the version sent, "" for none
	}{
		{"the same text", "3", []diagnostic{{Message: "duplicate"}}, v(3), "3"},
		{"copycat's newer", "2", []diagnostic{{Message: "duplicate"}}, v(3), ""},
		{"copycat's older", "4", []diagnostic{{Message: "duplicate"}}, v(3), ""},
		{"none of copycat's", "4", nil, v(3), "4"},
		{"gopls's without one", "", []diagnostic{{Message: "duplicate"}}, v(3), ""},
	} {
		var out bytes.Buffer
		p := &proxy{editor: &writer{w: &out}, uris: map[string]string{"/a.go": "file:///a.go"}, fromGo: map[string][]json.RawMessage{},
			goVer: map[string]json.RawMessage{"/a.go": json.RawMessage(tc.goVer)}, copyVer: map[string]*int{"/a.go": tc.copyV},
			fromCopy: map[string][]diagnostic{"/a.go": tc.copy}}
		if err := p.sendMerged("/a.go"); err != nil {
			t.Fatal(err)
		}
		_, body, _ := strings.Cut(out.String(), "\r\n\r\n")
		var m struct {
			Params struct {
				Version json.RawMessage `json:"version"`
			} `json:"params"`
		}
		if err := json.Unmarshal([]byte(body), &m); err != nil || string(m.Params.Version) != tc.want {
			t.Errorf("%s: sent version %s, want %q (%v)", tc.name, m.Params.Version, tc.want, err)
		}
	}
}

// The proxy sends a file's merged set under the URI the editor opened it
// under, whatever spelling gopls or copycat gave it (file:///w/@b.go
// for the editor's file:///w/%40b.go), and an empty set under the
// spelling it sent the set under before.
func TestMergedUnderEditorsSpelling(t *testing.T) {
	var out bytes.Buffer
	eng := newEngine(config{}, log.New(io.Discard, "", 0), nil, nil)
	p := &proxy{editor: &writer{w: &out}, eng: eng, uris: map[string]string{"/w/@b.go": "file:///w/@b.go"},
		fromGo: map[string][]json.RawMessage{}, goVer: map[string]json.RawMessage{}, copyVer: map[string]*int{},
		fromCopy: map[string][]diagnostic{}}
	p.publishCopycat("/w/@b.go", []string{"file:///w/@b.go"}, nil, nil, []diagnostic{{Message: "duplicate"}})
	eng.docs.open("/w/@b.go", "file:///w/%40b.go", 1, "package w\n")
	out.Reset()
	if err := p.sendMerged("/w/@b.go"); err != nil {
		t.Fatal(err)
	}
	var sent []string
	for _, msg := range strings.Split(out.String(), "Content-Length: ")[1:] {
		_, body, _ := strings.Cut(msg, "\r\n\r\n")
		var m struct {
			Params struct {
				URI         string            `json:"uri"`
				Diagnostics []json.RawMessage `json:"diagnostics"`
			} `json:"params"`
		}
		if err := json.Unmarshal([]byte(body), &m); err != nil {
			t.Fatalf("%v: %q", err, body)
		}
		sent = append(sent, fmt.Sprintf("%s %d", m.Params.URI, len(m.Params.Diagnostics)))
	}
	if want := []string{"file:///w/@b.go 0", "file:///w/%40b.go 1"}; !slices.Equal(sent, want) {
		t.Errorf("sent %q, want %q", sent, want)
	}
}

// The editor's answer to a request of gopls's reaches gopls, whatever
// its ID: one that looks like copycat's ("copycat-1") is copycat's only
// when copycat sent it (its IDs carry a prefix random for each process).
func TestProxyForwardsAnswersToGopls(t *testing.T) {
	got := filepath.Join(t.TempDir(), "gopls-got")
	gopls := fakeGopls(t, "cat > "+got)
	e := startEditor(t, runServer("-proxy", "-gopls", gopls))
	for _, id := range []string{`"copycat-1"`, `"copycat-watch"`, `7`} {
		e.raw(framed(`{"jsonrpc":"2.0","id":` + id + `,"result":null}`))
	}
	e.notify("exit", nil)
	waitDone(e)
	data, err := os.ReadFile(got)
	for _, id := range []string{`"id":"copycat-1"`, `"id":"copycat-watch"`, `"id":7`} {
		if err != nil || !strings.Contains(string(data), id) {
			t.Errorf("gopls was given %q, %v; want the answer with %s", data, err, id)
		}
	}
}

// stoppedGopls returns a fake gopls that stops itself (SIGSTOP) before it
// reads a byte, as a gopls hung or stopped from a shell does. A test that
// fails kills it when it ends.
func stoppedGopls(t *testing.T) string {
	t.Helper()
	pidFile := filepath.Join(t.TempDir(), "pid")
	gopls := fakeGopls(t, "echo $$ > "+pidFile+"\nkill -STOP $$\ncat >/dev/null")
	t.Cleanup(func() {
		if !t.Failed() {
			return // the proxy killed it
		}
		data, _ := os.ReadFile(pidFile)
		if pid, err := strconv.Atoi(strings.TrimSpace(string(data))); err == nil {
			if proc, err := os.FindProcess(pid); err == nil {
				proc.Kill()
			}
		}
	})
	return gopls
}

// setProxyTimes sets the proxy's grace for gopls and the bound of its
// queue for the test's length.
func setProxyTimes(t *testing.T, grace time.Duration, queueMax int) {
	oldGrace, oldMax := goplsGrace, goplsQueueMax
	goplsGrace, goplsQueueMax = grace, queueMax
	t.Cleanup(func() { goplsGrace, goplsQueueMax = oldGrace, oldMax })
}

// bound is what the tests below wait for the proxy: many times what it
// takes (goplsGrace of a second, shutdownWait), so that only a proxy
// that waits on gopls misses it.
const bound = 20 * time.Second

// fill is a notification of n bytes of text, more than a pipe holds, for
// gopls to read.
func fill(n int) map[string]string { return map[string]string{"text": strings.Repeat("x", n)} }

// TestProxyGoplsStopsReading: with gopls stopped (SIGSTOP) before it
// reads the editor's messages, the proxy answers shutdown itself, and
// exit ends it (gopls killed after its grace). The editor's messages
// waited behind a write to gopls that never ended: shutdown was never
// answered, and the proxy outlived exit.
func TestProxyGoplsStopsReading(t *testing.T) {
	setProxyTimes(t, time.Second, goplsQueueMax)
	e := startEditor(t, runServer("-proxy", "-gopls", stoppedGopls(t)))
	go func() {
		// Not the test's goroutine: on the old code the second write
		// never ends.
		e.w.notify("$/fill", fill(1<<20))
		e.w.request(json.RawMessage("1"), "shutdown", nil)
	}()
	if m := e.within(bound, func(m *message) bool { return m.isResponse() && string(m.ID) == "1" }); m == nil {
		t.Fatalf("shutdown not answered within %v of gopls stopping", bound)
	} else if m.Error != nil || string(m.Result) != "null" {
		t.Errorf("shutdown answered %s, error %v; want null", m.Result, m.Error)
	}
	go e.w.notify("exit", nil)
	select {
	case err := <-e.done:
		if err != nil {
			t.Errorf("Run after shutdown and exit: %v", err)
		}
	case <-time.After(bound):
		t.Fatalf("the proxy still runs %v after exit", bound)
	}
	if log := e.stderr.String(); !strings.Contains(log, "gopls did not answer shutdown") || !strings.Contains(log, "killing it") {
		t.Errorf("the log does not say that the proxy answered shutdown and killed gopls:\n%s", log)
	}
}

// TestProxyGoplsQueueBound: messages for a gopls that reads none wait
// within goplsQueueMax; past it gopls is killed and the editor told, as
// when gopls dies. They grew without bound: the proxy waited, reading
// nothing more.
func TestProxyGoplsQueueBound(t *testing.T) {
	setProxyTimes(t, time.Second, 256<<10)
	e := startEditor(t, runServer("-proxy", "-gopls", stoppedGopls(t)))
	go func() {
		for range 8 {
			if e.w.notify("$/fill", fill(100<<10)) != nil {
				return
			}
		}
	}()
	m := e.within(bound, func(m *message) bool { return m.Method == "window/showMessage" })
	if m == nil {
		t.Fatalf("no showMessage within %v of the queue filling", bound)
	}
	var p showMessageParams
	if err := json.Unmarshal(m.Params, &p); err != nil || p.Type != 1 || !strings.Contains(p.Message, "gopls stopped reading its input") {
		t.Errorf("showMessage %s, want an error saying gopls stopped reading", m.Params)
	}
	select {
	case err := <-e.done:
		if err == nil || !strings.Contains(err.Error(), "gopls stopped reading its input") {
			t.Errorf("Run: %v, want an error saying gopls stopped reading", err)
		}
	case <-time.After(bound):
		t.Fatalf("the proxy still runs %v after gopls was found stuck", bound)
	}
}

// TestProxyEditorStopsReading: an editor that reads none of the proxy's
// output while gopls publishes diagnostics without end holds gopls back
// (the proxy passes its messages on as the editor takes them, as the
// server writes its own), and its exit still ends the proxy. The proxy
// waited for gopls's output to be passed on for ever, and, holding the
// diagnostics' lock while it wrote them, read no exit.
func TestProxyEditorStopsReading(t *testing.T) {
	setProxyTimes(t, time.Second, goplsQueueMax)
	msg := `{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"file:///w/a.go","diagnostics":[]}}`
	gopls := fakeGopls(t, `cat >/dev/null 2>&1 &
while printf 'Content-Length: `+fmt.Sprint(len(msg))+`\r\n\r\n%s' '`+msg+`'; do :; done`)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe() // never read
	t.Cleanup(func() { inW.Close(); outR.Close() })
	done := make(chan error, 1)
	var stderr testtool.SyncBuffer
	go func() { done <- Run(t.Context(), inR, outW, &stderr, []string{"-proxy", "-gopls", gopls}) }()
	editor := &writer{w: inW}
	go func() {
		time.Sleep(100 * time.Millisecond) // gopls's output fills the pipes
		editor.request(json.RawMessage("1"), "shutdown", nil)
		editor.notify("exit", nil)
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run after shutdown and exit: %v", err)
		}
	case <-time.After(bound):
		t.Fatalf("the proxy still runs %v after exit\n%s", bound, stderr.String())
	}
}
