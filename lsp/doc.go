// Package lsp is copycat's language server: it shows clones as editor
// diagnostics while the code is written, beside gopls.
//
// It runs in two modes (see [Run]):
//
//   - copycat lsp: a server of its own over stdio, for editors that run
//     two servers per language (Neovim, Helix, Emacs eglot, Zed, Sublime);
//   - copycat lsp -proxy: a proxy that starts the real gopls as a child,
//     passes every message through unchanged in both directions, and
//     merges copycat's diagnostics into gopls's textDocument/publishDiagnostics
//     for the same document. Editors that allow one Go server (VS Code with
//     "go.alternateTools") use this one.
//
// The server is split by feature: jsonrpc.go frames messages, protocol.go
// holds the subset of LSP types it uses, docs.go the open buffers,
// index.go the incremental clone index, diagnostics.go turns clone classes
// into diagnostics, engine.go ties them together, server.go answers the
// editor, and proxy.go sits between the editor and gopls.
//
// On initialize every workspace folder is indexed in the background, with
// work-done progress, honouring .duplignore files, generated-file markers
// and //copycat:ignore directives. When a buffer changes, only its
// fingerprints are replaced: the files that share a fingerprint with it
// (leaving out fingerprints shared by more than -max-occurrences files,
// which are boilerplate) are compared with it again, and every file whose
// diagnostics changed is republished, open or not.
package lsp
