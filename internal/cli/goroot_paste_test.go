package cli

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/internal/testtool"
)

// A newcomer's paste inside a large tree: path.Base (19 lines, under
// 100 tokens) pasted into a package of its own, as it is and with its
// local renamed, is listed at the defaults in a run over the whole
// standard library and the paste, whatever else the tree lists.
func TestPasteListedInTheStandardLibrary(t *testing.T) {
	if os.Getenv("COPYCAT_GOROOT_TEST") == "" {
		t.Skip("set COPYCAT_GOROOT_TEST=1 (make test-goroot) to read GOROOT/src")
	}
	src := filepath.Join(runtime.GOROOT(), "src")
	orig := filepath.Join(src, "path", "path.go")
	text, err := os.ReadFile(orig)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, orig, text, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var base *ast.FuncDecl
	for _, d := range f.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok && fn.Name.Name == "Base" {
			base = fn
		}
	}
	if base == nil {
		t.Fatal("path.go declares no Base")
	}
	start, end := fset.Position(base.Pos()), fset.Position(base.End())
	if lines := end.Line - start.Line + 1; lines < fingerprint.WholeFuncLines {
		t.Fatalf("path.Base has %d lines, under the %d this test needs", lines, fingerprint.WholeFuncLines)
	}
	fn := string(text[start.Offset:end.Offset])
	for _, tc := range []struct{ name, fn, kind string }{
		{"exact", fn, "exact"},
		{"renamed", regexp.MustCompile(`\bi\b`).ReplaceAllString(fn, "last"), "renamed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			testtool.WriteFiles(t, dir, map[string]string{
				"go.mod":         "module example.com/paste\n\ngo 1.26\n",
				"paste/paste.go": "package paste\n\n" + tc.fn + "\n",
			})
			t.Chdir(src)
			// The text report prints the first 25 listed classes in
			// full; the JSON report carries every one.
			var out, errb bytes.Buffer
			code := Run([]string{"-cache=off", "-json", "./...", dir + "/..."}, &out, &errb)
			var rep struct {
				Classes []struct {
					Kind      string
					Listed    bool
					Fragments []struct {
						File      string
						StartLine int `json:"start_line"`
					}
				}
			}
			if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
				t.Fatalf("exit %d, %v:\n%s", code, err, errb.String())
			}
			found := false
			for _, c := range rep.Classes {
				var files []string
				for _, fr := range c.Fragments {
					files = append(files, fr.File+":"+strconv.Itoa(fr.StartLine))
				}
				if slices.Contains(files, "path/path.go:"+strconv.Itoa(start.Line)) && slices.Contains(files, dir+"/paste/paste.go:3") {
					found = c.Listed && c.Kind == tc.kind
					if !found {
						t.Errorf("the paste: %s, listed %v; want %s and listed", c.Kind, c.Listed, tc.kind)
					}
				}
			}
			if code != ExitClones || !found {
				t.Errorf("exit %d, want %d and the paste listed", code, ExitClones)
			}
		})
	}
}
