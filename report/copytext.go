package report

import (
	"bytes"
	"unicode/utf8"

	"github.com/copycat-go/copycat/fingerprint"
)

// The HTML report sends each copy's text as it is, cut at whole lines,
// and the page highlights it when a reader opens its class (see
// goSource in assets/report.js): most classes of a large report are
// never opened, and highlighting all of them here was most of the
// report's cost.

// MaxLineBytes is the longest line the HTML report shows whole. A longer
// line shows MaxLineBytes of it, and the page says how many bytes it
// leaves out: one line of a megabyte, copied into a few thousand
// fragments, made a page of gigabytes, and its highlighting and diff were
// as long.
const MaxLineBytes = 1000

// setText sets a copy's text to its lines, each line longer than
// MaxLineBytes cut to that many bytes, and its columns to those of the
// text shown. A cut line shows its start, except on the fragment's first
// line when the fragment starts past the middle of the bytes shown: there
// it shows the fragment's start (or the line's end, if that is nearer).
func (hc *htmlCopy) setText(text []byte) {
	if !hasLongLine(text) {
		hc.Text = string(text)
		return
	}
	out := make([]byte, 0, min(len(text), (hc.End-hc.Start+1)*(MaxLineBytes+1)))
	for i, line := range bytes.SplitAfter(text, []byte{'\n'}) {
		content := bytes.TrimRight(line, "\r\n")
		if len(content) <= MaxLineBytes {
			out = append(out, line...)
			continue
		}
		from := 0
		if col := hc.StartCol - 1; i == 0 && col > MaxLineBytes/2 {
			from = runeStart(content, min(col, len(content)-MaxLineBytes))
		}
		to := runeStart(content, min(from+MaxLineBytes, len(content)))
		out = append(out, content[from:to]...)
		out = append(out, line[len(content):]...)
		hc.Cuts = append(hc.Cuts, [3]int{hc.Start + i, from, len(content) - to})
		if i == 0 {
			hc.StartCol -= from
		}
		if hc.Start+i == hc.End {
			hc.EndCol = max(1, min(hc.EndCol-from, to-from+1))
		}
	}
	hc.Text = string(out)
}

// hasLongLine reports whether text has a line longer than MaxLineBytes.
func hasLongLine(text []byte) bool {
	for len(text) > MaxLineBytes {
		i := bytes.IndexByte(text, '\n')
		if i < 0 {
			return len(bytes.TrimRight(text, "\r")) > MaxLineBytes
		}
		if len(bytes.TrimRight(text[:i], "\r")) > MaxLineBytes {
			return true
		}
		text = text[i+1:]
	}
	return false
}

// runeStart moves offset i of b back to the start of the UTF-8 sequence
// it falls in.
func runeStart(b []byte, i int) int {
	for i > 0 && i < len(b) && !utf8.RuneStart(b[i]) {
		i--
	}
	return i
}

// cutCopy returns the lines of fragment f from its file's source; lines
// holds the offsets of the file's line starts.
func cutCopy(src []byte, lines []int, f fingerprint.Fragment) []byte {
	start := offsetOf(lines, len(src), f.Start.Line)
	end := offsetOf(lines, len(src), f.End.Line+1)
	return trimFinalNL(src[start:max(start, end)])
}

// lineStarts returns the offsets at which src's lines start: line l
// (1-based) at index l-1.
func lineStarts(src []byte) []int {
	offs := make([]int, 1, bytes.Count(src, []byte{'\n'})+1)
	for i := 0; ; {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			return offs
		}
		i += j + 1
		offs = append(offs, i)
	}
}

// offsetOf returns the offset at which a line starts, or the size of the
// text for a line past its end.
func offsetOf(lines []int, size, line int) int {
	if line-1 >= len(lines) || line < 1 {
		return size
	}
	return lines[line-1]
}

func trimFinalNL(b []byte) []byte {
	if n := len(b); n > 0 && b[n-1] == '\n' {
		b = b[:n-1]
		if n := len(b); n > 0 && b[n-1] == '\r' {
			b = b[:n-1]
		}
	}
	return b
}
