package lsp

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/copycat-go/copycat/internal/testtool"
)

// FuzzServer sends the server, between a handshake and shutdown, any
// message body: any method, any params, any id, a reply to a request of
// its own. The server answers or drops it, never faults (a fault would
// be logged as an internal error and the message lost), and ends at exit.
func FuzzServer(f *testing.F) {
	dir := f.TempDir()
	src := "package p\n\nfunc f(xs []int) (n int) {\n\tfor _, x := range xs {\n\t\tn += x\n\t}\n\treturn n\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "a.go"), []byte(src), 0o644); err != nil {
		f.Fatal(err)
	}
	// A project file with a bad line, which an edit (a watched file's
	// change) reads again.
	if err := os.WriteFile(filepath.Join(dir, ".copycat.flags"), []byte("-min-tokens 20\n-o x\n"), 0o644); err != nil {
		f.Fatal(err)
	}
	u := pathToURI(filepath.Join(dir, "a.go"))
	for _, body := range []string{
		`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"` + u + `","languageId":"go","version":1,"text":"package p\n\nfunc g() {}\n"}}}`,
		`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"` + u + `","version":2},"contentChanges":[{"range":{"start":{"line":0,"character":0},"end":{"line":9,"character":99}},"text":"x"}]}}`,
		`{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"` + u + `"}}}`,
		`{"jsonrpc":"2.0","method":"textDocument/didSave","params":{"textDocument":{"uri":"file:///dev/zero"}}}`,
		`{"jsonrpc":"2.0","id":7,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"` + u + `"},"range":{"start":{"line":3,"character":0},"end":{"line":3,"character":0}},"context":{"only":["quickfix"]}}}`,
		`{"jsonrpc":"2.0","id":"x","method":"workspace/executeCommand","params":{"command":"copycat.openCopy","arguments":[{"uri":"` + u + `","range":{}}]}}`,
		`{"jsonrpc":"2.0","method":"workspace/didChangeWatchedFiles","params":{"changes":[{"uri":"` + pathToURI(filepath.Join(dir, ".duplignore")) + `","type":1}]}}`,
		`{"jsonrpc":"2.0","method":"workspace/didChangeWatchedFiles","params":{"changes":[{"uri":"` + pathToURI(filepath.Join(dir, ".copycat.flags")) + `","type":2}]}}`,
		`{"jsonrpc":"2.0","method":"workspace/didChangeConfiguration","params":{"settings":{"copycat":{"minTokens":5}}}}`,
		`{"jsonrpc":"2.0","id":"copycat-1","result":[{"severity":"hint","minTokens":-1}]}`,
		`{"jsonrpc":"2.0","id":"copycat-2","error":{"code":-32601,"message":"no"}}`,
		`{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":7}}`,
		`{"jsonrpc":"2.0","id":{},"method":"initialize","params":null}`,
	} {
		f.Add([]byte(body))
	}
	f.Add([]byte(`{"jsonrpc":"2.0","method":"exit"}`))
	init := fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":%q,"capabilities":{"workspace":{"configuration":true,"didChangeWatchedFiles":{"dynamicRegistration":true}},"window":{"workDoneProgress":true}}}}`, pathToURI(dir))
	f.Fuzz(func(t *testing.T, body []byte) {
		inR, inW := io.Pipe()
		var logs testtool.SyncBuffer
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		done := make(chan error, 1)
		go func() { done <- Run(ctx, inR, io.Discard, &logs, []string{"-cache", "off"}) }()
		io.WriteString(inW, framed(init)+framed(`{"jsonrpc":"2.0","method":"initialized","params":{}}`))
		// The message comes once the workspace is indexed, so that what it
		// changes is re-indexed too.
		for deadline := time.Now().Add(5 * time.Second); !strings.Contains(logs.String(), "indexed "); time.Sleep(100 * time.Microsecond) {
			if time.Now().After(deadline) {
				t.Fatalf("not indexed:\n%s", logs.String())
			}
		}
		go func() {
			// The server may end on the message (an exit): then the
			// writes fail, once the pipe is closed below.
			io.WriteString(inW, fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body))
			time.Sleep(time.Millisecond) // the worker's turn
			io.WriteString(inW, framed(`{"jsonrpc":"2.0","id":99,"method":"shutdown"}`)+framed(`{"jsonrpc":"2.0","method":"exit"}`))
			inW.Close()
		}()
		err := <-done
		inR.Close()
		if strings.Contains(logs.String(), "internal error") {
			t.Fatalf("%s\nlog:\n%s", body, logs.String())
		}
		if err != nil && !strings.Contains(err.Error(), "exit before shutdown") && !strings.Contains(err.Error(), "without shutdown") {
			t.Errorf("%s: %v", body, err)
		}
	})
}
