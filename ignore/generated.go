package ignore

import (
	"bytes"
	"regexp"
)

var generatedRE = regexp.MustCompile(`^// Code generated .* DO NOT EDIT\.$`)

// IsGenerated reports whether src is a generated Go file: one with a line
// "// Code generated … DO NOT EDIT." before its first line of code, the
// convention that go generate, protoc and friends follow. It reads the
// bytes only, so a file need not be parsed to be skipped.
func IsGenerated(src []byte) bool {
	inBlock := false
	for len(src) > 0 {
		line := src
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			line, src = src[:i], src[i+1:]
		} else {
			src = nil
		}
		line = bytes.TrimRight(line, "\r")
		trimmed := bytes.TrimSpace(line)
		switch {
		case inBlock:
			inBlock = !bytes.Contains(trimmed, []byte("*/"))
		case len(trimmed) == 0:
		case bytes.HasPrefix(trimmed, []byte("//")):
			if generatedRE.Match(line) {
				return true
			}
		case bytes.HasPrefix(trimmed, []byte("/*")):
			inBlock = !bytes.Contains(trimmed[2:], []byte("*/"))
		default:
			return false
		}
	}
	return false
}
