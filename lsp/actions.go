package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/copycat-go/copycat/fingerprint"
)

// commandOpenCopy opens another copy of a clone in the editor; its one
// argument is a Location.
const commandOpenCopy = "copycat.openCopy"

// actionData is the data of copycat's code actions.
const actionData = "copycat"

// codeActions offers, for each clone overlapping the range, one action
// per other copy that jumps to it (when the editor opens documents the
// server asks for: window/showDocument; Neovim 0.7 says it does not, and
// the action did nothing there), and, on a copy that is a whole function,
// one that leaves it out with a //copycat:ignore directive on the line
// before it. The server answers with them; the proxy adds them to
// gopls's.
func codeActions(eng *engine, p codeActionParams) []codeAction {
	actions := []codeAction{}
	path, err := uriToPath(p.TextDocument.URI)
	if err != nil || !wants(p.Context.Only, "quickfix") {
		return actions
	}
	var diags []diagnostic
	for _, d := range p.Context.Diagnostics {
		if isCopycatDiagnostic(d) {
			diags = append(diags, d)
		}
	}
	conv := positionConverter(eng.lineText)
	text := eng.lineText(path)
	var ignores []codeAction
	ignored := map[int]bool{} // the lines a directive is offered before
	goTo := eng.showsDocuments()
	for _, c := range eng.classesAt(path) {
		shown := displayClass(c, eng.roots)
		for i, fr := range c.Fragments {
			if fr.File != path || !overlaps(conv(fr), p.Range) {
				continue
			}
			for j, other := range c.Fragments {
				if j == i || !goTo {
					continue
				}
				loc := location{URI: pathToURI(other.File), Range: conv(other)}
				title := fmt.Sprintf("Go to copy at %s:%d-%d", shown.Fragments[j].File, other.Start.Line, other.End.Line)
				actions = append(actions, codeAction{
					Title:       title,
					Kind:        "quickfix",
					Diagnostics: diags,
					Command:     &command{Title: title, Command: commandOpenCopy, Arguments: []any{loc}},
					Data:        actionData,
				})
			}
			if !ignored[fr.Start.Line] && startsFunc(text, fr) {
				ignored[fr.Start.Line] = true
				twin := shown.Fragments[(i+1)%len(c.Fragments)].File
				ignores = append(ignores, ignoreAction(p.TextDocument.URI, fr, twin, diags))
			}
		}
	}
	return append(actions, ignores...)
}

// startsFunc reports whether fragment fr of text starts a function
// declaration, the node a directive on the line before leaves out whole
// (a directive before a run of statements would leave out the first).
func startsFunc(text []byte, fr fingerprint.Fragment) bool {
	for line := 1; line < fr.Start.Line; line++ {
		i := bytes.IndexByte(text, '\n')
		if i < 0 {
			return false
		}
		text = text[i+1:]
	}
	if i := bytes.IndexByte(text, '\n'); i >= 0 {
		text = text[:i]
	}
	return fr.Start.Column == 1 && bytes.HasPrefix(text, []byte("func "))
}

// ignoreAction leaves fragment fr of the document at uri out with a
// //copycat:ignore directive on the line before it, whose reason names
// the copy it was kept apart from (the user may say more).
func ignoreAction(uri string, fr fingerprint.Fragment, twin string, diags []diagnostic) codeAction {
	at := position{fr.Start.Line - 1, 0}
	return codeAction{
		Title:       "Leave this copy out (//copycat:ignore)",
		Kind:        "quickfix",
		Diagnostics: diags,
		Edit: &workspaceEdit{Changes: map[string][]textEdit{uri: {{
			Range:   lspRange{at, at},
			NewText: "//copycat:ignore kept apart from " + twin + " on purpose\n",
		}}}},
		Data: actionData,
	}
}

// wants reports whether a code action of kind is among those asked for:
// any when only is empty, else those whose kind is one of only's or a
// sub-kind of one ("refactor" asks for "refactor.extract" too).
func wants(only []string, kind string) bool {
	if len(only) == 0 {
		return true
	}
	for _, k := range only {
		if kind == k || strings.HasPrefix(kind, k+".") {
			return true
		}
	}
	return false
}

func overlaps(a, b lspRange) bool {
	before := func(p, q position) bool { return p.Line < q.Line || p.Line == q.Line && p.Character < q.Character }
	return !before(a.End, b.Start) && !before(b.End, a.Start)
}

// executeCommand runs copycat.openCopy by asking the editor to show the
// location (window/showDocument), when it said it can (eng.showDocument):
// an editor that did not is not sent the request.
func executeCommand(eng *engine, c *client, p executeCommandParams) (any, *rpcError) {
	if p.Command != commandOpenCopy {
		return nil, &rpcError{codeInvalidParams, fmt.Sprintf("unknown command %q", p.Command)}
	}
	if !eng.showsDocuments() {
		return nil, &rpcError{codeInvalidRequest, commandOpenCopy + ": the editor did not say it shows documents (window.showDocument)"}
	}
	if len(p.Arguments) != 1 {
		return nil, &rpcError{codeInvalidParams, commandOpenCopy + " takes one location"}
	}
	var loc location
	if err := json.Unmarshal(p.Arguments[0], &loc); err != nil {
		return nil, &rpcError{codeInvalidParams, fmt.Sprintf("%s argument: %v", commandOpenCopy, err)}
	}
	params := map[string]any{"uri": loc.URI, "takeFocus": true, "selection": loc.Range}
	if err := c.call("window/showDocument", params, nil); err != nil {
		return nil, &rpcError{codeInternalError, err.Error()}
	}
	return nil, nil
}
