package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"os/exec"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/copycat-go/copycat/internal/cli"
)

// A proxy sits between the editor and a gopls child. Every message passes
// through unchanged, except:
//   - gopls's textDocument/publishDiagnostics, to which copycat's
//     diagnostics for the same file are added;
//   - gopls's answers to the editor's textDocument/codeAction, to which
//     copycat's actions are added, and to initialize, whose commands gain
//     copycat's;
//   - the editor's workspace/executeCommand of copycat's command and
//     codeAction/resolve of copycat's actions, and its responses to
//     copycat's own requests, which stop at the proxy.
type proxy struct {
	log    *log.Logger
	editor *writer     // to the editor
	gopls  *goplsQueue // to gopls
	client *client
	eng    *engine
	grace  time.Duration // goplsGrace, read once: tests set it

	// Not under mu, which is held while diagnostics are written to the
	// editor: an editor that reads none must not keep exit waiting.
	exiting  atomic.Bool
	shutdown atomic.Bool // the editor asked for shutdown: an exit then ends with status 0

	smu        sync.Mutex
	shutdownID json.RawMessage // the editor's shutdown request
	answered   bool            // and its answer was sent, gopls's or the proxy's

	mu       sync.Mutex
	initID   json.RawMessage // the editor's initialize request
	initP    initializeParams
	started  bool
	uris     map[string]string            // path -> the URI to publish under, the file not open: gopls's, else copycat's
	sent     map[string][]string          // path -> the URIs a merged set that was not empty went under last
	fromGo   map[string][]json.RawMessage // gopls's latest diagnostics, by path, unchanged
	goVer    map[string]json.RawMessage   // the version gopls published with, by path
	copyVer  map[string]*int              // the version copycat's diagnostics are of, by path (nil: a file not open)
	fromCopy map[string][]diagnostic      // copycat's latest, by path
	actions  map[string]codeActionParams  // the editor's codeAction requests that gopls has yet to answer, by ID
}

// runProxy starts gopls and relays messages until the editor says exit,
// the editor's input ends, or gopls dies. gopls's own logs (its standard
// error) go to logs, where copycat's go: -logfile's file, or stderr.
func runProxy(ctx context.Context, in io.Reader, out io.Writer, logs io.Writer, lg *log.Logger, cfg config, goplsPath string, goplsArgs []string) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	cmd := exec.Command(goplsPath, goplsArgs...)
	cmd.Stderr = logs // gopls's logs beside copycat's
	childIn, err := cmd.StdinPipe()
	if err != nil {
		return fmt.Errorf("gopls stdin: %w", err)
	}
	childOut, err := cmd.StdoutPipe()
	if err != nil {
		return fmt.Errorf("gopls stdout: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("starting gopls: %w", err)
	}
	lg.Printf("proxy: started %s %q (pid %d)", goplsPath, goplsArgs, cmd.Process.Pid)
	p := &proxy{
		log: lg, editor: &writer{w: out}, grace: goplsGrace,
		uris: map[string]string{}, fromGo: map[string][]json.RawMessage{},
		goVer: map[string]json.RawMessage{}, copyVer: map[string]*int{}, fromCopy: map[string][]diagnostic{},
		actions: map[string]codeActionParams{},
	}
	p.gopls = newGoplsQueue(childIn, goplsQueueMax, p.grace, p.editor)
	p.client = newClient(p.editor)
	p.eng = newEngine(cfg, lg, p.client, p.publishCopycat)

	childDone := make(chan error, 1)
	go func() {
		p.fromGopls(ctx, childOut)
		childDone <- cmd.Wait() // after gopls's output is drained, as Wait closes it
	}()
	editorDone := make(chan error, 1)
	go func() { editorDone <- p.fromEditor(in) }()

	select {
	case err := <-childDone:
		return p.goplsStopped(goplsPath, err)
	case err := <-editorDone:
		if errors.Is(err, errGoplsStuck) {
			// As for a gopls that died: the session ends, the editor told.
			cmd.Process.Kill()
			p.awaitChild(cmd, childDone)
			return p.goplsStopped(goplsPath, err)
		}
		p.gopls.close() // gopls exits at the end of its input, if not already
		p.awaitChild(cmd, childDone)
		if err == nil && p.exiting.Load() {
			err = p.exitStatus()
		}
		return err
	}
}

