package lsp

import (
	"encoding/json"
	"fmt"
	"log"
	"path/filepath"
	"slices"

	"github.com/copycat-go/copycat/ignore"
	"github.com/copycat-go/copycat/internal/cli"
)

// documentNotification follows the editor's buffers: didOpen, didChange,
// didSave, didClose and watched-file changes. Other notifications are
// ignored.
func (e *engine) documentNotification(m *message) error {
	switch m.Method {
	case "textDocument/didOpen":
		var p didOpenParams
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return fmt.Errorf("params: %w", err)
		}
		path, err := e.pathOf(p.TextDocument.URI)
		if err != nil {
			return err
		}
		e.docs.open(path, p.TextDocument.URI, p.TextDocument.Version, p.TextDocument.Text)
		e.schedule(path)
	case "textDocument/didChange":
		var p didChangeParams
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return fmt.Errorf("params: %w", err)
		}
		path, err := e.pathOf(p.TextDocument.URI)
		if err != nil {
			return err
		}
		if err := e.docs.change(path, p.TextDocument.Version, p.ContentChanges); err != nil {
			return err
		}
		e.schedule(path)
	case "textDocument/didSave", "textDocument/didClose":
		var p didCloseParams // didSave's text is not asked for
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return fmt.Errorf("params: %w", err)
		}
		path, err := e.pathOf(p.TextDocument.URI)
		if err != nil {
			return err
		}
		if m.Method == "textDocument/didClose" {
			// The file on disk counts again, once the buffer is open
			// under no spelling.
			e.docs.close(path, p.TextDocument.URI)
		}
		e.changed(path)
	case "workspace/didChangeWatchedFiles":
		var p didChangeWatchedFilesParams
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return fmt.Errorf("params: %w", err)
		}
		for _, c := range p.Changes {
			if path, err := e.pathOf(c.URI); err == nil {
				e.changed(path)
			}
		}
	}
	return nil
}

// changed handles a file saved, closed or changed on disk: a .duplignore
// file rebuilds the index, a Go file is re-fingerprinted.
func (e *engine) changed(path string) {
	if filepath.Base(path) == ignore.FileName {
		e.log.Printf("%s changed: indexing again", path)
		e.reindex()
		return
	}
	if filepath.Base(path) == cli.ProjectFile {
		e.reproject()
		return
	}
	e.schedule(path)
}

// editorCan records what the editor says it can do that the engine's
// answers depend on: open the documents the server asks it to.
func (e *engine) editorCan(p initializeParams) {
	e.mu.Lock()
	e.showDocument = p.Capabilities.Window.ShowDocument.Support
	e.mu.Unlock()
}

// showsDocuments reports whether the editor said it opens the documents
// the server asks it to (editorCan).
func (e *engine) showsDocuments() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.showDocument
}

// configureFrom reads initializationOptions, and what the editor can do.
func (e *engine) configureFrom(p initializeParams) error {
	e.editorCan(p)
	if len(p.InitializationOptions) == 0 || string(p.InitializationOptions) == "null" {
		return nil
	}
	var s settings
	if err := json.Unmarshal(p.InitializationOptions, &s); err != nil {
		return err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	editor := e.editor.over(s)
	cfg, err := e.compose(e.project, editor)
	if err != nil {
		return err // the flags' values stay
	}
	e.editor, e.cfg = editor, cfg
	return nil
}

// applyConfiguration reads the answer to workspace/configuration (a list
// with the "copycat" section). A new severity republishes what is known;
// new detection options re-index the workspace, once indexing has
// started (done, under way, or failed). Settings that make no sense are logged and left out
// whole.
func (e *engine) applyConfiguration(result json.RawMessage) {
	var items []json.RawMessage
	if err := json.Unmarshal(result, &items); err != nil || len(items) == 0 || string(items[0]) == "null" {
		return
	}
	var s settings
	if err := json.Unmarshal(items[0], &s); err != nil {
		e.log.Printf("copycat settings: %v", err)
		return
	}
	e.mu.Lock()
	editor := e.editor.over(s)
	cfg, err := e.compose(e.project, editor)
	if err != nil {
		e.mu.Unlock()
		e.log.Printf("copycat settings: %v", err)
		return
	}
	e.editor = editor
	// The new severity holds from now on, for what is published next,
	// the re-indexing's too: set after it started, an indexing that
	// ended first published at the old one.
	reindex := !cfg.sameDetection(e.cfg) && e.started
	resev := cfg.severity != e.cfg.severity
	e.cfg = cfg
	if resev && !reindex && e.idx != nil {
		e.publishPaths(sortedKeys(e.published))
	}
	e.mu.Unlock()
	if reindex {
		e.log.Printf("detection options changed: re-indexing")
		e.reindex()
	}
}

// workspaceRoots lists the folders to index: the workspace folders, else
// the root URI, else the root path.
func workspaceRoots(p initializeParams, lg *log.Logger) []string {
	var roots []string
	seen := map[string]bool{}
	add := func(uri string) {
		path, err := uriToPath(uri)
		if err != nil {
			lg.Printf("workspace folder: %v", err)
			return
		}
		if !seen[path] {
			seen[path] = true
			roots = append(roots, path)
		}
	}
	for _, f := range p.WorkspaceFolders {
		add(f.URI)
	}
	if len(roots) == 0 && p.RootURI != "" {
		add(p.RootURI)
	}
	if len(roots) == 0 && p.RootPath != "" {
		// As a URI's: a relative one would stand for the server's
		// working directory, whatever that is (from a shell in /, all of
		// $GOROOT and more).
		if filepath.IsAbs(p.RootPath) {
			roots = append(roots, filepath.Clean(p.RootPath))
		} else {
			lg.Printf("workspace folder: rootPath %q names no absolute path", p.RootPath)
		}
	}
	return roots
}

// didChangeWorkspaceFolders takes the folders the editor added to the
// workspace and those it removed (VS Code's multi-root workspaces), and
// indexes the workspace again: the files of an added folder are
// published, those of a removed one cleared.
func (e *engine) didChangeWorkspaceFolders(raw json.RawMessage) error {
	var p struct {
		Event struct {
			Added   []workspaceFolder `json:"added"`
			Removed []workspaceFolder `json:"removed"`
		} `json:"event"`
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		return fmt.Errorf("didChangeWorkspaceFolders params: %w", err)
	}
	paths := func(fs []workspaceFolder) []string {
		var out []string
		for _, f := range fs {
			path, err := uriToPath(f.URI)
			if err != nil {
				e.log.Printf("workspace folder: %v", err)
				continue
			}
			out = append(out, path)
		}
		return out
	}
	added, removed := paths(p.Event.Added), paths(p.Event.Removed)
	e.mu.Lock()
	if !e.started {
		e.mu.Unlock()
		return nil // the folders of initialize are not indexed yet either
	}
	gone, have := map[string]bool{}, map[string]bool{}
	for _, r := range removed {
		gone[r] = true
	}
	roots := slices.DeleteFunc(slices.Clone(e.roots), func(r string) bool { return gone[r] })
	for _, r := range roots {
		have[r] = true
	}
	for _, a := range added {
		if !have[a] {
			have[a] = true
			roots = append(roots, a)
		}
	}
	changed := !slices.Equal(roots, e.roots)
	e.roots = roots
	e.aliases.setRoots(roots)
	e.mu.Unlock()
	if changed {
		e.reindex()
	}
	return nil
}
