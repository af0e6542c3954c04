// Package near holds a copy that was edited after the paste: a guard
// added and a condition changed. Only -near reports it, as divergent: the
// added guard is in one copy only.
package near

import "strings"

func fields(s string) []string { // want `duplicate of near/a.go:29-51 \(near \d+%, \d+ tokens, 2 copies; drifted: a copy lacks the [a-z ]+\); lacks the [a-z ]+ of near/a.go:30-32 \(after this copy's line \d+\)`
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

func words(s string) []string { // want `duplicate of near/a.go:8-27 \(near \d+%, \d+ tokens, 2 copies; drifted: a copy lacks the [a-z ]+\); the other copy lacks this one's guard \(lines 30-32\)`
	if strings.TrimSpace(s) == "" {
		return nil
	}
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
