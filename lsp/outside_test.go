package lsp

import (
	"os"
	"path/filepath"
	"testing"
)

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
