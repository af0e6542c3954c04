package lsp

import (
	"encoding/json"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"testing"
)

// In front of gopls, code actions are made on the goroutine that reads
// gopls's answers, while the editor's messages, the folders it adds and
// its settings, are read on another: codeActions read the engine's
// folders and its size limit without its lock, a race (go test -race
// finds it here) that could pair a new list's pointer with the old
// one's length.
func TestCodeActionsWhileConfigured(t *testing.T) {
	e, src := copiesEngine(t, 20, 0, nil)
	first := slices.Sorted(maps.Keys(src))[0]
	p := codeActionParams{TextDocument: textDocumentIdentifier{URI: pathToURI(first)}}
	p.Range.End.Line = 1 << 20
	if len(codeActions(e, p)) == 0 {
		t.Fatal("no code actions over the file of copies")
	}
	e.mu.Lock()
	e.indexing = true // reindex asks for one more round, started by none
	e.mu.Unlock()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := range 50 {
			folder := pathToURI(filepath.Join(filepath.Dir(first), fmt.Sprint("more", i)))
			e.didChangeWorkspaceFolders(json.RawMessage(fmt.Sprintf(`{"event":{"added":[{"uri":%q}]}}`, folder)))
			e.applyConfiguration(json.RawMessage(fmt.Sprintf(`[{"maxFileSize":%d}]`, 1<<20+i)))
		}
	}()
	for range 50 {
		codeActions(e, p)
	}
	<-done
}