// exitStatus is what an exit ends the proxy with: as the server does, an
// error (status 1) unless the editor asked for shutdown first, as the
// protocol has it.
func (p *proxy) exitStatus() error {
	if !p.shutdown.Load() {
		return errors.New("exit before shutdown")
	}
	return nil
}

// goplsStopped tells the editor that gopls died, or was killed for it
// stopped reading (err wraps errGoplsStuck), unless it was told to exit.
func (p *proxy) goplsStopped(path string, err error) error {
	if p.exiting.Load() {
		return p.exitStatus()
	}
	msg := fmt.Sprintf("copycat: gopls (%s) stopped unexpectedly: %v; restart the language server", path, errOrExit(err))
	if errors.Is(err, errGoplsStuck) {
		msg = fmt.Sprintf("copycat: %v (%s); killed it; restart the language server", err, path)
	}
	p.log.Print(msg)
	if err := p.editor.notify("window/showMessage", showMessageParams{Type: 1, Message: msg}); err != nil {
		p.log.Print(err)
	}
	return errors.New(msg)
}

// awaitChild gives gopls a few seconds (goplsGrace) to exit, then kills
// it. done comes once gopls's output is passed on: to an editor that
// reads none it never would, so that it is waited for as long again, no
// more.
func (p *proxy) awaitChild(cmd *exec.Cmd, done <-chan error) {
	select {
	case <-done:
		return
	case <-time.After(p.grace):
		p.log.Print("proxy: gopls did not exit; killing it")
		cmd.Process.Kill()
	}
	select {
	case <-done:
	case <-time.After(p.grace):
		p.log.Print("proxy: gopls's last messages not passed on: the editor reads none")
	}
}

func errOrExit(err error) error {
	if err == nil {
		return errors.New("exit status 0")
	}
	return err
}

// fromEditor relays the editor's messages to gopls, watching the ones
// copycat needs. It returns after exit or at the end of the input.
func (p *proxy) fromEditor(in io.Reader) error {
	logf := func(format string, args ...any) { p.log.Printf("proxy: from the editor: "+format, args...) }
	return editorMessages(in, p.editor, logf, p.shutdown.Load, func(body []byte, m *message) (bool, error) {
		if p.client.answers(m) {
			p.client.handleResponse(m)
			return false, nil
		}
		if p.executeOurs(m) {
			return false, nil
		}
		safely(p.log, m.Method, func() { p.watchEditor(m) })
		if err := p.gopls.push(body); err != nil {
			return true, err
		}
		if m.Method == "shutdown" && m.isRequest() {
			time.AfterFunc(shutdownWait, func() { p.answerShutdown(m.ID) })
		}
		return m.Method == "exit", nil
	})
}

// watchEditor feeds copycat's engine from a message bound for gopls.
func (p *proxy) watchEditor(m *message) {
	switch m.Method {
	case "initialize":
		var params initializeParams
		if err := json.Unmarshal(m.Params, &params); err != nil {
			p.log.Printf("proxy: initialize params: %v", err)
		}
		p.mu.Lock()
		p.initID, p.initP = m.ID, params
		p.mu.Unlock()
		p.eng.editorCan(params) // its initializationOptions are gopls's
	case "initialized":
		p.requestConfiguration()
		p.mu.Lock()
		watch := p.initP.Capabilities.Workspace.DidChangeWatchedFiles.DynamicRegistration
		p.mu.Unlock()
		if watch {
			askToWatch(p.client, p.log, "**/.duplignore", "**/"+cli.ProjectFile)
		}
	case "workspace/didChangeConfiguration":
		p.requestConfiguration()
	case "workspace/didChangeWorkspaceFolders":
		if err := p.eng.didChangeWorkspaceFolders(m.Params); err != nil {
			p.log.Printf("proxy: %v", err)
		}
	case "shutdown":
		p.shutdown.Store(true)
		if m.isRequest() {
			p.smu.Lock()
			p.shutdownID, p.answered = m.ID, false
			p.smu.Unlock()
		}
	case "exit":
		p.exiting.Store(true)
	case "textDocument/codeAction":
		var params codeActionParams
		if !m.isRequest() {
			return // gopls answers what is wrong with it
		}
		if err := json.Unmarshal(m.Params, &params); err != nil {
			p.log.Printf("proxy: codeAction params: %v", err)
			return
		}
		p.mu.Lock()
		p.actions[string(m.ID)] = params
		p.mu.Unlock()
	default:
		if err := p.eng.documentNotification(m); err != nil {
			p.log.Printf("proxy: %s: %v", m.Method, err)
		}
	}
}

