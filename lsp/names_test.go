package lsp

import (
	"strings"
	"testing"

	"github.com/copycat-go/copycat/fingerprint"
)

// A file's name is anyone's in a pull request, and may hold a newline
// or a terminal's escapes: the name of the other copy went as it was
// into the directive the ignore action writes, so that applying it put
// the lines the name held into the user's file as code, and into the
// titles and related messages the editor shows. They are quoted, as the
// diagnostics' own messages (report.FileName) and the command line
// quote them.
func TestNamesOfCopiesQuoted(t *testing.T) {
	evil := "/w/b\nfunc init() { launch() }\nvar _ = \x1b]0;PWNED\a`x.go"
	src := map[string][]byte{
		"/w/a.go": []byte("package p\n\nfunc F() {\n\tx := 1\n\t_ = x\n}\n"),
		evil:      []byte("package p\n\nfunc G() {\n\tx := 1\n\t_ = x\n}\n"),
	}
	text := func(p string) []byte { return src[p] }
	c := &fingerprint.Class{ID: "c", Kind: fingerprint.Exact}
	for _, f := range []string{"/w/a.go", evil} {
		c.Fragments = append(c.Fragments, fingerprint.Fragment{File: f,
			Start: fingerprint.Position{Line: 3, Column: 1}, End: fingerprint.Position{Line: 6, Column: 2}})
	}
	classes := []*fingerprint.Class{c}
	p := codeActionParams{TextDocument: textDocumentIdentifier{URI: pathToURI("/w/a.go")}, Range: lspRange{position{2, 0}, position{2, 0}}}
	diags := fileDiagnostics("/w/a.go", classes, severityHint, []string{"/w"}, text)
	p.Context.Diagnostics = diags
	actions, _ := actionsAt("/w/a.go", p, classes, []string{"/w"}, text, true)
	plain := func(what, s string) {
		t.Helper()
		if strings.ContainsAny(s, "\n\x1b\a") {
			t.Errorf("%s %q holds a newline or an escape", what, s)
		}
	}
	edits := 0
	for _, a := range actions {
		plain("the action's title", a.Title)
		if a.Edit == nil {
			continue
		}
		for _, e := range a.Edit.Changes[p.TextDocument.URI] {
			edits++
			if want := `//copycat:ignore kept apart from "b\nfunc init() { launch() }\nvar _ = \x1b]0;PWNED\a` + "`x.go\" on purpose\n"; e.NewText != want {
				t.Errorf("the ignore action writes %q, want %q", e.NewText, want)
			}
		}
	}
	if edits != 1 {
		t.Errorf("%d edits, want the ignore action's", edits)
	}
	for _, d := range diags {
		plain("the diagnostic", d.Message)
		for _, r := range d.RelatedInformation {
			plain("the related message", r.Message)
		}
	}
}
