package lsp

import (
	"bytes"
	"cmp"
	"container/heap"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/copycat-go/copycat/fingerprint"
	"github.com/copycat-go/copycat/report"
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
	path, err := eng.pathOf(p.TextDocument.URI)
	if err != nil || !wants(p.Context.Only, "quickfix") {
		return []codeAction{}
	}
	// The folders and the size limit as they are now, under the lock:
	// in front of gopls the actions are made on the goroutine that reads
	// gopls, while the editor's folders and settings change them on
	// another.
	eng.mu.Lock()
	roots, maxSize := eng.roots, eng.cfg.maxFileSize
	eng.mu.Unlock()
	text := func(path string) []byte {
		b, _, _, _ := eng.readLimited(path, maxSize)
		return b
	}
	actions, _ := actionsAt(path, p, eng.classesAt(path), roots, text, eng.showsDocuments())
	return actions
}

// actionsAt is codeActions on the classes at path, whose files' text
// comes from text. A copy's jumps go to the copies its diagnostic points
// to (report.RelatedCopies: every other copy of a class of at most 11,
// else the 10 after it), and its actions resolve the diagnostics of the
// request that overlap it: a range over a file of 250 copies of one
// function offered each the 249 others, each action resolving the 250
// diagnostics (a 1.8 GB answer). It also returns the work done, counted
// for tests: the actions and the diagnostics they carry, and the
// diagnostics the search for those overlapping each copy went through.
func actionsAt(path string, p codeActionParams, classes []*fingerprint.Class, roots []string, text lineSource, goTo bool) (actions []codeAction, work int) {
	actions = []codeAction{}
	var diags []diagnostic
	for _, d := range p.Context.Diagnostics {
		if isCopycatDiagnostic(d) {
			diags = append(diags, d)
		}
	}
	conv := positionConverter(text)
	lines := newLineTable(text, path)
	// The copies in the range, in the order of their classes, and the
	// diagnostics over each.
	type copyAt struct {
		c     *fingerprint.Class
		i     int
		shown *fingerprint.Class
	}
	var copies []copyAt
	var ranges []lspRange
	for _, c := range classes {
		var shown *fingerprint.Class
		for i, fr := range c.Fragments {
			if fr.File != path {
				continue
			}
			r := conv(fr)
			if !overlaps(r, p.Range) {
				continue
			}
			if shown == nil {
				d := displayClass(c, roots)
				shown = &d
			}
			copies = append(copies, copyAt{c, i, shown})
			ranges = append(ranges, r)
		}
	}
	over, work := overlapping(ranges, diags)
	var ignores []codeAction
	ignored := map[int]bool{} // the lines a directive is offered before
	for k, at := range copies {
		c, i, shown := at.c, at.i, at.shown
		fr := c.Fragments[i]
		var ds []diagnostic
		for _, d := range over[k] {
			ds = append(ds, diags[d])
		}
		if goTo {
			for _, j := range report.RelatedCopies(len(c.Fragments), i) {
				other := c.Fragments[j]
				loc := location{URI: pathToURI(other.File), Range: conv(other)}
				title := fmt.Sprintf("Go to copy at %s:%d-%d", report.FileName(shown.Fragments[j].File), other.Start.Line, other.End.Line)
				actions = append(actions, codeAction{
					Title:       title,
					Kind:        "quickfix",
					Diagnostics: ds,
					Command:     &command{Title: title, Command: commandOpenCopy, Arguments: []any{loc}},
					Data:        actionData,
				})
				work += 1 + len(ds)
			}
		}
		if line := lines.line(fr.Start.Line); !ignored[fr.Start.Line] && startsFunc(line, fr) {
			ignored[fr.Start.Line] = true
			twin := shown.Fragments[report.OtherCopy(len(c.Fragments), i)].File
			eol := "\n"
			if bytes.HasSuffix(line, []byte("\r")) {
				eol = "\r\n"
			}
			ignores = append(ignores, ignoreAction(p.TextDocument.URI, fr, twin, eol, ds))
			work += 1 + len(ds)
		}
	}
	return append(actions, ignores...), work
}

