package report

import (
	"bytes"

	"github.com/copycat-go/copycat/fingerprint"
)

// The HTML report sends each copy's text as it is, cut at whole lines,
// and the page highlights it when a reader opens its class (see
// goSource in assets/report.js): most classes of a large report are
// never opened, and highlighting all of them here was most of the
// report's cost.

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
