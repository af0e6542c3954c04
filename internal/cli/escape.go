package cli

import (
	"fmt"
	"io"
)

// A controlEscaper is the standard error of a run: the control bytes of
// what is written to it (ESC, CR, BEL and the others, DEL), but for
// newlines and tabs, are written as Go escapes them (\x1b, \r), so that a
// message quoting the run's own arguments (an -o, a -baseline that
// cannot be opened, an argument that is no command) cannot drive the
// terminal or forge a line, as the names a tree holds already cannot
// (report.FileName). The progress bar, which draws with \r and ESC [K on
// a terminal, writes to the writer underneath (w).
type controlEscaper struct{ w io.Writer }

func (e controlEscaper) Write(p []byte) (int, error) {
	clean := true
	for _, b := range p {
		if control(b) {
			clean = false
			break
		}
	}
	if clean {
		return e.w.Write(p)
	}
	out := make([]byte, 0, len(p)+16)
	for _, b := range p {
		if control(b) {
			out = fmt.Appendf(out, `\x%02x`, b)
			continue
		}
		out = append(out, b)
	}
	if _, err := e.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// control reports whether b is a control byte a message must not carry
// as it is: any of ASCII's but newline and tab.
func control(b byte) bool { return b < 0x20 && b != '\n' && b != '\t' || b == 0x7f }

// escaping returns stderr as a controlEscaper, once.
func escaping(stderr io.Writer) io.Writer {
	if _, ok := stderr.(controlEscaper); ok {
		return stderr
	}
	return controlEscaper{stderr}
}

// unescaped is the writer under a controlEscaper, for the progress bar.
func unescaped(w io.Writer) io.Writer {
	if e, ok := w.(controlEscaper); ok {
		return e.w
	}
	return w
}