func (p *proxy) requestConfiguration() {
	p.mu.Lock()
	ok := p.initP.Capabilities.Workspace.Configuration
	p.mu.Unlock()
	if !ok {
		return
	}
	params := map[string]any{"items": []map[string]string{{"section": "copycat"}}}
	err := p.client.call("workspace/configuration", params, func(result json.RawMessage, rerr *rpcError) {
		if rerr == nil {
			p.eng.applyConfiguration(result)
		}
	})
	if err != nil {
		p.log.Print(err)
	}
}

// fromGopls relays gopls's messages to the editor, merging diagnostics.
func (p *proxy) fromGopls(ctx context.Context, out io.Reader) {
	r := newReader(out)
	for {
		body, err := r.read()
		if errors.Is(err, errFraming) {
			p.log.Printf("proxy: from gopls: %v", err)
			continue
		}
		if err != nil {
			if err != io.EOF {
				p.log.Printf("proxy: reading from gopls: %v", err)
			}
			return
		}
		m, rerr := decode(body)
		if rerr == nil && m.isResponse() && !p.claimAnswer(m.ID) {
			p.log.Print("proxy: gopls answered shutdown after the proxy did; dropped")
			continue
		}
		if rerr == nil && m.isResponse() {
			body = p.amendResponse(m, body)
		}
		if rerr == nil && m.Method == "textDocument/publishDiagnostics" {
			if err := p.goplsDiagnostics(m.Params); err == nil {
				continue
			} else {
				p.log.Printf("proxy: gopls diagnostics passed on unmerged: %v", err)
			}
		}
		if err := p.editor.writeRaw(body); err != nil {
			p.log.Printf("proxy: writing to the editor: %v", err)
			return
		}
		if rerr == nil && m.isResponse() {
			p.maybeStart(ctx, m)
		}
	}
}

// claimAnswer reports whether gopls's response of ID id is to go to the
// editor: any but the answer to shutdown that the proxy already gave.
func (p *proxy) claimAnswer(id json.RawMessage) bool {
	p.smu.Lock()
	defer p.smu.Unlock()
	if p.shutdownID == nil || string(id) != string(p.shutdownID) {
		return true
	}
	ok := !p.answered
	p.answered = true
	return ok
}

// answerShutdown answers the editor's shutdown request id, if gopls has
// not answered it (within shutdownWait): a gopls that stopped reading
// would keep the editor waiting for it.
func (p *proxy) answerShutdown(id json.RawMessage) {
	p.smu.Lock()
	ours := string(id) == string(p.shutdownID) && !p.answered
	p.answered = p.answered || ours
	p.smu.Unlock()
	if !ours {
		return
	}
	p.log.Printf("proxy: gopls did not answer shutdown within %v; answered it", shutdownWait)
	if err := p.editor.reply(id, nil); err != nil {
		p.log.Print(err)
	}
}

