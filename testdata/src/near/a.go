// Package near holds a copy that was edited after the paste: a statement
// added and a condition changed. Only -near reports it.
package near

import "strings"

func fields(s string) []string { // want `duplicate of a.go:28-48 \(near \d+%, \d+ tokens, 2 copies\)`
	var out []string
	start := -1
	for i, r := range s {
		if r == ' ' || r == '\t' {
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

func words(s string) []string { // want `duplicate of a.go:7-26 \(near \d+%, \d+ tokens, 2 copies\)`
	s = strings.ToLower(s)
	var out []string
	start := -1
	for i, r := range s {
		if r == ' ' || r == ',' || r == '\t' {
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}
