package report

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/copycat-go/copycat/change"
	"github.com/copycat-go/copycat/fingerprint"
)

// Markdown writes the report as Markdown, for a pull request's comment or
// a GitHub job summary: with a change, its new copies, forgotten twins and
// grown classes, each in one line, and the share of the added lines new
// copies hold; without one, a table of the first MaxClasses classes. What
// was left out is counted, as in the text report.
func Markdown(w io.Writer, r *Report) error {
	bw := bufio.NewWriter(w)
	if r.Change != nil {
		markdownChange(bw, r)
	} else {
		markdownTree(bw, r)
	}
	if why := r.LeftWhy(); why != "" && r.All {
		// The table holds them too, as the text report's "of these".
		fmt.Fprintf(bw, "\nOf these, not listed by default: %s.\n", mdText(why))
	} else if why != "" {
		fmt.Fprintf(bw, "\nNot listed: %s.\n", mdText(why))
	}
	for _, line := range []string{r.BoilerplateLine(), r.GeneratedLine()} {
		if line != "" {
			w := strings.TrimPrefix(line, "copycat: ")
			fmt.Fprintf(bw, "\n%s.\n", mdText(strings.ToUpper(w[:1])+w[1:]))
		}
	}
	if w := r.goneWords(); w != "" {
		fmt.Fprintf(bw, "\n%s.\n", mdText(strings.ToUpper(w[:1])+w[1:]))
	}
	return bw.Flush()
}

// markdownChange writes what a change did, by verdict.
func markdownChange(bw *bufio.Writer, r *Report) {
	s := r.Change
	moved := ""
	if s.Moved > 0 {
		moved = ", " + Count(s.Moved, "copy moved", "copies moved")
	}
	fmt.Fprintf(bw, "### copycat: %s, %s, %s%s\n\n", Count(s.New, "new copy", "new copies"),
		Count(s.ForgottenTwins, "forgotten twin", "forgotten twins"), Count(s.Grown, "class grown", "classes grown"), moved)
	for _, section := range []struct{ kind, title string }{
		{change.ForgottenTwin, "Forgotten twins: the change edited one copy and not the other"},
		{change.New, "New copies"},
		{change.Grown, "Classes that grew"},
		{change.Removed, "Copies removed"},
		{change.Moved, "Copies moved: code the change moved from elsewhere, not new"},
	} {
		var items []string
		for ci, c := range r.Classes {
			v := r.Verdicts[ci]
			if v.Kind != section.kind {
				continue
			}
			for i := range c.Fragments {
				// One line a class: on the copy the change edited or added.
				// A removed class's line is on a copy it removed, not one
				// it moved (said so on its class of the tree); a moved
				// class's, on a copy moved.
				if v.New[i] || (v.Kind == change.ForgottenTwin || v.Kind == change.Removed || v.Kind == change.Grown && !slices.Contains(v.New, true)) && v.Touched[i] && !v.MovedCopy(i) ||
					v.Kind == change.Moved && v.MovedCopy(i) {
					item := fmt.Sprintf("- %s (%s, %s): %s", mdCode(fragmentAt(c.Fragments[i])),
						KindLabel(c), linesWords(c), mdText(ChangeWords(c, v, i)))
					if v.Kind == change.ForgottenTwin {
						// Each twin left as it was, not the first alone:
						// each may need the same edit.
						var twins []string
						for j, f := range c.Fragments {
							if !v.Touched[j] && !v.New[j] && !v.Held(j) {
								twins = append(twins, mdCode(fragmentAt(f)))
							}
						}
						if len(twins) > 1 {
							item += "; not changed: " + strings.Join(twins, ", ")
						}
					}
					items = append(items, item)
					break
				}
			}
		}
		if len(items) > 0 {
			fmt.Fprintf(bw, "**%s**\n\n%s\n\n", section.title, strings.Join(items, "\n"))
		}
	}
	line := fmt.Sprintf("New duplicated lines: %d of the %s the change added (%.1f%%)", s.NewDuplicated, Count(s.AddedLines, "line", "lines"), s.Percent())
	if b := s.boilerplateWords(); b != "" {
		line += "; " + b
	}
	switch {
	case s.OverGate():
		line += fmt.Sprintf(", **over** `-max-new-duplication %g`", s.MaxNew)
	case s.MaxNew >= 0:
		line += fmt.Sprintf(", within `-max-new-duplication %g`", s.MaxNew)
	}
	fmt.Fprintln(bw, line+".")
}

