package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"strings"

	"github.com/copycat-go/copycat/internal/cli"
	"github.com/copycat-go/copycat/internal/version"
)

// A server is copycat's own language server, over one connection.
type server struct {
	log    *log.Logger
	client *client
	eng    *engine
	cfg    config

	initialized bool // initialize was answered
	shutdown    bool // shutdown was answered
	configure   bool // the editor answers workspace/configuration
	watch       bool // the editor watches files for the server when asked
	afterReply  func()
}

// serve answers the editor until exit, or until its input ends.
func serve(ctx context.Context, in io.Reader, out io.Writer, lg *log.Logger, cfg config) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s := &server{log: lg, client: newClient(&writer{w: out}), cfg: cfg}
	s.eng = newEngine(cfg, lg, s.client, func(_ string, uris, stale []string, version *int, diags []diagnostic) {
		for _, uri := range stale {
			if err := s.client.notify("textDocument/publishDiagnostics", publishDiagnosticsParams{URI: uri, Diagnostics: []diagnostic{}}); err != nil {
				lg.Print(err)
			}
		}
		for _, uri := range uris {
			if err := s.client.notify("textDocument/publishDiagnostics", publishDiagnosticsParams{URI: uri, Version: version, Diagnostics: diags}); err != nil {
				lg.Print(err)
			}
		}
	})
	shutdown := func() bool { return s.shutdown }
	return editorMessages(in, s.client.w, lg.Printf, shutdown, func(_ []byte, m *message) (bool, error) {
		if m.Method == "exit" {
			if !s.shutdown {
				return true, errors.New("exit before shutdown")
			}
			return true, nil
		}
		s.dispatch(ctx, m)
		return false, nil
	})
}

// dispatch handles one well-formed message.
func (s *server) dispatch(ctx context.Context, m *message) {
	switch {
	case m.isResponse():
		s.client.handleResponse(m)
	case m.isRequest():
		var result any
		var rerr *rpcError
		if !safely(s.log, m.Method, func() { result, rerr = s.request(ctx, m) }) {
			rerr = &rpcError{codeInternalError, "internal error in " + m.Method + " (see the server's log)"}
		}
		var err error
		if rerr != nil {
			err = s.client.w.replyError(m.ID, rerr.Code, rerr.Message)
		} else {
			err = s.client.w.reply(m.ID, result)
		}
		if err != nil {
			s.log.Print(err)
		}
		if f := s.afterReply; f != nil {
			s.afterReply = nil
			f()
		}
	default:
		safely(s.log, m.Method, func() {
			if err := s.notification(m); err != nil {
				s.log.Printf("%s: %v", m.Method, err)
			}
		})
	}
}

// request answers one request.
func (s *server) request(ctx context.Context, m *message) (any, *rpcError) {
	switch {
	case m.Method == "initialize":
		if s.initialized {
			return nil, &rpcError{codeInvalidRequest, "initialize sent twice"}
		}
		return s.initialize(ctx, m.Params)
	case !s.initialized:
		return nil, &rpcError{codeServerNotReady, "the server is not initialized"}
	case s.shutdown:
		return nil, &rpcError{codeInvalidRequest, "the server is shut down"}
	}
	switch m.Method {
	case "shutdown":
		s.shutdown = true
		return nil, nil
	case "textDocument/codeAction":
		var p codeActionParams
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return nil, &rpcError{codeInvalidParams, fmt.Sprintf("codeAction params: %v", err)}
		}
		return codeActions(s.eng, p), nil
	case "workspace/executeCommand":
		var p executeCommandParams
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return nil, &rpcError{codeInvalidParams, fmt.Sprintf("executeCommand params: %v", err)}
		}
		return executeCommand(s.eng, s.client, p)
	}
	return nil, &rpcError{codeMethodNotFound, fmt.Sprintf("method not found: %s", m.Method)}
}

