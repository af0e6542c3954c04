// Package words holds what every package that writes a message says the
// same way, below report, which the engine cannot import, and below cli,
// which cache and version cannot: counts, file kinds, and what a slip on
// the command line may stand for ("did you mean -cache?").
package words

import (
	"io/fs"
	"strconv"
)

// Count is n followed by the noun, singular for 1: "1 class", "3 classes".
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
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