// markdownTree writes a table of the report's classes, the highest ranked
// first, at most MaxClasses of them.
func markdownTree(bw *bufio.Writer, r *Report) {
	fmt.Fprintf(bw, "### copycat: %s, %s (%.1f%% of %s)\n", Count(r.Stats.Classes, "clone class", "clone classes"),
		Count(r.Stats.DuplicatedLines, "duplicated line", "duplicated lines"), Percent(r.Stats), Count(r.Stats.Lines, "line", "lines"))
	if len(r.Classes) == 0 {
		return
	}
	fmt.Fprintln(bw, "\n| # | kind | copies | lines | first copy | other copies | why |")
	fmt.Fprintln(bw, "| ---: | --- | ---: | ---: | --- | --- | --- |")
	shown := r.shown()
	n := 0
	for ci, c := range r.Classes {
		if shown != nil && !shown[ci] {
			continue
		}
		n++
		var others []string
		for _, f := range c.Fragments[1:min(len(c.Fragments), 4)] {
			others = append(others, mdCellCode(fragmentAt(f)))
		}
		if len(c.Fragments) > 4 {
			others = append(others, fmt.Sprintf("and %d more", len(c.Fragments)-4))
		}
		why := mdCell(c.Signal.Reason) + driftCell(c)
		if !Listed(c) {
			// -all: as the text report ends the line of such a class.
			why += mdCell("; not listed: " + LeftOut(c))
		}
		fmt.Fprintf(bw, "| %d | %s | %d | %s | %s | %s | %s |\n", n, KindLabel(c), len(c.Fragments), linesCell(c, strconv.Itoa),
			mdCellCode(fragmentAt(c.Fragments[0])), strings.Join(others, ", "), why)
	}
	if shown != nil {
		fmt.Fprintf(bw, "\nThe first %d of %s (`-max-classes 0` lists all).\n", r.MaxClasses, Count(len(r.Classes), "class", "classes"))
	}
}

// linesWords is a class's lines in words, as linesCell says them: "16
// lines", or "16–20 lines" where its copies differ in length.
func linesWords(c fingerprint.Class) string {
	if longestLines(c) != c.Lines {
		return linesCell(c, strconv.Itoa) + " lines"
	}
	return Count(c.Lines, "line", "lines")
}

// fragmentAt is a copy's place: "a/a.go:8-27".
func fragmentAt(f fingerprint.Fragment) string {
	return placeOf(FileName(f.File), f.Start.Line, f.End.Line)
}

// placeOf names lines start to end of file: "a.go:3-40", or "a.go:167"
// for one line, where a copy the change took away from a file it edited
// is named (its lines, all removed, are a place between two): it said
// "a.go:167-167" of a copy of 43 lines.
func placeOf(file string, start, end int) string {
	if start == end {
		return fmt.Sprintf("%s:%d", file, start)
	}
	return fmt.Sprintf("%s:%d-%d", file, start, end)
}

// driftCell says, for the table's "why" cell of a drifted class, which
// copies drifted and how, as the text report says it on each: ";
// `b.go:15-31` lacks the check of a.go:19-21 (after this copy's line
// 18)", each copy's first drift, of at most three copies; "" for a class
// that did not drift. The class's reason alone ("a copy lacks the
// check") did not say which copy.
func driftCell(c fingerprint.Class) string {
	var parts []string
	more := 0
	for i, f := range c.Fragments {
		said := DriftSaid(c, i)
		switch {
		case len(said) == 0:
		case len(parts) == 3:
			more++
		default:
			parts = append(parts, mdCellCode(fragmentAt(f))+" "+mdCell(said[0]))
		}
	}
	if more > 0 {
		parts = append(parts, fmt.Sprintf("and %d more", more))
	}
	if len(parts) == 0 {
		return ""
	}
	return "; " + strings.Join(parts, "; ")
}

// mdCode writes s as a code span, with enough backticks around it that
// none inside ends it.
func mdCode(s string) string {
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// mdCellCode is mdCode for a table's cell: GFM splits a row at every |
// not escaped, inside a code span too, and reads \| there as |.
func mdCellCode(s string) string {
	return strings.ReplaceAll(mdCode(s), "|", `\|`)
}

// mdText escapes what Markdown would read as markup in plain text, and
// what GitHub reads as a mention: a file named @octocat.go (or a folder
// @org), said in a change's words, notified that user (or the team
// @org/x) of the comment the report was posted as. A zero-width space
// after each @ keeps it text, as Renovate writes mentions it does not
// mean; in code spans (mdCode) GitHub reads no mention. An & is written
// &amp;, so that &#64;octocat in a name stays text too.
func mdText(s string) string {
	return mdEscaper.Replace(s)
}

// mdCell is mdText for a table cell, whose | mdText escapes too.
func mdCell(s string) string { return mdText(s) }

var mdEscaper = strings.NewReplacer(`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "<", "&lt;", ">", "&gt;", "#", `\#`, "|", `\|`, "&", "&amp;", "@", "@&#8203;")