func (s *server) initialize(ctx context.Context, raw json.RawMessage) (any, *rpcError) {
	var p initializeParams
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil, &rpcError{codeInvalidParams, fmt.Sprintf("initialize params: %v", err)}
	}
	if err := s.eng.configureFrom(p); err != nil {
		s.log.Printf("initializationOptions: %v", err)
	}
	s.configure = p.Capabilities.Workspace.Configuration
	s.watch = p.Capabilities.Workspace.DidChangeWatchedFiles.DynamicRegistration
	s.initialized = true
	// Indexing starts once this answer is sent: the handshake never waits
	// for it, and no progress message comes before it.
	s.afterReply = func() {
		s.eng.start(ctx, workspaceRoots(p, s.log), p.Capabilities.Window.WorkDoneProgress)
	}
	return map[string]any{
		"capabilities": map[string]any{
			"textDocumentSync": map[string]any{
				"openClose": true,
				"change":    2, // incremental
				"save":      map[string]any{"includeText": false},
			},
			"codeActionProvider":     true,
			"executeCommandProvider": map[string]any{"commands": []string{commandOpenCopy}},
			"workspace": map[string]any{
				"workspaceFolders": map[string]any{"supported": true, "changeNotifications": true},
			},
		},
		"serverInfo": map[string]string{"name": "copycat", "version": version.Version()},
	}, nil
}

// notification handles one notification.
func (s *server) notification(m *message) error {
	if !s.initialized {
		return nil // dropped, as the protocol says
	}
	switch m.Method {
	case "initialized":
		s.requestConfiguration()
		s.registerWatchers()
		return nil
	case "workspace/didChangeConfiguration":
		return s.didChangeConfiguration(m.Params)
	case "workspace/didChangeWorkspaceFolders":
		return s.eng.didChangeWorkspaceFolders(m.Params)
	}
	return s.eng.documentNotification(m)
}

// requestConfiguration asks the editor for the "copycat" settings section.
func (s *server) requestConfiguration() {
	if !s.configure {
		return
	}
	params := map[string]any{"items": []map[string]string{{"section": "copycat"}}}
	err := s.client.call("workspace/configuration", params, func(result json.RawMessage, rerr *rpcError) {
		if rerr != nil {
			s.log.Printf("workspace/configuration: %v", rerr)
			return
		}
		s.eng.applyConfiguration(result)
	})
	if err != nil {
		s.log.Print(err)
	}
}

// registerWatchers asks the editor to report changes on disk to Go files
// and .duplignore files (a checkout, a generator, another editor).
func (s *server) registerWatchers() {
	if !s.watch {
		return
	}
	askToWatch(s.client, s.log, "**/*.go", "**/.duplignore", "**/"+cli.ProjectFile)
}

// askToWatch asks the editor to report changes on disk to the files that
// the glob patterns match: the server asks for Go files and .duplignore
// files, the proxy for .duplignore files alone, as gopls asks for Go
// files (and go.mod and the like), never .duplignore.
func askToWatch(c *client, lg *log.Logger, globs ...string) {
	var watchers []map[string]string
	for _, g := range globs {
		watchers = append(watchers, map[string]string{"globPattern": g})
	}
	params := map[string]any{"registrations": []map[string]any{{
		"id":              "copycat-watch",
		"method":          "workspace/didChangeWatchedFiles",
		"registerOptions": map[string]any{"watchers": watchers},
	}}}
	if err := c.call("client/registerCapability", params, nil); err != nil {
		lg.Print(err)
	}
}

func (s *server) didChangeConfiguration(raw json.RawMessage) error {
	var p struct {
		Settings map[string]json.RawMessage `json:"settings"`
	}
	if err := json.Unmarshal(raw, &p); err == nil && p.Settings["copycat"] != nil {
		s.eng.applyConfiguration(json.RawMessage("[" + string(p.Settings["copycat"]) + "]"))
		return nil
	}
	s.requestConfiguration()
	return nil
}

// isCopycatDiagnostic reports whether a diagnostic in a code action
// request is one of copycat's.
func isCopycatDiagnostic(d diagnostic) bool {
	return strings.EqualFold(d.Source, diagnosticSource)
}