// executeOurs answers here, where gopls would not know them, the editor's
// requests about copycat's own actions: workspace/executeCommand of its
// command, and codeAction/resolve of one of its actions (already whole:
// it is given back as it is). It reports whether m was one of them.
func (p *proxy) executeOurs(m *message) bool {
	if !m.isRequest() {
		return false
	}
	var result any
	var rerr *rpcError
	switch m.Method {
	case "codeAction/resolve":
		var action codeAction
		if json.Unmarshal(m.Params, &action) != nil || action.Data != actionData {
			return false
		}
		result = m.Params
	case "workspace/executeCommand":
		var params executeCommandParams
		if json.Unmarshal(m.Params, &params) != nil || params.Command != commandOpenCopy {
			return false
		}
		result, rerr = executeCommand(p.eng, p.client, params)
	default:
		return false
	}
	var err error
	if rerr != nil {
		err = p.editor.replyError(m.ID, rerr.Code, rerr.Message)
	} else {
		err = p.editor.reply(m.ID, result)
	}
	if err != nil {
		p.log.Printf("proxy: answering %s: %v", commandOpenCopy, err)
	}
	return true
}

// amendResponse returns the body of gopls's response m as the editor
// gets it: with copycat's code actions added to an answer to
// textDocument/codeAction, with copycat's command added to the answer to
// initialize, and otherwise as it is. A response it cannot read passes
// unchanged.
func (p *proxy) amendResponse(m *message, body []byte) []byte {
	p.mu.Lock()
	params, isAction := p.actions[string(m.ID)]
	delete(p.actions, string(m.ID))
	isInit := p.initID != nil && string(m.ID) == string(p.initID)
	p.mu.Unlock()
	var result json.RawMessage
	var err error
	switch {
	case m.Error != nil:
		return body
	case isAction:
		result, err = appendActions(m.Result, codeActions(p.eng, params))
	case isInit:
		result, err = addCommand(m.Result, commandOpenCopy)
	default:
		return body
	}
	if err != nil {
		p.log.Printf("proxy: gopls's answer passed on unchanged: %v", err)
		return body
	}
	amended, err := json.Marshal(&message{JSONRPC: "2.0", ID: m.ID, Result: result})
	if err != nil {
		p.log.Printf("proxy: gopls's answer passed on unchanged: %v", err)
		return body
	}
	return amended
}

// appendActions adds actions to a codeAction result ((Command |
// CodeAction)[] or null).
func appendActions(result json.RawMessage, actions []codeAction) (json.RawMessage, error) {
	var list []json.RawMessage
	if err := json.Unmarshal(result, &list); err != nil {
		return nil, fmt.Errorf("codeAction result: %w", err)
	}
	if len(actions) == 0 {
		return result, nil
	}
	for _, a := range actions {
		raw, err := json.Marshal(a)
		if err != nil {
			return nil, err
		}
		list = append(list, raw)
	}
	return json.Marshal(list)
}

// addCommand adds a command to the executeCommandProvider of an
// initialize result, leaving the rest of it as it is.
func addCommand(result json.RawMessage, cmd string) (json.RawMessage, error) {
	var res map[string]json.RawMessage
	if err := json.Unmarshal(result, &res); err != nil {
		return nil, fmt.Errorf("initialize result: %w", err)
	}
	var caps map[string]json.RawMessage
	if err := json.Unmarshal(res["capabilities"], &caps); err != nil || caps == nil {
		return nil, fmt.Errorf("initialize result's capabilities: %v", err)
	}
	var provider map[string]json.RawMessage
	if raw := caps["executeCommandProvider"]; raw != nil {
		if err := json.Unmarshal(raw, &provider); err != nil {
			return nil, fmt.Errorf("executeCommandProvider: %w", err)
		}
	}
	if provider == nil {
		provider = map[string]json.RawMessage{}
	}
	var cmds []string
	if raw := provider["commands"]; raw != nil {
		if err := json.Unmarshal(raw, &cmds); err != nil {
			return nil, fmt.Errorf("executeCommandProvider's commands: %w", err)
		}
	}
	var err error
	if provider["commands"], err = json.Marshal(append(cmds, cmd)); err != nil {
		return nil, err
	}
	if caps["executeCommandProvider"], err = json.Marshal(provider); err != nil {
		return nil, err
	}
	if string(caps["codeActionProvider"]) == "" || string(caps["codeActionProvider"]) == "false" {
		caps["codeActionProvider"] = json.RawMessage("true")
	}
	if res["capabilities"], err = json.Marshal(caps); err != nil {
		return nil, err
	}
	return json.Marshal(res)
}

