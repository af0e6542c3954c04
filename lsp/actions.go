package lsp

import (
	"encoding/json"
	"fmt"
	"strings"
)

// commandOpenCopy opens another copy of a clone in the editor; its one
// argument is a Location.
const commandOpenCopy = "copycat.openCopy"

// codeActions offers, for each clone overlapping the range, one action
// per other copy that jumps to it. The server answers with them; the proxy
// adds them to gopls's.
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
	for _, c := range eng.classesAt(path) {
		shown := displayClass(c, eng.roots)
		for i, fr := range c.Fragments {
			if fr.File != path || !overlaps(conv(fr), p.Range) {
				continue
			}
			for j, other := range c.Fragments {
				if j == i {
					continue
				}
				loc := location{URI: pathToURI(other.File), Range: conv(other)}
				title := fmt.Sprintf("Go to copy at %s:%d-%d", shown.Fragments[j].File, other.Start.Line, other.End.Line)
				actions = append(actions, codeAction{
					Title:       title,
					Kind:        "quickfix",
					Diagnostics: diags,
					Command:     &command{Title: title, Command: commandOpenCopy, Arguments: []any{loc}},
				})
			}
		}
	}
	return actions
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
// location (window/showDocument).
func executeCommand(c *client, p executeCommandParams) (any, *rpcError) {
	if p.Command != commandOpenCopy {
		return nil, &rpcError{codeInvalidParams, fmt.Sprintf("unknown command %q", p.Command)}
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