// overlapping returns, for each range, the indices of the diagnostics
// that overlap it, in order, and the diagnostics gone through to find
// them: each range's are those that start within it, found by a binary
// search of the diagnostics by start, and those that start before it and
// reach it, the ones left of those started before it, in order of the
// ranges' starts, once those ending sooner are dropped.
func overlapping(ranges []lspRange, diags []diagnostic) (over [][]int, work int) {
	before := func(p, q position) bool { return p.Line < q.Line || p.Line == q.Line && p.Character < q.Character }
	byStart := make([]int, len(diags))
	for i := range byStart {
		byStart[i] = i
	}
	slices.SortStableFunc(byStart, func(a, b int) int { return comparePos(diags[a].Range.Start, diags[b].Range.Start) })
	order := make([]int, len(ranges))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return comparePos(ranges[a].Start, ranges[b].Start) })
	over = make([][]int, len(ranges))
	open := &endHeap{diags: diags} // started at or before the range's start, not ended before it
	next := 0
	for _, r := range order {
		rg := ranges[r]
		for ; next < len(byStart) && !before(rg.Start, diags[byStart[next]].Range.Start); next++ {
			heap.Push(open, byStart[next])
			work++
		}
		for open.Len() > 0 && before(diags[open.at[0]].Range.End, rg.Start) {
			heap.Pop(open)
			work++
		}
		found := slices.Clone(open.at) // each reaches rg's start
		// Those that start within it: after its start, not after its end.
		for k := next; k < len(byStart) && !before(rg.End, diags[byStart[k]].Range.Start); k++ {
			found = append(found, byStart[k])
		}
		work += len(found)
		found = slices.DeleteFunc(found, func(d int) bool { return !overlaps(diags[d].Range, rg) })
		slices.Sort(found)
		over[r] = found
	}
	return over, work
}

func comparePos(p, q position) int {
	return cmp.Or(cmp.Compare(p.Line, q.Line), cmp.Compare(p.Character, q.Character))
}

// An endHeap holds indices of diags, the one that ends first on top.
type endHeap struct {
	diags []diagnostic
	at    []int
}

func (h *endHeap) Len() int { return len(h.at) }
func (h *endHeap) Less(i, j int) bool {
	return comparePos(h.diags[h.at[i]].Range.End, h.diags[h.at[j]].Range.End) < 0
}
func (h *endHeap) Swap(i, j int) { h.at[i], h.at[j] = h.at[j], h.at[i] }
func (h *endHeap) Push(x any)    { h.at = append(h.at, x.(int)) }
func (h *endHeap) Pop() any {
	x := h.at[len(h.at)-1]
	h.at = h.at[:len(h.at)-1]
	return x
}

// startsFunc reports whether fragment fr, whose first line is line,
// starts a function declaration, the node a directive on the line before
// leaves out whole (a directive before a run of statements would leave
// out the first).
func startsFunc(line []byte, fr fingerprint.Fragment) bool {
	return fr.Start.Column == 1 && bytes.HasPrefix(line, []byte("func "))
}

// ignoreAction leaves fragment fr of the document at uri out with a
// //copycat:ignore directive on the line before it, whose reason names
// the copy it was kept apart from, the one its diagnostic names (the
// user may say more), quoted as report.FileName quotes it: a name is
// anyone's, and its newlines went into the user's file as lines of code.
// The line ends as the function's line does (eol): a file of CRLF lines
// had a line of LF put in, and its line ends mixed.
func ignoreAction(uri string, fr fingerprint.Fragment, twin, eol string, diags []diagnostic) codeAction {
	twin = report.FileName(twin)
	at := position{fr.Start.Line - 1, 0}
	return codeAction{
		Title:       "Leave this copy out (//copycat:ignore)",
		Kind:        "quickfix",
		Diagnostics: diags,
		Edit: &workspaceEdit{Changes: map[string][]textEdit{uri: {{
			Range:   lspRange{at, at},
			NewText: "//copycat:ignore kept apart from " + twin + " on purpose" + eol,
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
