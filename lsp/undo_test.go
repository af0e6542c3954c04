package lsp

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
)

// A paste that is taken out again leaves a file's diagnostics as they
// were: what an edit re-detects (the file and the files that share code
// with it) says what the whole workspace's detection said. On the
// standard library, in files whose copies are mirrored in another
// package (go/types and types2) and in one whose are not.
func TestUndoneEditRestoresDiagnostics(t *testing.T) {
	if testing.Short() {
		t.Skip("indexes the standard library")
	}
	root := filepath.Join(runtime.GOROOT(), "src")
	if _, err := os.Stat(filepath.Join(root, "go", "types")); err != nil {
		t.Skipf("no standard library sources in %s", root)
	}
	copies := stdlibFunctions(t, root, 4)
	e := startEditor(t, runServer("-logfile", os.DevNull))
	e.initialize(root, nil)
	e.awaitIndexed()
	messages := func(ds []diagnostic) []string {
		var ms []string
		for _, d := range ds {
			ms = append(ms, d.Message)
		}
		slices.Sort(ms)
		return ms
	}
	version := 0
	change := func(u, text string) {
		version++
		e.skip()
		e.notify("textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": u, "version": version},
			"contentChanges": []contentChange{{Text: text}},
		})
	}
	for _, name := range []string{"go/types/expr.go", "cmd/compile/internal/types2/stmt.go", "net/http/transport.go"} {
		u := pathToURI(filepath.Join(root, name))
		src, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		before := messages(e.published(u))
		if len(before) == 0 && name != "net/http/transport.go" {
			t.Fatalf("%s: no diagnostics after indexing", name)
		}
		version++
		e.notify("textDocument/didOpen", didOpenParams{textDocumentItem{URI: u, Version: version, Text: string(src)}})
		for _, fn := range copies {
			change(u, string(src)+"\n"+fn)
			e.diagnostics(u, "the pasted copy", func(ds []diagnostic) bool { return len(ds) > len(before) })
			change(u, string(src))
			after := messages(e.diagnostics(u, "the copy gone", func(ds []diagnostic) bool { return len(ds) <= len(before) }))
			if !slices.Equal(after, before) {
				t.Errorf("%s: a paste taken out again leaves\n%q\nwhere indexing said\n%q", name, after, before)
			}
		}
	}
}
