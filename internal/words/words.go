// Package words holds what every package that writes a message says the
// same way, below report, which the engine cannot import, and below cli,
// which cache and version cannot: counts, file kinds, and what a slip on
// the command line may stand for ("did you mean -cache?").
package words

import (
	"fmt"
	"io/fs"
	"strconv"
	"unicode/utf8"
)

// Count is n followed by the noun, singular for 1: "1 class", "3 classes".
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// Agree is the word that agrees with n things: one for 1, many for any
// other number ("1 class was", "2 classes were").
func Agree(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// FileKind names the type of a file that is not a regular one, for a
// warning: "named pipe", "character device".
func FileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "directory"
	case m&fs.ModeNamedPipe != 0:
		return "named pipe"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeCharDevice != 0:
		return "character device"
	case m&fs.ModeDevice != 0:
		return "device"
	}
	return "irregular file"
}

// ExcerptLen is the most bytes of a line of input an error quotes.
const ExcerptLen = 80

// Excerpt is the start of s that a message quotes: s itself when it is at
// most ExcerptLen bytes, else its first ExcerptLen bytes, cut where a rune
// starts, and "…". A line of input may be 64 KiB of anything (a binary
// file named for a text one), which quoted whole made a message of
// hundreds of kilobytes.
func Excerpt(s string) string {
	if len(s) <= ExcerptLen {
		return s
	}
	n := ExcerptLen
	for n > ExcerptLen-utf8.UTFMax && n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// PathLen is the most bytes of a path a message quotes whole.
const PathLen = 512

// Path is a path as a message quotes it: p itself when it is at most
// PathLen bytes, else its first and last 120 bytes, cut where runes
// start, around "…", and its length. A tree may hold a path longer than
// the system opens (4,096 bytes on Linux), which quoted whole made one
// line of the error as long.
func Path(p string) string {
	if len(p) <= PathLen {
		return p
	}
	head, tail := 120, len(p)-120
	for head > 0 && !utf8.RuneStart(p[head]) {
		head--
	}
	for tail < len(p) && !utf8.RuneStart(p[tail]) {
		tail++
	}
	return fmt.Sprintf("%s…%s (a path of %d bytes)", p[:head], p[tail:], len(p))
}