// maybeStart starts copycat's indexing once gopls's answer to initialize
// has reached the editor.
func (p *proxy) maybeStart(ctx context.Context, m *message) {
	p.mu.Lock()
	start := !p.started && p.initID != nil && string(m.ID) == string(p.initID) && m.Error == nil
	if start {
		p.started = true
	}
	params := p.initP
	p.mu.Unlock()
	if start {
		// initializationOptions are gopls's here: copycat's settings come
		// from flags and the "copycat" configuration section.
		p.eng.start(ctx, workspaceRoots(params, p.log), params.Capabilities.Window.WorkDoneProgress)
	}
}

// goplsDiagnostics records gopls's latest set for a file and sends the
// merged set.
func (p *proxy) goplsDiagnostics(raw json.RawMessage) error {
	var params struct {
		URI         string            `json:"uri"`
		Version     json.RawMessage   `json:"version,omitempty"`
		Diagnostics []json.RawMessage `json:"diagnostics"`
	}
	if err := json.Unmarshal(raw, &params); err != nil {
		return err
	}
	path, err := p.eng.pathOf(params.URI)
	if err != nil {
		return err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.uris[path] = params.URI
	p.fromGo[path] = params.Diagnostics
	p.goVer[path] = params.Version
	return p.sendMerged(path)
}

// publishCopycat records copycat's latest set for a file and sends the
// merged set. The URIs it goes under are sendMerged's choice.
func (p *proxy) publishCopycat(path string, uris, _ []string, version *int, diags []diagnostic) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, ok := p.uris[path]; !ok && len(uris) > 0 {
		p.uris[path] = uris[0]
	}
	p.fromCopy[path], p.copyVer[path] = diags, version
	if err := p.sendMerged(path); err != nil {
		p.log.Printf("proxy: %v", err)
	}
}

// sendMerged publishes gopls's and copycat's diagnostics for path
// together, under each URI the editor opened the file under (gopls's
// own spelling of it, or copycat's, may be another: file:///a/@b.go
// for the editor's file:///a/%40b.go), else under p.uris's; a spelling
// the set went under before and the editor no longer uses gets an empty
// set. p.mu is held, so that merged sets leave in order.
func (p *proxy) sendMerged(path string) error {
	merged := slices.Clone(p.fromGo[path])
	if merged == nil {
		merged = []json.RawMessage{}
	}
	for _, d := range p.fromCopy[path] {
		raw, err := json.Marshal(d)
		if err != nil {
			return fmt.Errorf("encoding a diagnostic: %w", err)
		}
		merged = append(merged, raw)
	}
	var uris []string
	open := false
	if p.eng != nil {
		_, uris, _, open = p.eng.docs.get(path)
	}
	if !open {
		uris = []string{p.uris[path]}
	}
	for _, uri := range p.sent[path] {
		if !slices.Contains(uris, uri) {
			if err := p.editor.notify("textDocument/publishDiagnostics", map[string]any{"uri": uri, "diagnostics": []json.RawMessage{}}); err != nil {
				return err
			}
		}
	}
	if len(merged) > 0 {
		if p.sent == nil {
			p.sent = map[string][]string{}
		}
		p.sent[path] = uris
	} else {
		delete(p.sent, path)
	}
	for _, uri := range uris {
		if err := p.sendMergedTo(uri, path, merged); err != nil {
			return err
		}
	}
	return nil
}

// sendMergedTo publishes the merged set of path under uri.
func (p *proxy) sendMergedTo(uri, path string, merged []json.RawMessage) error {
	params := map[string]any{"uri": uri, "diagnostics": merged}
	// The version the set is of: gopls's, if copycat's diagnostics are of
	// the same text (or there are none); else none, as the set holds
	// diagnostics of two versions (LSP: the version the diagnostics are
	// published for).
	goVer, cv := p.goVer[path], p.copyVer[path]
	switch {
	case len(goVer) == 0 || string(goVer) == "null":
	case len(p.fromCopy[path]) == 0 || cv != nil && string(goVer) == strconv.Itoa(*cv):
		params["version"] = goVer
	}
	return p.editor.notify("textDocument/publishDiagnostics", params)
}
